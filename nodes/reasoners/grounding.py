"""Constraint → predicate grounding over a local schema: lexical overlap first, embeddings second.

Lexical scores are cheap and exact (a question that says "directed" means "directed by"); the dense
score (question vs. predicate label) ranks the rest and breaks ties, and is only computed on a plan
miss, never on a cache hit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from langchain_core.embeddings import Embeddings

from cacherag.memory.text import terms
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import STOPWORDS

# Words that carry no meaning inside a predicate label ("has genre", "directed by").
_LABEL_FILLER = STOPWORDS | {"has", "is", "of", "by"}


def label_terms(label: str) -> list[str]:
    return [t for t in terms(label) if t not in _LABEL_FILLER] or terms(label)


def content_terms(text: str) -> list[str]:
    """Meaningful stemmed words of a question or constraint (no function words, no placeholder)."""
    return [t for t in terms(text) if t not in STOPWORDS and t != "e"]


def lexical_score(label: str, words: Counter[str]) -> float:
    """Share of the label's meaningful words present in ``words``."""
    wanted = label_terms(label)
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
    """True if the question fully names a relation the plan does not use ("language" vs a genre plan)."""
    used = {step["label"] for step in steps}
    return any(label not in used and lexical_score(label, words) == 1.0 for label in predicate_labels)
