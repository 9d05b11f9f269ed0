"""The question-answering pipeline run without LangGraph's runtime, for a one-off question from the shell.

Importing LangGraph (with langchain-core's runnables and langsmith's run trees) takes 0.6-1.5 s on the
development machine, longer than answering a remembered question; ``cacherag ask`` runs the same nodes and routes
(``graphs/flow.py``) one after another instead. It applies updates as LangGraph does (a key's reducer when the state
declares one, else the new value replaces the old) and streams what ``stream_mode=["tasks", "updates", "values"]``
would. Threads, checkpointers, batches, servers and Studio use the LangGraph graph (``graphs/qa.py``); a test holds
both runs to the same answers.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, get_args, get_origin, get_type_hints

from cacherag.graphs.context import Context
from cacherag.graphs.flow import END, FIRST, MAX_STEPS, NODES, ROUTES, Node, timed
from cacherag.graphs.state import InputState, QAState


@dataclass(frozen=True)
class StepRuntime:
    """What a node or a route reads of LangGraph's ``Runtime``: the run's context (``flow.Run``)."""

    context: Context


def _reducers() -> dict[str, Callable[[Any, Any], Any]]:
    hints = get_type_hints(QAState, include_extras=True)
    return {key: get_args(hint)[1] for key, hint in hints.items() if get_origin(hint) is Annotated}


REDUCERS = _reducers()
STEPS: dict[str, Node] = {node.__name__: timed(node) for node in NODES}
INPUTS = frozenset(get_type_hints(InputState))
# the routes that read the run's context (LangGraph passes ``runtime=`` to a route with that parameter)
READS_RUNTIME = frozenset(route[0] for route in ROUTES.values()
                          if not isinstance(route, str) and "runtime" in inspect.signature(route[0]).parameters)


def _next(node: str, state: dict[str, Any], runtime: StepRuntime) -> str:
    route = ROUTES[node]
    if isinstance(route, str):
        return route
    return route[0](state, runtime=runtime) if route[0] in READS_RUNTIME else route[0](state)


def stream(inputs: dict[str, Any], context: Context) -> Iterator[tuple[str, Any]]:
    """Run the pipeline on ``inputs``; yield ``("tasks", {"name": node})`` as each node starts, then
    ``("updates", {node: update})`` and ``("values", state)`` as it ends."""
    runtime = StepRuntime(context)
    state: dict[str, Any] = {k: v for k, v in inputs.items() if k in INPUTS}
    node = FIRST
    for _ in range(MAX_STEPS):
        yield "tasks", {"name": node}
        update = STEPS[node](dict(state), runtime)  # type: ignore[arg-type]
        for key, value in update.items():
            state[key] = REDUCERS[key](state.get(key), value) if key in REDUCERS else value
        yield "updates", {node: update}
        yield "values", dict(state)
        node = _next(node, state, runtime)
        if node == END:
            return
    raise RuntimeError(f"the pipeline ran {MAX_STEPS} steps without ending (last at {node})")


def invoke(inputs: dict[str, Any], context: Context) -> dict[str, Any]:
    """The final state of the pipeline run on ``inputs``, as ``graph.invoke`` returns it."""
    state: dict[str, Any] = {}
    for mode, chunk in stream(inputs, context):
        if mode == "values":
            state = chunk
    return state
