"""replay: memory replay (ReMindRAG §3.2.2) — recall the edges past questions like this one walked.

From the topic entity, a thresholded search (ReMindRAG's DFS, here level by level so that a node is reached by its
nearest remembered way, stopping at the first level that holds a path serving the question, and looking at the
``replay_fanout`` strongest edges of one relation and direction at a node) follows an edge from N_from to N_to when

    w = α·sim(emb(N_from), emb(N_to)) + (1 − α)·(q·v)/‖q‖ > λ        (eq. 2, α = 0.1, λ = 0.55)

with v the edge's memory vector and q the question (topic masked), to at most K_depth hops. An edge that
never learned anything has v = 0 and w ≤ α < λ, so only remembered edges are looked at: replay reads the
edge memory, not the graph. The shortest replayed path that fits what the question names (then the best
mean w) is checked by the judge's rule (as a plan-cache hit is) and becomes the plan, which ``execute`` runs
and the dispatcher decides on like any plan: a replayed path is a hint, never an answer by itself. When no
path fits or the judge refuses it, or the dispatcher finds it incomplete, planning (and expansion) runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from cachetools import LRUCache

from cacherag.graphs.context import Context
from cacherag.graphs.resources import edges_for, embeddings, resources, text_vectors_for
from cacherag.graphs.state import Plan, QAState, Step, Topic, Triple
from cacherag.memory.edge_memory import Edge, EdgeMemory
from cacherag.memory.embeddings import unit
from cacherag.nodes.compile_query import AFTER_MISS, DEFERRED, REPLAYED, masked_question
from cacherag.nodes.grounded import judge
from cacherag.nodes.reasoners.grounding import Asked, misfits

if TYPE_CHECKING:
    from langgraph.runtime import Runtime


def no_plan() -> Plan:
    """Nothing replayed: compile_query plans."""
    return Plan(steps=[], sparql=[], source="compiled")


_questions: LRUCache[tuple[str, str], np.ndarray] = LRUCache(maxsize=8192)  # (model, question)


def embedded(question: str, ctx: Context) -> np.ndarray:
    """The unit embedding of a (masked) question, remembered (LRU): replay and memorize share it."""
    key = (ctx.embeddings, question)
    if key not in _questions:
        _questions[key] = unit(embeddings(ctx).embed_query(question))
    return _questions[key]


def label_vectors(labels: list[str], ctx: Context) -> list[np.ndarray]:
    """Unit embeddings of node labels, kept across processes (see :class:`~cacherag.memory.vectors.TextVectors`)."""
    return text_vectors_for(ctx).unit_vectors(embeddings(ctx), labels)


@dataclass(frozen=True)
class Replayed:
    """One replayed hop: the edge, walked from ``src`` to ``dst``, its weight w and the path's depth."""

    edge: Edge
    src: str
    dst: str
    weight: float
    depth: int

    @property
    def inverse(self) -> bool:
        return self.edge.o == self.src and self.edge.s != self.src


def replay_edges(memory: EdgeMemory, domain: str, topic: str, query: np.ndarray,
                 similarity: Callable[[str, list[str]], list[float]], *, alpha: float, lam: float,
                 max_depth: int, fanout: int | None = None,
                 enough: Callable[[list[Replayed]], bool] | None = None) -> list[Replayed]:
    """Eq. 2's thresholded search from ``topic``, level by level (each node at the depth nearest the topic: a
    remembered hop of its own is not lost behind a longer way there), ``similarity(node, others)`` being
    sim(emb(node), emb(other)); it stops at the first level after which ``enough`` holds of what it found (a
    path that serves the question: a longer one never wins, and a hub's hundreds of remembered edges further
    out would cost an embedding each). At a node, at most ``fanout`` edges of one relation and direction are looked
    at, the strongest remembered first."""
    visited = {topic}
    found: list[Replayed] = []
    level = [topic]
    for depth in range(max_depth):
        reached: list[str] = []
        for node in level:
            candidates: list[tuple[Edge, str, float]] = []
            for edge, vector in memory.incident(domain, node):
                other = edge.o if edge.s == node else edge.s
                remembered = (1 - alpha) * float(query @ vector)
                if other not in visited and remembered + alpha > lam:  # else it cannot pass, whatever sim is
                    candidates.append((edge, other, remembered))
            if fanout is not None:
                candidates = _strongest(candidates, node, fanout)
            if not candidates:
                continue
            sims = similarity(node, [other for _, other, _ in candidates])  # one batch per visited node
            for (edge, other, remembered), sim in zip(candidates, sims, strict=True):
                weight = alpha * sim + remembered
                if weight > lam and other not in visited:
                    visited.add(other)
                    found.append(Replayed(edge, node, other, weight, depth + 1))
                    reached.append(other)
        if not reached or enough is not None and enough(found):
            break
        level = reached
    return found


