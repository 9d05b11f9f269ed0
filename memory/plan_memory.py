"""Plan memory (CacheRAG §4.2): (question, plan, answer) entries in Chroma, indexed Domain → Aspect.

Questions are stored with the topic mention masked ("who directed <E>"): that form generalizes to new
entities and collapses many history questions into one entry. Reads are served from an in-memory mirror
(loaded once, updated on every write by this process) so a cache hit never waits on the database.
Writes are behind: new entries are embedded and stored in batches (every ``write_behind`` entries, on
``flush()``/``close()`` and at interpreter exit), so answering never waits on an embedding model either.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from cachetools import LRUCache

from cacherag.memory.bm25 import BM25Index
from cacherag.memory.calibrations import Calibrations, records_digest
from cacherag.memory.mmr import mmr_select
from cacherag.memory.store import (
    JournalRow,
    Mirror,
    Records,
    check_count,
    close_at_exit,
    damaged,
    made_memory_path,
    open_collection,
    record_count,
    stored_records,
    write_lock,
    writing,
)
from cacherag.memory.text import clipped, terms, topic_span
from cacherag.memory.vectors import VectorFile, cosines
from cacherag.tools.errors import StoreError

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

COLLECTION = "cacherag-plans"
MASK = "<E>"  # stands for the topic mention in remembered questions
_FLUSH_EVERY = 64
WRITE_BEHIND = 32
_RETRIEVED_MAX = 4096  # retrieval results kept until the memory changes
# A question reads like a remembered one (an analogy grounds its plan) when it is nearer to it than questions
# about a plan the memory lacks come to any remembered question in 95 % of cases (see calibrate_analogy).
ANALOGY_PRECISION = 0.95
SAID_AGAIN = 2  # times history must have said a wording with its plan before the wording alone grounds the plan
MIN_ANALOGY_CALIBRATION = 100  # remembered questions needed to calibrate; fewer: no analogy is trusted
ANALOGY_SAMPLE = 4000  # remembered questions held out in turn when calibrating (the rest are not needed)
ANALOGY_REFERENCE = 20_000  # remembered questions they are compared with: a larger memory is calibrated on an
# even sample of it, so calibrating never reads every vector nor holds a held-out × memory matrix at once
_CALIBRATION_ROWS = 512  # held-out questions compared at a time
_CALIBRATION_STEPS = 20  # bisections of the quantile level both analogy bounds are read at
ANALOGY_NEIGHBOURS = 16  # remembered questions looked at for the margin over another plan
REMEMBERED_ANSWERS, REMEMBERED_CHARS = 20, 200  # answers kept with a plan, and the characters kept of each


@dataclass
class PlanEntry:
    """One remembered plan: the masked question it answered, its steps and what it returned."""

    question: str
    steps: list[dict[str, Any]]
    domain: str
    aspect: str
    answers: list[str] = field(default_factory=list)
    topic: str = ""
    sparql: str = ""
    hits: int = 1
    created: float = field(default_factory=time.time)
    last_used: float = field(default_factory=time.time)

    def __post_init__(self) -> None:
        # Remembered answers are examples shown beside the plan, not facts: a graph's long texts are cut.
        self.answers = [clipped(a, REMEMBERED_CHARS) for a in self.answers[:REMEMBERED_ANSWERS]]
        self.topic = clipped(self.topic, REMEMBERED_CHARS)

    @cached_property
    def id(self) -> str:  # domain, question and steps never change once an entry exists
        signature = json.dumps([self.domain, self.question, self.steps], sort_keys=True)
        return hashlib.sha1(signature.encode()).hexdigest()[:20]

    @cached_property
    def first_step(self) -> tuple[str, bool]:
        """(predicate, inverse) of the first hop: the plan re-binds only to an entity that has it."""
        return self.steps[0]["predicate"], self.steps[0]["inverse"]

    def metadata(self) -> dict[str, Any]:
        return {
            "domain": self.domain, "aspect": self.aspect, "steps": json.dumps(self.steps),
            "answers": json.dumps(self.answers), "topic": self.topic, "sparql": self.sparql,
            "hits": self.hits, "created": self.created, "last_used": self.last_used,
        }

    @classmethod
    def from_record(cls, document: str, meta: dict[str, Any]) -> PlanEntry:
        return cls(
            question=document, steps=json.loads(meta["steps"]), domain=meta["domain"], aspect=meta["aspect"],
            answers=json.loads(meta.get("answers") or "[]"), topic=meta.get("topic", ""),
            sparql=meta.get("sparql", ""), hits=int(meta.get("hits", 1)),
            created=float(meta.get("created", 0)), last_used=float(meta.get("last_used", 0)),
        )


@dataclass(frozen=True)
class Retrieved:
    entry: PlanEntry
    relevance: float


class _Bucket:
    """Entries of one bucket with their BM25 index, rebuilt lazily after a change."""

    def __init__(self) -> None:
        self.entries: dict[str, PlanEntry] = {}
        self._index: tuple[list[PlanEntry], BM25Index] | None = None
        self._firsts: dict[tuple[str, bool], int] = {}  # first hop -> the index's group of plans starting with it
        self.selections: dict[tuple[Any, ...], list[Retrieved]] = {}  # see PlanMemory._select
        self.frequency: Counter[str] | None = None  # see PlanMemory.word_frequency
        self.wordings: dict[tuple[str, ...], list[PlanEntry]] | None = None  # see PlanMemory.said_as
        self.analogy_bounds: tuple[float, float] | None = None  # see PlanMemory.analogy
        self.analogies: LRUCache[str, Retrieved | None] = LRUCache(_RETRIEVED_MAX)  # see PlanMemory.analogy

    def changed(self) -> None:
        self._index = None
        self._firsts = {}
        self.selections.clear()
        self.frequency = None
        self.wordings = None
        self.analogy_bounds = None
        self.analogies.clear()

    def index(self) -> tuple[list[PlanEntry], BM25Index]:
        """The entries in a fixed order and their BM25 index, grouped by first hop (see :meth:`groups`)."""
        if self._index is None:
            entries = list(self.entries.values())
            self._firsts = {}
            groups = [self._firsts.setdefault(e.first_step, len(self._firsts)) for e in entries]
            self._index = (entries, BM25Index([terms(e.question) for e in entries], groups))
        return self._index

    def groups(self, first_steps: frozenset[tuple[str, bool]]) -> list[int]:
        """The index's groups of the entries that start with one of ``first_steps``."""
        self.index()
        return sorted(self._firsts[f] for f in first_steps if f in self._firsts)


