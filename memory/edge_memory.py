"""Edge memory (ReMindRAG §3.2.1): what traversals taught, written into one vector per graph edge.

Every edge (s, p, o) of a graph has a vector v, zero until a traversal uses it. After an answer, the edges
on the effective paths (the evidence the dispatcher judged sufficient) move toward the query q, and the
other edges the traversal looked at lose part of their component along q (eq. 1):

    δ(x) = (2/π)·cos(π/2·‖x‖)
    effective:    v ← v + δ(v)·q/‖q‖                       (fast wakeup: a zero vector jumps to 2/π)
    ineffective:  v ← v − δ(p)·p·q/‖q‖,  p = v·q/‖q‖        (damped: a long-held memory barely moves)

Norms stay within [0, 1] (δ(1) = 0). A zero vector is the same as no record, so only edges that have
learned something are stored: an edge that was never enhanced cannot be penalized below zero, and the
store holds the edges traversals used, one Chroma record each, in a collection beside the plan memory.
Like the plan memory, the in-process mirror is written behind: changed vectors reach Chroma in batches of
``write_behind`` edges, on :meth:`flush`/:meth:`close` and at exit.
"""

from __future__ import annotations

import hashlib
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cacherag.memory.store import check_count, flush_at_exit, made_memory_path, open_client, record_count, unmirrored
from cacherag.tools.errors import StoreError

COLLECTION = "cacherag_edges"
FORGOTTEN = 1e-6  # a vector penalized below this norm holds nothing and is dropped
BATCH = 2000
WRITE_BEHIND = 256  # changed edges kept in memory before they are written to Chroma
# An edge whose term is longer (a long text literal) is not remembered: the record would hold the text whole,
# and a traversal never starts from a literal.
MAX_TERM_CHARS = 2_048


def delta(norm: float) -> float:
    """ReMindRAG's weight function δ(x) = (2/π)·cos(π/2·‖x‖) of a vector's (or projection's) norm."""
    return (2 / math.pi) * math.cos(math.pi / 2 * abs(norm))


def enhance(v: np.ndarray, q_unit: np.ndarray) -> np.ndarray:
    """Eq. 1, effective path: move ``v`` toward the query direction by δ(‖v‖)."""
    return v + delta(float(np.linalg.norm(v))) * q_unit


def penalize(v: np.ndarray, q_unit: np.ndarray) -> np.ndarray:
    """Eq. 1, ineffective path: remove the share δ(p) of ``v``'s component p along the query."""
    p = float(v @ q_unit)
    return v - delta(p) * p * q_unit


@dataclass(frozen=True)
class Edge:
    """A graph triple, the unit edge memory remembers."""

    s: str
    p: str
    o: str

    def key(self, domain: str) -> str:
        return hashlib.sha1("\x1f".join((domain, self.s, self.p, self.o)).encode()).hexdigest()[:24]

    @property
    def storable(self) -> bool:
        return max(len(self.s), len(self.p), len(self.o)) <= MAX_TERM_CHARS


