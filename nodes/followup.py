"""Follow-up questions on a thread: "Who directed Alien?" then "And who wrote it?".

A follow-up names no entity and refers to one with a pronoun. What it refers to is the previous question's
topic or its (top) answer, decided by structure, not by vocabulary:
  1. the graph: the candidate one of whose relations the follow-up's words name ("who wrote it" — the film
     has a "written by" edge, its director has none; "when was he born" — the director has "born in");
  2. else the pronoun: a personal pronoun (he, she, …) after a "who" question means the answer (a person was
     asked for), a plural one means the answers when there were several, anything else the topic.
The pronoun is replaced by the chosen entity's label, so the rest of the pipeline (plan memory included)
sees an ordinary question, and the mention is pinned to the chosen node. A pronoun for one of several answers
("which starships did <E> pilot" then "who made *it*", or "*them*") is not resolved: one answer's facts would be
given as all of theirs. A follow-up saying only another name ("*what about* <F>?", "and <F>?") asks the previous
question again of it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
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
_POSSESSIVES = frozenset(("his", "its", "their"))
_POSSESSIVE = "'s"
_ANAPHOR = re.compile(r"\b(" + "|".join(sorted(_PERSONAL | _PLURAL | _NEUTER)) + r")\b", re.IGNORECASE)
Candidate = tuple[Literal["topic", "answer"], str, str]  # (role, node, label)
_ASKS_FOR_SOMEONE = re.compile(r"^\W*(?:and\s+)?(?:who|whom|whose)\b", re.IGNORECASE)
# a follow-up saying only another name: "what about <F>?", "how about <F>", "and <F>?"
_ELLIPSIS = re.compile(r"^\W*(?P<lead>(?:and\s+)?(?:what|how)\s+about|and)\s+(?P<name>.+?)[\s?.!]*$", re.IGNORECASE)


def conversation(state: QAState) -> list[Turn]:
    """The thread's earlier turns, the last one completed with the topic and answers its run left in the state."""
    turns = list(state.get("conversation") or [])
    if turns:
        answers: list[Answer] = list(state.get("answers") or [])[:ANSWERS_KEPT]
        turns[-1] = Turn(question=turns[-1]["question"], topic=state.get("topic"), answers=answers)
    return turns[1 - TURNS_KEPT:]  # room for the question being asked


def names_an_entity(mentions: Sequence[Mention], classes: Collection[str] = ()) -> bool:
    """Whether a mention names something of the graph other than one of its ``classes`` ("what is his *species*"
    names a kind, no entity)."""
    return any(m.match != "fuzzy" and not set(m.nodes) <= set(classes) for m in mentions)


def resolve(question: str, previous: Turn,
            schema_of: Callable[[str], Sequence[SchemaEdge]]) -> tuple[str, Mention, Resolution] | None:
    """The follow-up with its pronoun replaced by what it refers to, the pinned mention and how it was resolved;
    None when the question has no pronoun or the previous turn found nothing to refer to."""
    anaphor = _ANAPHOR.search(question)
    candidates = _candidates(previous)
    if anaphor is None or not candidates:
        return None
    role, node, label = _choose(question, anaphor.group(1).lower(), previous, candidates, schema_of)
    if role == "answer" and len(previous.get("answers") or []) > 1:
        return None
    start, end = anaphor.span(1)
    rewritten = question[:start] + label + _POSSESSIVE * _possessive(anaphor.group(1), question[end:]) + question[end:]
    mention = Mention(label, start, start + len(label), (node,), "exact", 1.0, as_written=True)
    return rewritten, mention, Resolution(question=previous["question"], asked=question, anaphor=anaphor.group(1),
                                          node=node, label=label, role=role)


def _possessive(pronoun: str, after: str) -> bool:
    """Whether the pronoun says whose the noun after it is ("*his* species", "*her* height"; "ask *her*" does not)."""
    word = pronoun.lower()
    return word in _POSSESSIVES or word == "her" and re.match(r"\s+(?!(?:and|or|in|of|to|for|from|with|by)\b)[^\W\d_]",
                                                             after) is not None


def elide(question: str, previous: Turn, mentions: Sequence[Mention]) -> tuple[str, Mention, Resolution] | None:
    """The previous question asked of the one name a follow-up says ("what about <F>?"), its topic's mention
    replaced by that name, with the name's mention pinned and how it was read; None for any other question."""
    said = _ELLIPSIS.match(question)
    topic: Topic | None = previous.get("topic")
    if said is None or not topic or not topic["mention"] or topic["mention"] not in previous["question"]:
        return None
    name = next((m for m in mentions if m.start == said.start("name") and m.end == said.end("name")), None)
    if name is None:
        return None
    start = previous["question"].index(topic["mention"])
    rewritten = previous["question"][:start] + name.text + previous["question"][start + len(topic["mention"]):]
    pinned = Mention(name.text, start, start + len(name.text), name.nodes, name.match, name.score, name.as_written)
    return rewritten, pinned, Resolution(question=previous["question"], asked=question, anaphor=said.group("lead"),
                                         node=name.nodes[0], label=name.text, role="topic")


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


