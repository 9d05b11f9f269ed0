"""The one rule every answer passes: each hop of its plan is grounded in the question.

A hop is grounded when the question names its relation — by the relation's own words, by a word history
taught names it (statement memory aliases), or by a phrase that recalls the hop's statement: a phrase
remembered as naming it, or one whose vector is near the statement's above the similarity calibrated on
the memory's own history. Cache hits, adapted plans, compiled plans and
expansions are judged alike, whichever reasoner proposed them: a plan that merely reaches answers proves
nothing about the question ("who produced Jaws?" is not "who directed Jaws?").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cacherag.graphs.resources import Resources
from cacherag.graphs.state import ISR
from cacherag.nodes.reasoners.grounding import Asked, lexical_score
from cacherag.nodes.reasoners.phrases import Phrase, hop_phrases


def unexplained_phrases(question: str, isr: ISR, asked: Asked, labels: Sequence[str]) -> list[Phrase]:
    """The question's relation phrases that name no relation of ``labels`` (word for word or by alias)."""
    mention = isr.get("topic_mention", "")
    start = question.find(mention) if mention else -1
    if start < 0:
        return []
    aliases = isr.get("aliases") or {}
    phrases = hop_phrases(question, start, start + len(mention))
    return [p for p in phrases
            if not any(w in aliases for w in p.words)
            and not any(lexical_score(label, Counter(p.words)) > 0 for label in labels)]


def ungrounded(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The first hop of ``steps`` the question does not ground, or None when every hop is grounded."""
    asked = Asked.of(question, isr)
    unnamed = [step for step in steps if lexical_score(step["label"], asked.words) == 0]
    if not unnamed:
        return None
    labels = res.view.relation_labels
    recalled = {r.predicate for phrase in unexplained_phrases(question, isr, asked, labels)
                for r in res.statements.recall(res.domain, phrase, said=res.memory.word_frequency(res.domain))}
    return next((step for step in unnamed if step["predicate"] not in recalled), None)


def missing_reason(res: Resources, question: str, isr: ISR) -> str:
    """Why the graph cannot answer: the words the question asks with that name no relation it knows."""
    asked = Asked.of(question, isr)
    labels = res.view.relation_labels
    phrases = unexplained_phrases(question, isr, asked, labels)
    if not phrases:
        return "no relation of the graph answers what the question asks for"
    asked_for = "', '".join(p.text for p in phrases)
    return f"the question asks for '{asked_for}', and no relation of the graph is known to mean that"
