"""Questions that order what they ask for by a measure the graph states: the tallest, the heaviest, the first
released, who of two is taller, whether one is heavier than another, which pass a bound ("taller than 200", "released
after 2000", "taller than <E>") or lie in a year ("released in 2002"), the most of something ("the most planets"). A
measure the graph does not state is `missing`, never another measure's answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.nodes.reasoners.ordering import as_ordered

GRAPH = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:Character rdfs:label "Character" .  ex:Film rdfs:label "Film" .  ex:Planet rdfs:label "Planet" .
ex:Starship rdfs:label "Starship" .
ex:height rdfs:label "height" .  ex:mass rdfs:label "mass" .  ex:released rdfs:label "release date" .
ex:diameter rdfs:label "diameter" .  ex:length rdfs:label "length" .  ex:planet rdfs:label "planet" .
ex:film rdfs:label "film" .  ex:born rdfs:label "place of birth" .
ex:ann ex:born ex:arda .  ex:bo ex:born ex:vale .
ex:ann a ex:Character ; rdfs:label "Ann Vell" ; ex:height 180 ; ex:mass "75" ; ex:film ex:orchard .
ex:bo a ex:Character ; rdfs:label "Bo Rask" ; ex:height 230 ; ex:mass "1,358" ; ex:film ex:orchard, ex:tide .
ex:kay a ex:Character ; rdfs:label "Kay Oro" ; ex:height 96 ; ex:mass "unknown" ; ex:film ex:tide .
ex:dee a ex:Character ; rdfs:label "Dee Mott" ; ex:height 230 ; ex:film ex:tide .
ex:orchard a ex:Film ; rdfs:label "Glass Orchard" ; ex:released "1977-05-25"^^xsd:date ; ex:planet ex:arda .
ex:tide a ex:Film ; rdfs:label "Low Tide" ; ex:released "2002-05-16"^^xsd:date ; ex:planet ex:arda, ex:vale .
ex:dawn a ex:Film ; rdfs:label "Red Dawn Rising" ; ex:released "2000-06-01"^^xsd:date, "1976-01-09"^^xsd:date ;
    ex:planet ex:vale .
ex:arda a ex:Planet ; rdfs:label "Arda" ; ex:diameter 12500 .
ex:vale a ex:Planet ; rdfs:label "Vale" ; ex:diameter "10,465" .
ex:falcon a ex:Starship ; rdfs:label "Falcon" ; ex:length 34.37 .  ex:wing a ex:Starship ; rdfs:label "Wing" ;
    ex:length "120 m" .
ex:Band rdfs:label "Band" .  ex:member rdfs:label "member" .  ex:person rdfs:label "person" .
ex:instrument rdfs:label "instrument" .
ex:reeds a ex:Band ; rdfs:label "The Reeds" ; ex:member ex:m1, ex:m2 .
ex:m1 ex:person ex:ann ; ex:instrument ex:drums, ex:bass, ex:harp .  ex:m2 ex:person ex:bo ; ex:instrument ex:drums .
ex:pines a ex:Band ; rdfs:label "The Pines" ; ex:member ex:m3, ex:m4, ex:m5 .
ex:m3 ex:person ex:kay ; ex:instrument ex:drums .  ex:m4 ex:person ex:dee ; ex:instrument ex:bass .
ex:m5 ex:person ex:bo ; ex:instrument ex:harp .
ex:drums rdfs:label "drums" .  ex:bass rdfs:label "bass" .  ex:harp rdfs:label "harp" .
ex:award rdfs:label "award received" .  ex:prize rdfs:label "prize" .  ex:when rdfs:label "point in time" .
ex:reel rdfs:label "Golden Reel" .  ex:orchard ex:award ex:a1, ex:a2 .  ex:tide ex:award ex:a3, ex:a4 .
ex:dawn ex:award ex:a5, ex:a6 .
ex:a1 ex:prize ex:reel ; ex:when "2011-02-01"^^xsd:date .  ex:a2 ex:prize ex:reel ; ex:when "2012-02-01"^^xsd:date .
ex:a3 ex:prize ex:reel ; ex:when "1990-02-01"^^xsd:date .  ex:a4 ex:prize ex:reel ; ex:when "1991-02-01"^^xsd:date .
ex:a5 ex:prize ex:reel ; ex:when "2013-02-01"^^xsd:date .  ex:a6 ex:prize ex:reel ; ex:when "2014-02-01"^^xsd:date .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    with engine_over(tmp_path_factory.mktemp("ordering"), GRAPH) as engine:
        yield engine


@pytest.mark.parametrize(("question", "expected"), [
    ("Who is the tallest character?", {"Bo Rask", "Dee Mott"}),  # tied: both
    ("Who is the shortest character?", {"Kay Oro"}),  # the lesser end of the measure "tall" names
    ("Which character is the heaviest?", {"Bo Rask"}),  # "1,358" is a number; "unknown" none
    ("Who is the lightest character?", {"Ann Vell"}),
    ("Who is the tallest character in Glass Orchard?", {"Bo Rask"}),  # among a plan's answers
    ("Which planet has the largest diameter?", {"Arda"}),  # the noun after names the measure
    ("Which is the oldest film?", {"Red Dawn Rising"}),  # of dates the earliest, of a film's the first release
    ("Which film was released last?", {"Low Tide"}),
    ("Which film came out first?", {"Red Dawn Rising"}),  # by the films' own dates, not their awards' 
    ("What is the newest film?", {"Low Tide"}),
    ("Which film has the most planets?", {"Low Tide"}),  # a relation to things: how many each has
    ("Which band has the most members?", {"The Pines"}),  # memberships, not their instruments (The Reeds: 4)
    ("Who is taller, Ann Vell or Kay Oro?", {"Ann Vell"}),
    ("Who is taller, Ann or Kay?", {"Ann Vell"}),  # each by a part of one name only
    ("Which is heavier, Ann Vell or Bo Rask?", {"Bo Rask"}),
    ("Which film came out first, Low Tide or Glass Orchard?", {"Glass Orchard"}),
    ("Which characters are taller than 100?", {"Ann Vell", "Bo Rask", "Dee Mott"}),
    ("Which characters are taller than 180?", {"Bo Rask", "Dee Mott"}),  # 180 is not taller than 180
    ("Which characters are taller than Ann Vell?", {"Bo Rask", "Dee Mott"}),
    ("Which films were released after 1977?", {"Low Tide"}),  # a film of 1977 is not after it
    ("Which films were released before 2000?", {"Glass Orchard", "Red Dawn Rising"}),
    # a year the answers' dates lie in, said last or after the noun it bounds
    ("Which films were released in 2002?", {"Low Tide"}),
    ("Which films released in 1977 did Bo Rask appear in?", {"Glass Orchard"}),
    ("Which films released after 1977 did Bo Rask appear in?", {"Low Tide"}),
    ("Which films were released in 1976?", {"Red Dawn Rising"}),  # by its first release
    ("Which films did Bo Rask appear in after 1977?", {"Low Tide"}),  # his films, not every film
    ("How many characters are taller than 100?", {"3"}),
    ("Is Ann Vell taller than Kay Oro?", {"yes"}),
    ("Is Kay Oro taller than Ann Vell?", {"no"}),
    ("Was Glass Orchard released before Low Tide?", {"yes"}),
    ("Did Low Tide come out before Glass Orchard?", {"no"}),
])
def test_ordered_answers(rag: CacheRAG, question: str, expected: set[str]) -> None:
    answer = rag.ask(question)
    assert answer.status == "answered", answer.reason
    assert {a.label for a in answer.answers} == expected


def test_the_values_compared_are_the_evidence(rag: CacheRAG) -> None:
    answer = rag.ask("Who is taller, Ann Vell or Kay Oro?")
    assert {e.text for e in answer.evidence} == {"Ann Vell —height→ 180", "Kay Oro —height→ 96"}


@pytest.mark.parametrize(("question", "why"), [
    ("Which film is the longest?", "longest"),  # the starship has a length; no film has one
    ("Who is the richest character?", "richest"),
    ("Which is heavier, Ann Vell or Dee Mott?", "Dee Mott"),  # no mass of hers to compare
    ("Which characters are taller than 500?", "taller"),
    ("Was Ann Vell born before Bo Rask?", "before"),  # a place of birth is no date; nor is counting them one
    ("Which film has the largest planet?", "largest"),  # not the film with the most planets
    ("Which starship is the longest?", "120 m"),  # metres beside plain numbers: no order is sure
    ("Which films did Ann Vell appear in after 1977?", "after 1977"),  # hers is of 1977; others' are no answer
])
def test_a_measure_the_graph_lacks_is_missing(rag: CacheRAG, question: str, why: str) -> None:
    answer = rag.ask(question)
    assert answer.status == "missing"
    assert why in answer.reason


@pytest.mark.parametrize("question", [
    "Who is the guest of Bo Rask?",  # an -est noun, no superlative
    "Which films did Bo Rask appear in other than Low Tide?",  # "other than" compares nothing
    "Who directed Glass Orchard?",
    "Which films did Bo Rask appear in?",
])
def test_only_comparisons_are_read_as_ordering(question: str) -> None:
    assert as_ordered(question, []) is None
