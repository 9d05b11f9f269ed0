"""Yes-no questions read as the question they check: "did <S> direct <O>?" asks whether <O> is among what <S>
directed, so it is read as "what did <S> direct?" and answered yes when <O> is one of the answers.

Only a question that opens with an auxiliary ("is", "did", "has", …), names its subject, and ends with what it
checks for — a name as written or a value of the graph — is read so; "is <E> a man or a woman" offers a choice
and is no yes-no question. What is left reads like any question: its plan is judged as every plan is, and a
question it cannot ground stays `missing`. "Does <S> have blue eyes?" checks the value said before the noun of its
relation ("are <S>'s eyes blue?"); "is <A> <B>'s sister?" checks <A> among <B>'s sisters; "is <E> a <kind>?" asks
whether the graph types <E> so (see :func:`as_kind_check`); "is <E> arid?", naming no relation, asks the one the
graph states that value by ("what is <E>'s climate?", see :func:`cacherag.nodes.parse_isr`); "was <F> released *in
1980*?" asks when, and checks the year of the dates it finds (see :func:`as_year_checked`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cacherag.tools.linking import Mention, cased_as_a_name
from cacherag.tools.terms import XSD_BOOLEAN, XSD_GYEAR, literal

_AUXILIARY = re.compile(r"\s*(is|are|was|were|do|does|did|has|have|had)\s+(?!you\b)", re.IGNORECASE)
_CHOICE = re.compile(r"\bor\b", re.IGNORECASE)
_ARTICLE_LAST = re.compile(r"\s+(?:the|a|an)\s*$", re.IGNORECASE)  # "a member of *the* <O>"
_END = re.compile(r"\s*[?.!]*\s*$")
_BEING = re.compile(r"\s*(?:is|are|was|were)\s+(?:the\s+)?$", re.IGNORECASE)  # "*is* <E> a planet"
# "does <S> *have* blue *eyes*": the value said before the noun of its relation
_HAVE = re.compile(r"\s+(?:have|has|had)\s+(?:a\s+|an\s+)?$", re.IGNORECASE)
_NOUN_LAST = re.compile(r"\s+([^\W\d_][\w-]*)\s*[?.!]*\s*$")
_BE_AS = {"do": ("are", "is"), "does": ("are", "is"), "did": ("were", "was")}  # (of a plural noun, of a singular)
_COPULAS = ("is", "are", "was", "were")
# "<B>'s *sister*?": a possessive, then a noun (and the words before it) to the end
_POSSESSED_NOUN = re.compile(r"['’]s?(?:\s+[^\W\d_][\w-]*){1,3}(?=\s*[?.!]*\s*$)")
_ONE_OF = re.compile(r"\s+(?:a|an|one\s+of\s+the)\s+$", re.IGNORECASE)  # "is <E> *a* planet"
_WORD_LAST = re.compile(r"\s+([^\W\d_][\w-]*)\s*[?.!]*\s*$")  # "is <E> *discontinued*?"
_IN_YEAR = re.compile(r"\s+(?:in|during)\s+(?:the\s+year\s+)?(?P<year>\d{4})\s*[?.!]*\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Checked:
    """The question a yes-no question checks (its clause: "did <S> direct"), and the mention of what it checks
    for."""

    clause: str
    mention: Mention
    kind: str = ""  # what it checks for is one ("film"): asked for as such
    timed: bool = False  # what it checks for is a year: asked when

    @property
    def question(self) -> str:
        if self.timed:
            return f"When {self.clause}?"
        return f"Which {self.kind.lower()} {self.clause}?" if self.kind else f"What {self.clause}?"


def asks_yes_or_no(question: str, rest: str | None = None) -> bool:
    """Whether the question opens as a yes-no question does ("did <E> direct <F>", not "do you know …", nor a
    modal's "can you name …") and offers no choice ("is <E> a man or a woman"), said in ``rest`` (the question
    without its topic's name, which may say "or") when given."""
    return _AUXILIARY.match(question) is not None and not _CHOICE.search(question if rest is None else rest)


def as_checked(question: str, names: Sequence[Mention], values: Sequence[Mention]) -> Checked | None:
    """``question`` read as the question it checks (see the module), or None when it is no such yes-no question.
    ``names`` are its mentions of entities by a label as written, ``values`` those of relations' values; the
    subject is a name written as names are (with a capital, unless the question has none), what is checked for may be
    any ("post-metal")."""
    opening = _AUXILIARY.match(question)
    if opening is None or not asks_yes_or_no(question):
        return None
    end = _END.search(question).start()  # type: ignore[union-attr]
    last = [m for m in (*names, *values) if m.end == end and m.start > opening.end()]
    if not last:
        return _had(question, opening, names, values) or _of_another(question, opening, names)
    checked = max(last, key=lambda m: m.end - m.start)
    # the subject: another name between the auxiliary and what is checked for
    if not any(m.start >= opening.end() and m.end <= checked.start and cased_as_a_name(m, question) for m in names):
        return None
    said = _ARTICLE_LAST.sub("", question[opening.end():checked.start]).strip()
    return Checked(clause=f"{opening.group(1).lower()} {said}", mention=checked)


def as_year_checked(question: str, names: Sequence[Mention]) -> Checked | None:
    """"Was <F> released in 1980?" read as "when was <F> released?", the year (a literal ``xsd:gYear``) looked for
    among the years of its answers; None for any other question, or one whose year is no value of the graph's
    (:func:`as_checked` reads that: "was <F> released in 1980" where the graph states release years)."""
    opening, year = _AUXILIARY.match(question), _IN_YEAR.search(question)
    if opening is None or year is None or not asks_yes_or_no(question):
        return None
    said = question[opening.end():year.start()].strip()
    if not any(m.start >= opening.end() and m.end <= year.start() and cased_as_a_name(m, question) for m in names):
        return None
    value = year.group("year")
    mention = Mention(value, year.start("year"), year.end("year"), (literal(value, XSD_GYEAR),), "exact", 1.0)
    return Checked(clause=f"{opening.group(1).lower()} {said}", mention=mention, timed=True)


def as_flag_checked(question: str, names: Sequence[Mention]) -> tuple[Checked, Mention] | None:
    """"Is <P> discontinued?" read as "what is <P>'s discontinued?", true (a literal ``xsd:boolean``) looked for
    among its answers — a table's flag column, stated true or false — with the subject's mention; None for any other
    question. Whether the subject has such a relation is for the caller to see: one whose values are no flags
    ("is <E> married?" over a spouse) is no such check."""
    opening = _AUXILIARY.match(question)
    if opening is None or opening.group(1).lower() not in _COPULAS or not asks_yes_or_no(question):
        return None
    for name in names:
        word = _WORD_LAST.fullmatch(question, name.end)
        if name.start == opening.end() and word is not None and cased_as_a_name(name, question):
            flag = Mention(word.group(1), word.start(1), word.end(1), (literal("true", XSD_BOOLEAN),), "exact", 1.0)
            return Checked(clause=f"{opening.group(1).lower()} {name.text}'s {word.group(1)}", mention=flag), name
    return None


def _had(question: str, opening: re.Match[str], names: Sequence[Mention], values: Sequence[Mention]) -> Checked | None:
    """"Does <S> have blue eyes?" read as "are <S>'s eyes blue?": the value, said before the noun of the relation that
    has it, is what the question checks for; None for any other question."""
    noun = _NOUN_LAST.search(question)
    be = _BE_AS.get(opening.group(1).lower())
    if noun is None or be is None:
        return None
    for value in values:
        if value.end != noun.start():
            continue
        for name in names:
            if name.start == opening.end() and cased_as_a_name(name, question) \
                    and _HAVE.fullmatch(question[name.end:value.start]):
                said = noun.group(1)
                return Checked(clause=f"{be[0] if said.lower().endswith('s') else be[1]} {name.text}'s {said}",
                               mention=value)
    return None


def _of_another(question: str, opening: re.Match[str], names: Sequence[Mention]) -> Checked | None:
    """"Is <A> <B>'s sister?" read as "what is <B>'s sister?", <A> looked for among the answers; None for any other
    question."""
    if opening.group(1).lower() not in _COPULAS:
        return None
    for checked in names:
        if checked.start != opening.end() or not cased_as_a_name(checked, question):
            continue
        for owner in names:
            after = _POSSESSED_NOUN.match(question, owner.end)
            if after is not None and question[checked.end:owner.start].isspace() and cased_as_a_name(owner, question):
                return Checked(clause=f"{opening.group(1).lower()} {question[owner.start:after.end()].strip()}",
                               mention=checked)
    return None


def as_kind_check(question: str, names: Sequence[Mention], kinds: Sequence[Mention]) -> tuple[Mention, Mention] | None:
    """The thing and the kind of "is <E> a <kind>?" ("Is Tatooine a planet?"), where ``names`` are the question's
    mentions of entities by a label as written and ``kinds`` its words naming classes; None for any other question."""
    for kind in kinds:
        if not _END.fullmatch(question, kind.end):
            continue
        for name in names:
            if cased_as_a_name(name, question) and _BEING.fullmatch(question[:name.start]) \
                    and _ONE_OF.fullmatch(question[name.end:kind.start]):
                return name, kind
    return None
