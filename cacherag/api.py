"""The public Python API: ``CacheRAG(kg).ask(question) -> Answer``."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import pyoxigraph as ox
from pydantic import BaseModel, Field

from cacherag.graphs.context import Context
from cacherag.graphs.resources import (
    edges_for,
    flush_request_caches,
    memory_for,
    register_chat_model,
    register_embeddings,
    release,
    resources,
    retain,
    statements_for,
)
from cacherag.memory.embeddings import identity
from cacherag.memory.text import clipped
from cacherag.tools.errors import ConfigurationError
from cacherag.tools.kg import KnowledgeGraph, QueryResult
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.sources import fingerprint, kg_domain, register_kg

if TYPE_CHECKING:  # imported where used: a shell question needs neither rdflib nor routing nor a chat model
    from langchain_core.embeddings import Embeddings
    from langchain_core.language_models import BaseChatModel
    from rdflib import Graph

    from cacherag.graphs.routing import Router

    KGLike = str | Graph | ox.Store | KnowledgeGraph

_ids = itertools.count(1)
SHOWN_CHARS = 10_000  # the longest text the command line shows of one value (see Answer.shown)


def _cut(value: Any, limit: int) -> Any:
    if isinstance(value, str):
        return clipped(value, limit)
    if isinstance(value, dict):
        return {k: _cut(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [_cut(v, limit) for v in value]
    return value


class RankedAnswer(BaseModel):
    label: str
    node: str
    score: float = Field(description="Number of supporting paths in the subgraph.")


class Evidence(BaseModel):
    subject: str
    predicate: str
    object: str
    text: str = Field(description="'subject —predicate→ object' with readable labels.")
    hop: int
    source: str = Field(description="Which operator found it: plan, depth or breadth; 'passage' for the text of a "
                                    "document chunk stating other evidence (its object is the text).")


class Answer(BaseModel):
    """What cacherag answered, with the SPARQL that ran, the evidence and what it cost."""

    question: str
    status: Literal["answered", "missing"]
    answer: str
    answers: list[RankedAnswer] = Field(default_factory=list)
    total: int = Field(default=0, description=(
        "How many answers the graph holds for the plan; more than 'answers' lists when Context.max_answers cut "
        "them."))
    reason: str = ""
    topic: str | None = None
    plan: list[dict[str, Any]] = Field(default_factory=list)
    plan_source: str | None = None
    sparql: list[str] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    trace: dict[str, Any] = Field(default_factory=dict)
    resolved_from: dict[str, Any] | None = Field(default=None, description=(
        "On a thread, for a follow-up that named no entity: the earlier question and the entity (its topic "
        "or its answer) the follow-up's pronoun was read as."))

    @property
    def plan_cache_hit(self) -> bool:
        return bool(self.trace.get("plan_cache_hit"))

    @property
    def llm_calls(self) -> int:
        return int(self.trace.get("llm_calls", 0))

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Answer:
        plan = state.get("plan") or {}
        topic = state.get("topic")
        return cls(
            question=state["question"],
            status=state.get("status", "missing"),
            answer=state.get("answer", ""),
            answers=[RankedAnswer(**a) for a in state.get("answers", [])],
            total=state.get("total", len(state.get("answers", []))),
            reason=state.get("reason", ""),
            topic=topic["label"] if topic else None,
            plan=list(plan.get("steps", [])),
            plan_source=plan.get("source"),
            sparql=list(plan.get("sparql", [])),
            evidence=[
                Evidence(subject=t["s"], predicate=t["p"], object=t["o"],
                         text=f"{t['s_label']} —{t['p_label']}→ {t['o_label']}", hop=t["hop"], source=t["source"])
                for t in [*state.get("subgraph", []), *state.get("passages", [])]
            ],
            trace=dict(state.get("trace") or {}),
            resolved_from=state.get("resolved_from"),
        )

    def shown(self, limit: int = SHOWN_CHARS) -> Answer:
        """This answer with every text longer than ``limit`` characters cut there and marked ("… [N more
        characters]"): what the command line prints, so a 50 MB literal cannot flood a terminal or a pipe.
        The Python API's answer itself is never cut."""
        return Answer.model_validate(_cut(self.model_dump(), limit))


def _is_rdflib_graph(kg: object) -> bool:
    return type(kg).__module__.startswith("rdflib") and hasattr(kg, "triples")


