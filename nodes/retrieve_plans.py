"""retrieve_plans: choose the topic entity and diverse cached plans jointly (CacheRAG Algorithm 2).

Common words are often entity labels too, so the longest matching span is not always the topic. Each
candidate span is masked in turn; the masked question should read like a remembered question, and the
span's entity should carry the remembered plan's first predicate. The best such pair wins.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from langgraph.runtime import Runtime

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, resources
from cacherag.graphs.state import Example, MentionCandidate, QAState, Topic
from cacherag.memory.plan_memory import Retrieved
from cacherag.memory.text import terms
from cacherag.nodes.reasoners.grounding import content_terms, lexical_score

MASK = "<E>"
NODES_PER_MENTION = 3
# Weights of the joint score: plan relevance dominates; span quality and schema fit break ties.
MENTION_WEIGHT = 0.2
GROUNDING_WEIGHT = 0.1


def masked(question: str, mention: MentionCandidate) -> str:
    return question[: mention["start"]] + MASK + question[mention["end"] :]


def _grounding(res: Resources, node: str, words: Counter[str]) -> float:
    return max((lexical_score(e.label, words) for e in res.view.schema(node)), default=0.0)


def _preference(question: str, candidates: list[tuple[float, MentionCandidate, str, list[Retrieved], bool]],
                vocabulary: set[str]) -> Any:
    """Order of (span, entity) readings: plausible spans, then fewest unexplained words, then the joint score.

    A span is set aside when a reading with a usable plan exists for a longer span containing it
    ("Kenny" inside "Kenny Kirkland"), or when all its words are words remembered questions are phrased
    with ("film", "made") while another span with a usable plan is not. Among the rest, the reading that
    leaves the fewest words no remembered question uses wins: those words are most likely the name.
    """
    fitted = [c[1] for c in candidates if c[4]]

    def phrasing(m: MentionCandidate) -> bool:
        words = terms(m["text"])
        return bool(vocabulary) and bool(words) and all(w in vocabulary for w in words)

    def plausible(m: MentionCandidate) -> bool:
        nested = any(o["start"] <= m["start"] and m["end"] <= o["end"]
                     and o["end"] - o["start"] > m["end"] - m["start"] for o in fitted)
        return not nested and not (phrasing(m) and any(not phrasing(o) for o in fitted))

    def unexplained(m: MentionCandidate) -> int:
        """Words left around the span that no remembered question uses: likely part of a name."""
        if not vocabulary:
            return 0
        rest = terms(question[: m["start"]] + " " + question[m["end"] :])
        return sum(1 for w in rest if w not in vocabulary)

    return lambda c: (plausible(c[1]), -unexplained(c[1]), c[0])


def retrieve_plans(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    question, aspect = state["question"], state["isr"].get("aspect", "")
    candidates: list[tuple[float, MentionCandidate, str, list[Retrieved], bool]] = []
    for mention in state["mentions"]:
        text = masked(question, mention)
        # Only plans whose first hop one of the span's entities has can be re-bound to it.
        firsts = {(e.predicate, e.inverse) for node in mention["nodes"][:NODES_PER_MENTION]
                  for e in res.view.schema(node)}
        picks = res.memory.retrieve(text, res.domain, aspect, k=ctx.k, lam=ctx.mmr_lambda,
                                    min_relevance=ctx.min_relevance, use_mmr=ctx.use_mmr,
                                    two_layer=ctx.two_layer, relax_below=ctx.hit_relevance,
                                    admissible=lambda e, firsts=firsts: (e.steps[0]["predicate"],  # type: ignore[misc]
                                                                         e.steps[0]["inverse"]) in firsts,
                                    ) if ctx.use_cache else []
        words = Counter(content_terms(question[: mention["start"]] + " " + question[mention["end"] :]))
        for node in mention["nodes"][:NODES_PER_MENTION]:
            schema = {(e.predicate, e.inverse) for e in res.view.schema(node)}
            fitting = [p for p in picks if (p.entry.steps[0]["predicate"], p.entry.steps[0]["inverse"]) in schema]
            score = (max((p.relevance for p in fitting), default=0.0) + MENTION_WEIGHT * mention["score"]
                     + GROUNDING_WEIGHT * _grounding(res, node, words))
            candidates.append((score, mention, node, fitting + [p for p in picks if p not in fitting], bool(fitting)))
    if not candidates:
        return {"topic": None, "examples": []}
    _, mention, node, picks, _ = max(candidates, key=_preference(question, candidates, res.memory.vocabulary(res.domain)
                                                                   if ctx.use_cache else set()))
    examples = [
        Example(id=p.entry.id, question=p.entry.question, steps=p.entry.steps,  # type: ignore[typeddict-item]
                answers=p.entry.answers[:5], relevance=round(p.relevance, 4))
        for p in picks
    ]
    # The ISR follows the chosen span: its constraints are the question around that mention.
    rest = (question[: mention["start"]] + " " + question[mention["end"] :]).strip()
    return {
        "isr": {**state["isr"], "topic_mention": mention["text"], "constraints": [rest]},
        "topic": Topic(node=node, label=res.view.label(node), mention=mention["text"]),
        "examples": examples,
        "trace": {"examples": len(examples)},
    }
