"""Chroma clients: an embedded ``PersistentClient`` in a directory, or ``HttpClient`` to `chroma run`.

A memory directory also holds a manifest: how many entries each collection held after the last write
(written under the write lock). A store that now holds fewer — an emptied or truncated ``chroma.sqlite3``,
which Chroma would silently recreate empty — is reported as :class:`MemoryCorruptError` instead of being
used as if nothing had been remembered; :func:`set_aside` moves it to a backup so the next run starts fresh.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import fcntl
import json
import os
import tempfile
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cacherag.tools.errors import MemoryCorruptError, MemoryReadOnlyError, StoreError

if TYPE_CHECKING:
    import chromadb

DEFAULT_MEMORY_DIR = Path(os.environ.get("CACHERAG_HOME", Path.home() / ".cacherag")) / "memory"
MANIFEST = "cacherag-manifest.json"
JOURNAL_MAX_BYTES = 4 << 20  # past this, writes go to Chroma (and empty the journal) instead
# A write of more records goes to Chroma (a bulk write, history warm-up, would only be written twice); a question
# writes fewer, though one about a hub moves hundreds of edge vectors.
JOURNAL_MAX_RECORDS = 2048
SYNC_BATCH = 2000  # records a journal is written to Chroma in at a time (Chroma bounds a batch)
_READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def memory_path(memory_dir: str | Path | None) -> Path:
    """The memory directory a ``memory_dir`` option names (the default one when it is None)."""
    return Path(memory_dir or DEFAULT_MEMORY_DIR).expanduser()


def made_memory_path(memory_dir: str | Path | None) -> Path:
    """:func:`memory_path`, created if missing (a :class:`StoreError` when it cannot be)."""
    directory = memory_path(memory_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot open the memory directory {directory}: {exc}") from exc
    return directory


_clients: dict[Path, list[Any]] = {}  # the embedded clients opened per memory directory (see close_clients)
_clients_lock = threading.Lock()
_lock_guards: dict[Path, threading.RLock] = {}  # per lock file: the thread of this process holding it (write_lock)
_lock_depths: dict[Path, int] = {}  # … and how many times over
_lock_guards_lock = threading.Lock()


def open_client(memory_dir: str | Path | None = None, host: str | None = None,
                port: int = 8000) -> chromadb.ClientAPI:
    """The Chroma client the memories live in; ``host`` wins over ``memory_dir`` when both are set."""
    import chromadb  # imported on first use: a question answered from the mirrors never needs it
    from chromadb.config import Settings

    settings = Settings(anonymized_telemetry=False)
    if host:
        try:
            return chromadb.HttpClient(host=host, port=port, settings=settings)
        except Exception as exc:  # chromadb raises several types for an unreachable server
            raise StoreError(f"cannot reach the Chroma server at {host}:{port}: {exc}") from exc
    directory = made_memory_path(memory_dir)

    def opened() -> chromadb.ClientAPI:
        try:
            return chromadb.PersistentClient(path=str(directory), settings=settings)
        except Exception as exc:  # sqlite and Chroma raise many types for a damaged database
            raise damaged(directory, exc) from exc

    # Opening Chroma touches its database file (its times change, not its records): the mirror files that matched
    # it still hold their collections, and keep matching (else the next shell question reads Chroma again).
    try:
        with unmirrored(directory):
            client = opened()
    except MemoryReadOnlyError:  # a directory that cannot be written (nor locked) may still be read
        client = opened()
    with _clients_lock:
        _clients.setdefault(directory, []).append(client)
    return client


def close_clients(memory_dir: str | Path | None) -> None:
    """Close the embedded Chroma clients opened on ``memory_dir``: Chroma stops the store (its SQLite and
    index files, its threads) when the last client of a directory is closed."""
    with _clients_lock:
        clients = _clients.pop(memory_path(memory_dir), [])
    for client in clients:
        with contextlib.suppress(Exception):  # a client already closed, or a store gone meanwhile
            client.close()


def damaged(directory: Path, exc: Exception) -> StoreError:
    """The error for a memory directory that failed: :class:`MemoryReadOnlyError` when it cannot be written
    (the lock file, or Chroma's "readonly database"), else :func:`corrupt`."""
    if (isinstance(exc, OSError) and exc.errno in _READ_ONLY) or "readonly database" in str(exc).lower():
        return MemoryReadOnlyError(
            f"the memory directory {directory} cannot be written ({' '.join(str(exc).split())[:200]}); nothing "
            f"was changed. cacherag writes there what it learns: point --memory-dir (or CACHERAG_HOME) at a "
            f"writable directory (a copy of this one keeps what it remembers)")
    return corrupt(directory, exc)


def corrupt(directory: Path, problem: object) -> MemoryCorruptError:
    """The error for a damaged memory directory, with the way out."""
    return MemoryCorruptError(
        f"the memory store in {directory} is damaged ({' '.join(str(problem).split())[:300]}); nothing was "
        f"changed. Restore it from a backup, or move it aside with `cacherag memory repair --memory-dir "
        f"{directory}` (kept as {directory.name}.corrupt-<time>) to start afresh"
    )


def close_at_exit(memory: Any, what: str) -> None:
    """Persist what ``memory`` still holds (``memory.close()``) when the interpreter exits; a store that is
    gone by then is reported as a warning naming ``what``."""
    atexit.register(_close_at_exit, weakref.ref(memory), what)


def _close_at_exit(ref: weakref.ref[Any], what: str) -> None:
    memory = ref()
    if memory is None:
        return
    try:
        memory.close()
    except Exception as exc:  # noqa: BLE001 - at exit there is no caller left to handle it
        warnings.warn(f"cacherag: {what} could not be saved at exit: {exc}", RuntimeWarning, stacklevel=1)


@contextlib.contextmanager
def write_lock(memory_dir: str | Path | None) -> Iterator[None]:
    """Serialize writers across processes sharing one memory directory (no-op for a Chroma server); a thread
    holding it may take it again (opening Chroma takes it, both inside a write and outside one)."""
    if memory_dir is None:
        yield
        return
    path = Path(memory_dir).expanduser().resolve() / ".write.lock"  # (one key however the directory is spelled)
    with _lock_guards_lock:
        guard = _lock_guards.setdefault(path, threading.RLock())
    with guard:  # (one thread at a time: the depth is the holding thread's; a second flock of it would wait forever)
        if _lock_depths.get(path):
            _lock_depths[path] += 1
            try:
                yield
            finally:
                _lock_depths[path] -= 1
            return
        try:
            handle = path.open("a")
        except OSError as exc:
            raise damaged(path.parent, exc) from exc
        with handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            _lock_depths[path] = 1
            try:
                yield
            finally:
                _lock_depths[path] = 0
                fcntl.flock(handle, fcntl.LOCK_UN)


def _manifest(directory: Path) -> dict[str, int]:
    try:
        data = json.loads((directory / MANIFEST).read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise corrupt(directory, f"unreadable manifest: {exc}") from exc
    return {str(k): int(v) for k, v in data.items()} if isinstance(data, dict) else {}


def record_count(directory: Path | None, collection: str, count: int) -> None:
    """Note ``count`` entries in ``collection`` (call it under :func:`write_lock`, after a write)."""
    if directory is None:
        return
    write_json(directory / MANIFEST, {**_manifest(directory), collection: count})


def write_json(path: Path, data: object) -> None:
    """Replace ``path`` with ``data`` as JSON in one step (a scratch file renamed over it)."""
    handle, scratch = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False)
    os.replace(scratch, path)


def check_count(directory: Path | None, collection: str, count: int) -> None:
    """Raise :class:`MemoryCorruptError` when ``collection`` holds fewer entries than the manifest records."""
    if directory is None:
        return
    recorded = _manifest(directory).get(collection)
    if recorded is not None and count < recorded:
        raise corrupt(directory, f"'{collection}' holds {count} entries where {recorded} were written")


def set_aside(memory_dir: str | Path | None) -> Path:
    """Move a (damaged) memory directory to a timestamped backup beside it; returns the backup's path."""
    directory = memory_path(memory_dir)
    if not directory.is_dir():
        raise StoreError(f"no memory directory at {directory}")
    backup = directory.with_name(f"{directory.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    directory.rename(backup)
    return backup


Records = dict[str, list[Any]]  # {"ids": [...], "documents": [...], "metadatas": [...]}, as Chroma's get()
JournalRow = dict[str, Any]  # {"metadata": {...}} and, for a new record, {"document": "..."}
VectorOf = Callable[[str, JournalRow], "Sequence[float] | None"]  # a journaled record's vector, None: none to write


def plain(records: Any) -> Records:
    """Chroma's ``get()`` result as plain JSON-able lists."""
    return {"ids": list(records["ids"]), "documents": list(records["documents"] or []),
            "metadatas": [dict(m) for m in records["metadatas"] or []]}


def open_collection(memory_dir: str | Path | None, host: str | None, port: int, name: str) -> Any:
    """The Chroma collection ``name`` (cosine space, vectors given by the caller), created if missing."""
    return open_client(memory_dir, host, port).get_or_create_collection(
        name, embedding_function=None, metadata={"hnsw:space": "cosine"})


@contextlib.contextmanager
def writing(memory_dir: Path | None, mirror: Mirror | None, collection: Callable[[], Any],
            overlay: Callable[[dict[str, JournalRow]], None], own: Callable[[], Records], vector_of: VectorOf,
            fetch: Callable[[Any], Records] = lambda collection: stored_records(collection)) -> Iterator[Any]:
    """A write to a memory's Chroma collection under the write lock, keeping its mirror file true (see
    :meth:`Mirror.writing`; a Chroma server has no mirror)."""
    with write_lock(memory_dir):
        if mirror is None:
            yield collection()
        else:
            with mirror.writing(collection(), overlay, own, vector_of, fetch) as opened:
                yield opened


def stored_records(collection: Any) -> Records:
    """A collection's records (documents and metadata), read from Chroma."""
    return plain(collection.get(include=["documents", "metadatas"]))


def signature(directory: Path) -> list[int]:
    """Size, modification and change times and inode of Chroma's database ([] when there is none)."""
    try:
        stat = (directory / "chroma.sqlite3").stat()
    except FileNotFoundError:
        return []
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


def restamp(directory: Path, before: list[int], after: list[int], skip: Path | None = None) -> None:
    """The mirror files that matched the database before a write to another collection still hold their
    collections' records: they get the database's new signature."""
    for path in directory.glob("*.mirror.json"):
        if path == skip:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            continue
        if isinstance(data, dict) and data.get("signature") == before and before:
            write_json(path, {**data, "signature": after})


@contextlib.contextmanager
def unmirrored(memory_dir: Path | None) -> Iterator[None]:
    """Under the write lock, a change to Chroma that leaves the mirrored collections as they are (opening it, or
    writing a collection kept without a mirror file): the mirror files that matched stay valid."""
    with write_lock(memory_dir):
        before = signature(memory_dir) if memory_dir is not None else []
        yield
        if memory_dir is not None and (after := signature(memory_dir)) != before:
            restamp(memory_dir, before, after)


class Mirror:
    """The records of one collection kept beside Chroma, so a process that only reads never opens Chroma.

    A *snapshot* (ids, documents, metadatas) is written after every write to Chroma, with the signature
    of Chroma's database file at that moment; it is used only while the database is unchanged (any other
    writer changes the signature, and then Chroma is read again). A *journal* holds what is not yet written
    to Chroma: new records (their vectors in the memory's vector file, see ``vectors.py``) and metadata
    updates (hit counts, last use), appended by processes that never opened Chroma (a question from the
    shell), read over the records at load, written to Chroma (and emptied) by the next process that writes
    there. Call every method under :func:`write_lock`.
    """

    def __init__(self, directory: Path, collection: str) -> None:
        self.directory = directory
        self._snapshot = directory / f"{collection}.mirror.json"
        self._journal = directory / f"{collection}.journal.jsonl"
        self.known: list[int] = []  # the database's signature when this process's records last matched it

    def signature(self) -> list[int]:
        return signature(self.directory)

    def load(self) -> dict[str, list[Any]] | None:
        """The snapshot's records when Chroma has not changed since it was written (none when Chroma's
        database was never made: a new memory needs no Chroma until the journal is full), else None."""
        signature = self.signature()
        if not signature:
            self.known = []
            return {"ids": [], "documents": [], "metadatas": []}
        try:
            data = json.loads(self._snapshot.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError, OSError):
            return None
        if not isinstance(data, dict) or data.get("signature") != signature:
            return None
        self.known = signature
        return data.get("records")

    def save(self, records: Records) -> None:
        self.known = self.signature()
        write_json(self._snapshot, {"signature": self.known, "records": records})

    def read(self, fetch: Callable[[], Records]) -> Records:
        """The records: from the mirror file while the database is unchanged, else read from Chroma by
        ``fetch`` (opening it may create the collection) and written to the mirror file."""
        records = self.load()
        if records is None:
            before = self.signature()
            records = fetch()
            self.save(records)
            self._restamp(before)
        return records

    @contextlib.contextmanager
    def writing(self, collection: Any, overlay: Callable[[dict[str, JournalRow]], None],
                own: Callable[[], Records], vector_of: VectorOf, fetch: Callable[[Any], Records]) -> Iterator[Any]:
        """A write to ``collection``: the journal goes first (``overlay`` takes its rows into this process's
        records, as written), then the caller's change, then the mirror file: from ``own()`` (this process's
        records) when nobody else wrote since they last matched the database, else read back from Chroma
        (``fetch``)."""
        before = self.signature()
        alone = before == self.known
        overlay(self.sync(collection, vector_of))
        yield collection
        self.save(own() if alone else fetch(collection))
        self._restamp(before)

    def _restamp(self, before: list[int]) -> None:
        restamp(self.directory, before, self.known, skip=self._snapshot)

    def journaled(self) -> dict[str, JournalRow]:
        """What is not yet in Chroma, by id: the last metadata written for it, and the document of a record
        that is new (:data:`JournalRow`)."""
        rows: dict[str, JournalRow] = {}
        try:
            lines = self._journal.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return rows
        for line in lines:
            try:
                row = json.loads(line)
                entry_id, metadata = str(row["id"]), dict(row["metadata"])
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a crash: that one update is lost, nothing else
            rows[entry_id] = {**rows.get(entry_id, {}), "metadata": metadata,
                              **({"document": str(row["document"])} if "document" in row else {})}
        return rows

    def takes(self, records: int) -> bool:
        """Whether a write of ``records`` new or changed records goes to the journal: a question's few do, a
        bulk write (history warm-up) does not, nor any once the journal is long enough that the next writer
        should open Chroma and empty it."""
        try:
            size = self._journal.stat().st_size
        except FileNotFoundError:
            size = 0
        return records <= JOURNAL_MAX_RECORDS and size <= JOURNAL_MAX_BYTES

    def journal(self, rows: dict[str, JournalRow]) -> None:
        with self._journal.open("a", encoding="utf-8") as out:
            for entry_id, row in rows.items():
                out.write(json.dumps({"id": entry_id, **row}, ensure_ascii=False) + "\n")

    def sync(self, collection: Any, vector_of: VectorOf) -> dict[str, JournalRow]:
        """Write the journal to ``collection`` and empty it: the records ``vector_of`` gives a vector (new ones,
        and changed vectors) are upserted, the others' metadata updated where the collection still holds them
        (a record whose vector is lost is left out). Returns the journal's rows."""
        rows = self.journaled()
        vectors = {i: v for i, v in ((i, vector_of(i, row)) for i, row in rows.items()) if v is not None}
        for documented in (True, False):
            upserts = [i for i in vectors if ("document" in rows[i]) == documented]
            for chunk in (upserts[i:i + SYNC_BATCH] for i in range(0, len(upserts), SYNC_BATCH)):
                collection.upsert(ids=chunk, embeddings=[vectors[i] for i in chunk],
                                  metadatas=[rows[i]["metadata"] for i in chunk],
                                  **({"documents": [rows[i]["document"] for i in chunk]} if documented else {}))
        updates = [i for i, row in rows.items() if i not in vectors and "document" not in row]
        for chunk in (updates[i:i + SYNC_BATCH] for i in range(0, len(updates), SYNC_BATCH)):
            present = collection.get(ids=chunk, include=[])["ids"]
            if present:
                collection.update(ids=present, metadatas=[rows[i]["metadata"] for i in present])
        self._journal.unlink(missing_ok=True)
        return rows
