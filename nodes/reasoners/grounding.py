"""Constraint → predicate grounding over a local schema: lexical overlap first, embeddings second.

Lexical scores are cheap and exact (a question that says "directed" means "directed by"); the dense
score (question vs. predicate label) ranks the rest and breaks ties, and is only computed on a plan
miss, never on a cache hit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from langchain_core.embeddings import Embeddings

from cacherag.graphs.state import ISR
from cacherag.memory.text import stem, terms
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import STOPWORDS

UNNAMED = 1 << 30  # the distance of a relation the question does not name
AFTER = 1 << 20  # distances of words after the topic mention start here (they come after all before it)
# Words that say the answers share a relation with the topic ("the films that share actors with <E>", "who
# co-wrote films with <E>"): the first hop is followed there and back.
SHARING_WORDS = frozenset(stem(w) for w in ("same", "also", "share", "together", "co"))
_WH_WORDS = frozenset(("which", "what", "who", "whose"))
_COPULA_ARTICLE = frozenset(("is", "are", "was", "were", "the", "a", "an"))
# Words that carry no meaning inside a predicate label ("has genre", "directed by").
_LABEL_FILLER = STOPWORDS | {"has", "is", "of", "by"}


def label_terms(label: str) -> list[str]:
    return list(_label_terms(label))


@lru_cache(maxsize=4096)
def _label_terms(label: str) -> tuple[str, ...]:  # labels are few and asked about on every question
    return tuple(t for t in terms(label) if t not in _LABEL_FILLER) or tuple(terms(label))


def content_terms(text: str) -> list[str]:
    """Meaningful stemmed words of a question or constraint (no function words, no placeholder)."""
    return [t for t in terms(text) if _is_content(t)]


def _is_content(term: str) -> bool:
    return term not in STOPWORDS and term != "e"


def asked_terms(isr: ISR) -> Counter[str]:
    """The content words of the question's constraints, counted as often as they name a relation.

    The noun a wh-word asks for names the answers' type, not a hop of its own, when the question names the
    same relation again: "which screenwriter wrote the script for <E>" and "who is the director that
    directed <E>" follow one relation once, "the films written by the writer of <E>" twice.
    """
    words: Counter[str] = Counter()
    for constraint in isr.get("constraints", []):
        found = terms(constraint)
        words.update(t for t in found if _is_content(t))
        asked = _asked_noun(found)
        if asked is not None and words[asked] > 1:
            words[asked] -= 1
    return words


def _asked_noun(found: list[str]) -> str | None:
    """The noun right after a leading wh-word (past a copula and article): "which <screenwriter>", "who is
    the <director>"."""
    if not found or found[0] not in _WH_WORDS:
        return None
    rest = [t for t in found[1:4] if t not in _COPULA_ARTICLE]
    return rest[0] if rest and rest[0] not in STOPWORDS else None


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


def unconsumed(words: Counter[str], steps: Sequence[dict]) -> Counter[str]:
    """The question's words no plan step accounts for; each step consumes one use of each of its words."""
    left = Counter(words)
    for step in steps:
        for term in _label_terms(step["label"]):
            if left[term] > 0:
                left[term] -= 1
    return +left


def contradicts(steps: Sequence[dict], words: Counter[str], predicate_labels: Sequence[str]) -> bool:
    """True if the question names a relation the plan does not use ("language" vs a genre plan), or names
    one of the plan's relations more often than the plan follows it ("the films directed by the director of
    <E>" vs a one-hop director plan).

    Named means: all of the relation's words, or at least half of them ("release date" names "release
    year") where the words that matched are not words of the plan's own relations ("imdb" in "imdb rating"
    does not name "imdb votes" against a rating plan).
    """
    used = {step["label"] for step in steps}
    used_terms = {t for label in used for t in _label_terms(label)}
    left = unconsumed(words, steps)
    for label in predicate_labels:
        wanted = _label_terms(label)
        if label in used:
            if wanted and sum(1 for t in wanted if left[t] > 0) * 2 >= len(wanted):
                return True
            continue
        matched = {t for t in wanted if words[t] > 0}
        if wanted and len(matched) * 2 >= len(wanted) and not matched <= used_terms:
            return True
    return False


