"""Cold reading (no history): English phrasings a graph's labels do not say, read by rule — "the name of" what
the rest names, a relation said twice walked onward ("<E> 's kid 's kid"), and alternatives offered at the end
("… a man or a woman ?") as the values of one more hop."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG

# Two generations below Ann, both directions of "children" at hand: the graph states who is whose child, and
# more of the kids' edges lead back to Ann than on to a grandchild.
FAMILY = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:children rdfs:label "children" .  ex:died rdfs:label "place of death" .  ex:religion rdfs:label "religion" .
ex:gender rdfs:label "gender" .  ex:score rdfs:label "score" .  ex:parents rdfs:label "parents" .
ex:ann rdfs:label "Ann Hale" .  ex:bob rdfs:label "Bob Hale" .  ex:cyd rdfs:label "Cyd Hale" .
ex:dan rdfs:label "Dan Hale" .  ex:eve rdfs:label "Eve Hale" .
ex:york rdfs:label "York" .  ex:ayr rdfs:label "Ayr" .  ex:bath rdfs:label "Bath" .  ex:kent rdfs:label "Kent" .
ex:hindu rdfs:label "Hinduism" .  ex:male rdfs:label "male" .  ex:female rdfs:label "female" .
ex:ann ex:children ex:bob .  ex:ann ex:children ex:eve .  ex:ann ex:children ex:dan .  ex:bob ex:children ex:cyd .
ex:ann ex:died ex:kent .  ex:bob ex:died ex:bath .  ex:cyd ex:died ex:york .  ex:dan ex:died ex:ayr .
ex:eve ex:died ex:bath .
ex:bob ex:religion ex:hindu .
ex:bob ex:gender ex:male .  ex:eve ex:gender ex:female .  ex:cyd ex:gender ex:male .
ex:bob ex:score "7" .
ex:cyd ex:parents ex:bob .
ex:cause rdfs:label "cause of death" .  ex:fever rdfs:label "fever" .  ex:flu rdfs:label "flu" .
ex:bob ex:cause ex:fever .  ex:eve ex:cause ex:flu .  ex:dan ex:cause ex:flu .
"""


@pytest.fixture
def rag(tmp_path: Path) -> CacheRAG:
    graph = tmp_path / "family.ttl"
    graph.write_text(FAMILY)
    engine = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), domain="family", learn=False)
    yield engine
    engine.close()


def labels(answer: object) -> list[str]:
    return sorted(a.label for a in answer.answers)  # type: ignore[attr-defined]


def test_a_relation_said_twice_walks_on_not_back(rag: CacheRAG) -> None:
    # the kid's kid died in York; walking "children" back from the kids would reach Ann (Kent)
    answer = rag.ask("what is Ann Hale 's kid 's kid 's place of death ?")
    assert answer.status == "answered" and labels(answer) == ["York"]
    assert [(s["label"], s["inverse"]) for s in answer.plan] == [
        ("children", False), ("children", False), ("place of death", False)]


def test_the_name_of_what_the_question_names_is_that_thing(rag: CacheRAG) -> None:
    answer = rag.ask("what is the name of the religion of Ann Hale 's son ?")
    assert answer.status == "answered" and labels(answer) == ["Hinduism"]
    # a value is no node with a name: "the name of the score" asks for something else
    assert rag.ask("what is the name of the score of Ann Hale 's son ?").status == "missing"
    # "name" alone names no relation of this graph
    assert rag.ask("what is the name of Ann Hale ?").status == "missing"


def test_alternatives_offered_are_the_values_of_one_more_hop(rag: CacheRAG) -> None:
    answer = rag.ask("is Ann Hale 's son a man or a woman ?")  # no word names "gender": its values do
    assert answer.status == "answered" and labels(answer) == ["female", "male"]
    assert [s["label"] for s in answer.plan] == ["children", "gender"]
    # nothing the kids have is a man's or a woman's place: no hop to choose
    assert rag.ask("is Ann Hale 's son 's place of death a man or a woman ?").status == "missing"


def test_no_hop_is_chosen_where_no_value_is_offered(tmp_path: Path) -> None:
    graph = tmp_path / "family.ttl"
    graph.write_text(FAMILY.replace("ex:gender", "ex:sex").replace('"male"', '"m"').replace('"female"', '"f"'))
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), domain="family", learn=False)
    answer = rag.ask("is Ann Hale 's son a man or a woman ?")
    assert answer.status == "missing" and "offers 'man' or 'woman'" in answer.reason
    rag.close()


