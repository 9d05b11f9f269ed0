"""English wordings that name a chain of relations or a relation in words no phrase holds, said again in the
plain relational wording the rest of the reader follows.

Two kinds, both English, neither about a graph:

- A kinship compound of "grand" names two hops: a *grandmother* is a mother of a parent, a *grandson* a son
  of a child. "<E> 's grandmother" reads as "<E> 's parent 's mother", "the grandson of <E>" as "the son of
  the child of <E>"; which relations "parent", "mother" and "son" are is left to what names them in the graph.
- "What does <E> do (for a living)?" asks for <E>'s occupation: "do" is a function word and "living" no
  relation's name, so the question is read as "what is the occupation of <E>?".
- "Where does <E> come from?", "what planet does <E> come from?": to *come from* a place is to be from it (WordNet
  reads "come" in "she comes from Kalamazoo" as being a native of it), so the question is read as "… is <E> from?"
  ("who comes from <E>" as "who is from <E>", and "which species is *native to* <E>" as "… is from <E>"), which
  names no deed; and to *come out*, said last of a work, is to
  be issued ("when did <E> come out" is "when was <E> issued": its release or publication).
- A request opening with a verb of naming ("*Name* the characters in <E>", "*list* all films of <E>", "*tell me*
  the …") asks what the words after it are: "name" is no relation there (nor "designation", its synonym), so the
  question is read as "what are the characters in <E>".
- "What is the (total) number of <things> …" ("tell me the number of …") asks how many of them there are: it is read
  as "how many <things> …", which counts them or reads the number the graph states.
- A question said as a plural noun and a preposition, as typed into a search box ("films with <E>", "starships of
  <E>"), asks which of them: it is read as "which films with <E>".
- "What is <E> like?" asks what <E> is: "like" ending a question that opens with "what" and a form of "be" ("what
  is the terrain of <E> like") names no relation, so the question is read without it.
- A causative "make" names no relation of its own: in "which films made <E> star in" (make + someone + a bare
  verb) the relation is the verb, so the question is read as "which films <E> star in".
- A compound noun English writes with hyphens ("daughter-in-law", "ex-wife") is one word, written as one: none of
  its parts names what it names (a daughter-in-law is no daughter, an ex-wife no wife).

A word inside an entity's name is never reworded (a film called "The Grandmother" stays one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cacherag.memory.text import stem
from cacherag.nodes.reasoners.grounding import SHARING_WORDS
from cacherag.tools.lexicon import lexicon

# "grand" + a kinship noun: the first hop is the generation between (a parent's parent, a child's child).
_ELDER = ("father", "mother", "parent")
_ELDER_SAID = {"pa": "father", "ma": "mother", "dad": "father", "daddy": "father", "mom": "mother", "mum": "mother",
               "mama": "mother", "papa": "father"}  # the familiar words, said plainly
_YOUNGER = ("son", "daughter", "child", "kid")
_COMPOUND = re.compile(r"\bgrand(" + "|".join(sorted([*_ELDER, *_ELDER_SAID, *_YOUNGER], key=len, reverse=True))
                       + r")(s|ren)?\b", re.IGNORECASE)
_POSSESSIVE_BEFORE = re.compile(r"['’]\s*s?\s*$")
_OF_AFTER = re.compile(r"\s+of\b", re.IGNORECASE)
# "what does <E> do", "what do <E> 's kids do for a living", "what did <E> do for a living" (a past "what
# did <E> do" alone asks for a deed, not a job).
_OCCUPATION = re.compile(r"^\s*what\s+(?:(?:does|do)\s+(?P<now>.+?)\s+do(?:\s+for\s+a\s+living)?|"
                         r"did\s+(?P<then>.+?)\s+do\s+for\s+a\s+living)\s*(?P<end>\??)\s*$", re.IGNORECASE)
# "make" and the auxiliary said with it ("have made", "did make"), ending where the someone it makes begins
_CAUSATIVE = re.compile(r"(?:\b(?:has|have|had|did|does|do)\s+)?\b(?:make|makes|made)\s+$", re.IGNORECASE)
# "does <E> come from": the auxiliary before a name, "come from" after it
_AUXILIARY_BEFORE = re.compile(r"\b(does|do|did)\s+((?:the\s+)?)$", re.IGNORECASE)
# "come from" after a name: being from; "come out" ending the question: being issued (a film, a book, an album)
# (a noun for beings may say what the name is first: "does <E> *species* come from")
_COME_AFTER = re.compile(r"(?P<kind>\s+[^\W\d_]+)?\s+come\s+(?:(?=from\b)|(?P<out>out)(?=\s*[?.!]?\s*$))",
                         re.IGNORECASE)
_BEING = {"does": "is", "do": "are", "did": "was"}
_HYPHENATED = re.compile(r"\b[^\W\d_]+(?:-[^\W\d_]+)+\b")  # "daughter-in-law", "ex-wife"
# "come from" before a name: being from it ("who *comes from* <E>")
_COME_BEFORE = re.compile(r"\b(come|comes|came)\s+(?=from\s+(?:the\s+)?$)", re.IGNORECASE)
_BEING_FROM = {"come": "are ", "comes": "is ", "came": "was "}
# "native to" before a name: from it ("which species is *native to* <E>": what has its origin there)
_NATIVE_BEFORE = re.compile(r"\bnative\s+to\s+(?=(?:the\s+)?$)", re.IGNORECASE)
# a request: a verb of naming or showing (and to whom), then what is asked for, said with a determiner
# ("all" is said of what is asked for: "list *all* the planets in <F>", "give me *all* films of <E>" ask for the
# planets in <F>, the films of <E>)
_REQUEST = re.compile(r"^\s*(?:name|list|enumerate|(?:give|show|tell)(?:\s+(?:me|us))?)\s+"
                      r"(?:all\s+(?:of\s+)?)?(?=(?:the|every|each)\s|(?<=all )[^\W\d_])", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s+(?:to\s+)?([^\W\d_]+)")
# "what is the (total) number of <things> …", "tell me the number of …": how many of them
_NUMBER_OF = re.compile(r"^\s*(?:what(?:['’]s|\s+(?:is|was)\b)|(?:give|tell)\s+(?:me|us))\s+the\s+(?:total\s+)?"
                        r"number\s+of\s+(?:the\s+)?(?=[^\W\d_])", re.IGNORECASE)
# a plural noun and a preposition open it ("films with …"): a search-box query
_NOUN_FIRST = re.compile(r"^\s*([^\W\d_]+)\s+(?:with|of|by|in|on|from|featuring|starring)\b", re.IGNORECASE)
# "what is … like?": "what" and a form of "be" open it, "like" ends it
_WHAT_IS = re.compile(r"^\s*what(?:['’]s|\s+(?:is|are|was|were)\b)", re.IGNORECASE)
_LIKE_LAST = re.compile(r"\s+like(?=\s*[?.!]?\s*$)", re.IGNORECASE)


def reword(question: str, names: Sequence[tuple[int, int]] = ()) -> str:
    """``question`` with the idioms above said in relational words; ``names`` are the character spans of entity
    names in it, which are kept as written. Returns ``question`` itself when nothing is reworded."""
    found = _OCCUPATION.match(question)
    if found is not None:
        group = "now" if found.group("now") is not None else "then"
        start, end = found.span(group)
        if all(start <= s and e <= end for s, e in names):
            return f"what is the occupation of {found.group(group)} {found.group('end')}".rstrip()
    spans = list(names)
    number = _NUMBER_OF.match(question)
    if number is not None and all(s >= number.end() for s, _ in spans):
        question, spans = _replaced(question, spans, 0, number.end(), "how many ")
    request = _REQUEST.match(question)
    if request is not None and all(s >= request.end() for s, _ in spans):
        question, spans = _replaced(question, spans, 0, request.end(), "what are ")
    for rule in (_as_one_word, _being_from, _without_causative, _without_like, _which_of_a_noun):
        question, spans = rule(question, spans)
    parts, last = [], 0
    for match in _COMPOUND.finditer(question):
        if any(s < match.end() and match.start() < e for s, e in spans):
            continue
        said = _plain(match)
        if said is None:
            continue
        # only the few characters around the compound are read: a long question stays one pass
        if _POSSESSIVE_BEFORE.search(question[max(0, match.start() - 8):match.start()]):
            parts += [question[last:match.start()], f"{said[0]} 's {said[1]}"]
        elif _OF_AFTER.match(question, match.end()):
            parts += [question[last:match.start()], f"{said[1]} of the {said[0]}"]
        else:
            continue
        last = match.end()
    return "".join([*parts, question[last:]]) if parts else question


def _plain(match: re.Match[str]) -> tuple[str, str] | None:
    """(the generation between, the kin the compound names), in the number the compound is said in."""
    root, plural = match.group(1).lower(), bool(match.group(2))
    if plural and (match.group(2).lower() == "ren") != (root == "child"):
        return None  # "grandsonren", "grandchilds": no words
    if root in _YOUNGER:
        return ("children", "children" if root == "child" else root + "s") if plural else ("child", root)
    kin = _ELDER_SAID.get(root, root)
    return ("parents", kin + "s") if plural else ("parent", kin)


Spans = list[tuple[int, int]]


def _replaced(question: str, names: Spans, start: int, end: int, text: str) -> tuple[str, Spans]:
    """``question`` with ``text`` in place of ``[start, end)``, and the ``names`` after it where they now are."""
    shift = len(text) - (end - start)
    return question[:start] + text + question[end:], [(s + shift, e + shift) if s >= end else (s, e)
                                                        for s, e in names]


def _as_one_word(question: str, names: Spans) -> tuple[str, Spans]:
    """``question`` with each compound noun English writes with hyphens written as one word ("daughter-in-law" as
    "daughterinlaw"): one word, none of its parts (see the module's docstring)."""
    for found in reversed(list(_HYPHENATED.finditer(question))):
        # (but for a part the reader reads itself: the "co-" of "co-stars" asks for who shares a relation)
        if not any(s < found.end() and found.start() < e for s, e in names) \
                and lexicon().lemmas(found.group().lower(), "n") \
                and not {stem(w) for w in found.group().split("-")} & SHARING_WORDS:
            question, names = _replaced(question, names, *found.span(), found.group().replace("-", ""))
    return question, names


def _being_from(question: str, names: Spans) -> tuple[str, Spans]:
    """``question`` with "does <E> come from" said as "is <E> from", "did <E> come out" as "was <E> issued" (see
    the module's docstring)."""
    for start, end in sorted(names, reverse=True):  # from the end: the spans before stay where they are
        done = _AUXILIARY_BEFORE.search(question, 0, start)
        come = _COME_AFTER.match(question, end)
        if come is not None and come.group("kind") and not lexicon().names_beings(come.group("kind").strip().lower()):
            come = None  # a word for what comes from somewhere ("species"), not for a thing of it ("language")
        if done is not None and come is not None:
            question, names = _replaced(question, names, come.end("kind") if come.group("kind") else come.start(),
                                        come.end(), " issued" if come.group("out") else " ")
            question, names = _replaced(question, names, *done.span(1), _BEING[done.group(1).lower()])
            continue
        come = _COME_BEFORE.search(question, 0, start)
        if come is not None:
            question, names = _replaced(question, names, *come.span(), _BEING_FROM[come.group(1).lower()])
            continue
        native = _NATIVE_BEFORE.search(question, 0, start)
        if native is not None:
            question, names = _replaced(question, names, *native.span(), "from ")
    return question, names


def _without_causative(question: str, names: Spans) -> tuple[str, Spans]:
    """``question`` without the causative "make" before a name that a bare verb follows ("made <E> star in")."""
    for start, end in sorted(names, reverse=True):  # from the end: the spans before stay where they are
        made = _CAUSATIVE.search(question, 0, start)
        verb = _NEXT_WORD.match(question, end)
        if made is not None and verb is not None and lexicon().lemmas(verb.group(1).lower(), "v"):
            question, names = _replaced(question, names, made.start(), start, "")
    return question, names


def _without_like(question: str, names: Spans) -> tuple[str, Spans]:
    """``question`` without the "like" ending "what is <E> like?" (see the module's docstring)."""
    like = _LIKE_LAST.search(question) if _WHAT_IS.match(question) else None
    if like is None or any(s < like.end() and like.start() < e for s, e in names):
        return question, names
    return _replaced(question, names, *like.span(), "")


def _which_of_a_noun(question: str, names: Spans) -> tuple[str, Spans]:
    """``question`` opened by "which" where it is a plural noun and a preposition (see the module's docstring)."""
    found = _NOUN_FIRST.match(question)
    if found is None or any(s < found.end(1) for s, _ in names):
        return question, names
    word = found.group(1).lower()
    plural = [lemma for lemma in lexicon().lemmas(word, "n") if lemma != word]
    return _replaced(question, names, found.start(1), found.start(1), "which ") if plural else (question, names)
