"""Grounding by analogy: a question whose words name no relation is trusted when, as a whole, it reads like a
remembered question more closely than questions about plans the memory lacks read like remembered ones
(calibrated on the memory itself), and by a clear margin over every other plan."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from langchain_core.embeddings import Embeddings
from test_truthful import TTL

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.memory.plan_memory import (
    MIN_ANALOGY_CALIBRATION,
    PlanEntry,
    PlanMemory,
    calibrate_analogy,
    plan_key,
)
from cacherag.memory.statements import StatementMemory, calibrate
from cacherag.nodes.grounded import judge


class BagOfWords(Embeddings):
    """A transparent stand-in for a sentence model: normalized hashed word counts, so questions sharing most
    words are near and the test can say exactly how near."""

    dims = 512

    def _vector(self, text: str) -> list[float]:
        vector = np.zeros(self.dims)
        for word in text.lower().split():
            vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dims] += 1.0
        return (vector / max(np.linalg.norm(vector), 1e-12)).tolist()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)


PLANS = {  # plan -> the words its remembered questions are phrased with
    "directed": "who directed",
    "wrote": "who wrote the screenplay of",
    "released": "in which year was released",
    "genre": "what genre of film is",
}


def step(name: str) -> list[dict]:
    return [{"predicate": f"<http://example.org/{name}>", "inverse": False, "label": name}]


def remembered(per_plan: int) -> list[PlanEntry]:
    """Each plan's questions: its words, then two of 30 words that vary between its questions ("directed3")."""
    return [PlanEntry(question=f"{PLANS[name]} <E> {name}{i} {name}{(i + 7) % 30}", steps=step(name),
                      domain="films", aspect=name)
            for name in PLANS for i in range(per_plan)]


@pytest.fixture
def memory(tmp_path: Path) -> PlanMemory:
    memory = PlanMemory(tmp_path / "memory", embeddings=BagOfWords())
    memory.add_many(remembered(30))
    return memory


def test_calibration_needs_enough_history() -> None:
    vectors = np.eye(8)[np.arange(MIN_ANALOGY_CALIBRATION - 1) % 8]
    plans = [str(i % 4) for i in range(MIN_ANALOGY_CALIBRATION - 1)]
    assert all(math.isnan(bound) for bound in calibrate_analogy(vectors, plans))


def test_calibration_rises_with_how_alike_other_plans_read() -> None:
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(4, 64))
    plans = [str(i % 4) for i in range(200)]

    def bounds(spread: float) -> tuple[float, float]:
        vectors = np.stack([centres[i % 4] + spread * rng.normal(size=64) for i in range(200)])
        return calibrate_analogy(vectors, plans)

    # Wider plans come closer to each other: a question must come closer still to read like one of them.
    tight, loose = bounds(0.2), bounds(3.0)
    assert tight[0] < loose[0]
    assert 0.0 <= tight[0] <= 1.0 and tight[1] >= 0.0


def test_a_question_reading_like_one_plan_is_grounded_by_it(memory: PlanMemory) -> None:
    found = memory.analogy("who directed <E> directed4 new", "films")  # one word unlike any remembered
    assert found is not None and plan_key(found.entry.steps) == plan_key(step("directed"))


def test_a_question_about_a_plan_the_memory_lacks_is_not(memory: PlanMemory) -> None:
    assert memory.analogy("what was the budget of <E>", "films") is None


def test_nearest_to_one_plan_but_not_near_enough_is_not(memory: PlanMemory) -> None:
    # Far nearer to one director question than to any other plan's, yet less near than questions about
    # plans the memory lacks come to remembered ones.
    question = "<E> directed3 directed10 new1 new2 new3 new4 new5 new6 new7"
    near = memory.nearest(question, "films", k=16)
    assert plan_key(near[0].entry.steps) == plan_key(step("directed"))
    assert memory.analogy(question, "films") is None


def test_a_wording_remembered_with_two_plans_grounds_neither(memory: PlanMemory) -> None:
    assert memory.analogy("who directed <E> directed4 directed11", "films") is not None
    memory.add(PlanEntry(question="who directed <E> directed4 directed11", steps=step("wrote"), domain="films",
                         aspect="wrote"))
    assert memory.analogy("who directed <E> directed4 directed11", "films") is None


def test_too_little_history_grounds_nothing(tmp_path: Path) -> None:
    small = PlanMemory(tmp_path / "small", embeddings=BagOfWords())
    small.add_many(remembered(10))
    assert small.analogy("who directed <E> directed4 directed11", "films") is None


