"""What the Freebase stand-in (``benchmarks/freebase_graph.py``, the Freebase RDF dump's layout) taught, on a small
graph in that layout written here: predicates are dotted paths ("people.person.place_of_birth") named by their last
part when no label names them, and many are stated both ways by a reverse property of their own ("people born here"
beside "place of birth"), which is the same relation, no other one the question says instead; "type.object.type"
types things as ``rdf:type`` does, so "what *kind* of movie" asks for no type but the genre; an alias
("common.topic.alias") names a labelled thing too; a clause the topic opens ("the country <E> was born in") names
the first hop."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, engine_over, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.nodes.reasoners.grounding import content_terms, lexical_score, mention_distances
from cacherag.tools.kg import is_through
from cacherag.tools.lexicon import lexicon
from cacherag.tools.terms import relation_text

NS = "http://rdf.freebase.com/ns/"
GRAPH = """@prefix ns: <http://rdf.freebase.com/ns/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ns:people.person.place_of_birth rdfs:label "Place of birth"@en .
ns:location.location.people_born_here rdfs:label "People born here"@en .
ns:people.person.date_of_birth rdfs:label "Date of birth"@en .
ns:film.film.genre rdfs:label "Genres"@en .
ns:film.film.directed_by rdfs:label "Directed by"@en .
ns:location.location.containedby rdfs:label "Contained by"@en .
ns:location.country.capital rdfs:label "Capital"@en .
ns:people.person.nationality rdfs:label "Country of nationality"@en .
ns:people.person.profession rdfs:label "Profession"@en .
ns:sports.pro_athlete.sport rdfs:label "Sport"@en .
ns:location.country.languages_spoken rdfs:label "Languages spoken"@en .
ns:film.film.starring rdfs:label "Performances"@en .
ns:film.performance.actor rdfs:label "Actor"@en .
ns:film.performance.character rdfs:label "Character"@en .
ns:film.performance.film rdfs:label "Film"@en .
ns:sports.sports_team.roster rdfs:label "Roster"@en .
ns:sports.sports_team_roster.player rdfs:label "Player"@en .
ns:location.statistical_region.population rdfs:label "Population"@en .
ns:measurement_unit.dated_integer.number rdfs:label "Number"@en .
ns:measurement_unit.dated_integer.year rdfs:label "Year"@en .
ns:government.politician.government_positions_held rdfs:label "Government Positions Held"@en .
ns:government.government_position_held.office_position_or_title rdfs:label "Office/Position/Title"@en .
ns:government.government_position_held.basic_title rdfs:label "Basic title"@en .
ns:government.government_position_held.from rdfs:label "From"@en .
ns:government.government_position_held.office_holder rdfs:label "Office holder"@en .
ns:location.country.official_language rdfs:label "Official language"@en .
ns:common.topic.description rdfs:label "Description"@en .
ns:m.01 ns:type.object.name "Anselm Drey"@en ; rdfs:label "Anselm Drey"@en ; ns:type.object.type ns:people.person ;
    a ns:people.person ;
    ns:people.person.place_of_birth ns:m.10 ; ns:people.person.date_of_birth "1955-04-02"^^xsd:date ;
    ns:common.topic.alias "Ansel Drey"@en ; ns:people.person.nationality ns:m.20 ; ns:people.person.profession ns:m.98 ;
    ns:common.topic.description "A politician of Veldoria."@en .
ns:m.02 ns:type.object.name "Talia Vance"@en ; rdfs:label "Talia Vance"@en ; ns:type.object.type ns:people.person ;
    a ns:people.person ;
    ns:people.person.place_of_birth ns:m.11 ; ns:people.person.date_of_birth "1980-09-30"^^xsd:date ;
    ns:common.topic.alias "Tally Vance"@en ; ns:common.topic.description "An actress."@en .
ns:m.03 ns:type.object.name "Halvard Brune"@en ; rdfs:label "Halvard Brune"@en ; ns:type.object.type ns:people.person ;
    a ns:people.person ;
    ns:people.person.place_of_birth ns:m.11 ; ns:common.topic.description "A director."@en .
