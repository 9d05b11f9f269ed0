"""expand_depth: σ_depth, the index nested-loop join of the frontier with the dispatcher's next edge."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import Plan, QAState, Step
from cacherag.nodes.subgraph import advance, evidence, merge_triples, top_nodes, visited_nodes
from cacherag.tools.kg import turns_back

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

MAX_FRONTIER = 1000


def extend_plan(plan: Plan, step: Step, sparql: str) -> Plan:
    return Plan(steps=[*plan.get("steps", []), step], sparql=[*plan.get("sparql", []), sparql],
                source="expanded")


def expand_depth(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    res = resources(Context.of(runtime))
    step: Step = state["next_step"]  # type: ignore[assignment]
    hop = state.get("hops", 0) + 1
    nodes = top_nodes(state.get("frontier") or {}, MAX_FRONTIER)
    pairs = res.view.kg.follow(nodes, step)
    visited = visited_nodes(state["topic"]["node"], state.get("subgraph", []))  # type: ignore[index]
    frontier = advance(state["frontier"], pairs, visited)
    previous = (state["plan"].get("steps") or [None])[-1]
    if not frontier and previous is not None and not turns_back(previous, step):
        # A chain may lead back where it has been ("<E> 's parents 's children" are <E> and any siblings): the
        # hop is what the question names, so the nodes it reaches are its answers; only going straight back
        # along the last hop asks for what else shares it, never the node it came from.
        frontier = advance(state["frontier"], pairs, set())
    if not frontier:
        return {"hops": hop, "reason": f"following '{step['label']}' reached no new node"}
    triples = evidence(res.view, ((src, step, dst, hop) for src, dst in pairs if dst in frontier), "depth")
    return {
        "hops": hop,
        "frontier": frontier,
        "plan": extend_plan(state["plan"], step, res.view.kg.follow_query(nodes, step)),
        "subgraph": merge_triples(state.get("subgraph", []), triples),
    }
