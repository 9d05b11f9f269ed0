"""Statement memory (MemQ §3–4): every remembered plan decomposed into atomic one-hop statements.

A statement is one hop — predicate and direction — with the words a question named it by ("other half" →
spouse, "dad" → parents, "directed" → directed by). Counted over every plan the engine memorizes or warms
up from, statements are a relation lexicon learned from history: grounding reads it to tell which relation
a word names (nothing in the code knows any synonym), and composition recalls one statement per relation
phrase of a question, so relations learned from one-hop questions answer chains never seen whole.

Statements live in Chroma (collection ``cacherag-statements``) with a vector of their phrase, beside the
plan memory; dense recall queries those vectors for a phrase no remembered word names, keeping the
statements within a margin of the best (MemQ's adaptive recall) above a similarity calibrated on the
memory itself. Reads come from an in-memory mirror; writes are behind, like the plan memory's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cacherag.memory.calibrations import Calibrations, records_digest
from cacherag.memory.store import (
    JournalRow,
    Mirror,
    Records,
    made_memory_path,
    open_collection,
    stored_records,
    write_lock,
    writing,
)
from cacherag.memory.text import stem
from cacherag.memory.vectors import VectorFile, cosines
from cacherag.nodes.reasoners.grounding import label_words, lexical_score, relation_words
from cacherag.nodes.reasoners.phrases import Phrase, align, masked_phrases
from cacherag.tools.lexicon import lexicon

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

COLLECTION = "cacherag-statements"
# A word names a relation once it named it in two remembered questions and in most of those it appeared
# in: a majority, so a word used around many relations ("film", "name") names none of them.
MIN_COUNT = 2
MIN_SHARE = 0.5
RECALL_MARGIN = 0.02  # adaptive recall: statements within this cosine of the best are kept (MemQ eq. 4)
CALIBRATION_PRECISION = 0.95  # dense recall is trusted above what 95 % of phrases reach to another relation
DEFAULT_SIMILARITY = 0.95  # before there is history to calibrate on: above what distinct labels reach
# Phrases needed to calibrate: below this, the 95th percentile rests on the top handful of values (on 11
# phrases it let "who produced" recall "directed by"; cosine 0.898 against a threshold of 0.8986).
MIN_CALIBRATION = 100
WRITE_BEHIND = 256  # new statements are embedded and stored in batches of this many (and on flush/close)
StepKey = tuple[str, bool]  # (predicate, inverse)
_WRITTEN = re.compile(r"[^\W\d_]+")  # a word as written


@dataclass
class Statement:
    """One hop and a phrase that named it, with how often it did."""

    domain: str
    phrase: str  # stemmed content words, space-separated (the lookup key)
    text: str  # the phrase as a question said it (what is embedded)
    predicate: str
    inverse: bool
    label: str
    count: int = 0

    @property
    def id(self) -> str:
        key = json.dumps([self.domain, self.phrase, self.predicate, self.inverse])
        return hashlib.sha1(key.encode()).hexdigest()[:20]

    @property
    def vector_key(self) -> str:  # the embedded text is the first one the phrase was said in: a writer's own
        return _vector_key(self.id, self.text)

    def metadata(self) -> dict[str, Any]:
        return {"domain": self.domain, "phrase": self.phrase, "predicate": self.predicate,
                "inverse": self.inverse, "label": self.label, "count": self.count}


@dataclass(frozen=True)
class Recalled:
    """A statement recalled for a phrase, with how it was found."""

    predicate: str
    inverse: bool
    label: str
    score: float
    how: str  # "phrase" | "words" | "within" | "dense"

    def as_step(self) -> dict[str, Any]:
        return {"predicate": self.predicate, "inverse": self.inverse, "label": self.label}


class _Domain:
    """The mirror of one domain's statements, with the lookups grounding needs."""

    def __init__(self) -> None:
        self.statements: dict[str, Statement] = {}
        self.by_phrase: dict[str, Counter[StepKey]] = defaultdict(Counter)
        self.by_word: dict[str, Counter[StepKey]] = defaultdict(Counter)
        self.word_total: Counter[str] = Counter()
        self.phrases_with: dict[str, set[str]] = defaultdict(set)  # word -> the phrases it stands in
        self.spellings: dict[str, set[str]] = defaultdict(set)  # word -> how questions wrote it ("describ": describe)
        self.labels: dict[str, str] = {}
        self.threshold: float | None = None  # calibrated dense similarity (None: not yet computed)
        self._credited: dict[str, Counter[StepKey]] = {}  # word -> credited(word), until the next add
        self._taught: tuple[Mapping[str, int] | None, dict[str, frozenset[str]]] | None = None  # see taught

    def add(self, statement: Statement, times: int) -> None:
        key = (statement.predicate, statement.inverse)
        self.by_phrase[statement.phrase][key] += times
        words = set(statement.phrase.split())
        for word in self.naming_words(statement.phrase, statement.label):
            self.by_word[word][key] += times
            self.word_total[word] += times
        for word in words:
            self.phrases_with[word].add(statement.phrase)
        for written in _WRITTEN.findall(statement.text.lower()):
            self.spellings[stem(written)].add(written)
        self.labels[statement.predicate] = statement.label
        self.threshold = None
        self._credited.clear()
        self._taught = None

    @staticmethod
    def naming_words(phrase: str, label: str) -> set[str]:
        """The words of a phrase that count as naming its relation. A phrase that names it word for word ("the
        movies acted by") says nothing about its other words ("movies"): only the words that name it count."""
        words = set(phrase.split())
        return {w for w in words if lexical_score(label, Counter([w])) > 0} or words

    def credited(self, word: str) -> Counter[StepKey]:
        """How often ``word`` named each hop, leaving out phrases where another of their words names that
        relation on its own: in "<E> 's mom practice" (parents) "mom" names parents, so "practice" learns
        nothing from it; in "other half" neither word does alone, so both learn. The same however the
        phrases came in (learning order, or reloading)."""
        if word in self._credited:
            return self._credited[word]
        out: Counter[StepKey] = Counter()
        for phrase in self.phrases_with.get(word, ()):
            for key, n in self.by_phrase[phrase].items():
                naming = self.naming_words(phrase, self.labels[key[0]])
                if word in naming and not any(self._alone(other, key[0]) for other in naming - {word}):
                    out[key] += n
        self._credited[word] = out
        return out

    def _alone(self, word: str, predicate: str) -> bool:
        """``word`` named ``predicate`` as a phrase of its own, in at least :data:`MIN_COUNT` questions."""
        said = self.by_phrase.get(word)
        return said is not None and said[predicate, False] + said[predicate, True] >= MIN_COUNT

    def taught(self, said: Mapping[str, int] | None) -> dict[str, frozenset[str]]:
        """See :meth:`StatementMemory.taught`; asked for every question, so computed once per ``said`` (the plan
        memory's word counts, a new object whenever that memory changes) until the next add."""
        if self._taught is not None and self._taught[0] is said:
            return self._taught[1]
        out: defaultdict[str, set[str]] = defaultdict(set)
        for word in self.word_total:
            named = self.names(word, said)
            if named is not None:
                out[named[2]] |= self.spellings.get(word, set())
        self._taught = (said, {label: frozenset(words) for label, words in out.items()})
        return self._taught[1]

    def within(self, words: Sequence[str]) -> list[Recalled]:
        """The hop every remembered phrase holding all of ``words`` named, when they named one only (one relation,
        one way), in at least :data:`MIN_COUNT` questions: "few words" is part of "describe in a few words" (tags),
        however "describe" took the credit there (see :meth:`credited`)."""
        holding = set.intersection(*(self.phrases_with.get(w, set()) for w in words)) if words else set()
        steps: Counter[StepKey] = Counter()
        for phrase in holding:
            steps.update(self.by_phrase[phrase])
        if len(steps) != 1 or steps.total() < MIN_COUNT:
            return []
        ((predicate, inverse),) = steps
        return [Recalled(predicate, inverse, self.labels[predicate], 1.0, "within")]

    def names(self, word: str, said: Mapping[str, int] | None = None) -> tuple[str, bool, str] | None:
        """The relation ``word`` names by what history taught, with its usual direction; None if it names
        none: too rare, or spread over several relations, or said (``said``: in how many remembered
        questions) mostly where it named nothing ("movies" in "the movies directed by <E>")."""
        steps = self.credited(word)
        if not steps:
            return None
        per_predicate: Counter[str] = Counter()
        for (predicate, _), n in steps.items():
            per_predicate[predicate] += n
        predicate, n = max(per_predicate.items(), key=lambda kv: (kv[1], kv[0]))
        if n < MIN_COUNT or n <= MIN_SHARE * max(self.word_total[word], (said or {}).get(word, 0)):
            return None
        inverse = steps[predicate, True] > steps[predicate, False]
        return predicate, inverse, self.labels[predicate]


