"""What history taught, read with how the question says it: the way a verb walks its relation is the way its voice
says it, a light verb ("make", "take") says little of its own beside a noun naming the relation, a relation's own
name written as one ("homeworld") is its label however history walked it, and a plan composed from remembered
phrases is no plan when the judge refuses it and no word it leaves out names a hop on from where it ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from engines import engine_over

SHIPYARDS = """
@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:manufacturer rdfs:label "manufacturer" .  ex:Starship rdfs:label "Starship" .  ex:Company rdfs:label "Company" .
ex:pilot rdfs:label "pilot" .  ex:director rdfs:label "director" .  ex:Film rdfs:label "Film" .
ex:wing a ex:Starship ; rdfs:label "Q-wing" ; ex:manufacturer ex:incor .
ex:bolt a ex:Starship ; rdfs:label "Bolt Runner" ; ex:manufacturer ex:incor .
ex:arrow a ex:Starship ; rdfs:label "Red Arrow" ; ex:manufacturer ex:kovat .
ex:incor a ex:Company ; rdfs:label "Incor Works" .  ex:kovat a ex:Company ; rdfs:label "Kovat Yards" .
ex:tam rdfs:label "Tam Rell" ; ex:pilot ex:wing .
ex:dusk a ex:Film ; rdfs:label "Long Dusk" ; ex:director ex:ines .  ex:ines rdfs:label "Ines Varo" .
ex:glass a ex:Film ; rdfs:label "Glass Tide" ; ex:director ex:ola .  ex:ola rdfs:label "Ola Brandt" .
ex:ember a ex:Film ; rdfs:label "Ember Road" ; ex:director ex:ines .
"""


def test_a_passive_verb_walks_its_relation_from_the_doer(tmp_path: Path) -> None:
    # history only heard "made" of the thing made ("who made <ship>": the manufacturer, walked forward); "were made
    # by <company>" says the company made them, and walks it back
    with engine_over(tmp_path, SHIPYARDS, learn=True) as rag:
        for ship, maker in [("Q-wing", "Incor Works"), ("Red Arrow", "Kovat Yards"), ("Bolt Runner", "Incor Works")]:
            assert [a.label for a in rag.ask(f"Who made the {ship}?").answers] == [maker]
        answer = rag.ask("Which starships were made by Incor Works?")
        assert {a.label for a in answer.answers} == {"Q-wing", "Bolt Runner"}, answer.reason
        assert [a.label for a in rag.ask("Who made the Q-wing?").answers] == ["Incor Works"]


def test_a_light_verb_beside_a_noun_naming_the_relation_names_nothing_the_topic_lacks(tmp_path: Path) -> None:
    # "made" is a maker's (a manufacturer), and history heard "director" name the director: "which director made
    # <film>" asks for the director, not for a manufacturer no film has
    with engine_over(tmp_path, SHIPYARDS, learn=True) as rag:
        for question in ["Who made the Q-wing?", "Who made the Red Arrow?",
                         "Who is the director of Long Dusk?", "Who is the director of Glass Tide?"]:
            assert rag.ask(question).status == "answered", question
        answer = rag.ask("Which director made Ember Road?")
        assert [a.label for a in answer.answers] == ["Ines Varo"], answer.reason
        # … and a noun naming no relation leaves the verb its reading
        assert [a.label for a in rag.ask("Which company made the Bolt Runner?").answers] == ["Incor Works"]


WORLDS = """
@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:homeworld rdfs:label "home world" .  ex:species rdfs:label "species" .
ex:Character rdfs:label "Character" .  ex:Planet rdfs:label "Planet" .  ex:Species rdfs:label "Species" .
ex:arda a ex:Planet ; rdfs:label "Arda Prime" .  ex:vale a ex:Planet ; rdfs:label "Vale" .
ex:orrin a ex:Species ; rdfs:label "Orrin" ; ex:homeworld ex:vale .
ex:kel a ex:Character ; rdfs:label "Kel Varn" ; ex:homeworld ex:arda ; ex:species ex:orrin .
ex:mox a ex:Character ; rdfs:label "Mox Tal" ; ex:homeworld ex:vale ; ex:species ex:orrin .
ex:pim a ex:Character ; rdfs:label "Pim Ose" ; ex:homeworld ex:arda .
"""


@pytest.mark.parametrize(("taught", "question", "answers"), [
    # history only asked which characters have a planet as their homeworld (walked from the planet); "<E> is the
    # homeworld of" says <E> is the value too, and "homeworld" is the graph's own name of the relation
    ("Which characters have {} as their homeworld?", "Arda Prime is the homeworld of which characters?",
     {"Kel Varn", "Pim Ose"}),
    ("Which characters have {} as their homeworld?", "Is Vale the homeworld of Mox Tal?", {"yes"}),
    # "which characters are from <planet>" taught "characters" names the home world ("from" is no word of its own);
    # "which characters are <species>" says only "characters" too, and its home world reaches no character: the
    # plan composed from that is refused, and the question planned afresh
    ("Which characters are from {}?", "Which characters are Orrin?", {"Kel Varn", "Mox Tal"}),
])
def test_what_history_taught_of_a_relation_s_own_name_or_the_answers_class(tmp_path: Path, taught: str,
                                                                          question: str, answers: set[str]) -> None:
    with engine_over(tmp_path, WORLDS, learn=True) as rag:
        for planet in ("Arda Prime", "Vale"):
            assert rag.ask(taught.format(planet)).status == "answered"
        answer = rag.ask(question)
    assert {a.label for a in answer.answers} == answers, answer.reason
