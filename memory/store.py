"""Chroma clients: an embedded ``PersistentClient`` in a directory, or ``HttpClient`` to `chroma run`.

A memory directory also holds a manifest: how many entries each collection held after the last write
(written under the write lock). A store that now holds fewer — an emptied or truncated ``chroma.sqlite3``,
which Chroma would silently recreate empty — is reported as :class:`MemoryCorruptError` instead of being
used as if nothing had been remembered; :func:`set_aside` moves it to a backup so the next run starts fresh.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import os
import tempfile
import time
import warnings
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chromadb
from chromadb.config import Settings

from cacherag.tools.errors import MemoryCorruptError, StoreError

DEFAULT_MEMORY_DIR = Path(os.environ.get("CACHERAG_HOME", Path.home() / ".cacherag")) / "memory"
MANIFEST = "cacherag-manifest.json"


def memory_path(memory_dir: str | Path | None) -> Path:
    """The memory directory a ``memory_dir`` option names (the default one when it is None)."""
    return Path(memory_dir or DEFAULT_MEMORY_DIR).expanduser()


def open_client(memory_dir: str | Path | None = None, host: str | None = None,
                port: int = 8000) -> chromadb.ClientAPI:
    """The Chroma client the memories live in; ``host`` wins over ``memory_dir`` when both are set."""
    settings = Settings(anonymized_telemetry=False)
    if host:
        try:
            return chromadb.HttpClient(host=host, port=port, settings=settings)
        except Exception as exc:  # chromadb raises several types for an unreachable server
            raise StoreError(f"cannot reach the Chroma server at {host}:{port}: {exc}") from exc
    directory = memory_path(memory_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot open the memory directory {directory}: {exc}") from exc
    try:
        return chromadb.PersistentClient(path=str(directory), settings=settings)
    except Exception as exc:  # sqlite and Chroma raise many types for a damaged database
        raise corrupt(directory, exc) from exc


def corrupt(directory: Path, problem: object) -> MemoryCorruptError:
    """The error for a damaged memory directory, with the way out."""
    return MemoryCorruptError(
        f"the memory store in {directory} is damaged ({' '.join(str(problem).split())[:300]}); nothing was "
        f"changed. Restore it from a backup, or move it aside with `cacherag memory repair --memory-dir "
        f"{directory}` (kept as {directory.name}.corrupt-<time>) to start afresh"
    )


def flush_at_exit(memory: Any, what: str) -> None:
    """Persist what ``memory`` still holds (``memory.flush()``) when the interpreter exits; a store that is
    gone by then is reported as a warning naming ``what``."""
    atexit.register(_flush_at_exit, weakref.ref(memory), what)


def _flush_at_exit(ref: weakref.ref[Any], what: str) -> None:
    memory = ref()
    if memory is None:
        return
    try:
        memory.flush()
    except Exception as exc:  # noqa: BLE001 - at exit there is no caller left to handle it
        warnings.warn(f"cacherag: {what} could not be saved at exit: {exc}", RuntimeWarning, stacklevel=1)


@contextlib.contextmanager
def write_lock(memory_dir: str | Path | None) -> Iterator[None]:
    """Serialize writers across processes sharing one memory directory (no-op for a Chroma server)."""
    if memory_dir is None:
        yield
        return
    path = Path(memory_dir).expanduser() / ".write.lock"
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
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
    manifest = {**_manifest(directory), collection: count}
    handle, scratch = tempfile.mkstemp(prefix=".manifest-", dir=directory)
    with os.fdopen(handle, "w") as out:
        json.dump(manifest, out)
    os.replace(scratch, directory / MANIFEST)


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
