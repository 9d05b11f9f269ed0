"""A family graph stating only fathers and mothers, asked for children, sons and daughters, cold: a word naming a
relation the other way round (WordNet opposes a child to a parent) walks it from the value to the subject — never
from someone to their own parents — and a word saying more than the converse (a *son* is a male child) keeps only
the answers the graph says are so, or the question stays `missing` where the graph says nothing of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_family_words import FAMILY
from test_lexicon import assert_cold_answer

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.nodes.grounded import judge
from cacherag.tools.lexicon import Link, lexicon

GENDERED = FAMILY + """
ex:gender rdfs:label "gender" .  ex:dan rdfs:label "Dan Varga" .
ex:dan ex:mother ex:ann .  ex:dan ex:father ex:cal .
ex:ann ex:gender "female" .  ex:eve ex:gender "female" .
ex:bob ex:gender "male" .  ex:gil ex:gender "male" .  ex:cal ex:gender "male" .  ex:dan ex:gender "male" .
"""


def test_kin_nouns_opposed_in_wordnet_are_converses_unless_kinds_of_one_thing() -> None:
    words = lexicon()
    assert words.converse("children", "parent") == Link("n", 0)
    assert words.converse("kids", "father") == Link("n", 1)  # a father is a parent, one level down
    assert words.converse("parents", "child") == Link("n", 0)
    assert words.converse("son", "father") == Link("n", 3)  # son -> male offspring -> child; father -> parent
    # opposed, but kinds of one thing told apart by sex: no converses
    assert words.converse("mother", "father") is None
    assert words.converse("aunt", "uncle") is None
    assert words.converse("wife", "husband") is None
    assert words.converse("friends", "enemy") is None  # opposed, but no kin
    assert words.converse("children", "children") is None
    # what a word says besides the converse: a son is male, children are children
    assert words.narrowing("son", "parent") == ("male",)
    assert words.narrowing("daughters", "mother") == ("female",)
    assert words.narrowing("children", "parent") == ()


@pytest.mark.parametrize(("question", "answers"), [
    ("Who are Gil Hale's children?", {"Ann Hale", "Bob Hale"}),
    ("Who are the children of Eve Hale?", {"Ann Hale", "Bob Hale"}),
    ("Who are the kids of Gil Hale?", {"Ann Hale", "Bob Hale"}),
    ("Who are Bob Hale's children?", None),  # none stated: never his own parents
    ("Who is Dan Varga the child of?", {"Ann Hale", "Cal Varga"}),
    ("Whose child is Dan Varga?", {"Ann Hale", "Cal Varga"}),
    # a son is a male child, a daughter a female one: the graph's gender tells them apart
    ("Who is Ann Hale's son?", {"Dan Varga"}),
    ("Who is Gil Hale's daughter?", {"Ann Hale"}),
    ("Who are the sons of Gil Hale?", {"Bob Hale"}),
    ("Who is Ann Hale's daughter?", None),  # her only child is male
    ("Who is Dan Varga the son of?", {"Ann Hale", "Cal Varga"}),  # his parents: no one's gender is asked
    ("Who is Eve Hale's grandson?", {"Dan Varga"}),
    ("Who are Eve Hale's grandchildren?", {"Dan Varga"}),  # her children's children, not their other parents
    ("Who are the parents of Gil Hale's children?", {"Eve Hale"}),  # there and back: a word and its converse
    ("Which girl is a member of Hale Guild?", None),  # said as a kind of person, of no one: no one's daughter
    ("How many children does Bob Hale have?", None),  # never his parents counted
    ("How many children does Gil Hale have?", {"2"}),
    ("How many sons does Gil Hale have?", {"1"}),
    ("Which children does Gil Hale have?", {"Ann Hale", "Bob Hale"}),
    ("Which children does Bob Hale have?", None),
])
def test_converse_words_walk_their_relation_from_its_value(tmp_path: Path, question: str,
                                                           answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, GENDERED, question, answers)


@pytest.mark.parametrize(("question", "answers"), [
    ("Who are Gil Hale's children?", {"Ann Hale", "Bob Hale"}),
    ("Who is Gil Hale's son?", None),  # nothing says who is male: the parent relation alone does not tell
    ("Who are Ann Hale's children?", None),
    ("Who are Eve Hale's grandchildren?", None),  # none: her children's parents are no grandchildren
    ("Who is Eve Hale's grandson?", None),  # her child's son: walked on from the children, not back to Gil Hale
])
def test_a_son_is_not_answered_where_the_graph_does_not_tell_sons(tmp_path: Path, question: str,
                                                                   answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, FAMILY, question, answers)


def test_a_question_whose_loops_take_many_steps_ends_in_a_batch(tmp_path: Path) -> None:
    """A refused hop expanded to K_depth, traversed back and expanded again takes more steps than LangGraph's
    default limit (25): the question still ends, `missing`, and the batch answers the others."""
    graph = tmp_path / "graph.ttl"
    graph.write_text(GENDERED)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False, traversal_steps=6)
    try:
        long, short = rag.batch(["What is the mother of Gil Hale's son?", "Who is Ann Hale's son?"])
    finally:
        rag.close()
    assert sum(long.trace["node_runs"].values()) > 25
    assert long.status == "missing" and "son" in long.reason
    assert [a.label for a in short.answers] == ["Dan Varga"]


def test_the_judge_holds_every_hop_a_converse_word_names_to_its_way(tmp_path: Path) -> None:
    """Whichever planner proposed it: "<E>'s mother's children" walks from the mother to those she is the parent
    of, never on to her own parents."""
    graph = tmp_path / "graph.ttl"
    graph.write_text(GENDERED + "ex:old rdfs:label \"Old Hale\" .  ex:eve ex:father ex:old .\n")
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False)
    try:
        question = "Who are Ann Hale's mother's children?"
        isr = rag.graph.invoke({"question": question}, context=rag.context)["isr"]
        parent = "(<http://example.org/father>|<http://example.org/mother>)"
        mother = {"predicate": "<http://example.org/mother>", "inverse": False, "label": "mother"}
        plans = {way: [mother, {"predicate": parent, "inverse": way, "label": "parent"}] for way in (True, False)}
        res = resources(rag.context)
        assert judge(res, question, isr, plans[True], "<http://example.org/ann>") is None
        why = judge(res, question, isr, plans[False], "<http://example.org/ann>")
        assert why is not None and "'children' of what the hop before reaches" in why
        assert [a.label for a in rag.ask(question).answers] == ["Bob Hale"]
    finally:
        rag.close()


SEX_AS_NODES = FAMILY + """
ex:sex rdfs:label "sex or gender" .  ex:male rdfs:label "male" .  ex:female rdfs:label "female" .
ex:ann ex:sex ex:female .  ex:eve ex:sex ex:female .  ex:bob ex:sex ex:male .  ex:gil ex:sex ex:male .
"""
SEX_AS_LETTERS = FAMILY + """
ex:gender rdfs:label "gender" .
ex:ann ex:gender "F" .  ex:eve ex:gender "F" .  ex:bob ex:gender "M" .  ex:gil ex:gender "M" .
"""


@pytest.mark.parametrize(("turtle", "question", "answers"), [
    (SEX_AS_NODES, "Who is Gil Hale's son?", {"Bob Hale"}),  # Wikidata's layout: a node labelled "male"
    (SEX_AS_NODES, "Who is Eve Hale's daughter?", {"Ann Hale"}),
    (SEX_AS_LETTERS, "Who is Gil Hale's son?", None),  # "M" names no quality a dictionary knows
    (SEX_AS_LETTERS, "Who are Gil Hale's children?", {"Ann Hale", "Bob Hale"}),
])
def test_the_quality_a_word_says_is_read_as_the_graph_states_it(tmp_path: Path, turtle: str, question: str,
                                                                answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, turtle, question, answers)


@pytest.mark.parametrize(("question", "answers"), [
    # no one is their own child's parent: with no parents stated, never walked back to Gil Hale's children
    ("Who are the parents of Gil Hale?", None),
    ("Who is the grandfather of Gil Hale?", None),
    ("Who is the grandfather of Dan Varga?", {"Gil Hale"}),
])
def test_a_relation_english_gives_a_converse_is_not_read_backwards(tmp_path: Path, question: str,
                                                                   answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, GENDERED, question, answers)


def test_a_compound_written_with_hyphens_is_no_word_of_its_parts(tmp_path: Path) -> None:
    """A *daughter-in-law* is no daughter, an *ex-husband* no husband: neither the lexicon, nor history, nor a
    remembered wording (a vector reads the compound as its parts) reads them so."""
    graph = tmp_path / "graph.ttl"
    graph.write_text(GENDERED)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"))
    try:
        assert [a.label for a in rag.ask("Who is Gil Hale's daughter?").answers] == ["Ann Hale"]
        assert [a.label for a in rag.ask("Who is the son of Eve Hale?").answers] == ["Bob Hale"]
        assert [a.label for a in rag.ask("Who is the daughter of Eve Hale?").answers] == ["Ann Hale"]
        assert [a.label for a in rag.ask("Who is Ann Hale's husband?").answers] == ["Cal Varga"]
        for question in ("Who is Gil Hale's daughter-in-law?", "Who is the daughter-in-law of Eve Hale?",
                         "Who is Ann Hale's ex-husband?"):
            answer = rag.ask(question)
            assert answer.status == "missing" and not answer.answers, (question, answer.reason)
    finally:
        rag.close()
