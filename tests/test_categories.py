"""Members of a category the graph states as a node, not a class ("which *humans* come from <E>": the characters
from <E> the graph links to the species Human) or as a value ("which *female* characters": those whose gender it
is), and things that come from a place ("which characters are *from* <planet>": what has it as home world, the
widest of the ways there the graph states; "which characters *from* <planet> appear in <F>": those of <F>'s that
do)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.graphs.state import ISR
from cacherag.nodes.grounded import typed_path

CAST = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Character rdfs:label "Character" .  ex:Planet rdfs:label "Planet" .  ex:Species rdfs:label "Species" .
ex:Film rdfs:label "Film" .
ex:homeworld rdfs:label "home world" .  ex:species rdfs:label "species" .  ex:film rdfs:label "film" .
ex:born rdfs:label "place of birth" .  ex:planet rdfs:label "planet" .  ex:gender rdfs:label "gender" .
ex:ann ex:gender "female" .  ex:bo ex:gender "male" .  ex:ysolde ex:gender "female" .
ex:hoth a ex:Planet ; rdfs:label "Hoth" .  ex:tide ex:planet ex:hoth .
ex:castMember rdfs:label "cast member" .  ex:character rdfs:label "character" .  ex:actor rdfs:label "actor" .
ex:orchard ex:castMember ex:cm1 .  ex:cm1 ex:character ex:ann ; ex:actor ex:zed .  ex:zed rdfs:label "Zed Ory" .
ex:human a ex:Species ; rdfs:label "Human" .  ex:droid a ex:Species ; rdfs:label "Droid" .
ex:arda a ex:Planet ; rdfs:label "Arda" .  ex:vale a ex:Planet ; rdfs:label "Vale" .
ex:orchard a ex:Film ; rdfs:label "Glass Orchard" .  ex:tide a ex:Film ; rdfs:label "Low Tide" .
ex:ann a ex:Character ; rdfs:label "Ann Vell" ; ex:species ex:human ; ex:homeworld ex:arda ; ex:born ex:arda ;
    ex:film ex:orchard .
ex:bo a ex:Character ; rdfs:label "Bo Rask" ; ex:species ex:human ; ex:homeworld ex:vale ; ex:film ex:orchard, ex:tide .
ex:kay a ex:Character ; rdfs:label "K-9" ; ex:species ex:droid ; ex:homeworld ex:arda ; ex:film ex:tide .
ex:elder a ex:Species ; rdfs:label "Elder" .
ex:ysolde a ex:Character ; rdfs:label "Mother Ysolde" ; ex:species ex:elder ; ex:homeworld ex:vale .
ex:arc a ex:Character ; rdfs:label "Arc-2" ; ex:species ex:droid ; ex:homeworld ex:arda ; ex:film ex:orchard .
"""


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, CAST) as engine:
        yield engine


@pytest.mark.parametrize(("question", "expected"), [
    ("Which humans come from Arda?", {"Ann Vell"}),
    ("Which droids come from Arda?", {"Arc-2", "K-9"}),
    ("Which elders come from Vale?", {"Mother Ysolde"}),  # a category of one
    # a value said before a class's noun: the things of that class having it
    ("Which female characters come from Arda?", {"Ann Vell"}),
    ("Which male characters appear in Glass Orchard?", {"Bo Rask"}),
    ("Which droids appear in Glass Orchard?", {"Arc-2"}),
    ("Which humans appear in Low Tide?", {"Bo Rask"}),
    # from a place, in the widest sense stated: home world, of which being born there is a part
    ("Which characters are from Arda?", {"Ann Vell", "Arc-2", "K-9"}),
    # the characters a film lists, not only those its cast plays (the noun names their class, not the cast's hop)
    ("Which characters appear in Glass Orchard?", {"Ann Vell", "Bo Rask", "Arc-2"}),
    # the answers of "which characters appear in <F>" that come from the place named after "from"
    ("Which characters from Arda appear in Glass Orchard?", {"Ann Vell", "Arc-2"}),
    ("Which humans from Arda appear in Glass Orchard?", {"Ann Vell"}),
])
def test_members_of_a_category_node(rag: CacheRAG, question: str, expected: set[str]) -> None:
    answer = rag.ask(question)
    assert {a.label for a in answer.answers} == expected, (question, answer.reason)


