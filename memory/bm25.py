"""BM25 (Okapi, via rank-bm25) with normalized scores, as the similarity of MMR plan selection.

rank-bm25 computes the corpus statistics; scoring walks inverted postings so a query costs time in the
number of matching entries, not in the bucket size. Scores are normalized by each document's score
against itself, so 1.0 means "the query covers this document completely" and the MMR terms and the
minimum-relevance threshold mean the same thing in every bucket: a raw score is divided by the geometric
mean of the query's and the document's scores against themselves (1.0 = same bag of words). Words the
corpus has never seen count against a query at the highest IDF.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from rank_bm25 import BM25Okapi


class BM25Index:
    """Normalized BM25 similarity over a fixed corpus of token lists."""

    def __init__(self, corpus: Sequence[Sequence[str]]) -> None:
        self.size = len(corpus)
        if not self.size:
            return
        self._bm25 = BM25Okapi([list(doc) for doc in corpus])
        k1, b = self._bm25.k1, self._bm25.b
        # Okapi's IDF goes negative for words in over half the documents (and in a one-entry bucket);
        # the Lucene form log(1 + (N - n + .5) / (n + .5)) keeps every weight positive.
        counts: dict[str, int] = defaultdict(int)
        for freqs in self._bm25.doc_freqs:
            for token in freqs:
                counts[token] += 1
        self._idf = {t: float(np.log(1 + (self.size - n + 0.5) / (n + 0.5))) for t, n in counts.items()}
        self._shared = frozenset(t for t, n in counts.items() if n >= 2)
        lengths = np.asarray(self._bm25.doc_len, dtype=float)
        self._norm = k1 * (1 - b + b * lengths / self._bm25.avgdl)
        postings: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
        for i, freqs in enumerate(self._bm25.doc_freqs):
            for token, tf in freqs.items():
                postings[token][0].append(i)
                postings[token][1].append(tf)
        self._postings = {
            t: (np.asarray(ids), self._idf[t] * np.asarray(tfs) * (k1 + 1)
                / (np.asarray(tfs) + self._norm[ids]))
            for t, (ids, tfs) in postings.items()
        }
        self._k1, self._b = k1, b
        self._unseen_idf = float(np.log(1 + (self.size + 0.5) / 0.5))
        # Per-document weights, for pairwise similarity among a handful of MMR candidates.
        weights = [{t: self._token_weight(t, i) for t in freqs} for i, freqs in enumerate(self._bm25.doc_freqs)]
        self._self = np.maximum(np.asarray([
            sum(weights[i][t] * tf for t, tf in freqs.items()) for i, freqs in enumerate(self._bm25.doc_freqs)
        ]), 1e-9)
        # Each document as (token column, tf, weight) arrays, so pairwise() takes a few vectorized steps rather than
        # a Python loop per token; columns follow the sorted vocabulary, as the similarity matrix's always have.
        column = {t: c for c, t in enumerate(sorted(self._idf))}
        self._rows = [(np.asarray([column[t] for t in freqs], dtype=np.intp),
                       np.asarray(list(freqs.values()), dtype=float),
                       np.asarray([weights[i][t] for t in freqs]))
                      for i, freqs in enumerate(self._bm25.doc_freqs)]
        self._terms = [frozenset(freqs) for freqs in self._bm25.doc_freqs]

    def _token_weight(self, token: str, index: int) -> float:
        ids, weights = self._postings[token]
        return float(weights[np.searchsorted(ids, index)])

    def _self_score(self, query: Sequence[str]) -> float:
        """Score of ``query`` against itself, as if it were a document of this corpus."""
        norm = self._k1 * (1 - self._b + self._b * len(query) / self._bm25.avgdl)
        score = 0.0
        for token in query:
            tf = query.count(token)
            idf = self._idf.get(token, self._unseen_idf)
            score += idf * tf * (self._k1 + 1) / (tf + norm)
        return max(score, 1e-9)

    def scores(self, query: Sequence[str]) -> np.ndarray:
        """Normalized relevance of ``query`` to every document, each in [0, 1]."""
        total = np.zeros(self.size)
        if not self.size:
            return total
        for token in query:
            posting = self._postings.get(token)
            if posting is not None:
                total[posting[0]] += posting[1]
        return np.minimum(total / np.sqrt(self._self * self._self_score(query)), 1.0)

    def above(self, query: Sequence[str], floor: float) -> tuple[np.ndarray, np.ndarray]:
        """The documents (ascending) whose normalized relevance to ``query`` is at least ``floor``, and those
        relevances: :meth:`scores` without touching every document when the query's postings are few."""
        if not self.size:
            return np.zeros(0, dtype=np.intp), np.zeros(0)
        postings = [self._postings[t] for t in query if t in self._postings]
        if floor <= 0:  # every document qualifies
            ids = np.arange(self.size)
            total = np.zeros(self.size)
            for posting_ids, weights in postings:
                total[posting_ids] += weights
        elif sum(len(ids) for ids, _ in postings) * 8 < self.size:  # few postings: sum them sparsely
            # (in the order scores() adds them, so the sums are the same to the last bit)
            ids, where = np.unique(np.concatenate([ids for ids, _ in postings] or [np.zeros(0, np.intp)]),
                                   return_inverse=True)
            total = np.bincount(where, weights=np.concatenate([w for _, w in postings] or [np.zeros(0)]),
                                minlength=len(ids))
        else:
            dense = np.zeros(self.size)
            for posting_ids, weights in postings:
                dense[posting_ids] += weights
            ids = np.flatnonzero(dense)
            total = dense[ids]
        relevance = np.minimum(total / np.sqrt(self._self[ids] * self._self_score(query)), 1.0)
        kept = relevance >= floor
        return ids[kept], relevance[kept]

    @property
    def vocabulary(self) -> frozenset[str]:
        """Tokens of at least two documents: the corpus's recurring words (not a one-off name)."""
        return self._shared if self.size else frozenset()

    def terms(self, index: int) -> frozenset[str]:
        """The distinct tokens of document ``index``."""
        return self._terms[index]

    def pairwise(self, indices: Sequence[int]) -> np.ndarray:
        """``M[i, j]`` = normalized similarity of document ``indices[i]`` (as query) to ``indices[j]``."""
        rows = [self._rows[i] for i in indices]
        if not rows:
            return np.zeros((0, 0))
        vocabulary, columns = np.unique(np.concatenate([r[0] for r in rows]), return_inverse=True)
        at = (np.repeat(np.arange(len(rows)), [len(r[0]) for r in rows]), columns)
        counts = np.zeros((len(rows), len(vocabulary)))
        weights = np.zeros((len(rows), len(vocabulary)))
        counts[at] = np.concatenate([r[1] for r in rows])
        weights[at] = np.concatenate([r[2] for r in rows])
        selves = self._self[list(indices)]
        return np.minimum(counts @ weights.T / np.sqrt(np.outer(selves, selves)), 1.0)
