"""Warm the plan memory from question–answer history: the cache built from QA records (CacheRAG §4.2).

A history is a list of (question, answers) pairs in plain words: nothing says which span names the topic
entity or which relations lead to the answers. For each pair this module

1. links every candidate topic span of the question against the graph's labels,
2. searches relation paths of up to ``max_hops`` hops from each candidate entity, and scores each path
   by the F1 of the labels of its end nodes against the answers,
3. keeps the (span, path) pairs with the best F1 (ties between spans: the longer span; several paths
   that explain a pair equally well are all kept),

and memorizes the question with the span masked ("who directed <E>") together with that path. Pairs
whose masked questions coincide are consolidated: each masked question is stored once, with the plan
that explains most of its pairs (summed F1; ties: the plan whose relation labels the question names,
then the shorter plan), and ``hits`` = the number of pairs behind it.

The search walks frontiers with the graph's own bounded operators (local schema, σ_depth follow), never
returns to the topic entity, and does not expand frontiers larger than ``max_frontier`` nodes. Work is
shared across pairs: per-node neighbourhoods are cached, and a masked question already explained by a
plan is first tried with that plan, so a history of templated questions costs one search per template.
Nothing here knows a dataset: it works on any graph the engine can open.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.optimize import linear_sum_assignment

from cacherag.memory.plan_memory import MASK, PlanEntry, PlanMemory
from cacherag.memory.statements import StatementMemory
from cacherag.memory.text import terms, word_forms
from cacherag.nodes.reasoners.phrases import Phrase, masked_phrases
from cacherag.tools.graph_view import GraphView
from cacherag.tools.lexicon import written_words
from cacherag.tools.linking import NODES_PER_MENTION, STOPWORDS, Mention, normalize
from cacherag.tools.terms import lexical_form

MAX_MENTIONS = 6
MAX_FRONTIER = 1000
MAX_END_NODES = 10_000
FOLLOW_CHUNK = 400
# A known plan explaining a pair at least this well (F1) spares the full path search.
KNOWN_PLAN_F1 = 0.5
Progress = Callable[[int], None]


@dataclass(frozen=True)
class HistoryPair:
    """One QA record: a question, its correct answers (labels), optionally the topic span if known."""

    question: str
    answers: Sequence[str]
    topic: str | None = None


@dataclass(frozen=True)
class Explanation:
    """The best (topic span, relation path) for a pair and how well its end nodes match the answers."""

    question: str  # the question with the topic span masked
    mention: str
    node: str
    steps: tuple[tuple[str, bool, str], ...]  # (predicate, inverse, label)
    f1: float
    precision: float
    recall: float

    def step_dicts(self) -> list[dict[str, Any]]:
        return [{"predicate": p, "inverse": inv, "label": label} for p, inv, label in self.steps]


@dataclass
class WarmReport:
    pairs: int = 0
    explained: int = 0  # pairs with a path reaching at least one answer (F1 >= min_f1)
    searched: int = 0  # pairs that needed a full path search (no known plan fitted)
    entries: int = 0  # distinct masked questions memorized
    added: int = 0  # of which new to the memory
    statements: int = 0  # hops decomposed into statements (statement memory)
    seconds: float = 0.0
    f1_sum: float = 0.0
    by_hops: Counter[int] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {"pairs": self.pairs, "explained": self.explained, "searched": self.searched,
                "entries": self.entries, "added": self.added, "statements": self.statements,
                "seconds": round(self.seconds, 2),
                "mean_f1": round(self.f1_sum / self.pairs, 4) if self.pairs else 0.0,
                "plans_by_hops": {str(k): v for k, v in sorted(self.by_hops.items())}}


def masked(question: str, mention: Mention) -> str:
    return question[: mention.start] + MASK + question[mention.end :]


def _label_key(text: str) -> str:
    return normalize(text) or text.strip().lower()


class PathSearcher:
    """Relation-path search from an entity towards known answers, with neighbourhoods cached across calls."""

    def __init__(self, view: GraphView, *, max_hops: int = 3, max_frontier: int = MAX_FRONTIER) -> None:
        self.view = view
        self.max_hops = max_hops
        self.max_frontier = max_frontier
        self._next: dict[tuple[str, str, bool], tuple[str, ...]] = {}
        self._keys: dict[str, str] = {}

    # -- graph access (bounded operators of the KG, cached per node) ------------------------------------
    def _edges(self, nodes: Iterable[str]) -> dict[tuple[str, bool], str]:
        found: dict[tuple[str, bool], str] = {}
        for node in nodes:
            for edge in self.view.schema(node):
                found.setdefault((edge.predicate, edge.inverse), edge.label)
        return found

    def _follow(self, nodes: Sequence[str], predicate: str, inverse: bool, label: str) -> set[str]:
        missing = [n for n in nodes if (n, predicate, inverse) not in self._next]
        step = {"predicate": predicate, "inverse": inverse, "label": label}
        for start in range(0, len(missing), FOLLOW_CHUNK):
            chunk = missing[start : start + FOLLOW_CHUNK]
            grouped: dict[str, list[str]] = defaultdict(list)
            for src, dst in self.view.kg.follow(chunk, step):
                grouped[src].append(dst)
            for node in chunk:
                self._next[node, predicate, inverse] = tuple(grouped.get(node, ()))
        out: set[str] = set()
        for node in nodes:
            out.update(self._next[node, predicate, inverse])
        return out

    def key(self, node: str) -> str:
        """Normalized label of a node (what answers are compared on)."""
        key = self._keys.get(node)
        if key is None:
            label = self.view.labels.label_of.get(node)
            key = self._keys[node] = _label_key(label if label is not None else lexical_form(node))
        return key

    def ends(self, node: str, steps: Sequence[tuple[str, bool, str]]) -> set[str]:
        """End nodes of ``steps`` walked from ``node``, as the engine's path query finds them."""
        frontiers = [{node}]
        for i in range(len(steps)):
            frontiers.append(self._advance(frontiers, steps[:i + 1]))
            if not frontiers[-1]:
                break
        return _answers(frontiers[-1], node)

    def _advance(self, frontiers: list[set[str]], steps: Sequence[tuple[str, bool, str]]) -> set[str]:
        """The next frontier: a second hop straight back along the first does not return to the topic."""
        predicate, inverse, label = steps[-1]
        reached = self._follow(sorted(frontiers[-1]), predicate, inverse, label)
        if len(steps) == 2 and steps[0][0] == predicate and steps[0][1] != inverse:
            reached -= frontiers[0]
        return reached

    # -- scoring -----------------------------------------------------------------------------------------
    def score(self, ends: set[str], gold: set[str]) -> tuple[float, float, float]:
        if not ends or not gold:
            return 0.0, 0.0, 0.0
        keys = [self.key(n) for n in ends]
        correct = sum(1 for k in keys if k in gold)
        if not correct:
            return 0.0, 0.0, 0.0
        precision = correct / len(keys)
        recall = len(gold.intersection(keys)) / len(gold)
        return 2 * precision * recall / (precision + recall), precision, recall

    def search(self, node: str, gold: set[str]) -> list[tuple[tuple[tuple[str, bool, str], ...], float, float, float]]:
        """Every path of 1..max_hops hops from ``node`` whose end nodes include an answer, with (F1, P, R)."""
        found = []
        level: list[tuple[tuple[tuple[str, bool, str], ...], list[set[str]]]] = [((), [{node}])]
        for depth in range(1, self.max_hops + 1):
            following = []
            for steps, frontiers in level:
                if len(frontiers[-1]) > self.max_frontier:
                    continue
                for (predicate, inverse), label in sorted(self._edges(sorted(frontiers[-1])).items()):
                    path = (*steps, (predicate, inverse, label))
                    reached = self._advance(frontiers, path)
                    if not reached:
                        continue
                    if len(reached) <= MAX_END_NODES:
                        f1, precision, recall = self.score(_answers(reached, node), gold)
                        if f1 > 0:
                            found.append((path, f1, precision, recall))
                    if depth < self.max_hops:
                        following.append((path, [*frontiers, reached]))
            level = following
        return found


