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
from dataclasses import dataclass, field

from cacherag.nodes.reasoners.grounding import content_terms
from cacherag.tools.graph_view import GraphView
from cacherag.tools.terms import RDF_TYPE, iri, lexical_form

SHOWN_RELATIONS = 40
SHOWN_LEARNED = 60


@dataclass
class KGDescription:
    """What one graph holds, as editable text, plus the terms learned from questions it answered."""

    name: str
    text: str
    learned: Counter[str] = field(default_factory=Counter)  # words of questions, as people wrote them

    @property
    def terms(self) -> Counter[str]:
        """Stemmed content terms with weights: the text's once each, learned ones as often as learned."""
        counts = Counter(dict.fromkeys(content_terms(self.text), 1))
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


def weights(descriptions: list[KGDescription]) -> dict[str, float]:
    """Inverse document frequency of each term over the descriptions: a term all graphs share weighs 0."""
    df: Counter[str] = Counter()
    for d in descriptions:
        df.update(set(d.terms))
    total = len(descriptions)
    return {t: math.log(total / n) if total > 1 else 1.0 for t, n in df.items()}


def score(description: KGDescription, words: list[str], idf: dict[str, float]) -> float:
    """How well a question's words fit a description (IDF-weighted, log-damped term weights)."""
    terms = description.terms
    return sum(idf.get(w, 0.0) * math.log1p(terms[w]) for w in set(words) if w in terms)


def question_words(text: str) -> list[str]:
    """The content words of ``text`` as written (lower-cased), what a description learns."""
    return [w for w in re.findall(r"[\w'-]+", text.lower()) if content_terms(w)]
