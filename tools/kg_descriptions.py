"""Descriptions of knowledge graphs for routing (CacheRAG Appendix A.7), generated from each graph's schema.

A description is plain text a person (or an LLM router) can read and edit: the graph's relations with how
many facts each has, and the kinds of things it holds. Routing reads it as terms; questions the graph
answered after another was chosen add their terms to it (the offline description update), so a graph
becomes known for what people actually ask it in their own words.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from cacherag.nodes.reasoners.grounding import content_terms
from cacherag.tools.graph_view import GraphView
from cacherag.tools.terms import RDF_TYPE, iri, lexical_form

SHOWN_RELATIONS = 40
SHOWN_LEARNED = 60
LEARNED_WEIGHT = 0.5  # a learned term counts at most half as much as a term of the description's text
LEARNED_PRIOR = 2  # learned n times, a term has n / (n + 2) of that weight


@dataclass
class KGDescription:
    """What one graph holds, as editable text, plus the terms learned from questions it answered."""

    name: str
    text: str
    learned: Counter[str] = field(default_factory=Counter)  # words of questions, as people wrote them

    @property
    def base_terms(self) -> set[str]:
        """Stemmed content terms of the text."""
        return set(content_terms(self.text))

    @property
    def learned_terms(self) -> Counter[str]:
        """Stemmed terms of the learned words, with how often each was learned."""
        counts: Counter[str] = Counter()
        for word, n in self.learned.items():
            for term in content_terms(word):
                counts[term] += n
        return counts

    def learn(self, words: list[str]) -> None:
        """The offline update: this graph answered a question, asked in ``words``, another was chosen for."""
        self.learned.update(words)

    def unlearn(self, words: list[str]) -> None:
        """This graph was chosen for a question in ``words`` and could not answer it: forget them here."""
        self.learned.subtract(words)
        self.learned = +self.learned  # drop what fell to zero

    def render(self) -> str:
        """The text with what it learned, as an LLM router reads it."""
        if not self.learned:
            return self.text
        shown = ", ".join(t for t, _ in self.learned.most_common(SHOWN_LEARNED))
        return f"{self.text} Questions it answered used the words: {shown}."


def describe(name: str, view: GraphView) -> KGDescription:
    """A description from the graph's schema: its relations by number of facts, and its classes."""
    rows = view.kg._select("SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p")
    labels = view.predicate_labels
    counts = sorted(((labels[r["p"]], int(lexical_form(r["n"])))
                     for r in rows if r["p"] in labels and r["p"] != iri(RDF_TYPE)), key=lambda x: -x[1])
    relations = ", ".join(f"{label} ({n:,} fact{'s' if n != 1 else ''})" for label, n in counts[:SHOWN_RELATIONS])
    classes = sorted({view.label(c) for group in view.classes_by_term.values() for c in group})
    kinds = f" It describes things of the kinds: {', '.join(classes)}." if classes else ""
    return KGDescription(name, f"Knowledge graph '{name}' with the relations: {relations}.{kinds}")


def scores(descriptions: list[KGDescription], words: list[str], seen: Mapping[str, int] | None = None) -> list[float]:
    """How well a question's words fit each description.

    A term counts 1 for a description whose text has it, plus at most ``LEARNED_WEIGHT`` for what was
    learned: its share of the times the term was learned (a word every graph learned equally says little
    about any), times the share of the questions saying it that taught it (``n / (max(seen, n) +
    LEARNED_PRIOR)``, ``seen``: in how many routed questions the term stood) — one question answered after a
    wrong choice is weak evidence, a word most questions say ("movies") says little about where they go, and
    the text's own relation words stay stronger. Each term is weighted by its inverse document frequency
    over the descriptions, so a term all graphs share weighs 0.
    """
    seen = seen or {}
    bases = [d.base_terms for d in descriptions]
    learned = [d.learned_terms for d in descriptions]
    totals: Counter[str] = Counter()
    for counts in learned:
        totals.update(counts)
    asked = set(words)
    fits = [{t: (t in base) + (LEARNED_WEIGHT * counts[t] / totals[t]
                               * counts[t] / (max(seen.get(t, 0), counts[t]) + LEARNED_PRIOR) if counts[t] else 0.0)
             for t in asked}
            for base, counts in zip(bases, learned, strict=True)]
    df = Counter(t for fit in fits for t, w in fit.items() if w > 0)
    idf = {t: math.log(len(descriptions) / n) if len(descriptions) > 1 else 1.0 for t, n in df.items()}
    return [sum(idf.get(t, 0.0) * w for t, w in fit.items()) for fit in fits]


def question_words(text: str) -> list[str]:
    """The content words of ``text`` (lower-cased) that a description learns: no capitalized word after the
    first, as those name entities ("Alisan Porter"), not what is asked."""
    words = re.findall(r"[\w'-]+", text)
    return [w.lower() for i, w in enumerate(words) if (i == 0 or not w[0].isupper()) and content_terms(w)]
