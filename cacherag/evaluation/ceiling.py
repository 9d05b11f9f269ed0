"""What the graph allows: the ceiling of each question, computed from its gold relation path.

A question's ceiling is 1 when its gold relation path (MetaQA's qtype), walked from the gold topic entity
over the given ``kb.txt``, reaches at least one gold answer: no system can answer the others from this
graph. The walk follows MetaQA's own construction (nodes may repeat along the way; the topic itself is
never an answer), which reproduces the ceilings documented beside the data.

The *oracle Hits@1* is tighter: the gold path executed as the engine executes a plan (never returning to
the topic entity), its end nodes ranked by number of supporting paths, ties by label. Where the graph has
extra, non-gold answers on the gold path, no ranking by graph evidence can put a gold answer first; this
is the Hits@1 a system with perfect linking and perfect plans would get.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cacherag.evaluation.metaqa import KB, Question, Step, qtype_steps
from cacherag.evaluation.metrics import answer_key


def walk_ends(kb: KB, topic: str, steps: Sequence[Step]) -> set[str]:
    """End nodes of every walk along ``steps`` from ``topic`` (nodes may repeat), minus the topic."""
    frontier = {topic}
    for step in steps:
        frontier = {nxt for node in frontier for nxt in kb.step(node, step)}
        if not frontier:
            break
    frontier.discard(topic)
    return frontier


def supported_ends(kb: KB, topic: str, steps: Sequence[Step]) -> Counter[str]:
    """End nodes of the walks that never return to ``topic``, with their number of supporting paths."""
    support: Counter[str] = Counter({topic: 1})
    for step in steps:
        following: Counter[str] = Counter()
        for node, count in support.items():
            for nxt in kb.step(node, step):
                if nxt != topic:
                    following[nxt] += count
        support = following
        if not support:
            break
    return support


def reaches_gold(kb: KB, topic: str | None, steps: Sequence[Step] | None, gold: Sequence[str]) -> bool:
    if not topic or not steps:
        return False
    golds = {answer_key(a) for a in gold}
    return any(answer_key(node) in golds for node in walk_ends(kb, topic, steps))


def ranked_oracle(kb: KB, topic: str | None, steps: Sequence[Step] | None) -> list[str]:
    """The gold path's answers as the engine would rank them (support desc, then label)."""
    if not topic or not steps:
        return []
    support = supported_ends(kb, topic, steps)
    return [node for node, _ in sorted(support.items(), key=lambda kv: (-kv[1], kv[0]))]


def question_ceiling(kb: KB, question: Question) -> dict[str, float | None]:
    """{"ceiling": 0/1, "oracle_hits@1": 0/1}, both None when the question has no (known) gold path."""
    steps = qtype_steps(question.qtype) if question.qtype else None
    if not steps or not question.topic:
        return {"ceiling": None, "oracle_hits@1": None}
    golds = {answer_key(a) for a in question.answers}
    oracle = ranked_oracle(kb, question.topic, steps)
    return {
        "ceiling": 1.0 if reaches_gold(kb, question.topic, steps, question.answers) else 0.0,
        "oracle_hits@1": 1.0 if oracle and answer_key(oracle[0]) in golds else 0.0,
    }
