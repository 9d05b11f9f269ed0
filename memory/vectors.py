"""The vectors of a memory's records, kept beside Chroma so a question that needs them never opens it.

A question the memories have no plan for compares vectors: remembered questions nearest to it, statements
nearest to a phrase, the edges replay walks. Chroma's import alone takes about a second, more than such a
question's whole answer, so each memory also keeps its vectors in a file of its own
(``<collection>.vectors.npz``, beside the mirror file), loaded only when vectors are needed. The file is a cache
keyed by record id (and, for a vector that changes, by a digest of it, see :func:`digest`): it is never wrong,
only incomplete — a vector it lacks is read from Chroma and added. A save writes what one process added and
dropped over what other processes saved meanwhile (under the write lock).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cacherag.memory.embeddings import unit
from cacherag.memory.store import close_at_exit, write_lock

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

Fetch = Callable[[list[str]], Mapping[str, Sequence[float]]]  # the vectors of these keys, from Chroma


def digest(vector: np.ndarray) -> str:
    """A short name for a vector's value: keyed with it, a vector that changed is not mistaken for the old."""
    return hashlib.sha1(np.asarray(vector, dtype=np.float32).tobytes()).hexdigest()[:12]


def cosines(rows: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Each row's cosine similarity with ``vector`` (what Chroma's cosine space reads as 1 - distance)."""
    norms = np.linalg.norm(rows, axis=1) * np.linalg.norm(vector)
    return (rows @ vector) / np.maximum(norms, 1e-12)


class VectorFile:
    """Vectors by key, read from ``<collection>.vectors.npz`` at first need (no file: nothing cached); with
    ``limit``, a save keeps the ``limit`` last written."""

    def __init__(self, directory: Path | None, collection: str, *, limit: int | None = None) -> None:
        self._path = directory / f"{collection}.vectors.npz" if directory is not None else None
        self._limit = limit
        self._directory = directory
        self._rows: dict[str, np.ndarray] | None = None
        self._seen: tuple[int, int] | None = None  # the file's size and time when this process last read it
        self._added: dict[str, None] = {}  # vectors this process learned that the file may lack, in order
        self._dropped: set[str] = set()  # of records this process removed (or whose vector it changed)

    def _known(self) -> dict[str, np.ndarray]:
        if self._rows is None:
            self._seen, self._rows = _stamp(self._path), _read(self._path)
        return self._rows

    def cached(self, keys: Iterable[str], *, reread: bool = False) -> dict[str, np.ndarray]:
        """The vectors of ``keys`` this process or the file has (``reread``: also those other processes saved
        since this one read the file)."""
        known = self._known()
        keys = list(keys)
        if reread and any(k not in known for k in keys) and _stamp(self._path) != self._seen:
            self._seen = _stamp(self._path)  # (a vector lost for good costs no read per look-up)
            for key, vector in _read(self._path).items():
                known.setdefault(key, vector)
        return {k: known[k] for k in keys if k in known}

    def vectors(self, keys: Sequence[str], fetch: Fetch) -> tuple[list[str], np.ndarray]:
        """The keys that have a vector, and their vectors as rows (float32): those not cached come from
        ``fetch`` and are kept (saved by :meth:`save`)."""
        known = self._known()
        missing = [k for k in dict.fromkeys(keys) if k not in known]
        if missing:
            self.put(fetch(missing).items())
        found = [k for k in keys if k in known]
        return found, (np.stack([known[k] for k in found]) if found else np.zeros((0, 0), dtype=np.float32))

    def put(self, items: Iterable[tuple[str, Sequence[float] | np.ndarray]]) -> None:
        known = self._known()
        for key, vector in items:
            known[key] = np.asarray(vector, dtype=np.float32)
            self._added[key] = None
            self._dropped.discard(key)

    def drop(self, keys: Iterable[str]) -> None:
        known = self._known()
        for key in keys:
            known.pop(key, None)
            self._added.pop(key, None)
            self._dropped.add(key)

    def save(self) -> None:
        """Write what this process added and dropped into the file, over what other processes wrote there
        meanwhile (takes the write lock: not to be called under it)."""
        if self._path is None or not (self._added or self._dropped):
            return
        known = self._known()
        with write_lock(self._directory):
            rows = _read(self._path)
            rows.update((k, known[k]) for k in self._added if k in known)
            for key in self._dropped:
                rows.pop(key, None)
            if self._limit is not None and len(rows) > self._limit:  # the oldest first: rows keep their order
                rows = dict(list(rows.items())[len(rows) - self._limit:])
            _write(self._path, rows)
        self._added.clear()
        self._dropped.clear()


def _stamp(path: Path | None) -> tuple[int, int] | None:
    try:
        stat = path.stat() if path is not None else None
    except OSError:
        return None
    return (stat.st_size, stat.st_mtime_ns) if stat is not None else None


def _read(path: Path | None) -> dict[str, np.ndarray]:
    if path is None:
        return {}
    try:
        with np.load(path, allow_pickle=False) as data:
            return dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):  # none yet, or damaged: start over
        return {}


def _write(path: Path, rows: Mapping[str, np.ndarray]) -> None:
    keys = list(rows)
    width = {len(v) for v in rows.values()}
    if len(width) > 1:  # vectors of two models in one collection cannot happen; a cache would rather start over
        keys, rows = [], {}
    handle, scratch = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez(out, keys=np.asarray(keys, dtype=str),
                     vectors=np.stack([rows[k] for k in keys]) if keys else np.zeros((0, 0), dtype=np.float32))
        os.replace(scratch, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise


class TextVectors:
    """Unit document embeddings of short texts (node labels) by one model, kept across processes in a vector
    file of :data:`TEXT_VECTORS` rows at most: replay compares a hub's neighbours' labels at every question
    about it, and a shell question embedding 20 labels waited 0.3 s for vectors the last process had."""

    def __init__(self, directory: Path | None, collection: str) -> None:
        self._file = VectorFile(directory, collection, limit=TEXT_VECTORS)
        close_at_exit(self, "label vectors")

    def unit_vectors(self, model: Embeddings, texts: Sequence[str]) -> list[np.ndarray]:
        """As :func:`~cacherag.memory.embeddings.unit_vectors`, reading and keeping the file's vectors (the oldest
        written go first)."""
        keys = {text: _text_key(text) for text in texts}
        known = self._file.cached(keys.values())
        missing = list(dict.fromkeys(t for t in texts if keys[t] not in known))
        if missing:
            self._file.put((keys[t], unit(v)) for t, v in zip(missing, model.embed_documents(missing), strict=True))
        known |= self._file.cached(keys[t] for t in missing)
        return [known[keys[t]].astype(np.float64) for t in texts]

    def close(self) -> None:
        self._file.save()


TEXT_VECTORS = 4096  # labels whose vectors are kept (6 MB with the bundled model: read in 10 ms, 20,000 in 0.2 s)


def _text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]
