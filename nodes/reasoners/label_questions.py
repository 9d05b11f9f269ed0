"""Questions asking for a label of a thing rather than a relation of it: its label in a language ("what is the *French
label* of wheat", "the *German name for* rice", "what is wheat *in Spanish*", "what is blé called in English"), its
other names ("*another name for* maize", "the *synonyms of* X", "what is maize *also known as*"), or the thing a
name names ("which disease is *also called* high blood pressure", "which disease *has the synonym* HTN", "what is
HTN *another name for*"). A graph states these as labels, which no plan walks; they are read from the topic's
labels instead. A graph with a relation of that name ("alternative name", DBpedia's) answers by its relation, not by
its labels."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cacherag.memory.text import terms
from cacherag.tools.languages import language_tag
from cacherag.tools.linking import Mention

_NAME_NOUN = r"(?:label|name|word|term|translation|title)s?"
# "the *French label of* <E>", "the German name for <E>"
_LANGUAGE_BEFORE = re.compile(rf"\b(?P<language>[^\W\d_]+)\s+(?P<noun>{_NAME_NOUN})\s+(?:of|for)\s+(?:the\s+)?$",
                              re.IGNORECASE)
# "what is <E> *in French*", "what is <E> called in English", "how do you say <E> in German"
_LANGUAGE_AFTER = re.compile(r"\s*(?:called\s+|said\s+)?in\s+(?P<language>[^\W\d_]+)\s*[?.!]?\s*$", re.IGNORECASE)
# "*another name for* <E>", "the other names of <E>", "the synonyms of <E>"
_OTHER_BEFORE = re.compile(rf"\b(?:(?:an?other|alternative|alternate|other|different)\s+{_NAME_NOUN}|synonyms?)\s+"
                           r"(?:of|for)\s+(?:the\s+)?$", re.IGNORECASE)
# "what is <E> *also known as*", "what else is <E> called"
_OTHER_AFTER = re.compile(r"\s*(?:also\s+)?(?:known|called)\s+as\s*[?.!]?\s*$", re.IGNORECASE)
_ELSE_CALLED = re.compile(r"\s*what\s+else\s+is\s+$", re.IGNORECASE)
_CALLED = re.compile(r"\s*called\s*[?.!]?\s*$", re.IGNORECASE)
# "which disease is *also called* <E>", "… *has the related synonym* <E>"; "what is <E> *another name for*"
_NAMED_BEFORE = re.compile(r"\b(?:is|are|was|were)\s+(?:also\s+|sometimes\s+|often\s+)?(?:known\s+as|called)\s+$|"
                           rf"\b(?:has|have|had)\s+(?:the|an?)\s+(?:[^\W\d_]+\s+)?(?:{_NAME_NOUN}|synonym|alias)\s+$",
                           re.IGNORECASE)
_NAMED_AFTER = re.compile(rf"\s+(?:an?other|an?\s+alternative|an?\s+alternate|short)\s+(?:{_NAME_NOUN}\s+)?for"
                          r"\s*[?.!]?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class LabelsAsked:
    """The mention whose names are asked for, and in which language (None: its other names); or, ``named``, the
    mention naming the things asked for."""

    mention: Mention
    language: str | None
    named: bool = False


def as_labels_asked(question: str, names: Sequence[Mention], relation_labels: Collection[str]) -> LabelsAsked | None:
    """``question`` read as asking for a name of one of its ``names`` (see the module), or None."""
    for mention in sorted(names, key=lambda m: m.start):
        before, after = question[:mention.start], question[mention.end:]
        found = _LANGUAGE_BEFORE.search(before) or _LANGUAGE_AFTER.fullmatch(after)
        if found is not None and (tag := language_tag(found.group("language"))) is not None:
            said = " ".join(found.group(g) for g in found.re.groupindex)  # "French label"; "French"
            return None if _a_relation(said, relation_labels) else LabelsAsked(mention, tag)
        named = _NAMED_BEFORE.search(before) or _NAMED_AFTER.fullmatch(after)
        if named is not None:
            return None if _a_relation(named.group(0), relation_labels) else LabelsAsked(mention, None, named=True)
        other = _OTHER_BEFORE.search(before)
        if other is not None or _OTHER_AFTER.fullmatch(after) \
                or (_ELSE_CALLED.fullmatch(before) and _CALLED.fullmatch(after)):
            said = other.group(0) if other is not None else "other name"
            return None if _a_relation(said, relation_labels) else LabelsAsked(mention, None)
    return None


def _a_relation(said: str, relation_labels: Collection[str]) -> bool:
    """Whether the graph has a relation named by the words asking for the name ("alternative name", "French name")."""
    words = set(terms(said)) - {"of", "for", "the"}
    return any(words and words <= set(terms(label)) for label in relation_labels)
