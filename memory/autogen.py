"""Label-free cold start: pre-warm the plan memory with generated questions (CacheRAG §4.4).

No QA history is needed. The graph itself is explored:

1. *Sampling.* Entities are drawn uniformly from the labelled nodes; from each, a relation path of 1 to
   ``max_hops`` hops is walked through its local (star) schema, one random predicate per hop, over the
   whole frontier. A walk that dead-ends, returns only to its start or fans out to more than
   ``max_answers`` nodes is dropped.
2. *Synthesis.* Questions are written about the path: offline, from the predicates' labels read as the
   English they are — a passive verb with its agent ("who directed <E>", "the ones directed by <E>"), a word
   with its preposition ("what <E> is sequel of"), a noun ("what genre is <E>", "those whose genre is
   <E>") — in varied wording, nested for several hops; with an LLM, by the paper's generation prompt over
   the sampled triples.
3. *Filtering.* The path is compiled into SPARQL and run; only questions whose plan executes and answers
   are kept, and only when the question's own words ground every hop of the plan (the engine's grounding
   rule), so a generated entry is one the engine would reuse — and only for questions that name its
   relations. Kept questions are memorized with the topic masked, consolidated per (question, plan), and
   decomposed into the statement memory (MemQ), as history warm-up does: what the generated questions
   say without naming a relation ("the ones", "things") is learned as such.

Nothing here knows a dataset: only the graph's labels and schema are read.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cacherag.memory.history import learn_statements
from cacherag.memory.plan_memory import MASK, PlanEntry, PlanMemory
from cacherag.memory.statements import StatementMemory
from cacherag.nodes.reasoners.grounding import Asked, misfits
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.graph_view import GraphView
from cacherag.tools.terms import RDF_TYPE, iri

TYPE = iri(RDF_TYPE)
MAX_ANSWERS = 50
MAX_WALK_FRONTIER = 200  # a walk through more nodes than this at any hop is dropped (hubs: genres, years)
ATTEMPTS_PER_QUESTION = 20  # a graph where few walks succeed stops instead of sampling forever
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Walk:
    """A sampled relation path from a topic entity and the nodes its compiled plan reaches."""

    topic: str
    topic_label: str
    steps: tuple[tuple[str, bool, str], ...]  # (predicate, inverse, label), topic outward
    answers: tuple[str, ...]  # labels of the end nodes
    triples: tuple[tuple[str, str, str], ...]  # one concrete (subject, relation, object) chain, labels

    def step_dicts(self) -> list[dict[str, Any]]:
        return [{"predicate": p, "inverse": inv, "label": label} for p, inv, label in self.steps]


class Synthesizer(Protocol):
    """Writes questions about a walk; every question must name the topic label verbatim."""

    def questions(self, walk: Walk, rng: random.Random) -> list[tuple[str, int]]:
        """(question, number of the walk's hops it asks about) pairs."""


# Words that end a relation label and make it a phrase around its object ("directed by", "born in", "sequel
# of"), and words that open a label before the noun it names ("has genre", "in language"): closed English
# word classes, not any graph's vocabulary.
_PREPOSITIONS = frozenset("by in of on at to for from with about into as".split())
_LEADING = frozenset("has have is in with".split())


def _shape(label: str) -> tuple[str, str]:
    """How a relation label reads in English, and the words to write it with.

    'agent': a passive verb with its agent ("directed by": the object did it to the subject); 'relational': a
    word and the preposition that takes the object ("born in", "sequel of"); 'noun': a noun naming the object
    ("genre", "release year"), without a leading "has"/"in" ("has genre" -> genre).
    """
    words = label.split()
    if len(words) > 1 and words[-1] == "by":
        return "agent", label
    if len(words) > 1 and words[-1] in _PREPOSITIONS:
        return "relational", label
    while len(words) > 1 and words[0] in _LEADING:
        words = words[1:]
    return "noun", " ".join(words)


def _active(words: str) -> str | None:
    """The past tense of a passive label's verb when it is the regular '-ed' form ("directed by" -> directed)."""
    parts = words.split()
    return parts[0] if len(parts) == 2 and parts[0].endswith("ed") else None


def _nested(label: str, inverse: bool, first: bool) -> tuple[str, ...]:
    """Noun phrases for one hop around the noun phrase ``{x}`` built so far, walked forward (subject to
    object) or backward. The phrase reader walks an "of" chain before the topic outward and a possessive
    right after it first, so a hop around another hop (``first`` False) is split from it by "of"."""
    shape, words = _shape(label)
    of = "" if first else "one of "
    if shape == "noun":
        if inverse:
            return (f"the ones with {words} {{x}}", f"those whose {words} is {{x}}") if first else \
                (f"the ones whose {words} is one of {{x}}",)
        return (f"the {words} of {{x}}", f"{{x}}'s {words}", f"the {words} for {{x}}") if first else \
            (f"the {words} of {{x}}",)
    if inverse:  # what did it to the topic's side, or stands in the relation to it
        return (f"the ones {words} {of}{{x}}", f"those {words} {of}{{x}}")
    active = _active(words) if shape == "agent" else None
    if active:
        return (f"the one who {active} {of}{{x}}",)
    # No regular active form to say it before {x} ("the one X was written by" would be read last): the
    # label as a noun ("the written by of X") keeps the hop order.
    return (f"the {words} of {{x}}",) if shape == "agent" else ()


def _trailing(label: str, inverse: bool, first: bool) -> tuple[str, ...]:
    """Whole questions whose last hop is said after ``{x}`` (the phrase reader walks such a clause last)."""
    shape, words = _shape(label)
    if shape == "noun":
        return () if inverse else (f"what {words} is {{x}}", *((f"what is {{x}}'s {words}",) if first else ()))
    if shape == "agent":
        if inverse:
            return (f"what was {words} {{x}}",)
        active = _active(words)
        return (f"who was {{x}} {words}", *((f"who {active} {{x}}",) if active else ()))
    return () if inverse else (f"what {{x}} is {words}",)


_ASK = ("what is {np}", "what are {np}", "which are {np}", "name {np}", "tell me {np}", "list {np}", "{np}")


class LabelSynthesizer:
    """Offline synthesis from predicate labels: each label is written as the English it is (a passive verb, a
    word with its preposition, a noun), in varied wording and the right direction; no LLM, no templates per
    dataset. Several hops nest outward from the topic ("the genre of one of the ones directed by <E>")."""

    def __init__(self, variants: int = 3) -> None:
        self.variants = variants

    def questions(self, walk: Walk, rng: random.Random) -> list[tuple[str, int]]:
        made: list[tuple[str, int]] = []
        for _ in range(self.variants):
            phrase: str | None = walk.topic_label
            for i, (_, inverse, label) in enumerate(walk.steps[:-1]):
                options = _nested(label, inverse, first=i == 0)
                phrase = rng.choice(options).format(x=phrase) if options else None
                if phrase is None:
                    break
            if phrase is None:
                continue  # a hop English cannot nest here
            _, inverse, label = walk.steps[-1]
            first = len(walk.steps) == 1
            options = [q.format(x=phrase) for q in _trailing(label, inverse, first)]
            options += [rng.choice(_ASK).format(np=w.format(x=phrase)) for w in _nested(label, inverse, first)]
            if not options:
                continue
            question = rng.choice(options)
            if (question, len(walk.steps)) not in made:
                made.append((question, len(walk.steps)))
        return made


@dataclass
class AutogenReport:
    requested: int = 0
    walks: int = 0  # sampled paths whose plan executed and answered
    attempts: int = 0  # sampled paths in all
    synthesized: int = 0  # questions written
    kept: int = 0  # questions that passed the filter
    rejected_link: int = 0  # the question's topic span did not link back to the sampled entity
    rejected_grounding: int = 0  # the question's words do not ground the plan
    entries: int = 0  # distinct (masked question, plan) entries
    added: int = 0  # of which new to the memory
    statements: int = 0  # hops decomposed into statements (statement memory), as history warm-up does
    seconds: float = 0.0
    by_hops: dict[int, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {**{k: v for k, v in self.__dict__.items() if k != "by_hops"}, "seconds": round(self.seconds, 2),
                "kept_by_hops": {str(k): v for k, v in sorted(self.by_hops.items())}}


class Autogenerator:
    """Samples walks, synthesizes questions, keeps the grounded ones, memorizes them."""

    def __init__(self, view: GraphView, memory: PlanMemory, domain: str, *, max_hops: int = 3,
                 synthesizer: Synthesizer | None = None, seed: int = 0, max_answers: int = MAX_ANSWERS,
                 statements: StatementMemory | None = None) -> None:
        self.view = view
        self.memory = memory
        self.statements = statements
        self.domain = domain
        self.max_hops = max_hops
        self.synthesizer = synthesizer or LabelSynthesizer()
        self.rng = random.Random(seed)
        self.max_answers = max_answers
        self.parser = OfflineReasoner()
        self.labels = sorted(set(view.predicate_labels.values()))
        self.nodes = sorted(n for n in view.labels.label_of if n.startswith("<"))

    # -- 1. sampling ---------------------------------------------------------------------------------
    def walk(self) -> Walk | None:
        """A random relation path of 1..max_hops hops from a uniformly drawn entity, executed."""
        topic = self.rng.choice(self.nodes)
        hops = self.rng.randint(1, self.max_hops)
        frontier, steps = [topic], []
        for hop in range(1, hops + 1):
            # A class is a hub, not a step: 'type' ends a path ("the type of X"), never leads on.
            edges = [e for e in self.view.frontier_schema(frontier)
                     if e.predicate != TYPE or (hop == hops and not e.inverse)]
            if not edges:
                return None
            edge = self.rng.choice(edges)
            steps.append((edge.predicate, edge.inverse, edge.label))
            frontier = sorted({dst for _, dst in self.view.kg.follow(frontier, edge.as_step())} - {topic})
            if not frontier or len(frontier) > MAX_WALK_FRONTIER:
                return None
        # 3. (the filter's first half) the compiled plan runs as it would when asked, and answers.
        paths = self.view.kg.paths(topic, [{"predicate": p, "inverse": i, "label": lb} for p, i, lb in steps])
        ends = sorted({path[-1] for path in paths})
        if not ends or len(ends) > self.max_answers:
            return None
        labels = self.view.labels_of([topic, *paths[0][1:], *ends])
        chain = paths[0]
        triples = tuple((labels[chain[i]], steps[i][2] + (" (inverse)" if steps[i][1] else ""), labels[chain[i + 1]])
                        for i in range(len(steps)))
        return Walk(topic, labels[topic], tuple(steps), tuple(labels[n] for n in ends), triples)

    # -- 3. filtering --------------------------------------------------------------------------------
    def entry(self, walk: Walk, question: str, hops: int) -> PlanEntry | None:
        """The memory entry for a generated question, or None when the engine would not trust it."""
        mentions = self.view.labels.mentions(question)
        top = mentions[0] if mentions else None
        if top is None or walk.topic not in top.nodes or top.text.lower() != walk.topic_label.lower():
            self.report.rejected_link += 1
            return None
        isr = self.parser.parse(question, mentions, self.view, self.domain).value
        steps = walk.step_dicts()[:hops]
        if misfits(steps, Asked.of(question, isr), self.labels):
            self.report.rejected_grounding += 1
            return None
        masked = question[: top.start] + MASK + question[top.end:]
        aspect = isr.get("aspect") or steps[-1]["label"]
        return PlanEntry(question=masked, steps=steps, domain=self.domain, aspect=aspect,
                         answers=list(walk.answers[:20]), topic=walk.topic_label,
                         sparql=self.view.kg.path_query(walk.topic, steps))

    def run(self, n: int, progress: Progress | None = None) -> AutogenReport:
        """Generate until ``n`` questions are kept (or the attempt budget is spent); memorize them."""
        self.report = report = AutogenReport(requested=n)
        start = time.perf_counter()
        entries: dict[str, PlanEntry] = {}
        while report.kept < n and report.attempts < n * ATTEMPTS_PER_QUESTION:
            report.attempts += 1
            walk = self.walk()
            if walk is None:
                continue
            report.walks += 1
            for question, hops in self.synthesizer.questions(walk, self.rng):
                report.synthesized += 1
                entry = self.entry(walk, question, hops)
                if entry is None:
                    continue
                report.kept += 1
                report.by_hops[len(entry.steps)] = report.by_hops.get(len(entry.steps), 0) + 1
                known = entries.setdefault(entry.id, entry)
                if known is not entry:
                    known.hits += 1
                if progress is not None:
                    progress(1)
                if report.kept >= n:
                    break
        report.entries = len(entries)
        report.added = self.memory.add_many(list(entries.values())) if entries else 0
        self.memory.flush()
        if self.statements is not None and entries:
            report.statements = learn_statements(self.statements, list(entries.values()))
        report.seconds = time.perf_counter() - start
        return report


def autogenerate(view: GraphView, memory: PlanMemory, domain: str, n: int, *,
                 synthesizer: Synthesizer | None = None, seed: int = 0, max_hops: int = 3,
                 progress: Progress | None = None, statements: StatementMemory | None = None) -> AutogenReport:
    """Pre-warm ``memory`` with ``n`` generated, executed and grounded questions about ``view``, and teach
    ``statements`` (when given) the relation phrases they use, as history warm-up does."""
    generator = Autogenerator(view, memory, domain, max_hops=max_hops, synthesizer=synthesizer, seed=seed,
                              statements=statements)
    return generator.run(n, progress)


def sample_texts(walk: Walk) -> Sequence[str]:
    """The walk's triples as lines for an LLM prompt ('[1] subject | relation | object')."""
    return [f"[{i}] {s} | {p} | {o}" for i, (s, p, o) in enumerate(walk.triples, 1)]


class LLMSynthesizer:
    """Synthesis by a chat model with the paper's generation prompt; a question's plan is the chain prefix
    up to the last triple it uses (the triples are listed topic outward, one per hop)."""

    def __init__(self, reasoner: Any) -> None:
        self.reasoner = reasoner

    def questions(self, walk: Walk, rng: random.Random) -> list[tuple[str, int]]:
        made = self.reasoner.synthesize(walk.topic_label, list(sample_texts(walk))).value
        return [(q.question, max(q.triples)) for q in made
                if q.triples and all(1 <= t <= len(walk.steps) for t in q.triples)]
