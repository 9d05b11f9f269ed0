"""Composition from statement memory (MemQ §4.3): a plan for a question whose whole shape was never seen.

The question is read as relation phrases in hop order (:mod:`~cacherag.nodes.reasoners.phrases`); each
phrase recalls its statement — the hop history taught it names — and the hops are chained from the topic
entity by rule, each in the direction history walked it and only where the graph has that edge. So
"the place of birth of <E> 's other half 's father" composes spouse → parents → place of birth from
statements learned one at a time. A phrase may be left out only when every word of it is one remembered
questions are phrased with and it recalls nothing ("what is the name of …"); a phrase that is unknown
("who produced …") leaves the question without a composed plan.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from cacherag.graphs.resources import Resources
from cacherag.memory.statements import Recalled
from cacherag.memory.text import terms, topic_span
from cacherag.nodes.reasoners.grounding import asks_sharing, label_words, labels_named
from cacherag.nodes.reasoners.phrases import MAX_PHRASES, Phrase, groupings, hop_phrases, split
from cacherag.tools.kg import turns_back

SAMPLE = 20  # frontier nodes whose edges are looked at when choosing the next hop
MAX_READINGS = 8  # groupings of the phrases tried, best first
MAX_CHAINS = 12  # complete chains checked against the graph per reading


def compose(res: Resources, question: str, mention: str, topic: str, max_hops: int,
            named: Mapping[str, str] | None = None, by_words: bool = False,
            asked: Collection[str] = (), converse: Collection[str] = ()) -> list[dict[str, Any]]:
    """The plan the question's phrases recall, hop by hop from ``topic``; [] if some phrase recalls nothing
    or the graph has no such path. ``named``: question words naming a relation besides its label's own words
    (the ISR's aliases: the graph's other names for it, the lexicon's); ``by_words``: a phrase history taught
    nothing recalls the relation its words name (see :func:`_named_by_words`); ``asked``: the (stemmed) words of
    the noun the wh-word asks for; ``converse``: those of the aliases naming their relation the other way round
    ("children": parent), the direction they are walked in first."""
    span = topic_span(question, mention)
    if span is None:
        return []
    labels = res.view.relation_labels
    said = res.memory.word_frequency(res.domain)
    aliases = {**(named or {}), **res.statements.aliases(res.domain, terms(question), labels, said)}

    def names(word: str) -> str | None:
        """The one relation a word names, by what history taught or word for word ("who *directed* the films
        that share *actors* with <E>" is two relation phrases, not one)."""
        literal = labels_named(word, labels)
        return aliases.get(word) or (literal[0] if len(literal) == 1 else None)

    # each relation phrase in parts, one a relation ("who *directed* the films that share *actors* with <E>")
    phrases = [part for p in hop_phrases(question, *span) for part in _asked_once(split(p, names), set(asked), names)]
    if len(phrases) > MAX_PHRASES:  # no chain within the hop bound; and the readings would grow as 2^phrases
        return []
    if len(phrases) > 1:
        # "what movies did <E> act in": the noun asked for is the answers' type, no hop; nor are words
        # remembered questions mostly say without naming a relation ("the movie <E> starred who").
        phrases = [p for p in phrases if not p.asks_type
                   and not all(res.statements.is_filler(res.domain, w, said) for w in p.words)] or phrases[:1]
    if not phrases:
        return []
    recalled: dict[tuple[str, ...], list[Recalled]] = {}

    def recall(phrase: Phrase) -> list[Recalled]:
        if phrase.words not in recalled:
            # A phrase saying a relation's whole label names it, whatever history taught its words name ("the
            # *skin color* of <E>" after questions that taught "color" for hair color).
            recalled[phrase.words] = ((_said_whole(res, phrase) if by_words else [])
                                      or res.statements.recall(res.domain, phrase, said=said)
                                      or (_named_by_words(res, phrase, names, aliases, converse) if by_words else []))
        return recalled[phrase.words]

    vocabulary = res.memory.vocabulary(res.domain)
    fillers = [i for i, p in enumerate(phrases) if all(w in vocabulary for w in p.words) and not recall(p)]
    sharing = asks_sharing(question, span)  # the hop nearest the topic there and back
    readings: list[tuple[tuple[int, bool, float], list[list[Recalled]]]] = []
    for dropped in _subsets(fillers):
        kept = [p for i, p in enumerate(phrases) if i not in dropped]
        for hops in range(1, min(len(kept), max_hops) + 1):
            for group in groupings(kept, hops):
                options = [recall(p) for p in group]
                if not all(options):
                    continue
                # Fewer phrases left out first, then (asked what shares a relation) the first hop there and
                # back ("the films that share actors with <E>"), then the most confident recall.
                score = sum(o[0].score for o in options)
                readings.append(((-len(dropped), False, score), options))
                # Unless the question names that relation again itself ("directed by the same director").
                if sharing and hops < max_hops and not (hops > 1 and _named_twice(options, 1)):
                    back = [replace(o, inverse=not o.inverse) for o in options[0]]
                    readings.append(((-len(dropped), True, score), [options[0], back, *options[1:]]))
    readings.sort(key=lambda r: r[0], reverse=True)
    for _, options in readings[:MAX_READINGS]:
        steps = _chain(res, topic, options, sharing)
        if steps:
            return steps
    return []


def _relations(phrase: Phrase, names: Callable[[str], str | None]) -> set[str]:
    """The relations the phrase's words name."""
    return {n for w in phrase.words if (n := names(w)) is not None}


def _asked_once(parts: list[Phrase], asked: set[str], names: Callable[[str], str | None]) -> list[Phrase]:
    """The parts of one relation phrase less the noun a wh-word asks for where the verb beside it says the same
    relation again: "who is the *director* that *directed* <E>", "which *screenwriter* *wrote* …" are one hop,
    not there and back (but "the *other half* of the *other half* of <E>", two phrases, is two)."""
    kept: list[Phrase] = []
    for i, phrase in enumerate(parts):
        beside = [*kept[-1:], *parts[i + 1:i + 2]]
        named = _relations(phrase, names)
        if not (set(phrase.words) <= asked and named and any(named == _relations(b, names) for b in beside)):
            kept.append(phrase)
    return kept


def _named_by_words(res: Resources, phrase: Phrase, names: Callable[[str], str | None],
                    aliases: Mapping[str, str], converse: Collection[str] = ()) -> list[Recalled]:
    """What history taught nothing about, read from the phrase's words: the one relation they name whole — by
    a word standing for it, or by every word of its label ("in which *years* were … *released*" is one
    release year, not two) — in the direction the graph states it, or the other way round for a word naming its
    converse ("<E>'s *children*" over "parent"); :func:`_chain` walks it the other way where only that is there."""
    found = _relations(phrase, names)
    if len(found) != 1:
        return []
    label = found.pop()
    if not any(aliases.get(w) == label for w in phrase.words) and not set(label_words(label)) <= set(phrase.words):
        return []
    backwards = not set(label_words(label)) <= set(phrase.words) and any(
        w in converse and aliases.get(w) == label for w in phrase.words)
    return [Recalled(p, backwards, label, 1.0, "words") for p, named in sorted(res.view.predicate_labels.items())
            if named == label]


def _said_whole(res: Resources, phrase: Phrase) -> list[Recalled]:
    """The one relation whose label's words, two or more, the phrase says all of, in the direction the graph
    states it; none when no label or several are said so (one word alone may mean another relation here)."""
    whole = [label for label in res.view.relation_labels
             if len(words := set(label_words(label))) > 1 and words <= set(phrase.words)]
    if len(whole) != 1:
        return []
    return [Recalled(p, False, whole[0], 1.0, "words") for p, named in sorted(res.view.predicate_labels.items())
            if named == whole[0]]


def _subsets(items: Sequence[int]) -> list[tuple[int, ...]]:
    return [c for n in range(len(items) + 1) for c in itertools.combinations(items, n)]


def _named_twice(options: list[list[Recalled]], hop: int) -> bool:
    """Hop ``hop`` and the one before it are phrases naming the same relation by their words (not by a
    vector's nearness): "the films directed by the director of <E>"."""
    first, second = options[hop - 1][0], options[hop][0]
    return first.predicate == second.predicate and "dense" not in (first.how, second.how)


def _chain(res: Resources, topic: str, options: list[list[Recalled]], sharing: bool) -> list[dict[str, Any]]:
    """Chain one recalled statement per hop from ``topic``, each where the frontier has that edge; the most
    confident statements first, and the first chain the graph has a path for wins. A hop straight back along
    the previous one is taken only when the question asks what shares a relation ("the same director") or
    names the relation again ("the films directed by the director of <E>")."""
    budget = [MAX_CHAINS]

    def extend(frontier: list[str], steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if len(steps) == len(options):
            budget[0] -= 1
            return steps if res.view.paths(topic, steps) else []
        available = {(e.predicate, e.inverse) for e in res.view.frontier_schema(frontier[:SAMPLE])}
        candidates = options[len(steps)]
        # The way history walked a relation first; else the other way, where the graph only has that (the
        # judge still refuses a hop walked against the way a learned word names it).
        ways = [c.as_step() for c in candidates if (c.predicate, c.inverse) in available]
        ways += [{**c.as_step(), "inverse": not c.inverse} for c in candidates
                 if (c.predicate, not c.inverse) in available and (c.predicate, c.inverse) not in available]
        for step in ways:
            if budget[0] <= 0:
                break
            if steps and turns_back(steps[-1], step) and not (sharing or _named_twice(options, len(steps))):
                continue
            following = list(dict.fromkeys(dst for _, dst in res.view.kg.follow(frontier[:SAMPLE], step)))
            found = extend(following, [*steps, step])
            if found:
                return found
        return []

    return extend([topic], [])
