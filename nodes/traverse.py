"""traverse: guided traversal on a miss (ReMindRAG §3.1, Appendix B.3) instead of a breadth scan.

The current position is the plan's path from the topic (its end nodes are the current nodes). Each run is
one step and one reasoner decision (one LLM call with the LLM reasoner, Table 12's combined exploration and
exploitation): forward — follow one untried edge of the current nodes (the plan grows by that hop) —,
backward — return to a shorter visited path, from which another edge looks more promising (nothing gathered
is dropped) — or stop. The offline reasoner decides from the question's words and the edge memory. The
dispatcher and its judge decide after every step, as after any expansion; the conditional edges bound the
number of steps (``Context.traversal_steps``) and the hops (K_depth).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, edges_for, resources
from cacherag.graphs.state import Plan, QAState, Step
from cacherag.memory.text import topic_span
from cacherag.nodes.compile_query import masked_question
from cacherag.nodes.expand_depth import extend_plan
from cacherag.nodes.reasoners.base import TraversalView
from cacherag.nodes.reasoners.grounding import asks_sharing, content_terms, lexical_score, says_chain, timed_first
from cacherag.nodes.replay import embedded
from cacherag.nodes.subgraph import advance, evidence, merge_triples, top_nodes
from cacherag.tools.kg import SchemaEdge

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

CURRENT_NODES = 20  # the best-supported current nodes a step looks around


def _key(position: int, predicate: str, inverse: bool) -> str:
    return f"{position}|{predicate}|{int(inverse)}"


def _ends(res: Resources, topic: str, steps: list[Step]) -> dict[str, float]:
    """The nodes a path from the topic reaches, with their number of supporting paths."""
    if not steps:
        return {topic: 1.0}
    return {n: float(c) for n, c in Counter(path[-1] for path in res.view.paths(topic, steps)).items()}


def _remembered(ctx: Context, res: Resources, state: QAState, nodes: list[str]) -> dict[tuple[str, bool], float]:
    """Per edge (predicate, direction) around ``nodes``: the highest weight eq. 2 can give a remembered edge
    of it, α + (1 − α)·q·v, where that can pass λ (edges never remembered cannot)."""
    memory = edges_for(ctx)
    incident = [(node, edge, vector) for node in nodes for edge, vector in memory.incident(res.domain, node)]
    if not ctx.use_edge_memory or not incident:
        return {}
    query = embedded(masked_question(state), ctx)
    best: dict[tuple[str, bool], float] = {}
    for node, edge, vector in incident:
        weight = ctx.replay_alpha + (1 - ctx.replay_alpha) * float(query @ vector)
        key = (edge.p, edge.o == node and edge.s != node)
        if weight > ctx.replay_lambda and weight > best.get(key, 0.0):
            best[key] = weight
    return best


def traverse(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    topic = state["topic"]["node"]  # type: ignore[index]
    walk = dict(state.get("traversal") or {})
    path: list[Step] = list(state["plan"].get("steps", []))
    # The hops of the current path were followed from their positions, whichever node planned them.
    tried = {*walk.get("tried", []), *(_key(k, s["predicate"], s["inverse"]) for k, s in enumerate(path))}
    words = Counter(content_terms(state["question"]))
    # (a question asking what shares a relation with the topic goes there and back by design, and a chain of relations
    # by "of" or possessives may: "the dad of the children of <E>")
    question, mention = state["question"], state["isr"].get("topic_mention", "")
    back_allowed = says_chain(question, state["isr"]) or asks_sharing(question, topic_span(question, mention))

    def untried(position: int, nodes: list[str]) -> list[SchemaEdge]:
        """Edges forward from a position not followed from it yet, the ones the question names first; not one
        walking back along the hop that led there, unless the question allows it (see grounded._there_and_back)."""
        if position >= ctx.k_depth:
            return []
        edges = [e for e in res.view.frontier_schema(nodes) if _key(position, e.predicate, e.inverse) not in tried
                 and (back_allowed or not position or not res.view.goes_back(path[position - 1], e.as_step()))]
        ranked = sorted(((e, lexical_score(e.label, words)) for e in edges),
                        key=lambda pair: (-pair[1], -pair[0].count, pair[0].label))
        # of edges named alike, one reaching a time first when it asks when (a place first for "where")
        return [e for e, _ in timed_first(res.view, state["question"], nodes, ranked[: ctx.k_degree])]

    nodes = top_nodes(state.get("frontier") or {topic: 1.0}, CURRENT_NODES)
    options = untried(len(path), nodes)
    positions = [path[:k] for k in range(len(path))]
    view = TraversalView(
        question=state["question"], isr=state["isr"], path=path, frontier_labels=res.view.labels_of(nodes),
        options=options, remembered=_remembered(ctx, res, state, nodes), positions=positions,
        position_options=[untried(k, top_nodes(_ends(res, topic, p), CURRENT_NODES)) for k, p in enumerate(positions)],
        subgraph=state.get("subgraph", []))
    decision = res.reasoner.traverse(view)
    step = decision.value
    walk["steps"] = int(walk.get("steps", 0)) + 1
    update: dict[str, Any] = {"trace": {**decision.cost(), "traversal_steps": 1, "reasoner_calls": 1}}
    if step.action == "forward" and step.option is not None:
        edge = options[step.option]
        tried.add(_key(len(path), edge.predicate, edge.inverse))
        move = edge.as_step()
        pairs = res.view.kg.follow(nodes, move)
        # Only the current path's nodes are behind it: a node an abandoned path (or a refused plan) reached may
        # still be an answer of this one.
        behind = {node for walked in res.view.paths(topic, path) for node in walked} if path else {topic}
        frontier = advance(state.get("frontier") or {topic: 1.0}, pairs, behind)
        if frontier:
            hop = len(path) + 1
            update |= {"hops": hop, "frontier": frontier, "reason": step.reason,
                       "plan": extend_plan(state["plan"], move, res.view.kg.follow_query(nodes, move)),  # type: ignore[arg-type]
                       "subgraph": merge_triples(state.get("subgraph", []),
                                                 evidence(res.view, ((src, move, dst, hop) for src, dst in pairs  # type: ignore[arg-type]
                                                                     if dst in frontier), "traverse"))}
        else:
            update["reason"] = f"following '{edge.label}' reached no new node"
    elif step.action == "backward" and step.position is not None:
        back = positions[step.position]
        update |= {"hops": len(back), "frontier": _ends(res, topic, back), "reason": step.reason,
                   "plan": Plan(steps=back, sparql=[res.view.kg.path_query(topic, back)] if back else [],
                                source="expanded")}
    else:  # the dispatcher's reason (what the question asks that nothing answers) stays the one shown
        walk["stopped"] = True
    walk["tried"] = sorted(tried)
    update["traversal"] = walk
    return update
