"""Hop order read from a question's structure, the path rule for the topic, and answer ranking by support."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.evaluation import metrics
from cacherag.nodes.reasoners.phrases import groupings, masked_phrases
from cacherag.tools.sources import open_kg


def words(question: str) -> list[tuple[str, ...]]:
    return [p.words for p in masked_phrases(question)]


def test_possessives_chain_outward_and_of_phrases_inward() -> None:
    # "the place of birth of <E> 's other half 's father" = spouse, parents, place of birth.
    assert words("the place of birth of <E> 's other half 's father ?") == [("oth", "half"), ("fath",), ("bear",),
                                                                            ("plac",)]
    assert words("what is <E> 's other half 's father 's place of birth ?") == [("oth", "half"), ("fath",),
                                                                                  ("plac", "bear")]
    # An "of" chain is walked from the topic outward: the son first, then his place of birth.
    assert words("the place of birth of the son of <E>") == [("son",), ("bear",), ("plac",)]
    # A clause after the topic that is no possessive comes last.
    assert words("the films directed by <E> were released when") == [("film", "direct"), ("releas",)]


def test_a_word_said_again_is_never_read_as_one_relation_name() -> None:
    # "release of release" is the relation walked twice, never one two-word relation name...
    phrases = masked_phrases("what is the release of release of <E> 's track ?")
    readings = [[p.words for p in group] for hops in (1, 2, 3) for group in groupings(phrases, hops)]
    assert readings == [[("track",), ("releas",), ("releas",)]]
    # ...while words split by "of" that differ may be one ("place of birth").
    phrases = masked_phrases("what is the place of birth of <E> 's father ?")
    assert [[p.words for p in group] for group in groupings(phrases, 2)] == [[("fath",), ("plac", "bear")]]


def test_wh_words_are_no_relation_words() -> None:
    assert words("where is <E> 's birthplace ?") == [("birthplac",)]


GRAPH = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:version rdfs:label "version" .  ex:directedBy rdfs:label "directed by" .  ex:starring rdfs:label "starring" .
ex:song rdfs:label "Believe" .  ex:other rdfs:label "Believe (remix)" .
ex:song ex:version ex:song .  ex:song ex:version ex:other .  ex:lonely rdfs:label "Lonely" .
ex:lonely ex:version ex:lonely .
ex:a rdfs:label "Film A" . ex:b rdfs:label "Film B" . ex:c rdfs:label "Film C" . ex:d rdfs:label "Film D" .
ex:x rdfs:label "Director X" . ex:y rdfs:label "Actor Y" . ex:z rdfs:label "Actor Z" .
ex:a ex:directedBy ex:x . ex:b ex:directedBy ex:x . ex:c ex:directedBy ex:x .
ex:a ex:starring ex:y . ex:b ex:starring ex:y . ex:c ex:starring ex:z . ex:d ex:starring ex:y .
"""
EX = "http://example.org/"


@pytest.fixture
def graph_path(tmp_path: Path) -> Path:
    path = tmp_path / "g.ttl"
    path.write_text(GRAPH)
    return path


def step(name: str, inverse: bool = False) -> dict:
    return {"predicate": f"<{EX}{name}>", "inverse": inverse, "label": name}


def test_a_there_and_back_never_answers_the_topic_but_a_loop_may(graph_path: Path) -> None:
    kg = open_kg(str(graph_path))
    # Films that share a director with Film A: not Film A itself.
    shared = {p[-1] for p in kg.paths(f"<{EX}a>", [step("directedBy"), step("directedBy", True)])}
    assert shared == {f"<{EX}b>", f"<{EX}c>"}
    # A version of a version of Believe: the other one, and Believe itself only when it is all there is.
    assert {p[-1] for p in kg.paths(f"<{EX}song>", [step("version"), step("version")])} == {f"<{EX}other>"}
    assert {p[-1] for p in kg.paths(f"<{EX}lonely>", [step("version"), step("version")])} == {f"<{EX}lonely>"}


def test_answers_are_ranked_by_supporting_paths(graph_path: Path, tmp_path: Path) -> None:
    rag = CacheRAG(str(graph_path), memory_dir=str(tmp_path / "memory"), learn=False)
    # Actors who share films with Director X's films: Actor Y stars in two of them, Actor Z in one.
    answer = rag.ask("which actors starred in the films directed by Director X")
    assert [a.label for a in answer.answers] == ["Actor Y", "Actor Z"]
    assert answer.answers[0].score > answer.answers[1].score
    rag.close()


def test_crag_scores_a_wrong_answer_below_no_answer() -> None:
    right = metrics.score(["Ann"], ["Ann"], "answered")
    wrong = metrics.score(["Bob"], ["Ann"], "answered")
    unsure = metrics.score([], ["Ann"], "missing")
    assert (right["accuracy"], right["hallucination"], right["truthfulness"]) == (1.0, 0.0, 1.0)
    assert (wrong["accuracy"], wrong["hallucination"], wrong["truthfulness"]) == (0.0, 1.0, -1.0)
    assert (unsure["missing"], unsure["truthfulness"]) == (1.0, 0.0)
    # A question the graph cannot answer: only "missing" is right, any answer is a hallucination.
    assert metrics.score([], [], "missing")["accuracy"] == 1.0
    assert metrics.score(["Bob"], [], "answered")["hallucination"] == 1.0


def test_the_noun_naming_the_topics_kind_is_no_relation_phrase() -> None:
    # "the film <E>": "film" says what the topic is, it asks for no hop; what the question asks stays.
    assert [p.words for p in masked_phrases("what is the budget of the film <E> ?")] == [("budget",)]
    assert [p.words for p in masked_phrases("the movie <E> starred who")] == [("star",)]
    # "what genre of film is <E>": the topic is said to be a film; the genre is what is asked.
    assert [p.words for p in masked_phrases("what genre of film is <E>")] == [("genr",)]
    # Without an article it may be a relation of its own ("the director of <E>"): kept.
    assert [p.text for p in masked_phrases("who is the director of <E>")] == ["director"]
