"""The relation lexicon statements learn: which words of remembered questions name which relation."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.memory.history import HistoryPair, warm_context
from cacherag.memory.statements import StatementMemory
from cacherag.memory.text import terms

PARENTS = {"predicate": "ex:parents", "inverse": False, "label": "parents"}
RELIGION = {"predicate": "ex:religion", "inverse": False, "label": "religion"}
LABELS = ("parents", "religion", "profession", "institution")


@pytest.fixture
def memory(tmp_path: Path) -> StatementMemory:
    return StatementMemory(tmp_path / "memory")  # nothing is flushed, so nothing is embedded


def aliases(memory: StatementMemory, question: str, said: dict[str, int] | None = None) -> dict[str, str]:
    return memory.aliases("d", terms(question), LABELS, said)


def test_a_word_beside_one_that_names_the_relation_on_its_own_learns_nothing(memory: StatementMemory) -> None:
    for _ in range(3):
        memory.learn("d", "who is <E> 's mom ?", [PARENTS])
        memory.learn("d", "what is <E> 's mom practice ?", [PARENTS])
    assert aliases(memory, "mom") == {terms("mom")[0]: "parents"}
    # "mom" explains the phrase; "practice" stood beside it, it named nothing.
    assert aliases(memory, "practice") == {}


def test_words_that_only_name_a_relation_together_both_learn_it(memory: StatementMemory) -> None:
    for _ in range(3):
        memory.learn("d", "what is <E> 's folk elder ?", [PARENTS])
    assert aliases(memory, "folk elder") == {terms("folk")[0]: "parents", terms("elder")[0]: "parents"}


def test_a_word_names_a_relation_only_in_most_of_the_questions_it_is_said_in(memory: StatementMemory) -> None:
    for _ in range(2):
        memory.learn("d", "who is <E> 's dad ?", [PARENTS])
    assert aliases(memory, "dad", said={"dad": 3}) == {"dad": "parents"}
    assert aliases(memory, "dad", said={"dad": 4}) == {}  # half is no majority


def test_a_word_taught_two_relations_reads_as_the_one_the_question_names_word_for_word(
        memory: StatementMemory) -> None:
    profession = {"predicate": "ex:profession", "inverse": False, "label": "profession"}
    institution = {"predicate": "ex:institution", "inverse": False, "label": "institution"}
    for _ in range(3):
        memory.learn("d", "what does the dad of <E> work as ?", [PARENTS, profession])
    for _ in range(2):
        memory.learn("d", "where does the dad of <E> work ?", [PARENTS, institution])
    memory.learn("d", "what is the institution of <E> ?", [institution])
    work = terms("work")[0]
    assert aliases(memory, "what does dad work as")[work] == "profession"  # mostly
    # Beside "institution", "work" is read as the institution it was also taught, not as a profession.
    asked = memory.aliases("d", terms("which institution does dad work for"), LABELS, answers=terms("institution"))
    assert work not in asked


def test_the_answers_noun_phrase_is_read_whole() -> None:
    # "which educational institution": the head noun is no longer the word right after the wh-word.
    from cacherag.graphs.state import ISR
    from cacherag.nodes.reasoners.grounding import asked_phrase

    def isr(rest: str) -> ISR:  # the question without its topic, as the ISR keeps it
        return ISR(topic_mention="X", constraints=[rest], domain="d", aspect="")

    assert asked_phrase(isr("which educational institution does 's spouse work for ?")) == terms(
        "educational institution")
    assert asked_phrase(isr("who is the spouse of ?")) == []  # a noun heading an "of" chain is a hop


WORK_TTL = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:parents rdfs:label "parents" .  ex:profession rdfs:label "profession" .  ex:institution rdfs:label "institution" .
ex:ann rdfs:label "Ann Hale" .  ex:bob rdfs:label "Bob Hale" .  ex:cyd rdfs:label "Cyd Moor" .
ex:dan rdfs:label "Dan Moor" .  ex:eve rdfs:label "Eve Lind" .  ex:fay rdfs:label "Fay Lind" .
ex:gus rdfs:label "Gus Ray" .  ex:hal rdfs:label "Hal Ray" .
ex:poet rdfs:label "poet" .  ex:judge rdfs:label "judge" .  ex:oxford rdfs:label "Oxford" .  ex:yale rdfs:label "Yale" .
ex:ann ex:parents ex:bob .  ex:cyd ex:parents ex:dan .  ex:eve ex:parents ex:fay .  ex:gus ex:parents ex:hal .
ex:bob ex:profession ex:poet .  ex:dan ex:profession ex:judge .  ex:fay ex:profession ex:poet .
ex:hal ex:profession ex:judge .
ex:bob ex:institution ex:oxford .  ex:dan ex:institution ex:yale .  ex:fay ex:institution ex:yale .
ex:hal ex:institution ex:oxford .
"""


