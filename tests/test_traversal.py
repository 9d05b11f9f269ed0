"""Guided traversal on a miss (ReMindRAG §3.1, B.3): offline decisions, LLM steps, and what the judge keeps."""

from __future__ import annotations

import re

from fakes import ScriptedChatModel, text, tool_call
from langchain_core.messages import BaseMessage

from cacherag import CacheRAG
from cacherag.nodes.reasoners.base import TraversalView
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.kg import SchemaEdge

DIRECTED = SchemaEdge("ex:directedBy", False, "directed by")
STARRING = SchemaEdge("ex:starring", False, "starring")
GENRE = SchemaEdge("ex:genre", False, "genre")


def view(question: str, options: list[SchemaEdge], *, remembered: dict | None = None,
         position_options: list[list[SchemaEdge]] | None = None) -> TraversalView:
    position_options = position_options or []
    return TraversalView(question=question, isr={"topic_mention": "Alien", "constraints": [question]}, path=[],
                         frontier_labels={}, options=options, remembered=remembered or {},
                         positions=[[] for _ in position_options], position_options=position_options, subgraph=[])


def test_offline_steps_forward_along_a_named_or_remembered_edge_back_or_stops() -> None:
    reasoner = OfflineReasoner()
    forward = reasoner.traverse(view("who directed Alien", [STARRING, DIRECTED])).value
    assert (forward.action, forward.option) == ("forward", 1)
    both = [SchemaEdge("ex:directedBy", False, "directed by"), SchemaEdge("ex:codirector", False, "directed with")]
    recalled = reasoner.traverse(view("who directed Alien", both, remembered={("ex:codirector", False): 0.7})).value
    assert (recalled.action, recalled.option) == ("forward", 1)  # edge memory ranks the named edges
    unnamed = reasoner.traverse(view("the people behind Alien", [GENRE], remembered={("ex:genre", False): 0.9}))
    assert unnamed.value.action == "stop"  # remembered, but a hop the question does not name is refused
    back = reasoner.traverse(view("who directed Alien", [STARRING], position_options=[[GENRE], [DIRECTED]])).value
    assert (back.action, back.position) == ("backward", 1)
    stop = reasoner.traverse(view("who produced Alien", [STARRING, GENRE])).value
    assert stop.action == "stop" and reasoner.traverse(view("who directed Alien", [])).value.action == "stop"


def test_an_offline_miss_stops_after_one_step_and_says_why(memory_dir: str) -> None:
    answer = CacheRAG("demo", memory_dir=memory_dir).ask("Who produced The Matrix?")
    assert answer.status == "missing" and answer.answers == []
    assert answer.trace["node_runs"]["traverse"] == 1 and "expand_breadth" not in answer.trace["node_runs"]
    assert answer.reason.startswith("no constraint grounded to the schema")  # the dispatcher's reason stays
    assert "no relation of the graph is known to mean 'produced'" in answer.reason  # … saying which word
    # a relation the graph has, which the topic lacks, is not said to be unknown
    assert "known to mean" not in CacheRAG("demo", memory_dir=memory_dir).ask("What is the genre of Christopher "
                                                                               "Nolan?").reason


def pick(tool: str, label: str, **fields):
    """A reply naming the numbered edge ``label`` of the prompt it receives."""

    def reply(messages: list[BaseMessage]):
        prompt = messages[-1].content
        number = re.search(rf"^(\d+)\. {re.escape(label)} \(outgoing\)$", prompt, re.M)
        assert number, f"'{label}' is not offered:\n{prompt}"
        key = "hops" if tool == "PlanOutput" else "option"
        return tool_call(tool, **{key: [int(number[1])] if key == "hops" else int(number[1])}, **fields)

    return reply


def test_llm_traversal_goes_back_then_forward_one_call_per_step(memory_dir: str) -> None:
    model = ScriptedChatModel(script=[
        tool_call("ISROutput", main_entity="The Matrix", constraints=["directed"], aspect="director"),
        pick("PlanOutput", "starring", reasoning="a wrong first guess"),
        tool_call("DispatchOutput", complete=False, broad_scan=True, reason="these are actors"),
        tool_call("TraversalOutput", action="backward", position=1, reason="start again from the film"),
        pick("TraversalOutput", "directed by", action="forward", reason="the director is asked for"),
        tool_call("DispatchOutput", complete=True, reason="the directors are in the evidence"),
        text("Lana and Lilly Wachowski."),
    ])
    answer = CacheRAG("demo", model=model, memory_dir=memory_dir, use_edge_memory=False).ask(
        "Who directed The Matrix?")
    assert {a.label for a in answer.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert [s["label"] for s in answer.plan] == ["directed by"]
    assert answer.trace["node_runs"]["traverse"] == 2 and answer.trace["traversal_steps"] == 2
    assert answer.llm_calls == 7 and not model.script
    back_prompt = model.prompts[3][-1].content
    assert "Current path from the topic: starring" in back_prompt and "1. (the topic itself)" in back_prompt


def test_a_traversed_hop_the_question_does_not_name_is_refused(memory_dir: str) -> None:
    model = ScriptedChatModel(script=[
        tool_call("ISROutput", main_entity="The Matrix", constraints=["produced"], aspect="producer"),
        tool_call("PlanOutput", reasoning="nothing fits", hops=[]),
        pick("TraversalOutput", "directed by", action="forward", reason="close enough"),
        tool_call("DispatchOutput", complete=True, reason="looks right"),
        tool_call("TraversalOutput", action="stop", reason="nothing else"),
        text("I don't know"),
    ])
    answer = CacheRAG("demo", model=model, memory_dir=memory_dir, use_edge_memory=False).ask(
        "Who produced The Matrix?")
    assert answer.status == "missing" and answer.answers == []  # the judge overrules the LLM's "complete"
    assert answer.trace["node_runs"]["traverse"] == 2
