"""fallback: no complete answer within the bounds — ask the LLM directly, or say so plainly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import QAState

if TYPE_CHECKING:
    from langgraph.runtime import Runtime


def fallback(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    reason = state.get("reason") or f"no complete answer within K_depth={ctx.k_depth} hops"
    if state.get("topic") is not None and state.get("verdict") != "COMPLETE":
        reason = f"{reason} (stopped at {state.get('hops', 0)} of at most {ctx.k_depth} hops)"
    reply = res.reasoner.fallback(state["question"], reason)
    if reply.value:
        return {"answers": [], "answer": reply.value, "status": "answered",
                "reason": f"answered by the language model without graph evidence: {reason}",
                "trace": {**reply.cost(), "fallback": "llm"}}
    return {"answers": [], "answer": f"I don't know: {reason}.", "status": "missing", "reason": reason,
            "trace": {**reply.cost(), "fallback": "missing"}}