def _answers(reached: set[str], topic: str) -> set[str]:
    """What a plan answers: the topic only when it is all the plan reaches (as the engine's path query)."""
    return reached - {topic} or reached


def _named(question_words: Counter[str], steps: Sequence[tuple[str, bool, str]]) -> float:
    """How well the question names the path's hops, on average (a tie-breaker between equal-F1 paths)."""
    from cacherag.nodes.reasoners.grounding import lexical_score

    return sum(lexical_score(label, question_words) for _, _, label in steps) / len(steps) if steps else 0.0


def _named_by_phrases(phrases: Sequence[Phrase], forms: frozenset[str],
                 steps: Sequence[tuple[str, bool, str]]) -> tuple[float, float, float]:
    """How well the masked question's relation ``phrases`` name the path's hops, each phrase naming one hop at most;
    the same with the phrases taken in hop order; the share of hops whose label the question says as written
    (tie-breakers between equal-F1 paths, in this order, before :func:`_named`).

    A path that walks one named relation back and forth (a city's "place of birth" out and back, then out again)
    reaches the answers as well as the path the question describes, and every hop of it is named by the question's
    words; only one of them by a phrase of its own. Where a node loops to itself, the order of its loops changes
    nothing the answers show; the order of the phrases does. Where a graph has a "release" and a "releases"
    relation, the question's "release" is the first, though stems say both."""
    from cacherag.nodes.reasoners.grounding import lexical_score

    if not steps or not phrases:
        return 0.0, 0.0, 0.0
    scores = np.array([[lexical_score(label, Counter(phrase.words)) for phrase in phrases] for _, _, label in steps])
    rows, columns = linear_sum_assignment(scores, maximize=True)
    in_order = sum(scores[i, i] for i in range(min(scores.shape)))
    as_written = sum(any(word in forms for word in written_words(label)) for _, _, label in steps)
    return (float(scores[rows, columns].sum()) / len(steps), float(in_order) / len(steps),
            as_written / len(steps))


