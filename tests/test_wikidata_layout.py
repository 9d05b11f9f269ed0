"""A graph as Wikidata publishes it: predicates named by the property items that declare them, statements beside
truthy claims, dateTime values, property items that are names of relations, not entities."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.tools.terms import lexical_form

WIKIDATA = """
@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix p: <http://www.wikidata.org/prop/> .
@prefix ps: <http://www.wikidata.org/prop/statement/> .
@prefix pq: <http://www.wikidata.org/prop/qualifier/> .
@prefix wds: <http://www.wikidata.org/entity/statement/> .
@prefix wikibase: <http://wikiba.se/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix schema: <http://schema.org/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
wd:P19 a wikibase:Property ; rdfs:label "place of birth"@en , "Geburtsort"@de ;
    wikibase:directClaim wdt:P19 ; wikibase:claim p:P19 ; wikibase:statementProperty ps:P19 .
wd:P569 a wikibase:Property ; rdfs:label "date of birth"@en ;
    wikibase:directClaim wdt:P569 ; wikibase:claim p:P569 ; wikibase:statementProperty ps:P569 .
wd:P106 a wikibase:Property ; rdfs:label "occupation"@en ;
    wikibase:directClaim wdt:P106 ; wikibase:claim p:P106 ; wikibase:statementProperty ps:P106 .
wd:P166 a wikibase:Property ; rdfs:label "award received"@en ;
    wikibase:directClaim wdt:P166 ; wikibase:claim p:P166 ; wikibase:statementProperty ps:P166 .
wd:P585 a wikibase:Property ; rdfs:label "point in time"@en ; skos:altLabel "year"@en ; wikibase:qualifier pq:P585 .
wd:Q10 rdfs:label "Halvard Prize"@en .  wd:Q11 rdfs:label "Varen Medal"@en .
wd:Q1 wdt:P166 wd:Q10 , wd:Q11 ; p:P166 wds:a1 , wds:a2 .
wds:a1 ps:P166 wd:Q10 ; pq:P585 "1995-01-01T00:00:00Z"^^xsd:dateTime ; wikibase:rank wikibase:NormalRank .
wds:a2 ps:P166 wd:Q11 ; pq:P585 "2003-06-01T00:00:00Z"^^xsd:dateTime ; wikibase:rank wikibase:NormalRank .
wd:Q1 rdfs:label "Petr Valsk"@en ; schema:dateModified "2024-01-01T10:00:00Z"^^xsd:dateTime ;
    wdt:P19 wd:Q2 ; wdt:P569 "1947-11-02T00:00:00Z"^^xsd:dateTime ; wdt:P106 wd:Q3 ;
    p:P569 wds:s1 , wds:s2 ; p:P19 wds:s3 .
wds:s1 ps:P569 "1947-11-02T00:00:00Z"^^xsd:dateTime ; wikibase:rank wikibase:NormalRank .
wds:s2 ps:P569 "1948-11-02T00:00:00Z"^^xsd:dateTime ; wikibase:rank wikibase:DeprecatedRank .
wds:s3 ps:P19 wd:Q2 ; wikibase:rank wikibase:NormalRank .
wd:P39 a wikibase:Property ; rdfs:label "position held"@en ;
    wikibase:claim p:P39 ; wikibase:statementProperty ps:P39 .
