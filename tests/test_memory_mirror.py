"""The memories' mirror files: a process that only answers from memory never opens Chroma, and nothing it
or any other writer records is lost (hits are journaled, then written to Chroma by the next writer)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import chromadb
import pytest
from chromadb.api.shared_system_client import SharedSystemClient
from chromadb.config import Settings
from test_memory_faults import Embeddings, plan, reopen

from cacherag.memory import store as memory_store
from cacherag.memory.plan_memory import COLLECTION, PlanMemory

ASK = """
import json, sys
from cacherag.cli import main
try:
    main(["ask", sys.argv[1], "--json"])
except SystemExit as exit:
    print(json.dumps({"code": exit.code, "chromadb": "chromadb" in sys.modules}), file=sys.stderr)
"""


def _ask(question: str, home: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", ASK, question], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CACHERAG_HOME": str(home)})
    return {**json.loads(done.stderr.strip().splitlines()[-1]), **json.loads(done.stdout)}


def _hits(home: Path) -> dict[str, int]:
    done = subprocess.run([sys.executable, "-m", "cacherag.cli", "memory", "show", "--json"], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "CACHERAG_HOME": str(home)})
    return {e["question"]: e["hits"] for e in json.loads(done.stdout)}


def _chroma_hits(directory: Path) -> dict[str, int]:
    SharedSystemClient.clear_system_cache()
    client = chromadb.PersistentClient(path=str(directory), settings=Settings(anonymized_telemetry=False))
    got = client.get_collection(COLLECTION).get(include=["documents", "metadatas"])
    return {d: int(m["hits"]) for d, m in zip(got["documents"], got["metadatas"], strict=True)}


def _batch(question: str, home: Path) -> None:
    """Ask as a process that opens Chroma and writes there (``ask --batch`` preloads the memories)."""
    questions = home.parent / "questions.txt"
    questions.write_text(question + "\n")
    subprocess.run([sys.executable, "-m", "cacherag.cli", "ask", "--batch", str(questions), "--json"],
                   capture_output=True, text=True, timeout=300, check=True,
                   env={**os.environ, "CACHERAG_HOME": str(home)})


def test_a_remembered_question_needs_no_chroma_and_its_hit_is_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _batch("Who directed Alien?", home)  # a new plan, written to Chroma
    for question in ("Who directed Jaws?", "Who directed Inception?"):
        hit = _ask(question, home)
        assert hit["code"] == 0 and hit["trace"]["plan_cache_hit"] and not hit["chromadb"]  # type: ignore[index]
    assert _hits(home) == {"Who directed <E>?": 3}  # the journaled hits are read back by the next process
    assert _chroma_hits(home / "memory") == {"Who directed <E>?": 1}  # … not yet written to Chroma
    _batch("Which actors starred in Inception?", home)  # a new plan: the next writer …
    assert _chroma_hits(home / "memory") == {"Who directed <E>?": 3, "Which actors starred in <E>?": 1}  # … syncs
    assert not list((home / "memory").glob("*.journal.jsonl"))


def test_a_write_by_another_writer_is_seen(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add(plan(1))
    memory.close()
    # Another writer (an older cacherag, or Chroma's own client) adds an entry behind the mirror's back.
    SharedSystemClient.clear_system_cache()
    other = chromadb.PersistentClient(path=str(directory), settings=Settings(anonymized_telemetry=False))
    entry = plan(2)
    other.get_collection(COLLECTION).add(ids=[entry.id], documents=[entry.question], embeddings=[[1.0, 2.0, 3.0]],
                                         metadatas=[entry.metadata()])
    assert {e.question for e in reopen(directory).entries()} == {plan(1).question, plan(2).question}


def test_two_memories_in_one_directory_keep_each_others_mirror_valid(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    for i, collection in enumerate(["plans-a", "plans-b"]):
        memory = PlanMemory(directory, embeddings=Embeddings(), collection=collection)
        memory.add(plan(i))
        memory.close()
    mirrors = {p.name: json.loads(p.read_text())["signature"] for p in directory.glob("*.mirror.json")}
    assert len(mirrors) == 2 and len({json.dumps(s) for s in mirrors.values()}) == 1  # both stamped current


def test_a_long_journal_is_written_to_chroma(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = tmp_path / "memory"
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add(plan(1))
    memory.close()
    again = reopen(directory)
    again.touch(again.entries()[0])
    again.flush()
    assert again._chroma is None and list(directory.glob("*.journal.jsonl"))  # journaled, Chroma never opened
    monkeypatch.setattr(memory_store, "JOURNAL_MAX_BYTES", 0)
    again.touch(again.entries()[0])
    again.flush()
    assert not list(directory.glob("*.journal.jsonl")) and _chroma_hits(directory) == {plan(1).question: 3}


def test_opening_chroma_without_writing_keeps_the_mirror_files_valid(tmp_path: Path) -> None:
    """Opening Chroma changes its database file's times, not its records: a process that opens it and writes
    nothing (an engine that preloads, a vector read) leaves the next shell question reading the mirror files."""
    directory = tmp_path / "memory"
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add(plan(1))
    memory.close()
    memory_store.close_clients(directory)
    stamped = memory_store.signature(directory)
    SharedSystemClient.clear_system_cache()
    memory_store.open_client(directory).get_collection(COLLECTION).count()
    memory_store.close_clients(directory)
    assert memory_store.signature(directory) != stamped  # (what made the next question read Chroma again)
    records = memory_store.Mirror(directory, COLLECTION).load()
    assert records is not None and records["documents"] == [plan(1).question]


def test_the_write_lock_may_be_taken_again_by_the_thread_holding_it(tmp_path: Path) -> None:
    with memory_store.write_lock(tmp_path), memory_store.write_lock(tmp_path):
        (tmp_path / "inside").touch()
    assert (tmp_path / "inside").exists()
