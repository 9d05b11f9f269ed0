"""The LLM reasoner's wiring, through a scripted chat model: which roles call it, with which prompts."""

from __future__ import annotations

import re

from fakes import ScriptedChatModel, text, tool_call
from langchain_core.messages import BaseMessage

from cacherag import CacheRAG
from cacherag.graphs.resources import view_for
from cacherag.nodes.reasoners.llm import LLMReasoner, PlanOutput
from cacherag.tools.kg import SchemaEdge


def choose(label: str, direction: str = "outgoing"):
    """A compile reply that picks the numbered predicate ``label`` from the prompt it receives."""

    def reply(messages: list[BaseMessage]):
        prompt = messages[-1].content
        number = re.search(rf"^(\d+)\. {re.escape(label)} \({direction}\)$", prompt, re.M)
        assert number, f"'{label}' is not offered in the local schema:\n{prompt}"
        return tool_call("PlanOutput", reasoning="the question asks who directed", hops=[int(number[1])])

    return reply


def test_miss_uses_the_llm_for_isr_compile_dispatch_and_summary(memory_dir: str) -> None:
    model = ScriptedChatModel(script=[
        tool_call("ISROutput", main_entity="The Matrix", constraints=["directed"], aspect="director"),
        choose("directed by"),
        tool_call("DispatchOutput", complete=True, reason="the directors are in the evidence"),
        text("The Matrix was directed by Lana and Lilly Wachowski."),
    ])
    rag = CacheRAG("demo", model=model, memory_dir=memory_dir)
    answer = rag.ask("Who directed The Matrix?")
    assert {a.label for a in answer.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert answer.answer == "The Matrix was directed by Lana and Lilly Wachowski."
    assert answer.llm_calls == 4 and answer.trace["tokens"] == 60 * 3 + 48
    assert not model.script
    isr_prompt, compile_prompt = (m[-1].content for m in model.prompts[:2])
    assert "Who directed The Matrix?" in isr_prompt
    # The compile prompt is schema-constrained: it lists the entity's real predicates, nothing invented.
    assert "directed by (outgoing)" in compile_prompt and "starring (outgoing)" in compile_prompt


def test_cache_hit_makes_no_llm_call_at_all(memory_dir: str) -> None:
    warm = ScriptedChatModel(script=[
        tool_call("ISROutput", main_entity="The Matrix", constraints=["directed"], aspect="director"),
        choose("directed by"),
        tool_call("DispatchOutput", complete=True),
        text("Lana and Lilly Wachowski."),
    ])
    CacheRAG("demo", model=warm, memory_dir=memory_dir).ask("Who directed The Matrix?")
    forbidden = ScriptedChatModel(forbid=True)
    answer = CacheRAG("demo", model=forbidden, memory_dir=memory_dir).ask("Who directed Inception?")
    assert answer.plan_cache_hit and answer.llm_calls == 0
    assert {a.label for a in answer.answers} == {"Christopher Nolan"}
    assert forbidden.prompts == []


def test_fallback_asks_the_llm_when_the_graph_has_no_entity(memory_dir: str) -> None:
    model = ScriptedChatModel(script=[text("Paris is the capital of France.")])
    answer = CacheRAG("demo", model=model, memory_dir=memory_dir).ask("What is the capital of Zorgblatt?")
    assert answer.status == "answered" and answer.answers == []
    assert answer.answer == "Paris is the capital of France."
    assert "without graph evidence" in answer.reason and answer.llm_calls == 1


def test_llm_saying_it_does_not_know_gives_missing(memory_dir: str) -> None:
    model = ScriptedChatModel(script=[text("I don't know.")])
    answer = CacheRAG("demo", model=model, memory_dir=memory_dir).ask("What is the capital of Zorgblatt?")
    assert answer.status == "missing"


def test_invented_predicates_never_reach_the_plan(memory_dir: str) -> None:
    from cacherag import Context

    view = view_for(Context(memory_dir=memory_dir))
    schema = [SchemaEdge("<http://cacherag.dev/demo/directedBy>", False, "directed by")]
    model = ScriptedChatModel(script=[tool_call("PlanOutput", hops=[1, 99999])])
    steps = LLMReasoner(model, view).compile("q", {"topic_mention": "x", "constraints": []}, schema, []).value
    assert steps == [schema[0].as_step()]  # hop 2 pointed at no listed predicate: the plan stops there
    assert PlanOutput.model_json_schema()["required"] == ["hops"]


def test_the_reasoner_cache_is_keyed_by_k_depth(memory_dir: str) -> None:
    from cacherag import Context
    from cacherag.graphs.resources import reasoner_for, register_chat_model

    name = register_chat_model("depth-keyed", ScriptedChatModel(forbid=True))
    view = view_for(Context(memory_dir=memory_dir))
    bounds = {k: reasoner_for(Context(model=name, k_depth=k, memory_dir=memory_dir), view).max_hops  # type: ignore[attr-defined]
              for k in (1, 3)}
    assert bounds == {1: 1, 3: 3}


def test_a_predicate_offered_at_the_topic_is_not_offered_again(memory_dir: str) -> None:
    from cacherag import Context

    view = view_for(Context(memory_dir=memory_dir))
    edge = SchemaEdge("<http://cacherag.dev/demo/directedBy>", False, "directed by")
    model = ScriptedChatModel(script=[tool_call("PlanOutput", hops=[1, 1])])
    steps = LLMReasoner(model, view).compile("q", {"topic_mention": "x"}, [edge, edge], []).value
    prompt = model.prompts[0][-1].content
    assert prompt.count("directed by (outgoing)") == 1
    assert steps == [edge.as_step(), edge.as_step()]  # a later hop may reuse a topic predicate by its number
