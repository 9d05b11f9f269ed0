"""Yes-no questions, read as the question they check ("did <S> direct <O>?" as "what did <S> direct?"): yes when what
they check for is among its answers, no when it is not though it is of their kind, and `missing` otherwise — a
state is no city, so a birthplace that is another city says nothing of the state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG

CREW = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Film rdfs:label "Film" .  ex:Person rdfs:label "Person" .  ex:City rdfs:label "City" .
ex:Region rdfs:label "Region" .
ex:director rdfs:label "director" .  ex:born rdfs:label "place of birth" .  ex:eyes rdfs:label "eye color" .
ex:genre rdfs:label "genre" .  ex:Genre rdfs:label "Film genre" .
ex:noir a ex:Genre ; rdfs:label "film noir" .  ex:farce a ex:Genre ; rdfs:label "farce" .
ex:orchard a ex:Film ; rdfs:label "Glass Orchard" ; ex:director ex:ann ; ex:genre ex:noir .
ex:tide a ex:Film ; rdfs:label "Low Tide" ; ex:director ex:bo ; ex:genre ex:farce .
ex:film rdfs:label "film" .
ex:gender rdfs:label "gender" .  ex:hair rdfs:label "hair color" .
ex:ann a ex:Person ; rdfs:label "Ann Vell" ; ex:born ex:york ; ex:eyes "green" ; ex:film ex:tide ; ex:gender "female" .
ex:bo a ex:Person ; rdfs:label "Bo Rask" ; ex:born ex:ayr ; ex:eyes "blue" ; ex:gender "male" ; ex:hair "green" .
ex:york a ex:City ; rdfs:label "York" .  ex:ayr a ex:City ; rdfs:label "Ayr" .
ex:north a ex:Region ; rdfs:label "Northmoor" .
ex:released rdfs:label "release date" .  ex:birth rdfs:label "date of birth" .
ex:orchard ex:released "1981-05-17"^^<http://www.w3.org/2001/XMLSchema#date> .
ex:ann ex:birth "1950-02-01"^^<http://www.w3.org/2001/XMLSchema#date> .  ex:bo ex:birth "c. 1950" .
"""


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, CREW) as engine:
        yield engine


@pytest.mark.parametrize(("question", "expected"), [
    ("Was Glass Orchard directed by Ann Vell?", "yes"),
    ("Was Glass Orchard directed by Bo Rask?", "no"),
    ("Is the director of Low Tide Bo Rask?", "yes"),
    ("Was Ann Vell born in York?", "yes"),
    ("Was Ann Vell born in Ayr?", "no"),
    ("Is Ann Vell's eye color green?", "yes"),
    ("Is Ann Vell's eye color blue?", "no"),
    # "does <S> have <value> <noun>": the value said before the noun of its relation ("are <S>'s eyes green")
    ("Does Ann Vell have green eyes?", "yes"),
    ("Does Bo Rask have green eyes?", "no"),
    # asked for by its kind ("which film was Ann Vell in"): "what was Ann Vell in" names no relation
    ("Was Ann Vell in Low Tide?", "yes"),
    ("Was Ann Vell in Glass Orchard?", "no"),
    # what is checked for may be a name not written as names are
    ("Is Glass Orchard's genre film noir?", "yes"),
    ("Is Glass Orchard's genre farce?", "no"),
    # a value said of the subject alone asks the one relation the graph states it by ("what is Ann Vell's gender")
    ("Is Ann Vell female?", "yes"),
    ("Is Bo Rask female?", "no"),
    ("Is Glass Orchard film noir?", "yes"),
    ("Is Low Tide film noir?", "no"),
    # written without capitals: the subject is a name as the question can say one (a word English does not know)
    ("was ann vell born in york?", "yes"),
    ("was ann vell born in ayr?", "no"),
    ("does bo rask have green eyes?", "no"),
    ("is ann vell female?", "yes"),
    # "is <A> <B>'s <noun>": <A> among what "what is <B>'s <noun>" answers
    ("Is Ann Vell Glass Orchard's director?", "yes"),
    ("Is Bo Rask Glass Orchard's director?", "no"),
    ("Is York Ann Vell's place of birth?", "yes"),
    ("Was Ayr Ann Vell's place of birth?", "no"),
    # a year no value of the graph's: "when was <F> released", the year of its dates looked for
    ("Was Glass Orchard released in 1981?", "yes"),
    ("Was Glass Orchard released in 1985?", "no"),
    ("Was Ann Vell born in 1950?", "yes"),  # born when, not where
    ("Was Ann Vell born in the year 1951?", "no"),
])
def test_yes_or_no_by_what_the_checked_question_answers(rag: CacheRAG, question: str, expected: str) -> None:
    answer = rag.ask(question)
    assert [a.label for a in answer.answers] == [expected], (question, answer.reason)


