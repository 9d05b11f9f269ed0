"""Cache warm-up as a graph: memorize plans explained from question–answer history (for Studio/servers).

Input: ``{"pairs": [{"question": "who directed Alien", "answers": ["Ridley Scott"]}, …]}``; output: a report
(pairs explained, plans memorized). Same ``Context`` as the question-answering graph, so a deployment warms
exactly the memory its questions will read.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from typing_extensions import TypedDict

from cacherag.graphs.context import Context
from cacherag.memory.history import HistoryPair, warm_context


class QAPair(TypedDict):
    question: str
    answers: list[str]


class WarmupInput(TypedDict):
    pairs: list[QAPair]


class WarmupState(WarmupInput, total=False):
    report: dict[str, Any]


def warm(state: WarmupState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    pairs = [HistoryPair(p["question"], list(p["answers"])) for p in state["pairs"]]
    report = warm_context(ctx, pairs)
    from cacherag.graphs.resources import memory_for

    memory_for(ctx).flush()  # a server process may live long: make the warm-up durable now
    return {"report": report.as_dict()}


def build_graph() -> Any:
    builder = StateGraph(WarmupState, context_schema=Context, input_schema=WarmupInput)
    builder.add_node("warm", warm)
    builder.add_edge(START, "warm")
    builder.add_edge("warm", END)
    return builder.compile(name="cacherag-warmup")


graph = build_graph()
