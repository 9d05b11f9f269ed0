"""expand_breadth: σ_breadth, a star scan of the frontier pruned to the top-K_degree predicates.

All scanned triples join the evidence; the best-ranked predicate that reached new nodes becomes the
plan's next hop, so an expanded plan stays an executable path that can be remembered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import QAState
from cacherag.nodes.expand_depth import extend_plan
from cacherag.nodes.subgraph import advance, evidence, merge_triples, top_nodes, visited_nodes

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

# The star is scanned around the best-supported frontier nodes only, K_degree neighbours per predicate.
STAR_NODES = 20


def expand_breadth(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    hop = state.get("hops", 0) + 1
    nodes = top_nodes(state.get("frontier") or {}, STAR_NODES)
    ranked = res.reasoner.rank_edges(state["question"], state["isr"], res.view.frontier_schema(nodes))
    kept = [edge for edge, _ in ranked[: ctx.k_degree]]
    star = res.view.kg.star(nodes, kept, limit=ctx.k_degree)
    visited = visited_nodes(state["topic"]["node"], state.get("subgraph", []))  # type: ignore[index]
    triples = evidence(res.view, ((src, edge.as_step(), dst, hop) for src, edge, dst in star),  # type: ignore[arg-type]
                       "breadth")
    update: dict[str, Any] = {"hops": hop, "subgraph": merge_triples(state.get("subgraph", []), triples),
                              "trace": {"breadth_predicates": len(kept)}}
    for edge in kept:
        if not any(e == edge and dst not in visited for _, e, dst in star):
            continue
        step = edge.as_step()
        frontier = advance(state["frontier"], res.view.kg.follow(nodes, step), visited)  # type: ignore[arg-type]
        if frontier:
            update["frontier"] = frontier
            update["plan"] = extend_plan(state["plan"], step, res.view.kg.follow_query(nodes, step))  # type: ignore[arg-type]
            return update
    update["reason"] = "the neighbourhood scan reached no new node"
    return update
