"""Things meet at a literal value only where a question asks what shares it: a plan walking one relation to values and
another back from them ("characters whose eyes are the colour of <E>'s wife's hair") answers no question that names
the two relations, whichever memory offered it."""

from __future__ import annotations

from pathlib import Path

from engines import engine_over

from cacherag.graphs.resources import resources
from cacherag.nodes.grounded import judge

GRAPH = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:spouse rdfs:label "spouse" .  ex:eyes rdfs:label "eye color" .  ex:hair rdfs:label "hair color" .
ex:han rdfs:label "Tal Vorn" ; ex:spouse ex:lea ; ex:eyes "grey" ; ex:hair "brown" .
ex:lea rdfs:label "Mira Vorn" ; ex:spouse ex:han ; ex:eyes "green" ; ex:hair "brown" .
ex:kes rdfs:label "Kes Arun" ; ex:eyes "brown" ; ex:hair "black" .
ex:oda rdfs:label "Oda Venn" ; ex:eyes "brown" ; ex:hair "white" .
"""
EX = "http://example.org/"


def _step(name: str, inverse: bool = False) -> dict:
    labels = {"spouse": "spouse", "eyes": "eye color", "hair": "hair color"}
    return {"predicate": f"<{EX}{name}>", "inverse": inverse, "label": labels[name]}


def test_a_plan_walking_back_from_another_relation_s_values_is_refused(tmp_path: Path) -> None:
    question = "What is the eye color of Tal Vorn's wife?"
    isr = {"topic_mention": "Tal Vorn", "constraints": ["eye color of wife"], "aliases": {"wif": "spouse"}}
    with engine_over(tmp_path, GRAPH) as rag:
        res, topic = resources(rag.context), f"<{EX}han>"
        joined = [_step("spouse"), _step("hair"), _step("eyes", inverse=True)]  # who has eyes of her hair's colour
        assert "back from the values of 'hair color'" in (judge(res, question, isr, joined, topic) or "")
        # … nor the eyes of those whose hair is the colour of hers, nor those whose eyes are the colour of hers
        for shared in ([_step("spouse"), _step("hair"), _step("hair", inverse=True), _step("eyes")],
                       [_step("spouse"), _step("eyes"), _step("eyes", inverse=True)]):
            assert "back from the values" in (judge(res, question, isr, shared, topic) or ""), shared
        assert judge(res, question, isr, [_step("spouse"), _step("eyes")], topic) is None
        assert [a.label for a in rag.ask(question).answers] == ["green"]


def test_what_shares_a_value_is_still_asked_for_with_a_word_for_sharing(tmp_path: Path) -> None:
    # one relation there and back, by a word for sharing: the one other with brown eyes
    with engine_over(tmp_path, GRAPH) as rag:
        for question in ("Which characters have the same eye color as Kes Arun?",
                         "Who shares an eye color with Kes Arun?"):
            assert [a.label for a in rag.ask(question).answers] == ["Oda Venn"], question


BAND = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:hasMember rdfs:label "member" .  ex:person rdfs:label "person" .  ex:instrument rdfs:label "instrument" .
ex:startYear rdfs:label "start time" .  ex:height rdfs:label "height" .
ex:drums rdfs:label "drums" .  ex:vocals rdfs:label "vocals" .
ex:meridian rdfs:label "Iron Meridian" ; ex:hasMember ex:m1 , ex:m2 .
ex:pines rdfs:label "The Hollow Pines" ; ex:hasMember ex:m3 .
ex:m1 ex:person ex:kai ; ex:instrument ex:drums ; ex:startYear "2004"^^xsd:gYear .
ex:m2 ex:person ex:petra ; ex:instrument ex:vocals ; ex:startYear "2003"^^xsd:gYear .
ex:m3 ex:person ex:tob ; ex:instrument ex:drums ; ex:startYear "2004"^^xsd:gYear .
ex:kai rdfs:label "Kai Brennick" .  ex:petra rdfs:label "Petra Solberg" ; ex:height 172 .
ex:tob rdfs:label "Tobias Renn" ; ex:height 181 .
"""


def test_a_hop_through_intermediate_nodes_reached_from_values_is_a_walk_back_too(tmp_path: Path) -> None:
    # the drummer's membership began in 2004, and so did another band's drummer's: his height is not the drummer's
    question = "How tall is the drummer of Iron Meridian?"
    isr = {"topic_mention": "Iron Meridian", "constraints": ["how tall drummer"]}
    drums = f"[<{EX}instrument> <{EX}drums>]"
    began = {"predicate": f"<{EX}hasMember>/<{EX}startYear>{drums}", "inverse": False, "label": "drums start time"}
    back = {"predicate": f"^<{EX}startYear>/<{EX}person>{drums}", "inverse": False, "label": "drums person"}
    height = {"predicate": f"<{EX}height>", "inverse": False, "label": "height"}
    with engine_over(tmp_path, BAND) as rag:
        res, topic = resources(rag.context), f"<{EX}meridian>"
        assert "back from the values of 'drums start time'" in (judge(res, question, isr, [began, back, height], topic)
                                                                or "")
        assert not rag.ask(question).answers  # the drummer has no height the graph states
