"""Questions asking for the members of a category the graph states as a node, not as a class: "which *humans* come
from <E>?" asks for the things from <E> that the graph links to the species Human. The question is read as asking
for things of the class those members have ("which character come from <E>?"), its plan judged as every plan is,
and the answers are kept where the graph links them to that node by the relation its members have.

Only a wh-noun that names no class and no relation of the graph is read so: "which *species* …" asks for species.
A value said before a wh-noun naming a class is such a category too: "which *female* characters come from <E>?" asks
for the characters from <E> the graph gives the value "female" (by the relation most things have it by, "gender"),
and so is a node named there ("which *science fiction* books": those whose genre is Science fiction).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from cacherag.memory.text import stem
from cacherag.nodes.reasoners.grounding import lexical_score
from cacherag.tools.graph_view import VALUE_SPAN, Category, GraphView, singulars
from cacherag.tools.linking import Mention
from cacherag.tools.terms import RDFS_SUBCLASS, iri, lexical_form

_ASKED = re.compile(r"^\s*(?:which|what|how\s+many)\s+([^\W\d_][\w-]*)", re.IGNORECASE)
_NOUN = re.compile(r"\s+([^\W\d_][\w-]*)")
_WORDS = re.compile(r"[^\W\d_][\w-]*")
# "which characters have blue eyes *and* blond hair": a value and the noun of its relation, last
_AND_VALUE = re.compile(r"\s+and\s+(?:a\s+|an\s+)?$", re.IGNORECASE)
_AND = re.compile(r"\band\b", re.IGNORECASE)
_LAST_NOUN = re.compile(r"\s+([^\W\d_][\w-]*)\s*[?.!]*\s*$")
MAX_VALUED = 20  # relations a joined value is looked for among


@dataclass(frozen=True)
class Members:
    """The question read as asking for things of the members' class, the noun as said, and the category."""

    question: str
    noun: str
    category: Category


def as_members(question: str, view: GraphView) -> Members | None:
    """``question`` read as asking for a category's members (see the module), or None."""
    asked = _ASKED.match(question)
    if asked is None:
        return None
    joined = _joined_value(question, view)
    if joined is not None:
        return joined
    valued = _valued(question, view, asked.start(1))
    if valued is not None:
        return valued
    noun = asked.group(1)
    word = stem(noun)
    if view.classes_said(question, [word]) or word in view.relation_words:
        return None
    category = view.category(noun)
    if category is None or not category.kind and category.predicate != iri(RDFS_SUBCLASS):
        return None
    # (an ontology's subclasses of "disease" have no kind but the schema's: "which are …")
    start, end = asked.span(1)
    return Members(re.sub(r"\s+", " ", question[:start] + category.kind.lower() + question[end:]), noun, category)


def _valued(question: str, view: GraphView, start: int) -> Members | None:
    """``question`` read as asking for the things of a class it names that have a value said before the class's
    noun ("which *female* characters"), or None. The graph is asked for values only where a word just after names
    a class: most questions name none there, and a question costs no query more."""
    after = _WORDS.findall(question, start)[1:VALUE_SPAN + 1]
    if not view.classes_said(question, [stem(word) for word in after]):
        return None
    value = next((m for m in view.value_mentions(question) if m.start == start), None) or _node_said(question, view,
                                                                                                      start)
    noun = _NOUN.match(question, value.end) if value is not None else None
    if value is None or noun is None or not view.classes_said(question, [stem(noun.group(1))]) or _plural(value):
        return None
    category = view.valued(value.nodes[0])
    return Members(question[:start] + question[noun.start(1):], value.text, category) if category else None


def _plural(value: Mention) -> bool:
    """Whether a value is said in the plural ("which *drugs* target <E>": the value "Drug" said so is the wh-noun, a
    class's name; a value before a noun is said in the singular, "which *female* characters")."""
    said, named = value.text.split()[-1].lower(), lexical_form(value.nodes[0]).split()[-1:]
    return bool(named) and said != named[0].lower() and named[0].lower() in singulars(said)


def _node_said(question: str, view: GraphView, start: int) -> Mention | None:
    """A node's label said at ``start`` ("which *science fiction* books": the genre Science fiction)."""
    return max((m for m in view.labels.mentions(question, fuzzy=False) if m.start == start and len(m.nodes) == 1
                and m.match in ("exact", "normalized")), key=lambda m: m.end, default=None)


def _joined_value(question: str, view: GraphView) -> Members | None:
    """"Which characters have blue eyes *and blond hair*?" read as "which characters have blue eyes?", its answers
    kept where the graph gives them the value "blond" by the relation the noun after it names ("hair color"); None
    for any other question."""
    noun = _LAST_NOUN.search(question)
    if noun is None or not _AND.search(question):  # (most questions join nothing: the graph is not asked)
        return None
    value = next((m for m in view.value_mentions(question) if m.end == noun.start()
                  and _AND_VALUE.search(question[:m.start])), None)
    if value is None:
        return None
    said = Counter([stem(noun.group(1))])
    # of the relations stating that value ("brown": eyes and hair), the one the noun names
    named = [p for p in view.relations_valued(value.nodes[0], limit=MAX_VALUED)
             if lexical_score(view.predicate_labels.get(p, ""), said)]
    joined = _AND_VALUE.search(question[:value.start])
    if len(named) != 1 or joined is None:
        return None
    return Members(question[:joined.start()] + "?", f"{value.text} {noun.group(1)}",
                   Category(node=value.nodes[0], predicate=named[0], kind=""))
