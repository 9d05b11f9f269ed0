"""The `cacherag` command as a user runs it: separate processes sharing one memory directory."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CLI = shutil.which("cacherag") or str(Path(sys.executable).with_name("cacherag"))


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CACHERAG_HOME": str(home)}
    return subprocess.run([CLI, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_ask_then_hit_from_a_second_process(home: Path) -> None:
    first = run("ask", "Who directed The Matrix?", home=home)
    assert first.returncode == 0, first.stderr
    assert "Lana Wachowski" in first.stdout and "Lilly Wachowski" in first.stdout
    second = run("ask", "Who directed Inception?", "--json", home=home)
    assert second.returncode == 0, second.stderr
    answer = json.loads(second.stdout)  # --json prints JSON and nothing else
    assert answer["answers"][0]["label"] == "Christopher Nolan"
    assert answer["trace"]["plan_cache_hit"] is True and answer["trace"]["llm_calls"] == 0
    assert (home / "memory").is_dir()


def test_missing_answer_exits_1_and_errors_exit_2(home: Path, tmp_path: Path) -> None:
    missing = run("ask", "Who directed Zorgblatt Quux?", "--json", home=home)
    assert missing.returncode == 1 and json.loads(missing.stdout)["status"] == "missing"
    error = run("ask", "Who directed Alien?", "--kg", str(tmp_path / "nowhere"), home=home)
    assert error.returncode == 2 and "StoreError" in error.stderr and "Traceback" not in error.stderr
    refused = run("ask", "Who directed Alien?", "--k-depth", "4", home=home)
    assert refused.returncode == 2 and "ConfigurationError" in refused.stderr


def test_load_pipe_triples_then_ask_the_store(home: Path, tmp_path: Path) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_text("Kismet|directed_by|William Dieterle\nKismet|release_year|1944\n")
    loaded = run("load", str(kb), "--store", str(tmp_path / "store"), home=home)
    assert loaded.returncode == 0, loaded.stderr
    answer = run("ask", "when was Kismet released", "--kg", str(tmp_path / "store"), "--json", home=home)
    assert json.loads(answer.stdout)["answers"][0]["label"] == "1944"


def test_piped_steps_end_their_line_and_help_names_exit_codes(home: Path) -> None:
    asked = run("ask", "Who directed Alien?", home=home)
    assert asked.returncode == 0 and asked.stderr.endswith("\n")
    assert re.search(r"^\d+ steps · \d+ ms$", asked.stderr, re.MULTILINE), asked.stderr  # a line of its own
    shown = run("--help", home=home)
    assert shown.returncode == 0 and "``" not in shown.stdout
    assert "exit codes:" in shown.stdout and "130" in shown.stdout
    assert "exit codes:" in run("ask", "--help", home=home).stdout


def test_the_evidence_table_says_what_it_leaves_out(home: Path) -> None:
    question = "Which actors starred in films directed by Christopher Nolan?"  # more facts than the table shows
    many = run("ask", question, home=home)
    assert many.returncode == 0, many.stderr
    facts = len(json.loads(run("ask", question, "--json", home=home).stdout)["evidence"])
    shown = re.search(r"… and (\d+) more facts not shown \((\d+) in all", many.stdout)
    assert facts > 10 and shown and (int(shown[1]), int(shown[2])) == (facts - 10, facts), many.stdout


def test_a_huge_literal_is_cut_in_what_is_shown(home: Path, tmp_path: Path) -> None:
    """A huge literal answers, but the command line shows 10,000 characters of each text, marked."""
    import pyoxigraph as ox

    ex, label = "http://example.org/", ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
    plot = ("The long plot. " * 20_000)[:300_000]
    store = ox.Store(str(tmp_path / "store"))
    for s, p, o in [("film", label, ox.Literal("Quiet Harbour")), ("plot", label, ox.Literal("plot")),
                    ("film", ox.NamedNode(ex + "plot"), ox.Literal(plot))]:
        store.add(ox.Quad(ox.NamedNode(ex + s), p, o))
    store.flush()
    del store
    shown = run("ask", "What is the plot of Quiet Harbour?", "--kg", str(tmp_path / "store"), "--json", home=home)
    assert shown.returncode == 0, shown.stderr
    assert len(shown.stdout) < 200_000  # the literal stands in several places: each is cut
    answer = json.loads(shown.stdout)
    assert answer["answers"][0]["label"] == f"{plot[:10_000]}… [{300_000 - 10_000:,} more characters]"
    assert len(answer["answer"]) < 3_000  # the summary quotes a part of the value (the answers carry it)
    printed = run("ask", "What is the plot of Quiet Harbour?", "--kg", str(tmp_path / "store"), home=home)
    assert printed.returncode == 0 and len(printed.stdout) < 200_000, printed.stderr
    assert "more characters]" in printed.stdout


def test_a_reworded_question_is_shown_as_asked_and_as_read(home: Path) -> None:
    shown = run("ask", "Did Ridley Scott direct Alien?", home=home)
    assert shown.returncode == 0, shown.stderr
    assert "Did Ridley Scott direct Alien? (read as: Which film did Ridley Scott" in shown.stdout
    assert "yes" in shown.stdout
