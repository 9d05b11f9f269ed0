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
``write_behind`` edges, on :meth:`flush`/:meth:`close` and at exit; and it is read, like the plan memory's,
from a mirror file while Chroma is unchanged since it was written (each edge's vector from the vector file,
by a digest of its value), so a question that finds nothing remembered opens no Chroma.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cacherag.memory.store import (
    JournalRow,
    Mirror,
    Records,
    check_count,
    close_at_exit,
    made_memory_path,
    open_client,
    record_count,
    write_lock,
    writing,
)
from cacherag.memory.vectors import VectorFile, digest
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
                 collection: str = COLLECTION, write_behind: int = WRITE_BEHIND, journal: bool = False) -> None:
        self.memory_dir = None if host else made_memory_path(memory_dir)
        self._where = (memory_dir, host, port)
        self._name = collection
        self._chroma: Any = None  # opened on first need: reading from the mirror needs no Chroma
        self._mirror = Mirror(self.memory_dir, collection) if self.memory_dir is not None else None
        self._journal_writes = journal  # changed vectors go to the journal while Chroma is unopened
        self._vector_file = VectorFile(self.memory_dir, collection)
        self._vectors: dict[str, dict[Edge, np.ndarray]] = defaultdict(dict)
        self._digests: dict[str, dict[Edge, str]] = defaultdict(dict)  # of the vectors as stored
        self._incident: dict[str, dict[str, set[Edge]]] = defaultdict(lambda: defaultdict(set))
        self._pending: dict[tuple[str, Edge], np.ndarray | None] = {}  # None: forgotten
        self.write_behind = max(1, write_behind)
        self.reload()
        close_at_exit(self, "edge memory")

    @property
    def _collection(self) -> Any:
        if self._chroma is None:
            try:
                self._chroma = open_client(*self._where).get_or_create_collection(
                    self._name, embedding_function=None, metadata={"hnsw:space": "l2"})
            except StoreError:
                raise
            except Exception as exc:  # noqa: BLE001 - sqlite/Chroma report a damaged database in many types
                raise StoreError(f"the edge memory cannot be opened: {exc}") from exc
        return self._chroma

    def open_store(self) -> None:
        """Open Chroma now: a process that goes on answering (``CacheRAG.preload``) writes there directly
        instead of to the journal, and no later question waits for the import."""
        _ = self._collection

    def reload(self) -> None:
        """Rebuild the in-memory mirror (picks up other processes' writes): from the mirror and vector files
        while Chroma is unchanged since they were written, else from Chroma."""
        self.flush()
        self._vectors.clear()
        self._digests.clear()
        self._incident.clear()
        with write_lock(self.memory_dir):
            records = (self._mirror.read(lambda: self._stored(self._collection)) if self._mirror is not None
                       else self._stored(self._collection))
            check_count(self.memory_dir, self._name, len(records["ids"]))
            journaled = self._mirror.journaled() if self._mirror is not None else {}
        metas = dict(zip(records["ids"], records["metadatas"], strict=True))
        metas |= {i: row["metadata"] for i, row in journaled.items()}
        keys = [f"{i}:{m['v']}" for i, m in metas.items()]
        found, rows = self._vector_file.vectors(keys, self._fetch)
        vectors = dict(zip(found, rows, strict=True))
        for key, meta in zip(keys, metas.values(), strict=True):
            if key in vectors:
                domain, edge = str(meta["domain"]), Edge(str(meta["s"]), str(meta["p"]), str(meta["o"]))
                self._remember(domain, edge, vectors[key].astype(np.float64))
                self._digests[domain][edge] = str(meta["v"])

    def _fetch(self, keys: list[str]) -> dict[str, np.ndarray]:
        """Vectors the vector file lacks, read from Chroma by their records' ids."""
        got = self._collection.get(ids=[k.split(":")[0] for k in keys], include=["embeddings"])
        vectors = got["embeddings"] if got["embeddings"] is not None else []
        return {f"{i}:{digest(v)}": np.asarray(v) for i, v in zip(got["ids"], vectors, strict=True)}

    def _stored(self, collection: Any) -> Records:
        """The collection's records as the mirror file keeps them, read from Chroma: each with its vector's
        digest (the vectors go to the vector file)."""
        got = collection.get(include=["embeddings", "metadatas"])
        vectors = got["embeddings"] if got["embeddings"] is not None else []
        digests = [digest(v) for v in vectors]
        self._vector_file.put((f"{i}:{d}", v) for i, d, v in zip(got["ids"], digests, vectors, strict=True))
        return {"ids": list(got["ids"]), "documents": [],
                "metadatas": [{**m, "v": d} for m, d in zip(got["metadatas"] or [], digests, strict=True)]}

    def _journaled_vector(self, edge_id: str, row: JournalRow) -> list[float] | None:
        """A journaled edge's vector, from the vector file (None when it was lost)."""
        key = f"{edge_id}:{row['metadata']['v']}"
        known = self._vector_file.cached([key], reread=True).get(key)
        return known.tolist() if known is not None else None

    def _overlay(self, journaled: dict[str, JournalRow]) -> None:
        """The journal as written to Chroma, into this process's edges (those whose vector was not lost, and
        not changed here since: this process's change is written after)."""
        for edge_id, row in journaled.items():
            meta = row["metadata"]
            domain, edge = str(meta["domain"]), Edge(str(meta["s"]), str(meta["p"]), str(meta["o"]))
            vector = self._journaled_vector(edge_id, row)
            if vector is not None and (domain, edge) not in self._pending:
                self._remember(domain, edge, np.asarray(vector, dtype=np.float64))
                self._digests[domain][edge] = str(meta["v"])

    def _own_records(self) -> Records:
        edges = [(d, e, self._digests[d][e]) for d, vectors in self._vectors.items() for e in vectors]
        return {"ids": [e.key(d) for d, e, _ in edges], "documents": [],
                "metadatas": [_metadata(d, e, v) for d, e, v in edges]}

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
        pending = list(self._pending.items())  # kept until written: the journal's overlay leaves these alone
        kept = [(domain, edge, vector, digest(vector)) for (domain, edge), vector in pending if vector is not None]
        dropped = [(domain, edge) for (domain, edge), vector in pending if vector is None]
        for domain, edge in [(d, e) for d, e, _, _ in kept] + dropped:
            old = self._digests[domain].pop(edge, None)
            if old is not None:
                self._vector_file.drop([f"{edge.key(domain)}:{old}"])
        for domain, edge, vector, name in kept:
            self._digests[domain][edge] = name
            self._vector_file.put([(f"{edge.key(domain)}:{name}", vector)])
        if (self._journal_writes and not dropped and self._chroma is None and self._mirror is not None
                and self._mirror.takes(len(kept))):
            # Journaled (the vectors in the vector file first), as the plan memory does.
            self._vector_file.save()
            with write_lock(self.memory_dir):
                self._mirror.journal({e.key(d): {"metadata": _metadata(d, e, n)} for d, e, _, n in kept})
            self._pending.clear()
            return
        with self._writing() as collection:
            for start in range(0, len(kept), BATCH):
                chunk = kept[start:start + BATCH]
                collection.upsert(ids=[e.key(d) for d, e, _, _ in chunk],
                                  embeddings=[v.tolist() for _, _, v, _ in chunk],
                                  metadatas=[_metadata(d, e, n) for d, e, _, n in chunk])
            for start in range(0, len(dropped), BATCH):
                collection.delete(ids=[e.key(d) for d, e in dropped[start:start + BATCH]])
        self._pending.clear()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Any]:
        """Write to Chroma under the lock, keeping the manifest and the mirror file true."""
        with writing(self.memory_dir, self._mirror, lambda: self._collection, self._overlay, self._own_records,
                     self._journaled_vector, self._stored) as collection:
            yield collection
            record_count(self.memory_dir, self._name, collection.count())

    def close(self) -> None:
        self.flush()
        self._vector_file.save()

    def clear(self, domain: str | None = None) -> int:
        """Forget the edge vectors of ``domain`` (every domain when None); returns how many were dropped."""
        self.flush()
        victims = [e.key(d) for d, vectors in self._vectors.items() if domain in (None, d) for e in vectors]
        for name in [d for d in self._vectors if domain in (None, d)]:
            del self._vectors[name]
            self._vector_file.drop(f"{e.key(name)}:{n}" for e, n in self._digests.pop(name, {}).items())
            self._incident.pop(name, None)
        if victims:
            with self._writing() as collection:
                for start in range(0, len(victims), BATCH):
                    collection.delete(ids=victims[start:start + BATCH])
        self.reload()
        return len(victims)


def _metadata(domain: str, edge: Edge, vector_digest: str) -> dict[str, str]:
    return {"domain": domain, "s": edge.s, "p": edge.p, "o": edge.o, "v": vector_digest}