def _as_kg(kg: str | Graph | ox.Store | KnowledgeGraph) -> str:
    """A spec string for ``kg``; objects are registered under their identity (the default memory domain).

    An rdflib ``Graph`` or a pyoxigraph ``Store`` is named by a fingerprint of its content, an endpoint
    backend by its URL, any other backend object by its name and a process-wide counter.
    """
    if isinstance(kg, str):
        return kg
    if isinstance(kg, ox.Store):
        return register_kg(fingerprint(kg), OxigraphKG(kg, fingerprint(kg)))
    if _is_rdflib_graph(kg):
        from cacherag.tools.rdflib_backend import RdflibKG

        name = fingerprint(kg)  # type: ignore[arg-type]
        return register_kg(name, RdflibKG(kg, name))  # type: ignore[arg-type]
    endpoint = getattr(kg, "endpoint", None)
    return register_kg(kg_domain(endpoint) if isinstance(endpoint, str) else f"{kg.name}-{next(_ids)}", kg)


class CacheRAG:
    """Question answering over one knowledge graph — or several, routed — remembering what worked.

    >>> rag = CacheRAG("demo", memory_dir=tmp_memory)
    >>> rag.ask("Who directed The Matrix?").answers[0].label in {"Lana Wachowski", "Lilly Wachowski"}
    True

    With ``kgs={"movies": …, "people": …}`` each question is routed to one graph by the graphs'
    descriptions (``descriptions``, editable with ``describe``); each graph's plans live in its own domain
    (the graph's identity, as for one graph; ``domain=`` names one domain for them all).
    ``route_updates=False`` keeps the descriptions as generated (the ablation of A.7's updates).
    ``preload=False`` leaves importing LangGraph and opening the memories to the first question (see :meth:`preload`).

    ``model`` and ``embeddings`` take a provider string ('openai:gpt-4o-mini', 'openai:text-embedding-3-small')
    or a LangChain object; each embedding model keeps memories of its own.
    """

    def __init__(self, kg: KGLike | None = None, *, kgs: Mapping[str, KGLike] | None = None,
                 model: str | BaseChatModel = "offline", embeddings: str | Embeddings = "offline",
                 route_updates: bool = True, preload: bool = True, **context: Any) -> None:
        if not isinstance(model, str):  # a LangChain chat model object
            model = register_chat_model(f"chat-model-{next(_ids)}", model)
        if not isinstance(embeddings, str):  # a LangChain Embeddings object: its memories are keyed by what it is
            embeddings = register_embeddings(identity(embeddings), embeddings)
        context["embeddings"] = embeddings
        self.router: Router | None = None
        if kgs:
            from cacherag.graphs.routing import Router

            if kg is not None:
                raise ConfigurationError("pass either kg or kgs, not both")
            domain = context.pop("domain", None)
            contexts = {name: Context(kg=_as_kg(spec), model=model, domain=domain, **context)
                        for name, spec in kgs.items()}
            self.router = Router(contexts, update=route_updates)
            self.context = next(iter(contexts.values()))
        else:
            self.context = Context(kg=_as_kg("demo" if kg is None else kg), model=model, **context)
        self._threads: Any = None  # the graph with an in-memory checkpointer, made at the first threaded ask
        self._closed = False
        for ctx in self._contexts():
            retain(ctx)
        if preload:
            self.preload()

    @property
    def graph(self) -> Any:
        """The compiled LangGraph graph that answers (imported at first use: ``cacherag ask`` runs the same nodes
        without LangGraph, see ``graphs/direct.py``)."""
        from cacherag.graphs.qa import graph

        return graph

    def preload(self) -> None:
        """Do now what the first question would otherwise pay for: import the LangGraph graph and open the memories
        and their Chroma store (~1.3 s to import; the engine's writes then go to Chroma directly), so that each
        question's time is its own. Nothing here reads the knowledge graph: a graph that cannot be read is still
        reported by the question that reads it. ``CacheRAG(..., preload=False)`` leaves it to the questions
        (``cacherag ask`` does: a question needs neither LangGraph nor Chroma, and what it learns is journaled,
        see README "Where memories live")."""
        _ = self.graph
        for ctx in self._contexts():
            memory_for(ctx).open_store()
            statements_for(ctx).open_store()
            if ctx.use_edge_memory:
                edges_for(ctx).open_store()

    def _contexts(self) -> list[Context]:
        return list(self.router.contexts.values()) if self.router is not None else [self.context]

    def ask(self, question: str, *, thread_id: str | None = None) -> Answer:
        """Answer one question (unknown entities give status 'missing' with a reason, not an error).

        Questions asked with the same ``thread_id`` form a conversation: a follow-up that names no entity ("and
        who wrote it?") is about the previous question's topic or answer (see ``Answer.resolved_from``).
        """
        if thread_id is not None:
            if self.router is not None:
                raise ConfigurationError("threads are not supported over several routed graphs")
            if self._threads is None:
                from langgraph.checkpoint.memory import InMemorySaver

                from cacherag.graphs.qa import build_graph

                self._threads = build_graph(InMemorySaver())
            state = self._threads.invoke({"question": question}, context=self.context,
                                         config={"configurable": {"thread_id": thread_id}})
            return Answer.from_state(state)
        if self.router is None:
            return Answer.from_state(self.graph.invoke({"question": question}, context=self.context))
        routed = self.router.ask(question, lambda ctx: self.graph.invoke({"question": question}, context=ctx))
        answer = Answer.from_state(routed.state)
        answer.trace.update(routed.trace())
        for key, value in routed.cost.items():
            answer.trace[key] = answer.trace.get(key, 0) + value
        return answer

    async def aask(self, question: str) -> Answer:
        if self.router is not None:
            import asyncio  # (only here: a question from the shell has no event loop to import it for)

            return await asyncio.to_thread(self.ask, question)
        return Answer.from_state(await self.graph.ainvoke({"question": question}, context=self.context))

    def batch(self, questions: Sequence[str], max_concurrency: int | None = None, *,
              reorder: bool = False, return_exceptions: bool = False) -> list[Answer] | list[Answer | Exception]:
        """Answer ``questions``; the answers come back in the caller's order.

        ``reorder``: answer them one after another in Mnemosyne's cache-aware order (questions about the same
        entities side by side, those sharing no entity with any other without the request caches). Over
        several graphs they are answered in order: each routed answer may update the descriptions.
        ``return_exceptions``: as LangChain's ``Runnable.batch`` — a question that raises holds its exception in
        the list instead of stopping the batch (the others are answered all the same).
        """
        if self.router is not None:
            return [self.ask_or_fail(q, return_exceptions) for q in questions]
        if reorder:
            from cacherag.batching import answer_in_cache_order

            return answer_in_cache_order(self, questions, return_exceptions)
        # (Runnable.batch gives each run a config of its own, which would set LangGraph's default step limit again)
        config = {**self.graph.config, **({"max_concurrency": max_concurrency} if max_concurrency else {})}
        states = self.graph.batch([{"question": q} for q in questions], context=self.context, config=config,
                                  return_exceptions=return_exceptions)
        return [s if isinstance(s, Exception) else Answer.from_state(s) for s in states]

    def ask_or_fail(self, question: str, return_exceptions: bool) -> Answer | Exception:
        """``ask``; with ``return_exceptions`` an exception it raises is returned instead (as ``batch`` holds it)."""
        try:
            return self.ask(question)
        except Exception as exc:
            if not return_exceptions:
                raise
            return exc

    @property
    def descriptions(self) -> dict[str, str]:
        """Each routed graph's description as the router reads it (empty for a single graph)."""
        if self.router is None:
            return {}
        return {name: d.render() for name, d in self.router.descriptions.items()}

    def describe(self, name: str, text: str) -> None:
        """Replace the description of the routed graph ``name``."""
        if self.router is None:
            raise ConfigurationError("descriptions exist only for CacheRAG(kgs={...})")
        self.router.set_description(name, text)

    def query(self, sparql: str) -> QueryResult:
        """Run a read-only SPARQL query (writes and SERVICE are refused; a LIMIT is always applied)."""
        return resources(self.context).view.kg.query(sparql)

    @property
    def memory(self) -> Any:
        return resources(self.context).memory

    def close(self) -> None:
        """Save what the memories and request caches hold; the last engine on a memory store also closes it
        (its files and threads), so a process may open engines one after another. Closing twice is harmless."""
        if self._closed:
            return
        contexts = self._contexts()
        for memory in {id(m): m for m in (resources(ctx).memory for ctx in contexts)}.values():
            memory.flush()
        for kg in {id(k): k for k in (resources(ctx).view.kg for ctx in contexts)}.values():
            flush_request_caches(kg)
        for ctx in contexts:
            release(ctx)
        self._closed = True