@pytest.fixture
def family(tmp_path: Path) -> Iterator[tuple[CacheRAG, str]]:
    """The family graph of the truthfulness tests, and Ann Hale's node (the topic of the questions below)."""
    path = tmp_path / "family.ttl"
    path.write_text(TTL)
    rag = CacheRAG(str(path), memory_dir=str(tmp_path / "plain"), domain="films", learn=False)
    yield rag, resources(rag.context).view.labels.mentions("Ann Hale")[0].nodes[0]
    rag.close()


def test_the_judge_accepts_a_plan_the_question_reads_like(family: tuple[CacheRAG, str], memory: PlanMemory) -> None:
    rag, topic = family
    res = replace(resources(rag.context), memory=memory)
    question = "who directed Ann Hale directed4 new"  # no word of it names the plan's relation
    isr = {"topic_mention": "Ann Hale", "constraints": ["who directed directed4 new"]}
    assert judge(res, question, isr, step("directed"), topic) is None
    assert judge(res, question, isr, step("wrote"), topic) is not None  # the plan it reads like, no other
    assert judge(replace(res, dense_analogy=False), question, isr, step("directed"), topic) is not None


def test_a_chain_is_never_grounded_by_analogy(family: tuple[CacheRAG, str], memory: PlanMemory) -> None:
    rag, topic = family
    chain = [*step("directed"), *step("genre")]
    memory.add_many([PlanEntry(question=f"what kinds of films made <E> chain{i} chain{i + 7}", steps=chain,
                               domain="films", aspect="chain") for i in range(30)])
    found = memory.analogy("what kinds of films made <E> chain4 chain11", "films")
    assert found is not None and plan_key(found.entry.steps) == plan_key(chain)  # it reads like the chain …
    # … but a sentence's vector hardly sees the order of its relations: a chain must be named hop by hop.
    isr = {"topic_mention": "Ann Hale", "constraints": ["what kinds of films made chain4 chain11"]}
    res = replace(resources(rag.context), memory=memory)
    assert judge(res, "what kinds of films made Ann Hale chain4 chain11", isr, chain, topic) is not None


def test_a_new_process_reads_the_bounds_calibrated_before(memory: PlanMemory, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Calibrating a large memory costs seconds: a process opening the same memory reads the bounds the last one
    found, and calibrates again once the memory changed."""
    question = "who directed <E> directed4 new"
    expected = memory.analogy(question, "films")
    memory.close()
    calls: list[int] = []

    def counted(vectors: np.ndarray, plans: list[str]) -> tuple[float, float]:
        calls.append(len(plans))
        return calibrate_analogy(vectors, plans)

    monkeypatch.setattr("cacherag.memory.plan_memory.calibrate_analogy", counted)
    again = PlanMemory(tmp_path / "memory", embeddings=BagOfWords())
    found = again.analogy(question, "films")
    assert calls == [] and found is not None and expected is not None and found.entry.id == expected.entry.id
    again.add(PlanEntry(question="who produced <E> produced1", steps=step("produced"), domain="films",
                        aspect="produced"))
    again.analogy("who produced <E> produced2", "films")
    assert calls == [len(PLANS) * 30 + 1]


def test_a_damaged_calibration_file_is_calibrated_again(memory: PlanMemory, tmp_path: Path) -> None:
    question = "who directed <E> directed4 new"
    expected = memory.analogy(question, "films")
    memory.close()
    (kept,) = (tmp_path / "memory").glob("*.calibrations.json")
    kept.write_text('{"films": {"analogy": {"digest": 1, "value": ["x"]}}')
    found = PlanMemory(tmp_path / "memory", embeddings=BagOfWords()).analogy(question, "films")
    assert found is not None and expected is not None and found.entry.id == expected.entry.id


def test_a_new_process_reads_the_recall_threshold_calibrated_before(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    memory = StatementMemory(tmp_path / "memory", embeddings=BagOfWords())
    memory.learn_many("films", [(f"{PLANS[name]} <E> {name}{i}", step(name), 1) for name in PLANS for i in range(40)])
    expected = memory.threshold("films")
    memory.close()
    calls: list[int] = []

    def counted(vectors: np.ndarray, predicates: list[str]) -> float:
        calls.append(len(predicates))
        return calibrate(vectors, predicates)

    monkeypatch.setattr("cacherag.memory.statements.calibrate", counted)
    again = StatementMemory(tmp_path / "memory", embeddings=BagOfWords())
    assert again.threshold("films") == expected and calls == []
    again.learn("films", "who produced <E> produced1", step("produced"))
    again.threshold("films")
    assert len(calls) == 1
