"""The CLI's live surfaces: `ask` steps (and JSON only with --json), `load` progress, `memory stats|show|clear`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cacherag.cli import main
from cacherag.display import describe_step


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


# -- ask ----------------------------------------------------------------------------------------------------
def test_ask_json_prints_only_json(tmp_path: Path) -> None:
    env = {**os.environ, "CACHERAG_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "cacherag.cli", "ask", "Who directed The Matrix?", "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)  # the whole of stdout is one JSON document
    assert {a["label"] for a in answer["answers"]} == {"Lana Wachowski", "Lilly Wachowski"}
    assert "parse_isr" not in done.stderr  # no live steps in JSON mode
    assert (tmp_path / "home" / "memory").is_dir()  # CACHERAG_HOME was honoured


def test_ask_shows_the_steps_then_the_answer(capsys: pytest.CaptureFixture[str], memory_dir: str) -> None:
    code, out, err = run(capsys, "ask", "Who wrote the films Ridley Scott directed?", "--memory-dir", memory_dir)
    assert code == 0
    steps = [line.split()[1] for line in err.splitlines() if line.startswith("✓ ")]
    assert steps == ["parse_isr", "retrieve_plans", "replay", "compile_query", "execute", "dispatch", "expand_depth",
                     "dispatch", "summarize", "memorize"]
    assert "hops 1/3" in err and "hops 2/3" in err
    assert "INCOMPLETE → depth (written by)" in err and "COMPLETE —" in err
    assert "10 steps" in err
    assert "Dan O'Bannon" in out and "SELECT" in out  # the answer itself is on stdout
    assert "parse_isr" not in out


def test_ask_at_the_bound_and_on_errors(capsys: pytest.CaptureFixture[str], memory_dir: str,
                                        tmp_path: Path) -> None:
    code, out, err = run(capsys, "ask", "Who wrote the films directed by Ridley Scott?", "--k-depth", "1",
                         "--memory-dir", memory_dir, "--no-learn")
    assert code == 1
    assert "hops 1/1" in err and "✓ fallback" in err
    assert "stopped at 1 of at most 1 hops" in out

    code, out, err = run(capsys, "ask", "Who directed Alien?", "--kg", str(tmp_path / "gone.ttl"),
                         "--memory-dir", memory_dir)
    assert code == 2
    assert "✗ parse_isr" in err and "cacherag: StoreError:" in err
    assert "Traceback" not in err and out == ""


def test_describe_step_names_the_bounds() -> None:
    assert describe_step("execute", {"hops": 2, "subgraph": [{}] * 3, "frontier": {"a": 1.0}}, 3) == \
        "hops 2/3 · 3 facts · 1 frontier node(s)"
    assert describe_step("dispatch", {"verdict": "COMPLETE", "reason": "done"}) == "COMPLETE — done"
    assert describe_step("memorize", {"trace": {"memorized": True}}) == "memorized"


# -- load ---------------------------------------------------------------------------------------------------
def test_load_shows_a_progress_bar(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "kb.txt"
    source.write_text("The Matrix|directed_by|Lana Wachowski\nThe Matrix|starred_actors|Keanu Reeves\n")
    code, out, err = run(capsys, "load", str(source), "--store", str(tmp_path / "store"))
    assert code == 0 and out == ""
    for phase in ("checking kb.txt", "storing kb.txt"):  # each phase's bar ends full
        assert re.search(phase + r".*?(\d+)/\1 bytes", err), err
    assert "indexing" in err
    assert "7 triples in" in err  # 2 facts + 5 minted labels

    code, out, err = run(capsys, "load", str(tmp_path / "nope.ttl"), "--store", str(tmp_path / "store"))
    assert code == 2 and "StoreError: no such file" in err


# -- memory -------------------------------------------------------------------------------------------------
@pytest.fixture
def remembered(capsys: pytest.CaptureFixture[str], memory_dir: str) -> str:
    for question in ("Who directed The Matrix?", "Which actors starred in Inception?"):
        assert run(capsys, "ask", question, "--memory-dir", memory_dir, "--json")[0] == 0
    return memory_dir


def test_memory_stats(capsys: pytest.CaptureFixture[str], remembered: str) -> None:
    code, out, _ = run(capsys, "memory", "stats", "--memory-dir", remembered, "--json")
    assert code == 0
    stats = json.loads(out)
    assert {k: stats[k] for k in ("location", "plans")} == {
        "location": remembered, "plans": {"total": 2, "buckets": {"demo": {"directed by": 1, "starring": 1}}}}
    assert stats["statements"] >= 1  # the hops the remembered questions named, as statements
    code, out, _ = run(capsys, "memory", "stats", "--memory-dir", remembered)
    assert "directed by" in out and "starring" in out
    assert "2 plan(s) in 2 bucket(s) across 1 domain(s)" in out


def test_memory_show(capsys: pytest.CaptureFixture[str], remembered: str) -> None:
    code, out, _ = run(capsys, "memory", "show", "--memory-dir", remembered, "--json")
    plans = {p["question"]: p for p in json.loads(out)}
    assert set(plans) == {"Who directed <E>?", "Which actors starred in <E>?"}
    plan = plans["Who directed <E>?"]
    assert plan["sparql"].startswith("SELECT") and set(plan["answers"]) == {"Lana Wachowski", "Lilly Wachowski"}

    code, out, _ = run(capsys, "memory", "show", "--memory-dir", remembered)
    assert code == 0 and plan["id"][:10] in out and "demo / directed by" in out

    code, out, _ = run(capsys, "memory", "show", plan["id"][:8], "--memory-dir", remembered)
    assert code == 0
    assert "Who directed <E>?" in out and "Lana Wachowski" in out and "The Matrix" in out
    assert "SELECT ?x0 ?x1" in out and "directedBy" in out

    code, out, _ = run(capsys, "memory", "show", plan["id"], "--memory-dir", remembered, "--json")
    assert json.loads(out)["steps"][0]["label"] == "directed by"

    code, _, err = run(capsys, "memory", "show", "zzzz", "--memory-dir", remembered)
    assert code == 2 and "no remembered plan has the id 'zzzz'" in err


def test_memory_clear(capsys: pytest.CaptureFixture[str], remembered: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    code, _, err = run(capsys, "memory", "clear", "--memory-dir", remembered)
    assert code == 1 and "without --yes" in err
    code, _, err = run(capsys, "memory", "clear", "--domain", "elsewhere", "--yes", "--memory-dir", remembered)
    assert code == 2 and "no domain 'elsewhere'" in err and "its domains: 'demo'" in err  # a typo is no success
    code, out, _ = run(capsys, "memory", "clear", "--domain", "demo", "--yes", "--memory-dir", remembered, "--json")
    assert json.loads(out)["removed"] == 2
    code, out, _ = run(capsys, "memory", "stats", "--memory-dir", remembered, "--json")
    assert json.loads(out)["plans"]["total"] == 0


def test_memory_of_a_directory_that_does_not_exist(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "never"
    code, out, _ = run(capsys, "memory", "stats", "--memory-dir", str(missing), "--json")
    assert code == 0 and json.loads(out)["plans"]["total"] == 0
    code, out, _ = run(capsys, "memory", "show", "--memory-dir", str(missing))
    assert "no remembered plans" in out
    assert not missing.exists()  # inspecting creates nothing
