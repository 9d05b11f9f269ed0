"""Cache-aware batch order (Mnemosyne §3.1): put questions about the same entities next to each other.

Questions and the entities they name form a bipartite graph. The order maximizes the w-hop sparse locality

    S(Q; w) = Σ_{0 < j - i ≤ w} |E_i ∩ E_j| / (|E_i| · |E_j|)

greedily: a max-heap of questions keyed by their priority, a sliding window of the last ``w`` questions
placed; placing a question boosts every unplaced question sharing an entity with it (by their similarity),
and the question leaving the window takes its boost back. The boost decides first, the weighted degree
breaks ties (so a new run starts from the best-connected question left). Questions that share no entity
with any other (singleton components) gain nothing from a cache, so they are flagged to run without one.
"""

from __future__ import annotations

import heapq
from collections import defaultdict, deque
from collections.abc import Hashable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cacherag.graphs.resources import resources
from cacherag.tools.cached_kg import caching_off

if TYPE_CHECKING:
    from cacherag.api import Answer, CacheRAG

MAX_ENTITY_MENTIONS = 3  # the best-scored mentions of a question stand for the entities it names


@dataclass(frozen=True)
class BatchOrder:
    """Positions of the caller's questions in the order to answer them, and the ones to run uncached."""

    order: list[int]
    singletons: frozenset[int]


def similarity(a: set[Hashable], b: set[Hashable]) -> float:
    """Sparse similarity of two questions' entity sets: |A ∩ B| / (|A| · |B|)."""
    return len(a & b) / (len(a) * len(b)) if a and b else 0.0


def sparse_locality(entities: Sequence[set[Hashable]], order: Sequence[int], window: int) -> float:
    """S(Q̂; w) of ``order`` (positions into ``entities``)."""
    return sum(similarity(entities[order[i]], entities[order[j]])
               for i in range(len(order)) for j in range(i + 1, min(len(order), i + window + 1)))


def reorder(entities: Sequence[set[Hashable]], window: int = 6) -> BatchOrder:
    """A cache-aware order of questions given the entities each names (Mnemosyne's max-heap + window)."""
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    asked_by: dict[Hashable, list[int]] = defaultdict(list)
    for question, named in enumerate(entities):
        for entity in named:
            asked_by[entity].append(question)
    neighbours: list[dict[int, float]] = []
    for question, named in enumerate(entities):
        near = {other for entity in named for other in asked_by[entity] if other != question}
        neighbours.append({other: similarity(named, entities[other]) for other in near})
    degree = [sum(weights.values()) for weights in neighbours]
    boost = [0.0] * len(entities)  # what the questions in the window lend their neighbours
    heap = [(-0.0, -d, q) for q, d in enumerate(degree)]
    heapq.heapify(heap)
    placed = [False] * len(entities)
    recent: deque[int] = deque()
    order: list[int] = []

    def shift(question: int, sign: float) -> None:
        for other, weight in neighbours[question].items():
            if not placed[other]:
                boost[other] += sign * weight
                heapq.heappush(heap, (-boost[other], -degree[other], other))

    while heap:
        negative, _, question = heapq.heappop(heap)
        if placed[question] or -negative != boost[question]:
            continue  # already placed, or a stale heap entry
        placed[question] = True
        order.append(question)
        recent.append(question)
        shift(question, +1.0)
        if len(recent) > window:
            shift(recent.popleft(), -1.0)
    singletons = frozenset(q for q, weights in enumerate(neighbours) if not weights)
    return BatchOrder(order, singletons)


def named_entities(rag: CacheRAG, question: str) -> set[str]:
    """The graph nodes the question's best mentions link to (its side of the bipartite graph)."""
    mentions = resources(rag.context).view.labels.mentions(question)[:MAX_ENTITY_MENTIONS]
    return {node for mention in mentions for node in mention.nodes}


def answer_in_cache_order(rag: CacheRAG, questions: Sequence[str],
                          return_exceptions: bool = False) -> list[Answer | Exception]:
    """Answer ``questions`` one by one in the cache-aware order; return the answers in the caller's order (with
    ``return_exceptions``, a question that raised holds its exception)."""
    plan = reorder([named_entities(rag, q) for q in questions], rag.context.reorder_window)
    answers: dict[int, Answer | Exception] = {}
    for position in plan.order:
        with caching_off() if position in plan.singletons else nullcontext():
            answers[position] = rag.ask_or_fail(questions[position], return_exceptions)
    return [answers[i] for i in range(len(questions))]