def _vector_key(statement_id: str, text: str) -> str:
    return f"{statement_id}:{hashlib.sha1(text.encode()).hexdigest()[:8]}"


class StatementMemory:
    """Per-domain statements learned from remembered plans, persisted in Chroma beside the plans."""

    def __init__(self, memory_dir: str | Path | None = None, *, host: str | None = None, port: int = 8000,
                 embeddings: Embeddings | None = None, collection: str = COLLECTION, journal: bool = False) -> None:
        self.memory_dir = None if host else made_memory_path(memory_dir)
        self._where = (memory_dir, host, port, collection)
        self._chroma: Any = None  # opened on first need: reading from the mirror needs no Chroma
        self._mirror = Mirror(self.memory_dir, collection) if self.memory_dir is not None else None
        self._journal_writes = journal  # new statements too go to the journal while Chroma is unopened
        self._vectors = VectorFile(self.memory_dir, collection)
        self._calibrations = Calibrations(self.memory_dir, collection)
        self._embeddings = embeddings
        self._domains: dict[str, _Domain] = defaultdict(_Domain)
        self._pending: dict[str, Statement] = {}  # new statements, embedded at the next flush
        self._recounted: dict[str, Statement] = {}  # known statements whose count changed
        self.reload()

    # -- persistence ----------------------------------------------------------------------------------
    @property
    def _collection(self) -> Any:
        if self._chroma is None:
            self._chroma = open_collection(*self._where)
        return self._chroma

    def open_store(self) -> None:
        """Open Chroma now: a process that goes on answering (``CacheRAG.preload``) writes there directly
        instead of to the journal, and no later question waits for the import."""
        _ = self._collection

    def reload(self) -> None:
        """Rebuild from the mirror file while Chroma is unchanged since it was written, else from Chroma;
        counts from the journal."""
        self.flush()
        self._domains.clear()
        with write_lock(self.memory_dir):
            records = (self._mirror.read(lambda: stored_records(self._collection)) if self._mirror is not None
                       else stored_records(self._collection))
            journaled = self._mirror.journaled() if self._mirror is not None else {}
        stored = set(records["ids"])
        new = [(i, row["document"], row["metadata"]) for i, row in journaled.items()
               if "document" in row and i not in stored]
        for statement_id, text, meta in [*zip(records["ids"], records["documents"], records["metadatas"], strict=True),
                                         *new]:
            self._take(text, {**meta, **journaled.get(statement_id, {}).get("metadata", {})})

    def _take(self, text: str, meta: dict[str, Any]) -> None:
        """Hold a stored (or journaled) statement."""
        statement = Statement(domain=meta["domain"], phrase=meta["phrase"], text=text or meta["phrase"],
                              predicate=meta["predicate"], inverse=bool(meta["inverse"]), label=meta["label"],
                              count=int(meta["count"]))
        domain = self._domains[statement.domain]
        domain.statements[statement.id] = statement
        domain.add(statement, statement.count)

    def _writing(self) -> contextlib.AbstractContextManager[Any]:
        """Write to Chroma under the lock, keeping the mirror file true."""
        return writing(self.memory_dir, self._mirror, lambda: self._collection, self._overlay, self._own_records,
                       self._journaled_vector)

    def _all(self) -> list[Statement]:
        return [s for d in self._domains.values() for s in d.statements.values()]

    def _overlay(self, journaled: dict[str, JournalRow]) -> None:
        """The journal as written to Chroma, into this process's statements: other processes' new statements,
        and their counts on the statements this process has not recounted since."""
        known = {s.id for s in self._all()}
        for statement_id, row in journaled.items():
            if statement_id not in known and "document" in row:
                self._take(row["document"], row["metadata"])
        for statement in self._all():
            row = journaled.get(statement.id)
            if row is None or statement.id in self._recounted:
                continue
            if int(row["metadata"]["count"]) > statement.count:
                more = int(row["metadata"]["count"]) - statement.count
                statement.count += more
                self._domains[statement.domain].add(statement, more)

    def _journaled_vector(self, statement_id: str, row: JournalRow) -> Sequence[float] | None:
        """The vector of a journaled new statement (from the vector file, else embedded again)."""
        if "document" not in row:
            return None
        key = _vector_key(statement_id, row["document"])
        known = self._vectors.cached([key], reread=True).get(key)
        return known.tolist() if known is not None else self._embed([row["document"]])[0]

    def _own_records(self) -> Records:
        stored = [s for s in self._all() if s.id not in self._pending]
        return {"ids": [s.id for s in stored], "documents": [s.text for s in stored],
                "metadatas": [s.metadata() for s in stored]}

    def _embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self._embeddings is None:
            from cacherag.memory.embeddings import default_embeddings

            self._embeddings = default_embeddings()
        return self._embeddings.embed_documents(list(texts))

    def flush(self) -> None:
        """Embed and store new statements in one batch; persist changed counts (journaled when nothing new
        needs Chroma and this process has not opened it)."""
        fresh, recounted = list(self._pending.values()), list(self._recounted.values())
        if not fresh and not recounted:
            return
        if (self._chroma is None and self._mirror is not None and (self._journal_writes or not fresh)
                and self._mirror.takes(len(fresh) + len(recounted))):
            # Journaled (new statements' vectors in the vector file first), as the plan memory does.
            self._embedded(fresh)
            self._vectors.save()
            with write_lock(self.memory_dir):
                self._mirror.journal({**{s.id: {"metadata": s.metadata()} for s in recounted},
                                      **{s.id: {"metadata": s.metadata(), "document": s.text} for s in fresh}})
            self._pending.clear()
            self._recounted.clear()
            return
        with self._writing() as collection:
            for start in range(0, len(fresh), 2000):
                chunk = fresh[start:start + 2000]
                collection.upsert(ids=[s.id for s in chunk], documents=[s.text for s in chunk],
                                  embeddings=self._embedded(chunk), metadatas=[s.metadata() for s in chunk])
            if recounted:
                collection.update(ids=[s.id for s in recounted], metadatas=[s.metadata() for s in recounted])
            self._pending.clear()
            self._recounted.clear()

    def _embedded(self, statements: Sequence[Statement]) -> list[list[float]]:
        """The vectors of ``statements``: those a dense recall embedded already, the others embedded now."""
        if not statements:  # (recounts alone read no vector file)
            return []
        known = {k: v.tolist() for k, v in self._vectors.cached(s.vector_key for s in statements).items()}
        todo = [s for s in statements if s.vector_key not in known]
        if todo:
            known |= dict(zip([s.vector_key for s in todo], self._embed([s.text for s in todo]), strict=True))
            self._vectors.put((key, known[key]) for key in (s.vector_key for s in todo))
        return [known[s.vector_key] for s in statements]

    def _vector_rows(self, statements: Sequence[Statement]) -> tuple[list[Statement], np.ndarray]:
        """The statements that have a vector, and their vectors as rows: from the vector file, else embedded
        (a statement not written yet) or read from Chroma."""
        by_key = {s.vector_key: s for s in statements}

        def fetch(missing: list[str]) -> dict[str, Sequence[float]]:
            unwritten = [by_key[k] for k in missing if by_key[k].id in self._pending]
            found: dict[str, Sequence[float]] = dict(zip(
                [s.vector_key for s in unwritten], self._embed([s.text for s in unwritten]) if unwritten else [],
                strict=True))
            stored = [by_key[k].id for k in missing if k not in found]
            if stored:
                got = self._collection.get(ids=stored, include=["documents", "embeddings"])
                vectors = got["embeddings"] if got["embeddings"] is not None else []
                found |= {_vector_key(i, text or ""): v
                          for i, text, v in zip(got["ids"], got["documents"] or [], vectors, strict=True)}
            return found

        keys, rows = self._vectors.vectors(list(by_key), fetch)
        return [by_key[k] for k in keys], rows

    def close(self) -> None:
        self.flush()
        self._vectors.save()

    def clear(self, domain: str | None = None) -> int:
        self.flush()
        victims = [s.id for name, d in self._domains.items() if domain in (None, name) for s in d.statements.values()]
        self._vectors.drop(s.vector_key for name, d in self._domains.items() if domain in (None, name)
                           for s in d.statements.values())
        for name in [n for n in self._domains if domain in (None, n)]:
            del self._domains[name]
        if victims:
            with self._writing() as collection:
                collection.delete(ids=victims)
        self.reload()
        return len(victims)

    def __len__(self) -> int:
        return sum(len(d.statements) for d in self._domains.values())

    # -- learning -------------------------------------------------------------------------------------
    def learn(self, domain: str, masked_question: str, steps: Sequence[dict[str, Any]], times: int = 1,
              names: Collection[str] = ()) -> int:
        """Decompose a remembered (masked question, plan) into statements; returns how many were recorded.

        Each relation phrase of the question is aligned with the hop it names (see
        :func:`~cacherag.nodes.reasoners.phrases.align`); a question that cannot be read unambiguously as
        one phrase per hop teaches nothing but the hops it names word for word. ``names``: the (stemmed) words of
        the things the question names besides its topic, which name no relation ("who played *Greta Vallis* in
        <E>" picks a part by its name).
        """
        if not steps:
            return 0
        phrases = [replace(p, words=kept) for p in masked_phrases(masked_question)
                   if (kept := tuple(w for w in p.words if w not in names))]
        group = align(phrases, steps, lambda words, step: self._names(domain, words, step))
        if group is None:
            group = self._by_elimination(domain, phrases, steps)
        recorded = 0
        for phrase, step in zip(group, steps, strict=True):
            if phrase is not None and phrase.words:
                self._record(domain, phrase, step, times)
                recorded += 1
        if len(self._pending) >= WRITE_BEHIND:
            self.flush()
        return recorded

    def learn_many(self, domain: str, items: Sequence[tuple[str, Sequence[dict[str, Any]], int]]) -> int:
        """Learn from many (masked question, plan, times): the questions read as one phrase per hop first,
        so that what they teach helps to read the others."""
        def plain(item: tuple[str, Sequence[dict[str, Any]], int]) -> bool:
            return len(masked_phrases(item[0])) == len(item[1])

        ordered = [i for i in items if plain(i)] + [i for i in items if not plain(i)]
        return sum(self.learn(domain, question, steps, times) for question, steps, times in ordered)

    def _by_elimination(self, domain: str, phrases: Sequence[Phrase],
                        steps: Sequence[dict[str, Any]]) -> list[Phrase | None]:
        """For a question not read as one phrase per hop: each hop named word for word (or by what was
        learned) gets the words naming it, and when exactly one hop is left unnamed, the words left
        unexplained name that hop ("is <E> 's husband a man or a woman": husband → spouse is known, so
        "man woman" names gender)."""
        words = [w for p in phrases for w in p.words]
        named: list[tuple[str, ...]] = [tuple(w for w in words if self._names(domain, (w,), step) >= MIN_SHARE)
                                        for step in steps]
        # The noun the wh-word asks for says what the answers are, not which relation reaches them, where other words
        # are left to name it ("which *books* did <E> *write*": the author relation is written, not "booked").
        untyped = [w for p in phrases if not p.asks_type for w in p.words if not any(w in n for n in named)]
        left = tuple(dict.fromkeys(untyped or (w for w in words if not any(w in n for n in named))))
        unnamed = [i for i, n in enumerate(named) if not n]
        group: list[Phrase | None] = [Phrase(n, " ".join(n)) if n else None for n in named]
        if len(unnamed) == 1 and left:
            group[unnamed[0]] = Phrase(left, " ".join(p.text for p in phrases
                                                      if any(w in left for w in p.words)))
        return group

    def _names(self, domain: str, words: tuple[str, ...], step: dict[str, Any]) -> float:
        """How well ``words`` name ``step``: word for word, plus what history taught of these words."""
        known = self._domains.get(domain)
        learned = 0.0
        if known is not None:
            for word in words:
                counts = known.by_word.get(word)
                if counts:
                    learned = max(learned, (counts[step["predicate"], step["inverse"]]
                                            + counts[step["predicate"], not step["inverse"]]) / known.word_total[word])
        return lexical_score(step["label"], Counter(words)) + learned

    def _record(self, domain: str, phrase: Phrase, step: dict[str, Any], times: int) -> None:
        statement = Statement(domain=domain, phrase=" ".join(phrase.words), text=phrase.text,
                              predicate=step["predicate"], inverse=bool(step["inverse"]), label=step["label"])
        mirror = self._domains[domain]
        known = mirror.statements.get(statement.id)
        if known is None:
            known = mirror.statements[statement.id] = statement
            self._pending[statement.id] = statement
        elif statement.id not in self._pending:
            self._recounted[statement.id] = known
        known.count += times
        mirror.add(known, times)

    # -- reading --------------------------------------------------------------------------------------
    def aliases(self, domain: str, words: Sequence[str], labels: Sequence[str] = (),
                said: Mapping[str, int] | None = None, answers: Sequence[str] = ()) -> dict[str, str]:
        """Question word -> label of the relation history taught it names (only words that name one).

        Words of the graph's own relation labels (``labels``) are left to name relations word for word:
        "death" names "place of death" and "cause of death" alike, whatever history saw more often.
        ``said`` counts the remembered questions each word stands in (see :meth:`_Domain.names`); ``answers`` are
        the (stemmed) words of the noun phrase the question's wh-word asks for ("which <educational institution>").
        """
        known = self._domains.get(domain)
        if known is None:
            return {}
        own = relation_words(tuple(labels))
        # The relation the answers' noun names word for word: a word history taught names another relation more
        # often but this one too is read as this one ("which institution does <E> work for": profession mostly).
        answered = {p for p, label in known.labels.items() if answers and set(label_words(label)) <= set(answers)}
        out = {}
        for word in dict.fromkeys(words):
            named = None if word in own else known.names(word, said)
            if named is not None and not any(known.by_word[word][p, way] >= MIN_COUNT
                                             for p in answered - {named[0]} for way in (False, True)):
                out[word] = named[2]
        return out

    def taught(self, domain: str, said: Mapping[str, int] | None = None) -> dict[str, frozenset[str]]:
        """Label -> the words, as questions wrote them, history taught name that relation (see
        :meth:`_Domain.names`; ``said`` as there)."""
        known = self._domains.get(domain)
        return known.taught(said) if known is not None else {}

    def phrase_labels(self, domain: str, word: str) -> set[str]:
        """The labels of the relations named by the relation phrases ``word`` stood in, whichever word of them took
        the credit ("words" beside "describe": tags)."""
        known = self._domains.get(domain)
        if known is None:
            return set()
        return {known.labels[predicate] for phrase in known.phrases_with.get(word, ())
                for predicate, _ in known.by_phrase[phrase]}

    def is_filler(self, domain: str, word: str, said: Mapping[str, int]) -> bool:
        """Whether ``word`` is one remembered questions say without naming a relation most of the times they
        say it ("movies", "name"): ``said`` counts the remembered questions each word stands in."""
        known = self._domains.get(domain)
        named = known.word_total[word] if known is not None else 0
        return said.get(word, 0) >= MIN_COUNT and named < MIN_SHARE * said[word]

    def directions(self, domain: str, words: Sequence[str]) -> dict[str, bool]:
        """Predicate -> the one direction the question's words walk it in, where history only ever walked
        it that way ("dad": parents, from the child); a relation walked both ways (spouse) has none."""
        known = self._domains.get(domain)
        if known is None:
            return {}
        out: dict[str, bool] = {}
        for word in words:
            named = known.names(word)
            if named is not None and not known.by_word[word][named[0], not named[1]]:
                out.setdefault(named[0], named[1])
        return out

    def recall(self, domain: str, phrase: Phrase, k: int = 5, said: Mapping[str, int] | None = None) -> list[Recalled]:
        """Statements for one relation phrase, best first: the phrase as remembered, else the relation its
        words name, else the nearest phrases by vector (within a margin of the best, above the calibrated
        similarity)."""
        known = self._domains.get(domain)
        if known is None or not phrase.words:
            return []
        exact = known.by_phrase.get(" ".join(phrase.words))
        if exact and sum(exact.values()) >= MIN_COUNT:  # a phrase said once may have been a stray reading
            total = sum(exact.values())
            return [Recalled(p, inv, known.labels[p], n / total, "phrase") for (p, inv), n in exact.most_common(k)]
        named = [known.names(w, said) for w in phrase.words]
        found = [n for n in named if n is not None]
        if found:
            best = Counter(found).most_common(1)[0][0]
            return [Recalled(best[0], best[1], best[2], 1.0, "words")]
        # (a phrase said, if too seldom to trust, is no part of longer ones only)
        return (known.within(phrase.words) if not exact else []) or self.recall_dense(domain, phrase.text, k)

    def recall_dense(self, domain: str, text: str, k: int = 5) -> list[Recalled]:
        """Nearest statements by vector, kept within :data:`RECALL_MARGIN` of the best and above the
        domain's calibrated similarity."""
        known = self._domains.get(domain)
        if known is None or not known.statements or not text.strip():
            return []
        statements, rows = self._vector_rows([s for s in known.statements.values() if s.count >= MIN_COUNT])
        if not statements:
            return []
        similarity = cosines(rows, np.asarray(self._embed([text])[0], dtype=np.float32))
        threshold = self.threshold(domain)
        best: dict[StepKey, float] = {}
        for i in np.argsort(-similarity, kind="stable")[:4 * k]:
            if spelt_alike_only(text, statements[i].text):
                continue
            key = (statements[i].predicate, statements[i].inverse)
            best[key] = max(best.get(key, -1.0), float(similarity[i]))
        if not best:
            return []
        top = max(best.values())
        if top < threshold:
            return []
        kept = sorted(((s, key) for key, s in best.items() if s >= top - RECALL_MARGIN), reverse=True)[:k]
        return [Recalled(p, inv, known.labels[p], s, "dense") for s, (p, inv) in kept]

    def threshold(self, domain: str) -> float:
        """The cosine above which a phrase recalls a statement, calibrated on the domain's own history
        (see :func:`calibrate`)."""
        known = self._domains[domain]
        if known.threshold is None:
            def calibrated() -> list[float]:
                statements, rows = self._vector_rows(list(known.statements.values()))
                return [calibrate(rows.astype(float), [s.predicate for s in statements])]

            digest = records_digest((f"{s.vector_key} {s.predicate}" for s in known.statements.values()),
                                    CALIBRATION_PRECISION, MIN_CALIBRATION, DEFAULT_SIMILARITY)
            known.threshold = self._calibrations.get(domain, "recall", digest, calibrated)[0]
        return known.threshold


