"""Cache-aware batch order (Mnemosyne §3.1) and CacheRAG.batch(reorder=True)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fakes import ask_failing_on
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph

from cacherag.api import CacheRAG
from cacherag.batching import reorder, sparse_locality
from cacherag.cli import main
from cacherag.graphs.resources import close_all, resources
from cacherag.tools.cached_kg import CachedKG, caching_off
from cacherag.tools.rdflib_backend import RdflibKG
from cacherag.tools.sources import demo_path

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


class FaultyKG(RdflibKG):
    """A backend with a bug: a query about Inception fails with an error of no cacherag kind (not one sampling the
    pairs of a relation across the graph, which may hold Inception's whatever the question)."""

    def _select(self, query: str) -> list[dict[str, str]]:
        if "Inception" in query and "VALUES (?s ?o)" not in query:
            raise ZeroDivisionError("the backend's own bug")
        return super()._select(query)


@pytest.mark.parametrize("reorder", [False, True])
def test_a_failing_question_keeps_the_batch_going_with_return_exceptions(tmp_path: Path, reorder: bool) -> None:
    graph = Graph().parse(demo_path())
    rag = CacheRAG(FaultyKG(graph, "faulty-demo"), memory_dir=str(tmp_path / "memory"), learn=False)
    with pytest.raises(ZeroDivisionError):
        rag.batch(QUESTIONS, reorder=reorder)
    answers = rag.batch(QUESTIONS, reorder=reorder, return_exceptions=True)
    failed = [i for i, a in enumerate(answers) if isinstance(a, Exception)]
    assert failed == [1, 3] and all(isinstance(answers[i], ZeroDivisionError) for i in failed)
    assert [answers[i].question for i in (0, 2, 4)] == [QUESTIONS[i] for i in (0, 2, 4)]
    assert all(answers[i].status == "answered" for i in (0, 2, 4))
    rag.close()
    close_all()


RACE = """
import sys
sys.setswitchinterval(1e-6)  # switch threads as often as possible: a race shows on every run
from rdflib import Graph
from cacherag.api import CacheRAG
from cacherag.tools.sources import demo_path
rag = CacheRAG(Graph().parse(demo_path()), memory_dir=sys.argv[1], learn=False)
print(" ".join(type(a).__name__ for a in rag.batch(sys.argv[2:], return_exceptions=True)))
rag.close()
"""


def test_questions_batched_over_an_rdflib_graph_do_not_race(tmp_path: Path) -> None:
    # rdflib's SPARQL grammar (pyparsing) learns each parse action's arity at its first call, not thread-safely:
    # questions of a batch parsing their first queries at once broke it for the rest of the process (TypeError in
    # every later query). Fresh processes, as the race is only at first use; three of them, as it is a race.
    for run in range(3):
        done = subprocess.run([sys.executable, "-c", RACE, str(tmp_path / f"memory{run}"), *QUESTIONS * 2],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["Answer"] * 2 * len(QUESTIONS)


def test_cli_batch_reports_a_failed_question_in_its_place_and_answers_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ask_failing_on(monkeypatch, "Inception")
    monkeypatch.setenv("CACHERAG_HOME", str(tmp_path / "home"))
    batch = tmp_path / "questions.txt"
    batch.write_text("\n".join(QUESTIONS))
    with pytest.raises(SystemExit) as done:
        main(["ask", "--batch", str(batch), "--json", "--no-learn"])
    assert done.value.code == 2
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["question"] for line in lines] == QUESTIONS
    assert [i for i, line in enumerate(lines) if "error" in line] == [1, 3]
    assert lines[1]["error"].startswith("KeyError") and lines[0]["answers"] and lines[4]["answers"]
    assert err.count("KeyError") == 2 and "Who directed Inception?" in err
    close_all()
