"""The knowledge-graph protocol and the bounded operators every backend shares.

A backend supplies three primitives — run a SELECT, run an ASK, run a CONSTRUCT — over engine-built SPARQL;
everything else (local schema, σ_depth point queries, σ_breadth star scans, whole-plan path queries, labels)
is SPARQL written here once, so rdflib, Oxigraph and a remote endpoint behave identically.
"""

from __future__ import annotations

import contextlib
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from cacherag.tools.errors import EmptyGraphError, QueryTimeoutError
from cacherag.tools.sparql_guard import CheckedQuery, check_read_query, load_parsers
from cacherag.tools.terms import (
    LABEL_PREDICATES,
    NON_TRAVERSABLE,
    humanize,
    iri,
    iri_value,
    is_iri,
    lexical_form,
)
from cacherag.tools.worker import run_isolated

Row = dict[str, str]
MAX_REPR_CHARS = 120
T = TypeVar("T")
_CHECK_EVERY = 1024  # rows between two looks at the clock
_scanning = threading.local()  # set while this thread builds a whole-graph index


@contextlib.contextmanager
def _index_scan() -> Iterator[None]:
    """Whole-graph index scans (labels, predicates) run once per graph, so no per-query deadline applies."""
    _scanning.on = True
    try:
        yield
    finally:
        _scanning.on = False


@dataclass(frozen=True)
class SchemaEdge:
    """A predicate seen around some nodes, with its direction: ``inverse`` means the nodes are objects."""

    predicate: str
    inverse: bool
    label: str
    count: int = 0

    def as_step(self) -> dict[str, Any]:
        return {"predicate": self.predicate, "inverse": self.inverse, "label": self.label}


@dataclass(frozen=True, repr=False)
class QueryResult:
    """Result of a raw read query: SELECT rows, an ASK boolean, or CONSTRUCT/DESCRIBE triples.

    ``len()`` and iteration go over the rows (SELECT) or triples (CONSTRUCT/DESCRIBE); an ASK result is
    one boolean, and its truth is that boolean. The repr is one short line whatever the size.
    """

    form: str
    rows: list[Row] | None = None
    boolean: bool | None = None
    triples: list[tuple[str, str, str]] | None = None

    def _items(self) -> list[Any]:
        if self.form == "ASK":
            return [self.boolean]
        return list(self.rows if self.rows is not None else self.triples or [])

    def __len__(self) -> int:
        return len(self._items())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items())

    def __bool__(self) -> bool:
        return bool(self.boolean) if self.form == "ASK" else len(self) > 0

    def __repr__(self) -> str:
        if self.form == "ASK":
            return f"QueryResult(ASK, {self.boolean})"
        items = self._items()
        kind = "rows" if self.rows is not None else "triples"
        first = f", first: {str(items[0])[:MAX_REPR_CHARS]}" if items else ""
        return f"QueryResult({self.form}, {len(items)} {kind}{first})"


def _values(var: str, nodes: Iterable[str]) -> str:
    return f"VALUES ?{var} {{ {' '.join(nodes)} }}"


def _pattern(subject: str, step: dict[str, Any], obj: str) -> str:
    """Triple pattern for one plan step; inverse steps walk the edge backwards."""
    predicate = step["predicate"]
    return f"{obj} {predicate} {subject} ." if step["inverse"] else f"{subject} {predicate} {obj} ."


