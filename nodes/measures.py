"""Answers ordered by a measure the graph states (the questions :mod:`cacherag.nodes.reasoners.ordering` reads):
the relation of the answers the question's words name whose values are numbers or dates, each answer's value, and
the answers the question keeps — the greatest or the least, those past a bound, or whether one passes another.

A relation the words name whose values are things is measured by how many each answer has, where the question
counts ("the film with the *most planets*"; "born *before* <B>" counts no birthplaces). Words asking about time and
naming no relation ("the *oldest* film") measure by the one date the answers have of their own (not a statement's
about them, an award's year; of several, the one most of them have: everyone has a birth date, few a death date).
Nothing the words name, or no answer with a value, is `missing` with the reason: an answer is never guessed by
another measure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cacherag.graphs.resources import Resources
from cacherag.graphs.state import Step
from cacherag.memory.text import terms
from cacherag.nodes.reasoners.grounding import lexical_score
from cacherag.nodes.reasoners.ordering import Measure
from cacherag.tools.kg import SchemaEdge, is_through, legs
from cacherag.tools.terms import XSD_INTEGER, is_iri, is_literal, is_temporal, lexical_form, literal

SAMPLE = 20  # answers whose relations and values are looked at to find the measure
BATCH = 500  # answers whose values one query asks for
_NUMBER = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?")
_DATE = re.compile(r"(-?\d{4,})(.*)")
_DIGIT = re.compile(r"\d")
_ISO_DATE = re.compile(r"-?\d{4}-\d{2}(?:-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?)?")  # "1977-05-25" as plain text

Key = tuple[int, float, str]  # numbers (0, value, ""), dates (1, year, the rest of the date), counts (2, count, "")


@dataclass(frozen=True)
class Measured:
    """The relation a question's measure names and each answer's value by it (its term, and a key to order by);
    ``unread`` are values of it that say a number or a date in a way not read ("1.56 m" beside "172")."""

    step: Step
    values: dict[str, tuple[str, Key]]
    unread: tuple[str, ...] = ()

    @property
    def dated(self) -> bool:
        return any(key[0] == 1 for _, key in self.values.values())


def magnitude(term: str) -> Key | None:
    """A value to order by: a number (typed or written as one, "1,000"), a date (typed, or written as ISO's
    "1977-05-25"; by its year, then the rest of its ISO form), else None ("unknown", a name, "1.56 m")."""
    if not is_literal(term):
        return None
    text = lexical_form(term).strip()
    if (is_temporal(term) or _ISO_DATE.fullmatch(text)) and (date := _DATE.fullmatch(text)):  # (typed or not)
        return 1, float(date.group(1)), date.group(2)
    if _NUMBER.fullmatch(text):
        return 0, float(text.replace(",", "")), ""
    return None


def measured(res: Resources, nodes: Sequence[str], measure: Measure) -> Measured | str:
    """The relation ``measure`` names among the relations ``nodes`` have, with each node's value; or why none."""
    sample = list(nodes[:SAMPLE])
    edges = [e for e in res.view.frontier_schema(sample) if not e.inverse]
    wanted = Counter(t for word in measure.words for t in terms(word))
    named = sorted((e for e in edges if lexical_score(e.label, wanted) > 0),
                   key=lambda e: (-lexical_score(e.label, wanted), -e.count))
    for edge in named:
        found = _values(res, nodes, edge, _counted_leg(res, edge, wanted) if measure.counted else None)
        if found.unread:  # heights in centimetres beside some in metres: no order is sure
            return (f"the values of '{edge.label}' are not all written alike ('{lexical_form(found.unread[0])}'): they "
                    f"are not compared")
        if found.values:
            return found
    if measure.timely:
        # "the oldest film": the date the answers have — their own, not a statement's about them (an award's year:
        # "the first prize of <E>" is none of the prize's own dates), and of several the one most of them have
        dated = [(n, e) for e in edges if not is_through(e.predicate) and (n := _dated_share(res, sample, e))]
        if dated:
            return _values(res, nodes, max(dated, key=lambda d: d[0])[1], counted=None)
    return (f"the question orders by '{measure.said}', and no relation of the answers with numbers or dates is known "
            f"to mean that")