wd:Q1 p:P39 wds:h1 .  wds:h1 ps:P39 wd:Q5 ; wikibase:rank wikibase:NormalRank .  wd:Q5 rdfs:label "Dean of Orvane"@en .
wd:Q2 rdfs:label "Orvane"@en .
wd:Q3 rdfs:label "physicist"@en .
wd:Q4 rdfs:label "Ilse Tormund"@en ; wdt:P106 wd:Q3 ; wdt:P19 wd:Q2 .
"""
EX = "http://www.wikidata.org/"


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, WIKIDATA) as engine:
        yield engine


def labels(answer: object) -> list[str]:
    return sorted(a.label for a in answer.answers)  # type: ignore[attr-defined]


def test_a_predicate_is_named_by_the_property_item_that_declares_it(rag: CacheRAG) -> None:
    view = resources(rag.context).view
    assert view.predicate_labels[f"<{EX}prop/direct/P19>"] == "place of birth"
    assert view.predicate_labels[f"<{EX}prop/statement/P569>"] == "date of birth"
    assert "<http://wikiba.se/ontology#rank>" not in view.predicate_labels  # bookkeeping, no relation
    assert labels(rag.ask("Where was Petr Valsk born?")) == ["Orvane"]


def test_the_truthy_claim_stands_for_its_statements(rag: CacheRAG) -> None:
    # the deprecated statement (1948) is no date of birth: the truthy claim leaves it out
    answer = rag.ask("When was Petr Valsk born?")
    assert labels(answer) == ["1947-11-02"] and "prop/direct/P569" in answer.plan[0]["predicate"]


def test_a_property_item_is_no_entity(rag: CacheRAG) -> None:
    assert labels(rag.ask("What is Petr Valsk's occupation?")) == ["physicist"]
    assert labels(rag.ask("Who was born in Orvane?")) == ["Ilse Tormund", "Petr Valsk"]


def test_a_year_picks_one_statement_among_several(rag: CacheRAG) -> None:
    assert labels(rag.ask("What awards has Petr Valsk received?")) == ["Halvard Prize", "Varen Medal"]
    assert labels(rag.ask("When did Petr Valsk receive the Halvard Prize?")) == ["1995"]
    # "year" names the qualifier the statement hop joins to the award it was picked by, not a relation apart
    assert labels(rag.ask("What year did Petr Valsk receive the Varen Medal?")) == ["2003"]  # of 2003-06-01
    # a year picks the statement dated so: not both awards, not the years, not Petr Valsk back from the award
    assert labels(rag.ask("What award did Petr Valsk receive in 1995?")) == ["Halvard Prize"]
    answer = rag.ask("What award did Petr Valsk receive in 1990?")  # no statement of that year
    assert answer.status == "missing" and not labels(answer)


def test_a_remembered_plan_picking_a_date_serves_no_question_without_it(tmp_path: Path) -> None:
    # … nor does one that picks none, or a statement recalled for a phrase, serve one that says a date
    with engine_over(tmp_path, WIKIDATA, learn=True) as engine:
        assert labels(engine.ask("What awards has Petr Valsk received?")) == ["Halvard Prize", "Varen Medal"]
        assert labels(engine.ask("What award did Petr Valsk receive in 2003?")) == ["Varen Medal"]
        assert labels(engine.ask("What awards has Petr Valsk received?")) == ["Halvard Prize", "Varen Medal"]


def test_an_irregular_past_in_a_label_is_the_verb_the_question_says(rag: CacheRAG) -> None:
    # "position held" (a statement-only property) is what X did "hold": the label's "held" is no word left over
    assert labels(rag.ask("What position did Petr Valsk hold?")) == ["Dean of Orvane"]


def test_a_date_time_that_says_a_day_reads_as_the_day() -> None:
    assert lexical_form('"1947-11-02T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>') == "1947-11-02"
    assert lexical_form('"1947-11-02T10:30:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>') == \
        "1947-11-02T10:30:00Z"
    assert lexical_form('"1947-11-02T00:00:00+00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime>') == "1947-11-02"
    assert lexical_form('"1947-11-02T00:00:00+02:00"^^<http://www.w3.org/2001/XMLSchema#dateTime>') == \
        "1947-11-02T00:00:00+02:00"  # midnight elsewhere is another day in UTC
    assert lexical_form('"1887-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>') == "1887"  # a year
    assert lexical_form('"1947-11-02T00:00:00Z"') == "1947-11-02T00:00:00Z"  # a plain string stays as written


@pytest.mark.parametrize(("question", "expected"), [
    ("Which prizes did Petr Valsk win?", ["Halvard Prize", "Varen Medal"]),  # prize: award; won: received
    ("Which prizes did Petr Valsk lose?", []),
])
def test_a_noun_and_a_verb_name_a_relation_by_other_words(rag: CacheRAG, question: str, expected: list[str]) -> None:
    """Whatever the prize's own name says ("Halvard *Prize*"), "prizes" names "award received" by the lexicon."""
    answer = rag.ask(question)
    assert labels(answer) == expected and answer.status == ("answered" if expected else "missing"), answer.reason


TYPED = WIKIDATA + """
wd:P31 a wikibase:Property ; rdfs:label "instance of"@en ; wikibase:directClaim wdt:P31 .
wd:P69 a wikibase:Property ; rdfs:label "educated at"@en ; wikibase:directClaim wdt:P69 .
wd:P108 a wikibase:Property ; rdfs:label "employer"@en ; skos:altLabel "works for"@en ; wikibase:directClaim wdt:P108 .
wd:P22 a wikibase:Property ; rdfs:label "father"@en ; wikibase:directClaim wdt:P22 .
wd:Q50 rdfs:label "university"@en .  wd:Q51 rdfs:label "observatory"@en .  wd:Q52 rdfs:label "human"@en .
wd:Q20 rdfs:label "University of Orvane"@en ; wdt:P31 wd:Q50 .
wd:Q21 rdfs:label "Dunhollow Observatory"@en ; wdt:P31 wd:Q51 .
wd:Q22 rdfs:label "Karl Valsk"@en ; wdt:P31 wd:Q52 .
wd:Q4 wdt:P69 wd:Q20 ; wdt:P108 wd:Q21 ; wdt:P19 wd:Q2 ; wdt:P22 wd:Q22 ; wdt:P31 wd:Q52 .
wd:Q6 rdfs:label "Mira Eskel"@en ; wdt:P108 wd:Q21 ; wdt:P19 wd:Q2 .
"""


@pytest.mark.parametrize(("question", "expected"), [
    # Wikidata types by "instance of" (P31), not rdf:type: the one way to a university is where she was educated
    ("Which university did Ilse Tormund attend?", ["University of Orvane"]),
    # … and an employer typed as an observatory, no person, is where she worked
    ("Where did Mira Eskel work?", ["Dunhollow Observatory"]),
    ("Where did Ilse Tormund work?", ["Dunhollow Observatory"]),  # her employer, not her occupation
    ("Where did Petr Valsk work?", []),  # no employer: an occupation ("physicist") names no place
    ("Where is Ilse Tormund's father?", []),  # a human is no place
])
def test_instance_of_types_the_answers(tmp_path: Path, question: str, expected: list[str]) -> None:
    with engine_over(tmp_path, TYPED) as engine:
        answer = engine.ask(question)
        assert labels(answer) == expected, answer.reason
