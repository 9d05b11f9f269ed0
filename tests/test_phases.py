"""`cacherag eval phases`: ReMindRAG's Same / Similar / Different experiment on a tiny MetaQA-layout set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_eval_harness import write_metaqa

from cacherag.cli import main
from cacherag.evaluation.phases import PhasesConfig, question_sets


def test_phase_sets_are_the_same_questions_reworded_and_others_on_their_topics(tmp_path: Path) -> None:
    data = write_metaqa(tmp_path / "metaqa")
    sets = question_sets(PhasesConfig(data=data, limit=10))
    assert sets["same"] == sets["first"] and len(sets["first"]) == 10
    assert [q.index for q in sets["similar"]] == [q.index for q in sets["first"]]
    assert any(q.raw != p.raw for q, p in zip(sets["similar"], sets["first"], strict=True))
    first = {q.index for q in sets["first"]}
    topics = {q.topic for q in sets["first"]}
    assert sets["different"] and all(q.index not in first and q.topic in topics for q in sets["different"])


def test_edge_memory_cuts_planning_on_repeated_questions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_metaqa(tmp_path / "metaqa")
    out, plot = tmp_path / "phases.json", tmp_path / "phases.png"
    with pytest.raises(SystemExit) as done:
        main(["eval", "phases", "--quiet", "--data", str(data), "--limit", "10", "--configs", "edges only,neither",
              "--rounds", "2", "--store-cache", str(tmp_path / "cache"), "--out", str(out), "--plot", str(plot),
              "--predictions", str(tmp_path / "traces.jsonl")])
    assert done.value.code == 0
    assert "| edges only | same |" in capsys.readouterr().out
    report = json.loads(out.read_text())
    edges, neither = report["phases"]["edges only"], report["phases"]["neither"]
    assert edges["first"]["replayed_rate"] == 0 and edges["same"]["replayed_rate"] > 0.5
    assert edges["same"]["reasoner_calls_per_q"] < neither["same"]["reasoner_calls_per_q"]
    assert edges["same"]["hits@1"] >= neither["same"]["hits@1"]
    assert edges["same"]["truthfulness"] >= neither["same"]["truthfulness"]
    assert neither["same"]["replayed_rate"] == 0  # without edge memory nothing is replayed
    assert report["reductions"]["edges only vs neither"]["same"]["reasoner_calls_per_q"] > 0
    rounds = report["stability"]["edges only"]["hits@1_by_round"]
    assert len(rounds["first"]) == len(rounds["different"]) == 2
    assert plot.stat().st_size > 0
    traces = [json.loads(line) for line in (tmp_path / "traces.jsonl").read_text().splitlines()]
    # one line per question of each phase and configuration (the stability rounds are not traced)
    assert len(traces) == 2 * sum(report["sets"].values())
    same = [t for t in traces if t["configuration"] == "edges only" and t["phase"] == "same"]
    assert len(same) == report["sets"]["same"] and all("node_runs" in t and "reasoner_calls" in t for t in same)
    assert sum(t["reasoner_calls"] for t in same) / len(same) == pytest.approx(edges["same"]["reasoner_calls_per_q"])
    neither_same = [t for t in traces if t["configuration"] == "neither" and t["phase"] == "same"]
    spent = sum(t["reasoner_calls"] for t in neither_same)
    on_missing = sum(t["reasoner_calls"] for t in neither_same if t["status"] == "missing")
    assert spent and neither["same"]["on_missing"]["reasoner_calls"] == pytest.approx(on_missing / spent, abs=1e-4)
