"""A year ending a question that asks for things keeps the answers dated in it: "which films did <E> direct *in
1975*" — by the one relation dating such answers, as a typed date or year, or as a node named by the year. Not
where the answers are people (a birth year is no year they were cast in), nor where two relations date them
(which one is meant?), and a year none of them has is `missing`, with its reason."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.nodes.grounded import judge

GRAPH = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:directedBy rdfs:label "directed by" . ex:starring rdfs:label "starring" . ex:released rdfs:label "release date" .
ex:born rdfs:label "date of birth" . ex:wrote rdfs:label "author of" . ex:year rdfs:label "release year" .
ex:drafted rdfs:label "date drafted" . ex:printed rdfs:label "date printed" .
ex:dee a ex:Person ; rdfs:label "Dee Lund" ; ex:born "1950-03-02"^^xsd:date .
ex:ann a ex:Person ; rdfs:label "Ann Vell" ; ex:born "1975-07-01"^^xsd:date .
ex:bo a ex:Person ; rdfs:label "Bo Rask" ; ex:born "1980-01-09"^^xsd:date .
ex:tide a ex:Film ; rdfs:label "Low Tide" ; ex:directedBy ex:dee ; ex:starring ex:ann, ex:bo ;
    ex:released "1975-06-20"^^xsd:date .
ex:orchard a ex:Film ; rdfs:label "Glass Orchard" ; ex:directedBy ex:dee ; ex:starring ex:ann ;
    ex:released "1981-11-02"^^xsd:date .
ex:dune a ex:Film ; rdfs:label "Dune Sea" ; ex:directedBy ex:dee ; ex:starring ex:bo ;
    ex:released "1975-12-01"^^xsd:date .
ex:y1999 rdfs:label "1999" . ex:y2003 rdfs:label "2003" .
ex:cy a ex:Person ; rdfs:label "Cy Moor" .
ex:cy ex:wrote ex:ledger, ex:harbor, ex:lantern .
ex:ledger a ex:Book ; rdfs:label "The Ledger" ; ex:year ex:y1999 ; ex:drafted "1997"^^xsd:gYear .
ex:harbor a ex:Book ; rdfs:label "Harbor Lights" ; ex:year ex:y2003 ; ex:printed "1999"^^xsd:gYear .
ex:lantern a ex:Book ; rdfs:label "Lantern" ; ex:year ex:y1999 .
ex:eve a ex:Person ; rdfs:label "Eve Sand" ; ex:wrote ex:atlas, ex:compass ; ex:award ex:medal .
ex:award rdfs:label "award received" . ex:medal rdfs:label "Varen Medal" ; ex:inception "1950"^^xsd:gYear .
ex:atlas a ex:Map ; rdfs:label "Atlas" ; ex:year ex:y1999 .
ex:compass a ex:Map ; rdfs:label "Compass" ; ex:year ex:y2003 .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "dated", GRAPH)


@pytest.mark.parametrize(("question", "expected"), [
    ("Which films did Dee Lund direct in 1975?", {"Low Tide", "Dune Sea"}),  # dated by a typed date
    ("Which films did Dee Lund direct in 1981?", {"Glass Orchard"}),
    ("Which maps did Eve Sand write in 2003?", {"Compass"}),  # by a node named by the year
])
def test_a_year_ending_the_question_keeps_the_answers_dated_in_it(rag: CacheRAG, question: str,
                                                                  expected: set[str]) -> None:
    assert answered(rag, question) == expected


def test_a_year_no_answer_has_is_missing_with_its_reason(rag: CacheRAG) -> None:
    answer = rag.ask("Which films did Dee Lund direct in 1990?")
    assert answer.status == "missing" and "1990" in answer.reason


def test_people_are_not_kept_by_a_date_of_their_own(rag: CacheRAG) -> None:
    # Ann was born in 1975: that is not the year she acted in Low Tide (nor are actors dated by the films' year)
    assert answered(rag, "Which actors starred in films directed by Dee Lund in 1975?") == set()


def test_answers_two_relations_date_are_not_kept_by_either(rag: CacheRAG) -> None:
    # the books are dated by their release year, their drafting and their printing: 1999 is not said of one
    assert answered(rag, "Which books did Cy Moor write in 1999?") == set()


def test_a_plan_whose_answers_no_year_dates_is_refused_for_another(rag: CacheRAG) -> None:
    # a remembered "award received" reaches prizes none of which is dated 2003 (the medal was founded in 1950):
    # refused, so a plan picking the award statements by the year can answer (Wikidata's "what award did <E>
    # receive in 2003", after "what awards has <E> received")
    question = "What award did Eve Sand receive in 2003?"
    isr = {"topic_mention": "Eve Sand", "constraints": ["What award did  receive in 2003?"], "domain": "d",
           "aspect": ""}
    step = {"predicate": "<http://example.org/award>", "inverse": False, "label": "award received"}
    reason = judge(resources(rag.context), question, isr, [step], "<http://example.org/eve>")
    assert reason is not None and "2003" in reason
