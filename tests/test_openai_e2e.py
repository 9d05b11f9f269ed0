"""The LLM path as users run it: langchain-openai's real client, real HTTP, a scripted server on 127.0.0.1.

The server (tests/openai_server.py) speaks the chat-completions protocol, with ``response_format``
json_schema and tool calls; faults are injected there, in the protocol, not in Python objects.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from openai_server import ScriptedOpenAI, serve
from test_cli import CLI
from test_readme_examples import python_blocks, section
from test_real_graphs import saga  # noqa: F401 - the saga store fixture

from cacherag import CacheRAG
from cacherag.cli import main

pytest.importorskip("langchain_openai")

MODEL = "openai:gpt-4o-mini"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with serve() as state:
        yield state


def schemas(server: ScriptedOpenAI) -> list[str | None]:
    return [(r.get("response_format") or {}).get("json_schema", {}).get("name") for r in server.requests]


def test_a_miss_goes_through_the_real_client_with_json_schema(server: ScriptedOpenAI, memory_dir: str) -> None:
    rag = CacheRAG("demo", model=MODEL, base_url=server.url, memory_dir=memory_dir)
    answer = rag.ask("Who directed The Matrix?")
    assert {a.label for a in answer.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert answer.answer.startswith("The answer is ")  # the model's text, read from the HTTP reply
    assert schemas(server) == ["ISROutput", "PlanOutput", "DispatchOutput", None]
    assert server.requests[0]["response_format"]["type"] == "json_schema"
    assert answer.trace["llm_calls_by_node"] == {"compile_query": 2, "dispatch": 1, "summarize": 1}
    assert sum(answer.trace["tokens_by_node"].values()) == answer.trace["tokens"] > 0
    assert "offline_takeovers" not in answer.trace
    # The compile prompt lists each predicate once, the topic's own first.
    prompt = server.requests[1]["messages"][-1]["content"]
    listed = re.findall(r"^\d+\. (.+)$", prompt, re.M)
    assert len(listed) == len(set(listed)) and "directed by (outgoing)" in listed
    # The same shape of question is now a plan-cache hit: no request reaches the server.
    before = len(server.requests)
    assert rag.ask("Who directed Inception?").plan_cache_hit and len(server.requests) == before
    rag.close()


def test_rate_limits_and_overload_are_retried_with_backoff(server: ScriptedOpenAI, memory_dir: str) -> None:
    server.faults = ["429", "500"]
    answer = CacheRAG("demo", model=MODEL, base_url=server.url, memory_dir=memory_dir).ask("Who directed Alien?")
    assert answer.answers[0].label == "Ridley Scott"
    assert schemas(server)[:3] == ["ISROutput"] * 3  # the same request twice more, then it went through
    assert "offline_takeovers" not in answer.trace


def test_malformed_json_is_asked_again_then_the_offline_reasoner_takes_over(
        server: ScriptedOpenAI, memory_dir: str) -> None:
    server.faults = ["malformed", "malformed", "malformed"]  # ISR twice, then the compile's first reply
    answer = CacheRAG("demo", model=MODEL, base_url=server.url, memory_dir=memory_dir).ask("Who directed Alien?")
    assert answer.status == "answered" and answer.answers[0].label == "Ridley Scott"
    assert answer.trace["offline_takeovers"] == {"refine_isr": 1}  # compile's second try fit the schema
    assert schemas(server)[:4] == ["ISROutput", "ISROutput", "PlanOutput", "PlanOutput"]
    assert answer.trace["llm_calls_by_node"]["compile_query"] == 4  # failed replies are counted too


def test_timeouts_and_a_dead_provider_end_in_an_answer_not_an_exception(
        server: ScriptedOpenAI, memory_dir: str) -> None:
    server.stall_s = 2.0
    server.faults = ["timeout"] * 40  # every request stalls past the client's timeout
    rag = CacheRAG("demo", model=MODEL, base_url=server.url, memory_dir=memory_dir, llm_timeout_s=0.3,
                   llm_attempts=1, learn=False)
    answer = rag.ask("Who directed Alien?")
    assert answer.status == "answered" and answer.answers[0].label == "Ridley Scott"
    assert set(answer.trace["offline_takeovers"]) == {"refine_isr", "compile", "dispatch", "summarize"}
    missing = rag.ask("What is the capital of Zorgblatt?")  # the LLM fallback cannot answer either
    assert missing.status == "missing" and missing.trace["offline_takeovers"] == {"fallback": 1}


def test_cli_with_base_url_answers_and_a_bad_provider_exits_2(server: ScriptedOpenAI, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    env = {**os.environ, "CACHERAG_HOME": str(tmp_path / "home")}
    done = subprocess.run([CLI, "ask", "Who directed Jaws?", "--model", MODEL, "--base-url", server.url, "--json"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answers"][0]["label"] == "Steven Spielberg" and server.requests
    # A provider package that is not installed: a typed error naming the extra, exit code 2.
    monkeypatch.setitem(sys.modules, "langchain_anthropic", None)
    with pytest.raises(SystemExit) as exit_info:
        main(["ask", "Who directed Jaws?", "--model", "anthropic:claude-sonnet-4-5",
              "--memory-dir", str(tmp_path / "m")])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "Traceback" not in err
    assert "ProviderNotInstalledError" in err and 'pip install "cacherag[anthropic]"' in err


def test_cli_unknown_error_is_one_line_and_debug_shows_the_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cacherag.cli as cli

    def broken(args: object) -> int:
        raise RuntimeError("something nobody planned for")

    monkeypatch.setattr(cli, "_ask", broken)
    for argv, traceback_shown in ((["ask", "q"], False), (["--debug", "ask", "q"], True)):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        err = capsys.readouterr().err
        assert exit_info.value.code == 2 and "RuntimeError: something nobody planned for" in err
        assert ("Traceback" in err) is traceback_shown
        assert traceback_shown or len(err.strip().splitlines()) == 1


def run_python(code: str, server: ScriptedOpenAI, home: Path) -> str:
    """Run README code in a fresh interpreter, its OpenAI client pointed at the scripted server."""
    env = {**os.environ, "CACHERAG_HOME": str(home), "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                          cwd=home.parent)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_readme_llm_section_runs_as_written(server: ScriptedOpenAI, tmp_path: Path) -> None:
    text = section("With an LLM")
    command = re.search(r"^(cacherag ask .*)$", text, re.M).group(1)  # type: ignore[union-attr]
    shown = run_python(f"import shlex, sys; from cacherag.cli import main; main(shlex.split({command!r})[1:])",
                       server, tmp_path / "home-cli")
    assert "Lana Wachowski" in shown and "ISROutput" in json.dumps(server.requests)
    (block,) = python_blocks("With an LLM")
    printed = run_python(block, server, tmp_path / "home").splitlines()
    assert printed[0] == "The answer is Lana Wachowski, Lilly Wachowski."
    assert printed[1:] == ["{'compile_query': 2, 'dispatch': 1, 'summarize': 1}", "None"]


def test_readme_agent_runs_against_the_server(server: ScriptedOpenAI, tmp_path: Path) -> None:
    # The README says: model = any tool-calling chat model, e.g. init_chat_model("openai:gpt-4o-mini").
    prelude = 'from langchain.chat_models import init_chat_model\nmodel = init_chat_model("openai:gpt-4o-mini")\n'
    code = prelude + "\n".join(python_blocks("As a LangChain tool"))
    printed = run_python(code, server, tmp_path / "home")
    assert printed.strip().endswith("From the knowledge graph: Answer: Lana Wachowski; Lilly Wachowski")
    with_tools = [r for r in server.requests if r.get("tools")]
    assert [r["messages"][-1]["role"] for r in with_tools] == ["user", "tool"]
    assert with_tools[0]["tools"][0]["function"]["name"] == "cacherag"


def test_a_later_hop_through_intermediate_nodes_is_offered_to_the_llm(
        server: ScriptedOpenAI, saga: object, memory_dir: str) -> None:  # noqa: F811 - saga is the fixture
    # Who directed a character's films: the character's films (first hop), then the person on each film's credit
    # whose role is director (a hop through the unlabelled credit nodes) — offered among the later hops.
    server.plans.append(["character (incoming)", "director person (outgoing)"])
    rag = CacheRAG(saga, model=MODEL, base_url=server.url, memory_dir=memory_dir)
    answer = rag.ask("Who directed the films with the character Vel Tamsin?")
    rag.close()
    compile_prompt = next(r for r in server.requests if (r.get("response_format") or {}).get("json_schema", {})
                          .get("name") == "PlanOutput")["messages"][-1]["content"]
    later = compile_prompt.split("Other predicates (for later hops only):", 1)[1]
    assert "director person (outgoing)" in later
    assert answer.status == "answered" and {a.label for a in answer.answers} == {"Marco Venn", "Hana Kuroda"}
