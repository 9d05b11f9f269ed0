"""Chroma clients: an embedded ``PersistentClient`` in a directory, or ``HttpClient`` to `chroma run`."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import chromadb
from chromadb.config import Settings

from cacherag.tools.errors import StoreError

DEFAULT_MEMORY_DIR = Path(os.environ.get("CACHERAG_HOME", Path.home() / ".cacherag")) / "memory"


def open_client(memory_dir: str | Path | None = None, host: str | None = None,
                port: int = 8000) -> chromadb.ClientAPI:
    """The Chroma client the memories live in; ``host`` wins over ``memory_dir`` when both are set."""
    settings = Settings(anonymized_telemetry=False)
    if host:
        try:
            return chromadb.HttpClient(host=host, port=port, settings=settings)
        except Exception as exc:  # chromadb raises several types for an unreachable server
            raise StoreError(f"cannot reach the Chroma server at {host}:{port}: {exc}") from exc
    directory = Path(memory_dir or DEFAULT_MEMORY_DIR).expanduser()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(directory), settings=settings)
    except Exception as exc:
        raise StoreError(f"cannot open the memory directory {directory}: {exc}") from exc


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
