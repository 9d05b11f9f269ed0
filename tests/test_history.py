"""Warming the plan memory from question–answer history, on a small graph the test writes (no dataset)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.memory.history import HistoryPair, HistoryWarmer, warm, warm_context

TTL = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:directedBy rdfs:label "directed by" .  ex:writtenBy rdfs:label "written by" .
ex:starring rdfs:label "starring" .      ex:released rdfs:label "release year" .
ex:alien rdfs:label "Alien" .  ex:gladiator rdfs:label "Gladiator" .  ex:prometheus rdfs:label "Prometheus" .
ex:heat rdfs:label "Heat" .    ex:thief rdfs:label "Thief" .          ex:collateral rdfs:label "Collateral" .
ex:scott rdfs:label "Ridley Scott" .  ex:mann rdfs:label "Michael Mann" .  ex:obannon rdfs:label "Dan O'Bannon" .
ex:weaver rdfs:label "Sigourney Weaver" . ex:crowe rdfs:label "Russell Crowe" . ex:deniro rdfs:label "Robert De Niro" .
ex:cruise rdfs:label "Tom Cruise" .  ex:caan rdfs:label "James Caan" .  ex:rapace rdfs:label "Noomi Rapace" .
ex:alien ex:directedBy ex:scott ; ex:writtenBy ex:obannon ; ex:starring ex:weaver ; ex:released "1979" .
ex:gladiator ex:directedBy ex:scott ; ex:writtenBy ex:scott ; ex:starring ex:crowe ; ex:released "2000" .
ex:prometheus ex:directedBy ex:scott ; ex:writtenBy ex:obannon ; ex:starring ex:rapace ; ex:released "2012" .
ex:heat ex:directedBy ex:mann ; ex:writtenBy ex:mann ; ex:starring ex:deniro ; ex:released "1995" .
ex:thief ex:directedBy ex:mann ; ex:writtenBy ex:mann ; ex:starring ex:caan ; ex:released "1981" .
ex:collateral ex:directedBy ex:mann ; ex:starring ex:cruise ; ex:released "2004" .
"""


@pytest.fixture
def rag(tmp_path: Path) -> CacheRAG:
    path = tmp_path / "films.ttl"
    path.write_text(TTL)
    return CacheRAG(str(path), memory_dir=str(tmp_path / "memory"), domain="films", learn=False)


def warmer_for(rag: CacheRAG) -> HistoryWarmer:
    res = resources(rag.context)
    return HistoryWarmer(res.view, res.memory, res.domain)


