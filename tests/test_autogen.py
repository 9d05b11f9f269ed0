"""Auto-generation (CacheRAG §4.4): a label-free warm start from the graph alone."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections import Counter
from pathlib import Path

from fakes import ScriptedChatModel, tool_call
from langchain_core.messages import BaseMessage
from test_cli import CLI, run

from cacherag import CacheRAG, Context
from cacherag.graphs.resources import resources
from cacherag.memory.autogen import LabelSynthesizer, LLMSynthesizer, Walk, autogenerate
from cacherag.memory.plan_memory import PlanMemory
from cacherag.memory.text import terms
from cacherag.nodes.reasoners.grounding import lexical_score


def test_every_memorized_plan_executes_answers_and_is_grounded(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    res = resources(rag.context)
    report = autogenerate(res.view, res.memory, res.domain, 40, seed=3)
    assert report.kept == 40 and report.entries == len(res.memory) > 20
    assert set(report.by_hops) == {1, 2, 3}  # 1- to 3-hop paths, as sampled
    labels = set(res.view.predicate_labels.values())
    for entry in res.memory.entries("demo"):
        assert entry.question.count("<E>") == 1
        rows = res.view.kg.query(entry.sparql).rows
        ends = {res.view.label(row[f"x{len(entry.steps)}"]) for row in rows}
        assert ends and set(entry.answers) <= ends  # the compiled plan runs and gives the answers
        for step in entry.steps:  # each hop is named by its label's own words in the question
            assert step["label"] in labels and lexical_score(step["label"], Counter(terms(entry.question))) > 0
        # A class ends a path, never leads on.
        assert all(s["label"] != "type" for s in entry.steps[:-1])
    rag.close()


def test_labels_are_written_as_english_in_the_direction_walked() -> None:
    def written(label: str, inverse: bool) -> set[str]:
        walk = Walk("<x>", "Alien", (("<p>", inverse, label),), ("a",), ())
        return {q for q, _ in LabelSynthesizer(variants=40).questions(walk, random.Random(0))}

    # A passive label reads actively forward ("who directed Alien": its director) and as it is backward ("the
    # ones directed by Alien": what Alien directed); a noun label as a noun; never "the directed by of Alien".
    forward, backward = written("directed by", False), written("directed by", True)
    assert "who directed Alien" in forward and not any("directed by Alien" in q for q in forward)
    assert any(q.endswith("directed by Alien") for q in backward) and "who directed Alien" not in backward
    assert not any("the directed by" in q for q in forward | backward)
    assert "what genre is Alien" in written("has genre", False)  # "has" opens the label, the noun is asked
    assert any(q.endswith("those whose genre is Alien") for q in written("has genre", True))
    assert "what Alien is sequel of" in written("sequel of", False)


def test_generated_questions_teach_the_statement_memory(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    res = resources(rag.context)
    report = autogenerate(res.view, res.memory, res.domain, 80, seed=0, statements=res.statements)
    assert report.statements > 0 and len(res.statements) > 0
    # The generic words around the labels ("the ones", "things", "whose") name no relation: fillers, not aliases.
    said = res.memory.word_frequency("demo")
    assert res.statements.aliases("demo", ["one", "thing", "whos"], said=said) == {}
    assert res.statements.is_filler("demo", "one", said)
    rag.close()


def test_the_warm_memory_answers_a_new_entity_by_cache_hit(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    res = resources(rag.context)
    autogenerate(res.view, res.memory, res.domain, 80, seed=0)
    entries = res.memory.entries("demo")
    one_hop = next(e for e in entries if len(e.steps) == 1 and not e.steps[0]["inverse"])
    # Ask the same wording about another entity that has the relation: the remembered plan is reused.
    other = next(n for n, label in res.view.labels.label_of.items()
                 if label != one_hop.topic and any(e.predicate == one_hop.steps[0]["predicate"] and not e.inverse
                                                   for e in res.view.schema(n)))
    answer = rag.ask(one_hop.question.replace("<E>", res.view.label(other)))
    assert answer.status == "answered" and answer.plan_cache_hit and answer.llm_calls == 0
    rag.close()


class NamesAnotherRelation(LabelSynthesizer):
    """Writes a question that names the wrong relation: the grounding filter must drop it."""

    def questions(self, walk: Walk, rng: random.Random) -> list[tuple[str, int]]:
        wrong = "written by" if walk.steps[0][2] != "written by" else "directed by"
        return [(f"what is the {wrong} of {walk.topic_label}", 1)]


def test_questions_that_do_not_ground_their_plan_are_dropped(memory_dir: str) -> None:
    res = resources(Context(memory_dir=memory_dir))
    report = autogenerate(res.view, res.memory, res.domain, 5, synthesizer=NamesAnotherRelation(), seed=1,
                          max_hops=1)
    assert report.rejected_grounding > 0
    assert all("written by" in e.steps[0]["label"] or "directed by" in e.steps[0]["label"]
               for e in res.memory.entries("demo"))


def test_llm_synthesis_uses_the_paper_prompt_and_keeps_only_compilable_questions(memory_dir: str) -> None:
    def write(messages: list[BaseMessage]) -> object:
        system, human = messages[0].text, messages[-1].text
        assert "expert in question generation" in system and "complex questions" in system
        entity = re.search(r"names the entity '(.+)' exactly", system)[1]  # type: ignore[index]
        first = re.search(r"^\[1\] .+ \| (.+?)(?: \(inverse\))? \| .+$", human, re.M)[1]  # type: ignore[index]
        return tool_call("SynthesizedQuestions", questions=[
            {"question": f"what is the {first} of {entity}", "triples": [1], "answer": "x"},
            {"question": f"which {entity} is older", "triples": [9], "answer": "?"},  # no such triple
            {"question": "a question without its entity", "triples": [1], "answer": "?"},
        ])

    model = ScriptedChatModel(script=[write] * 200)
    rag = CacheRAG("demo", model=model, memory_dir=memory_dir)
    res = resources(rag.context)
    report = autogenerate(res.view, res.memory, res.domain, 5, synthesizer=LLMSynthesizer(res.reasoner), seed=2)
    assert report.kept == 5 and report.rejected_link >= 5  # the entity-less question never links
    assert all(len(e.steps) == 1 for e in res.memory.entries("demo"))


def test_cli_warm_autogen_reports_and_fills_the_memory(tmp_path: Path) -> None:
    done = run("warm", "--autogen", "25", "--json", "--memory-dir", str(tmp_path / "m"), home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["kept"] == 25 and report["domain"] == "demo" and report["added"] > 0
    assert len(PlanMemory(tmp_path / "m").entries("demo")) == report["added"]
    bad = subprocess.run([CLI, "warm", "--autogen", "0"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "at least 1" in bad.stderr
