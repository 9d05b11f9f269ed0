"""Words naming a relation of the graph the other way round: "who are <E>'s *children*" over a graph stating only
parents asks for those whose parent <E> is (see :meth:`cacherag.tools.lexicon.Lexicon.converse`). Such a word reads
its relation from the value to the subject (the judge holds plans to that, see :func:`cacherag.nodes.grounded.judge`).

A word saying more than the relation's converse — a *son* is a male child — is answered only with what the graph
says is so: the answers keep those having a value naming that quality ("male", by the relation most things have it
by, "gender"). Where the graph states no such value, or the hop is not the plan's last (its answers are not the
question's), the hop is refused: the relation alone does not tell sons from daughters.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from cacherag.graphs.state import ISR, Membership
from cacherag.memory.text import stem
from cacherag.nodes.reasoners.grounding import reads_back
from cacherag.tools.graph_view import Category, GraphView
from cacherag.tools.lexicon import lexicon, written_words
from cacherag.tools.linking import normalize


def read_converse(view: GraphView, question: str,
                  aliases: Mapping[str, str]) -> tuple[dict[str, int], dict[str, Membership]]:
    """The aliases naming their relation the other way round (stem -> how many levels of kind the word says more, see
    :meth:`~cacherag.tools.lexicon.Lexicon.converse_words`), and for those saying more, the graph's value of the quality
    they say, where it states one. The graph is asked only for such words (most questions have none)."""
    converse = lexicon().converse_words(question, aliases)
    said = {stem(w): w for w in normalize(question).split()}
    narrowed: dict[str, Membership] = {}
    for term, up in converse.items():
        if not up:
            continue
        label = written_words(aliases[term])[0]
        category = next((c for quality in lexicon().narrowing(said[term], label)
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


def narrowed(isr: ISR, steps: Sequence[dict[str, Any]], phrases: Sequence[Collection[str]] = ()) -> Membership | None:
    """The quality the plan's answers must have: that of the word naming its last hop (see :func:`narrow_hops`)."""
    last = [term for i, term in narrow_hops(isr, steps, phrases) if i == len(steps) - 1]
    return (isr.get("narrowed") or {}).get(last[0]) if last else None
