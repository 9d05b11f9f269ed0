"""Memories without Chroma on a shell question: vectors from the vector files, new records journaled.

A question from the shell that the memories have no plan for compares vectors (remembered questions, statements,
edges) and learns new records; neither needs Chroma, whose import alone costs more than the answer. These tests
hold the three promises that make that safe: the vectors read from the files are the ones Chroma holds (and
rank the same), journaled records are seen by every later process, and the next process that writes to Chroma
writes them there, so nothing learned is lost.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import chromadb
import numpy as np
import pytest
from chromadb.api.shared_system_client import SharedSystemClient
from chromadb.config import Settings
from test_memory_faults import Embeddings, plan

from cacherag.memory.edge_memory import COLLECTION as EDGES
from cacherag.memory.edge_memory import Edge, EdgeMemory
from cacherag.memory.plan_memory import COLLECTION as PLANS
from cacherag.memory.plan_memory import PlanMemory
from cacherag.memory.vectors import TextVectors, VectorFile

ASK = """
import json, sys
from cacherag.cli import main
try:
    main(["ask", sys.argv[1], "--json"])
except SystemExit as exit:
    print(json.dumps({"code": exit.code, "chromadb": "chromadb" in sys.modules}), file=sys.stderr)
"""

NEAREST = """
import json, sys
from cacherag.memory.plan_memory import PlanMemory
class Embeddings:  # as test_memory_faults's
    def embed_documents(self, texts):
        return [[float(len(t)), 1.0, 0.0] for t in texts]