def test_of_a_relation_named_again_the_next_hop_is_the_one_not_straight_back() -> None:
    from cacherag.nodes.reasoners.grounding import Asked
    from cacherag.nodes.reasoners.offline import nearest_named
    from cacherag.tools.kg import SchemaEdge

    question = "what is Ann Hale 's kid 's kid 's place of death ?"
    asked = Asked.of(question, {"topic_mention": "Ann Hale", "aliases": {"kid": "children"}, "constraints": [question]})
    back, on = SchemaEdge("ex:children", True, "children"), SchemaEdge("ex:children", False, "children")
    died = SchemaEdge("ex:died", False, "place of death")
    walked = [{"predicate": "ex:children", "inverse": False, "label": "children"}]
    # the edge back to Ann ranks first (more of the kids' edges lead there), yet the kids' kids are asked for
    assert nearest_named(asked, walked, [(back, 1.0), (on, 1.0), (died, 1.0)]) == on
    assert nearest_named(asked, [], [(back, 1.0), (on, 1.0), (died, 1.0)]) == back  # nothing walked yet


def test_an_agent_noun_asks_for_who_does_the_verb(tmp_path: Path) -> None:
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"), learn=False)
    # "co-" asks for what shares; but a director is who directed, and what shares the Wachowskis is a film
    shared = rag.ask("Who is the co-director of The Matrix?")
    assert shared.status == "missing" and "asks for a 'director'" in shared.reason
    assert rag.ask("Who is The Matrix's co-director?").status == "missing"
    assert labels(rag.ask("Who is the director of The Matrix?")) == ["Lana Wachowski", "Lilly Wachowski"]
    # the hop back to the films is named by the verb, not by the agent noun
    # said of the topic, the agent noun asks what the topic did
    assert "Alien" in labels(rag.ask("what movies was Ridley Scott the director of"))
    assert labels(rag.ask("who is Alien 's director")) == ["Ridley Scott"]
    films = rag.ask("what films did the director of Alien direct?")
    assert films.status == "answered" and {"Blade Runner", "Gladiator"} <= set(labels(films))
    rag.close()


@pytest.mark.parametrize("compose", [True, False])
def test_a_chain_may_lead_back_to_the_topic(tmp_path: Path, compose: bool) -> None:
    graph = tmp_path / "family.ttl"
    graph.write_text(FAMILY)
    # composed from the phrases, or walked hop by hop by the dispatcher (no statements read)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False, use_statements=compose)
    # Cyd's parent's children are Cyd alone: the chain comes back, and Cyd's place of death is the answer
    answer = rag.ask("what is Cyd Hale 's parents 's children 's place of death ?")
    assert answer.status == "answered" and labels(answer) == ["York"]
    assert [s["label"] for s in answer.plan] == ["parents", "children", "place of death"]
    # straight back along the last hop is what else shares it, never the node it came from
    assert rag.ask("who is Cyd Hale 's parents 's parents ?").status == "missing"
    rag.close()


def test_a_word_for_a_category_said_of_a_relation_asks_for_that_relation(rag: CacheRAG) -> None:
    assert labels(rag.ask("what is the type of religion of Ann Hale 's son ?")) == ["Hinduism"]
    # a word that is no category's name still asks for a relation of its own
    assert rag.ask("what is the origin of religion of Ann Hale 's son ?").status == "missing"


def test_only_a_label_saying_the_deed_makes_an_agent_noun_ask_for_the_doer() -> None:
    from cacherag.nodes.grounded import _not_the_agent

    question, isr = "who is the drummer of Iron Meridian ?", {"topic_mention": "Iron Meridian"}
    player = [{"predicate": "ex:drums", "inverse": False, "label": "drums person"}]  # a role, no verb said
    assert _not_the_agent(question, isr, player) is None
    back = [{"predicate": "ex:drummed", "inverse": True, "label": "drummed by"}]
    assert "asks for a 'drummer'" in (_not_the_agent(question, isr, back) or "")
    assert _not_the_agent(question, isr, [{**back[0], "inverse": False}]) is None


def test_where_asks_for_the_place_of_what_the_words_name_alike(rag: CacheRAG) -> None:
    # "die" names the cause of death and the place of death alike, in part: "where" asks for the place
    assert labels(rag.ask("where did Ann Hale 's kid die ?")) == ["Ayr", "Bath"]
    assert labels(rag.ask("what was the cause of death of Ann Hale 's kid ?")) == ["fever", "flu"]
