"""parse_isr: link candidate topic mentions and extract the intermediate semantic representation."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from cacherag.graphs.context import Context
from cacherag.graphs.resources import resources
from cacherag.graphs.state import NEW_RUN, MentionCandidate, QAState
from cacherag.memory.text import terms
from cacherag.nodes.reasoners.grounding import relation_words
from cacherag.tools.errors import InvalidQuestionError
from cacherag.tools.linking import clean_text

MAX_MENTIONS = 6

# Everything a previous question on the same thread may have left behind.
FRESH_RUN: dict[str, Any] = {
    "topic": None, "examples": [], "plan": {}, "subgraph": [], "frontier": {}, "hops": 0,
    "verdict": "INCOMPLETE", "next_op": None, "next_step": None, "answers": [], "answer": "",
    "reason": "", "passages": [],
}


def parse_isr(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    question = clean_text(state["question"]).strip()
    if len(question) > ctx.max_question_chars:
        raise InvalidQuestionError(f"the question has {len(question):,} characters; at most "
                                   f"{ctx.max_question_chars:,} are accepted (max_question_chars)")
    mentions = res.view.labels.mentions(question)
    entities = len({m.nodes for m in mentions})
    if entities > ctx.max_question_entities:
        raise InvalidQuestionError(f"the question names {entities} graph entities; at most "
                                   f"{ctx.max_question_entities} are accepted (max_question_entities)")
    mentions = mentions[:MAX_MENTIONS]
    parsed = res.reasoner.parse(question, mentions, res.view, res.domain)
    isr = parsed.value
    if ctx.use_cache and ctx.use_statements:  # what history taught about how this question's words name relations
        words = terms(question)
        isr = {**isr, "aliases": res.statements.aliases(res.domain, words, relation_words(res.view.relation_labels),
                                                         res.memory.word_frequency(res.domain)),
               "directions": res.statements.directions(res.domain, words)}
    update: dict[str, Any] = {
        **FRESH_RUN,
        "question": question,
        "isr": isr,
        "mentions": [
            MentionCandidate(text=m.text, start=m.start, end=m.end, nodes=list(m.nodes), match=m.match,
                             score=round(m.score, 4))
            for m in mentions
        ],
        "trace": {NEW_RUN: True, "reasoner": res.reasoner.name, "kg": res.view.name,
                  "plan_cache_hit": False, **parsed.cost()},
    }
    if not mentions:
        update["reason"] = (f"no entity of the knowledge graph '{res.view.name}' is named in the question"
                            if question else "the question is empty")
    return update
