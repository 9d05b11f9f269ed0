"""Questions that order what they ask for by a measure: "who is the *tallest* character", "which film was released
*first*", "who is *taller*, <A> or <B>", "is <A> *heavier than* <B>", "which characters are *taller than 225*",
"which films were released *after 2000*", "which films *released in 1980* did <E> star in".

The question is read as the one asking for the things to order ("which character?", "which character in <F>?"),
whose plan is judged as every plan is; the words naming the measure are kept ("tallest": tall, "the largest
*diameter*", "released first": released), and summarize orders the answers by the relation of theirs those words
name whose values are numbers or dates (see :mod:`cacherag.nodes.measures`). Two things the question names and
compares need no plan: they are what is ordered. What is English here, and nothing else: which adjectives measure
toward the lesser end ("shortest", "lighter"), and which ask about time ("oldest", "first", "after").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cacherag.tools.lexicon import lexicon
from cacherag.tools.linking import Mention

_WORD = r"[^\W\d_][\w-]*"
# Adjectives measuring toward the lesser end ("the *shortest*": the least height), with the opposites that name their
# measure as the question's words do ("how tall": height) …
_OPPOSITE = {"short": ("tall", "long"), "small": ("large", "big"), "little": ("large", "big"), "tiny": ("large", "big"),
             "low": ("high",), "light": ("heavy",), "slow": ("fast",), "narrow": ("wide",), "thin": ("thick",),
             "shallow": ("deep",), "near": ("far",), "young": ("old",), "cheap": ("expensive",), "weak": ("strong",),
             "few": ("many",)}
_LESSER = frozenset((*_OPPOSITE, "early", "first", "least", "less", "fewer", "before", "under", "below", "until"))
# … and those asking about time, where an earlier date is the *older* ("the oldest film": released first).
_TIMELY = frozenset(("old", "young", "new", "early", "late", "recent", "first", "last", "after", "before", "since",
                     "until"))
_AGEING = frozenset(("old", "young"))  # of dates, the other way round: the oldest has the earliest date
_DEGREE = frozenset(("more", "most", "less", "least", "great", "greate", "few"))  # say no measure of their own
_BE = r"(?:is|are|was|were)"
_SUPERLATIVE = re.compile(rf"\bthe\s+(?:(?P<degree>most|least)\s+(?P<adjective>{_WORD})|(?P<word>first|last|"
                          rf"[^\W\d_]{{2,}}est))\b", re.IGNORECASE)
_LAST_WORD = re.compile(r"\s+(?P<word>first|last|earliest|latest)\s*[?.!]*\s*$", re.IGNORECASE)  # "released first"
# an -er word that is no comparative: "*other* than", "*rather* than"
_NOT_COMPARED = r"(?!(?:other|rather|either|whether|neither|never|ever|together|her|per)\b)"
_COMPARATIVE = rf"(?:(?P<degree>more|less)\s+(?P<adjective>{_WORD})|{_NOT_COMPARED}(?P<word>[^\W\d_]{{2,}}er))"
# "who is taller, <A> or <B>", "which planet is the larger of", "which is heavier:"
_PAIR = re.compile(rf"^\s*(?:who|which|what)(?:\s+{_WORD})?\s+{_BE}\s+(?:the\s+)?{_COMPARATIVE}"
                   r"\s*(?:[,:;]|\s+(?:between|of))?\s*(?:the\s+)?$", re.IGNORECASE)
# "who died first, <A> or <B>", "which film came out last:"
_PAIR_IN_TIME = re.compile(rf"^\s*(?:who|which|what)(?:\s+{_WORD})?\s+(?P<said>(?:{_WORD}\s+){{1,3}}?)"
                           r"(?P<word>first|last)\s*[,:;]?\s*(?:the\s+)?$", re.IGNORECASE)
_PAIR_JOIN = re.compile(r"\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+)(?:the\s+)?$", re.IGNORECASE)
_YES_NO = re.compile(r"^\s*(?:is|are|was|were|do|does|did)\s+(?:the\s+)?$", re.IGNORECASE)  # "is <A> taller than <B>"
_THAN = re.compile(rf"^\s+{_COMPARATIVE}\s+than\s+(?:the\s+)?$", re.IGNORECASE)
# "was <A> released *before* <B>": the verb names the measure
_IN_TIME = re.compile(rf"^\s+(?P<said>(?:{_WORD}\s+){{0,2}}?)(?P<preposition>before|after)\s+(?:the\s+)?$",
                      re.IGNORECASE)
_END = re.compile(r"^\s*[?.!]*\s*$")
# prepositions bounding a number only, never a thing named ("which datasets are licensed *under* <E>")
_NUMBER_ONLY = frozenset(("over", "under", "above", "below"))
# "which films were released *after* 2000", "… taller *than* 225", "… a diameter *greater than* 100000"
_BOUND = re.compile(rf"\s+(?:(?:(?P<degree>more|less)\s+(?P<adjective>{_WORD})|(?P<word>more|less|fewer|"
                    rf"{_NOT_COMPARED}[^\W\d_]{{2,}}er))\s+than|(?P<preposition>after|before|since|until|over|under|above|below)"
                    r"|(?P<within>in|during)(?=\s+\d{4}(?![\w.,])))"
                    r"\s+(?:the\s+)?(?P<value>\d[\d,]*(?:\.\d+)?(?![\w.,]))?", re.IGNORECASE)
_HEAD = re.compile(rf"^\s*(?:which|what|how\s+many)\s+(?!(?:is|are|was|were|do|does|did|has|have|had)\b)"
                   rf"(?P<noun>{_WORD})", re.IGNORECASE)
_CLAUSE = re.compile(rf"\s+(?:{_BE}|has|have|had|with|that|who|which|did|do|does)\b", re.IGNORECASE)
_OPENING = re.compile(rf"^\s*(?:who|what|which)\s+{_BE}\s+(?:the\s+)?$", re.IGNORECASE)  # "who is the" tallest
_OWNING = re.compile(r"\s+(?:has|have|had|with)\s+$", re.IGNORECASE)  # "which planet *has* the largest diameter"
_BEING = re.compile(rf"\s+{_BE}\s+$", re.IGNORECASE)  # "which character *is* the heaviest"
_NOUN = re.compile(rf"\s+({_WORD})")
_ORDINAL = ("first", "last")
_SAID_LAST = re.compile(rf"(?:\s+(?!(?:in|of|from|by|with|on|at|for)\b){_WORD}){{1,2}}\s*[?.!]*\s*",
                        re.IGNORECASE)  # "the first film *released*"
_AFTER_VALUE = re.compile(rf"^(?:\s+{_WORD}){{0,2}}", re.IGNORECASE)  # "more than 10 *moons*", "taller than 200 *cm*"
_WORDS = re.compile(_WORD)
_NAME_LETTERS = re.compile(r"\bE+\b")  # a name as ``masked`` writes it
_PARTICIPLE_AFTER_HEAD = re.compile(rf"\s+({_WORD}(?:ed|en))", re.IGNORECASE)  # "which films *released* in 1980 …"
_CLAUSE_NEXT = re.compile(r"\s+(?:did|do|does|was|were|is|are|has|have|had)\s+\S", re.IGNORECASE)
_FILLER = frozenset(("a", "an", "the", "is", "are", "was", "were", "has", "have", "had", "with", "did", "do", "does",
                     "than", "of", "in"))


@dataclass(frozen=True)
class Measure:
    """The measure a question orders by: ``said`` as the question says it ("tallest", "released"), ``words`` the
    words that may name its relation (the adjective's plain form, a noun or verb said with it), ``most`` whether the
    greatest comes first (of dates, ``most_dated``: the latest), ``timely`` whether the words ask about time,
    ``counted`` whether things may be counted ("the *most* planets", "*more than* 10 moons"; never "taller"),
    ``within`` whether the answers' value lies in the year bounding them ("released *in* 1980")."""

    said: str
    words: tuple[str, ...]
    most: bool
    most_dated: bool
    timely: bool
    counted: bool = False
    within: bool = False  # the answers' value is in the bound, a year ("released *in* 1980"), not past it

    @classmethod
    def of(cls, fields: Mapping[str, Any]) -> Measure:
        """The measure from its fields as the state holds them (JSON: a list for ``words``)."""
        return cls(**{**fields, "words": tuple(fields["words"])})


@dataclass(frozen=True)
class Ordered:
    """What a question orders and by what: ``question`` asks for the things to order, or ``among`` are the things it
    names and compares; ``bound`` is the value answers pass ("taller than *225*"), ``than`` the named thing they pass
    ("taller than *Chewbacca*"); ``checks``: yes or no, does the first of ``among`` pass the second."""

    question: str
    measure: Measure
    bound: str | None = None
    than: Mention | None = None
    among: tuple[Mention, ...] = ()
    checks: bool = False


def as_ordered(question: str, names: Sequence[Mention], spans: Sequence[tuple[int, int]] = ()) -> Ordered | None:
    """``question`` read as ordering what it asks for (see the module), or None; ``names`` are its mentions of
    entities by a label as written, ``spans`` those of every name it says, whose words order nothing ("The *Last* of
    the Mohicans", "*Ernest* Hemingway")."""
    names = sorted(names, key=lambda m: m.start)
    masked = question
    for start, end in spans:  # each letter of a name masked, its words kept apart: the same offsets
        masked = masked[:start] + re.sub(r"\S", "E", masked[start:end]) + masked[end:]
    return _compared(question, names) or _bounded(question, masked, names) or _superlative(question, masked)


def _compared(question: str, names: Sequence[Mention]) -> Ordered | None:
    """"who is taller, <A> or <B>", "who died first, <A> or <B>" (the one more so), "is <A> taller than <B>", "was
    <A> released before <B>" (yes or no)."""
    for first, second in itertools.pairwise(names):
        if not _END.match(question[second.end:]):
            continue
        joined = _PAIR_JOIN.fullmatch(question[first.end:second.start])
        pair = _PAIR.match(question[:first.start])
        if pair is not None and joined:
            return Ordered(question, _measure(pair), among=(first, second))
        timed = _PAIR_IN_TIME.match(question[:first.start])
        if timed is not None and joined:
            return Ordered(question, _measure(timed, timed.group("said")), among=(first, second))
        if not _YES_NO.match(question[:first.start]):
            continue
        than = _THAN.match(question[first.end:second.start])
        if than is not None:
            return Ordered(question, _measure(than), among=(first, second), checks=True)
        timed = _IN_TIME.match(question[first.end:second.start])
        if timed is not None:
            return Ordered(question, _measure(timed, timed.group("said")), among=(first, second), checks=True)
    return None


def _bounded(question: str, masked: str, names: Sequence[Mention]) -> Ordered | None:
    """"which characters are taller than 225", "which films were released after 2000", "which planets have a
    diameter greater than 100000", "which characters are taller than <E>" (read in ``masked``, see as_ordered)."""
    head = _HEAD.match(masked)
    if head is None:
        return None
    for bound in _BOUND.finditer(masked, head.end()):
        value = bound.group("value")
        within = bound.group("within") is not None  # (only before a year: "released *in* Sweden" bounds nothing)
        participle = _PARTICIPLE_AFTER_HEAD.fullmatch(masked, head.end(), bound.start()) if value else None
        if participle is not None and _CLAUSE_NEXT.match(question, bound.end()):
            # "which films *released in 1980* did <E> star in": the question without the phrase bounding its noun
            return Ordered(question[:head.end()] + question[bound.end():],
                           _within(_measure(bound, participle.group(1)), within), bound=value)
        than = next((m for m in names if m.start == bound.end() and _END.match(question[m.end:])
                     and (bound.group("preposition") or "").lower() not in _NUMBER_ONLY), None)
        if than is None and (value is None or not _END.match(_AFTER_VALUE.sub("", question[bound.end():]))):
            continue
        clause = _CLAUSE.search(masked, head.end(), bound.start())
        start = clause.start() if clause else head.end()
        # the words before the comparison name the measure, and so may a noun after a number ("more than 10 *moons*")
        said = question[start:bound.start()] + (question[bound.end():] if value else "")
        kept = question[:start].rstrip() + "?"
        if value and any(head.end() <= m.start and m.end <= bound.start() for m in names):
            if within:  # "which instrument did <E> play in 2004": a year said of <E> may pick its statements
                continue
            # "which films did <E> direct after 1979": the question keeps what it says of <E>; its other words may
            # name the measure, the names none
            kept = question[:bound.start()] + question[bound.end():]
            said = _NAME_LETTERS.sub(" ", masked[start:bound.start()])
        return Ordered(kept, _within(_measure(bound, said), within), bound=value.replace(",", "") if value else None,
                       than=than)
    return None


def _superlative(question: str, masked: str) -> Ordered | None:
    """"who is the tallest character (in <F>)", "which character is the heaviest", "which planet has the largest
    diameter", "which film was released first", "what was the first film released" (read in ``masked``)."""
    found = next((f for f in _SUPERLATIVE.finditer(masked) if not _names_a_thing(f)), None)
    head = _HEAD.match(masked)
    if found is not None:
        before, after = question[:found.start()], question[found.end():]
        noun = _NOUN.match(masked, found.end())
        if _OPENING.match(before) and noun is not None:  # "who is the tallest character (in <F>)"
            rest = question[noun.end():]
            if found.group("word") and found.group("word").lower() in _ORDINAL and _SAID_LAST.fullmatch(rest):
                # "what was the first film *released*": the words after the noun name the measure
                return Ordered(f"Which {question[noun.start(1):noun.end()]}?", _measure(found, rest))
            return Ordered(f"Which {question[noun.start(1):noun.end()]}{rest}", _measure(found))
        if head is not None and (owning := _OWNING.search(before)):
            # "which planet has the largest *diameter*": the noun after names the measure ("the most *moons*": their
            # number)
            said = question[noun.start(1):noun.end()] if noun is not None else ""
            return Ordered(before[:owning.start()] + question[noun.end() if noun else found.end():],
                           _measure(found, said))
        if head is not None and (being := _BEING.search(before)):  # "which character is the heaviest (in <F>)"
            return Ordered(before[:being.start()] + after, _measure(found))
    last = _LAST_WORD.search(masked)
    if last is not None and head is not None:  # "which film was released first": the verb names the measure
        return Ordered(question[:head.end()] + "?", _measure(last, question[head.end():last.start()]))
    return None


def _within(measure: Measure, within: bool) -> Measure:
    """The measure of a bound the answers' value lies in ("in 1980"): a year, so a time whatever the words say ("which
    films came out in 1980": by the films' own date)."""
    return replace(measure, within=True, timely=True) if within else measure


def _names_a_thing(found: re.Match[str]) -> bool:
    """An -est word that is a verb or a noun of more than one sense ("the *forest*", "the *interest*"), not a
    superlative — a noun only in one sense is the superlative's rare use as a noun ("the *latest*": the newest
    fashion)."""
    word = (found.group("word") or "").lower()
    return word.endswith("est") and bool(lexicon().lemmas(word, "v") or len(lexicon().senses(word, "n")) > 1)


def _measure(found: re.Match[str], said: str = "") -> Measure:
    """The measure a comparative or superlative (or an ordinal, or a preposition of time) names, with the words
    ``said`` beside it ("the largest *diameter*", "*released* first")."""
    groups = found.groupdict()
    word = (groups.get("adjective") or groups.get("word") or groups.get("preposition") or groups.get("within")
            or "").lower()
    degree = (groups.get("degree") or "").lower()
    # (a preposition of time says which way, and no measure of its own: "*after* 2000")
    forms = _plain(word) if not groups.get("adjective") and word not in _TIMELY else (word,)
    plain = () if groups.get("preposition") or groups.get("within") else forms
    lesser = (degree in ("least", "less")) != any(f in _LESSER for f in forms)  # "the least short": the tallest
    timely = any(f in _TIMELY for f in forms)
    ageing = any(f in _AGEING for f in forms)
    opposites = tuple(o for f in plain for o in _OPPOSITE.get(f, ()))
    words = tuple(w for w in (*plain, *opposites, *_WORDS.findall(said))
                  if w.lower() not in _FILLER and w.lower() not in _DEGREE)
    counted = not timely and (bool(degree) or word in _DEGREE or word in ("fewer", "greater"))
    return Measure(said=f"{degree} {word}".strip(), words=words, most=not lesser,
                   most_dated=lesser if ageing else not lesser, timely=timely, counted=counted)


def _plain(word: str) -> tuple[str, ...]:
    """The plain forms an adjective's -er or -est form may have: "tallest" tall, "heavier" heavy, "biggest" big,
    "larger" larg or large (an -e dropped before the ending cannot be told from none without a dictionary)."""
    for ending in ("est", "er"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            word = word[:-len(ending)]
            break
    else:
        return (word,)
    if word.endswith("i"):
        return (word[:-1] + "y",)
    if word[-1] == word[-2] and word[-1] not in "lsz":  # "bigg": big ("tall", "small" keep their double)
        return (word[:-1],)
    return (word, word + "e")
