"""Questions about two named entities at once. The question is read as the one naming the first alone — its plan
judged as every plan is — and the second says how its answers are kept (``Shared.how``):

- "both": "which films feature *both* <A> *and* <B>?" keeps the answers of "which films feature <A>?" that the same
  plan reaches from <B> too (also "<A> and <B> both", "which papers did <A> and <B> write *together*", "which papers
  did <A> write *with* <B>");
- "either": "which characters are from <A> *or* <B>?" joins those it reaches from <B> (and so "which planets have a
  *temperate or arid* climate", two values of one relation said before its noun);
- "origin": "which characters *from* <B> appear in <A>?" keeps those that come from the place <B> (the graph's widest
  way from it to things of that kind, see ``summarize``);
- "without": "*besides* <B>, who piloted <A>?" (or "other than", "except", "apart from") drops <B> itself;
- "whether": "*did* <A> and <B> write a paper *together*?" is read as "which paper did <A> write?" and answered yes
  if <B> reaches one of its answers the same way, no if not.

A bare "<A> and <B>" may ask for either's answers ("who directed <F> and <G>"), and is left to the judge, which
refuses a plan starting from one of two joined names. A yes-no question ("was <F> directed by <A> or <B>") and one
offering the two to choose from ("who is taller, <A> or <B>") are not read so either.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cacherag.tools.linking import Mention, cased_as_a_name

How = Literal["both", "either", "origin", "without", "whether"]

_BOTH_BEFORE = re.compile(r"\bboth\s+(?:the\s+)?$", re.IGNORECASE)  # "both *the* Dawn Sparrow and …"
_AND = re.compile(r"\s*,?\s*(?:and|&)\s+(?:the\s+)?$", re.IGNORECASE)
_BOTH_AFTER = re.compile(r"\s+both\b", re.IGNORECASE)
_TOGETHER = re.compile(r"\s+(?:together|jointly)\b", re.IGNORECASE)  # "<A> and <B> wrote … *together*"
_WITH = re.compile(r"\s+with\s+(?:the\s+)?$", re.IGNORECASE)  # "which films did <A> appear in *with* <B>"
# "*did* <A> and <B> *write* a *paper* together?", "have <A> and <B> ever acted in a film together?"
_WHETHER_BEFORE = re.compile(r"\s*(?P<aux>did|do|does|have|has|had)\s+$", re.IGNORECASE)
_WHETHER_AFTER = re.compile(r"\s+(?:ever\s+)?(?P<verb>[^\W\d_]+(?:\s+(?:in|on|at|for|to))?)\s+(?:a|an|any)\s+"
                            r"(?P<noun>[^\W\d_]+)\s+(?:together|jointly)\s*[?.!]?\s*$", re.IGNORECASE)
_ENDS = re.compile(r"\s*[?.!]?\s*$")
_OR = re.compile(r"\s*,?\s*or\s+(?:the\s+)?$", re.IGNORECASE)
_NOUN_NEXT = re.compile(r"\s+[^\W\d_][\w-]*")  # the noun after a value: "arid *climate*"
# two names offered to choose from: "who is taller*,* <A> or <B>", "which *of* <A> or <B>", "*between* <A> or <B>"
_OFFERED = re.compile(r"(?:[,:;]|\b(?:of|between))\s*$", re.IGNORECASE)
_KIND_FROM = re.compile(r"\s*(?:which|what)\s+[^\W\d_][\w-]*(\s+from\s+)$", re.IGNORECASE)  # "which characters from"
_AUXILIARY = re.compile(r"\s*(is|are|was|were|do|does|did|has|have|had|can|could|will|would)\b", re.IGNORECASE)
_BESIDES = r"(?:besides|other\s+than|except(?:\s+for)?|apart\s+from|aside\s+from)\s+(?:the\s+)?"
_BESIDES_FIRST = re.compile(rf"\s*{_BESIDES}$", re.IGNORECASE)  # "*Besides* <B>, who …"
_BESIDES_AFTER = re.compile(rf"\s*,?\s*\b{_BESIDES}$", re.IGNORECASE)  # "which characters *other than* <B> …"
_COMMA = re.compile(r"\s*,\s*")


@dataclass(frozen=True)
class Shared:
    """The question read as naming one entity alone, the mention of the other, and how the other keeps answers."""

    question: str
    other: Mention
    how: How


def as_shared(question: str, names: Sequence[Mention]) -> Shared | None:
    """``question`` read as asking about two of its ``names`` (mentions of entities by a label as written, with a
    capital unless the question has none) at once (see the module), or None."""
    # (a name inside a longer one is part of it: "Orvane" in "the University of Orvane")
    ordered = sorted((m for m in names if cased_as_a_name(m, question) and not any(
        o.start <= m.start and m.end <= o.end and o.end - o.start > m.end - m.start for o in names)),
        key=lambda m: m.start)
    if _AUXILIARY.match(question):
        return _whether_together(question, ordered)
    for name in ordered:
        if _BESIDES_FIRST.fullmatch(question[:name.start]) and (comma := _COMMA.match(question, name.end)):
            return Shared(question[comma.end():], name, "without")
        if len(ordered) > 1 and (besides := _BESIDES_AFTER.search(question[:name.start])) is not None:
            return Shared(question[:besides.start()] + question[name.end:], name, "without")
    for first, second in zip(ordered, ordered[1:], strict=False):
        if (kind := _KIND_FROM.fullmatch(question[:first.start])) is not None:
            return Shared(question[:kind.start(1)] + question[first.end:], first, "origin")
        between = " " + question[first.end:second.start]
        if (with_ := _WITH.search(between)) is not None and _ENDS.fullmatch(question, second.end):
            return Shared(question[:first.end] + between[1:with_.start()] + question[second.end:], second, "both")
        if _OR.fullmatch(between):
            if _OFFERED.search(question[:first.start]):
                return None
            return Shared(question[:first.end] + question[second.end:], second, "either")
        if _AND.fullmatch(between) is None:
            continue
        before = _BOTH_BEFORE.search(question[:first.start])
        after = _BOTH_AFTER.match(question, second.end)
        if before is not None:
            return Shared(question[:before.start()] + question[first.start:first.end] + question[second.end:], second,
                          "both")
        if after is not None:
            return Shared(question[:first.end] + question[after.end():], second, "both")
        together = _TOGETHER.search(question, second.end)
        if together is not None:
            return Shared(question[:first.end] + question[second.end:together.start()] + question[together.end():],
                          second, "both")
    return None


def _whether_together(question: str, ordered: Sequence[Mention]) -> Shared | None:
    """"Did <A> and <B> write a paper together?" read as "which paper did <A> write?", <B> to reach one of its answers
    too (see the module), or None."""
    for first, second in itertools.pairwise(ordered):
        aux = _WHETHER_BEFORE.fullmatch(question[:first.start])
        after = _WHETHER_AFTER.fullmatch(question, second.end)
        if aux is not None and after is not None and _AND.fullmatch(" " + question[first.end:second.start]):
            asked = f"Which {after['noun']} {aux['aux'].lower()} {question[first.start:first.end]} {after['verb']}?"
            return Shared(asked, second, "whether")
    return None


def as_either_value(question: str, values: Sequence[Mention]) -> Shared | None:
    """"Which planets have a *temperate or arid* climate?" read as naming the first value alone ("… a temperate
    climate"), the answers the same plan reaches from the second joined; ``values`` are the question's mentions of
    relations' values. None for any other question (a yes-no question, or one offering the two to choose from)."""
    if _AUXILIARY.match(question):
        return None
    ordered = sorted(values, key=lambda m: m.start)
    for first, second in zip(ordered, ordered[1:], strict=False):
        if _OR.fullmatch(" " + question[first.end:second.start]) and _NOUN_NEXT.match(question, second.end) \
                and not _OFFERED.search(question[:first.start]):
            return Shared(question[:first.end] + question[second.end:], second, "either")
    return None