class PlanMemory:
    """Domain → Aspect plan cache with MMR retrieval, a relevance floor and an optional LRU bound."""

    def __init__(self, memory_dir: str | Path | None = None, *, host: str | None = None, port: int = 8000,
                 embeddings: Embeddings | None = None, bucket_bound: int | None = None,
                 collection: str = COLLECTION, write_behind: int = WRITE_BEHIND, journal: bool = False) -> None:
        # The write lock, the manifest and the mirror live in the memory directory, the default one included.
        self.memory_dir = None if host else made_memory_path(memory_dir)
        self._where = (memory_dir, host, port)
        self._collection_name = collection
        self._chroma: Any = None  # opened on first need: reading from the mirror needs no Chroma
        self._mirror = Mirror(self.memory_dir, collection) if self.memory_dir is not None else None
        self._journal_writes = journal  # new entries too go to the journal while Chroma is unopened
        self._vectors = VectorFile(self.memory_dir, collection)
        self._calibrations = Calibrations(self.memory_dir, collection)
        self._embeddings = embeddings
        self.bucket_bound = bucket_bound
        self._buckets: dict[tuple[str, str], _Bucket] = defaultdict(_Bucket)
        self._merged: dict[str, _Bucket] = {}
        self._retrieved: dict[tuple[Any, ...], list[Retrieved]] = {}
        self._question_vectors: LRUCache[str, list[float]] = LRUCache(_RETRIEVED_MAX)
        self._dirty: set[str] = set()
        self._pending: dict[str, PlanEntry] = {}
        self.write_behind = max(1, write_behind)
        self.reload()
        close_at_exit(self, "plan memory")

    # -- loading and persistence ----------------------------------------------------------------------
    @property
    def _collection(self) -> Any:
        if self._chroma is None:
            try:
                self._chroma = open_collection(*self._where, self._collection_name)
            except StoreError:
                raise
            except Exception as exc:  # noqa: BLE001 - sqlite/Chroma report a damaged database in many types
                raise self._damaged(exc) from exc
        return self._chroma

    def open_store(self) -> None:
        """Open Chroma now: a process that goes on answering (``CacheRAG.preload``) writes there directly
        instead of to the journal, and no later question waits for the import."""
        _ = self._collection

    def reload(self) -> None:
        """Rebuild the in-memory mirror (picks up other processes' writes): from the mirror file while
        Chroma is unchanged since it was written, else from Chroma; hit bookkeeping from the journal."""
        self.flush()
        self._buckets.clear()
        self._merged.clear()
        self._retrieved.clear()
        try:
            with write_lock(self.memory_dir):  # a writer between the read and the count check is no damage
                records = (self._mirror.read(lambda: stored_records(self._collection)) if self._mirror is not None
                           else stored_records(self._collection))
                check_count(self.memory_dir, self._collection_name, len(records["ids"]))
                journaled = self._mirror.journaled() if self._mirror is not None else {}
            rows = zip(records["ids"], records["documents"] or [], records["metadatas"] or [], strict=True)
            entries = [PlanEntry.from_record(document, {**meta, **journaled.get(entry_id, {}).get("metadata", {})})
                       for entry_id, document, meta in rows]
            stored = set(records["ids"])
            entries += [PlanEntry.from_record(row["document"], row["metadata"]) for entry_id, row in journaled.items()
                        if "document" in row and entry_id not in stored]
        except StoreError:
            raise
        except Exception as exc:  # noqa: BLE001 - sqlite/Chroma report a damaged database in many types
            raise self._damaged(exc) from exc
        for entry in entries:
            self._bucket(entry.domain, entry.aspect).entries[entry.id] = entry

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Any]:
        """Write to Chroma under the lock, keeping the manifest and the mirror file true."""
        with writing(self.memory_dir, self._mirror, lambda: self._collection, self._overlay,
                     self._own_records, self._journaled_vector) as collection:
            yield collection
            self._record_count()

    def _overlay(self, journaled: dict[str, JournalRow]) -> None:
        """The journal as written to Chroma, into this process's entries: other processes' new entries, and
        their hit bookkeeping on the entries this process has not touched since."""
        for entry_id, row in journaled.items():
            known, meta = self.get(entry_id), row["metadata"]
            if known is None and "document" in row:
                entry = PlanEntry.from_record(row["document"], meta)
                self._bucket(entry.domain, entry.aspect).entries[entry.id] = entry
                self._changed(entry.domain, entry.aspect)
            elif known is not None and entry_id not in self._dirty:
                known.hits = int(meta.get("hits", known.hits))
                known.last_used = float(meta.get("last_used", known.last_used))

    def _journaled_vector(self, entry_id: str, row: JournalRow) -> Sequence[float] | None:
        """The vector of a journaled new entry (from the vector file, else embedded again)."""
        if "document" not in row:
            return None
        known = self._vectors.cached([entry_id], reread=True).get(entry_id)
        return known.tolist() if known is not None else self._embed([row["document"]])[0]

    def _own_records(self) -> Records:
        stored = [e for e in self._all() if e.id not in self._pending]
        return {"ids": [e.id for e in stored], "documents": [e.question for e in stored],
                "metadatas": [e.metadata() for e in stored]}

    def _damaged(self, exc: Exception) -> StoreError:
        if self.memory_dir is None:
            return StoreError(f"the Chroma server's plan memory cannot be read: {exc}")
        return damaged(self.memory_dir, exc)

    def _record_count(self) -> None:
        """Note the collection's size in the manifest (under the write lock, after a write)."""
        if self.memory_dir is not None:
            record_count(self.memory_dir, self._collection_name, self._collection.count())

    def _bucket(self, domain: str, aspect: str) -> _Bucket:
        return self._buckets[domain, aspect]

    def _embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self._embeddings is None:
            from cacherag.memory.embeddings import default_embeddings

            self._embeddings = default_embeddings()
        return self._embeddings.embed_documents(list(texts))

    def flush(self) -> None:
        """Persist new entries (embedded in one batch) and pending LRU bookkeeping.

        An entry that cannot be stored (text that is no valid Unicode, an embedder that fails on it) is
        dropped with a warning and the rest of the batch is kept. If the store itself fails, nothing is
        lost: the batch stays pending for the next flush and a :class:`StoreError` says why.
        """
        fresh = [e for e in list(self._pending.values()) if self._storable(e)]
        fresh_ids = {e.id for e in fresh}
        touched = [e for e in self._all() if e.id in self._dirty and e.id not in fresh_ids]
        if not fresh and not touched:
            return
        fresh, vectors = self._embedded(fresh)
        if (self._chroma is None and self._mirror is not None and (self._journal_writes or not fresh)
                and self._mirror.takes(len(fresh) + len(touched))):
            # Journaled (new entries' vectors in the vector file first): a process that answered without Chroma
            # never opens it (hit bookkeeping always, new entries when asked to), the next writer there writes
            # these too.
            self._vectors.save()
            with write_lock(self.memory_dir):
                self._mirror.journal({**{e.id: {"metadata": e.metadata()} for e in touched},
                                      **{e.id: {"metadata": e.metadata(), "document": e.question} for e in fresh}})
            for entry in fresh:
                self._pending.pop(entry.id, None)
            self._dirty.difference_update(e.id for e in touched)
            return
        try:
            with self._writing():
                for start in range(0, len(fresh), 2000):
                    chunk = fresh[start : start + 2000]
                    self._collection.upsert(
                        ids=[e.id for e in chunk], documents=[e.question for e in chunk],
                        embeddings=vectors[start : start + 2000], metadatas=[e.metadata() for e in chunk],
                    )
                if touched:
                    self._collection.update(ids=[e.id for e in touched], metadatas=[e.metadata() for e in touched])
                for entry in fresh:
                    self._pending.pop(entry.id, None)
        except Exception as exc:  # noqa: BLE001 - Chroma and sqlite raise many types
            where = self.memory_dir or "the Chroma server"
            raise StoreError(f"could not save {len(fresh) + len(touched)} plans to {where} "
                             f"({type(exc).__name__}: {exc}); they stay pending for the next flush") from exc
        self._dirty.difference_update(e.id for e in touched)

    def _storable(self, entry: PlanEntry) -> bool:
        """Whether ``entry`` can be written at all; one that cannot is forgotten with a warning."""
        try:
            json.dumps([entry.question, entry.metadata()], ensure_ascii=False).encode("utf-8")
            return True
        except (UnicodeError, TypeError, ValueError) as exc:
            self._drop(entry, exc)
            return False

    def _embedded(self, entries: list[PlanEntry]) -> tuple[list[PlanEntry], list[list[float]]]:
        """The vectors of ``entries``: those the vector file or a dense look-up has already, the others embedded
        in one batch (if that fails, one by one, dropping those that fail alone)."""
        if not entries:  # (hit bookkeeping alone reads no vector file)
            return [], []
        known = {i: v.tolist() for i, v in self._vectors.cached(e.id for e in entries).items()}
        # (a question this process looked up by vector was embedded then: a miss's plan is memorized after it)
        known |= {e.id: self._question_vectors[e.question] for e in entries
                  if e.id not in known and e.question in self._question_vectors}
        todo = [e for e in entries if e.id not in known]
        try:
            known |= dict(zip([e.id for e in todo], self._embed([e.question for e in todo]) if todo else [],
                              strict=True))
        except Exception:  # noqa: BLE001 - find the entry at fault instead of losing the batch
            for entry in todo:
                try:
                    known[entry.id] = self._embed([entry.question])[0]
                except Exception as exc:  # noqa: BLE001 - any embedder failure drops this entry only
                    self._drop(entry, exc)
        kept = [e for e in entries if e.id in known]
        self._vectors.put((e.id, known[e.id]) for e in kept)
        return kept, [known[e.id] for e in kept]

    def _vector_rows(self, ids: Sequence[str]) -> tuple[list[str], np.ndarray]:
        """The vectors of entries ``ids`` (the ids that have one, and the rows): from the vector file, else
        embedded (an entry not written yet) or read from Chroma."""
        def fetch(missing: list[str]) -> dict[str, Sequence[float]]:
            unwritten = [self._pending[i] for i in missing if i in self._pending]
            found: dict[str, Sequence[float]] = dict(zip(
                [e.id for e in unwritten], self._embed([e.question for e in unwritten]) if unwritten else [],
                strict=True))
            stored = [i for i in missing if i not in found]
            if stored:
                got = self._collection.get(ids=stored, include=["embeddings"])
                found |= dict(zip(got["ids"], got["embeddings"] if got["embeddings"] is not None else [],
                                  strict=True))
            return found

        return self._vectors.vectors(ids, fetch)

    def _drop(self, entry: PlanEntry, exc: Exception) -> None:
        warnings.warn(f"cacherag: a plan was not remembered ({type(exc).__name__}: {exc}): "
                      f"{entry.question[:80]!r}", RuntimeWarning, stacklevel=3)
        self._pending.pop(entry.id, None)
        self._bucket(entry.domain, entry.aspect).entries.pop(entry.id, None)
        self._changed(entry.domain, entry.aspect)

    def close(self) -> None:
        self.flush()
        self._vectors.save()

    # -- writing --------------------------------------------------------------------------------------
    def add(self, entry: PlanEntry) -> PlanEntry:
        """Remember ``entry``; an identical (question, plan) just counts another hit."""
        bucket = self._bucket(entry.domain, entry.aspect)
        existing = bucket.entries.get(entry.id)
        if existing is not None:
            existing.hits += 1
            existing.last_used = time.time()
            existing.answers = entry.answers or existing.answers
            self._mark_dirty(existing)
            return existing
        bucket.entries[entry.id] = entry
        self._pending[entry.id] = entry
        self._changed(entry.domain, entry.aspect)
        self._evict(entry.domain, entry.aspect)
        if len(self._pending) >= self.write_behind:
            self.flush()
        return entry

    def add_many(self, entries: Sequence[PlanEntry]) -> int:
        """Bulk insert (history warm-up): one embedding batch and one write; returns entries added."""
        fresh: dict[str, PlanEntry] = {}
        for entry in entries:
            known = self._bucket(entry.domain, entry.aspect).entries.get(entry.id) or fresh.get(entry.id)
            if known is not None:
                known.hits += 1
                self._mark_dirty(known)
            else:
                fresh[entry.id] = entry
        for entry in fresh.values():
            self._bucket(entry.domain, entry.aspect).entries[entry.id] = entry
            self._pending[entry.id] = entry
        for domain, aspect in {(e.domain, e.aspect) for e in fresh.values()}:
            self._changed(domain, aspect)
            self._evict(domain, aspect)
        self.flush()
        return len(fresh)

    def touch(self, entry: PlanEntry) -> None:
        """Record a use of ``entry`` for LRU order (persisted with the next flush)."""
        entry.last_used = time.time()
        entry.hits += 1
        self._mark_dirty(entry)

    def _mark_dirty(self, entry: PlanEntry) -> None:
        merged = self._merged.get(entry.domain)
        if merged is not None:  # its hits weigh in the word frequencies
            merged.frequency = None
        self._dirty.add(entry.id)
        if len(self._dirty) >= _FLUSH_EVERY:
            self.flush()

    def _changed(self, domain: str, aspect: str) -> None:
        self._bucket(domain, aspect).changed()
        self._merged.pop(domain, None)
        self._retrieved.clear()

    def _evict(self, domain: str, aspect: str) -> None:
        bucket = self._bucket(domain, aspect)
        if self.bucket_bound is None or len(bucket.entries) <= self.bucket_bound:
            return
        by_age = sorted(bucket.entries.values(), key=lambda e: (e.last_used, e.created))
        victims = by_age[: len(bucket.entries) - self.bucket_bound]
        stored = [v.id for v in victims if self._pending.pop(v.id, None) is None]
        for victim in victims:
            del bucket.entries[victim.id]
            self._dirty.discard(victim.id)
        self._vectors.drop(v.id for v in victims)
        self._changed(domain, aspect)
        if stored:
            with self._writing() as collection:
                collection.delete(ids=stored)

    def clear(self, domain: str | None = None) -> int:
        """Forget every entry (of one domain); returns how many were removed."""
        self.flush()
        victims = [e for e in self._all() if domain is None or e.domain == domain]
        for victim in victims:
            del self._bucket(victim.domain, victim.aspect).entries[victim.id]
        self._vectors.drop(v.id for v in victims)
        if victims:
            with self._writing() as collection:
                collection.delete(ids=[v.id for v in victims])
        self.reload()
        return len(victims)

    # -- reading --------------------------------------------------------------------------------------
    def _all(self) -> list[PlanEntry]:
        return [e for bucket in self._buckets.values() for e in bucket.entries.values()]

    def __len__(self) -> int:
        return sum(len(b.entries) for b in self._buckets.values())

    def get(self, entry_id: str) -> PlanEntry | None:
        for bucket in self._buckets.values():
            if entry_id in bucket.entries:
                return bucket.entries[entry_id]
        return None

    def stats(self) -> dict[str, dict[str, int]]:
        """Entry counts per domain and aspect."""
        counts: dict[str, dict[str, int]] = defaultdict(dict)
        for (domain, aspect), bucket in sorted(self._buckets.items()):
            if bucket.entries:
                counts[domain][aspect] = len(bucket.entries)
        return dict(counts)

    def entries(self, domain: str | None = None) -> list[PlanEntry]:
        return sorted((e for e in self._all() if domain is None or e.domain == domain),
                      key=lambda e: (-e.hits, e.question))

    def _domain_bucket(self, domain: str) -> _Bucket:
        """The domain layer: every aspect's entries together, rebuilt only after the domain changed."""
        merged = self._merged.get(domain)
        if merged is None:
            merged = self._merged[domain] = _Bucket()
            for (d, _), bucket in self._buckets.items():
                if d == domain:
                    merged.entries.update(bucket.entries)
        return merged

    def nearest(self, question: str, domain: str, k: int = 5,
                first_steps: frozenset[tuple[str, bool]] | None = None) -> list[Retrieved]:
        """Dense retrieval over the stored plan vectors: the ``k`` entries whose masked questions are nearest
        to ``question`` by embedding (relevance = cosine similarity), for wordings BM25 cannot match. Only
        the miss path asks, so a hit never embeds anything."""
        stored = self._domain_bucket(domain).entries
        ids, rows = self._vector_rows(list(stored))
        if not ids:
            return []
        similarity = cosines(rows, np.asarray(self._question_vector(question), dtype=np.float32))
        out = []
        for i in np.argsort(-similarity, kind="stable")[:4 * k]:
            entry = stored[ids[i]]
            if first_steps is None or entry.first_step in first_steps:
                out.append(Retrieved(entry, float(similarity[i])))
        return out[:k]

    def _question_vector(self, question: str) -> list[float]:
        """The embedding of a masked question, kept for the miss path's repeated look-ups."""
        vector = self._question_vectors.get(question)
        if vector is None:
            vector = self._question_vectors[question] = self._embed([question])[0]
        return vector

    def worded(self, question: str, domain: str) -> list[PlanEntry]:
        """The remembered entries of the masked ``question`` worded just so (its words as :func:`terms` reads them)."""
        bucket = self._domain_bucket(domain)
        if bucket.wordings is None:
            bucket.wordings = {}
            for entry in bucket.entries.values():
                bucket.wordings.setdefault(tuple(terms(entry.question)), []).append(entry)
        # (entries of one wording differ in what terms leaves out: "Which …" and "which …")
        return bucket.wordings.get(tuple(terms(question)), [])

    def said_as(self, question: str, domain: str) -> PlanEntry | None:
        """The remembered plan of the masked ``question`` worded just so (its words as :func:`terms` reads them),
        where history has said that wording with one plan only, at least :data:`SAID_AGAIN` times: what this
        wording means in this domain, whatever its words name elsewhere."""
        found = self.worded(question, domain)
        plans = {plan_key(entry.steps) for entry in found}
        said = sum(entry.hits for entry in found)
        return max(found, key=lambda entry: entry.hits) if len(plans) == 1 and said >= SAID_AGAIN else None

    def analogy(self, question: str, domain: str) -> Retrieved | None:
        """The remembered question the masked ``question`` reads like, by embedding: nearer to it, and by a
        wider margin over any question of another plan, than questions about a plan the memory lacks come to
        remembered ones (calibrated on the memory's own questions, see :func:`calibrate_analogy`). None when
        it does not, or when there is too little history to calibrate on. Only the miss path asks, so a hit
        never embeds anything."""
        bucket = self._domain_bucket(domain)
        if question in bucket.analogies:
            return bucket.analogies[question]
        similarity, margin = self._analogy_bounds(domain, bucket)
        found = None
        if not np.isnan(similarity):
            near = self.nearest(question, domain, k=ANALOGY_NEIGHBOURS)
            if near and near[0].relevance >= similarity:
                plan = plan_key(near[0].entry.steps)
                other = max((n.relevance for n in near if plan_key(n.entry.steps) != plan), default=near[-1].relevance)
                found = near[0] if near[0].relevance - other >= margin else None
        bucket.analogies[question] = found
        return found

    def _analogy_bounds(self, domain: str, bucket: _Bucket) -> tuple[float, float]:
        if bucket.analogy_bounds is None:
            ids = sorted(bucket.entries)
            sample = [ids[i] for i in np.linspace(0, len(ids) - 1, min(len(ids), ANALOGY_REFERENCE)).astype(int)]

            def calibrated() -> list[float]:
                found, vectors = self._vector_rows(sample)
                return list(calibrate_analogy(vectors.astype(float), [plan_key(bucket.entries[i].steps)
                                                                      for i in found]))

            # (an entry's id names its question and plan, so the same sample calibrates the same)
            similarity, margin = self._calibrations.get(domain, "analogy", records_digest(
                sample, ANALOGY_PRECISION, ANALOGY_SAMPLE, MIN_ANALOGY_CALIBRATION, _CALIBRATION_STEPS), calibrated)
            bucket.analogy_bounds = similarity, margin
        return bucket.analogy_bounds

    def word_frequency(self, domain: str) -> Counter[str]:
        """In how many remembered questions of the domain each word stands (each entry weighted by the
        questions behind it): how often a word is said, whatever relation it was said around."""
        bucket = self._domain_bucket(domain)
        if bucket.frequency is None:
            bucket.frequency = Counter()
            for entry in bucket.entries.values():
                for word in set(terms(entry.question)):
                    bucket.frequency[word] += entry.hits
        return bucket.frequency

    def vocabulary(self, domain: str) -> frozenset[str]:
        """Words recurring in the domain's remembered (masked) questions: the words questions are phrased with."""
        bucket = self._domain_bucket(domain)
        return bucket.index()[1].vocabulary if bucket.entries else frozenset()

    def retrieve(self, question: str, domain: str, aspect: str | None, *, k: int = 5, lam: float = 0.5,
                 min_relevance: float = 0.2, use_mmr: bool = True, two_layer: bool = True,
                 relax_below: float = 0.0, first_steps: frozenset[tuple[str, bool]] | None = None,
                 ) -> list[Retrieved]:
        """Algorithm 2: pick up to ``k`` relevant, mutually diverse entries for a masked question.

        The aspect bucket is searched first; with fewer than ``k`` entries, or none relevant enough (none
        at least ``min_relevance``, or the best under ``relax_below``), the search relaxes to the whole
        domain. Entries under ``min_relevance`` are never returned, so an unrelated question hands the
        compiler no examples at all. With ``first_steps``, only plans starting with one of these
        (predicate, inverse) hops — those the topic entity has — take a place among the ``k``.

        Results are remembered until the memory changes (an exact L1 cache: masked questions repeat).
        """
        query = terms(question)
        key = (tuple(query), domain, aspect, k, lam, min_relevance, use_mmr, two_layer, relax_below, first_steps)
        cached = self._retrieved.get(key)
        if cached is not None:
            return list(cached)
        if len(self._retrieved) >= _RETRIEVED_MAX:
            self._retrieved.clear()
        picks: list[Retrieved] = []
        if two_layer and aspect:
            bucket = self._buckets.get((domain, aspect))
            if bucket is not None and len(bucket.entries) >= k:
                found = self._candidates(bucket, query, k, min_relevance, first_steps)
                # The best candidate is always picked (MMR's first pick, top-k's first), so a bucket whose
                # best is under ``relax_below`` is left before choosing among its candidates.
                if found[1] and found[1][0] >= relax_below:
                    picks = self._select(bucket, found, query, k, lam, use_mmr)
        if not picks:
            bucket = self._domain_bucket(domain)
            picks = self._select(bucket, self._candidates(bucket, query, k, min_relevance, first_steps), query, k,
                                 lam, use_mmr)
        self._retrieved[key] = picks
        return list(picks)

    @staticmethod
    def _candidates(bucket: _Bucket, query: list[str], k: int, floor: float,
                    first_steps: frozenset[tuple[str, bool]] | None) -> tuple[list[int], list[float]]:
        """The 4k best admissible entries (positions, by relevance then position) and their relevances: all
        that MMR or plain top-k looks at."""
        if not bucket.entries:
            return [], []
        ids, relevance = bucket.index()[1].top(query, 4 * k, floor,
                                               None if first_steps is None else bucket.groups(first_steps))
        return ids.tolist(), relevance.tolist()

    @staticmethod
    def _select(bucket: _Bucket, candidates: tuple[list[int], list[float]], query: list[str], k: int, lam: float,
                use_mmr: bool) -> list[Retrieved]:
        order, scores = candidates
        if not order:
            return []
        entries, index = bucket.index()
        # Topics of one type share their first hops, so a question template asked about different entities
        # comes down to the same candidates, and the choice among them depends on nothing else: remember it.
        key = (tuple(query), tuple(order), k, lam, use_mmr)
        chosen = bucket.selections.get(key)
        if chosen is None:
            if len(bucket.selections) >= _RETRIEVED_MAX:
                bucket.selections.clear()
            relevance = dict(zip(order, scores, strict=True))
            chosen = bucket.selections[key] = PlanMemory._choose(entries, index, relevance, order, query, k, lam,
                                                                 use_mmr)
        return list(chosen)

    @staticmethod
    def _choose(entries: list[PlanEntry], index: BM25Index, relevance: dict[int, float], order: list[int],
                query: list[str], k: int, lam: float, use_mmr: bool) -> list[Retrieved]:
        """The k picks among the candidates ``order`` (at most 4k, by relevance): plain top-k or MMR."""
        # Normalized BM25 saturates at 1.0 and ignores word order; among equally relevant entries the one
        # whose words (then word pairs) match the question's most exactly comes first, so an exact template
        # beats a sub-phrase of it and "films written by <E> were directed by who" beats its mirror image.
        # Words are compared only among equally relevant entries, and word pairs (the question tokenized again)
        # only among entries equal on words too.
        words, pairs = set(query), _pairs(query)

        @functools.cache
        def unlike_words(i: int) -> float:
            return -_jaccard(words, index.terms(i))

        def unlike_pairs(i: int) -> float:
            return -_jaccard(pairs, _question_pairs(entries[i].question))

        rounded = {i: -round(float(relevance[i]), 6) for i in order}
        pool = []
        for _, tied in itertools.groupby(sorted(order, key=rounded.__getitem__), key=rounded.__getitem__):
            tied = list(tied)
            if len(tied) > 1:
                tied = [i for _, same in itertools.groupby(sorted(tied, key=unlike_words), key=unlike_words)
                        for i in _ordered(list(same), unlike_pairs)]
            pool += tied
        if not use_mmr:
            return [Retrieved(entries[i], float(relevance[i])) for i in pool[:k]]
        chosen = mmr_select([relevance[i] for i in pool], index.pairwise(pool), k, lam)
        return [Retrieved(entries[pool[c]], float(relevance[pool[c]])) for c in chosen]


