"""Questions about what two named entities share ("which films feature *both* <A> *and* <B>"): the answers of the
question naming <A> alone that the same plan reaches from <B> too; `missing`, with the reason, when none is. And
about what either has ("<A> *or* <B>"): the answers the plan reaches from each; and about all but one ("*besides*
<B>, …"): the answers less <B>."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.nodes.reasoners.conjunction import as_shared
from cacherag.tools.linking import Mention

CAST = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Film rdfs:label "Film" .  ex:Person rdfs:label "Person" .
ex:film rdfs:label "film" .  ex:director rdfs:label "director" .
ex:orchard a ex:Film ; rdfs:label "Glass Orchard" ; ex:director ex:dee .
ex:tide a ex:Film ; rdfs:label "Low Tide" ; ex:director ex:dee .
ex:dune a ex:Film ; rdfs:label "Dune Sea" ; ex:director ex:eli .
ex:ann a ex:Person ; rdfs:label "Ann Vell" ; ex:film ex:orchard, ex:tide, ex:dune .
ex:bo a ex:Person ; rdfs:label "Bo Rask" ; ex:film ex:tide, ex:dune .
ex:cy a ex:Person ; rdfs:label "Cy Moor" ; ex:film ex:orchard .
ex:dee a ex:Person ; rdfs:label "Dee Lund" .  ex:eli a ex:Person ; rdfs:label "Eli Hart" .
"""


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, CAST) as engine:
        yield engine


@pytest.mark.parametrize(("question", "expected"), [
    ("Which films feature both Ann Vell and Bo Rask?", {"Low Tide", "Dune Sea"}),
    ("Which films did Ann Vell and Cy Moor both appear in?", {"Glass Orchard"}),
    ("Which films did Ann Vell and Bo Rask appear in together?", {"Low Tide", "Dune Sea"}),
    ("Which films did Ann Vell appear in with Bo Rask?", {"Low Tide", "Dune Sea"}),
    ("Who directed both Glass Orchard and Low Tide?", {"Dee Lund"}),
    ("Which films feature Bo Rask or Cy Moor?", {"Glass Orchard", "Low Tide", "Dune Sea"}),
    ("Who directed Low Tide or Dune Sea?", {"Dee Lund", "Eli Hart"}),
    ("Besides Glass Orchard, which films did Dee Lund direct?", {"Low Tide"}),
    ("Which films did Ann Vell appear in other than Low Tide?", {"Glass Orchard", "Dune Sea"}),
    ("Which films except Low Tide did Ann Vell appear in?", {"Glass Orchard", "Dune Sea"}),
    # written without capitals: names as the question can say them (words English does not know)
    ("which films feature both ann vell and bo rask?", {"Low Tide", "Dune Sea"}),
])
def test_what_both_share_is_what_each_reaches(rag: CacheRAG, question: str, expected: set[str]) -> None:
    answer = rag.ask(question)
    assert {a.label for a in answer.answers} == expected, (question, answer.reason)


@pytest.mark.parametrize(("question", "other"), [
    ("Which films feature both Bo Rask and Cy Moor?", "Cy Moor"),
    ("Who directed both Glass Orchard and Dune Sea?", "Dune Sea"),
    ("Apart from Glass Orchard, which films feature Cy Moor?", "Glass Orchard"),
])
def test_nothing_shared_is_missing_with_its_reason(rag: CacheRAG, question: str, other: str) -> None:
    answer = rag.ask(question)
    assert answer.status == "missing" and not answer.answers and other in answer.reason, answer


@pytest.mark.parametrize(("question", "word"), [
    ("Did Ann Vell and Cy Moor appear in a film together?", "yes"),  # Glass Orchard
    ("Did Bo Rask and Cy Moor appear in a film together?", "no"),  # films of both, none shared
])
def test_whether_two_share_an_answer_is_yes_or_no(rag: CacheRAG, question: str, word: str) -> None:
    answer = rag.ask(question)
    assert answer.status == "answered" and [a.label for a in answer.answers] == [word], answer.reason


