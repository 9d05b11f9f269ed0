"""The question-answering graph end to end on the bundled demo graph and on small test graphs."""

from __future__ import annotations

import json

import pytest

from cacherag import CacheRAG, ConfigurationError, Context
from cacherag.graphs.qa import graph

NOLAN_FILMS = {"Memento", "Batman Begins", "The Prestige", "The Dark Knight", "Inception", "Interstellar", "Dunkirk"}


def labels(answer) -> set[str]:
    return {a.label for a in answer.answers}


def test_answers_the_readme_question_with_evidence_and_sparql(memory_dir: str) -> None:
    answer = CacheRAG("demo", memory_dir=memory_dir).ask("Who directed The Matrix?")
    assert answer.status == "answered"
    assert labels(answer) == {"Lana Wachowski", "Lilly Wachowski"}
    assert "directedBy" in answer.sparql[0] and "The_Matrix" in answer.sparql[0]
    assert {e.text for e in answer.evidence} == {
        "The Matrix —directed by→ Lana Wachowski", "The Matrix —directed by→ Lilly Wachowski"}
    assert answer.trace["llm_calls"] == 0


def test_second_similar_question_is_a_plan_cache_hit(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    first = rag.ask("Who directed The Matrix?")
    second = rag.ask("Who directed Inception?")
    assert not first.plan_cache_hit
    assert second.plan_cache_hit and second.plan_source == "cache"
    assert labels(second) == {"Christopher Nolan"}
    assert second.llm_calls == 0
    # A hit skips schema grounding (compile_query looks up nothing beyond the plan) and the dispatcher.
    assert set(second.trace["node_ms"]) == {"parse_isr", "retrieve_plans", "replay", "compile_query", "execute",
                                            "summarize", "memorize"}
    assert "dispatch" in first.trace["node_ms"]  # a compiled plan is judged


def test_a_remembered_plan_as_long_as_the_hop_bound_is_reused(memory_dir: str) -> None:
    """K_depth bounds a remembered plan as it bounds a compiled one: a plan of exactly K_depth hops is a hit."""
    rag = CacheRAG("demo", memory_dir=memory_dir, k_depth=1)
    rag.ask("Who directed The Matrix?")
    second = rag.ask("Who directed Inception?")
    assert second.plan_cache_hit and labels(second) == {"Christopher Nolan"}


def test_brackets_are_not_needed_and_do_not_hurt(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert labels(rag.ask("who directed Inception")) == {"Christopher Nolan"}
    assert labels(rag.ask("who directed [Inception]")) == {"Christopher Nolan"}


def test_inverse_and_two_hop_questions(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    films = rag.ask("what movies did Christopher Nolan direct")
    assert labels(films) == NOLAN_FILMS
    assert films.plan == [{"predicate": "<http://cacherag.dev/demo/directedBy>", "inverse": True,
                           "label": "directed by"}]
    shared = rag.ask("which films share a director with Alien")
    # The topic itself is never an answer (paths never return to it).
    assert labels(shared) == {"Blade Runner", "Gladiator", "The Martian", "Thelma & Louise"}
    assert [s["label"] for s in shared.plan] == ["directed by", "directed by"]


def test_remembered_two_hop_plan_is_rebound_to_a_new_entity(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("which films share a director with Alien")
    again = rag.ask("which films share a director with Memento")
    assert again.plan_cache_hit
    assert labels(again) == NOLAN_FILMS - {"Memento"}


def test_question_naming_another_relation_is_not_a_hit(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("What genre is Amélie?")
    language = rag.ask("What language is Amélie in?")
    assert not language.plan_cache_hit
    assert labels(language) == {"French"}


def test_unknown_entity_is_missing_with_a_reason_not_an_error(memory_dir: str) -> None:
    answer = CacheRAG("demo", memory_dir=memory_dir).ask("Who directed Zorgblatt Quux?")
    assert answer.status == "missing"
    assert answer.answers == []
    assert "no entity" in answer.reason
    assert list(answer.trace["node_ms"]) == ["parse_isr", "fallback"]


def test_question_the_graph_cannot_ground_is_missing_rather_than_guessed(memory_dir: str) -> None:
    answer = CacheRAG("demo", memory_dir=memory_dir).ask("who is the president of France")
    assert answer.status == "missing"
    assert answer.answers == []


def test_answer_four_hops_away_stops_at_k_depth_and_falls_back(chain_ttl: str, memory_dir: str) -> None:
    question = "what is the fourth link of the third link of the second link of the first link of Alpha"
    answer = CacheRAG(chain_ttl, memory_dir=memory_dir).ask(question)
    assert answer.status == "missing"
    hops = [e.hop for e in answer.evidence]
    assert max(hops) == 3 and "Echo" not in {e.text.split("→ ")[-1] for e in answer.evidence}
    assert "fallback" in answer.trace["node_ms"] and "summarize" not in answer.trace["node_ms"]
    assert "3 of at most 3 hops" in answer.reason


@pytest.mark.parametrize("composed", [True, False])
def test_three_hops_within_the_bound_are_answered(chain_ttl: str, memory_dir: str, composed: bool) -> None:
    question = "what is the third link of the second link of the first link of Alpha"
    answer = CacheRAG(chain_ttl, memory_dir=memory_dir, use_statements=composed).ask(question)
    assert answer.status == "answered"
    assert labels(answer) == {"Delta"}
    assert [s["label"] for s in answer.plan] == ["first link", "second link", "third link"]
    if composed:  # every phrase names its relation word for word: planned by rule, no decision
        assert answer.plan_source == "composed" and answer.trace["reasoner_calls"] == 0
    else:  # hops 2 and 3 came from σ_depth
        assert answer.trace["node_ms"]["expand_depth"] > 0


def test_smaller_k_depth_is_honoured(chain_ttl: str, memory_dir: str) -> None:
    question = "what is the third link of the second link of the first link of Alpha"
    answer = CacheRAG(chain_ttl, memory_dir=memory_dir, k_depth=2).ask(question)
    assert answer.status == "missing"
    assert max(e.hop for e in answer.evidence) == 2


@pytest.mark.parametrize("bad", [{"k_depth": 4}, {"k_depth": 0}, {"mmr_lambda": 1.5}, {"k": 0},
                                 {"bucket_bound": 0}])
def test_out_of_range_parameters_are_refused(bad: dict) -> None:
    with pytest.raises(ConfigurationError):
        Context(**bad)


def test_offline_miss_ends_without_a_neighbourhood_scan(memory_dir: str) -> None:
    # The offline reasoner never trusts a hop the question does not name, so a star scan could not help it.
    state = graph.invoke({"question": "Inception?"}, context=Context(memory_dir=memory_dir))
    assert "expand_breadth" not in state["trace"]["node_ms"] and state["status"] == "missing"


def test_breadth_scan_keeps_at_most_k_degree_predicates(memory_dir: str) -> None:
    from types import SimpleNamespace

    from cacherag.nodes.expand_breadth import expand_breadth

    context = Context(memory_dir=memory_dir, k_degree=2)
    seed = graph.invoke({"question": "Inception?"}, context=context)
    topic = seed["topic"]["node"]
    update = expand_breadth({**seed, "hops": 0, "frontier": {topic: 1.0}}, SimpleNamespace(context=context))
    assert update["hops"] == 1 and 0 < update["trace"]["breadth_predicates"] <= 2
    # σ_breadth keeps at most K_degree predicates of the star, and each of them reaches new nodes.
    assert len({(t["p"], t["s"] == topic) for t in update["subgraph"] if t["source"] == "breadth"}) <= 2


def test_state_is_json_serializable_for_checkpointers(memory_dir: str) -> None:
    state = graph.invoke({"question": "Who directed Alien?"}, context=Context(memory_dir=memory_dir))
    restored = json.loads(json.dumps(state))
    assert restored["answers"][0]["label"] == "Ridley Scott"
    assert restored["isr"]["topic_mention"] == "Alien"
    assert restored["hops"] == 1 and restored["verdict"] == "COMPLETE"


def test_learning_can_be_switched_off(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir, learn=False)
    first = rag.ask("Who directed The Matrix?")
    assert "memorize" not in first.trace["node_ms"]  # nothing to do, so the graph does not go there
    assert not rag.ask("Who directed Inception?").plan_cache_hit
    assert len(rag.memory) == 0


def test_rdflib_backend_gives_the_same_answers(memory_dir: str) -> None:
    from cacherag.tools.sources import demo_path

    oxi = CacheRAG(str(demo_path()), memory_dir=memory_dir + "-a").ask("which films share a director with Alien")
    rdf = CacheRAG(str(demo_path()), kg_backend="rdflib", memory_dir=memory_dir + "-b").ask(
        "which films share a director with Alien")
    assert labels(oxi) == labels(rdf) and labels(oxi)
