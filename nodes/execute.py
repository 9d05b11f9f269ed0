"""execute: run the compiled plan as one path query; keep the longest prefix that reaches nodes."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import Plan, QAState
from cacherag.nodes.subgraph import Walk, evidence, merge_triples

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

MAX_EVIDENCE = 200


def execute(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    res = resources(Context.of(runtime))
    topic = state["topic"]["node"]  # type: ignore[index]
    plan: Plan = state["plan"]
    steps = list(plan.get("steps", []))
    paths: list[list[str]] = []
    # A plan that reaches nothing is cut back to what it can reach; the dispatcher takes it from there.
    while steps:
        paths = res.view.paths(topic, steps)
        if paths:
            break
        steps.pop()
    if not steps:
        update_plan = Plan(steps=[], sparql=[], source="compiled")
        reason = "the plan reached no node" if plan.get("steps") else ""
        return {"plan": update_plan, "frontier": {topic: 1.0}, "hops": 0, "subgraph": [], "reason": reason}
    support = Counter(path[-1] for path in paths)
    walks: list[Walk] = []
    for path in paths:
        if len(walks) >= MAX_EVIDENCE:
            break
        walks.extend((path[i], step, path[i + 1], i + 1) for i, step in enumerate(steps))
    triples = evidence(res.view, walks, "plan")
    truncated = len(steps) < len(plan.get("steps", []))
    executed = Plan(steps=steps, sparql=[res.view.kg.path_query(topic, steps)],
                    source="compiled" if truncated else plan.get("source", "compiled"))
    if "example_id" in plan and not truncated:
        executed["example_id"] = plan["example_id"]
    update: dict[str, Any] = {"plan": executed, "frontier": {n: float(c) for n, c in support.items()},
                              "hops": len(steps), "subgraph": merge_triples([], triples),
                              "reason": "the plan was cut back to the hops that reach nodes" if truncated else ""}
    if executed["source"] == "cache":  # a remembered plan that reaches nodes is complete as it stands
        update |= {"verdict": "COMPLETE", "reason": "a remembered plan reached answers"}
    return update