class EdgeMemory:
    """Edge vectors per domain (one graph each), persisted in Chroma, mirrored in memory for replay."""

    def __init__(self, memory_dir: str | Path | None = None, *, host: str | None = None, port: int = 8000,
                 collection: str = COLLECTION, write_behind: int = WRITE_BEHIND) -> None:
        self.memory_dir = None if host else made_memory_path(memory_dir)
        self._name = collection
        try:
            with unmirrored(self.memory_dir):
                self._collection = open_client(memory_dir, host, port).get_or_create_collection(
                    collection, embedding_function=None, metadata={"hnsw:space": "l2"})
        except StoreError:
            raise
        except Exception as exc:  # noqa: BLE001 - sqlite/Chroma report a damaged database in many types
            raise StoreError(f"the edge memory cannot be opened: {exc}") from exc
        self._vectors: dict[str, dict[Edge, np.ndarray]] = defaultdict(dict)
        self._incident: dict[str, dict[str, set[Edge]]] = defaultdict(lambda: defaultdict(set))
        self._pending: dict[tuple[str, Edge], np.ndarray | None] = {}  # None: forgotten
        self.write_behind = max(1, write_behind)
        self.reload()
        flush_at_exit(self, "edge memory")

    def reload(self) -> None:
        """Rebuild the in-memory mirror from Chroma (picks up other processes' writes)."""
        self.flush()
        self._vectors.clear()
        self._incident.clear()
        with unmirrored(self.memory_dir):
            records = self._collection.get(include=["embeddings", "metadatas"])
            check_count(self.memory_dir, self._name, len(records["ids"]))
        vectors = records["embeddings"] if records["embeddings"] is not None else []
        for meta, vector in zip(records["metadatas"] or [], vectors, strict=True):
            self._remember(str(meta["domain"]), Edge(str(meta["s"]), str(meta["p"]), str(meta["o"])),
                           np.asarray(vector, dtype=np.float64))

    def _remember(self, domain: str, edge: Edge, vector: np.ndarray) -> None:
        self._vectors[domain][edge] = vector
        self._incident[domain][edge.s].add(edge)
        self._incident[domain][edge.o].add(edge)

    def _forget(self, domain: str, edge: Edge) -> None:
        self._vectors[domain].pop(edge, None)
        for node in (edge.s, edge.o):
            self._incident[domain][node].discard(edge)

    def __len__(self) -> int:
        return sum(len(v) for v in self._vectors.values())

    def vector(self, domain: str, edge: Edge, dim: int) -> np.ndarray:
        """``edge``'s vector (zeros when it never learned anything)."""
        known = self._vectors[domain].get(edge)
        return known.copy() if known is not None else np.zeros(dim)

    def incident(self, domain: str, node: str) -> list[tuple[Edge, np.ndarray]]:
        """The remembered edges touching ``node`` (every other edge's vector is zero), in a stable order."""
        edges = self._incident[domain].get(node, ())
        return [(e, self._vectors[domain][e]) for e in sorted(edges, key=lambda e: (e.s, e.p, e.o))]

    def memorize(self, domain: str, query: Iterable[float], effective: Iterable[Edge],
                 ineffective: Iterable[Edge] = ()) -> dict[str, int]:
        """Apply eq. 1 for one answered question (``query`` is its embedding); returns how many edges moved."""
        q = np.asarray(list(query), dtype=np.float64)
        norm = float(np.linalg.norm(q))
        if norm == 0.0:
            return {"edges_enhanced": 0, "edges_penalized": 0}
        q_unit = q / norm
        good = [e for e in dict.fromkeys(effective) if e.storable]
        bad = [e for e in dict.fromkeys(ineffective).keys() - set(good) if e in self._vectors[domain]]
        changed = {e: enhance(self.vector(domain, e, len(q)), q_unit) for e in good}
        changed |= {e: penalize(self._vectors[domain][e], q_unit) for e in bad}
        for edge, vector in changed.items():
            if np.linalg.norm(vector) > FORGOTTEN:
                self._remember(domain, edge, vector)
                self._pending[domain, edge] = vector
            else:
                self._forget(domain, edge)
                self._pending[domain, edge] = None
        if len(self._pending) >= self.write_behind:
            self.flush()
        return {"edges_enhanced": len(good), "edges_penalized": len(bad)}

    def flush(self) -> None:
        """Write the changed vectors to Chroma (upserts and deletions in batches)."""
        if not self._pending:
            return
        pending, self._pending = list(self._pending.items()), {}
        kept = [(domain, edge, vector) for (domain, edge), vector in pending if vector is not None]
        dropped = [edge.key(domain) for (domain, edge), vector in pending if vector is None]
        with unmirrored(self.memory_dir):
            for start in range(0, len(kept), BATCH):
                chunk = kept[start:start + BATCH]
                self._collection.upsert(
                    ids=[e.key(d) for d, e, _ in chunk], embeddings=[v.tolist() for _, _, v in chunk],
                    metadatas=[{"domain": d, "s": e.s, "p": e.p, "o": e.o} for d, e, _ in chunk])
            for start in range(0, len(dropped), BATCH):
                self._collection.delete(ids=dropped[start:start + BATCH])
            record_count(self.memory_dir, self._name, self._collection.count())

    def close(self) -> None:
        self.flush()

    def clear(self, domain: str | None = None) -> int:
        """Forget the edge vectors of ``domain`` (every domain when None); returns how many were dropped."""
        self.flush()
        victims = [e.key(d) for d, vectors in self._vectors.items() if domain in (None, d) for e in vectors]
        with unmirrored(self.memory_dir):
            for start in range(0, len(victims), BATCH):
                self._collection.delete(ids=victims[start:start + BATCH])
            record_count(self.memory_dir, self._name, self._collection.count())
        self.reload()
        return len(victims)