def _strongest(candidates: list[tuple[Edge, str, float]], node: str, fanout: int) -> list[tuple[Edge, str, float]]:
    """Of a node's candidate edges, the ``fanout`` strongest remembered of each relation and direction, in the
    order they came."""
    counted: Counter[tuple[str, bool]] = Counter()
    kept: set[int] = set()
    for i in sorted(range(len(candidates)), key=lambda i: -candidates[i][2]):
        way = (candidates[i][0].p, candidates[i][0].s == node)
        if counted[way] < fanout:
            counted[way] += 1
            kept.add(i)
    return [candidate for i, candidate in enumerate(candidates) if i in kept]


def replayed_path(topic: str, hops: list[Replayed], fits: Callable[[list[Step]], bool],
                  labels: dict[str, str]) -> tuple[list[Step], list[Replayed]]:
    """The best replayed path from the topic as a plan, with the replayed edges along it: of the paths that
    ``fits`` what the question names, the shortest (a remembered three-hop path also holds the one-hop
    question about its first hop; a hop too few is extended by the dispatcher, a hop too many would be a wrong
    answer), then the best mean weight. No plan when none fits: recalling edges of another question about
    the same entity proves nothing about this one."""
    into = {hop.dst: hop for hop in hops}
    best: tuple[tuple[int, float], list[Step]] | None = None
    fitting: dict[tuple[tuple[str, bool], ...], bool] = {}  # a hub's many edges share a few ways: judged once each
    for hop in hops:
        chain = [hop]
        while chain[0].src != topic:
            chain.insert(0, into[chain[0].src])
        rank = (-len(chain), sum(h.weight for h in chain) / len(chain))
        if best is not None and rank <= best[0]:
            continue
        steps = [Step(predicate=h.edge.p, inverse=h.inverse, label=labels.get(h.edge.p, h.edge.p)) for h in chain]
        way = tuple((h.edge.p, h.inverse) for h in chain)
        if way not in fitting:
            fitting[way] = fits(steps)
        if fitting[way]:
            best = (rank, steps)
    if best is None:
        return [], []
    steps = best[1]
    along = [h for h in hops if h.depth <= len(steps) and h.edge.p == steps[h.depth - 1]["predicate"]
             and h.inverse == steps[h.depth - 1]["inverse"]]
    return steps, along


def as_triples(hops: list[Replayed], labels: dict[str, str]) -> list[Triple]:
    return [Triple(s=h.edge.s, p=h.edge.p, o=h.edge.o, s_label=labels.get(h.edge.s, h.edge.s),
                   p_label=labels.get(h.edge.p, h.edge.p), o_label=labels.get(h.edge.o, h.edge.o),
                   hop=h.depth, source="replay") for h in hops]


