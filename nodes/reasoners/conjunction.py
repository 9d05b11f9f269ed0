"""Questions about two named entities at once: "which films feature *both* <A> *and* <B>?" asks for the answers
of "which films feature <A>?" that the same plan reaches from <B> too; "which characters are from <A> *or* <B>?" for
those it reaches from either. The question is read as the one naming <A> alone — its plan judged as every plan is —
and the answers are kept where <B> reaches them the same way, or joined by those <B> reaches.

Only "both <A> and <B>" (or "<A> and <B> both") asks for what they share: a bare "<A> and <B>" may ask for either's
answers ("who directed <F> and <G>"), and is left to the judge, which refuses a plan starting from one of two joined
names. A yes-no question ("was <F> directed by <A> or <B>") and one offering the two to choose from ("who is taller,
<A> or <B>") are not read so either.

"Which characters *from* <B> appear in <A>?" asks for the answers of "which characters appear in <A>?" that come from
<B>: those the graph's widest way from the place <B> to things of that kind reaches (see ``summarize``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cacherag.tools.linking import Mention

_BOTH_BEFORE = re.compile(r"\bboth\s+(?:the\s+)?$", re.IGNORECASE)  # "both *the* Dawn Sparrow and …"
_AND = re.compile(r"\s*,?\s*(?:and|&)\s+(?:the\s+)?$", re.IGNORECASE)
_BOTH_AFTER = re.compile(r"\s+both\b", re.IGNORECASE)
_OR = re.compile(r"\s*,?\s*or\s+(?:the\s+)?$", re.IGNORECASE)
# two names offered to choose from: "who is taller*,* <A> or <B>", "which *of* <A> or <B>", "*between* <A> or <B>"
_OFFERED = re.compile(r"(?:[,:;]|\b(?:of|between))\s*$", re.IGNORECASE)
_KIND_FROM = re.compile(r"\s*(?:which|what)\s+[^\W\d_][\w-]*(\s+from\s+)$", re.IGNORECASE)  # "which characters from"
_AUXILIARY = re.compile(r"\s*(is|are|was|were|do|does|did|has|have|had|can|could|will|would)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Shared:
    """The question read as naming its first entity alone, and the mention of the second, which must reach the
    same answers (or, with ``either``, may reach others; with ``origin``, the answers must come from it)."""

    question: str
    other: Mention
    either: bool = False
    origin: bool = False


def as_shared(question: str, names: Sequence[Mention]) -> Shared | None:
    """``question`` read as asking what two of its ``names`` (mentions of entities by a label as written, with a
    capital) share or either has, or which of the answers come from one, or None when it says none of "both <A>
    and <B>" / "<A> and <B> both", "<A> or <B>", "which <noun> from <B> … <A>"."""
    if _AUXILIARY.match(question):
        return None
    ordered = sorted((m for m in names if m.written_as_name), key=lambda m: m.start)
    for first, second in zip(ordered, ordered[1:], strict=False):
        if (kind := _KIND_FROM.fullmatch(question[:first.start])) is not None:
            return Shared(question[:kind.start(1)] + question[first.end:], first, origin=True)
        between = " " + question[first.end:second.start]
        if _OR.fullmatch(between):
            if _OFFERED.search(question[:first.start]):
                return None
            return Shared(question[:first.end] + question[second.end:], second, either=True)
        if _AND.fullmatch(between) is None:
            continue
        before = _BOTH_BEFORE.search(question[:first.start])
        after = _BOTH_AFTER.match(question, second.end)
        if before is not None:
            return Shared(question[:before.start()] + question[first.start:first.end] + question[second.end:], second)
        if after is not None:
            return Shared(question[:first.end] + question[after.end():], second)
    return None