class HistoryWarmer:
    """Explains QA pairs as (masked question, plan) and writes them to a plan memory in bulk."""

    def __init__(self, view: GraphView, memory: PlanMemory, domain: str, *, max_hops: int = 3,
                 min_f1: float = 0.1, max_frontier: int = MAX_FRONTIER,
                 statements: StatementMemory | None = None) -> None:
        self.view = view
        self.memory = memory
        self.statements = statements
        self.domain = domain
        self.min_f1 = min_f1
        self.searcher = PathSearcher(view, max_hops=max_hops, max_frontier=max_frontier)
        # masked question -> plan -> summed F1 (the votes of the pairs it explains)
        self._votes: dict[str, Counter[tuple[tuple[str, bool, str], ...]]] = defaultdict(Counter)
        self._counts: Counter[str] = Counter()
        self._answers: dict[str, list[str]] = {}
        self._topics: dict[str, str] = {}
        self.report = WarmReport()

    def _candidates(self, pair: HistoryPair) -> list[Mention]:
        mentions = self.view.labels.mentions(pair.question)
        if pair.topic:
            wanted = normalize(pair.topic)
            hinted = [m for m in mentions if normalize(m.text) == wanted]
            if hinted:
                return hinted[:1]
        return [m for m in mentions if m.text.lower() not in STOPWORDS][:MAX_MENTIONS]

    def explain_all(self, pair: HistoryPair) -> list[Explanation]:
        """Every equally best (span, path) for one pair (best first); empty if no path reaches an answer.

        Several paths often explain a pair equally well (a film's director also wrote it); all of them
        are returned, so that across the pairs of one masked question the consistent plan collects the
        most votes.
        """
        gold = {_label_key(a) for a in pair.answers if a.strip()}
        if not gold:
            return []
        words = Counter(t for t in terms(pair.question) if t not in STOPWORDS)
        spans = [(m, masked(pair.question, m), node) for m in self._candidates(pair)
                 for node in m.nodes[:NODES_PER_MENTION]]
        found: list[tuple[tuple[float, ...], Explanation]] = []

        def consider(options: list[tuple[tuple[tuple[str, bool, str], ...], float, float, float]],
                     mention: Mention, question: str, node: str) -> None:
            phrases, forms = masked_phrases(question), word_forms(question)
            for steps, f1, precision, recall in options:
                rank = (round(f1, 6), mention.score, self._fit(question, steps),
                        *_named_by_phrases(phrases, forms, steps), _named(words, steps), -len(steps))
                found.append((rank, Explanation(question, mention.text, node, steps, f1, precision, recall)))

        # A masked question already explained: try its plans first (one path query each) …
        for mention, question, node in spans:
            options = []
            for steps in self._votes.get(question, ()):
                f1, precision, recall = self.searcher.score(self.searcher.ends(node, steps), gold)
                if f1 > 0:
                    options.append((steps, f1, precision, recall))
            consider(options, mention, question, node)
        # … and search the graph only when no known plan explains the pair well.
        if not found or max(e.f1 for _, e in found) < KNOWN_PLAN_F1:
            self.report.searched += 1
            found.clear()
            for mention, question, node in spans:
                consider(self.searcher.search(node, gold), mention, question, node)
        if not found:
            return []
        found.sort(key=lambda item: item[0], reverse=True)
        top = found[0][1]
        # Ties: the same F1 under the same span (another span is another reading of the question).
        seen: set[tuple[str, tuple[tuple[str, bool, str], ...]]] = set()
        tied = []
        for _, e in found:
            if e.question == top.question and abs(e.f1 - top.f1) < 1e-9 and (e.question, e.steps) not in seen:
                seen.add((e.question, e.steps))
                tied.append(e)
        return tied

    def _fit(self, question: str, steps: Sequence[Any]) -> int:
        """How far the plan's length is from the hops the question describes (0 = as many as it names).

        A shorter path often reaches the same answers by chance (a grandfather's gender and one's own are
        both "male"); the question's own relation phrases say how many hops it asks for.
        """
        described = min(len(masked_phrases(question)), self.searcher.max_hops)
        return -abs(len(steps) - described) if described else 0

    def explain(self, pair: HistoryPair) -> Explanation | None:
        """The best (span, path) for one pair, or None if no path reaches an answer."""
        tied = self.explain_all(pair)
        return tied[0] if tied else None

    def add(self, pair: HistoryPair) -> Explanation | None:
        self.report.pairs += 1
        tied = self.explain_all(pair)
        if not tied or tied[0].f1 < self.min_f1:
            return None
        found = tied[0]
        self.report.explained += 1
        self.report.f1_sum += found.f1
        for e in tied:
            self._votes[e.question][e.steps] += e.f1
        self._counts[found.question] += 1
        self._answers.setdefault(found.question, list(pair.answers)[:20])
        self._topics.setdefault(found.question, self.view.label(found.node))
        return found

    def entries(self) -> list[PlanEntry]:
        """One entry per masked question: the plan with the most votes, ``hits`` = pairs behind it."""
        from cacherag.nodes.reasoners.grounding import content_terms
        from cacherag.nodes.reasoners.offline import predict_aspect

        out = []
        for question, votes in sorted(self._votes.items()):
            words = Counter(t for t in terms(question) if t not in STOPWORDS)
            phrases, forms = masked_phrases(question), word_forms(question)
            steps, _ = max(votes.items(), key=lambda kv: (round(kv[1], 6), self._fit(question, kv[0]),
                                                          *_named_by_phrases(phrases, forms, kv[0]),
                                                          _named(words, kv[0]), -len(kv[0]), kv[0]))
            plan = [{"predicate": p, "inverse": inv, "label": label} for p, inv, label in steps]
            self.report.by_hops[len(plan)] += 1
            # Filed under the aspect the offline parser reads from the question, as retrieval reads it.
            aspect = predict_aspect(Counter(content_terms(question)), self.view.predicate_labels) or plan[-1]["label"]
            out.append(PlanEntry(question=question, steps=plan, domain=self.domain, aspect=aspect,
                                 answers=self._answers[question], topic=self._topics[question],
                                 hits=self._counts[question]))
        return out

    def commit(self) -> WarmReport:
        entries = self.entries()
        self.report.entries = len(entries)
        self.report.added = self.memory.add_many(entries) if entries else 0
        if self.statements is not None:
            self.report.statements = learn_statements(self.statements, entries)
        return self.report