@lru_cache(maxsize=4096)  # asked of the best statements at every dense recall of a one-word phrase
def spelt_alike_only(word: str, other: str) -> bool:
    """Whether ``word`` and ``other`` are single words the dictionary knows and relates in no way (neither names what
    the other does, see :meth:`Lexicon.links`): a vector of one word says more of its letters than of its meaning, and
    "latitude" is no "altitude" however near their vectors."""
    said, heard = word.strip().lower(), other.strip().lower()
    lex = lexicon()
    if not said.isalpha() or not heard.isalpha() or said == heard \
            or not all(lex.lemmas(w, "n") or lex.lemmas(w, "v") for w in (said, heard)):
        return False
    return lex.links(said, heard) is None and lex.links(heard, said) is None


def calibrate(vectors: np.ndarray, predicates: Sequence[str]) -> float:
    """The similarity a phrase must reach to recall a statement: what phrases of one relation reach to the
    nearest phrase of another in only 1 - :data:`CALIBRATION_PRECISION` of cases (so a recall above it is a
    confusion that rare on the memory's own history); :data:`DEFAULT_SIMILARITY` when there is too little
    history to tell."""
    if len(predicates) < MIN_CALIBRATION or len(set(predicates)) < 2:
        return DEFAULT_SIMILARITY
    unit = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    sims = unit @ unit.T
    labels = np.unique(predicates, return_inverse=True)[1]  # (codes: comparing IRIs costs more than the products)
    # The same words naming several relations is ambiguity the counts settle; vectors are for other words.
    other = (labels[:, None] != labels[None, :]) & (sims < 1.0 - 1e-6)
    crossing = np.where(other, sims, -np.inf).max(axis=1)
    crossing = crossing[np.isfinite(crossing)]
    return float(np.quantile(crossing, CALIBRATION_PRECISION)) if len(crossing) else DEFAULT_SIMILARITY