def mask(question: str, mention: str) -> str:
    """``question`` with the topic ``mention`` masked, as remembered questions are stored ("who directed <E>")."""
    span = topic_span(question, mention)
    return question[:span[0]] + MASK + question[span[1]:] if span else question


def plan_key(steps: Sequence[dict[str, Any]]) -> str:
    """What a plan walks (predicates and directions), whatever its labels say."""
    return json.dumps([(step["predicate"], bool(step["inverse"])) for step in steps])


def calibrate_analogy(vectors: np.ndarray, plans: Sequence[str]) -> tuple[float, float]:
    """How near (cosine) and how much nearer than any question of another plan a question must come to a
    remembered question to read like it. Each remembered question, held out with every remembered question
    of its plan, stands for a question about a plan the memory lacks: it reaches both its nearest other
    question's similarity and that one's margin over a third plan in only 1 - :data:`ANALOGY_PRECISION` of
    cases (the two bounds are one quantile of each, the lowest that lets no more held-out questions through
    together). NaNs when there are too few remembered questions (or plans) to tell."""
    known = [i for i, plan in enumerate(plans) if plan]
    if len(known) < MIN_ANALOGY_CALIBRATION or len({plans[i] for i in known}) < 3:
        return float("nan"), float("nan")
    unit = vectors[known] / np.maximum(np.linalg.norm(vectors[known], axis=1, keepdims=True), 1e-12)
    labels = np.unique([plans[i] for i in known], return_inverse=True)[1]  # (codes: plan keys are long strings)
    held = np.linspace(0, len(known) - 1, min(len(known), ANALOGY_SAMPLE)).astype(int)
    top, runner_up = np.empty(len(held)), np.empty(len(held))
    for start in range(0, len(held), _CALIBRATION_ROWS):
        rows = held[start:start + _CALIBRATION_ROWS]
        sims = np.where(labels[rows][:, None] != labels[None, :], unit[rows] @ unit.T, -np.inf)
        nearest = sims.argmax(axis=1)
        top[start:start + len(rows)] = sims[np.arange(len(rows)), nearest]
        runner_up[start:start + len(rows)] = np.where(labels[None, :] != labels[nearest][:, None], sims,
                                                      -np.inf).max(axis=1)
    valid = np.isfinite(top) & np.isfinite(runner_up)
    top, margin = top[valid], (top - runner_up)[valid]

    def bounds(level: float) -> tuple[float, float]:
        return float(np.quantile(top, level)), float(np.quantile(margin, level))

    def let_through(level: float) -> float:
        near, apart = bounds(level)
        return float(np.mean((top >= near) & (margin >= apart)))

    # (the share let through falls as the level rises: the lowest level within the precision, by bisection)
    low, high = 0.0, ANALOGY_PRECISION
    for _ in range(_CALIBRATION_STEPS):
        middle = (low + high) / 2
        low, high = (low, middle) if let_through(middle) <= 1 - ANALOGY_PRECISION else (middle, high)
    return bounds(high)


def _ordered(items: list[int], key: Callable[[int], float]) -> list[int]:
    """``items`` sorted by ``key`` (stable), the key not computed for a single item."""
    return sorted(items, key=key) if len(items) > 1 else items


def _jaccard(a: set[Any] | frozenset[Any], b: set[Any] | frozenset[Any]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _pairs(tokens: Sequence[str]) -> set[tuple[str, str]]:
    return set(zip(tokens, tokens[1:], strict=False))


@lru_cache(maxsize=65536)
def _question_pairs(question: str) -> frozenset[tuple[str, str]]:
    return frozenset(_pairs(terms(question)))