def test_no_member_among_the_answers_is_missing(rag: CacheRAG) -> None:
    answer = rag.ask("Which droids come from Vale?")
    assert answer.status == "missing" and not answer.answers and "droids" in answer.reason, answer


def test_coming_from_a_place_is_one_relation(rag: CacheRAG) -> None:
    # no one has Hoth as home world: not the characters of the films showing it
    answer = rag.ask("Which characters are from Hoth?")
    assert answer.status == "missing" and not answer.answers, answer


def test_a_kind_asked_for_is_reached_the_widest_way(rag: CacheRAG) -> None:
    # however a question comes to be planned from its kind alone (after a recalled path was refused, say): a film's
    # characters are those it lists, of whom its cast plays some
    res = resources(rag.context)
    isr = ISR(topic_mention="Glass Orchard", constraints=["Which characters appear in  ?"])
    way = typed_path(res, isr, "<http://example.org/orchard>")
    assert way is not None and [(s["label"], s["inverse"]) for s in way] == [("film", True)]


def test_no_wider_way_of_two_hops_is_where_a_thing_is_from(tmp_path: Path) -> None:
    # Nox has no home world: neither the planets of its films nor its species' home world (of which the films'
    # reach more) say where it is from
    body = CAST + """ex:nox a ex:Character ; rdfs:label "Nox Vey" ; ex:film ex:tide, ex:orchard ; ex:species ex:droid .
ex:orchard ex:planet ex:arda .  ex:droid ex:homeworld ex:hoth .
"""
    with engine_over(tmp_path, body) as engine:
        answer = engine.ask("What planet is Nox Vey from?")
        assert answer.status == "missing" and not answer.answers, answer


def test_a_class_noun_heading_a_chain_names_the_answers_kind(rag: CacheRAG) -> None:
    # an actor has no "film": the films of Zed Ory are those the one way from him to films reaches (his credits) …
    answer = rag.ask("What are the films of Zed Ory?")
    assert [a.label for a in answer.answers] == ["Glass Orchard"], answer.reason
    # … but one way of two hops to a species is a guess at relations the question does not name
    answer = rag.ask("What is the species of Zed Ory?")
    assert answer.status == "missing" and not answer.answers, answer


ITEMS = """@prefix wd: <http://www.wikidata.org/entity/> .  @prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix wikibase: <http://wikiba.se/ontology#> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
wd:P19 a wikibase:Property ; rdfs:label "place of birth"@en ; wikibase:directClaim wdt:P19 .
wd:P106 a wikibase:Property ; rdfs:label "occupation"@en ; wikibase:directClaim wdt:P106 .
wd:P31 a wikibase:Property ; rdfs:label "instance of"@en ; wikibase:directClaim wdt:P31 .
wd:Q5 a wikibase:Item ; rdfs:label "human"@en .  wd:Q3 a wikibase:Item ; rdfs:label "physicist"@en .
wd:Q9 a wikibase:Item ; rdfs:label "chemist"@en .  wd:Q2 a wikibase:Item ; rdfs:label "Orvane"@en .
wd:Q1 a wikibase:Item ; rdfs:label "Ilse Tormund"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q3 ; wdt:P19 wd:Q2 .
wd:Q4 a wikibase:Item ; rdfs:label "Petr Valsk"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q9 ; wdt:P19 wd:Q2 .
"""


def test_members_are_of_the_class_wikidata_says_they_are_an_instance_of(tmp_path: Path) -> None:
    # a dump types every item wikibase:Item as well: the physicists are humans, by "instance of"
    with engine_over(tmp_path, ITEMS) as rag:
        category = resources(rag.context).view.category("physicists")
        assert category is not None and category.kind == "human"
        assert [a.label for a in rag.ask("Which physicists were born in Orvane?").answers] == ["Ilse Tormund"]
