"""The graph behind `langgraph dev` (in-memory runtime), driven through the real `langgraph-sdk` client.

One server is started for the module on a free port of 127.0.0.1, from the repository's own
langgraph.json (graph paths made absolute, the server's working directory and CACHERAG_HOME in a temp
dir so nothing lands in the checkout or in ~/.cacherag), and always terminated.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langgraph_api", reason="langgraph dev needs langgraph-cli[inmem] (the test extra)")
from langgraph_sdk import get_sync_client  # noqa: E402
from langgraph_sdk.client import SyncLangGraphClient  # noqa: E402
from test_readme_examples import python_blocks  # noqa: E402

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
GRAPH_ID = "cacherag"
NODES = {"parse_isr", "retrieve_plans", "replay", "compile_query", "execute", "dispatch", "expand_depth", "traverse",
         "expand_breadth", "summarize", "memorize", "fallback"}
STARTUP_S = 120.0
RUN_S = 60.0
TWO_HOPS = "Who wrote the films directed by Ridley Scott?"
ONE_HOP = "Who directed The Matrix?"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _langgraph_cli() -> str:
    beside = Path(sys.executable).parent / "langgraph"
    found = str(beside) if beside.is_file() and os.access(beside, os.X_OK) else shutil.which("langgraph")
    if found is None:
        pytest.fail("the `langgraph` command (langgraph-cli) is not installed beside this Python or on PATH")
    return found


def _server_config(root: Path) -> Path:
    """The repository's langgraph.json with its relative paths made absolute, written into ``root``."""
    config = json.loads((REPO / "langgraph.json").read_text())

    def absolute(path: str) -> str:
        return str((REPO / path).resolve()) if path.startswith(".") else path

    config["dependencies"] = [absolute(d) for d in config.get("dependencies", [])]
    for name, spec in config["graphs"].items():
        if isinstance(spec, dict):
            spec["path"] = absolute(spec["path"])
        else:
            config["graphs"][name] = absolute(spec)
    path = root / "langgraph.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"langgraph dev exited with {process.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(f"{url}/ok", timeout=2) as response:
                if response.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.25)
    pytest.fail(f"langgraph dev did not answer at {url} within {STARTUP_S:g} s:\n"
                f"{log.read_text(errors='replace')[-4000:]}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate the server's process group (it was started in a session of its own)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("langgraph-dev")
    config = _server_config(root)
    port = _free_port()
    env = {
        **os.environ,
        "CACHERAG_HOME": str(root / "home"),
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        "LANGSMITH_TRACING": "false",
        "LANGCHAIN_TRACING_V2": "false",
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }
    log = root / "server.log"
    command = [_langgraph_cli(), "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", str(port),
               "--config", str(config)]
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_until_up(url, process, log)
        yield url
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def client(server: str) -> SyncLangGraphClient:
    return get_sync_client(url=server, timeout=RUN_S)


def _stream(client: SyncLangGraphClient, thread_id: str, question: str,
            context: dict[str, Any] | None = None) -> tuple[list[tuple[str, dict[str, Any]]], list[Any]]:
    """Stream one run's ``updates``; returns (node, update) pairs in order and every other event."""
    updates: list[tuple[str, dict[str, Any]]] = []
    others: list[Any] = []
    started = time.monotonic()
    for part in client.runs.stream(thread_id, GRAPH_ID, input={"question": question}, context=context,
                                   stream_mode="updates"):
        assert time.monotonic() - started < RUN_S, "the run did not finish in time"
        if part.event == "updates":
            updates.extend((node, update or {}) for node, update in part.data.items())
        else:
            others.append(part)
    return updates, others


def test_studio_sees_the_nodes_the_state_and_the_context(client: SyncLangGraphClient) -> None:
    (assistant,) = client.assistants.search(graph_id=GRAPH_ID)
    assert "Question answering over a knowledge graph" in (assistant.get("description") or "")
    graph = client.assistants.get_graph(assistant["assistant_id"])
    assert {node["id"] for node in graph["nodes"]} >= NODES
    edges = {(edge["source"], edge["target"]) for edge in graph["edges"]}
    assert {("dispatch", "summarize"), ("dispatch", "expand_depth"), ("dispatch", "fallback"),
            ("expand_breadth", "dispatch")} <= edges

    schemas = client.assistants.get_schemas(assistant["assistant_id"])
    state = schemas["state_schema"]["properties"]
    assert {"question", "isr", "plan", "subgraph", "hops", "verdict", "answers", "trace"} <= set(state)
    context = schemas["context_schema"]["properties"]
    assert {"kg", "model", "k_depth", "k_degree", "mmr_lambda", "k", "memory_dir"} <= set(context)
    assert context["k_depth"]["default"] == 3
    assert "hops" in context["k_depth"]["description"]


def test_studio_gets_the_input_form(client: SyncLangGraphClient) -> None:
    (assistant,) = client.assistants.search(graph_id=GRAPH_ID)
    schemas = client.assistants.get_schemas(assistant["assistant_id"])
    assert schemas["input_schema"]["required"] == ["question"]
    assert "answers" in schemas["output_schema"]["properties"]


def test_bounds_are_visible_in_the_stream_and_a_thread_takes_a_second_question(
        client: SyncLangGraphClient) -> None:
    thread = client.threads.create()

    # A two-hop question under k_depth=1: the run must stop at the bound, and the stream shows why.
    updates, others = _stream(client, thread["thread_id"], TWO_HOPS, context={"k_depth": 1})
    assert not [e for e in others if e.event == "error"], others
    nodes = [node for node, _ in updates]
    assert nodes == ["parse_isr", "retrieve_plans", "replay", "compile_query", "execute", "dispatch", "fallback"]
    hops = [u["hops"] for node, u in updates if "hops" in u and node != "parse_isr"]
    assert hops == [1]  # execute reached one hop; never more than k_depth
    verdicts = [u["verdict"] for node, u in updates if node == "dispatch"]
    assert verdicts == ["INCOMPLETE"]
    final = dict(updates)["fallback"]
    assert final["status"] == "missing"
    assert "stopped at 1 of at most 1 hops" in final["reason"]

    # The same thread, a second question, default bounds: answered from the bundled demo graph.
    updates, others = _stream(client, thread["thread_id"], ONE_HOP)
    assert not [e for e in others if e.event == "error"], others
    assert [node for node, _ in updates] == ["parse_isr", "retrieve_plans", "replay", "compile_query", "execute",
                                             "dispatch", "summarize", "memorize"]
    assert all(u["hops"] <= 3 for _, u in updates if "hops" in u)
    assert [u["verdict"] for node, u in updates if node == "dispatch"] == ["COMPLETE"]

    state = client.threads.get_state(thread["thread_id"])["values"]
    assert state["question"] == ONE_HOP
    assert state["status"] == "answered"
    assert {a["label"] for a in state["answers"]} == {"Lana Wachowski", "Lilly Wachowski"}
    assert "fallback" not in state["trace"]["node_ms"]  # the second run's trace starts afresh
    runs = client.runs.list(thread["thread_id"])
    assert [run["status"] for run in runs] == ["success", "success"]


def test_a_typed_error_ends_the_run_in_an_error_state(client: SyncLangGraphClient, tmp_path: Path) -> None:
    thread = client.threads.create()
    started = time.monotonic()
    updates, others = _stream(client, thread["thread_id"], ONE_HOP, context={"kg": str(tmp_path / "missing.ttl")})
    assert time.monotonic() - started < RUN_S
    assert updates == []
    errors = [e for e in others if e.event == "error"]
    assert errors, others
    assert errors[0].data["error"] == "StoreError"  # the typed error and its message, not "internal error"
    assert "knowledge graph not found" in errors[0].data["message"] and "missing.ttl" in errors[0].data["message"]
    (run,) = client.runs.list(thread["thread_id"])
    assert run["status"] == "error"


def test_readme_studio_example_runs_against_the_server(server: str) -> None:
    (block,) = python_blocks("LangGraph Studio and server")
    assert "http://127.0.0.1:2024" in block
    namespace: dict[str, Any] = {}
    exec(compile(block.replace("http://127.0.0.1:2024", server), "README.md", "exec"), namespace)
    assert namespace["state"]["status"] == "answered"  # the block asserts the answer itself


def test_a_follow_up_on_a_server_thread_is_resolved_and_shown(client: SyncLangGraphClient) -> None:
    thread = client.threads.create()
    _stream(client, thread["thread_id"], "Who directed Alien?")
    updates, others = _stream(client, thread["thread_id"], "And who wrote it?")
    assert not [e for e in others if e.event == "error"], others
    resolved = dict(updates)["parse_isr"]["resolved_from"]  # what Studio shows on the parse_isr step
    assert resolved["label"] == "Alien" and resolved["role"] == "topic"
    state = client.threads.get_state(thread["thread_id"])["values"]
    assert state["status"] == "answered" and {a["label"] for a in state["answers"]} == {"Dan O'Bannon"}
    assert [t["question"] for t in state["conversation"]] == ["Who directed Alien?", "And who wrote Alien?"]
