"""A persistent, incremental label index for graphs too large to read whole (remote endpoints, stores).

One SQLite file per graph (under ``$CACHERAG_HOME/labels`` by default), reused by every process; an Oxigraph
store gets its own, complete one from ``cacherag load``, inside the store directory (:func:`build_store_index`):

- ``labels(norm, node, label)``: what entity linking looks up, by normalized label;
- ``fuzzy``: an FTS5 trigram index over the normalized labels, the candidate generator for fuzzy links;
- ``predicates``: the graph's relations and their readable labels; ``predicate_names``: the other names an
  ontology's labels give them (filled for stores);
- ``meta``: which label predicates the graph uses and how far the crawl has got (for a store: which labelling
  and which state of the store it was built from).

Nothing ever asks the endpoint for more than one bounded page. Before the index is complete a question is
linked by *probing*: one query asks the endpoint which of the question's spans (in their usual casings) are
labels, and what it finds is kept. Meanwhile a background crawl reads the labels page by page (``LIMIT`` /
``OFFSET``, resumed where the last process stopped); once it has read them all, spans are looked up on disk
only and fuzzy matching switches on.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import string
import sys
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from functools import cached_property
from pathlib import Path
from typing import Any

from cachetools import LRUCache

from cacherag.tools.errors import KGError, QueryTimeoutError, StoreError
from cacherag.tools.kg import KnowledgeGraph, readable_predicates
from cacherag.tools.labelling import Labelling
from cacherag.tools.linking import (
    ARTICLES,
    FUZZY_MAX_TOKENS,
    MAX_SPAN_TOKENS,
    STOPWORDS,
    LabelIndex,
    Mention,
    articled,
    dated_keys,
    lone_names,
    may_name,
    name_runs,
    name_words,
    normalize,
    possessor,
    tokenize,
)
from cacherag.tools.terms import iri, label_text, lexical_form, literal

DEFAULT_INDEX_DIR = Path(os.environ.get("CACHERAG_HOME", Path.home() / ".cacherag")) / "labels"
PREDICATE_SAMPLE = 100_000  # triples sampled for relations when listing them all overruns the timeout
PARTIAL_CANDIDATES = 50  # labels a lone word may begin or end; more, and the word names none of them
FUZZY_CANDIDATES = 20  # FTS5 trigram candidates per span, ranked by bm25, before the edit-distance check
PROBE_MEMORY = 50_000  # spans remembered as already probed, so a repeated question costs no round trip
CRAWL_DELAY_S = 10.0  # the background crawl waits this long, so it never slows a process's first answers
STORE_INDEX = "cacherag-labels.sqlite"  # a store's label index, inside the store directory (RocksDB leaves it be)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS labels(norm TEXT NOT NULL, node TEXT NOT NULL, label TEXT NOT NULL, UNIQUE(norm, node));
CREATE INDEX IF NOT EXISTS labels_by_node ON labels(node);
CREATE TABLE IF NOT EXISTS predicates(predicate TEXT PRIMARY KEY, label TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS predicate_names(predicate TEXT NOT NULL, name TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS fuzzy USING fts5(norm, content='labels', content_rowid='rowid',
                                                    tokenize='trigram');
"""


def index_path(kg: KnowledgeGraph, directory: str | Path | None = None) -> Path:
    """Where the index of ``kg`` lives: one file per graph name and endpoint."""
    where = getattr(kg, "endpoint", kg.name)
    digest = hashlib.sha1(where.encode()).hexdigest()[:10]
    return Path(directory or DEFAULT_INDEX_DIR).expanduser() / f"{kg.name}-{digest}.sqlite"


def store_signature(directory: Path) -> str:
    """Which state of the Oxigraph store in ``directory`` this is: the manifest its ``CURRENT`` file names,
    with that manifest's size and modification time. Every write to the store changes them (opening it
    read-write does too); opening it read-only, as questions do, does not. "" when there is no store."""
    try:
        manifest = (directory / "CURRENT").read_text(encoding="ascii").strip()
        stat = (directory / manifest).stat()
    except (OSError, ValueError):
        return ""
    return f"{manifest} {stat.st_size} {stat.st_mtime_ns}"


