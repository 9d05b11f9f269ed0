"""Shared helpers for the nodes that grow the subgraph: evidence triples and frontiers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cacherag.graphs.state import Step, Triple
from cacherag.tools.graph_view import GraphView

Walk = tuple[str, Step, str, int]  # (from, step, to, hop)


def evidence(view: GraphView, walks: Iterable[Walk], source: str) -> list[Triple]:
    """The real triples behind walking each ``step`` from a node to another (inverse steps flip it back),
    their nodes labelled together: one label lookup for them all, not one per triple."""
    triples = [((dst, src) if step["inverse"] else (src, dst), step, hop) for src, step, dst, hop in walks]
    labels = view.labels_of([node for pair, _, _ in triples for node in pair])
    return [Triple(s=s, p=step["predicate"], o=o, s_label=labels[s], p_label=step["label"], o_label=labels[o],
                   hop=hop, source=source) for (s, o), step, hop in triples]


def merge_triples(existing: list[Triple], new: Iterable[Triple]) -> list[Triple]:
    seen = {(t["s"], t["p"], t["o"]) for t in existing}
    merged = list(existing)
    for triple in new:
        key = (triple["s"], triple["p"], triple["o"])
        if key not in seen:
            seen.add(key)
            merged.append(triple)
    return merged


def top_nodes(frontier: dict[str, float], limit: int) -> list[str]:
    """The best-supported frontier nodes (ties by name, so runs are reproducible)."""
    return [n for n, _ in sorted(frontier.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def advance(frontier: dict[str, float], pairs: Iterable[tuple[str, str]], visited: set[str]) -> dict[str, float]:
    """Frontier after one hop: support flows along each pair; visited nodes are not revisited."""
    support: Counter[str] = Counter()
    for src, dst in pairs:
        if dst not in visited:
            support[dst] += frontier.get(src, 1.0)
    return dict(support)


def visited_nodes(topic: str, subgraph: list[Triple]) -> set[str]:
    return {topic} | {t["s"] for t in subgraph} | {t["o"] for t in subgraph}
