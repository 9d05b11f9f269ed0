"""The compiled graph as a Runnable: invoke, ainvoke, batch with concurrency, astream, durable SQLite threads."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from cacherag.graphs.context import Context
from cacherag.graphs.qa import build_graph, graph
from cacherag.tools.errors import StoreError

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:aiosqlite")

DIRECTORS = {
    "Who directed The Matrix?": {"Lana Wachowski", "Lilly Wachowski"},
    "Who directed Inception?": {"Christopher Nolan"},
    "Who directed Alien?": {"Ridley Scott"},
    "Who directed Amélie?": {"Jean-Pierre Jeunet"},
    "Who directed Pulp Fiction?": {"Quentin Tarantino"},
    "Who directed Jaws?": {"Steven Spielberg"},
}
TWO_HOPS = "Who wrote the films directed by Ridley Scott?"
RIDLEY_WRITERS = {"Dan O'Bannon", "Hampton Fancher", "David Peoples", "David Franzoni", "John Logan",
                  "William Nicholson", "Callie Khouri", "Drew Goddard"}


@pytest.fixture
def ctx(memory_dir: str) -> Context:
    return Context(kg="demo", memory_dir=memory_dir)


def labels(state: dict[str, Any]) -> set[str]:
    return {a["label"] for a in state["answers"]}


def test_invoke(ctx: Context) -> None:
    state = graph.invoke({"question": "Who directed The Matrix?"}, context=ctx)
    assert state["status"] == "answered"
    assert labels(state) == {"Lana Wachowski", "Lilly Wachowski"}
    assert state["hops"] == 1 and state["verdict"] == "COMPLETE"


async def _ainvoke(ctx: Context) -> dict[str, Any]:
    return await graph.ainvoke({"question": TWO_HOPS}, context=ctx)


def test_ainvoke(ctx: Context) -> None:
    import asyncio

    state = asyncio.run(_ainvoke(ctx))
    assert labels(state) == RIDLEY_WRITERS
    assert state["hops"] == 2


class _Concurrency(BaseCallbackHandler):
    """Counts how many runs of the whole graph are in flight at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: set[Any] = set()
        self.started = self.peak = 0

    def on_chain_start(self, serialized: Any, inputs: Any, *, run_id: Any, **kwargs: Any) -> None:
        if kwargs.get("parent_run_id") is None:
            with self.lock:
                self.running.add(run_id)
                self.started += 1
                self.peak = max(self.peak, len(self.running))
            # A cache hit takes a few ms, less than the interpreter's thread switch interval: hold each run a
            # moment so that runs allowed to overlap do.
            time.sleep(0.05)

    def on_chain_end(self, outputs: Any, *, run_id: Any, **kwargs: Any) -> None:
        with self.lock:
            self.running.discard(run_id)


def test_batch_with_max_concurrency(ctx: Context) -> None:
    questions = list(DIRECTORS)
    states = graph.batch([{"question": q} for q in questions], {"max_concurrency": 3}, context=ctx)
    assert [s["question"] for s in states] == questions  # order is kept
    for state in states:
        assert labels(state) == DIRECTORS[state["question"]], state["question"]
    watcher = _Concurrency()
    graph.batch([{"question": q} for q in questions], {"max_concurrency": 2, "callbacks": [watcher]}, context=ctx)
    assert watcher.started == len(questions)
    assert watcher.peak == 2  # runs overlap, and never more than max_concurrency of them


def test_batch_returns_typed_errors_when_asked(tmp_path: Path, memory_dir: str) -> None:
    broken = Context(kg=str(tmp_path / "gone.ttl"), memory_dir=memory_dir)
    (outcome,) = graph.batch([{"question": "Who directed Alien?"}], context=broken, return_exceptions=True)
    assert isinstance(outcome, StoreError)
    with pytest.raises(StoreError):
        graph.invoke({"question": "Who directed Alien?"}, context=broken)