def test_the_evidence_shows_both_ways_to_an_answer(rag: CacheRAG) -> None:
    answer = rag.ask("Which films feature both Ann Vell and Cy Moor?")
    assert [a.label for a in answer.answers] == ["Glass Orchard"]
    assert {"Ann Vell", "Cy Moor"} <= {t.text.split(" —")[0] for t in answer.evidence}


def _names(question: str, *names: str) -> list[Mention]:
    return [Mention(n, question.index(n), question.index(n) + len(n), (n,), "exact", 1.0, True) for n in names]


def test_only_both_says_shared() -> None:
    # a bare "and" may ask for either's answers ("who directed <F> and <G>"): not read as shared
    question = "Who directed Glass Orchard and Low Tide?"
    assert as_shared(question, _names(question, "Glass Orchard", "Low Tide")) is None
    question = "Who directed both Glass Orchard and Low Tide?"
    shared = as_shared(question, _names(question, "Glass Orchard", "Low Tide"))
    assert shared is not None and shared.question == "Who directed Glass Orchard?" and shared.other.text == "Low Tide"
    question = "Who directed both the Glass Orchard and the Low Tide?"  # names said with an article
    shared = as_shared(question, _names(question, "Glass Orchard", "Low Tide"))
    assert shared is not None and shared.question == "Who directed Glass Orchard?" and shared.other.text == "Low Tide"
    question = "Which films did Ann Vell and Bo Rask both appear in?"
    shared = as_shared(question, _names(question, "Ann Vell", "Bo Rask"))
    assert shared is not None and shared.question == "Which films did Ann Vell appear in?"
    question = "Which films did Ann Vell and Bo Rask jointly appear in?"  # or "together", after the second name
    shared = as_shared(question, _names(question, "Ann Vell", "Bo Rask"))
    assert shared is not None and shared.question == "Which films did Ann Vell appear in?" and shared.how == "both"
    question = "Which films did Ann Vell appear in with Bo Rask?"  # the second name ending the question
    shared = as_shared(question, _names(question, "Ann Vell", "Bo Rask"))
    assert shared is not None and shared.question == "Which films did Ann Vell appear in?" and shared.how == "both"
    question = "Which films with Bo Rask did Ann Vell appear in?"  # "with" before the other name: no such reading
    assert as_shared(question, _names(question, "Bo Rask", "Ann Vell")) is None
    question = "Did Ann Vell and Bo Rask appear in a film together?"  # asked yes or no: which film, both reaching one
    shared = as_shared(question, _names(question, "Ann Vell", "Bo Rask"))
    assert shared is not None and shared.question == "Which film did Ann Vell appear in?" and shared.how == "whether"
    question = "Did Ann Vell and Bo Rask appear in a film?"  # no "together": not read so
    assert as_shared(question, _names(question, "Ann Vell", "Bo Rask")) is None


@pytest.mark.parametrize("question", [
    "Was Glass Orchard directed by Dee Lund or Eli Hart?",  # a yes-no question offering a choice
    "Who is older, Dee Lund or Eli Hart?",  # two names offered to choose from
    "Which of Dee Lund or Eli Hart is older?",
])
def test_a_choice_is_no_union(question: str) -> None:
    assert as_shared(question, _names(question, "Dee Lund", "Eli Hart")) is None


def test_either_is_read_as_the_first_alone() -> None:
    question = "Which films feature Bo Rask or Cy Moor?"
    shared = as_shared(question, _names(question, "Bo Rask", "Cy Moor"))
    assert shared is not None and shared.how == "either" and shared.question == "Which films feature Bo Rask?"


def test_a_name_inside_a_longer_one_is_part_of_it() -> None:
    question = "Which films feature Ann Vell or Bo Rask?"
    start = question.index("Bo Rask")
    names = [*_names(question, "Ann Vell"), Mention("Bo", start, start + 2, ("bo",), "exact", 1.0, True),
             *_names(question, "Bo Rask")]
    shared = as_shared(question, names)
    assert shared is not None and shared.other.text == "Bo Rask" and shared.question == "Which films feature Ann Vell?"