def steps_of(explanation) -> list[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    return [(label, inverse) for _, inverse, label in explanation.steps]


def test_one_hop_pair_is_explained_and_masked(rag: CacheRAG) -> None:
    found = warmer_for(rag).explain(HistoryPair("who directed Heat", ["Michael Mann"]))
    assert found is not None
    assert found.question == "who directed <E>" and found.mention == "Heat"
    assert steps_of(found) == [("directed by", False)] and found.f1 == 1.0


def test_inverse_and_two_hop_paths_by_f1(rag: CacheRAG) -> None:
    warmer = warmer_for(rag)
    films = warmer.explain(HistoryPair("what films did Ridley Scott direct", ["Alien", "Gladiator", "Prometheus"]))
    assert films is not None and steps_of(films) == [("directed by", True)]
    same_director = warmer.explain(HistoryPair("which films share a director with Heat", ["Thief", "Collateral"]))
    assert same_director is not None
    assert steps_of(same_director) == [("directed by", False), ("directed by", True)]
    assert same_director.f1 == 1.0  # the topic is never among its own answers


def test_literal_answers_compare_by_label(rag: CacheRAG) -> None:
    found = warmer_for(rag).explain(HistoryPair("when was Alien released", ["1979"]))
    assert found is not None and steps_of(found) == [("release year", False)]


def test_equally_good_paths_are_all_kept(rag: CacheRAG) -> None:
    # Michael Mann directed and wrote Heat: both relations explain the answer perfectly.
    tied = warmer_for(rag).explain_all(HistoryPair("who wrote Heat", ["Michael Mann"]))
    assert all(e.f1 == 1.0 and e.question == "who wrote <E>" for e in tied)
    one_hop = {tuple(steps_of(e)) for e in tied if len(e.steps) == 1}
    assert one_hop == {(("directed by", False),), (("written by", False),)}
    # Longer walks that come back to the same person tie too; consolidation prefers the shorter plan.


def test_consolidation_keeps_the_plan_that_explains_most_pairs(rag: CacheRAG) -> None:
    warmer = warmer_for(rag)
    for pair in [HistoryPair("who wrote Heat", ["Michael Mann"]),  # tie: directed by = written by
                 HistoryPair("who wrote Thief", ["Michael Mann"]),  # tie again
                 HistoryPair("who wrote Alien", ["Dan O'Bannon"])]:  # only "written by" explains it
        warmer.add(pair)
    (entry,) = warmer.entries()
    assert entry.question == "who wrote <E>" and entry.hits == 3
    assert [s["label"] for s in entry.steps] == ["written by"]


def test_ties_are_broken_by_the_relation_the_question_names(rag: CacheRAG) -> None:
    warmer = warmer_for(rag)
    warmer.add(HistoryPair("who was the director of Heat", ["Michael Mann"]))  # director = writer here
    (entry,) = warmer.entries()
    assert [s["label"] for s in entry.steps] == ["directed by"]


LOOPS = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:born rdfs:label "place of birth" .  ex:edition rdfs:label "book edition" .
ex:version rdfs:label "canonical version" .
ex:rome rdfs:label "Rome" .  ex:ettore rdfs:label "Ettore Marchiafava" .  ex:claudia rdfs:label "Claudia Gerini" .
ex:ettore ex:born ex:rome .  ex:claudia ex:born ex:rome .
ex:rome ex:edition ex:rome ; ex:version ex:rome .
"""


def test_each_hop_is_named_by_a_phrase_of_its_own(tmp_path: Path) -> None:
    # Every path of three hops from Ettore ends in Rome, which loops to itself: "place of birth" out, back to
    # Claudia and out again reaches it as well, and the question names each of those hops ("place of birth")
    # better than "book" names "book edition"; but the question has one phrase a hop.
    path = tmp_path / "loops.ttl"
    path.write_text(LOOPS)
    rag = CacheRAG(str(path), memory_dir=str(tmp_path / "memory"), domain="loops", learn=False)
    warmer = warmer_for(rag)
    question = "what is the book of canonical version of Ettore Marchiafava 's place of birth ?"
    found = warmer.add(HistoryPair(question, ["Rome"]))
    described = ["place of birth", "canonical version", "book edition"]  # a loop is walked either way
    assert found is not None and [label for label, _ in steps_of(found)] == described
    (entry,) = warmer.entries()
    assert [s["label"] for s in entry.steps] == described


def test_unexplainable_pairs_are_not_memorized(rag: CacheRAG) -> None:
    warmer = warmer_for(rag)
    assert warmer.add(HistoryPair("who directed Heat", ["Stanley Kubrick"])) is None
    assert warmer.add(HistoryPair("who directed Zorgblatt", ["Michael Mann"])) is None
    assert warmer.add(HistoryPair("who directed Heat", [])) is None
    assert warmer.entries() == []
    assert warmer.report.pairs == 3 and warmer.report.explained == 0


def test_known_plans_spare_the_search(rag: CacheRAG) -> None:
    warmer = warmer_for(rag)
    warmer.add(HistoryPair("who directed Heat", ["Michael Mann"]))
    warmer.add(HistoryPair("who directed Alien", ["Ridley Scott"]))
    assert warmer.report.searched == 1  # the second pair was explained by the first one's plan


def test_warm_then_a_new_question_is_a_plan_cache_hit(rag: CacheRAG) -> None:
    res = resources(rag.context)
    report = warm(res.view, res.memory, res.domain, [
        HistoryPair("which films share a director with Heat", ["Thief", "Collateral"]),
        HistoryPair("which films share a director with Alien", ["Gladiator", "Prometheus"]),
        HistoryPair("who starred in Heat", ["Robert De Niro"]),
    ])
    assert report.as_dict()["entries"] == 2 and report.explained == 3
    answer = rag.ask("which films share a director with Gladiator")
    assert answer.plan_cache_hit and answer.llm_calls == 0
    assert {a.label for a in answer.answers} == {"Alien", "Prometheus"}
    assert rag.ask("who starred in Collateral").answers[0].label == "Tom Cruise"


def test_warm_context_uses_the_run_context(rag: CacheRAG) -> None:
    report = warm_context(rag.context, [HistoryPair("who directed Heat", ["Michael Mann"])])
    assert report.entries == 1 and len(rag.memory) == 1
