""""How many": the number a relation states ("how many people live on <E>": its population), else how many things the
graph lists — of the kind asked, every one of them shown as evidence; nothing listed is no "0" (the graph does not
say there are none), and what no relation names stays `missing`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over
from test_typed_answers import turtle

from cacherag.api import CacheRAG

GALAXY = turtle("""
:Character rdfs:label "Character" .  :Starship rdfs:label "Starship" .  :Planet rdfs:label "Planet" .
:Film rdfs:label "Film" .
:film rdfs:label "film" .  :pilot rdfs:label "pilot" .  :resident rdfs:label "resident" .
:population rdfs:label "population" .  :climate rdfs:label "climate" .
:night a :Film ; rdfs:label "The Long Night" .  :dawn a :Film ; rdfs:label "A Distant Dawn" .
:ann a :Character ; rdfs:label "Ann Vale" ; :film :night , :dawn .
:bo a :Character ; rdfs:label "Bo Tarn" ; :film :night .
:cy a :Character ; rdfs:label "Cy Dell" ; :film :dawn .
:hawk a :Starship ; rdfs:label "Star Hawk" ; :film :night ; :pilot :ann , :bo .
:wren a :Starship ; rdfs:label "Iron Wren" ; :film :night , :dawn ; :pilot :ann .
:meridia a :Planet ; rdfs:label "Meridia" ; :population "4500000" ; :resident :ann , :bo .
:koss a :Planet ; rdfs:label "Koss" ; :resident :cy ; :climate "arid, temperate" .
""")


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, GALAXY) as engine:  # a memory of its own: each question read cold
        yield engine


@pytest.mark.parametrize(("question", "expected"), [
    ("How many films does Ann Vale appear in?", "2"),
    ("How many pilots does the Star Hawk have?", "2"),
    ("How many starships appear in The Long Night?", "2"),  # of the kind asked: not its characters too (4)
    ("How many people live on Meridia?", "4500000"),  # the number the graph states, not its residents (2)
    ("How many residents does Koss have?", "1"),
    ("How many people live on Koss?", None),  # no population said: people are no residents counted
    ("How many starships has Cy Dell piloted?", None),  # none listed: no "0"
    ("How many moons does Meridia have?", None),
    ("How many wives does Bo Tarn have?", None),
    ("How many climates does Koss have?", None),  # a value saying no number is no count (nor is a list in one)
    ("How many films did Bo Tarn pilot?", "1"),  # the films of the starships he piloted
    ("What is the number of films Ann Vale appears in?", "2"),  # "the number of": how many
    ("What is the number of people living on Meridia?", "4500000"),
])
def test_how_many_counts_what_the_graph_lists(rag: CacheRAG, question: str, expected: str | None) -> None:
    answer = rag.ask(question)
    if expected is None:
        assert answer.status == "missing" and not answer.answers, (question, [a.label for a in answer.answers])
    else:
        assert [a.label for a in answer.answers] == [expected], (question, answer.reason)


def test_the_kinds_a_thing_is_filed_under_are_not_counted(rag: CacheRAG) -> None:
    # "characters" is also a word for a type (WordNet), and the film is typed: its one type is no count of characters
    answer = rag.ask("How many characters appear in A Distant Dawn?")
    assert answer.status == "missing" or [a.label for a in answer.answers] == ["2"], answer.reason


def test_what_was_counted_is_the_evidence(rag: CacheRAG) -> None:
    answer = rag.ask("How many starships appear in The Long Night?")
    assert "Star Hawk" in answer.answer and "Iron Wren" in answer.answer and "Bo Tarn" not in answer.answer


CAST = GALAXY + turtle("""
:castMember rdfs:label "cast member" .  :character rdfs:label "character" .  :actor rdfs:label "actor" .
:Person rdfs:label "Person" .  :lia a :Person ; rdfs:label "Lia Marr" .
:night :castMember [ :actor :lia ; :character :ann ] .
""")


def test_a_count_is_of_every_one_the_graph_relates_the_topic_to(tmp_path: Path) -> None:
    # "characters" names the cast member's character leg, which reaches one; the film's "film" relation two: a count
    # of one of them would be wrong, whichever a list might show
    with engine_over(tmp_path, CAST) as rag:
        answer = rag.ask("How many characters appear in The Long Night?")
        assert answer.status == "missing" or [a.label for a in answer.answers] == ["2"], answer.reason
        assert [a.label for a in rag.ask("How many films does Ann Vale appear in?").answers] == ["2"]


def test_a_count_compares_every_one_the_plan_reaches_with_the_other_relations(tmp_path: Path) -> None:
    # 25 residents, each with the planet as home world too: no other relation relates it to more of them, though a
    # sample of the plan's answers (20) is fewer than what "home world" reaches
    people = "\n".join(f":p{i} a :Settler ; rdfs:label \"Person {i}\" ; :homeworld :vale ." for i in range(25))
    body = turtle(f""":Settler rdfs:label "Settler" .  :Planet rdfs:label "Planet" .