class KnowledgeGraph(ABC):
    """One knowledge graph, queried only through bounded, read-only SPARQL."""

    def __init__(self, name: str, *, timeout_s: float = 10.0, max_rows: int = 10_000) -> None:
        self.name = name
        self.timeout_s = timeout_s
        self.max_rows = max_rows

    # -- backend primitives -------------------------------------------------------------------------
    @abstractmethod
    def _select(self, query: str) -> list[Row]:
        """Run a SELECT; rows map variable names to N-Triples terms (unbound variables are absent)."""

    @abstractmethod
    def _ask(self, query: str) -> bool:
        """Run an ASK."""

    @abstractmethod
    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        """Run a CONSTRUCT or DESCRIBE; triples as N-Triples terms."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release backend resources."""

    def collect(self, items: Iterator[T], started: float) -> list[T]:
        """The answers an embedded engine yields one by one, given up on ``timeout_s`` after ``started``.

        The engine's own queries are bounded joins from a VALUES list, and the engine yields their
        answers lazily, so the clock is read between rows; a raw query is stopped harder (see :meth:`query`).
        """
        if getattr(_scanning, "on", False):
            return list(items)
        deadline = started + self.timeout_s
        found: list[T] = []
        for item in items:
            if len(found) % _CHECK_EVERY == 0 and time.monotonic() > deadline:
                raise QueryTimeoutError(f"a query of the engine did not finish within {self.timeout_s:g} s")
            found.append(item)
        if time.monotonic() > deadline:
            raise QueryTimeoutError(f"a query of the engine did not finish within {self.timeout_s:g} s")
        return found

    # -- raw read queries -----------------------------------------------------------------------------
    #: Whether a raw query runs (parsed and executed) in a killable worker process; a remote backend only
    #: parses there, its HTTP transport enforces the deadline itself.
    executes_in_worker = True

    def query(self, text: str) -> QueryResult:
        """Run user- or LLM-supplied SPARQL after the read-only guard, bounded by a LIMIT and the timeout.

        Parsing and execution run in a forked worker that is killed at the deadline (or when it outgrows
        its memory cap), so neither a pathological parse nor an exploding join outlives the timeout.
        """
        load_parsers()  # here, not in each worker: a worker that had to build the grammar could time out
        if self.executes_in_worker:
            return run_isolated(lambda: self._run_checked(check_read_query(text, self.max_rows)),
                                self.timeout_s, "query")
        return self._run_checked(run_isolated(lambda: check_read_query(text, self.max_rows), self.timeout_s,
                                              "parsing the query"))

    def _run_checked(self, checked: CheckedQuery) -> QueryResult:
        if checked.form == "SELECT":
            return QueryResult("SELECT", rows=self._select(checked.text)[: self.max_rows])
        if checked.form == "ASK":
            return QueryResult("ASK", boolean=self._ask(checked.text))
        return QueryResult(checked.form, triples=self._construct(checked.text)[: self.max_rows])

    # -- graph facts ----------------------------------------------------------------------------------
    def triple_count(self) -> int:
        rows = self._select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
        return int(lexical_form(rows[0]["n"])) if rows else 0

    def ensure_not_empty(self) -> None:
        if not self._select("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1"):
            raise EmptyGraphError(f"knowledge graph '{self.name}' holds no triples")

    @cached_property
    def label_rows(self) -> list[tuple[str, str]]:
        """Every (node, label text) pair, for the entity-linking index."""
        query = (
            f"SELECT ?e ?l WHERE {{ {_values('lp', map(iri, LABEL_PREDICATES))} ?e ?lp ?l . "
            f"FILTER(isLiteral(?l)) }}"
        )
        with _index_scan():
            rows = self._select(query)
        return [(row["e"], lexical_form(row["l"])) for row in rows]

    @cached_property
    def predicate_labels(self) -> dict[str, str]:
        """Readable label of every traversable predicate: its rdfs:label, else its humanized local name."""
        with _index_scan():
            return readable_predicates(self._select(
                f"SELECT DISTINCT ?p ?l WHERE {{ ?s ?p ?o . OPTIONAL {{ ?p {iri(LABEL_PREDICATES[0])} ?l }} }}"
            ))

    def use_predicate_labels(self, labels: dict[str, str]) -> None:
        """Adopt predicate labels read elsewhere (a persistent label index) instead of scanning every triple."""
        self.__dict__["predicate_labels"] = labels

    def labels_for(self, nodes: Sequence[str]) -> dict[str, str]:
        """Label of each node (literals read as their lexical form, unlabelled IRIs as their local name)."""
        iris = [n for n in dict.fromkeys(nodes) if is_iri(n)]
        found: dict[str, str] = {}
        if iris:
            query = (
                f"SELECT ?e ?l WHERE {{ {_values('e', iris)} {_values('lp', map(iri, LABEL_PREDICATES))} "
                f"?e ?lp ?l }} LIMIT {self.max_rows}"
            )
            for row in self._select(query):
                found.setdefault(row["e"], lexical_form(row["l"]))
        return {n: found.get(n) or lexical_form(n) for n in nodes}

    # -- bounded operators ---------------------------------------------------------------------------
    def local_schema(self, nodes: Sequence[str]) -> list[SchemaEdge]:
        """Predicates around ``nodes`` in both directions with their counts (the local schema S_local)."""
        if not nodes:
            return []
        rows = self._select(self.local_schema_query(nodes))
        return self.schema_edges((row["p"], lexical_form(row["dir"]) == "in", int(lexical_form(row["n"])))
                                 for row in rows)

    def local_schema_query(self, nodes: Sequence[str]) -> str:
        subjects = [n for n in nodes if is_iri(n)]
        query = (
            f"SELECT ?p ?dir (COUNT(*) AS ?n) WHERE {{ {_values('x', nodes)} "
            f"{{ ?x ?p ?o . BIND(\"out\" AS ?dir) }} UNION {{ ?s ?p ?x . BIND(\"in\" AS ?dir) }} }} "
            f"GROUP BY ?p ?dir LIMIT {self.max_rows}"
        )
        if not subjects:  # literals have no outgoing edges; keep the query valid all the same
            query = query.replace("{ ?x ?p ?o . BIND(\"out\" AS ?dir) } UNION ", "")
        return query

    def schema_edges(self, counts: Iterable[tuple[str, bool, int]]) -> list[SchemaEdge]:
        """Traversable edges from (predicate, inverse, count) triples, most frequent first."""
        labels = self.predicate_labels
        edges = [SchemaEdge(p, inverse, labels[p], n) for p, inverse, n in counts if p in labels]
        return sorted(edges, key=lambda e: (-e.count, e.predicate, e.inverse))

    def follow(self, nodes: Sequence[str], step: dict[str, Any]) -> list[tuple[str, str]]:
        """σ_depth: the index nested-loop join ``nodes ⋈ step``; returns (source, target) pairs."""
        if not nodes:
            return []
        return [(row["src"], row["dst"]) for row in self._select(self.follow_query(nodes, step))]

    def follow_query(self, nodes: Sequence[str], step: dict[str, Any]) -> str:
        return (
            f"SELECT ?src ?dst WHERE {{ {_values('src', nodes)} {_pattern('?src', step, '?dst')} }} "
            f"LIMIT {self.max_rows}"
        )

    def paths(self, topic: str, steps: Sequence[dict[str, Any]]) -> list[list[str]]:
        """All paths from ``topic`` along ``steps`` (one query for the whole plan).

        A second hop straight back along the first never returns to the topic ("films that share a director
        with X" are not X); otherwise a path may pass through the topic again, as graphs that merge homonyms
        need, and other nodes may recur (a film reached back through its own director is one of the films
        that director made). The topic itself is an answer only when it is the only node the plan reaches.
        """
        variables = [f"x{i}" for i in range(len(steps) + 1)]
        found = [[row[v] for v in variables] for row in self._select(self.path_query(topic, steps))]
        elsewhere = [path for path in found if path[-1] != topic]
        return elsewhere or found

    def path_query(self, topic: str, steps: Sequence[dict[str, Any]]) -> str:
        """The SPARQL of a whole plan, as it runs (and as it is shown to users)."""
        variables = [f"?x{i}" for i in range(len(steps) + 1)]
        patterns = " ".join(_pattern(variables[i], s, variables[i + 1]) for i, s in enumerate(steps))
        back = "FILTER(?x2 != ?x0)" if len(steps) > 1 and turns_back(steps[0], steps[1]) else ""
        return (
            f"SELECT {' '.join(variables)} WHERE {{ VALUES ?x0 {{ {topic} }} {patterns} {back} }} "
            f"LIMIT {self.max_rows}"
        )

    def star(self, nodes: Sequence[str], edges: Sequence[SchemaEdge],
             limit: int | None = None) -> list[tuple[str, SchemaEdge, str]]:
        """σ_breadth: the star scan of ``nodes`` over the given (already pruned) predicates.

        At most ``limit`` neighbours per predicate, so a hub (a year, a genre) cannot flood the subgraph.
        """
        found: list[tuple[str, SchemaEdge, str]] = []
        for edge in edges:
            query = self.follow_query(nodes, edge.as_step()).replace(
                f"LIMIT {self.max_rows}", f"LIMIT {min(limit or self.max_rows, self.max_rows)}")
            found.extend((row["src"], edge, row["dst"]) for row in self._select(query))
        return found


def turns_back(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """True if ``second`` walks ``first``'s predicate straight back (to what shares ``first``'s target)."""
    return first["predicate"] == second["predicate"] and bool(first["inverse"]) != bool(second["inverse"])


def readable_predicates(rows: Iterable[Row]) -> dict[str, str]:
    """Label of each traversable predicate from ``?p`` / optional ``?l`` (rdfs:label) rows.

    Its rdfs:label, lower-cased, else its humanized local name.
    """
    labels: dict[str, str] = {}
    for row in rows:
        predicate = row["p"]
        if iri_value(predicate) in NON_TRAVERSABLE:
            continue
        if "l" in row:
            labels[predicate] = lexical_form(row["l"]).lower()
        else:
            labels.setdefault(predicate, humanize(lexical_form(predicate)))
    return labels
