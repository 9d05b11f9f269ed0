"""Words naming a relation of the graph the other way round: "who are <E>'s *children*" over a graph stating only
parents asks for those whose parent <E> is (see :meth:`cacherag.tools.lexicon.Lexicon.converse`). Such a word reads
its relation from the value to the subject (the judge holds plans to that, see :func:`cacherag.nodes.grounded.judge`).

A word saying more than the relation's converse — a *son* is a male child — is answered only with what the graph
says is so: the answers keep those having a value naming that quality ("male", by the relation most things have it
by, "gender"). Where the graph states no such value, or the hop is not the plan's last (its answers are not the
question's), the hop is refused: the relation alone does not tell sons from daughters.

A kin word saying more than the relation it names as it is ("son" over "child", "wife" over "spouse") keeps, of the
last hop's answers, those the graph does not say are otherwise (a child whose gender is "female" is no son); where it
says so of none, nothing is dropped: the relation is the one asked for. History may teach that a graph's questions
use the word more loosely (PathQuestion's "son" for any child): where remembered plans ending in that hop, asked with
the word, answered what the graph says is otherwise, in :data:`MIN_COUNT` of them, the word keeps every answer.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from cacherag.graphs.state import ISR, Membership
from cacherag.memory.plan_memory import PlanEntry
from cacherag.memory.statements import MIN_COUNT
from cacherag.memory.text import stem, topic_span
from cacherag.nodes.reasoners.grounding import TOPIC_IS_THE, WHOSE, reads_back
from cacherag.nodes.reasoners.phrases import masked_phrases
from cacherag.tools.graph_view import Category, GraphView
from cacherag.tools.lexicon import lexicon, written_words
from cacherag.tools.linking import normalize


class Narrowing(NamedTuple):
    """The quality a plan's answers must have (``quality``), the stem of the word saying it (``term``), and whether
    only those the graph says have it are kept (``stated``: a converse word's) or all but those it says are
    otherwise."""

    term: str
    quality: Membership
    stated: bool


def read_converse(view: GraphView, question: str,
                  aliases: Mapping[str, str]) -> tuple[dict[str, int], dict[str, Membership]]:
    """The aliases naming their relation the other way round (stem -> how many levels of kind the word says more, see
    :meth:`~cacherag.tools.lexicon.Lexicon.converse_words`), and for the kin words saying more than their relation or
    its converse, the graph's value of the quality they say, where it states one. The graph is asked only for such
    words (most questions have none)."""
    converse = lexicon().converse_words(question, aliases)
    said = {stem(w): w for w in normalize(question).split()}
    narrowed: dict[str, Membership] = {}
    for term, label in aliases.items():
        words = written_words(label)
        if converse.get(term) == 0 or term not in said or len(words) != 1:
            continue
        category = next((c for quality in lexicon().narrowing(said[term], words[0])
                         if (c := _quality(view, quality)) is not None), None)
        if category is not None:
            lemmas = lexicon().lemmas(said[term], "n")  # "none is a *daughter*", however "daughters" was said
            narrowed[term] = Membership(text=lemmas[0] if lemmas else said[term], node=category.node,
                                        predicate=category.predicate)
    return converse, narrowed


def _quality(view: GraphView, word: str) -> Category | None:
    """The graph's value naming ``word`` ("male"): a node labelled so, or a relation's value written so, with the
    relation most things have it by."""
    named = view.category(word)
    if named is not None:
        return named
    value = next((m.nodes[0] for m in view.value_mentions(word) if m.start == 0 and m.end == len(word)), None)
    return view.valued(value) if value is not None else None


def narrow_hops(isr: ISR, steps: Sequence[dict[str, Any]],
                phrases: Sequence[Collection[str]] = ()) -> list[tuple[int, str]]:
    """The hops (index, word's stem) a word saying more than its relation's converse names, walked to what the word
    names ("the *son* of <E>": to those whose parent <E> is, not from <E> to its parents). ``phrases``: the words of
    the question's relation phrases, in hop order; when there is one a hop, a word names its own phrase's hop only
    ("<E>'s child's *son*": the second)."""
    converse, aliases = isr.get("converse") or {}, isr.get("aliases") or {}
    aligned = len(phrases) == len(steps)
    return [(i, term) for i, step in enumerate(steps) for term, up in converse.items()
            if up and aliases.get(term) == step["label"] and (not aligned or term in phrases[i])
            and bool(step["inverse"]) != reads_back(step["label"])]


def narrowed(question: str, isr: ISR, steps: Sequence[dict[str, Any]],
             phrases: Sequence[Collection[str]] = ()) -> Narrowing | None:
    """The quality the plan's answers must have: that of the word naming its last hop, a converse word's (see
    :func:`narrow_hops`) or one naming its relation as it is ("the *son* of <E>" over "child") — unless the
    question says the topic is what the word names ("whose *wife* is <E>", "who is <E> the *son* of"): the
    quality is the topic's then."""
    last, kept = len(steps) - 1, isr.get("narrowed") or {}
    converse = [term for i, term in narrow_hops(isr, steps, phrases) if i == last]
    if converse:
        return Narrowing(converse[0], kept[converse[0]], True) if converse[0] in kept else None
    span = topic_span(question, isr.get("topic_mention", ""))
    if WHOSE.match(question) or span is not None and TOPIC_IS_THE.match(question, span[1]):
        return None
    return next((Narrowing(term, quality, False) for term, quality in kept.items()
                 if term not in (isr.get("converse") or {}) and _names_last(term, steps, phrases, isr)), None)


def _names_last(term: str, steps: Sequence[dict[str, Any]], phrases: Sequence[Collection[str]], isr: ISR) -> bool:
    """Whether the word ``term`` names the plan's last hop as it is (in that hop's phrase, when there is one a hop)."""
    if not steps or (isr.get("aliases") or {}).get(term) != steps[-1]["label"]:
        return False
    return (len(phrases) != len(steps) or term in phrases[-1]) \
        and bool(steps[-1]["inverse"]) == reads_back(steps[-1]["label"])


def said_loosely(view: GraphView, entries: Iterable[PlanEntry], narrowing: Narrowing,
                 step: dict[str, Any]) -> bool:
    """Whether history says the word of ``narrowing`` of answers the graph says are otherwise (see the module): of
    the remembered plans ending in the hop ``step``, asked with the word naming it, :data:`MIN_COUNT` remembered
    answers the graph links to another value than the quality's."""
    quality, loose = narrowing.quality, 0
    for entry in entries:
        if not entry.steps or (entry.steps[-1]["predicate"], bool(entry.steps[-1]["inverse"])) != (
                step["predicate"], bool(step["inverse"])):
            continue
        phrases = [{*p.words} for p in masked_phrases(entry.question)]
        said = phrases[-1] if len(phrases) == len(entry.steps) else {w for p in phrases for w in p}
        if narrowing.term not in said:
            continue
        answers = [n for a in entry.answers for m in view.labels.mentions(a, fuzzy=False)
                   if m.start == 0 and m.end == len(a) for n in m.nodes]
        loose += bool(view.linked_otherwise(answers, quality["predicate"], quality["node"]))
        if loose >= MIN_COUNT:
            return True
    return False
