"""memorize: remember the plan that answered, under the question with its topic mention masked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import open_edges, resources
from cacherag.graphs.state import QAState
from cacherag.memory.plan_memory import PlanEntry
from cacherag.memory.text import terms
from cacherag.nodes.compile_query import masked_question
from cacherag.nodes.reasoners.grounding import asked_terms, lexical_score
from cacherag.nodes.replay import learn_edges
from cacherag.tools.graph_view import TYPING
from cacherag.tools.kg import qualifier

if TYPE_CHECKING:
    from langgraph.runtime import Runtime


def memorize(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    plan, topic = state["plan"], state["topic"]
    if not ctx.learn or state.get("status") != "answered" or not plan.get("steps") or topic is None \
            or plan["steps"][0]["predicate"] in TYPING:  # a kind's members are listed anew, no words taught
        return {"trace": {"memorized": False}}
    # The evidence the dispatcher judged sufficient teaches the edge memory, whichever plan found it: a plan-cache
    # hit too (a reworded question the plan cache cannot serve then replays what the hit found useful) — but a
    # hit never opens the edge store for that, so a remembered question alone never opens Chroma.
    teaches = plan.get("source") != "cache" or open_edges(ctx) is not None
    edges = learn_edges(state, ctx) if ctx.use_edge_memory and teaches else {}
    if plan.get("source") == "adapted":
        # Borrowed from a merely similar question: used for this answer, but only remembered when the
        # question names every hop of it, so one loose analogy cannot spread through the memory.
        words = asked_terms(state["isr"])
        if not all(lexical_score(step["label"], words) > 0 for step in plan["steps"]):
            return {"trace": {"memorized": False, **edges}}
    masked = masked_question(state)
    # Filed under the aspect the parser reads from the question, as retrieval will read it (CacheRAG §5.9).
    entry = PlanEntry(question=masked, steps=plan["steps"], domain=res.domain,  # type: ignore[arg-type]
                      aspect=state["isr"].get("aspect") or plan["steps"][-1]["label"],
                      answers=[a["label"] for a in state["answers"][:20]],
                      topic=topic["label"], sparql=res.view.kg.path_query(topic["node"], plan["steps"]))
    known = res.memory.get(entry.id)
    if known is not None:
        res.memory.touch(known)
    else:
        res.memory.add(entry)
    # how this question named each hop (not by the names of the other things it names, nor by the name of a value
    # picking a hop's statements, written as a name: "who played *Greta Vallis* in <E>" — a role, "composer", is a
    # word naming the hop)
    values = [v for step in plan["steps"] if (v := qualifier(step["predicate"])) is not None]
    names = [entity["text"] for entity in state["isr"].get("named") or [] if entity["text"] != topic["mention"]]
    names += [label for label in res.view.labels_of(values).values() if label[:1].isupper() and label in masked]
    named = {t for text in names for t in terms(text)}
    res.statements.learn(res.domain, masked, plan["steps"], names=named)
    return {"trace": {"memorized": known is None, **edges}}