def replay(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Memory replay; a new question also starts here with no traversal behind it."""
    return {"traversal": {}, **_replay(state, Context.of(runtime))}


def _replay(state: QAState, ctx: Context) -> dict[str, Any]:
    topic = state.get("topic")
    if not ctx.use_edge_memory or topic is None:
        return {"replayed": [], "plan": no_plan()}
    # A remembered plan relevant enough to be reused needs no replay (a plan-cache hit costs no reasoner, and a
    # remembered question never opens the edge memory): replay waits. compile_query hands the question back
    # here when that plan turns out not to serve it, so that every miss replays before any reasoner decision.
    after_miss = (state.get("traversal") or {}).get("replay") == AFTER_MISS
    if not after_miss and ctx.use_cache and any(ex["relevance"] >= ctx.hit_relevance
                                                for ex in state.get("examples", [])):
        return {"replayed": [], "plan": no_plan(), "traversal": {"replay": DEFERRED}}
    found = _recall(state, ctx, topic)
    if after_miss:  # compile_query need not look for a plan-cache hit again
        found["traversal"] = {**found.get("traversal", {}), "replay": REPLAYED}
    return found


def _recall(state: QAState, ctx: Context, topic: Topic) -> dict[str, Any]:
    res = resources(ctx)
    memory = edges_for(ctx)
    if not memory.incident(res.domain, topic["node"]):  # nothing remembered here: no embedding needed
        return {"replayed": [], "plan": no_plan(), "trace": {"replayed_edges": 0}}
    names: dict[str, str] = {}

    def similarity(node: str, others: list[str]) -> list[float]:
        names.update(res.view.labels_of([n for n in [node, *others] if n not in names]))
        here, *there = label_vectors([names[node], *(names[o] for o in others)], ctx)
        return [float(here @ v) for v in there]

    asked = Asked.of(state["question"], state["isr"])
    labels: dict[str, str] = {}
    # the search's hops only grow: the path chosen among so many, when a level ended, is not chosen again after it
    chosen: dict[int, tuple[list[Step], list[Replayed]]] = {}

    def best(hops: list[Replayed]) -> tuple[list[Step], list[Replayed]]:
        if len(hops) in chosen:
            return chosen[len(hops)]
        labels.update({**names, **res.view.predicate_labels})
        # A hop through intermediate nodes is named as the schema of the node its edge starts from names it
        # (walked back, the other end's schema names the way back, another path).
        for hop in hops:  # (the first node whose schema names it: a hub's hundred edges share a few relations)
            if hop.edge.p not in labels:
                labels.update({e.predicate: e.label for e in res.view.schema(hop.edge.s) if e.predicate == hop.edge.p})
        chosen[len(hops)] = replayed_path(topic["node"], hops, labels=labels,
                                          fits=lambda steps: not misfits(steps, asked, res.view.relation_labels))
        return chosen[len(hops)]

    hops = replay_edges(memory, res.domain, topic["node"], embedded(masked_question(state), ctx), similarity,
                        alpha=ctx.replay_alpha, lam=ctx.replay_lambda, max_depth=ctx.k_depth,
                        fanout=ctx.replay_fanout, enough=lambda found: bool(best(found)[0]))
    if not hops:
        return {"replayed": [], "plan": no_plan(), "trace": {"replayed_edges": 0}}
    steps, along = best(hops)
    trace = {"replayed_edges": len(hops)}
    if not steps:
        return {"replayed": [], "plan": no_plan(), "trace": trace}
    # The judge's rule first, as for a plan-cache hit: a path it refuses is no plan (and, replayed for this
    # question, is penalized along it when the answer is found another way). The refusal is noted for
    # compile_query: when the plan cache has no hit either, the path expansion loop goes on instead of
    # planning from scratch (ReMindRAG §3.2.2), and the judge's reason is the one a `missing` shows.
    refusal = judge(res, state["question"], state["isr"], steps, topic["node"], asked)
    if refusal is not None:
        return {"replayed": as_triples(along, labels), "plan": no_plan(), "reason": refusal,
                "traversal": {"refused": steps}, "trace": {**trace, "replay_refused": 1}}
    return {"replayed": as_triples(along, labels), "plan": Plan(steps=steps, source="replayed"), "trace": trace}


MAX_EFFECTIVE = 200  # effective edges written per answer (a hub's hundred films are enough to remember it)


def seen_edges(state: QAState) -> list[Edge]:
    """The edges this question looked at: its subgraph and what replay recalled along the path it proposed."""
    return [Edge(t["s"], t["p"], t["o"]) for t in [*state.get("subgraph", []), *state.get("replayed", [])]]


def learn_edges(state: QAState, ctx: Context) -> dict[str, int]:
    """Eq. 1 after an answer: the plan's paths from the topic to the answers are the effective edges; the other
    edges of this question's subgraph, and the replayed path when it was not the answer, are penalized along
    the question. Edges replay merely recalled beside the path it proposed are left alone."""
    res = resources(ctx)
    topic, steps = state["topic"]["node"], state["plan"].get("steps", [])  # type: ignore[index]
    effective: list[Edge] = []
    for path in res.view.paths(topic, steps):
        for i, step in enumerate(steps):
            s, o = (path[i + 1], path[i]) if step["inverse"] else (path[i], path[i + 1])
            effective.append(Edge(s, step["predicate"], o))
        if len(effective) >= MAX_EFFECTIVE:
            break
    return edges_for(ctx).memorize(res.domain, embedded(masked_question(state), ctx), effective, seen_edges(state))