async def _astream(ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    seen = []
    async for chunk in graph.astream({"question": TWO_HOPS}, context=ctx, stream_mode="updates"):
        seen.extend(chunk.items())
    return seen


def test_astream_updates_show_nodes_and_bounds(ctx: Context) -> None:
    import asyncio

    # Not composed from the question's words (use_statements off): planned hop by hop, one expansion
    updates = asyncio.run(_astream(replace(ctx, use_statements=False)))
    nodes = [node for node, _ in updates]
    assert nodes == ["parse_isr", "retrieve_plans", "replay", "compile_query", "execute", "dispatch", "expand_depth",
                     "dispatch", "summarize", "memorize"]
    assert [u["hops"] for node, u in updates if node in {"execute", "expand_depth"}] == [1, 2]
    assert [u["verdict"] for node, u in updates if node == "dispatch"] == ["INCOMPLETE", "COMPLETE"]


def test_k_depth_from_the_context_is_the_bound(ctx: Context, memory_dir: str) -> None:
    shallow = Context(kg="demo", memory_dir=memory_dir, k_depth=1)
    updates = [kv for chunk in graph.stream({"question": TWO_HOPS}, context=shallow, stream_mode="updates")
               for kv in chunk.items()]
    assert [node for node, _ in updates][-2:] == ["dispatch", "fallback"]
    assert max(u["hops"] for node, u in updates if "hops" in u and node != "parse_isr") == 1
    assert dict(updates)["fallback"]["status"] == "missing"


def test_a_remembered_plan_longer_than_k_depth_is_still_bounded(memory_dir: str) -> None:
    graph.invoke({"question": TWO_HOPS}, context=Context(kg="demo", memory_dir=memory_dir))  # learn a 2-hop plan
    shallow = Context(kg="demo", memory_dir=memory_dir, k_depth=1)
    updates = [kv for chunk in graph.stream({"question": "Who wrote the films directed by James Cameron?"},
                                            context=shallow, stream_mode="updates") for kv in chunk.items()]
    assert max(u["hops"] for node, u in updates if "hops" in u and node != "parse_isr") <= 1


def test_sqlite_threads_are_durable(ctx: Context, tmp_path: Path) -> None:
    path = str(tmp_path / "threads.sqlite")
    config = {"configurable": {"thread_id": "alice"}}
    with SqliteSaver.from_conn_string(path) as saver:
        durable = build_graph(checkpointer=saver)
        durable.invoke({"question": "Who directed Alien?"}, config, context=ctx)

    # A new connection (as a new process would open) finds the thread and continues it.
    with SqliteSaver.from_conn_string(path) as saver:
        durable = build_graph(checkpointer=saver)
        before = durable.get_state(config)
        assert before.values["question"] == "Who directed Alien?"
        assert labels(before.values) == {"Ridley Scott"}
        state = durable.invoke({"question": "Who directed Jaws?"}, config, context=ctx)
        assert labels(state) == {"Steven Spielberg"}
        assert "Ridley Scott" not in state["answer"]  # nothing of the first question leaks into the second
        assert state["trace"]["node_ms"].keys() == {"parse_isr", "retrieve_plans", "replay", "compile_query", "execute",
                                                    "summarize", "memorize"}
        questions = {s.values.get("question") for s in durable.get_state_history(config)}
        assert {"Who directed Alien?", "Who directed Jaws?"} <= questions
        other = durable.get_state({"configurable": {"thread_id": "bob"}})
        assert other.values == {}


async def _async_durable(ctx: Context, path: str) -> tuple[dict[str, Any], Any]:
    config = {"configurable": {"thread_id": "carol"}}
    async with AsyncSqliteSaver.from_conn_string(path) as saver:
        durable = build_graph(checkpointer=saver)
        state = await durable.ainvoke({"question": "Who directed Inception?"}, config, context=ctx)
        snapshot = await durable.aget_state(config)
    return state, snapshot


def test_async_sqlite_checkpointer(ctx: Context, tmp_path: Path) -> None:
    import asyncio

    state, snapshot = asyncio.run(_async_durable(ctx, str(tmp_path / "threads.sqlite")))
    assert labels(state) == {"Christopher Nolan"}
    assert snapshot.values["status"] == "answered" and not snapshot.next