def learn_statements(statements: StatementMemory, entries: Sequence[PlanEntry]) -> int:
    """Decompose warmed-up plans into statements (each weighted by the pairs behind it)."""
    by_domain: dict[str, list[tuple[str, Sequence[dict[str, Any]], int]]] = defaultdict(list)
    for entry in entries:
        by_domain[entry.domain].append((entry.question, entry.steps, entry.hits))
    learned = sum(statements.learn_many(domain, items) for domain, items in by_domain.items())
    statements.flush()
    return learned


def warm(view: GraphView, memory: PlanMemory, domain: str, pairs: Iterable[HistoryPair], *,
         max_hops: int = 3, min_f1: float = 0.1, progress: Progress | None = None,
         statements: StatementMemory | None = None) -> WarmReport:
    """Explain every pair, then memorize one consolidated plan per masked question (see module doc) and
    decompose the plans into statements when a statement memory is given."""
    start = time.perf_counter()
    warmer = HistoryWarmer(view, memory, domain, max_hops=max_hops, min_f1=min_f1, statements=statements)
    for pair in pairs:
        warmer.add(pair)
        if progress:
            progress(1)
    report = warmer.commit()
    report.seconds = time.perf_counter() - start
    return report


def warm_context(context: Any, pairs: Iterable[HistoryPair], **options: Any) -> WarmReport:
    """:func:`warm` into the memory and graph of a runtime :class:`~cacherag.graphs.context.Context`."""
    from cacherag.graphs.resources import resources

    res = resources(context)
    return warm(res.view, res.memory, res.domain, pairs, max_hops=min(options.pop("max_hops", 3), context.k_depth),
                statements=res.statements, **options)