def mention_distances(question: str, mention: str) -> dict[str, list[int]]:
    """Each word's distances (in words, nearest first) from the topic mention in the question.

    English chains relations outward from the entity ("the director of the films of the writer of <E>"),
    and a clause after it comes last ("the films directed by <E> were released when"), so of the relations
    a question names, the one named nearest before the topic is its first hop and those after it follow.
    """
    start = question.find(mention) if mention else -1
    if start < 0:
        return {}
    distances: dict[str, list[int]] = {}
    before, after = list(reversed(terms(question[:start]))), terms(question[start + len(mention):])
    for offset, side in ((0, before), (AFTER, after)):
        for i, term in enumerate(side, start=1):
            distances.setdefault(term, []).append(offset + i)
    return {term: sorted(found) for term, found in distances.items()}


def label_distance(label: str, distances: dict[str, list[int]], consumed: Counter[str]) -> int:
    """How far from the mention the question names ``label``, past the uses earlier hops consumed."""
    found = [distances[t][consumed[t]] for t in _label_terms(label) if consumed[t] < len(distances.get(t, ()))]
    return min(found, default=UNNAMED)


def overuses(steps: Sequence[dict], asked: Asked) -> bool:
    """True if the plan follows a relation more often than the question names it ("who directed <E> and
    what else did they direct" aside, a relation is named once per excursion along it).

    A hop straight back along the previous one is part of the same excursion ("the films directed by the
    director of <E>"); but a plan that just goes there and back ends where it started, which only a question
    about what shares a relation with the topic asks for ("who are the actors in <E>" is not one). A
    relation the question does not name at all says nothing: a paraphrase need not name it.
    """
    def named(label: str) -> int:
        """How often the question names the relation: its most repeated word, or twice when its words stand
        on both sides of the topic ("the films starred by <E> actors", but "the film <E> starred which
        actors" once)."""
        wanted = _label_terms(label)
        most = max((asked.words[t] for t in wanted), default=0)
        sides = {d >= AFTER for t in wanted if asked.words[t] for d in asked.distances.get(t, ())}
        return max(most, len(sides))

    if len(steps) == 2 and returns(steps) and not asked.sharing and named(steps[0]["label"]) < 2:
        return True
    uses = Counter(step["label"] for i, step in enumerate(steps) if not (i and returns(steps[i - 1:i + 1])))
    return any(0 < named(label) < n for label, n in uses.items())


def returns(steps: Sequence[dict]) -> bool:
    """True if the second hop goes back along the first (to what shares the first hop's target)."""
    return (len(steps) > 1 and steps[1]["predicate"] == steps[0]["predicate"]
            and steps[1]["inverse"] != steps[0]["inverse"])


def out_of_order(steps: Sequence[dict], asked: Asked) -> bool:
    """True if the plan follows relations named before the topic in another order than they are named
    outward from it ("the genres of the films directed by the director of <E>": director, films, genres).
    Relations named after the topic are not placed: "<E> starred films" and "films starred by <E>" differ."""
    consumed: Counter[str] = Counter()
    reached = 0
    for step in steps:
        distance = label_distance(step["label"], asked.distances, consumed)
        if distance < AFTER:
            if distance < reached:
                return True
            reached = distance
        consumed.update(_label_terms(step["label"]))
    return False


def misfits(steps: Sequence[dict], asked: Asked, predicate_labels: Sequence[str]) -> bool:
    """True if the plan does not follow the relations the question names, as often and in the order it
    names them (and there and back first when it asks what shares a relation with the topic)."""
    return (contradicts(steps, asked.words, predicate_labels) or overuses(steps, asked)
            or (asked.sharing and not returns(steps)) or out_of_order(steps, asked))


@dataclass(frozen=True)
class Asked:
    """What a question asks for, in the terms plans are checked against."""

    words: Counter[str]  # content words outside the topic mention
    sharing: bool  # asks for what shares a relation with the topic ("films with the same actor as <E>")
    distances: dict[str, list[int]]  # each word's distances from the topic mention

    @classmethod
    def of(cls, question: str, isr: ISR) -> Asked:
        constraints = isr.get("constraints", [])
        return cls(words=asked_terms(isr),
                   sharing=any(t in SHARING_WORDS for c in constraints for t in terms(c)),
                   distances=mention_distances(question, isr.get("topic_mention", "")))


def omits(remembered: str, words: Counter[str], steps: Sequence[dict]) -> bool:
    """True if the remembered question named a relation of its plan with a word this question lacks.

    "who is the writer of the films directed by the director of <E>" does not answer "who is the writer of
    <E>", however similar the two read: the word that named the extra hops is missing.
    """
    named = set(terms(remembered)) & {t for step in steps for t in _label_terms(step["label"])}
    return any(words[t] == 0 for t in named)