ns:m.10 ns:type.object.name "Oskeln"@en ; rdfs:label "Oskeln"@en ; ns:type.object.type ns:location.citytown ;
    a ns:location.citytown ;
    ns:location.location.people_born_here ns:m.01, ns:m.04 ; ns:location.location.containedby ns:m.22 .
ns:m.22 ns:type.object.name "Harrow Province"@en ; rdfs:label "Harrow Province"@en ;
    ns:type.object.type ns:location.administrative_division ; a ns:location.administrative_division ;
    ns:location.location.containedby ns:m.20 .
ns:m.04 ns:type.object.name "Petra Skov"@en ; rdfs:label "Petra Skov"@en ; ns:type.object.type ns:people.person ;
    a ns:people.person ; ns:people.person.place_of_birth ns:m.10 ; ns:people.person.nationality ns:m.20 .
ns:m.11 ns:type.object.name "Kelmora"@en ; rdfs:label "Kelmora"@en ; ns:type.object.type ns:location.citytown ;
    a ns:location.citytown ;
    ns:location.location.people_born_here ns:m.02, ns:m.03 ; ns:location.location.containedby ns:m.21 .
ns:m.20 ns:type.object.name "Veldoria"@en ; rdfs:label "Veldoria"@en ; ns:type.object.type ns:location.country ;
    a ns:location.country ;
    ns:location.country.capital ns:m.12 ; ns:location.country.official_language ns:m.50 ;
    ns:location.country.languages_spoken ns:m.50, ns:m.51 .
ns:m.50 ns:type.object.name "Veldorian"@en ; rdfs:label "Veldorian"@en ; a ns:language.human_language ;
    ns:type.object.type ns:language.human_language .
ns:m.51 ns:type.object.name "Ostrevian"@en ; rdfs:label "Ostrevian"@en ; a ns:language.human_language .
ns:m.21 ns:type.object.name "Ostrevia"@en ; rdfs:label "Ostrevia"@en ; ns:type.object.type ns:location.country ;
    a ns:location.country ;
    ns:location.country.capital ns:m.11 .
ns:m.12 ns:type.object.name "Marrenport"@en ; rdfs:label "Marrenport"@en ; ns:type.object.type ns:location.citytown ;
    a ns:location.citytown ;
    ns:location.location.containedby ns:m.20 .
ns:m.30 ns:type.object.name "Winter at Kelmora"@en ; rdfs:label "Winter at Kelmora"@en ;
    ns:type.object.type ns:film.film ;
    a ns:film.film ; ns:film.film.genre ns:m.40, ns:m.41 ; ns:film.film.directed_by ns:m.03 ;
    ns:common.topic.description "A film of a winter."@en .
ns:m.31 ns:type.object.name "The Salt Road"@en ; rdfs:label "The Salt Road"@en ; ns:type.object.type ns:film.film ;
    a ns:film.film ;
    ns:film.film.genre ns:m.41 ; ns:film.film.directed_by ns:m.03 .
ns:m.31 ns:film.film.starring ns:m.60, ns:m.61 .
ns:m.60 ns:film.performance.actor ns:m.02 ; ns:film.performance.character ns:m.70 ;
    ns:film.performance.film ns:m.31 .
ns:m.61 ns:film.performance.actor ns:m.03 ; ns:film.performance.character ns:m.71 ;
    ns:film.performance.film ns:m.31 .
ns:m.70 ns:type.object.name "Captain Ardo Venn"@en ; rdfs:label "Captain Ardo Venn"@en .
ns:m.71 ns:type.object.name "Nadia Holm"@en ; rdfs:label "Nadia Holm"@en .
ns:m.80 ns:type.object.name "Marrenport Rovers"@en ; rdfs:label "Marrenport Rovers"@en ;
    ns:sports.sports_team.roster ns:m.81 .
ns:m.81 ns:sports.sports_team_roster.player ns:m.04 .
ns:m.12 ns:location.statistical_region.population ns:m.90 .
ns:m.90 ns:type.object.type ns:measurement_unit.dated_integer ; a ns:measurement_unit.dated_integer ;
    ns:measurement_unit.dated_integer.number "1204000"^^xsd:integer ;
    ns:measurement_unit.dated_integer.year "2010"^^xsd:gYear .
