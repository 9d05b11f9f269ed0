"""dispatch: the heuristic dispatcher (CacheRAG Algorithm 3) judges the subgraph COMPLETE or not.

It only judges and proposes; the conditional edge after it enforces the hop bound.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import QAState
from cacherag.nodes.grounded import choosing_hop, judge
from cacherag.nodes.reasoners.base import DispatchDecision, PlanView
from cacherag.nodes.reasoners.grounding import Asked, misfits
from cacherag.nodes.subgraph import top_nodes

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

FRONTIER_SHOWN = 50


def dispatch(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    res = resources(Context.of(runtime))
    plan = state["plan"]
    frontier = state.get("frontier") or {}
    # A plan adapted from a remembered one, composed from remembered statements or replayed from edge memory
    # counts as remembered when it fits what the question names and every hop is grounded (else it is judged
    # like a compiled plan and may still be extended); remembered plans that reached nodes skip this node.
    steps = plan.get("steps", [])
    asked = Asked.of(state["question"], state["isr"])
    refusal = functools.cache(lambda: judge(res, state["question"], state["isr"], steps,
                                            state["topic"]["node"], asked))  # type: ignore[index]
    from_cache = plan.get("source") in ("adapted", "composed", "replayed") and not misfits(
        steps, asked, res.view.relation_labels) and refusal() is None
    shown = top_nodes(frontier, FRONTIER_SHOWN)
    view = PlanView(
        question=state["question"], isr=state["isr"], topic=state["topic"]["node"],  # type: ignore[index]
        steps=plan.get("steps", []), from_cache=from_cache,
        frontier=frontier if plan.get("steps") else {},
        frontier_labels=res.view.labels_of(shown) if not from_cache else {},
        # A plan that counts as remembered needs no schema look-up.
        frontier_schema=res.view.frontier_schema(shown) if not from_cache and plan.get("steps") else [],
        subgraph=state.get("subgraph", []), source=plan.get("source", ""),
        graph=res.view,
    )
    decision = res.reasoner.dispatch(view)
    verdict = decision.value
    if verdict.complete and refusal() is not None:  # whichever reasoner judged, the same rule decides
        hop = choosing_hop(res, state["question"], state["isr"], state["topic"]["node"], steps)  # type: ignore[index]
        verdict = (DispatchDecision(False, "depth", hop, f"the alternatives offered are values of '{hop['label']}'")
                   if hop else DispatchDecision(False, "breadth", None, refusal()))  # type: ignore[arg-type]
    return {
        "verdict": "COMPLETE" if verdict.complete else "INCOMPLETE",
        "next_op": verdict.next_op,
        "next_step": verdict.next_step,
        "reason": verdict.reason,
        # A remembered plan is accepted by the rule above, not by a decision of the reasoner.
        "trace": {**decision.cost(), "reasoner_calls": 0 if from_cache else 1},
    }
