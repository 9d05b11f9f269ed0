"""Tokens for lexical similarity (normalized words with a light, deterministic suffix stemmer), and texts cut to
a bound where a graph's values are quoted rather than returned."""

from __future__ import annotations

import re
from functools import lru_cache

from cacherag.tools.linking import STOPWORDS, normalize

_CUT = re.compile(r"… \[[\d,]+ more characters\]")  # what clipped() puts where it cuts
_SUFFIXES = ("ings", "ers", "ors", "ied", "ing", "ed", "es", "er", "or", "s")
# Irregular English forms a suffix stripper cannot reach.
_IRREGULAR = {"wrote": "writ", "written": "writ", "write": "writ", "writes": "writ", "writing": "writ",
              "writer": "writ", "writers": "writ", "made": "mak", "make": "mak", "born": "bear", "birth": "bear",
              "died": "die", "death": "die", "dead": "die", "won": "win", "held": "hold",
              "spoke": "speak", "spoken": "speak", "children": "child", "people": "person",
              # A dimension asked with "how <adjective>" is its noun: how tall / high -> height.
              "tall": "height", "taller": "height", "high": "height", "higher": "height", "heavy": "weigh",
              "weight": "weigh", "wide": "width", "long": "length", "deep": "depth", "far": "distanc",
              "populous": "population",
              # A noun for what the verb or adjective asks: the mass is what one weighs, a duration how long it
              # lasts, a resident who lives there.
              "mass": "weigh", "duration": "length", "resident": "liv", "residents": "liv", "residence": "liv",
              "reside": "liv", "resides": "liv", "inhabitant": "liv", "inhabitants": "liv"}
# Verb forms read as the agent noun of who does them (a pilot is who flies); whole words only, as no
# compound ends in them ("butterflies").
_AGENT_VERBS = {"fly": "pilot", "flies": "pilot", "flew": "pilot", "flown": "pilot", "flying": "pilot"}


# Modal verbs, which say whether something may be done, never which relation ("where *can* I download <E>"); not
# "may" nor "will", names as often (May, Will Smith)
MODALS = frozenset(("can", "could", "would", "should", "shall", "might", "must"))
FUNCTION_WORDS = STOPWORDS | MODALS


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """'directed', 'directs', 'director' -> 'direct'; 'actors', 'acted' -> 'act'; short words stay. A word stemming
    as a function word does is none: it is kept apart ("theme" -> "them_", not "them"; "notes" -> "not_") — not one
    with an "s" added ("what's", "hers")."""
    base = _stem(word)
    function = word in FUNCTION_WORDS or word.removesuffix("s") in FUNCTION_WORDS
    return f"{base}_" if base in _FUNCTION_STEMS and not function else base


def _stem(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _AGENT_VERBS:
        return _AGENT_VERBS[word]
    for head, base in _IRREGULAR.items():  # a closed compound stems as its head: screenwriter -> writ
        if len(head) >= 5 and word.endswith(head) and len(word) - len(head) >= 4:
            return base
    if word.endswith("ies") and len(word) > 4:  # countries -> country, movies -> movy (as movie below)
        return word[:-3] + "y"
    if word.endswith("ie") and len(word) > 3:
        return word[:-2] + "y"
    for suffix in _SUFFIXES:
        if suffix == "s" and word.endswith("ss"):  # class, address: no plural, as their plurals (classes) stem
            break
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            # starr(ed) -> star, plann(ed) -> plan; keep ll/ss/zz (spell, pass).
            if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz" and base[-1] not in "aeiou":
                base = base[:-1]
            # a verb ending like an agent noun stems as the verb itself does: discover(ed|er) -> discov, as discover
            return _stem(base) if base.endswith(("er", "or")) and len(base) >= 5 else base
    # release -> releas as released, type -> typ as types (a plural drops "es").
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


_FUNCTION_STEMS = frozenset(_stem(w) for w in FUNCTION_WORDS)
# Function words as :func:`terms` spells them ("where" stems to "wher"): what question words are checked against.
FUNCTION_TERMS = FUNCTION_WORDS | _FUNCTION_STEMS


def topic_span(question: str, mention: str) -> tuple[int, int] | None:
    """Where the topic ``mention`` stands in ``question`` (start, end), or None when it is not there."""
    start = question.find(mention) if mention else -1
    return (start, start + len(mention)) if start >= 0 else None


def topic_kind(question: str, mention: str) -> str | None:
    """The word said right before the topic ``mention`` as what it is, stemmed: "the *recipe* for <E>", "the *film*
    <E>" (a class of the topic's names it, or it says nothing of the kind); None where no word is."""
    span = topic_span(question, mention)
    found = _BEFORE_TOPIC.search(question[:span[0]]) if span is not None else None
    return stem(found.group(1).lower()) if found is not None else None


_BEFORE_TOPIC = re.compile(r"([^\W\d_]+)\s+(?:(?:for|of)\s+)?(?:the\s+)?$", re.IGNORECASE)


def terms(text: str) -> list[str]:
    """Stemmed tokens of ``text``; the entity placeholder ``<E>`` becomes the token ``e``."""
    return list(_terms(text))


@lru_cache(maxsize=65536)
def _terms(text: str) -> tuple[str, ...]:  # the same questions, spans and labels are read many times
    return tuple(stem(w) for w in normalize(text).split())


def word_forms(text: str) -> frozenset[str]:
    """The words of ``text`` as written (normalized, not stemmed): what tells "the *release* of" from "the
    *releases* of", where a graph has a relation of each."""
    return frozenset(normalize(text).split())


def written_as_one(name: str) -> str:
    """The (stemmed) word a name's words make written as one: "home world" is a homeworld."""
    return stem("".join(w for w in normalize(name).split() if w not in STOPWORDS))


def clipped(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how many were left out ("… [N more characters]"); a text
    cut so already stays as it is."""
    if len(text) <= limit or _CUT.fullmatch(text, limit):
        return text
    return f"{text[:limit]}… [{len(text) - limit:,} more characters]"