def test_no_is_said_only_of_a_thing_of_the_answers_kind(rag: CacheRAG) -> None:
    # Ann was born in York: whether York lies in Northmoor the graph does not say
    answer = rag.ask("Was Ann Vell born in Northmoor?")
    assert answer.status == "missing" and not answer.answers and "Northmoor" in answer.reason


@pytest.mark.parametrize("question", [
    "Is Ann Vell alive?",  # nothing checked for: no question to check
    "Is Ann Vell green?",  # green eyes or green hair: a value of two relations names neither
    "Is Bo Rask green?",
    "Was Glass Orchard a success?",
    "Did Ann Vell win an award for Glass Orchard?",  # what it checks no relation of the graph answers
    "Is Bo Rask Ann Vell's producer?",  # no producers in the graph: neither yes nor no
    "Was Bo Rask born in 1950?",  # "c. 1950": no date, no year to compare
    "Was Low Tide released in 1981?",  # no release date stated
])
def test_a_yes_no_question_the_graph_cannot_check_is_missing(rag: CacheRAG, question: str) -> None:
    answer = rag.ask(question)
    assert answer.status == "missing" and not answer.answers, (question, [a.label for a in answer.answers])


def test_a_choice_is_no_yes_no_question() -> None:
    from cacherag.nodes.reasoners.yes_no import asks_yes_or_no

    assert asks_yes_or_no("Did Ann Vell direct Glass Orchard?")
    assert not asks_yes_or_no("Is Ann Vell a man or a woman?")
    assert not asks_yes_or_no("Do you know who directed Glass Orchard?")


SPECIES = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Species rdfs:label "Species" .  ex:species rdfs:label "species" .
ex:human a ex:Species ; rdfs:label "Human" .  ex:wookiee a ex:Species ; rdfs:label "Wookiee" .
ex:kel rdfs:label "Kel Dorran" ; ex:species ex:human .  ex:grr rdfs:label "Grr'akk" ; ex:species ex:wookiee .
"""


@pytest.mark.parametrize(("question", "expected"), [
    ("Is Kel Dorran human?", "yes"),
    ("Is Grr'akk human?", "no"),
    ("Is Grr'akk a wookiee?", "yes"),
])
def test_what_is_checked_for_may_be_said_in_lower_case(tmp_path: Path, question: str, expected: str) -> None:
    # the graph writes "Human" as a name; the question says it as a word
    with engine_over(tmp_path, SPECIES) as rag:
        answer = rag.ask(question)
        assert [a.label for a in answer.answers] == [expected], answer.reason


KINDS = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Character rdfs:label "Character" .  ex:Droid rdfs:label "Droid" ; rdfs:subClassOf ex:Character .
ex:Planet rdfs:label "Planet" .  ex:homeworld rdfs:label "home world" .
ex:arc a ex:Droid ; rdfs:label "Arc-2" ; ex:homeworld ex:vale .  ex:vale a ex:Planet ; rdfs:label "Vale" .
ex:ann a ex:Character ; rdfs:label "Ann Vell" ; ex:homeworld ex:zed .  ex:zed rdfs:label "Zed Prime" .
"""