def used_label_predicates(kg: KnowledgeGraph) -> list[str]:
    """The label predicates and name paths (SPARQL, see ``Labelling.held``) the graph uses: one cheap ASK each."""
    return [p for p in (*map(iri, kg.labelling.predicates), *kg.labelling.held) if kg._ask(f"ASK {{ ?s {p} ?o }}")]


def labelling_key(labelling: Labelling) -> str:
    """The label predicates and languages an index was built for (predicate labels depend on both)."""
    return " ".join((*labelling.predicates, *labelling.held, *labelling.joins)) + " | " + ",".join(labelling.languages)


def build_store_index(kg: KnowledgeGraph, directory: Path) -> int:
    """Write the complete label index of the store ``kg`` reads into the store ``directory`` (replacing one
    there), for ``kg.labelling``: every label, best first, the relations' labels and other names, the fuzzy
    index. Call it once the store is written and closed; returns the number of labels indexed."""
    path = directory / STORE_INDEX
    for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        stale.unlink(missing_ok=True)
    index = DiskLabelIndex(kg, path, crawl=False)
    try:
        return index.fill(directory)
    finally:
        index.close()


def open_store_index(kg: KnowledgeGraph, directory: Path) -> DiskLabelIndex | None:
    """The label index ``cacherag load`` left in the store ``directory``, when it was built for this state of
    the store and for ``kg.labelling``; None otherwise (then the labels are read into memory as before)."""
    path = directory / STORE_INDEX
    if not path.is_file():
        return None
    try:
        index = DiskLabelIndex(kg, path, crawl=False)
    except StoreError:
        return None
    if not index.complete or index.built_for() != (labelling_key(kg.labelling), store_signature(directory)):
        index.close()
        return None
    return index


def undated(span: str) -> list[str]:
    """The label a span naming something by its year may have, the year after the name ("Nobel Prize in Physics in
    1972", "1972 Nobel Prize in Physics": "Nobel Prize in Physics 1972"), as :func:`dated_keys` says it the other
    way."""
    found = _SAID_IN_YEAR.fullmatch(span) or _YEAR_FIRST.fullmatch(span)
    return [f"{found['name']} {found['year']}"] if found else []


_SAID_IN_YEAR = re.compile(r"(?P<name>\S+(?: \S+)+) in (?P<year>\d{4})")
_YEAR_FIRST = re.compile(r"(?P<year>\d{4}) (?P<name>\S+(?: \S+)+)")


def casings(text: str) -> list[str]:
    """The spellings a span's label most likely has: as written, lower case, Title Case, first letter up, a title of
    several words after its article ("empire strikes back": "The Empire Strikes Back"), and as written with a full
    stop after it. A bracket the span opens is closed: a span ends at its last word, before the bracket ("Proceeding
    1 (1951"), where the name goes on to it ("Proceeding 1 (1951)")."""
    text += ")" * (text.count("(") - text.count(")"))
    # (str.title capitalizes after an apostrophe, "Shepherd'S Pie"; capwords only after a space, "Spider-man")
    titled = list(dict.fromkeys([string.capwords(text), text.title()]))
    titles = [f"{article.title()} {t}" for article in ARTICLES for t in titled] if " " in text.strip() else []
    spelt = [text, text.lower(), *titled, text[:1].upper() + text[1:], *titles]
    # (a title of several words may end with a full stop, as dblp writes every paper's)
    return list(dict.fromkeys([*spelt, *(f"{s}." for s in spelt[:1] if " " in text.strip())]))


class NodeLabels(Mapping[str, str]):
    """node -> its first label, read from the index (the ``label_of`` of an in-memory :class:`LabelIndex`)."""

    def __init__(self, index: DiskLabelIndex) -> None:
        self._index = index

    def __getitem__(self, node: str) -> str:
        row = self._index.fetchone("SELECT label FROM labels WHERE node = ? ORDER BY rowid LIMIT 1", (node,))
        if row is None:
            raise KeyError(node)
        return str(row[0])

    def __iter__(self) -> Iterator[str]:
        return (str(row[0]) for row in self._index.fetchall("SELECT DISTINCT node FROM labels", ()))

    def __len__(self) -> int:
        row = self._index.fetchone("SELECT COUNT(DISTINCT node) FROM labels", ())
        return int(row[0]) if row else 0


