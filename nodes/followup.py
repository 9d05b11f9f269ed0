"""Follow-up questions on a thread: "Who directed Alien?" then "And who wrote it?".

A follow-up names no entity and refers to one with a pronoun. What it refers to is the previous question's
topic or its (top) answer, decided by structure, not by vocabulary:
  1. the graph: the candidate one of whose relations the follow-up's words name ("who wrote it" — the film
     has a "written by" edge, its director has none; "when was he born" — the director has "born in");
  2. else the pronoun: a personal pronoun (he, she, …) after a "who" question means the answer (a person was
     asked for), a plural one means the answers when there were several, anything else the topic.
The pronoun is replaced by the chosen entity's label, so the rest of the pipeline (plan memory included)
sees an ordinary question, and the mention is pinned to the chosen node.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Literal

from cacherag.graphs.state import Answer, QAState, Resolution, Topic, Turn
from cacherag.nodes.reasoners.grounding import content_terms, lexical_score
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import Mention

TURNS_KEPT = 5  # questions a thread keeps (only the previous one is read; the rest is for the trace)
ANSWERS_KEPT = 5
_PERSONAL = frozenset(("he", "him", "his", "she", "her", "hers"))
_PLURAL = frozenset(("they", "them", "their", "theirs", "these", "those"))
_NEUTER = frozenset(("it", "its", "that", "this", "there"))
_ANAPHOR = re.compile(r"\b(" + "|".join(sorted(_PERSONAL | _PLURAL | _NEUTER)) + r")\b", re.IGNORECASE)
Candidate = tuple[Literal["topic", "answer"], str, str]  # (role, node, label)
_ASKS_FOR_SOMEONE = re.compile(r"^\W*(?:and\s+)?(?:who|whom|whose)\b", re.IGNORECASE)


def conversation(state: QAState) -> list[Turn]:
    """The thread's earlier turns, the last one completed with the topic and answers its run left in the state."""
    turns = list(state.get("conversation") or [])
    if turns:
        answers: list[Answer] = list(state.get("answers") or [])[:ANSWERS_KEPT]
        turns[-1] = Turn(question=turns[-1]["question"], topic=state.get("topic"), answers=answers)
    return turns[1 - TURNS_KEPT:]  # room for the question being asked


def names_an_entity(mentions: Sequence[Mention]) -> bool:
    return any(m.match != "fuzzy" for m in mentions)


def resolve(question: str, previous: Turn,
            schema_of: Callable[[str], Sequence[SchemaEdge]]) -> tuple[str, Mention, Resolution] | None:
    """The follow-up with its pronoun replaced by what it refers to, the pinned mention and how it was resolved;
    None when the question has no pronoun or the previous turn found nothing to refer to."""
    anaphor = _ANAPHOR.search(question)
    candidates = _candidates(previous)
    if anaphor is None or not candidates:
        return None
    role, node, label = _choose(question, anaphor.group(1).lower(), previous, candidates, schema_of)
    start, end = anaphor.span(1)
    rewritten = question[:start] + label + question[end:]
    mention = Mention(label, start, start + len(label), (node,), "exact", 1.0, as_written=True)
    return rewritten, mention, Resolution(question=previous["question"], asked=question, anaphor=anaphor.group(1),
                                          node=node, label=label, role=role)


def _candidates(previous: Turn) -> list[Candidate]:
    found: list[Candidate] = []
    topic: Topic | None = previous.get("topic")
    if topic:
        found.append(("topic", topic["node"], topic["label"]))
    answers = [a for a in previous.get("answers") or [] if a["node"].startswith("<")]  # literals have no relations
    if answers:
        found.append(("answer", answers[0]["node"], answers[0]["label"]))
    return found


def _choose(question: str, pronoun: str, previous: Turn, candidates: list[Candidate],
            schema_of: Callable[[str], Sequence[SchemaEdge]]) -> Candidate:
    words = Counter(content_terms(question))
    fits = {c: max((lexical_score(e.label, words) for e in schema_of(c[1])), default=0.0) for c in candidates}
    best = max(fits.values())
    fitting = [c for c in candidates if fits[c] == best and best > 0]
    if len(fitting) == 1:
        return fitting[0]
    pool = fitting or candidates
    by_role = {c[0]: c for c in pool}
    several = len(previous.get("answers") or []) > 1
    if "answer" in by_role and ((pronoun in _PERSONAL and _ASKS_FOR_SOMEONE.match(previous["question"]))
                                or (pronoun in _PLURAL and several)):
        return by_role["answer"]
    return by_role.get("topic", pool[0])