@pytest.mark.parametrize(("question", "expected"), [
    ("Is Vale a planet?", "yes"),
    ("Is Arc-2 a character?", "yes"),  # a droid, and droids are characters
    ("Is Arc-2 a planet?", "no"),
    ("Is Ann Vell a droid?", "no"),  # a character, none of whose kinds is a droid
])
def test_is_a_kind_asks_what_the_graph_types_the_thing_as(tmp_path: Path, question: str, expected: str) -> None:
    with engine_over(tmp_path, KINDS) as rag:
        answer = rag.ask(question)
        assert [a.label for a in answer.answers] == [expected], answer.reason
        assert "types" in answer.reason and answer.evidence  # its kinds, shown


def test_a_thing_the_graph_gives_no_kind_is_no_answer_of_a_kind(tmp_path: Path) -> None:
    with engine_over(tmp_path, KINDS) as rag:
        answer = rag.ask("Is Zed Prime a planet?")  # the graph types Zed Prime as nothing
        assert answer.status == "missing" and "kind" in answer.reason, answer


BORDERS = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Country rdfs:label "Country" .  ex:Person rdfs:label "Person" .
ex:borders rdfs:label "shares border with" .  ex:rival rdfs:label "rival" .  ex:father rdfs:label "father" .
ex:drav a ex:Country ; rdfs:label "Dravonia" ; ex:borders ex:soria, ex:velm ; ex:rival ex:soria .
ex:soria a ex:Country ; rdfs:label "Soria" ; ex:borders ex:velm ; ex:rival ex:kest .
ex:velm a ex:Country ; rdfs:label "Velmaria" ; ex:rival ex:kest, ex:drav .
ex:kest a ex:Country ; rdfs:label "Kesteland" .
ex:ann a ex:Person ; rdfs:label "Ann Vell" ; ex:father ex:bo .
ex:bo a ex:Person ; rdfs:label "Bo Vell" ; ex:father ex:cy .
ex:cy a ex:Person ; rdfs:label "Cy Vell" .  ex:dee a ex:Person ; rdfs:label "Dee Vell" ; ex:father ex:cy .
ex:eve a ex:Person ; rdfs:label "Eve Vell" ; ex:father ex:cy, ex:bo .
"""


@pytest.mark.parametrize(("question", "expected"), [
    ("Does Soria border Velmaria?", "yes"),
    ("Does Soria border Dravonia?", "yes"),  # stated from Dravonia: a shared border is one either way
    ("Does Soria border Kesteland?", "no"),
    ("Is Bo Vell Ann Vell's father?", "yes"),
    # his daughter: a father is never the other way round — by English, where the graph's statements (Eve with two
    # fathers, Cy father of two) do not say the relation runs one way
    ("Is Ann Vell Bo Vell's father?", "no"),
])
def test_a_relation_stated_from_the_other_end(tmp_path: Path, question: str, expected: str) -> None:
    with engine_over(tmp_path, BORDERS) as engine:
        answer = engine.ask(question)
    assert [a.label for a in answer.answers] == [expected], (question, answer.reason)


def test_which_way_a_relation_reads_is_not_guessed(tmp_path: Path) -> None:
    # Dravonia's rival is Soria; Velmaria names Dravonia its rival: whether Velmaria is Dravonia's, the graph does not
    # say, and "no" would be a guess
    with engine_over(tmp_path, BORDERS) as engine:
        answer = engine.ask("Is Velmaria Dravonia's rival?")
    assert answer.status == "missing" and "other way round" in answer.reason, [a.label for a in answer.answers]



GALAXY = Path(__file__).parent / "data"


@pytest.mark.parametrize(("question", "expected"), [
    ("Did Garrick Lowe direct A Distant Dawn?", "yes"),
    # the plan is a hop through credits picked by their role: no one way of it stated from the other end to read
    ("Did Garrick Lowe direct The Cold Reach?", "no"),
])
def test_a_check_through_statements(tmp_path: Path, question: str, expected: str) -> None:
    graph = tmp_path / "galaxy.ttl"
    graph.write_text("\n".join((GALAXY / name).read_text() for name in ("galaxy_ontology.ttl", "galaxy.ttl")))
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False)
    try:
        answer = rag.ask(question)
    finally:
        rag.close()
    assert [a.label for a in answer.answers] == [expected], (question, answer.reason)
