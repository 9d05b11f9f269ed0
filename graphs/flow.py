"""The question-answering pipeline as plain data: its nodes, the routes between them and the wrapper that times
each step (CacheRAG Algorithm 1). LangGraph's ``StateGraph`` is built from it (``graphs/qa.py``), and the shell runs
the same nodes and routes without LangGraph's runtime (``graphs/direct.py``): importing LangGraph takes longer than
a remembered answer.

parse_isr → retrieve_plans → replay (ReMindRAG memory replay) → compile_query → execute, then a remembered
plan that reached nodes goes straight to summarize (a hit is reused as is) and any other plan to dispatch.
A path replayed from edge memory goes straight to execute and dispatch; judged incomplete, planning runs
after all (compile_query). A replayed path the judge refuses leaves the plan cache to compile_query, and on a
miss the question goes on with guided traversal, not with planning from scratch (ReMindRAG §3.2.2). From
dispatch:
  COMPLETE → summarize → memorize (only when the context learns);
  INCOMPLETE and hops < K_depth → expand_depth (the edge the dispatcher named) or, on a miss, traverse (guided
  traversal, one step per run, at most traversal_steps) | expand_breadth (with traversal off) → dispatch;
  INCOMPLETE at the bound, or the traversal stopped → fallback.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import QAState
from cacherag.nodes.compile_query import AFTER_MISS, compile_query
from cacherag.nodes.dispatch import dispatch
from cacherag.nodes.execute import execute
from cacherag.nodes.expand_breadth import expand_breadth
from cacherag.nodes.expand_depth import expand_depth
from cacherag.nodes.fallback import fallback
from cacherag.nodes.memorize import memorize
from cacherag.nodes.parse_isr import parse_isr
from cacherag.nodes.reasoners import usage
from cacherag.nodes.replay import replay
from cacherag.nodes.retrieve_plans import retrieve_plans
from cacherag.nodes.summarize import summarize
from cacherag.nodes.traverse import traverse
from cacherag.tools.errors import QueryTimeoutError
from cacherag.tools.kg import question_deadline

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

END = "__end__"  # LangGraph's END (a test holds them equal): the run ends after the node that routes here
FIRST = "parse_isr"
MAX_STEPS = 1000  # the routes bound every loop (hops, traversal steps); this only stops a routing bug

Node = Callable[[QAState, "Runtime[Context]"], dict[str, Any]]


class Run(Protocol):
    """What a route reads of the run (LangGraph's ``Runtime``, or ``direct.StepRuntime``): its context. LangGraph
    resolves a route's type hints when the graph is built, and this module does not import it."""

    context: Context


Route = Callable[..., str]  # takes the state, and the runtime as ``runtime=`` when it has that parameter


def timed(node: Node) -> Node:
    """Record the node's wall time (ms) and what it spent on the LLM in the trace; run its queries within the
    question's budget, and when a query is stopped, mark the run ``stopped`` (the edges then lead to fallback)."""

    @functools.wraps(node)
    def run(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        start = time.perf_counter()
        # parse_isr starts the question's clock; what it reads is the previous question's deadline
        deadline = None if node.__name__ == "parse_isr" else state.get("deadline")
        with usage.ledger() as spent, question_deadline(deadline, Context.of(runtime).question_timeout_s):
            try:
                update = node(state, runtime)
            except QueryTimeoutError as exc:
                update = stopped(node.__name__, exc)
        elapsed = round((time.perf_counter() - start) * 1000, 3)
        trace = {**(update.get("trace") or {}), **spent.trace(node.__name__)}
        trace["node_ms"] = {node.__name__: elapsed}
        trace["node_runs"] = {node.__name__: 1}
        return {**update, "trace": trace}

    return run


def stopped(node: str, exc: QueryTimeoutError) -> dict[str, Any]:
    """The update of a step whose query was stopped; after summarize the answer stands, only learning is lost."""
    if node == "memorize":
        return {"trace": {"stopped": f"memorize: {exc}"}}
    return {"stopped": node, "reason": f"the knowledge graph did not answer in time ({exc}, at {node})",
            "trace": {"stopped": f"{node}: {exc}"}}


def then(target: str) -> Callable[[QAState], str]:
    """The edge to ``target``, or to fallback once a step was stopped."""

    def route(state: QAState) -> str:
        return "fallback" if state.get("stopped") else target

    route.__name__ = f"then_{target}"
    return route


def after_parse(state: QAState) -> str:
    """Two things a question names and compares ("who is taller, <A> or <B>") are measured at once, and a thing's
    kind ("is <E> a planet") or names ("the French label of <E>") are looked up: no plan."""
    if not state.get("mentions") or state.get("stopped"):
        return "fallback"
    isr = state["isr"]
    looked_up = (isr.get("ordered_by") or {}).get("among") or isr.get("is_a") or isr.get("labels_asked")
    return "summarize" if looked_up else "retrieve_plans"


def after_replay(state: QAState) -> str:
    if state.get("stopped"):
        return "fallback"
    return "execute" if state["plan"].get("source") == "replayed" else "compile_query"


def after_compile(state: QAState) -> str:
    """A refused replayed path compile_query hands on (the plan memory had no hit) goes on with guided
    traversal; a replay that waited for a plan-cache hit that did not come runs now; any plan compile_query
    made is executed."""
    if state.get("stopped"):
        return "fallback"
    if (state.get("traversal") or {}).get("replay") == AFTER_MISS:
        return "replay"
    return "traverse" if state["plan"].get("source") == "replayed" else "execute"


def after_execute(state: QAState) -> str:
    """A remembered plan that reached nodes needs no judging (execute cuts a plan that does not and files it
    as compiled), and skipping the dispatcher's super-step keeps a cache hit cheap."""
    if state.get("stopped"):
        return "fallback"
    return "summarize" if state["plan"].get("source") == "cache" else "dispatch"


def after_dispatch(state: QAState, runtime: Run) -> str:
    """The bounds live here, not in the nodes: COMPLETE ends; INCOMPLETE expands while hops < K_depth."""
    ctx = Context.of(runtime)
    if state.get("stopped"):
        return "fallback"
    if state.get("verdict") == "COMPLETE":
        return "summarize"
    if state["plan"].get("source") == "replayed":  # the replayed path was a wrong hint: plan as usual
        return "compile_query"
    if state.get("hops", 0) >= ctx.k_depth:
        return "fallback"
    wanted = state.get("next_op")
    if wanted == "depth" and ctx.use_depth and state.get("next_step"):
        return "expand_depth"
    if ctx.use_traversal:
        return "traverse" if (state.get("traversal") or {}).get("steps", 0) < ctx.traversal_steps else "fallback"
    if ctx.use_breadth and resources(ctx).reasoner.reads_neighbourhoods:
        return "expand_breadth"
    return "fallback"


def after_traverse(state: QAState) -> str:
    return "fallback" if state.get("stopped") or (state.get("traversal") or {}).get("stopped") else "dispatch"


def after_summarize(state: QAState, runtime: Run) -> str:
    """Memorize only when learning: with learning off the node has nothing to do, and a LangGraph
    super-step costs about 0.4 ms, a tenth of a whole cache hit."""
    if state.get("stopped"):
        return "fallback"
    return "memorize" if Context.of(runtime).learn else END


NODES: tuple[Node, ...] = (parse_isr, retrieve_plans, replay, compile_query, execute, dispatch, expand_depth, traverse,
                           expand_breadth, summarize, memorize, fallback)

# node -> the next node, or a route and the nodes it may lead to
ROUTES: dict[str, str | tuple[Route, tuple[str, ...]]] = {
    "parse_isr": (after_parse, ("retrieve_plans", "summarize", "fallback")),
    "retrieve_plans": (then("replay"), ("replay", "fallback")),
    "replay": (after_replay, ("execute", "compile_query", "fallback")),
    "compile_query": (after_compile, ("execute", "traverse", "replay", "fallback")),
    "execute": (after_execute, ("summarize", "dispatch", "fallback")),
    "dispatch": (after_dispatch, ("summarize", "compile_query", "expand_depth", "traverse", "expand_breadth",
                                  "fallback")),
    "traverse": (after_traverse, ("dispatch", "fallback")),
    "expand_depth": (then("dispatch"), ("dispatch", "fallback")),
    "expand_breadth": (then("dispatch"), ("dispatch", "fallback")),
    "summarize": (after_summarize, ("memorize", "fallback", END)),
    "memorize": END,
    "fallback": END,
}
