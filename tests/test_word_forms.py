"""A graph that tells two relations apart by a word's form ("release", "releases"): the question's form chooses,
in the judge and in what history teaches, though both forms stem alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.memory.history import HistoryPair, HistoryWarmer
from cacherag.nodes.grounded import written_as_said

TTL = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:release rdfs:label "release" .  ex:releases rdfs:label "releases" .  ex:artist rdfs:label "artist" .
ex:believe rdfs:label "Believe" .  ex:pulse rdfs:label "Pulse" .  ex:solo rdfs:label "Solo" .
ex:mm rdfs:label "Manic Moonlight" .  ex:gh rdfs:label "Greatest Hits" .  ex:krush rdfs:label "Krush" .
ex:believe ex:releases ex:mm ; ex:release ex:gh ; ex:artist ex:krush .
ex:pulse ex:releases ex:gh ; ex:release ex:mm ; ex:artist ex:krush .
ex:solo ex:releases ex:gh ; ex:release ex:gh .
ex:editions rdfs:label "releases" .
ex:duo rdfs:label "Duo" ; ex:release ex:gh ; ex:releases ex:mm ; ex:editions ex:krush .
ex:record rdfs:label "record" .  ex:band rdfs:label "Band Aid" ; ex:record ex:believe .
"""


@pytest.fixture
def rag(tmp_path: Path) -> CacheRAG:
    path = tmp_path / "releases.ttl"
    path.write_text(TTL)
    return CacheRAG(str(path), memory_dir=str(tmp_path / "memory"), domain="releases")


def test_a_remembered_plan_is_not_replayed_for_the_other_form(rag: CacheRAG) -> None:
    # Each answer is memorized; the next question stems like it and would replay its plan.
    asked = [("what is the release of Believe?", "Greatest Hits"),
             ("what are the releases of Believe?", "Manic Moonlight"),
             ("what is the release of Pulse?", "Manic Moonlight"),
             ("what are the releases of Pulse?", "Greatest Hits")]
    for question, expected in asked:
        answer = rag.ask(question)
        assert answer.status == "answered" and [a.label for a in answer.answers] == [expected], question


def test_history_teaches_the_form_the_question_says(rag: CacheRAG) -> None:
    # Solo's release and releases are the same record: both paths explain the pair equally well.
    res = resources(rag.context)
    warmer = HistoryWarmer(res.view, res.memory, res.domain)
    for question in ("what is the release of Solo", "what are the releases of Solo"):
        found = warmer.add(HistoryPair(question, ["Greatest Hits"]))
        assert found is not None and [label for _, _, label in found.steps] == [question.split()[3]]
    assert sorted(e.steps[0]["label"] for e in warmer.entries()) == ["release", "releases"]


def test_a_hop_said_in_another_form_is_swapped_for_the_one_written_so(rag: CacheRAG) -> None:
    res = resources(rag.context)
    question = "what are the releases of Believe?"
    isr = rag.graph.invoke({"question": question}, context=rag.context)["isr"]
    release = {"predicate": "<http://example.org/release>", "inverse": False, "label": "release"}
    (swapped,) = written_as_said(res, question, isr, "<http://example.org/believe>", [release])
    assert (swapped["predicate"], swapped["label"]) == ("<http://example.org/releases>", "releases")
    # Duo has two relations written "releases": which one is meant is not for the form to say
    question = "what are the releases of Duo?"
    isr = rag.graph.invoke({"question": question}, context=rag.context)["isr"]
    assert written_as_said(res, question, isr, "<http://example.org/duo>", [release]) == [release]


def test_a_later_hop_is_swapped_for_the_relation_of_the_nodes_it_leaves(rag: CacheRAG) -> None:
    # Band Aid has no "releases"; the record it leads to, Believe, has
    res = resources(rag.context)
    question = "what are the releases of the record of Band Aid?"
    isr = rag.graph.invoke({"question": question}, context=rag.context)["isr"]
    record = {"predicate": "<http://example.org/record>", "inverse": False, "label": "record"}
    release = {"predicate": "<http://example.org/release>", "inverse": False, "label": "release"}
    steps = written_as_said(res, question, isr, "<http://example.org/band>", [record, release])
    assert [(s["predicate"], s["inverse"]) for s in steps] == [("<http://example.org/record>", False),
                                                               ("<http://example.org/releases>", False)]
