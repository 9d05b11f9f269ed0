"""BM25 (Okapi) with normalized scores, as the similarity of MMR plan selection, and its top-n by MaxScore.

Scores are normalized by each document's score against itself, so 1.0 means "the query covers this document
completely" and the MMR terms and the minimum-relevance threshold mean the same thing in every bucket: a raw
score is divided by the geometric mean of the query's and the document's scores against themselves (1.0 = same
bag of words). Words the corpus has never seen count against a query at the highest IDF.

Top-n retrieval scores a large corpus's documents only where they can reach the head (MaxScore over per-term
upper bounds). Documents are laid out by group (a plan's first hop), so the documents a question admits are
contiguous runs of every term's postings, and each term keeps its largest normalized contribution in each
group. Terms are read by falling bound; the documents of each one read are scored exactly, until the bounds of
the terms left add up to less than the n-th best score found. A small corpus (:data:`_SMALL`) is scored whole
and a question with few postings (:data:`_FEW`) reads them in one pass, which is cheaper there. What
:meth:`BM25Index.top` returns is the exhaustive ranking's head (:meth:`BM25Index.scores` sorted stably): the
same exact scores, summed in the same order, ties in position order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

K1, B = 1.5, 0.75  # Okapi's usual term-frequency saturation and length normalization
_SMALL = 8192  # documents of a corpus small enough to score whole
_FEW = 2048  # postings a question reads all at once rather than term by term
_SLACK = 1e-9  # bounds are sums of other roundings than the exact scores: keep them above by this much


class BM25Index:
    """Normalized BM25 similarity over a fixed corpus of token lists, each document optionally in a group."""

    def __init__(self, corpus: Sequence[Sequence[str]], groups: Sequence[int] | np.ndarray | None = None) -> None:
        self.size = len(corpus)
        self._words = sorted({token for doc in corpus for token in doc})  # columns follow the sorted vocabulary
        self._column = {token: c for c, token in enumerate(self._words)}
        words = len(self._words)
        lengths = np.fromiter((len(doc) for doc in corpus), dtype=np.int64, count=self.size)
        flat = np.fromiter((self._column[t] for doc in corpus for t in doc), dtype=np.int64, count=int(lengths.sum()))
        # Distinct (document, term) pairs with their term frequency, each document's in first-occurrence order.
        _, first, tf = np.unique(np.repeat(np.arange(self.size, dtype=np.int64), lengths) * max(words, 1) + flat,
                                 return_index=True, return_counts=True)
        by_occurrence = np.argsort(first, kind="stable")
        pair_doc = np.repeat(np.arange(self.size), lengths)[first[by_occurrence]]
        pair_term, tf = flat[first[by_occurrence]], tf[by_occurrence]
        df = np.bincount(pair_term, minlength=words)
        # Okapi's IDF goes negative for words in over half the documents (and in a one-entry bucket);
        # the Lucene form log(1 + (N - n + .5) / (n + .5)) keeps every weight positive.
        idf = np.asarray([float(np.log(1 + (self.size - n + 0.5) / (n + 0.5))) for n in df.tolist()])
        self._shared = frozenset(self._words[c] for c in np.flatnonzero(df >= 2).tolist())
        avgdl = int(lengths.sum()) / self.size if self.size else 1.0
        norm = K1 * (1 - B + B * lengths.astype(float) / avgdl)
        weight = idf[pair_term] * tf * (K1 + 1) / (tf + norm[pair_doc])
        self._unseen_idf = float(np.log(1 + (self.size + 0.5) / 0.5))
        self._avgdl = avgdl
        # Each document's score against itself, summed token by token in first-occurrence order.
        rank = np.arange(len(pair_doc)) - np.repeat(np.searchsorted(pair_doc, np.arange(self.size)),
                                                    np.bincount(pair_doc, minlength=self.size))
        selves = np.zeros(self.size)
        layered = np.lexsort((pair_doc, rank))
        edges = np.searchsorted(rank[layered], np.arange(int(rank.max(initial=-1)) + 2))
        for start, end in zip(edges[:-1], edges[1:], strict=True):
            at = layered[start:end]
            selves[pair_doc[at]] += weight[at] * tf[at]
        self._self = np.maximum(selves, 1e-9)
        # Each document's (term column, tf, weight) in first-occurrence order, for pairwise() and terms().
        self._doc_ptr = np.concatenate([[0], np.cumsum(np.bincount(pair_doc, minlength=self.size))])
        self._doc_terms, self._doc_tf, self._doc_weight = pair_term, tf.astype(float), weight
        self._lay_out(np.zeros(self.size, np.int64) if groups is None else np.asarray(groups, np.int64),
                      pair_doc, pair_term, weight)

    def _lay_out(self, groups: np.ndarray, pair_doc: np.ndarray, pair_term: np.ndarray, weight: np.ndarray) -> None:
        """Documents by group (positions kept for ties), postings by term, and each term's largest normalized
        contribution in each group."""
        self._position = np.argsort(groups, kind="stable")  # internal order -> position
        internal = np.empty(self.size, np.int64)
        internal[self._position] = np.arange(self.size)
        self._self_internal = self._self[self._position]
        names, group_of = np.unique(groups[self._position], return_inverse=True)  # group_of: by internal id
        bounds = np.searchsorted(group_of, np.arange(len(names) + 1))
        self._groups = {g: (i, int(bounds[i]), int(bounds[i + 1])) for i, g in enumerate(names.tolist())}
        self._group_of = group_of
        # Postings: term by term, documents in internal order.
        docs = internal[pair_doc]
        by_term = np.lexsort((docs, pair_term))
        self._post_doc, self._post_weight = docs[by_term], weight[by_term]
        term, group = pair_term[by_term], group_of[self._post_doc]
        self._post_ptr = np.searchsorted(term, np.arange(len(self._words) + 1))
        self._post_bounds = self._post_ptr.tolist()
        self._post_key = term * self.size + self._post_doc  # (term, document), ascending: one search finds both
        # Segments: the postings of one term in one group, with the largest normalized contribution among them.
        starts = np.flatnonzero(np.diff(term * max(len(names), 1) + group, prepend=-1) != 0)
        self._seg_start = starts
        self._seg_end = np.append(starts[1:], len(term))
        self._seg_group = group[starts]
        contribution = self._post_weight / np.sqrt(self._self_internal[self._post_doc])
        self._seg_max = np.maximum.reduceat(contribution, starts) if len(starts) else np.zeros(0)
        self._seg_ptr = np.searchsorted(term[starts], np.arange(len(self._words) + 1))

    def _self_score(self, query: Sequence[str]) -> float:
        """Score of ``query`` against itself, as if it were a document of this corpus."""
        norm = K1 * (1 - B + B * len(query) / self._avgdl)
        score = 0.0
        for token in query:
            tf = query.count(token)
            column = self._column.get(token)
            idf = self._unseen_idf if column is None else self._idf(column)
            score += idf * tf * (K1 + 1) / (tf + norm)
        return max(score, 1e-9)

    def _idf(self, column: int) -> float:
        n = int(self._post_ptr[column + 1] - self._post_ptr[column])
        return float(np.log(1 + (self.size - n + 0.5) / (n + 0.5)))

    def scores(self, query: Sequence[str]) -> np.ndarray:
        """Normalized relevance of ``query`` to every document (by position), each in [0, 1]: the exhaustive
        scorer :meth:`top` agrees with."""
        total = np.zeros(self.size)
        if not self.size:
            return total
        for token in query:
            column = self._column.get(token)
            if column is not None:
                at = slice(self._post_ptr[column], self._post_ptr[column + 1])
                total[self._position[self._post_doc[at]]] += self._post_weight[at]
        return np.minimum(total / np.sqrt(self._self * self._self_score(query)), 1.0)

    def top(self, query: Sequence[str], n: int, floor: float, groups: Sequence[int] | None = None,
            ) -> tuple[np.ndarray, np.ndarray]:
        """Positions of the ``n`` documents most relevant to ``query`` (best first, ties in position order) among
        those at least ``floor`` relevant and, with ``groups``, in one of these groups; and their relevances.

        The same as sorting :meth:`scores` stably and cutting at ``n`` (MaxScore): terms are taken by falling
        upper bound, and the documents of each term's postings scored exactly, until the bounds of the terms
        left add up to less than the n-th best score found: no document with only those terms can reach it.
        """
        none = np.zeros(0, np.int64), np.zeros(0)
        if not self.size or n <= 0:
            return none
        admitted = ([self._groups[g] for g in groups if g in self._groups] if groups is not None
                    else list(self._groups.values()))
        if floor <= 0:  # every document qualifies, matching or not: no bound prunes anything
            relevance = self.scores(query)
            positions = np.sort(self._position[_ranges(np.asarray([a[1] for a in admitted], np.int64),
                                                       np.asarray([a[2] for a in admitted], np.int64))])
            best = best_first(relevance[positions], n)
            return positions[best], relevance[positions][best]
        columns = [c for c in map(self._column.get, query) if c is not None]  # query order, repeats kept
        if not columns:
            return none
        query_self = self._self_score(query)
        chosen = np.zeros(len(self._groups), dtype=bool)
        chosen[[a[0] for a in admitted]] = True
        ordered = np.asarray(columns, np.int64)
        if self.size <= _SMALL:  # a small corpus: add every posting up in one array, as scores() does
            total = np.zeros(self.size)
            for column in columns:
                at = slice(self._post_bounds[column], self._post_bounds[column + 1])
                total[self._post_doc[at]] += self._post_weight[at]
            docs = np.flatnonzero(total)
            if groups is not None:
                docs = docs[chosen[self._group_of[docs]]]
            return self._head(docs, np.minimum(total[docs] / np.sqrt(self._self_internal[docs] * query_self), 1.0),
                              n, floor)
        if int((self._post_ptr[ordered + 1] - self._post_ptr[ordered]).sum()) <= _FEW:
            # Few postings: read them all in one pass, in query order, keeping the admitted groups' plans.
            at = _ranges(self._post_ptr[ordered], self._post_ptr[ordered + 1])
            docs, weights = self._post_doc[at], self._post_weight[at]
            if groups is not None:
                kept = chosen[self._group_of[docs]]
                docs, weights = docs[kept], weights[kept]
            return self._head(*self._summed(docs, weights, query_self), n, floor)
        # Each distinct term's admitted segments and the bound on its share of a score, in one vector pass.
        distinct = np.asarray(list(dict.fromkeys(columns)), np.int64)
        segments = _ranges(self._seg_ptr[distinct], self._seg_ptr[distinct + 1])
        owner = np.repeat(np.arange(len(distinct)), self._seg_ptr[distinct + 1] - self._seg_ptr[distinct])
        if groups is not None:
            kept = chosen[self._seg_group[segments]]
            segments, owner = segments[kept], owner[kept]
        maxima = np.zeros(len(distinct))
        np.maximum.at(maxima, owner, self._seg_max[segments])
        repeats = [columns.count(c) for c in distinct.tolist()]  # how often the query says each term
        shares = np.asarray(repeats) * maxima / np.sqrt(query_self) * (1 + _SLACK) + _SLACK
        edges = np.searchsorted(owner, np.arange(len(distinct) + 1)).tolist()
        if int((self._seg_end[segments] - self._seg_start[segments]).sum()) <= _FEW:
            # Few postings to read: score them all in one pass (summed per document in query order).
            of_term = {c: segments[edges[i] : edges[i + 1]] for i, c in enumerate(distinct.tolist())}
            read = np.concatenate([of_term[c] for c in columns])
            at = _ranges(self._seg_start[read], self._seg_end[read])
            found_docs, found_relevance = self._summed(self._post_doc[at], self._post_weight[at], query_self)
        else:  # MaxScore: terms by falling bound, until those left cannot lift a document to the n-th best
            terms = [(float(shares[i]), segments[edges[i] : edges[i + 1]], repeats[i])
                     for i in np.argsort(-shares, kind="stable").tolist() if edges[i + 1] > edges[i]]
            left = sum(share for share, _, _ in terms)  # bound of a document with none of the terms read
            threshold = floor
            found_docs, found_relevance = np.zeros(0, np.int64), np.zeros(0)
            for share, segments, repeat in terms:
                if left < threshold:
                    break
                left -= share
                at = _ranges(self._seg_start[segments], self._seg_end[segments])
                docs = self._post_doc[at]
                if len(found_docs):
                    unseen = ~np.isin(docs, found_docs, assume_unique=True)
                    docs, at = docs[unseen], at[unseen]
                # A document not in the terms read before has this term's own share and at most the bounds of
                # the terms not read yet: below the n-th best, it is not worth scoring exactly (nor ever after).
                own = repeat * self._post_weight[at] / np.sqrt(self._self_internal[docs] * query_self)
                hopeless = own * (1 + _SLACK) + _SLACK + left < threshold
                relevance = np.full(len(docs), -1.0)
                relevance[~hopeless] = self._score(columns, docs[~hopeless], query_self)
                kept = relevance >= floor
                found_docs = np.concatenate([found_docs, docs])  # scored (kept or not): never scored again
                found_relevance = np.concatenate([found_relevance, np.where(kept, relevance, -1.0)])
                if np.count_nonzero(found_relevance >= floor) >= n:
                    threshold = max(threshold, _nth(found_relevance, n))
        return self._head(found_docs, found_relevance, n, floor)

    def _summed(self, docs: np.ndarray, weights: np.ndarray, query_self: float) -> tuple[np.ndarray, np.ndarray]:
        """The distinct documents among ``docs`` (internal ids) and their normalized relevance: their
        ``weights`` summed in the order given (query order, as :meth:`scores` adds them)."""
        ids, where = np.unique(docs, return_inverse=True)
        total = np.bincount(where, weights=weights, minlength=len(ids))
        return ids, np.minimum(total / np.sqrt(self._self_internal[ids] * query_self), 1.0)

    def _head(self, docs: np.ndarray, relevance: np.ndarray, n: int, floor: float) -> tuple[np.ndarray, np.ndarray]:
        """Positions and relevances of the ``n`` best of the scored ``docs`` at least ``floor`` relevant, best
        first, ties in position order."""
        kept = relevance >= floor
        positions, relevances = self._position[docs[kept]], relevance[kept]
        by_position = np.argsort(positions)
        positions, relevances = positions[by_position], relevances[by_position]
        best = best_first(relevances, n)
        return positions[best], relevances[best]

    def _score(self, columns: list[int], docs: np.ndarray, query_self: float) -> np.ndarray:
        """Exact normalized relevance of the documents ``docs`` (internal ids): weights added term by term in
        query order, as :meth:`scores` adds them, so the values are the same to the last bit."""
        distinct = list(dict.fromkeys(columns))
        # Every (term, document) weight in one search of the postings' (term, document) keys; 0 where absent.
        keys = (np.asarray(distinct, np.int64)[:, None] * self.size + docs[None, :]).ravel()
        at = np.minimum(self._post_key.searchsorted(keys), len(self._post_key) - 1)
        weights = np.where(self._post_key[at] == keys, self._post_weight[at], 0.0).reshape(len(distinct), len(docs))
        total = np.zeros(len(docs))
        for column in columns:
            total += weights[distinct.index(column)]
        return np.minimum(total / np.sqrt(self._self_internal[docs] * query_self), 1.0)

    @property
    def vocabulary(self) -> frozenset[str]:
        """Tokens of at least two documents: the corpus's recurring words (not a one-off name)."""
        return self._shared

    def terms(self, index: int) -> frozenset[str]:
        """The distinct tokens of document ``index``."""
        columns = self._doc_terms[self._doc_ptr[index] : self._doc_ptr[index + 1]].tolist()
        return frozenset([self._words[c] for c in columns])

    def pairwise(self, indices: Sequence[int]) -> np.ndarray:
        """``M[i, j]`` = normalized similarity of document ``indices[i]`` (as query) to ``indices[j]``."""
        if not len(indices):
            return np.zeros((0, 0))
        indices = np.asarray(indices, dtype=np.int64)
        lengths = self._doc_ptr[indices + 1] - self._doc_ptr[indices]
        at = _ranges(self._doc_ptr[indices], self._doc_ptr[indices + 1])
        vocabulary, columns = np.unique(self._doc_terms[at], return_inverse=True)
        cells = (np.repeat(np.arange(len(indices)), lengths), columns)
        counts = np.zeros((len(indices), len(vocabulary)))
        weights = np.zeros((len(indices), len(vocabulary)))
        counts[cells] = self._doc_tf[at]
        weights[cells] = self._doc_weight[at]
        selves = self._self[indices]
        return np.minimum(counts @ weights.T / np.sqrt(np.outer(selves, selves)), 1.0)


def best_first(values: np.ndarray, n: int) -> np.ndarray:
    """Positions of the ``n`` largest ``values``, largest first, ties in position order (a stable sort of all
    of them, cut at ``n``, without sorting all of them)."""
    positions = np.arange(len(values))
    if len(values) > n:
        kth = np.partition(values, len(values) - n)[len(values) - n]
        over = positions[values > kth]
        positions = np.sort(np.concatenate([over, positions[values == kth][: n - len(over)]]))
    return positions[np.argsort(-values[positions], kind="stable")]


def _nth(values: np.ndarray, n: int) -> float:
    """The n-th largest of ``values``."""
    return float(np.partition(values, len(values) - n)[len(values) - n])


def _within(counts: np.ndarray) -> np.ndarray:
    """0, 1, …, c-1 for each count c, concatenated."""
    return np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)


def _ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The indices start..end-1 of every (start, end), concatenated."""
    return np.repeat(starts, ends - starts) + _within(ends - starts)
