"""Constraint → predicate grounding over a local schema: lexical overlap first, embeddings second.

Lexical scores are cheap and exact (a question that says "directed" means "directed by"); the dense
score (question vs. predicate label) ranks the rest and breaks ties, and is only computed on a plan
miss, never on a cache hit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from langchain_core.embeddings import Embeddings

from cacherag.memory.text import terms
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import STOPWORDS

# Words that carry no meaning inside a predicate label ("has genre", "directed by").
_LABEL_FILLER = STOPWORDS | {"has", "is", "of", "by"}


def label_terms(label: str) -> list[str]:
    return list(_label_terms(label))


@lru_cache(maxsize=4096)
def _label_terms(label: str) -> tuple[str, ...]:  # labels are few and asked about on every question
    return tuple(t for t in terms(label) if t not in _LABEL_FILLER) or tuple(terms(label))


def content_terms(text: str) -> list[str]:
    """Meaningful stemmed words of a question or constraint (no function words, no placeholder)."""
    return [t for t in terms(text) if t not in STOPWORDS and t != "e"]


def lexical_score(label: str, words: Counter[str]) -> float:
    """Share of the label's meaningful words present in ``words``."""
    wanted = _label_terms(label)
    return sum(1 for t in wanted if words[t] > 0) / len(wanted) if wanted else 0.0


class Grounder:
    """Scores schema edges against question words; caches predicate-label embeddings."""

    def __init__(self, embeddings: Embeddings | None) -> None:
        self._embeddings = embeddings
        self._label_vectors: dict[str, np.ndarray] = {}

    def _vectors(self, labels: Sequence[str]) -> np.ndarray:
        missing = [label for label in dict.fromkeys(labels) if label not in self._label_vectors]
        if missing and self._embeddings is not None:
            for label, vector in zip(missing, self._embeddings.embed_documents(missing), strict=True):
                self._label_vectors[label] = np.asarray(vector)
        return np.stack([self._label_vectors[label] for label in labels])

    def rank(self, question: str, words: Counter[str], edges: Sequence[SchemaEdge],
             dense: bool = True) -> list[tuple[SchemaEdge, float]]:
        """Edges best first with scores: lexical overlap plus (optionally) a dense tie-breaker in [0, 0.5]."""
        if not edges:
            return []
        scores = np.asarray([lexical_score(e.label, words) for e in edges])
        if dense and self._embeddings is not None and len(edges) > 1:
            query = np.asarray(self._embeddings.embed_query(question))
            cosine = self._vectors([e.label for e in edges]) @ query
            spread = cosine.max() - cosine.min()
            scores = scores + 0.5 * ((cosine - cosine.min()) / spread if spread > 0 else 0.0)
        order = sorted(range(len(edges)), key=lambda i: (-scores[i], -edges[i].count, edges[i].predicate))
        return [(edges[i], float(scores[i])) for i in order]


def contradicts(steps: Sequence[dict], words: Counter[str], predicate_labels: Sequence[str]) -> bool:
    """True if the question names a relation the plan does not use ("language" vs a genre plan).

    Named means: all of the relation's words, or at least half of them ("release date" names "release
    year") where the words that matched are not words of the plan's own relations ("imdb" in "imdb rating"
    does not name "imdb votes" against a rating plan).
    """
    used = {step["label"] for step in steps}
    used_terms = {t for label in used for t in _label_terms(label)}
    for label in predicate_labels:
        if label in used:
            continue
        wanted = _label_terms(label)
        matched = {t for t in wanted if words[t] > 0}
        if wanted and len(matched) * 2 >= len(wanted) and not matched <= used_terms:
            return True
    return False


def omits(remembered: str, words: Counter[str], steps: Sequence[dict]) -> bool:
    """True if the remembered question named a relation of its plan with a word this question lacks.

    "who is the writer of the films directed by the director of <E>" does not answer "who is the writer of
    <E>", however similar the two read: the word that named the extra hops is missing.
    """
    named = set(terms(remembered)) & {t for step in steps for t in _label_terms(step["label"])}
    return any(words[t] == 0 for t in named)
