"""A family graph stating children, spouses and each person's sex the way Wikidata does (a node labelled "male"):
a kin word saying more than the relation it names ("son" over "child", "wife" over "spouse") keeps, of the last hop's
answers, those the graph does not say are otherwise — unless history taught that this graph's questions say the word
of answers that are otherwise (PathQuestion's "son" for any child)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engines import engine_over
from test_lexicon import assert_cold_answer

from cacherag.graphs.resources import resources
from cacherag.memory.history import HistoryPair, warm_context
from cacherag.nodes.grounded import judge
from cacherag.tools.lexicon import lexicon

FAMILY = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:child rdfs:label "child" .  ex:spouse rdfs:label "spouse" .  ex:sex rdfs:label "sex or gender" .
ex:male rdfs:label "male" .  ex:female rdfs:label "female" .
ex:anna rdfs:label "Anna Berg" ; ex:sex ex:female ; ex:child ex:tom, ex:lisa, ex:jo ; ex:spouse ex:karl .
ex:karl rdfs:label "Karl Berg" ; ex:sex ex:male ; ex:child ex:tom, ex:lisa ; ex:spouse ex:anna .
ex:tom rdfs:label "Tom Berg" ; ex:sex ex:male .
ex:lisa rdfs:label "Lisa Berg" ; ex:sex ex:female ; ex:child ex:mia .
ex:mia rdfs:label "Mia Berg" ; ex:sex ex:female .
ex:jo rdfs:label "Jo Berg" .
ex:ida rdfs:label "Ida Lund" ; ex:child ex:ole .
ex:ole rdfs:label "Ole Lund" .
ex:curt rdfs:label "Curt Holm" ; ex:sex ex:male ; ex:spouse ex:bess .
ex:lili rdfs:label "Lili Holm" ; ex:sex ex:female ; ex:spouse ex:curt .
ex:bess rdfs:label "Bess Holm" ; ex:sex ex:female .
"""


def test_a_kin_word_says_the_quality_that_sets_it_apart_from_its_relation() -> None:
    words = lexicon()
    assert words.narrowing("son", "child") == ("male",)
    assert words.narrowing("daughters", "children") == ("female",)
    assert "female" in words.narrowing("wife", "spouse")
    assert words.narrowing("kids", "child") == ()  # a sense of "child": it says nothing more
    assert words.narrowing("husband", "spouse") == ()  # WordNet says no more of a husband than a spouse
    assert words.narrowing("director", "person") == ()  # no kin


@pytest.mark.parametrize(("question", "answers"), [
    ("Who is Karl Berg's son?", {"Tom Berg"}),
    ("Who is the daughter of Karl Berg?", {"Lisa Berg"}),
    ("Who are Karl Berg's children?", {"Tom Berg", "Lisa Berg"}),
    ("Who are the sons of Anna Berg?", {"Tom Berg", "Jo Berg"}),  # of Jo the graph says nothing: not otherwise
    ("Who is Lisa Berg's son?", None),  # her only child is female
    ("Who is Mia Berg's son?", None),  # she has no child: never her parents
    ("Who is Karl Berg's wife?", {"Anna Berg"}),
    ("Who is Anna Berg's husband?", {"Karl Berg"}),
    ("Who is Ida Lund's son?", {"Ole Lund"}),  # the graph states no one's sex here: the relation is the one asked
    # said of the topic: the relation read from the topic's side, and no answer's sex asked
    ("Whose daughter is Lisa Berg?", {"Anna Berg", "Karl Berg"}),  # not her own child
    ("Who is Lisa Berg the daughter of?", {"Anna Berg", "Karl Berg"}),
    ("Who is Tom Berg the son of?", {"Anna Berg", "Karl Berg"}),
    ("Whose wife is Anna Berg?", {"Karl Berg"}),
])
def test_a_kin_word_keeps_the_answers_the_graph_does_not_say_are_otherwise(tmp_path: Path, question: str,
                                                                        answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, FAMILY, question, answers)


@pytest.mark.parametrize(("history", "answers"), [
    # history asking for sons, answered with daughters: this graph's questions say "son" of any child
    ([HistoryPair("Who is Karl Berg's son?", ["Lisa Berg", "Tom Berg"]),
      HistoryPair("what is the son of Lisa Berg", ["Mia Berg"])], {"Tom Berg", "Lisa Berg", "Jo Berg"}),
    # … once only: one question is no usage
    ([HistoryPair("Who is Karl Berg's son?", ["Lisa Berg", "Tom Berg"])], {"Tom Berg", "Jo Berg"}),
    # history asking for sons, answered with no one the graph says is otherwise
    ([HistoryPair("Who is Ida Lund's son?", ["Ole Lund"]),
      HistoryPair("what is the son of Ida Lund", ["Ole Lund"])], {"Tom Berg", "Jo Berg"}),
])
def test_history_teaches_whether_a_graphs_questions_say_a_kin_word_loosely(
        tmp_path: Path, history: list[HistoryPair], answers: set[str]) -> None:
    with engine_over(tmp_path, FAMILY, domain="family") as rag:
        warm_context(rag.context, history)
        found = rag.ask("Who are the sons of Anna Berg?")
    assert found.status == "answered" and {a.label for a in found.answers} == answers, found.reason


def test_a_relation_of_kin_that_is_its_own_converse_reads_either_way(tmp_path: Path) -> None:
    """"Curt Holm's wife" over a spouse relation the graph states one way a pair (Curt to Bess, Lili to Curt, as
    PathQuestion's graph does): a plan walking it back to Lili is no walk to whose wife Curt is."""
    with engine_over(tmp_path, FAMILY) as rag:
        question = "Who is Curt Holm's wife?"
        isr = rag.graph.invoke({"question": question}, context=rag.context)["isr"]
        spouse = {"predicate": "<http://example.org/spouse>", "label": "spouse"}
        res = resources(rag.context)
        for inverse in (False, True):
            assert judge(res, question, isr, [{**spouse, "inverse": inverse}], "<http://example.org/curt>") is None