class DiskLabelIndex:
    """Entity linking and relation labels for one graph, from a SQLite index that fills incrementally.

    Offers what the pipeline uses of an in-memory :class:`LabelIndex` (``mentions``, ``label_of``) plus the
    graph's ``predicate_labels``, each answered from disk or with a bounded query.
    """

    def __init__(self, kg: KnowledgeGraph, path: str | Path, *, page: int = 10_000, crawl: bool = True,
                 crawl_delay_s: float = CRAWL_DELAY_S) -> None:
        if page < 1:
            raise StoreError(f"label index page size must be at least 1, got {page}")
        self.kg = kg
        self.path = Path(path)
        self.page = page
        self.crawl_delay_s = crawl_delay_s
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"label index {self.path} is unreadable: {exc}") from exc
        self._lock = threading.RLock()
        self._probed: LRUCache[str, bool] = LRUCache(PROBE_MEMORY)
        self._stop = threading.Event()
        self._crawler: threading.Thread | None = None
        self.label_of = NodeLabels(self)
        if crawl:
            self.start_crawl()

    def start_crawl(self) -> None:
        """Fill the index in the background (after :data:`CRAWL_DELAY_S`), unless it is complete or filling."""
        if self._crawler is None and not self.complete:
            self._crawler = threading.Thread(target=self._crawl_quietly, name=f"label-crawl-{self.kg.name}",
                                             daemon=True)
            self._crawler.start()

    # -- SQLite --------------------------------------------------------------------------------------------
    def fetchone(self, sql: str, params: tuple) -> tuple | None:
        with self._lock:
            return self._db.execute(sql, params).fetchone()

    def fetchall(self, sql: str, params: tuple | list) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _meta(self, key: str) -> str | None:
        row = self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return str(row[0]) if row else None

    def _set_meta(self, key: str, value: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def fact(self, key: str, compute: Callable[[], Any]) -> Any:
        """A fact about the graph's schema (JSON), asked of the graph once (``compute``) and then read from this
        file by every process, as the relation list is: which edges lead to intermediate nodes, the classes."""
        known = self._meta(f"fact {key}")
        if known is not None:
            return json.loads(known)
        value = compute()
        with suppress(sqlite3.Error):  # a read-only index (a store shipped read-only): asked again next time
            self._set_meta(f"fact {key}", json.dumps(value))
        return value

    def _insert(self, rows: Iterable[tuple[str, str]]) -> int:
        """Add (node, label) rows; returns how many were offered."""
        records = [(said, node, label) for node, label in rows if (key := normalize(label))
                   for said in (key, *dated_keys(key))]
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR IGNORE INTO labels(norm, node, label) VALUES (?, ?, ?)", records)
            self._db.execute("COMMIT")
        return len(records)

    def close(self) -> None:
        self._stop.set()
        if self._crawler is not None:
            self._crawler.join(timeout=self.kg.timeout_s + 1)
        with self._lock:
            self._db.close()

    # -- what the graph uses -------------------------------------------------------------------------------
    @cached_property
    def label_predicates(self) -> list[str]:
        """The label predicates the graph actually uses (one cheap ASK each, remembered on disk)."""
        # (per labelling: a user naming another label predicate, or the names an endpoint's naming found, are used)
        key = f"label_predicates {labelling_key(self.kg.labelling)}"
        known = self._meta(key)
        if known is not None:
            return known.split() if known else []
        used = used_label_predicates(self.kg)
        self._set_meta(key, " ".join(used))
        return used

    @cached_property
    def predicate_labels(self) -> dict[str, str]:
        """Readable label of every relation, listed once per graph and then read from disk."""
        rows = self.fetchall("SELECT predicate, label FROM predicates", ())
        if rows:
            return dict(rows)
        try:
            found = self.kg._select(f"SELECT DISTINCT ?p WHERE {{ ?s ?p ?o }} LIMIT {self.kg.max_rows}")
        except QueryTimeoutError:  # too big to list: the relations of a bounded sample of triples
            found = self.kg._select(f"SELECT DISTINCT ?p WHERE {{ {{ SELECT ?p WHERE {{ ?s ?p ?o }} "
                                    f"LIMIT {PREDICATE_SAMPLE} }} }}")
        predicates = [row["p"] for row in found]
        # every label predicate, as a store's labels are read (an ontology may label a relation by skos:prefLabel in
        # English and by rdfs:label in German)
        rows: list[dict[str, str]] = [{"p": p} for p in predicates]
        for start in range(0, len(predicates), 500):
            chunk = " ".join(predicates[start:start + 500])
            rows += self.kg._select(f"SELECT ?p ?lp ?l WHERE {{ VALUES ?p {{ {chunk} }} ?p ?lp ?l "
                                    f"{self.kg.labelling.filter()} }} LIMIT {self.kg.max_rows}")
        rows += self.kg.declared_labels(rows)
        labels = readable_predicates(rows, self.kg.labelling)
        names = [(row["p"], label_text(row["p"], row["l"]).lower()) for row in rows
                 if "l" in row and row["p"] in labels and self.kg.labelling.readable(row["l"])]
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO predicates VALUES (?, ?)", labels.items())
            self._db.execute("DELETE FROM predicate_names")
            self._db.executemany("INSERT INTO predicate_names VALUES (?, ?)", names)
            self._db.execute("COMMIT")
        return labels

    def sole_labels(self, nodes: Sequence[str]) -> dict[str, str]:
        """The label of each of ``nodes`` that has exactly one, once the index is complete: with one label there
        is no language or kind to prefer, so it is the node's best label without asking the graph (nodes with
        several, or none, are left out)."""
        wanted = list(dict.fromkeys(nodes))
        if not wanted or not self.complete:
            return {}
        found: dict[str, str] = {}
        for start in range(0, len(wanted), 500):  # SQLite's bound on host parameters
            chunk = wanted[start:start + 500]
            found.update((str(node), str(label)) for node, label in self.fetchall(
                f"SELECT node, MIN(label) FROM labels WHERE node IN ({','.join('?' * len(chunk))}) "
                "GROUP BY node HAVING COUNT(*) = 1", chunk))
        return found

    @cached_property
    def predicate_names(self) -> dict[str, list[str]]:
        """Every other name the ontology's labels give a relation (see ``KnowledgeGraph.predicate_names``), stored
        with the relations' labels."""
        self.predicate_labels  # noqa: B018 - an endpoint's are read with its relations' labels
        names: dict[str, list[str]] = {}
        for predicate, name in self.fetchall("SELECT predicate, name FROM predicate_names ORDER BY rowid", ()):
            names.setdefault(str(predicate), []).append(str(name))
        return names

    # -- a store's index, built whole --------------------------------------------------------------------
    def fill(self, directory: Path) -> int:
        """Read every label of the graph (a local store: one scan) and mark the index complete and built for
        the store in ``directory`` as it is now; returns the number of labels."""
        relations = self.kg.predicate_labels
        rows = [(node, label) for node, label in self.kg.label_rows if node not in relations]
        read = self._insert(rows)  # best label of each node first, as the in-memory index keeps them
        used = used_label_predicates(self.kg)
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO predicates VALUES (?, ?)", relations.items())
            self._db.executemany("INSERT INTO predicate_names VALUES (?, ?)",
                                 [(p, name) for p, names in self.kg.predicate_names.items() for name in names])
            self._db.execute("INSERT INTO fuzzy(fuzzy) VALUES ('rebuild')")
            self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                (f"label_predicates {labelling_key(self.kg.labelling)}", " ".join(used)),
                ("labelling", labelling_key(self.kg.labelling)),
                ("store", store_signature(directory)), ("complete", "1")])
            self._db.execute("COMMIT")
        return read

    def built_for(self) -> tuple[str | None, str | None]:
        """The labelling and the store state a store's index was built for (None, None for an endpoint's)."""
        return self._meta("labelling"), self._meta("store")

    # -- the crawl -----------------------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        """Whether every label of the graph is on disk (and fuzzy matching is available)."""
        return self._meta("complete") == "1"

    def pages(self) -> int:
        """How many pages the crawl still has to read (one COUNT per label predicate)."""
        total = 0
        for predicate in self.label_predicates:
            offset = int(self._meta(f"offset {predicate}") or 0)
            if offset >= 0:
                rows = self.kg._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?e {predicate} ?l }}")
                total += -(-(int(lexical_form(rows[0]["n"])) - offset) // self.page) if rows else 0
        return total

    def crawl(self) -> Iterator[int]:
        """Read the graph's labels page by page until all are on disk, yielding each page's row count.

        Resumes from the page the last crawl (of any process) finished; stops early when :meth:`close` is
        called, keeping every finished page. The graph's relations are listed first.
        """
        relations = self.predicate_labels
        for predicate in self.label_predicates:
            key = f"offset {predicate}"
            offset = int(self._meta(key) or 0)
            while offset >= 0 and not self._stop.is_set():
                # No FILTER(isLiteral): it makes the endpoint's page several times slower; IRIs are skipped here.
                rows = self.kg._select(f"SELECT ?e ?l WHERE {{ ?e {predicate} ?l }} LIMIT {self.page} OFFSET {offset}")
                read = self._insert((row["e"], label_text(row["e"], row["l"])) for row in rows
                                    if row["l"].startswith('"') and row["e"] not in relations)
                offset = offset + self.page if len(rows) == self.page else -1
                self._set_meta(key, str(offset))
                yield read
        if not self._stop.is_set():
            with self._lock:
                self._db.execute("INSERT INTO fuzzy(fuzzy) VALUES ('rebuild')")
            self._set_meta("complete", "1")

    def _crawl_quietly(self) -> None:
        if self._stop.wait(self.crawl_delay_s):
            return
        try:
            for _ in self.crawl():
                pass
        except (KGError, sqlite3.Error) as exc:  # linking still works by probing; the next process resumes
            print(f"cacherag: label crawl of {self.kg.name} paused: {exc}", file=sys.stderr)

    # -- linking -------------------------------------------------------------------------------------------
    def _probe(self, spans: list[str]) -> None:
        """Ask the endpoint (one bounded query) which spans, in their usual casings, are labels; keep them."""
        fresh = [s for s in dict.fromkeys(spans) if normalize(s) not in self._probed]
        if not fresh or not self.label_predicates:
            return
        values = " ".join(dict.fromkeys(
            term for span in fresh for form in (span, *undated(span)) for text in casings(form)
            for term in (literal(text), literal(text, lang="en"))))
        union = " UNION ".join(f"{{ VALUES ?l {{ {values} }} ?e {p} ?l }}" for p in self.label_predicates)
        rows = self.kg._select(f"SELECT ?e ?l WHERE {{ {union} }} LIMIT {self.kg.max_rows}")
        self._insert((row["e"], label_text(row["e"], row["l"])) for row in rows)
        for span in fresh:
            self._probed[normalize(span)] = True

    def _rows(self, keys: Iterable[str]) -> list[tuple[str, str]]:
        """The (node, label) rows of normalized labels ``keys``, each node's first label (its best, in a
        store's index) before them: what an in-memory index over every label would link and call exact."""
        keys = list(dict.fromkeys(k for key in keys for k in (key, *articled(key))))  # "empire strikes back"
        predicates = self.predicate_labels
        rows: list[tuple[str, str]] = []
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            rows.extend(self.fetchall(f"SELECT node, label FROM labels WHERE norm IN ({','.join('?' * len(chunk))}) "
                                      f"ORDER BY rowid", chunk))
        nodes = list(dict.fromkeys(node for node, _ in rows))
        first: list[tuple[str, str]] = []
        for start in range(0, len(nodes), 500):
            chunk = nodes[start:start + 500]
            first.extend(self.fetchall(
                f"SELECT node, label FROM labels WHERE rowid IN (SELECT MIN(rowid) FROM labels "
                f"WHERE node IN ({','.join('?' * len(chunk))}) GROUP BY node) ORDER BY rowid", chunk))
        return [(node, label) for node, label in first + rows if node not in predicates]

    def _fuzzy_rows(self, spans: list[str]) -> list[tuple[str, str]]:
        """Labels sharing the most trigrams with each span: the candidates rapidfuzz then checks."""
        rows: list[tuple[str, str]] = []
        for span in spans:
            grams = {span[i:i + 3] for i in range(len(span) - 2)}
            if not grams:
                continue
            match = " OR ".join(f'"{g}"' for g in sorted(grams) if '"' not in g)
            rows.extend(self.fetchall(
                "SELECT l.node, l.label FROM fuzzy JOIN labels l ON l.rowid = fuzzy.rowid "
                "WHERE fuzzy MATCH ? ORDER BY rank LIMIT ?", (match, FUZZY_CANDIDATES)))
        return rows

    def _partial_rows(self, question: str, tokens: list[tuple[str, int, int]]) -> list[tuple[str, str]]:
        """The labels of several words a lone word of the question begins or ends (see :func:`lone_names`), for
        each word few labels begin or end: where more might, the word names none of them."""
        rows: list[tuple[str, str]] = []
        for word, _, _ in lone_names(question, tokens):
            if '"' in word:
                continue
            begun = self.fetchall("SELECT node, label FROM labels WHERE norm >= ? AND norm < ? LIMIT ?",
                                  (word + " ", word + "!", PARTIAL_CANDIDATES + 1))  # "!" sorts right after " "
            said = self.fetchall("SELECT l.node, l.label, l.norm FROM fuzzy JOIN labels l ON l.rowid = fuzzy.rowid "
                                 "WHERE fuzzy MATCH ? LIMIT ?", (f'"{word}"', PARTIAL_CANDIDATES + 1))
            ended = [(node, label) for node, label, norm in said if norm.endswith(" " + word)]
            if len(begun) <= PARTIAL_CANDIDATES and len(said) <= PARTIAL_CANDIDATES:
                rows += [*begun, *ended]
        return rows

    def _inner_rows(self, question: str, tokens: list[tuple[str, int, int]],
                    named: Collection[str]) -> list[tuple[str, str]]:
        """The labels a run of words written as a name is said inside (see :func:`name_runs`), where few are; a run
        ``named`` (a name of its own) is looked up no further."""
        rows: list[tuple[str, str]] = []
        for run, _, _ in name_runs(question, tokens):
            if run in named:
                continue
            said = self.fetchall("SELECT l.node, l.label FROM fuzzy JOIN labels l ON l.rowid = fuzzy.rowid "
                                 "WHERE fuzzy MATCH ? LIMIT ?", (f'"{run}"', PARTIAL_CANDIDATES + 1))
            if len(said) <= PARTIAL_CANDIDATES:
                rows += said
        return rows

    def mentions(self, question: str, fuzzy: bool = True) -> list[Mention]:
        """Every span of ``question`` that names a node, best first (same scoring as :class:`LabelIndex`)."""
        tokens = tokenize(question)
        spans: dict[str, str] = {}  # normalized span -> as written
        for i in range(len(tokens)):
            for j in range(i + 1, min(len(tokens), i + MAX_SPAN_TOKENS) + 1):
                words = [t for t, _, _ in tokens[i:j]]
                if may_name(words, written := question[tokens[i][1]:tokens[j - 1][2]]):
                    spans.setdefault(" ".join(words), written)
                    if owner := possessor(question, words, end := tokens[j - 1][2]):  # "Jorin Dask's": the name
                        spans.setdefault(owner, question[tokens[i][1]:end - 2])
        if not self.complete:
            self._probe(list(spans.values()))
        rows = self._rows(spans)
        found = LabelIndex(rows).mentions(question, fuzzy=False)
        if not fuzzy or not self.complete:
            return found
        candidates: list[tuple[str, str]] = []  # what the in-memory index's fuzzy and partial matching look at
        if not any(m.text.lower() not in STOPWORDS for m in found):
            candidates += self._fuzzy_rows([key for key in spans if key.count(" ") < FUZZY_MAX_TOKENS
                                            and len(key) >= 4])
        elif not any(m.written_as_name for m in found):  # (see LabelIndex.mentions: names written as names)
            words = [tokens[i][0] for i in sorted(name_words(question, tokens))]
            runs = [run for run, _, _ in name_runs(question, tokens) if run.count(" ") < FUZZY_MAX_TOKENS]
            candidates += self._fuzzy_rows([span for span in dict.fromkeys([*runs, *words]) if len(span) >= 4])
        candidates += self._partial_rows(question, tokens)
        candidates += self._inner_rows(question, tokens, {normalize(m.text) for m in found})
        return LabelIndex(rows + candidates).mentions(question, fuzzy=True) if candidates else found
