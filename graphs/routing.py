"""Routing a question over several knowledge graphs, with self-updating descriptions (CacheRAG A.7).

Each graph has a description generated from its schema (editable). A question goes to the graph whose
description fits it best — offline by IDF-weighted term overlap plus whether the question names one of
the graph's entities, with the similarity of the question to the graph's relation labels deciding
between graphs those leave tied; with an LLM reasoner by the routing prompt (chain of thought, then a name). When the
chosen graph cannot complete the question, the others are tried in order; if one answers, the
descriptions are updated so the next such question goes there first: offline, the question's terms
(outside its entity span) are added to the graph that answered and taken from the one that failed; with
an LLM, by the paper's description-update prompt.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cacherag.graphs.context import Context
from cacherag.graphs.resources import embeddings, resources
from cacherag.nodes.reasoners.grounding import content_terms
from cacherag.tools.errors import CacheRAGError, ConfigurationError
from cacherag.tools.kg_descriptions import KGDescription, describe, question_words, scores
from cacherag.tools.linking import STOPWORDS

ENTITY_WEIGHT = 2.0  # holding the question's most specific name outweighs a few shared description terms
# The graph whose relation labels read most like the question (by embedding, the topic masked) gains up to
# this much: a quarter of one description term, so it decides between graphs the question's words and
# entity leave (nearly) tied ("what is the birthplace of <E>" ~ "born in"), and never outweighs a word the
# question shares with a description.
LABEL_WEIGHT = 0.25

Invoke = Callable[[Context], dict[str, Any]]


@dataclass
class Routed:
    """How a question was routed: the final state, the graph chosen first, the one that answered."""

    state: dict[str, Any]
    chosen: str
    answered_by: str | None
    tried: list[str]
    updated: bool
    reasoning: str = ""
    cost: dict[str, int] = field(default_factory=dict)

    def trace(self) -> dict[str, Any]:
        return {"routed_to": self.chosen, "answered_by": self.answered_by, "tried": self.tried,
                "descriptions_updated": self.updated}


class Router:
    """Routes questions over named contexts (one per graph) and keeps their descriptions up to date."""

    def __init__(self, contexts: Mapping[str, Context], *, update: bool = True) -> None:
        if not contexts:
            raise ConfigurationError("routing needs at least one knowledge graph")
        self.contexts = dict(contexts)
        self.update = update
        self._descriptions: dict[str, KGDescription] = {}
        self._label_vectors: dict[str, np.ndarray | None] = {}  # unit vectors of each graph's relation labels
        self._seen: Counter[str] = Counter()  # routed questions each term stood in (see :func:`scores`)
        self._lock = threading.Lock()

    # -- descriptions --------------------------------------------------------------------------------
    @property
    def descriptions(self) -> dict[str, KGDescription]:
        """Every graph's description, generated from its schema on first use."""
        with self._lock:
            for name, ctx in self.contexts.items():
                if name not in self._descriptions:
                    self._descriptions[name] = describe(name, resources(ctx).view)
            return self._descriptions

    def set_description(self, name: str, text: str) -> None:
        """Replace a graph's description text (what it learned from questions is kept)."""
        if name not in self.contexts:
            raise ConfigurationError(f"unknown knowledge graph {name!r}; choose one of {', '.join(self.contexts)}")
        self.descriptions[name].text = text

    # -- routing -------------------------------------------------------------------------------------
    def rank(self, question: str) -> list[tuple[str, float]]:
        """Graphs by how well they fit the question, best first.

        The entity the question names comes first: the graphs holding the longest linked span (the most
        specific name in the question) get ``ENTITY_WEIGHT``; among them, and for every other graph, the
        description's IDF-weighted term overlap decides, then (``LABEL_WEIGHT``) how close the question, its
        entity masked, reads to the graph's nearest relation label; ties keep the order the graphs were given
        in. A span made only of the descriptions' own words ("director", "film"), or of words they learned
        from questions ("screenplay", once a question about a film's screenplay was answered elsewhere), says
        what is asked, not about what, even where some graph has a node of that name (a tag "screenplay").
        """
        descriptions = self.descriptions
        asked_with = self._vocabulary() | {t for d in descriptions.values() for t in d.learned_terms}
        spans = {name: self._longest_mention(name, question, asked_with) for name in descriptions}
        longest = max((len(span) for span in spans.values()), default=0)
        fits = scores(list(descriptions.values()), content_terms(question), self._seen)
        entity = max(spans.values(), key=len, default="")
        near = self._label_similarity(question.replace(entity, " ") if entity else question)
        ranked = [(name, fit + (ENTITY_WEIGHT if longest == len(spans[name]) > 0 else 0.0) + LABEL_WEIGHT * near[name])
                  for name, fit in zip(descriptions, fits, strict=True)]
        order = list(self.contexts)
        return sorted(ranked, key=lambda item: (-item[1], order.index(item[0])))

    def _vocabulary(self) -> set[str]:
        """Every term the descriptions' texts use (relation and class words of all graphs)."""
        return {t for d in self.descriptions.values() for t in d.base_terms}

    def _longest_mention(self, name: str, question: str, vocabulary: set[str]) -> str:
        """The longest span of ``question`` that names a node of graph ``name`` ("" when none; spans of
        stopwords or of description words only do not count)."""
        mentions = resources(self.contexts[name]).view.labels.mentions(question, fuzzy=False)
        return max((m.text for m in mentions
                    if m.text.lower() not in STOPWORDS and not set(content_terms(m.text)) <= vocabulary),
                   key=len, default="")

    def _label_similarity(self, text: str) -> dict[str, float]:
        """Per graph, the cosine of ``text`` to its nearest relation label, rescaled over the graphs to [0, 1]
        (the nearest graph 1, the farthest 0; all 0 when they are equally near)."""
        model = embeddings(next(iter(self.contexts.values())))  # the graphs share one context but for the graph
        with self._lock:
            if not self._label_vectors:
                for name, ctx in self.contexts.items():
                    labels = sorted(set(resources(ctx).view.relation_labels))
                    self._label_vectors[name] = _unit(model.embed_documents(labels)) if labels else None
        vector = _unit(model.embed_documents([text]))[0]
        near = {name: float((vectors @ vector).max()) if vectors is not None else -1.0
                for name, vectors in self._label_vectors.items()}
        low, high = min(near.values()), max(near.values())
        return {name: (value - low) / (high - low) if high > low else 0.0 for name, value in near.items()}

    def _llm(self) -> Any | None:
        reasoner = resources(next(iter(self.contexts.values()))).reasoner
        return reasoner if hasattr(reasoner, "route") else None

    def choose(self, question: str) -> tuple[list[str], str, dict[str, int]]:
        """The order to try graphs in, the reasoning behind the first, and what choosing cost."""
        ranked = [name for name, _ in self.rank(question)]
        llm = self._llm()
        if llm is None:
            return ranked, "offline: description terms and named entities", {}
        texts = {name: d.render() for name, d in self.descriptions.items()}
        out = llm.route(question, texts)
        name, reasoning = out.value
        if name in self.contexts:
            ranked.remove(name)
            ranked.insert(0, name)
        return ranked, reasoning, out.cost()

    def ask(self, question: str, invoke: Invoke) -> Routed:
        """Answer ``question`` on the best graph; on a miss, try the others and learn from the one that answers."""
        with self._lock:
            self._seen.update(set(content_terms(" ".join(question_words(question)))))
        order, reasoning, cost = self.choose(question)
        tried: list[str] = []
        first_state: dict[str, Any] | None = None
        for name in order:
            try:
                state = invoke(self.contexts[name])
            except CacheRAGError:
                if not tried:
                    raise  # the chosen graph's own failure is the caller's to see
                continue  # another graph being down must not hide the first one's missing answer
            tried.append(name)
            first_state = first_state or state
            if state.get("status") == "answered" and state.get("answers"):
                updated = name != order[0] and self.update
                if updated:
                    self._learn(question, state, failed=order[0], answered=name, reasoning=reasoning)
                return Routed(state, order[0], name, tried, updated, reasoning, cost)
        return Routed(first_state or {}, order[0], None, tried, False, reasoning, cost)

    def _learn(self, question: str, state: dict[str, Any], *, failed: str, answered: str, reasoning: str) -> None:
        llm = self._llm()
        descriptions = self.descriptions
        if llm is not None:
            texts = {name: d.text for name, d in descriptions.items()}
            rewritten = llm.update_descriptions(texts, failed, question, reasoning, answered).value
            if rewritten:
                with self._lock:
                    for name, text in rewritten.items():
                        if name in descriptions and text.strip():
                            descriptions[name].text = text.strip()
                return
        topic = state.get("topic") or {}
        mention = topic.get("mention", "")
        # Relation words of any graph are not learned: they already say which graph they belong to.
        vocabulary = self._vocabulary()
        words = [w for w in question_words(question.replace(mention, " ") if mention else question)
                 if not set(content_terms(w)) <= vocabulary]
        with self._lock:
            descriptions[answered].learn(words)
            descriptions[failed].unlearn(words)


def _unit(vectors: Sequence[Sequence[float]]) -> np.ndarray:
    array = np.asarray(vectors, dtype=float)
    return array / np.maximum(np.linalg.norm(array, axis=1, keepdims=True), 1e-12)