memory = PlanMemory(sys.argv[1], embeddings=Embeddings())
found = memory.nearest("who is related to <E> number 17", "d", k=3)
print(json.dumps({"found": [r.entry.question for r in found], "chromadb": "chromadb" in sys.modules}))
"""


def _ask(question: str, home: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", ASK, question], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CACHERAG_HOME": str(home)})
    return {**json.loads(done.stderr.strip().splitlines()[-1]), **json.loads(done.stdout)}


def _chroma(directory: Path, collection: str) -> dict[str, object]:
    SharedSystemClient.clear_system_cache()
    client = chromadb.PersistentClient(path=str(directory), settings=Settings(anonymized_telemetry=False))
    return client.get_collection(collection).get(include=["documents", "metadatas", "embeddings"])


def test_a_new_plan_from_the_shell_is_journaled_then_reused_then_written_by_the_next_writer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for question in ("Who directed Alien?", "Which actors starred in Inception?"):
        learned = _ask(question, home)
        assert learned["code"] == 0 and not learned["trace"]["plan_cache_hit"]  # type: ignore[index]
        assert not learned["chromadb"]  # a new plan, learned without opening Chroma, even on a new memory …
    reused = _ask("Which actors starred in Jaws?", home)  # … is a plan-cache hit for the next process
    assert reused["trace"]["plan_cache_hit"] and not reused["chromadb"]  # type: ignore[index]
    assert not (home / "memory" / "chroma.sqlite3").exists() and (home / "memory" / f"{PLANS}.journal.jsonl").exists()
    SharedSystemClient.clear_system_cache()
    writer = PlanMemory(home / "memory")  # the bundled embedding model, as the shell's
    writer.open_store()  # a process that has Chroma open writes there, the journal first
    writer.add(plan(1))
    writer.close()
    stored = _chroma(home / "memory", PLANS)
    questions = ["Who directed <E>?", "Which actors starred in <E>?", plan(1).question]
    assert sorted(stored["documents"]) == sorted(questions)  # type: ignore[arg-type]
    assert not list((home / "memory").glob("*plans.journal.jsonl"))
    by_question = dict(zip(stored["documents"], stored["metadatas"], strict=True))  # type: ignore[arg-type]
    assert by_question["Which actors starred in <E>?"]["hits"] == 2  # learned once, reused once
    # the vectors written are the ones the shell processes embedded (kept in the vector file)
    shell = PlanMemory(home / "memory")._vector_rows  # noqa: SLF001 - what a later process reads
    ids, rows = shell([stored["ids"][stored["documents"].index(q)] for q in questions[:2]])  # type: ignore[index,union-attr]
    chroma_rows = [stored["embeddings"][stored["ids"].index(i)] for i in ids]  # type: ignore[index,union-attr]
    assert len(ids) == 2 and np.allclose(rows, chroma_rows, atol=1e-6)


def test_nearest_reads_the_vector_file_without_chroma_and_ranks_by_cosine(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add_many([plan(i) for i in (1, 7, 17, 170, 1700)])
    memory.close()
    done = subprocess.run([sys.executable, "-c", NEAREST, str(directory)], capture_output=True, text=True,
                          timeout=300)
    got = json.loads(done.stdout)
    assert not got["chromadb"]
    # The fake embedder's vectors are (length, 1, 0): nearest by cosine is nearest in length.
    query = np.array([len("who is related to <E> number 17"), 1.0, 0.0])
    questions = [plan(i).question for i in (1, 7, 17, 170, 1700)]
    cosine = {q: float(np.dot(query, [len(q), 1.0, 0.0]) / np.linalg.norm(query) / np.hypot(len(q), 1.0))
              for q in questions}
    assert got["found"] == sorted(questions, key=lambda q: -cosine[q])[:3]


def test_a_lost_vector_file_is_read_again_from_chroma(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    memory = PlanMemory(directory, embeddings=Embeddings())
    memory.add_many([plan(i) for i in (1, 17, 1700)])
    memory.close()
    (directory / f"{PLANS}.vectors.npz").unlink()
    SharedSystemClient.clear_system_cache()
    again = PlanMemory(directory, embeddings=Embeddings())
    assert [r.entry.question for r in again.nearest("who is related to <E> number 17", "d", k=1)] == [plan(17).question]
    again.close()
    assert (directory / f"{PLANS}.vectors.npz").exists()  # saved for the next process


def _edges(directory: Path) -> EdgeMemory:
    SharedSystemClient.clear_system_cache()
    return EdgeMemory(directory, journal=True)


def test_edge_vectors_learned_without_chroma_are_read_back_and_then_written_to_chroma(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    first = _edges(directory)  # a new memory: nothing to read, what it learns is journaled
    a, b = Edge("s", "p", "o"), Edge("o", "q", "t")
    first.memorize("d", [1.0, 0.0, 0.0], [a])
    first.close()
    second = _edges(directory)  # from the journal and the vector file, Chroma unopened …
    assert first._chroma is None and second._chroma is None
    assert np.allclose(second.vector("d", a, 3), first.vector("d", a, 3))
    second.memorize("d", [0.0, 1.0, 0.0], [a, b])  # … a changes, b is new: journaled
    second.close()
    assert second._chroma is None and list(directory.glob(f"{EDGES}.journal.jsonl"))
    expected = {e: second.vector("d", e, 3) for e in (a, b)}
    third = _edges(directory)
    assert all(np.allclose(third.vector("d", e, 3), v) for e, v in expected.items())
    third.open_store()
    third.memorize("d", [0.0, 0.0, 1.0], [Edge("t", "r", "u")])  # a writer with Chroma open syncs the journal
    third.close()
    stored = _chroma(directory, EDGES)
    vectors = {(m["s"], m["p"], m["o"]): np.asarray(v)  # type: ignore[index]
               for m, v in zip(stored["metadatas"], stored["embeddings"], strict=True)}  # type: ignore[arg-type]
    assert all(np.allclose(vectors[e.s, e.p, e.o], v) for e, v in expected.items())
    assert len(vectors) == 3 and not list(directory.glob(f"{EDGES}.journal.jsonl"))


def test_vector_file_saves_merge_what_other_processes_added_and_drop_only_what_this_one_dropped(
        tmp_path: Path) -> None:
    one, other = VectorFile(tmp_path, "c"), VectorFile(tmp_path, "c")
    one.put([("a", [1.0, 0.0]), ("b", [0.0, 1.0])])
    one.save()
    other.put([("c", [1.0, 1.0])])
    other.drop(["a"])
    other.save()
    one.put([("d", [2.0, 0.0])])
    one.save()  # "a" stays dropped: this process added it long ago, not now
    fresh = VectorFile(tmp_path, "c")
    assert sorted(fresh.cached(["a", "b", "c", "d"])) == ["b", "c", "d"]
    assert np.allclose(fresh.cached(["c"])["c"], [1.0, 1.0])


@pytest.mark.parametrize("damage", [b"", b"not a numpy file"])
def test_a_damaged_vector_file_is_an_empty_cache(tmp_path: Path, damage: bytes) -> None:
    (tmp_path / "c.vectors.npz").write_bytes(damage)
    assert VectorFile(tmp_path, "c").cached(["a"]) == {}


def test_two_shell_questions_at_once_lose_neither_plan_nor_vector(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "CACHERAG_HOME": str(home)}
    asks = [subprocess.Popen([sys.executable, "-m", "cacherag.cli", "ask", question, "--json"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for question in ("Who directed Alien?", "Which actors starred in Inception?")]
    assert [ask.wait(timeout=300) for ask in asks] == [0, 0]
    SharedSystemClient.clear_system_cache()
    memory = PlanMemory(home / "memory")
    questions = {"Who directed <E>?", "Which actors starred in <E>?"}
    assert {e.question for e in memory.entries()} == questions
    ids, _ = memory._vector_rows([e.id for e in memory.entries()])  # noqa: SLF001
    assert len(ids) == 2 and memory._chroma is None  # both vectors in the merged vector file  # noqa: SLF001


def test_a_writer_takes_what_others_journaled_into_the_mirror_file_it_writes(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    writer = PlanMemory(directory, embeddings=Embeddings())  # a process that goes on answering
    writer.add(plan(0))
    writer.flush()  # Chroma and a mirror file
    shell = PlanMemory(directory, embeddings=Embeddings(), journal=True)  # from the mirror file
    shell.add(plan(1))
    shell.close()  # journaled after the writer read the memory
    assert shell._chroma is None and list(directory.glob("*.journal.jsonl"))  # noqa: SLF001
    writer.add(plan(2))
    writer.close()  # writes the journal to Chroma, then its mirror file from what it holds
    assert not list(directory.glob("*.journal.jsonl"))
    SharedSystemClient.clear_system_cache()
    later = PlanMemory(directory, embeddings=Embeddings())  # from the mirror file the writer left
    assert later._chroma is None  # noqa: SLF001
    assert {e.question for e in later.entries()} == {plan(i).question for i in range(3)}


class CountingModel:
    """An embedding model that says which texts it was asked to embed."""

    def __init__(self) -> None:
        self.embedded: list[str] = []

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.embedded += texts
        return [[float(len(t)), float(sum(map(ord, t)) % 97), 1.0] for t in texts]


def test_label_vectors_embedded_by_one_process_are_read_by_the_next(tmp_path: Path) -> None:
    from cacherag.memory.embeddings import unit

    first, model = TextVectors(tmp_path, "texts"), CountingModel()
    vectors = first.unit_vectors(model, ["Han Solo", "Tatooine", "Han Solo"])
    first.close()
    later, again = TextVectors(tmp_path, "texts"), CountingModel()
    read = later.unit_vectors(again, ["Tatooine", "Han Solo", "Yoda"])
    assert again.embedded == ["Yoda"]
    assert np.allclose(read, [vectors[1], vectors[0], unit(again.embed_documents(["Yoda"])[0])], atol=1e-6)


def test_the_label_vector_file_keeps_the_last_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cacherag.memory.vectors.TEXT_VECTORS", 3)
    for texts in (["a", "b", "c"], ["d", "b"]):  # "b" is read, "d" pushes the oldest out
        kept = TextVectors(tmp_path, "texts")
        kept.unit_vectors(CountingModel(), texts)
        kept.close()
    model = CountingModel()
    TextVectors(tmp_path, "texts").unit_vectors(model, ["a", "b", "c", "d"])
    assert model.embedded == ["a"]
