"""Routing over several graphs with self-updating descriptions (CacheRAG A.7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.messages import ToolMessage
from openai_server import serve
from test_readme_examples import python_blocks

from cacherag import CacheRAG
from cacherag.tools.langchain_tool import CacheRAGTool

# Two small graphs that share their entities but not their relations, as a graph split by topic would.
PEOPLE = """
@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:directedBy rdfs:label "directed by" .  ex:starring rdfs:label "starring" .
ex:f1 rdfs:label "Quiet Harbor" .  ex:f2 rdfs:label "Red Orchard" .
ex:p1 rdfs:label "Ada Moreno" .  ex:p2 rdfs:label "Ben Okafor" .
ex:f1 ex:directedBy ex:p1 .  ex:f2 ex:directedBy ex:p2 .  ex:f1 ex:starring ex:p2 .  ex:f2 ex:starring ex:p1 .
"""
FACTS = """
@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:hasTags rdfs:label "has tags" .  ex:releaseYear rdfs:label "release year" .
ex:f1 rdfs:label "Quiet Harbor" .  ex:f2 rdfs:label "Red Orchard" .
ex:t1 rdfs:label "seaside" .  ex:t2 rdfs:label "heist" .
ex:f1 ex:hasTags ex:t1 .  ex:f2 ex:hasTags ex:t2 .  ex:f1 ex:releaseYear "1999" .  ex:f2 ex:releaseYear "2004" .
"""


# People with tags of their own: both graphs have a "has tags" relation, so neither reads closer to a question
# about tags, and only what the descriptions say (and learn) tells them apart.
PEOPLE_TAGGED = PEOPLE + """
ex:hasTags rdfs:label "has tags" .  ex:t9 rdfs:label "auteur" .  ex:p1 ex:hasTags ex:t9 .
"""


def graphs(tmp_path: Path, people: str = PEOPLE) -> dict[str, str]:
    (tmp_path / "people.ttl").write_text(people)
    (tmp_path / "facts.ttl").write_text(FACTS)
    return {"people": str(tmp_path / "people.ttl"), "facts": str(tmp_path / "facts.ttl")}


def test_descriptions_come_from_the_schema_and_can_be_edited(tmp_path: Path) -> None:
    rag = CacheRAG(kgs=graphs(tmp_path), memory_dir=str(tmp_path / "m"), k_depth=1)
    described = rag.descriptions
    assert "directed by (2 facts)" in described["people"] and "has tags" not in described["people"]
    assert "release year (2 facts)" in described["facts"]
    answer = rag.ask("Who directed Quiet Harbor?")
    assert answer.trace["routed_to"] == "people" and answer.answers[0].label == "Ada Moreno"
    assert rag.ask("When was Red Orchard released?").trace["routed_to"] == "facts"
    rag.describe("facts", "Knowledge graph 'facts': who directed which film.")  # (bad) human edits
    rag.describe("people", "Knowledge graph 'people': release years.")
    assert rag.ask("Who directed Red Orchard?").trace["routed_to"] == "facts"


MISLEADING = "Knowledge graph 'people': who directed and starred in films, and their tags."


def test_a_wrong_choice_updates_the_descriptions_and_the_next_question_goes_right(tmp_path: Path) -> None:
    rag = CacheRAG(kgs=graphs(tmp_path, PEOPLE_TAGGED), memory_dir=str(tmp_path / "m"), k_depth=1)
    rag.describe("people", MISLEADING)  # both descriptions now mention tags: people, listed first, is tried first
    first = rag.ask("which tags describe Quiet Harbor")
    assert first.trace["routed_to"] == "people" and first.trace["answered_by"] == "facts"
    assert first.trace["descriptions_updated"] and first.answers[0].label == "seaside"
    assert "describe" in rag.descriptions["facts"]
    second = rag.ask("which tags describe Red Orchard")
    assert second.trace["routed_to"] == "facts" and second.trace["tried"] == ["facts"]
    assert second.answers[0].label == "heist"


def test_without_updates_the_same_mistake_repeats(tmp_path: Path) -> None:
    rag = CacheRAG(kgs=graphs(tmp_path, PEOPLE_TAGGED), memory_dir=str(tmp_path / "m"), route_updates=False, k_depth=1)
    rag.describe("people", MISLEADING)
    for film in ("Quiet Harbor", "Red Orchard"):
        answer = rag.ask(f"which tags describe {film}")
        assert answer.trace["routed_to"] == "people" and answer.trace["answered_by"] == "facts"
        assert not answer.trace["descriptions_updated"]


@pytest.mark.parametrize(("question", "graph"), [("what are the themes of Quiet Harbor", "facts"),
                                                  ("who was the filmmaker behind Red Orchard", "people")])
def test_a_question_in_words_no_description_has_goes_where_the_relations_read_closest(
        tmp_path: Path, question: str, graph: str) -> None:
    # No description term is in the question and both graphs hold the film: the relation labels decide
    # ("themes" reads like "has tags", "filmmaker" like "directed by"), not the order the graphs were given in.
    rag = CacheRAG(kgs=graphs(tmp_path), memory_dir=str(tmp_path / "m"), k_depth=1)
    assert rag.ask(question).trace["routed_to"] == graph


def test_a_question_no_graph_answers_is_missing_after_trying_each(tmp_path: Path) -> None:
    rag = CacheRAG(kgs=graphs(tmp_path), memory_dir=str(tmp_path / "m"), k_depth=1)
    answer = rag.ask("what is the budget of Quiet Harbor")
    assert answer.status == "missing" and sorted(answer.trace["tried"]) == ["facts", "people"]
    assert answer.trace["answered_by"] is None and not answer.trace["descriptions_updated"]


def test_llm_router_uses_the_routing_and_update_prompts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("langchain_openai")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with serve() as server:  # a scripted model behind the real client: it routes to the first graph listed
        rag = CacheRAG(kgs=graphs(tmp_path), model="openai:gpt-4o-mini", base_url=server.url,
                       memory_dir=str(tmp_path / "m"), learn=False, k_depth=1)
        answer = rag.ask("what tags describe Quiet Harbor")
        system = [r["messages"][0]["content"] for r in server.requests]
    assert "most suitable for answering" in system[0] and "[facts]: Knowledge graph 'facts'" in system[0]
    assert answer.trace["routed_to"] == "people" and answer.trace["answered_by"] == "facts"
    assert answer.answers[0].label == "seaside"
    assert "Your selection was wrong" in system[-1] and "people is listed first" in system[-1]
    assert rag.descriptions["facts"].endswith("It answers: what tags describe Quiet Harbor")
    assert answer.trace["llm_calls"] >= 2  # routing and the update are counted


def test_the_tool_routes_a_question_that_names_no_graph(tmp_path: Path) -> None:
    tool = CacheRAGTool(kgs=graphs(tmp_path), context={"memory_dir": str(tmp_path / "m"), "k_depth": 1})
    message = tool.invoke({"type": "tool_call", "id": "c1", "name": "cacherag",
                           "args": {"question": "When was Quiet Harbor released?"}})
    assert isinstance(message, ToolMessage) and message.content.startswith("Answer: 1999")
    assert message.artifact.trace["answered_by"] == "facts"
    chosen = tool.invoke({"type": "tool_call", "id": "c2", "name": "cacherag",
                          "args": {"question": "When was Quiet Harbor released?", "kg": "people"}})
    assert chosen.content.startswith("No answer in knowledge graph 'people'")


def test_readme_routing_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    graphs(tmp_path)  # people.ttl and facts.ttl in the working directory, as the README assumes
    (block,) = python_blocks("Several graphs (routing)")
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md (routing)", "exec"), namespace)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("Knowledge graph 'facts' with the relations: ")
    assert printed[1] == "1999 facts"
    assert namespace["rag"].descriptions["people"] == "Who directed and starred in which film."  # type: ignore[attr-defined]


# A film only the people graph has, and a tag node named like a word questions say ("the picture <E>"): the
# tag is the longer name, so the question first goes to the graph that holds it.
PEOPLE_ONLY = PEOPLE + """
ex:f3 rdfs:label "Kite" .  ex:f4 rdfs:label "Lumo" .  ex:f3 ex:directedBy ex:p1 .  ex:f4 ex:directedBy ex:p2 .
"""
FACTS_WITH_WORD_TAG = FACTS + """
ex:t3 rdfs:label "picture" .  ex:f1 ex:hasTags ex:t3 .
"""


@pytest.mark.parametrize("updates", [True, False])
def test_a_word_learned_from_a_wrong_choice_is_no_name_to_route_by(tmp_path: Path, updates: bool) -> None:
    paths = graphs(tmp_path, PEOPLE_ONLY)
    Path(paths["facts"]).write_text(FACTS_WITH_WORD_TAG)
    rag = CacheRAG(kgs=paths, memory_dir=str(tmp_path / "m"), route_updates=updates, k_depth=1)
    first = rag.ask("who directed the picture Kite")
    assert first.trace["routed_to"] == "facts" and first.trace["answered_by"] == "people"
    second = rag.ask("who directed the picture Lumo")  # "picture" was asked with, not asked about
    assert second.trace["routed_to"] == ("people" if updates else "facts")
    assert second.answers[0].label == "Ben Okafor"