def _values(res: Resources, nodes: Sequence[str], edge: SchemaEdge, counted: Step | None) -> Measured:
    """Each node's value by ``edge``: a number or a date, or, if ``counted`` is the step to what it counts, how many
    things it has. Of several dates, the earliest (a film released in many countries came out on its first
    release); a node with several numbers (or none that orders) has none."""
    step = Step(predicate=edge.predicate, inverse=edge.inverse, label=edge.label)
    if counted is not None:
        pairs = _follow(res, nodes, counted)
        if pairs and all(is_iri(dst) for _, dst in pairs):
            how_many = Counter(src for src, _ in dict.fromkeys(pairs))
            return Measured(step, {src: (literal(str(n), XSD_INTEGER), (2, float(n), "")) for src, n in
                                   how_many.items()})
    by_node: dict[str, set[str]] = {}
    for src, dst in _follow(res, nodes, step):
        by_node.setdefault(src, set()).add(dst)
    values: dict[str, tuple[str, Key]] = {}
    unread: list[str] = []
    for src, found in by_node.items():
        keyed = sorted((key, dst) for dst in found if (key := magnitude(dst)) is not None)
        unread += [dst for dst in found if is_literal(dst) and magnitude(dst) is None and _DIGIT.search(dst)]
        if keyed and (len(found) == 1 or all(key[0] == 1 for key, _ in keyed) and len(keyed) == len(found)):
            values[src] = (keyed[0][1], keyed[0][0])
    return Measured(step, values, tuple(unread[:1]) if values else ())


def _follow(res: Resources, nodes: Sequence[str], step: Step) -> list[tuple[str, str]]:
    return [pair for i in range(0, len(nodes), BATCH) for pair in res.view.kg.follow(nodes[i:i + BATCH], step)]


def _counted_leg(res: Resources, edge: SchemaEdge, wanted: Counter[str]) -> Step:
    """What counting by ``edge`` counts: its values, or, of a hop through intermediate nodes whose second relation
    the words do not name, the intermediate nodes ("the most *members*": memberships, not their instruments)."""
    both = legs(edge.predicate)
    if both is None or lexical_score(res.view.predicate_labels.get(both[1].lstrip("^"), ""), wanted) > 0:
        return Step(predicate=edge.predicate, inverse=edge.inverse, label=edge.label)
    first = both[0]
    return Step(predicate=first.lstrip("^"), inverse=first.startswith("^") != edge.inverse, label=edge.label)


def _dated_share(res: Resources, sample: list[str], edge: SchemaEdge) -> int:
    """How many of the sampled nodes have a date by ``edge`` (0 when its values are no dates; a date written as ISO's
    "1962-03-14" in plain text is one, as JSON-LD pages write them)."""
    found = res.view.kg.follow(sample, Step(predicate=edge.predicate, inverse=edge.inverse, label=edge.label))
    return len({src for src, dst in found if (key := magnitude(dst)) is not None and key[0] == 1})


def ordered(found: Measured, measure: Measure, bound: Key | None) -> list[str]:
    """The nodes the question keeps: those past ``bound`` (the way the measure points; in it, for a year the measure
    lies ``within``), else the greatest (or least) and any tied with it."""
    most = measure.most_dated if found.dated else measure.most
    keys = {node: key for node, (_, key) in found.values.items()}
    if bound is not None and measure.within:  # "released in 1980": a date in that year, or the year itself
        return sorted((n for n, key in keys.items() if key[:2] == bound[:2]), key=lambda n: keys[n])
    if bound is not None:
        return sorted((n for n, key in keys.items() if key[0] == bound[0] and (key > bound if most else key < bound)),
                      key=lambda n: keys[n], reverse=most)
    best = (max if most else min)(keys.values())
    return [n for n, key in keys.items() if key == best]


def bound_of(value: str, dated: bool, most: bool) -> Key | None:
    """The key a bound the question says compares as: of dates, a year ("after 2000": past its last day, "before
    1980": before its first), else a number."""
    if not _NUMBER.fullmatch(value):
        return None
    number = float(value.replace(",", ""))
    return (1, number, "\uffff" if most else "") if dated else (0, number, "")
