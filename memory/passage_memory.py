"""ARC's cache maintenance (§4, Algorithm 1) as an eviction policy for what answering fetched from a graph.

Each cached item is a passage: the rows of one exact sub-query (L1) or one entity's neighbourhood (L2),
with a size w(p) in bytes of the text it holds. Per passage:

- DRF(p) = Σ_q 1 / (rank(q, p) · dist(q, p)^α) over the requests it answered (a fetched passage starts
  with the DR of the request that fetched it);
- hubness h_k(p): in how many other cached passages' neighbour lists p appears, on the cache's own
  neighbour graph (passages are neighbours when they are about a common graph node), at most k;
- Priority(p) = [β·log(h_k(p) + 1) + (1 − β)·DRF(p)] / log(w(p) + 1).

While the total size exceeds W_max the lowest-priority passage is evicted. :class:`ARCCache` is a cachetools
``Cache`` (``maxsize`` = W_max, ``getsizeof`` = w), so it swaps in wherever LRU / LFU / FIFO would.

:class:`PassageMemory` is the passage memory itself (Algorithm 1 whole): entity neighbourhoods the answering
fetched, kept in Chroma with their vectors beside the plan memory, hubness counted on the k-NN graph of those
vectors, and a step answered from memory only when its top-k passages are closer than τ on average and hold
the neighbourhood it needs; otherwise it escalates to the endpoint.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import numpy as np
from cachetools import Cache

from cacherag.memory.embedding_models import HashingEmbeddings
from cacherag.memory.store import check_count, close_at_exit, made_memory_path, open_client, record_count, unmirrored
from cacherag.tools.errors import StoreError

COLLECTION = "cacherag_passages"
ARC_DEFAULT_BYTES = 3_000_000  # ARC's default capacity W_max, 3.0 MB
WRITE_BEHIND = 256  # changed passages kept in memory before they are written to Chroma
BATCH = 2000
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

    def insert(self, key: Hashable, value: Any, rank: int = 1, distance: float = 0.0) -> None:
        """Algorithm 1, lines 6-10: a cached passage's DRF grows by DR(p, q); a new one starts at DR(p, q)."""
        if key in self.drf:
            self.drf[key] += self.dr(rank, distance)
            return
        self[key] = value
        if key in self.drf:
            self.drf[key] = self.dr(rank, distance)

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


@dataclass(frozen=True)
class Neighbourhood:
    """Every edge around one entity: ``(predicate, other node, inverse)`` — inverse when the entity is the object."""

    node: str
    label: str
    edges: tuple[tuple[str, str, bool], ...]


@dataclass
class QuestionScope:
    """Mnemosyne's idempotency rule: the same request about the same entity twice in a row within one
    question is refused (a miss), so a repeated hop is answered by the level below."""

    key: Hashable = None
    last: Hashable = None
    refused: int = 0

    def begin(self, key: Hashable) -> None:
        if key != self.key:
            self.key, self.last = key, None

    def repeated(self, request: Hashable) -> bool:
        repeated = self.last == request
        self.last = request
        self.refused += repeated
        return repeated


def node_words(term: str) -> str:
    """An IRI's local name as words (``<…/kg/entity/Tom_Hanks>`` -> ``Tom Hanks``)."""
    return unquote(re.split(r"[/#:]", term.strip("<>"))[-1]).replace("_", " ")


def passage_text(node: str) -> str:
    """The text a passage about ``node`` is found by, and a request about ``node`` asks with: the node's name.

    A graph step needs one entity's neighbourhood, named by the node it starts from; the request knows only
    that node (no label before the endpoint answers), so both sides are embedded from its name, and a cached
    passage is at distance 0 from a request about its own entity on any graph.
    """
    return node_words(node)