:resident rdfs:label "resident" .  :homeworld rdfs:label "home world" .
:vale a :Planet ; rdfs:label "Vale" ; :resident {", ".join(f":p{i}" for i in range(25))} .
{people}
""")
    with engine_over(tmp_path, body) as rag:
        answer = rag.ask("How many settlers are from Vale?")
        assert [a.label for a in answer.answers] == ["25"], answer.reason


RECORDS = turtle("""@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
:Album rdfs:label "Album" .  :performer rdfs:label "performer" .  :released rdfs:label "release date" .
:pines rdfs:label "The Hollow Pines" .
:harbor a :Album ; rdfs:label "Glass Harbor" ; :performer :pines ; :released "2004-03-15"^^xsd:date .
:lanterns a :Album ; rdfs:label "Paper Lanterns" ; :performer :pines ; :released "2009-10-02"^^xsd:date .
""")


def test_a_count_of_what_was_released_counts_the_things_not_their_dates(tmp_path: Path) -> None:
    # "release" says the event the albums are dated by, as it does asked "which albums"
    with engine_over(tmp_path, RECORDS) as rag:
        assert [a.label for a in rag.ask("How many albums did The Hollow Pines release?").answers] == ["2"]


@pytest.mark.parametrize(("question", "expected"), [
    ("How many planets are there?", {"2"}),
    ("How many characters are in the graph?", {"3"}),
    ("List all the films.", {"The Long Night", "A Distant Dawn"}),
    ("Which starships are there?", {"Star Hawk", "Iron Wren"}),
])
def test_a_kind_s_members_are_listed_and_counted(rag: CacheRAG, question: str, expected: set[str]) -> None:
    assert {a.label for a in rag.ask(question).answers} == expected, question


def test_members_are_no_answer_to_more_than_them(tmp_path: Path) -> None:
    # a kind's members answer only what asks for them and nothing more (learning on: nothing taught by the first)
    with engine_over(tmp_path, GALAXY, learn=True) as rag:
        assert {a.label for a in rag.ask("Which planets are there?").answers} == {"Meridia", "Koss"}
        assert len(rag.memory) == 0  # listed anew each time: no plan, no words learned for the typing hop
        for question in ("Which planets have rings?", "Which planets are the largest?",
                         "How many planets orbit a star?"):
            answer = rag.ask(question)
            assert not answer.answers, (question, [a.label for a in answer.answers])


def test_a_count_of_members_the_plan_could_not_read_whole_is_refused(tmp_path: Path) -> None:
    # three characters, rows capped at two: "2" would be wrong
    with engine_over(tmp_path, GALAXY, max_rows=2) as rag:
        assert not rag.ask("How many characters are there?").answers


def test_a_kind_said_as_english_inflects_it_is_named(tmp_path: Path) -> None:
    # no label says "cities": the word names the class City as a noun
    towns = turtle(""":City rdfs:label "City" .
:ayr a :City ; rdfs:label "Ayr" .  :york a :City ; rdfs:label "York" .""")
    with engine_over(tmp_path, towns) as rag:
        assert [a.label for a in rag.ask("How many cities are there?").answers] == ["2"]
        assert {a.label for a in rag.ask("List all the cities.").answers} == {"Ayr", "York"}


def test_a_class_written_as_two_nouns_is_named_by_its_second(rag: CacheRAG) -> None:
    from cacherag.tools.graph_view import class_words

    assert "ship" in class_words("Starship", "Starship") and class_words("Record label", "RecordLabel") == []
    # a starship is a ship, as English names a compound's kind by its last noun
    assert {a.label for a in rag.ask("Which ships appear in The Long Night?").answers} == {"Star Hawk", "Iron Wren"}
    assert {a.label for a in rag.ask("What is Bo Tarn's ship?").answers} == {"Star Hawk"}


def test_a_question_in_lower_case_names_its_entities_by_their_labels_said_whole(rag: CacheRAG) -> None:
    # no capital tells a name: a label said whole is one, and a plan must use every entity named (Bo Tarn's
    # starships alone are not those "bo tarn or ann vale" piloted)
    answer = rag.ask("which starships did bo tarn or ann vale pilot")
    assert answer.status == "missing" or {a.label for a in answer.answers} == {"Star Hawk", "Iron Wren"}, \
        [a.label for a in answer.answers]
    assert [a.label for a in rag.ask("which films does bo tarn appear in").answers] == ["The Long Night"]
