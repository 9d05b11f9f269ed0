"""ARC's cache maintenance (§4, Algorithm 1) as an eviction policy for what answering fetched from a graph.

Each cached item is a passage: the rows of one exact sub-query (L1) or one entity's neighbourhood (L2),
with a size w(p) in bytes of the text it holds. Per passage:

- DRF(p) = Σ_q 1 / (rank(q, p) · dist(q, p)^α) over the requests it answered (a fetched passage starts
  with the DR of the request that fetched it);
- hubness h_k(p): in how many other cached passages' neighbour lists p appears, on the cache's own
  neighbour graph (passages are neighbours when they are about a common graph node), at most k;
- Priority(p) = [β·log(h_k(p) + 1) + (1 − β)·DRF(p)] / log(w(p) + 1).

While the total size exceeds W_max the lowest-priority passage is evicted. The class is a cachetools
``Cache`` (``maxsize`` = W_max, ``getsizeof`` = w), so it swaps in wherever LRU / LFU / FIFO would.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from cachetools import Cache

MIN_DISTANCE = 0.05  # an exact match has distance 0; its DR is taken at this distance so DRF stays finite


def text_bytes(value: Any) -> int:
    """Bytes of the text a cached value holds (strings, nested in tuples / lists / dicts)."""
    if isinstance(value, str):
        return len(value.encode("utf-8"))
    if isinstance(value, dict):
        return sum(text_bytes(k) + text_bytes(v) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return sum(text_bytes(v) for v in value)
    if hasattr(value, "__dict__") or hasattr(value, "__dataclass_fields__"):
        return sum(text_bytes(getattr(value, f)) for f in getattr(value, "__dataclass_fields__", vars(value)))
    return 8


class ARCCache(Cache):
    """Byte-budgeted cache evicting the lowest ARC priority first.

    ``nodes_of(key, value)`` names the graph nodes a passage is about (its place in the k-NN graph).
    """

    def __init__(self, maxsize: int, *, alpha: float = 0.4, beta: float = 0.2, hub_k: int = 10,
                 getsizeof: Callable[[Any], int] = text_bytes,
                 nodes_of: Callable[[Hashable, Any], Iterable[str]] = lambda key, value: ()) -> None:
        super().__init__(maxsize, getsizeof)
        self.alpha, self.beta, self.hub_k = alpha, beta, hub_k
        self.drf: dict[Hashable, float] = {}
        self._nodes_of = nodes_of
        self._nodes: dict[Hashable, frozenset[str]] = {}
        self._about: defaultdict[str, set[Hashable]] = defaultdict(set)  # node -> passages about it
        self._queue: list[tuple[Hashable, float]] = []  # the next victims, lowest priority last

    def dr(self, rank: int, distance: float) -> float:
        return 1.0 / (rank * max(distance, MIN_DISTANCE) ** self.alpha)

    def record(self, key: Hashable, rank: int = 1, distance: float = 0.0) -> None:
        """A request was answered by passage ``key`` at ``rank`` and ``distance``: DRF(p) += DR(p, q)."""
        if key in self.drf:
            self.drf[key] += self.dr(rank, distance)

    def hubness(self, key: Hashable) -> int:
        """h_k: how often this passage is another cached passage's neighbour, at most k.

        Counted per shared node (a neighbour sharing two nodes counts twice), which only matters below
        the cap k and keeps the count a few dictionary lookups.
        """
        shared = 0
        for node in self._nodes.get(key, ()):
            shared += len(self._about[node]) - 1
            if shared >= self.hub_k:
                return self.hub_k
        return shared

    def priority(self, key: Hashable) -> float:
        size = self.getsizeof(Cache.__getitem__(self, key))
        return ((self.beta * math.log(self.hubness(key) + 1) + (1 - self.beta) * self.drf.get(key, 0.0))
                / math.log(size + 1))

    def __setitem__(self, key: Hashable, value: Any) -> None:
        if self.getsizeof(value) > self.maxsize:  # w(x) > W_max: Algorithm 1 leaves the cache unchanged
            return
        fresh = key not in self.drf
        super().__setitem__(key, value)  # evicts (popitem) while the total exceeds W_max
        if fresh:
            self.drf[key] = self.dr(1, 0.0)  # DRF(p) = DR(p, q) for the request that fetched it
        nodes = frozenset(self._nodes_of(key, value))
        self._nodes[key] = nodes
        for node in nodes:
            self._about[node].add(key)

    def __delitem__(self, key: Hashable) -> None:
        super().__delitem__(key)
        self.drf.pop(key, None)
        for node in self._nodes.pop(key, ()):
            self._about[node].discard(key)
            if not self._about[node]:
                del self._about[node]

    def popitem(self) -> tuple[Hashable, Any]:
        """Evict argmin Priority (Algorithm 1, line 14).

        Priorities are ranked in one pass and the lowest ~1% queued; the next evictions take from that
        queue, skipping a passage whose DRF grew since (it is re-ranked at the next pass). Each eviction
        thus costs O(log n) amortized instead of a pass over the cache.
        """
        if not self.drf:
            return super().popitem()
        while True:
            if not self._queue:
                ranked = sorted(self.drf, key=self.priority)
                self._queue = [(key, self.drf[key]) for key in ranked[: max(1, len(ranked) // 100)]]
                self._queue.reverse()
            victim, drf = self._queue.pop()
            if victim in self.drf and self.drf[victim] == drf:
                break
        value = Cache.__getitem__(self, victim)
        del self[victim]
        return victim, value