ns:m.01 ns:government.politician.government_positions_held ns:m.95 .
ns:m.95 ns:government.government_position_held.office_position_or_title ns:m.96 ;
    ns:government.government_position_held.office_holder ns:m.01 ;
    ns:government.government_position_held.basic_title ns:m.97 ;
    ns:government.government_position_held.from "2009-01-20"^^xsd:date .
ns:m.96 ns:type.object.name "President of Veldoria"@en ; rdfs:label "President of Veldoria"@en .
ns:m.97 ns:type.object.name "President"@en ; rdfs:label "President"@en .
ns:m.40 ns:type.object.name "Crime Fiction"@en ; rdfs:label "Crime Fiction"@en ;
    ns:type.object.type ns:film.film_genre ; a ns:film.film_genre .
ns:m.41 ns:type.object.name "Thriller"@en ; rdfs:label "Thriller"@en ;
    ns:type.object.type ns:film.film_genre ; a ns:film.film_genre .
ns:people.person ns:type.object.name "Person"@en ; rdfs:label "Person"@en .
ns:m.98 ns:type.object.name "Lawyer"@en ; rdfs:label "Lawyer"@en ; ns:type.object.type ns:people.profession ;
    a ns:people.profession .
ns:people.profession ns:type.object.name "Profession"@en ; rdfs:label "Profession"@en .
ns:m.04 ns:sports.pro_athlete.sport ns:m.99 .
ns:m.99 ns:type.object.name "Football"@en ; rdfs:label "Football"@en ; ns:type.object.type ns:sports.sport ;
    a ns:sports.sport .
ns:sports.sport ns:type.object.name "Sport"@en ; rdfs:label "Sport"@en .
ns:film.film ns:type.object.name "Film"@en ; rdfs:label "Film"@en .
ns:film.film_genre ns:type.object.name "Film genre"@en ; rdfs:label "Film genre"@en .
ns:location.country ns:type.object.name "Country"@en ; rdfs:label "Country"@en .
ns:location.citytown ns:type.object.name "City/Town/Village"@en ; rdfs:label "City/Town/Village"@en .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "freebase", GRAPH)


def test_a_dotted_predicate_is_named_by_its_last_part() -> None:
    assert relation_text("type.object.type") == "type"
    assert relation_text("people.person.place_of_birth") == "place of birth"
    assert relation_text("St._Louis") == "st. louis"  # (no dotted path: a name with a dot in it)


def test_a_relation_stated_both_ways_is_no_other_relation_the_question_says(rag: CacheRAG) -> None:
    # "born" is a word of "people born here", the reverse of "place of birth": the same relation, not another
    assert answered(rag, "Where was Anselm Drey born?") == {"Oskeln"}
    # … and asked when, a relation that reaches no time is no other name of the date of birth
    assert answered(rag, "When was Anselm Drey born?") == {"1955-04-02"}
    assert answered(rag, "Who was born in Kelmora?") == {"Talia Vance", "Halvard Brune"}


def test_a_relation_the_question_says_more_words_of_is_no_other_form_of_another(rag: CacheRAG) -> None:
    # "language" is the official language's word as said, but "speak" says the languages spoken
    assert answered(rag, "What language do they speak in Veldoria?") == {"Veldorian", "Ostrevian"}
    assert answered(rag, "What is the official language of Veldoria?") == {"Veldorian"}


def test_a_relation_named_as_the_typing_one_is_no_kind_of_anything_asked(rag: CacheRAG) -> None:
    assert "kind" not in resources(rag.context).view.unions.values()
    # … and of relations naming a category, the one that does in its first sense (a genre, not a description)
    assert answered(rag, "What kind of movie is Winter at Kelmora?") == {"Crime Fiction", "Thriller"}


def test_an_alias_names_a_labelled_thing_too(rag: CacheRAG) -> None:
    assert answered(rag, "When was Tally Vance born?") == {"1980-09-30"}
    assert answered(rag, "Who is also known as Ansel Drey?") == {"Anselm Drey"}


