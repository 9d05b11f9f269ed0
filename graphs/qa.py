"""The question-answering graph: CacheRAG Algorithm 1 (``graphs/flow.py``) as a LangGraph ``StateGraph``."""

from __future__ import annotations

from typing import Any

from langgraph.graph import START, StateGraph

from cacherag.graphs.context import Context
from cacherag.graphs.flow import FIRST, MAX_STEPS, NODES, ROUTES, timed
from cacherag.graphs.state import InputState, QAState


def build_graph(checkpointer: Any = None) -> Any:
    """The compiled question-answering graph; pass a checkpointer to make threads durable."""
    builder = StateGraph(QAState, context_schema=Context, input_schema=InputState)
    for node in NODES:
        builder.add_node(node.__name__, timed(node))
    builder.add_edge(START, FIRST)
    for source, route in ROUTES.items():
        if isinstance(route, str):
            builder.add_edge(source, route)
        else:
            builder.add_conditional_edges(source, route[0], list(route[1]))
    # (LangGraph's default limit, 25 steps, is below what the bounded loops may take: a refused hop expanded to
    # K_depth, traversed back and expanded again)
    return builder.compile(checkpointer=checkpointer, name="cacherag").with_config(recursion_limit=MAX_STEPS)


graph = build_graph()