class VectorARCCache(ARCCache):
    """:class:`ARCCache` whose passages have vectors: exact top-k search, and hubness h_k(p) counted on the
    cache's own k-NN graph (how many cached passages have p among their k nearest).

    The k-NN graph is recomputed when a tenth of the cache changed since it was last computed (a passage
    added since counts 0 until then), so eviction does not redo an n² product at every insertion.
    """

    def __init__(self, maxsize: int, *, alpha: float, beta: float, hub_k: int, dim: int,
                 evicted: Callable[[Hashable], None]) -> None:
        super().__init__(maxsize, alpha=alpha, beta=beta, hub_k=hub_k)
        self._matrix = np.zeros((64, dim), dtype=np.float32)
        self._alive = np.zeros(64, dtype=bool)
        self._slot: dict[Hashable, int] = {}
        self._keys: dict[int, Hashable] = {}
        self._free: list[int] = []
        self._hubs: dict[Hashable, int] = {}
        self._changes = 0
        self._evicted = evicted

    def add(self, key: Hashable, value: Any, vector: np.ndarray, rank: int, distance: float) -> None:
        if key not in self.drf and self.getsizeof(value) > self.maxsize:
            return  # w(x) > W_max: left out
        self.insert(key, value, rank, distance)
        if key in self.drf and key not in self._slot:
            self._place(key, vector)

    def _place(self, key: Hashable, vector: np.ndarray) -> None:
        if not self._free:
            used = len(self._alive)
            self._matrix = np.vstack([self._matrix, np.zeros_like(self._matrix)])
            self._alive = np.concatenate([self._alive, np.zeros(used, dtype=bool)])
            self._free = list(range(2 * used - 1, used - 1, -1))
        slot = self._free.pop()
        self._matrix[slot], self._alive[slot] = vector, True
        self._slot[key], self._keys[slot] = slot, key
        self._changes += 1

    def __delitem__(self, key: Hashable) -> None:
        super().__delitem__(key)
        slot = self._slot.pop(key, None)
        if slot is not None:
            self._alive[slot] = False
            del self._keys[slot]
            self._free.append(slot)
            self._changes += 1
        self._hubs.pop(key, None)
        self._evicted(key)

    def search(self, vector: np.ndarray, k: int) -> list[tuple[Hashable, float]]:
        """The ``k`` cached passages nearest ``vector``: (key, cosine distance), nearest first."""
        if not self._slot:
            return []
        similarity = self._matrix @ vector
        similarity[~self._alive] = -np.inf
        k = min(k, len(self._slot))
        top = np.argpartition(-similarity, k - 1)[:k]
        top = top[np.argsort(-similarity[top])]
        return [(self._keys[int(i)], float(1.0 - similarity[i])) for i in top]

    def hubness(self, key: Hashable) -> int:
        if self._changes > max(1, len(self._slot) // 10):
            self._count_hubs()
        return self._hubs.get(key, 0)

    def _count_hubs(self) -> None:
        slots = np.flatnonzero(self._alive)
        self._changes = 0
        self._hubs = {}
        k = min(self.hub_k, len(slots) - 1)
        if k < 1:
            return
        vectors = self._matrix[slots]
        counts = np.zeros(len(slots), dtype=np.int64)
        for start in range(0, len(slots), 1024):  # row blocks keep the n² product's memory bounded
            similarity = vectors[start:start + 1024] @ vectors.T
            rows = np.arange(similarity.shape[0])
            similarity[rows, rows + start] = -np.inf  # a passage is not its own neighbour
            counts += np.bincount(np.argpartition(-similarity, k - 1, axis=1)[:, :k].ravel(),
                                  minlength=len(slots))
        self._hubs = {self._keys[int(slot)]: int(n) for slot, n in zip(slots, counts, strict=True) if n}


class QuestionScoped:
    """A cache level under the idempotency rule: its :class:`QuestionScope`, guarded by its ``_lock``."""

    scope: QuestionScope
    _lock: threading.Lock | threading.RLock

    @property
    def idempotent(self) -> int:
        """Lookups the idempotency rule turned into misses."""
        return self.scope.refused

    def begin_question(self, key: Hashable) -> None:
        """Start the idempotency rule's memory afresh for question ``key``."""
        with self._lock:
            self.scope.begin(key)


class PassageMemory(QuestionScoped):
    """ARC's passage memory (Algorithm 1) over entity neighbourhoods of one graph, persisted in Chroma.

    Used as the entity level of :class:`~cacherag.tools.cached_kg.CachedKG`: ``lookup`` answers a request about
    a node from memory or says to escalate; ``put`` admits what the endpoint returned. Everything is held in
    this process for search (exact top-k, as ARC's flat index) and written behind to Chroma (vectors, the
    neighbourhood as the document, DRF and size as metadata), from which the next process starts warm.
    """

    def __init__(self, memory_dir: str | Path | None = None, *, domain: str, host: str | None = None,
                 port: int = 8000, max_bytes: int = ARC_DEFAULT_BYTES, alpha: float = 0.4, beta: float = 0.2,
                 hub_k: int = 10, top_k: int = 1, tau: float = 0.2, embeddings: HashingEmbeddings | None = None,
                 collection: str = COLLECTION, write_behind: int = WRITE_BEHIND) -> None:
        self.memory_dir = None if host else made_memory_path(memory_dir)
        self.domain, self.top_k, self.tau = domain, top_k, tau
        self.embeddings = embeddings or HashingEmbeddings()
        self._name = collection
        self._pending: dict[Hashable, bool] = {}  # node -> upsert (True) or delete (False)
        self._lock = threading.RLock()
        self.scope = QuestionScope()
        self.escalations = 0  # lookups the τ test sent to the endpoint
        self.uncovered = 0  # lookups within τ whose passages did not hold the node asked about
        self.cache = VectorARCCache(max_bytes, alpha=alpha, beta=beta, hub_k=hub_k, dim=self.embeddings.dim,
                                    evicted=lambda node: self._pending.__setitem__(node, False))
        self.write_behind = max(1, write_behind)
        try:
            with unmirrored(self.memory_dir):
                self._collection = open_client(memory_dir, host, port).get_or_create_collection(
                    collection, embedding_function=None, metadata={"hnsw:space": "cosine"})
                records = self._collection.get(where={"domain": domain},
                                               include=["embeddings", "documents", "metadatas"])
                check_count(self.memory_dir, collection, self._collection.count())
        except StoreError:
            raise
        except Exception as exc:  # noqa: BLE001 - sqlite/Chroma report a damaged database in many types
            raise StoreError(f"the passage memory cannot be opened: {exc}") from exc
        vectors = records["embeddings"] if records["embeddings"] is not None else []
        for document, meta, vector in zip(records["documents"] or [], records["metadatas"] or [], vectors,
                                          strict=True):
            data = json.loads(document)
            hood = Neighbourhood(data["node"], data["label"], tuple((p, o, bool(i)) for p, o, i in data["edges"]))
            self.cache.add(hood.node, hood, np.asarray(vector, dtype=np.float32), 1, 0.0)
            if hood.node in self.cache.drf:
                self.cache.drf[hood.node] = float(meta["drf"])
        close_at_exit(self, "passage memory")

    def __len__(self) -> int:
        return len(self.cache)

    def lookup(self, node: str, purpose: Hashable = None) -> tuple[Neighbourhood | None, bool]:
        """Algorithm 1, lines 1-4 for a request about ``node``: its neighbourhood when the top-k passages are
        within τ on average and hold it (their DRF grows by DR(rank, distance)), else None (escalate); and
        whether the idempotency rule refused the request (``purpose`` names it: schema, or a hop)."""
        with self._lock:
            if self.scope.repeated((node, purpose)):
                return None, True
            retrieved = self.cache.search(self.embeddings.vector(passage_text(node)), self.top_k)
            if not retrieved or sum(d for _, d in retrieved) / len(retrieved) > self.tau:
                self.escalations += 1
                return None, False
            if node not in {key for key, _ in retrieved}:
                self.uncovered += 1
                return None, False
            for rank, (key, distance) in enumerate(retrieved, 1):
                self.cache.record(key, rank, distance)
                self._pending[key] = True
            return Cache.__getitem__(self.cache, node), False

    def holds(self, node: str) -> bool:
        """Whether a passage of ``node``'s neighbourhood is kept (without counting as a retrieval)."""
        with self._lock:
            return node in self.cache

    def put(self, hood: Neighbourhood) -> None:
        """Algorithm 1, lines 5-15 after an escalation: the fetched passage, the endpoint's top-1 for the
        request, is admitted (or its DRF grows) with DR(1, 0), then the lowest priorities are evicted to W_max."""
        with self._lock:
            self.cache.add(hood.node, hood, self.embeddings.vector(passage_text(hood.node)), 1, 0.0)
            if hood.node in self.cache.drf:
                self._pending[hood.node] = True
            if len(self._pending) >= self.write_behind:
                self.flush()

    def _id(self, node: Hashable) -> str:
        return hashlib.sha1(f"{self.domain}\x1f{node}".encode()).hexdigest()[:24]

    def flush(self) -> None:
        """Write the changed passages to Chroma (admitted or re-scored ones upserted, evicted ones deleted)."""
        with self._lock:
            pending, self._pending = self._pending, {}
            kept = [node for node, keep in pending.items() if keep and node in self.cache.drf]
            dropped = [self._id(node) for node, keep in pending.items() if not keep]
            if not kept and not dropped:
                return
            rows = []
            for node in kept:
                hood: Neighbourhood = Cache.__getitem__(self.cache, node)
                rows.append((self._id(node), self.cache._matrix[self.cache._slot[node]].tolist(),
                             json.dumps({"node": hood.node, "label": hood.label,
                                         "edges": [[p, o, int(i)] for p, o, i in hood.edges]}, ensure_ascii=False),
                             {"domain": self.domain, "node": str(node), "drf": self.cache.drf[node],
                              "bytes": self.cache.getsizeof(hood)}))
        with unmirrored(self.memory_dir):
            for start in range(0, len(dropped), BATCH):
                self._collection.delete(ids=dropped[start:start + BATCH])
            for start in range(0, len(rows), BATCH):
                chunk = rows[start:start + BATCH]
                self._collection.upsert(ids=[r[0] for r in chunk], embeddings=[r[1] for r in chunk],
                                        documents=[r[2] for r in chunk], metadatas=[r[3] for r in chunk])
            record_count(self.memory_dir, self._name, self._collection.count())

    def close(self) -> None:
        self.flush()
