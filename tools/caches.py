"""Mnemosyne's two cache levels (§3.2) for knowledge-graph requests, with swappable eviction.

- L1: exact sub-query -> result. The key is the SPARQL of one request with its whitespace normalized.
- L2: entity -> its neighbourhood (every edge around it). Looked up by node; by *label* it hits when the
  normalized Levenshtein distance (rapidfuzz) to a cached entity's label is at most the tolerance.
- Each level holds at most C entries (or W_max bytes of text), evicted by a swappable cachetools policy:
  LRU as in the paper, LFU, FIFO, or ARC's priority (:mod:`cacherag.memory.passage_memory`).
- The idempotency rule: L2 asked for the same entity twice in a row within one question returns nothing new
  (a miss), so a repeated hop is answered by the level below instead of re-serving what did not help.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Hashable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from cachetools import Cache, FIFOCache, LFUCache, LRUCache
from rapidfuzz.distance import Levenshtein

from cacherag.memory.embedding_models import HashingEmbeddings
from cacherag.memory.passage_memory import (
    ARC_DEFAULT_BYTES,
    ARCCache,
    Neighbourhood,
    QuestionScope,
    QuestionScoped,
    text_bytes,
)

Policy = Literal["lru", "lfu", "fifo", "arc"]
_POLICIES: dict[str, type[Cache]] = {"lru": LRUCache, "lfu": LFUCache, "fifo": FIFOCache}
_SPACE = re.compile(r"\s+")
_IRI = re.compile(r"<[^<>\s]+>")


@dataclass(frozen=True)
class Eviction:
    """How a cache level is bounded and what it evicts: ``capacity`` entries, or ``max_bytes`` of text
    (W_max); ARC (always byte-bounded, 3 MB unless told) takes its α, β and hubness k from here."""

    policy: Policy = "lru"
    capacity: int = 20
    max_bytes: int | None = None
    alpha: float = 0.4
    beta: float = 0.2
    hub_k: int = 10

    def make(self, nodes_of: Callable[[Hashable, Any], Iterable[str]]) -> Cache:
        if self.policy == "arc":
            return ARCCache(self.max_bytes or ARC_DEFAULT_BYTES, alpha=self.alpha, beta=self.beta,
                            hub_k=self.hub_k, nodes_of=nodes_of)
        if self.policy not in _POLICIES:
            raise ValueError(f"unknown eviction policy {self.policy!r}; choose one of {sorted([*_POLICIES, 'arc'])}")
        if self.max_bytes is not None:
            return _POLICIES[self.policy](maxsize=self.max_bytes, getsizeof=text_bytes)
        return _POLICIES[self.policy](maxsize=self.capacity)


def make_cache(policy: str, capacity: int) -> Cache:
    """A cache of ``capacity`` entries evicting by ``policy`` ('lru', 'lfu', 'fifo'; 'arc' is byte-bounded)."""
    return Eviction(policy, capacity).make(lambda key, value: ())  # type: ignore[arg-type]


def normalize_query(sparql: str) -> str:
    """The L1 key of a request: its SPARQL with runs of whitespace collapsed."""
    return _SPACE.sub(" ", sparql).strip()


class L1Cache:
    """Exact sub-query cache: normalized SPARQL -> result rows."""

    def __init__(self, capacity: int | Eviction, policy: Policy = "lru") -> None:
        eviction = capacity if isinstance(capacity, Eviction) else Eviction(policy, capacity)
        self._entries = eviction.make(lambda key, rows: _IRI.findall(key))
        self._lock = threading.Lock()

    def get(self, sparql: str) -> Any | None:
        key = normalize_query(sparql)
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            if isinstance(self._entries, ARCCache):
                self._entries.record(key)
            return found[1]

    def __contains__(self, sparql: str) -> bool:
        """Whether the request is cached (without counting as a use)."""
        with self._lock:
            return normalize_query(sparql) in self._entries

    def put(self, sparql: str, result: Any) -> None:
        key = normalize_query(sparql)
        with self._lock, suppress(ValueError):  # larger than the whole byte budget: not cached
            self._entries[key] = (key, result)  # the request's text counts towards the entry's size

    def __len__(self) -> int:
        return len(self._entries)


class L2Cache(QuestionScoped):
    """Entity cache: node -> :class:`Neighbourhood`, reachable by node or by a label within ``tolerance``."""

    def __init__(self, capacity: int | Eviction, tolerance: float = 0.2, policy: Policy = "lru") -> None:
        if not 0.0 <= tolerance <= 1.0:
            raise ValueError(f"L2 tolerance must be in [0, 1], got {tolerance}")
        self.tolerance = tolerance
        eviction = capacity if isinstance(capacity, Eviction) else Eviction(policy, capacity)
        self._entries = eviction.make(
            lambda node, hood: [node, *(other for _, other, _ in hood.edges if other.startswith("<"))])
        self._lock = threading.Lock()
        self.scope = QuestionScope()
        self._label_of: dict[str, str] = {}  # node -> lower-case label, for lookups that must not touch recency

    def lookup(self, node: str, purpose: Hashable = None) -> tuple[Neighbourhood | None, bool]:
        """``node``'s neighbourhood if cached, and whether the idempotency rule refused it.

        ``purpose`` names the request (a hop's predicate and direction): the same request for the same
        entity twice in a row within one question gets nothing from this level.
        """
        with self._lock:
            if self.scope.repeated((node, purpose)):
                return None, True
            found = self._entries.get(node)
            if found is not None and isinstance(self._entries, ARCCache):
                self._entries.record(node)
            return found, False

    def holds(self, node: str) -> bool:
        """Whether ``node``'s neighbourhood is cached (without counting as a use)."""
        with self._lock:
            return node in self._entries

    def near(self, label: str) -> Neighbourhood | None:
        """The cached entity whose label is closest to ``label``, if within the tolerance."""
        with self._lock:
            for node in [n for n in self._label_of if n not in self._entries]:  # evicted since
                del self._label_of[node]
            best, best_distance = None, self.tolerance
            for node, cached in self._label_of.items():
                distance = Levenshtein.normalized_distance(label.lower(), cached)
                if distance <= best_distance:
                    best, best_distance = node, distance
            if best is not None and isinstance(self._entries, ARCCache):
                self._entries.record(best, distance=best_distance)
            return None if best is None else self._entries[best]

    def put(self, neighbourhood: Neighbourhood) -> None:
        with self._lock, suppress(ValueError):  # larger than the whole byte budget: not cached
            self._entries[neighbourhood.node] = neighbourhood
            self._label_of[neighbourhood.node] = neighbourhood.label.lower()

    def __len__(self) -> int:
        return len(self._entries)


class SemanticCache:
    """Proximity (Bergman et al., 2025) as a request cache: the answer of the most similar earlier request
    of the same form (what it selects, up to its first ``{``) when its vector is within ``tau`` (cosine
    distance), else a miss; the oldest pair is evicted first, within ``max_bytes`` of text. Fast and
    approximate: a near request about *another* entity is served that entity's rows (counted in
    ``inexact``), which is why it is a baseline and no default."""

    def __init__(self, max_bytes: int = ARC_DEFAULT_BYTES, tau: float = 0.2,
                 embeddings: HashingEmbeddings | None = None) -> None:
        self.tau = tau
        self.embeddings = embeddings or HashingEmbeddings()
        self._entries: Cache = FIFOCache(maxsize=max_bytes, getsizeof=text_bytes)
        self._vectors: dict[str, dict[str, np.ndarray]] = {}  # form -> cached request -> its vector
        self._lock = threading.Lock()
        self.inexact = 0  # hits served from a different request's answer

    def _nearest(self, key: str) -> tuple[str | None, float]:
        if key in self._entries:
            return key, 0.0
        same = self._vectors.get(_form(key), {})
        for stale in [k for k in same if k not in self._entries]:  # evicted since
            del same[stale]
        if not same:
            return None, 1.0
        keys = list(same)
        distances = 1.0 - np.stack([same[k] for k in keys]) @ self.embeddings.vector(key)
        best = int(np.argmin(distances))
        return keys[best], float(distances[best])

    def get(self, sparql: str) -> Any | None:
        key = normalize_query(sparql)
        with self._lock:
            nearest, distance = self._nearest(key)
            if nearest is None or distance > self.tau:
                return None
            self.inexact += nearest != key
            return self._entries[nearest][1]

    def __contains__(self, sparql: str) -> bool:
        key = normalize_query(sparql)
        with self._lock:
            nearest, distance = self._nearest(key)
            return nearest is not None and distance <= self.tau

    def put(self, sparql: str, result: Any) -> None:
        key = normalize_query(sparql)
        with self._lock, suppress(ValueError):  # larger than the whole byte budget: not cached
            self._entries[key] = (key, result)
            if key in self._entries:
                self._vectors.setdefault(_form(key), {})[key] = self.embeddings.vector(key)

    def __len__(self) -> int:
        return len(self._entries)


def _form(query: str) -> str:
    """What a request selects (its text up to the first ``{``): requests of one form have rows of one shape."""
    return query.split("{", 1)[0]
