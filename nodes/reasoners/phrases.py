"""The relation phrases of a question, in the order their hops are walked from the topic entity.

English chains relations in two ways. A possessive chain after the topic is walked left to right ("<E> 's
other half 's father" = spouse, then parents), and an "of" chain before it right to left, nearest the
topic first ("the place of birth of the son of <E>" = children, then place of birth); the possessive
binds tighter ("the child of <E> 's parents" = parents, then children). A clause after the topic that is
no possessive comes last ("the films directed by <E> were released when"). Splitting on "of" may cut a
relation's own name in two ("place | birth"), so adjacent phrases before the topic may be merged again;
which grouping is right is decided by what the groups name (see :func:`align`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cacherag.memory.text import FUNCTION_TERMS, terms

_POSSESSIVE = re.compile(r"\s*['’]\s*s\b|(?<=[^\W_])['’](?=\s|$)")
_OF = re.compile(r"\bof\b", re.IGNORECASE)
HOW_MANY = re.compile(r"\s*how\s+many\b", re.IGNORECASE)  # asks which things, to count them (or a number)
WH_WORDS = frozenset(("which", "what", "who", "whose"))  # the wh-words a question may lead with
_PREPOSITIONS = frozenset(("in", "on", "at", "for", "from", "with", "by", "to", "into", "of"))  # "*in* which films"
# "… the film " or "what genre of film is " before <E>: a noun naming the topic's kind.
_KIND = re.compile(r"\b(?:the|a|an)\s+([^\W\d_][\w-]*)\s*$|\bof\s+([^\W\d_][\w-]*)\s+(?:is|are|was|were)\s*$",
                   re.IGNORECASE)
# The two answers a question ends by offering ("<E> 's wife *a man or a woman* ?"): values, not a relation phrase.
CHOICE = re.compile(r"\b([^\W\d_][\w-]*)\s+or\s+(?:(?:a|an|the)\s+)?([^\W\d_][\w-]*)\s*\??\s*$", re.IGNORECASE)
_OFFERED = re.compile(r"(?:\b(?:a|an|the)\s+)?" + CHOICE.pattern, re.IGNORECASE)
MAX_PHRASES = 8  # more than this is no relation chain a hop bound of 3 could follow


@dataclass(frozen=True)
class Phrase:
    """Content words (stemmed) of one relation phrase and whether it may merge with the next phrase."""

    words: tuple[str, ...]
    text: str
    joins_next: bool = False  # split from the next phrase by "of" (both before the topic)
    before: bool = False  # stands before the topic, so relations inside it are walked right to left
    asks_type: bool = False  # just the noun a wh-word asks for ("what <movies> did <E> act in")


def _shown(text: str) -> str:
    """The phrase as the question says it, without the function words around it ("what is the sex" -> "sex")."""
    def function_word(word: str) -> bool:
        found = terms(word)
        return not found or found[0] in FUNCTION_TERMS

    words = text.split()
    while words and function_word(words[0]):
        words.pop(0)
    while words and function_word(words[-1]):
        words.pop()
    return re.sub(r"^\W+|\W+$", "", " ".join(words))  # "movie?" is shown as "movie"


def leading_wh(question: str) -> str:
    """The (stemmed) word a question opens with, past a preposition before a wh-word ("*in* which …": which)."""
    return next(iter(from_wh(terms(question))), "")


def from_wh(found: list[str]) -> list[str]:
    """A question's words from its leading wh-word, past a preposition before it ("*in* which films …")."""
    return found[1:] if found[:1] and found[0] in _PREPOSITIONS and found[1:2] and found[1] in WH_WORDS else found


def _content(text: str) -> tuple[str, ...]:
    return tuple(t for t in terms(text) if t not in FUNCTION_TERMS and t != "e")


def hop_phrases(question: str, start: int, end: int) -> list[Phrase]:
    """The question's relation phrases around the topic span ``question[start:end]``, first hop first.

    A noun right after an article and right before the topic says what kind of thing the topic is ("the genre
    of the *film* <E>", "which movies did the *actor* <E> star in"), as does one after "of" that the topic is
    said to be ("what genre of *film* is <E>"): it names no relation, so it is no phrase; nor do the answers a
    question ends by offering (:data:`CHOICE`).
    """
    before, after = question[:start], question[end:]
    before = f"which{before[counted.end():]}" if (counted := HOW_MANY.match(before)) else before  # things counted
    after = after[:offered.start()] if (offered := _OFFERED.search(after)) else after
    kind = _KIND.search(before)
    if kind is not None:
        before = before[:kind.start(1) if kind.group(1) else kind.start(2)]
    chain: list[str] = []
    clause = after
    if _POSSESSIVE.match(after):
        parts = _POSSESSIVE.split(after)
        chain, clause = parts[1:], ""
    segments = [s for s in reversed(_OF.split(before))]
    phrases = [Phrase(_content(text), _shown(text)) for text in chain]
    for i, text in enumerate(segments):
        words = _content(text)
        asks_type = len(segments) == 1 and len(words) == 1 and leading_wh(text) in ("what", "which")
        phrases.append(Phrase(words, _shown(text), joins_next=i + 1 < len(segments), before=True,
                              asks_type=asks_type))
    phrases.append(Phrase(_content(clause), _shown(clause)))
    kept = [p for p in phrases if p.words]
    return kept[:MAX_PHRASES]


