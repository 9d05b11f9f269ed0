"""compile_query: re-bind a remembered plan (a hit, no LLM) or compile one against the local schema."""

from __future__ import annotations

from collections import Counter
from typing import Any

from langgraph.runtime import Runtime

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import Plan, QAState, Topic
from cacherag.nodes.reasoners.grounding import content_terms, contradicts, omits


def compile_query(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    topic: Topic = state["topic"]  # type: ignore[assignment]
    schema = list(res.view.schema(topic["node"]))
    available = {(e.predicate, e.inverse) for e in schema}
    words = Counter(t for c in state["isr"].get("constraints", []) for t in content_terms(c))
    labels = sorted(set(res.view.predicate_labels.values()))
    # The most relevant reusable example (examples come in MMR order, which trades relevance for diversity).
    hit = max((ex for ex in state["examples"] if ex["relevance"] >= ctx.hit_relevance
               and len(ex["steps"]) <= ctx.k_depth
               and (ex["steps"][0]["predicate"], ex["steps"][0]["inverse"]) in available
               and not contradicts(ex["steps"], words, labels) and not omits(ex["question"], words, ex["steps"])),
              key=lambda ex: ex["relevance"], default=None)
    if hit is not None:
        plan = Plan(steps=list(hit["steps"]), source="cache", example_id=hit["id"])
        return {"plan": plan, "trace": {"plan_cache_hit": True}}

    # A miss: this is where an LLM reasoner spends its calls (re-read the question, then compile).
    refined = res.reasoner.refine_isr(state["question"], state["isr"])
    isr = refined.value
    update: dict[str, Any] = {"isr": isr}
    mention = isr.get("topic_mention", "")
    if mention and mention != state["isr"].get("topic_mention", ""):  # the reasoner read another topic
        relinked = res.view.labels.mentions(mention)
        if relinked and relinked[0].nodes[0] != topic["node"]:
            node = relinked[0].nodes[0]
            topic = Topic(node=node, label=res.view.label(node), mention=mention)
            schema = list(res.view.schema(node))
            update["topic"] = topic
    compiled = res.reasoner.compile(state["question"], isr, schema, state["examples"])
    steps = compiled.value[: ctx.k_depth]  # the hop bound holds for remembered and compiled plans alike
    reused = any(steps == ex["steps"] for ex in state["examples"])
    update["plan"] = Plan(steps=steps, source="adapted" if reused else "compiled")
    update["trace"] = {"llm_calls": refined.llm_calls + compiled.llm_calls,
                       "tokens": refined.tokens + compiled.tokens}
    return update