def warmed(tmp_path: Path, turtle: str, history: list[HistoryPair]) -> CacheRAG:
    """An engine over ``turtle`` whose memory is warmed from ``history`` (question, answers) pairs."""
    path = tmp_path / "graph.ttl"
    path.write_text(turtle)
    rag = CacheRAG(str(path), memory_dir=str(tmp_path / "memory"), domain="warmed", learn=False)
    warm_context(rag.context, history)
    return rag


def test_a_word_taught_two_relations_is_read_as_the_one_the_answers_noun_phrase_names(tmp_path: Path) -> None:
    # "work" was mostly the profession, once the institution; "which educational institution does … work for"
    # names the institution in its wh-phrase, past the adjective.
    rag = warmed(tmp_path, WORK_TTL, [
        HistoryPair("who is Ann Hale 's dad ?", ["Bob Hale"]),
        HistoryPair("who is Cyd Moor 's dad ?", ["Dan Moor"]),
        HistoryPair("who is Eve Lind 's dad ?", ["Fay Lind"]),
        HistoryPair("what does Ann Hale 's dad do for work ?", ["poet"]),
        HistoryPair("what does Cyd Moor 's dad do for work ?", ["judge"]),
        HistoryPair("what does Eve Lind 's dad do for work ?", ["poet"]),
        HistoryPair("where does Ann Hale 's dad work ?", ["Oxford"]),
        HistoryPair("where does Cyd Moor 's dad work ?", ["Yale"]),
    ])
    answer = rag.ask("which educational institution does Gus Ray 's dad work for ?")
    assert answer.status == "answered" and [a.label for a in answer.answers] == ["Oxford"]


NATIONS_TTL = """@prefix : <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:spouse rdfs:label "spouse" .  :nationality rdfs:label "nationality" .
:ann rdfs:label "Ann Hale" ; :spouse :bob .  :bob rdfs:label "Bob Hale" ; :nationality :uk .
:cyd rdfs:label "Cyd Moor" ; :spouse :dan .  :dan rdfs:label "Dan Moor" ; :nationality :us .
:eve rdfs:label "Eve Lind" ; :spouse :fay .  :fay rdfs:label "Fay Lind" ; :nationality :uk .
:gus rdfs:label "Gus Ray" ; :spouse :hal .  :hal rdfs:label "Hal Ray" ; :nationality :us .
:uk rdfs:label "united kingdom" .  :us rdfs:label "united states" .
"""


def test_where_a_graph_types_nothing_history_says_what_a_place_is(tmp_path: Path) -> None:
    # a nationality is no place to WordNet, but a graph that types nothing cannot say its values are no places,
    # and history taught that "where does … come from" asks for it (PathQuestion's wording)
    rag = warmed(tmp_path, NATIONS_TTL, [
        HistoryPair("where does Ann Hale 's spouse come from ?", ["united kingdom"]),
        HistoryPair("where does Cyd Moor 's spouse come from ?", ["united states"]),
        HistoryPair("where does Eve Lind 's spouse come from ?", ["united kingdom"]),
    ])
    answer = rag.ask("where does Gus Ray 's spouse come from ?")
    assert answer.status == "answered" and [a.label for a in answer.answers] == ["united states"], answer.reason
