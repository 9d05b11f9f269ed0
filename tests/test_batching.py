"""Cache-aware batch order (Mnemosyne §3.1) and CacheRAG.batch(reorder=True)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacherag.api import CacheRAG
from cacherag.batching import reorder, sparse_locality
from cacherag.graphs.resources import close_all, resources
from cacherag.tools.cached_kg import CachedKG, caching_off

entity_sets = st.lists(st.sets(st.integers(0, 15), max_size=3), max_size=40)


@settings(max_examples=200, deadline=None)
@given(entity_sets, st.integers(1, 8))
def test_order_is_a_permutation_and_flags_questions_sharing_nothing(entities: list[set[int]],
                                                                       window: int) -> None:
    plan = reorder(entities, window)
    assert sorted(plan.order) == list(range(len(entities)))
    # Singletons: exactly the questions sharing no entity with any other.
    for q, named in enumerate(entities):
        shares = any(named & other for o, other in enumerate(entities) if o != q)
        assert (q in plan.singletons) == (not shares)


def test_interleaved_topics_are_grouped() -> None:
    # Three topics asked round-robin: a window-2 cache never sees the same topic twice in a row.
    entities = [{topic} for _ in range(6) for topic in ("a", "b", "c")]
    plan = reorder(entities, window=2)
    ordered = [next(iter(entities[q])) for q in plan.order]
    assert ordered == sorted(ordered, key=ordered.index)  # each topic in one run
    assert sparse_locality(entities, plan.order, 2) > 2 * sparse_locality(entities, range(len(entities)), 2)
    with pytest.raises(ValueError):
        reorder(entities, window=0)


QUESTIONS = [
    "Who directed The Matrix?",
    "Who directed Inception?",
    "Which actors starred in The Matrix?",
    "Which actors starred in Inception?",
    "What genre is Alien?",
]


def test_batch_in_cache_order_answers_in_the_callers_order(tmp_path: Path) -> None:
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"), kg_cache="l1+l2", learn=False)
    reordered = rag.batch(QUESTIONS, reorder=True)
    assert [a.question for a in reordered] == QUESTIONS
    plain = CacheRAG("demo", memory_dir=str(tmp_path / "memory2"), learn=False).batch(QUESTIONS)
    assert [[x.label for x in a.answers] for a in reordered] == [[x.label for x in a.answers] for a in plain]
    kg = resources(rag.context).view.kg
    assert isinstance(kg, CachedKG) and kg.stats.served["l1"] + kg.stats.served["l2"] > 0
    # A question run with caching off neither reads nor fills the caches.
    kg.l1._entries.clear()
    served = dict(kg.stats.served)
    with caching_off():
        rag.ask("What genre is Alien?")
    assert len(kg.l1) == 0 and kg.stats.served["l1"] == served["l1"] and kg.stats.served["l2"] == served["l2"]
    rag.close()
    close_all()


def test_cli_batch_file_prints_answers_in_file_order(tmp_path: Path) -> None:
    cli = str(Path(sys.executable).with_name("cacherag"))
    env = {**os.environ, "CACHERAG_HOME": str(tmp_path / "home")}
    batch = tmp_path / "questions.txt"
    batch.write_text("\n".join(QUESTIONS) + "\n\n")
    done = subprocess.run([cli, "ask", "--batch", str(batch), "--json", "--no-learn"], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["question"] for a in answers] == QUESTIONS
    assert answers[1]["answers"][0]["label"] == "Christopher Nolan"
    both = subprocess.run([cli, "ask", "Who directed Alien?", "--batch", str(batch)], capture_output=True,
                          text=True, env=env, timeout=300)
    assert both.returncode == 2 and "ConfigurationError" in both.stderr
    unreadable = subprocess.run([cli, "ask", "--batch", str(tmp_path / "none.txt")], capture_output=True,
                                text=True, env=env, timeout=300)
    assert unreadable.returncode == 2 and "cannot read the batch file" in unreadable.stderr