def test_a_clause_the_topic_opens_names_the_first_hop() -> None:
    # "the country <E> was born in": born first, then the country, then its capital
    distances = mention_distances("What is the capital of the country Talia Vance was born in?", "Talia Vance")
    assert distances["bear"] < distances["country"] < distances["capital"]
    # … but a clause after a phrase holding the topic comes last ("where was the director of <E> born")
    distances = mention_distances("Where was the director of Winter at Kelmora born?", "Winter at Kelmora")
    assert distances["direct"] < distances["bear"]



def test_a_relation_restating_the_typing_is_no_way_to_things_of_a_kind(rag: CacheRAG) -> None:
    assert f"<{NS}type.object.type>" in resources(rag.context).view.typing_restated
    # the country a city is in: the one its region is in, not one its things' types list, nor its people's country
    answer = rag.ask("What country is Oskeln in?")
    assert {a.label for a in answer.answers} == {"Veldoria"}
    assert [step["label"] for step in answer.plan] == ["contained by", "contained by"]


def test_a_statement_node_s_legs_as_the_question_says_them(rag: CacheRAG) -> None:
    # "plays" names only the rosters' player, which neither the film nor the character has: it is their actor
    assert answered(rag, "Who plays Captain Ardo Venn in The Salt Road?") == {"Talia Vance"}
    # a dated count's year is no other value "the population" may mean
    assert answered(rag, "What is the population of Marrenport?") == {"1204000"}
    # "office/position/title" is one word of three: an office
    assert answered(rag, "What offices has Anselm Drey held?") == {"President of Veldoria"}


def test_words_written_as_alternatives_count_as_one() -> None:
    offices = Counter(content_terms("What offices has he held?"))
    assert lexical_score("office/position/title", offices) == 1.0
    assert lexical_score("government positions held office/position/title", offices) == 0.5


def test_what_restates_the_typing_is_no_leg_of_a_statement_node(rag: CacheRAG) -> None:
    view = resources(rag.context).view
    city = next(node for node, label in view.kg.label_rows if label == "Marrenport")
    legs = [e.predicate for e in view.schema(city) if is_through(e.predicate)]
    assert legs and not [p for p in legs if "type.object.type" in p]


def test_a_word_for_a_category_in_a_rarer_sense_names_no_category_relation() -> None:
    # "colour" may mean a kind ("of that colour"), but first of all it is a colour: the hair colour, not a type
    aliases = lexicon().aliases("What is the hair colour of Vel's wife?", ("hair color", "type", "spouse"), {"vel"})
    assert aliases.get("colour") == "hair color"


def test_who_has_been_an_office_asks_for_its_holders(rag: CacheRAG) -> None:
    # the name is an office's ("President of Veldoria"), no one's: who has been it are the people it leads to
    assert answered(rag, "Who has been President of Veldoria?") == {"Anselm Drey"}
    # … while who a person is, the graph does not say
    assert answered(rag, "Who is Anselm Drey?") == set()


def test_a_noun_read_as_the_answers_kind_is_what_they_are(rag: CacheRAG) -> None:
    # a profession is a kind of occupation: "what is <E>'s occupation" (or "what does <E> do for a living") asks for
    # things of that class, which the one relation reaching them gives
    assert answered(rag, "What is Anselm Drey's occupation?") == {"Lawyer"}
    assert answered(rag, "What does Anselm Drey do for a living?") == {"Lawyer"}


def test_a_noun_read_as_the_answers_kind_is_so_read_after_history_too(tmp_path: Path) -> None:
    # a remembered plan replayed for it and refused ("place of birth"), the question is still read as a miss reads it,
    # its noun the answers' kind, before guided traversal (which reads the words of labels only)
    with engine_over(tmp_path, GRAPH, learn=True) as engine:
        assert answered(engine, "Where was Anselm Drey born?") == {"Oskeln"}
        assert answered(engine, "What does Anselm Drey do for a living?") == {"Lawyer"}