def masked_phrases(masked_question: str, mask: str = "<E>") -> list[Phrase]:
    """:func:`hop_phrases` of a question whose topic is masked (as plan memory stores them)."""
    start = masked_question.find(mask)
    if start < 0:
        return [Phrase(_content(masked_question), masked_question.strip())] if _content(masked_question) else []
    return hop_phrases(masked_question, start, start + len(mask))


def merge(phrases: Sequence[Phrase]) -> Phrase:
    """One phrase of several split by "of" ("place | birth" -> "place of birth"), in reading order."""
    ordered = list(reversed(phrases))
    return Phrase(tuple(w for p in ordered for w in p.words), " of ".join(p.text for p in ordered),
                  before=phrases[0].before)


def split(phrase: Phrase, names: Callable[[str], str | None]) -> list[Phrase]:
    """A phrase whose words name several relations ("<E> 's couple a man or a woman": spouse, gender) as one
    phrase per relation, in hop order; words naming none stay with the relation before them. A word said again
    names its relation again ("the films directed by the director of <E>": two hops)."""
    runs: list[tuple[str | None, list[str]]] = []
    for word in phrase.words:
        relation = names(word)
        again = relation is not None and word in runs[-1][1] if runs else False  # "directed by the director"
        if runs and not again and (relation is None or relation == runs[-1][0] or runs[-1][0] is None):
            runs[-1] = (runs[-1][0] or relation, [*runs[-1][1], word])
        else:
            runs.append((relation, [word]))
    if len(runs) < 2:
        return [phrase]
    parts = [Phrase(tuple(words), " ".join(words), before=phrase.before) for _, words in runs]
    return parts[::-1] if phrase.before else parts


def groupings(phrases: Sequence[Phrase], hops: int) -> list[list[Phrase]]:
    """Every way to read ``phrases`` as ``hops`` consecutive groups, merging only phrases split by "of"."""
    if hops < 1 or len(phrases) < hops:
        return []
    out = []
    for cuts in itertools.combinations(range(1, len(phrases)), hops - 1):
        bounds = (0, *cuts, len(phrases))
        if all(phrases[j].joins_next for a, b in itertools.pairwise(bounds) for j in range(a, b - 1)) \
                and all(_distinct(phrases[a:b]) for a, b in itertools.pairwise(bounds)):
            out.append([merge(phrases[a:b]) for a, b in itertools.pairwise(bounds)])
    return out


def _distinct(phrases: Sequence[Phrase]) -> bool:
    """Phrases that may be one relation's name: none says a word another says ("release of release" is
    the relation twice, as :func:`split` reads a word said again)."""
    words = [set(p.words) for p in phrases]
    return all(not (a & b) for a, b in itertools.combinations(words, 2))


def align(phrases: Sequence[Phrase], steps: Sequence[dict],
          names: Callable[[tuple[str, ...], dict], float]) -> list[Phrase] | None:
    """The phrase group that names each step (one group per step, in hop order), or None when the question
    cannot be read unambiguously as that many relation phrases.

    ``names(words, step)`` says how well a group of words names a step (lexically, or by what was learned).
    A phrase that names no step is a filler ("the name of …") only when that leaves the best reading.
    """
    if len(phrases) == len(steps):
        # One phrase per hop, in the order read from the structure, unless another order plainly fits what the
        # phrases name better ("who is the director of <E> starred movies": the clause after <E> is hop one).
        def fit(order: Sequence[Phrase]) -> float:
            return sum(names(p.words, step) for p, step in zip(order, steps, strict=True))

        orders = sorted(itertools.permutations(phrases), key=fit, reverse=True)
        return list(orders[0]) if fit(orders[0]) > fit(phrases) else list(phrases)
    candidates = groupings(phrases, len(steps))
    for drop in range(len(phrases)):  # fillers: readings without one phrase (that names nothing)
        rest = [*phrases[:drop], *phrases[drop + 1:]]
        candidates += [g for g in groupings(rest, len(steps)) if g not in candidates]
    scored = sorted(((sum(names(p.words, step) for p, step in zip(group, steps, strict=True)), i)
                     for i, group in enumerate(candidates)), reverse=True)
    if not scored or scored[0][0] <= 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None  # no reading stands out: learning from it would be a guess
    return candidates[scored[0][1]]
