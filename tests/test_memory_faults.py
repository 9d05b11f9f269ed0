"""Plan memory under poison, failing stores and corruption: nothing is lost silently.

A bad entry costs only itself; a failing store keeps the batch pending; an emptied, truncated or
scribbled-over store is reported (never silently reset) and can be set aside; the default directory
takes the write lock too.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from chromadb.api.shared_system_client import SharedSystemClient

from cacherag.cli import main
from cacherag.memory import store as memory_store
from cacherag.memory.plan_memory import PlanEntry, PlanMemory
from cacherag.tools.errors import MemoryCorruptError, MemoryReadOnlyError, StoreError


class Embeddings:
    """A deterministic embedder that, like a real one, cannot embed some texts."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        for text in texts:
            if "POISON" in text:
                raise ValueError("cannot embed this text")
        return [[float(len(t)), 1.0, 0.0] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def plan(i: int, question: str | None = None) -> PlanEntry:
    step = {"predicate": f"<http://x/p{i % 3}>", "inverse": False, "label": f"p{i % 3}"}
    return PlanEntry(question=question or f"who is related to <E> number {i}", steps=[step], domain="d",
                     aspect=f"p{i % 3}")


def reopen(directory: Path) -> PlanMemory:
    SharedSystemClient.clear_system_cache()  # read the files again, as another process would
    return PlanMemory(directory, embeddings=Embeddings())


@pytest.fixture
def directory(tmp_path: Path) -> Path:
    return tmp_path / "memory"


@pytest.mark.parametrize("poison", ["Who directed \udcff The Matrix <E>", "POISON <E>"], ids=["surrogate", "embedder"])
def test_a_poisoned_entry_costs_only_itself(directory: Path, poison: str) -> None:
    memory = PlanMemory(directory, embeddings=Embeddings(), write_behind=32)
    with pytest.warns(RuntimeWarning, match="not remembered"):
        for i in range(31):
            memory.add(plan(i))
        memory.add(plan(99, poison))  # the 32nd entry triggers the write-behind flush
    assert len(memory) == 31 and not memory._pending
    assert len(reopen(directory)) == 31


def test_a_failing_store_keeps_the_batch_pending(directory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = PlanMemory(directory, embeddings=Embeddings(), write_behind=100)
    for i in range(10):
        memory.add(plan(i))
    collection = memory._collection

    def broken(**_: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(collection, "upsert", broken)
    with pytest.raises(StoreError, match="stay pending"):
        memory.flush()
    assert len(memory._pending) == 10
    monkeypatch.undo()
    memory.flush()
    assert len(reopen(directory)) == 10


def _filled(directory: Path, n: int = 40) -> None:
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add_many([plan(i) for i in range(n)])
    memory.close()


def _truncate(db: Path) -> None:
    db.write_bytes(b"")


def _scribble(db: Path) -> None:
    data = bytearray(db.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 4096] = os.urandom(4096)
    data[100:200] = os.urandom(100)  # the header's page counts too
    db.write_bytes(bytes(data))


def _delete_rows(directory: Path) -> None:
    memory = reopen(directory)
    memory._collection.delete(ids=[e.id for e in memory.entries()][:25])  # behind the manifest's back


@pytest.mark.parametrize("damage", [
    lambda d: _truncate(d / "chroma.sqlite3"),
    lambda d: _scribble(d / "chroma.sqlite3"),
    _delete_rows,
], ids=["truncated-to-zero", "random-bytes", "rows-deleted"])
def test_a_damaged_store_is_reported_never_reset(directory: Path, damage: object) -> None:
    _filled(directory)
    damage(directory)  # type: ignore[operator]
    with pytest.raises(MemoryCorruptError, match="memory repair"):
        reopen(directory)
    backup = memory_store.set_aside(directory)
    assert backup.is_dir() and (backup / "chroma.sqlite3").exists() and not directory.exists()
    fresh = reopen(directory)
    assert len(fresh) == 0
    fresh.add_many([plan(1)])
    assert len(reopen(directory)) == 1


def test_clearing_and_eviction_update_the_manifest(directory: Path) -> None:
    _filled(directory)
    memory = reopen(directory)
    assert memory.clear(domain="d") == 40
    bounded = PlanMemory(directory, embeddings=Embeddings(), bucket_bound=2)
    bounded.add_many([plan(i) for i in range(12)])
    bounded.add(plan(50))
    bounded.close()
    assert len(reopen(directory)) == len(bounded) == 6


def test_the_default_directory_takes_the_write_lock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    default = tmp_path / "home" / "memory"
    monkeypatch.setattr(memory_store, "DEFAULT_MEMORY_DIR", default)
    memory = PlanMemory(embeddings=Embeddings())
    assert memory.memory_dir == default
    memory.add_many([plan(1)])
    assert (default / ".write.lock").exists() and (default / memory_store.MANIFEST).exists()


def test_memory_repair_command_sets_a_damaged_store_aside(directory: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    _filled(directory)
    _truncate(directory / "chroma.sqlite3")
    with pytest.raises(SystemExit) as done:
        main(["memory", "repair", "--memory-dir", str(directory), "--json"])
    assert done.value.code == 0
    backup = Path(json.loads(capsys.readouterr().out)["backup"])
    assert backup.is_dir() and not directory.exists()


def test_more_entries_than_the_manifest_records_is_no_damage(directory: Path) -> None:
    _filled(directory)
    memory = reopen(directory)
    extra = plan(500)
    memory._collection.upsert(ids=[extra.id], documents=[extra.question], embeddings=[[1.0, 1.0, 0.0]],
                              metadatas=[extra.metadata()])  # a writer that kept no manifest
    assert len(reopen(directory)) == 41


@pytest.mark.parametrize("manifest", ["not json", None], ids=["garbage", "a-directory"])
def test_an_unreadable_manifest_is_reported(directory: Path, manifest: str | None) -> None:
    _filled(directory)
    path = directory / memory_store.MANIFEST
    path.unlink()
    if manifest is None:
        path.mkdir()
    else:
        path.write_text(manifest)
    with pytest.raises(MemoryCorruptError, match="unreadable manifest"):
        reopen(directory)


def test_a_memory_directory_that_cannot_exist_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError, match="cannot open the memory directory"):
        PlanMemory(tmp_path / "file" / "memory", embeddings=Embeddings())


def _read_only(directory: Path, command: list[str]) -> list[str]:
    """``command`` run with ``directory`` read-only: a read-only bind mount for root (whom permissions do
    not stop), the directory's write bits for anyone else."""
    if os.geteuid() != 0:
        for path in [directory, *directory.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)
        return command
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1) to mount the directory read-only")
    script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"'
    wrapped = ["unshare", "-m", "sh", "-c", script, str(directory)]
    if subprocess.run([*wrapped, "true"], capture_output=True).returncode != 0:
        pytest.skip("this machine does not allow a read-only bind mount")
    return [*wrapped, *command]


def _listing(directory: Path) -> list[tuple[str, int, int]]:
    return sorted((str(p.relative_to(directory)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in directory.rglob("*") if p.is_file())


def test_a_read_only_memory_directory_is_said_to_be_read_only_not_damaged(directory: Path) -> None:
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add_many([plan(i) for i in range(5)])
    before = _listing(directory)
    for command in (["memory", "stats"], ["ask", "Who directed The Matrix?"]):
        run = subprocess.run(_read_only(directory, [sys.executable, "-c", "from cacherag.cli import main; main()",
                                                    *command, "--memory-dir", str(directory)]),
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 2, run.stderr
        last = run.stderr.strip().splitlines()[-1]
        assert last.startswith("cacherag: MemoryReadOnlyError: ") and "cannot be written" in last, last
        assert "damaged" not in run.stderr and "Traceback" not in run.stderr
    assert _listing(directory) == before  # nothing written, nothing moved aside
    assert len(reopen(directory)) == 5


@pytest.mark.parametrize("problem, error", [
    (OSError(errno.EROFS, "Read-only file system"), MemoryReadOnlyError),
    (PermissionError(errno.EACCES, "Permission denied"), MemoryReadOnlyError),
    (sqlite3.OperationalError("attempt to write a readonly database"), MemoryReadOnlyError),
    (sqlite3.DatabaseError("database disk image is malformed"), MemoryCorruptError),
    (OSError(errno.EIO, "Input/output error"), MemoryCorruptError),
])
def test_a_store_failure_is_named_for_what_it_is(tmp_path: Path, problem: Exception, error: type) -> None:
    assert type(memory_store.damaged(tmp_path, problem)) is error
