"""The knowledge-graph protocol and the bounded operators every backend shares.

A backend supplies three primitives — run a SELECT, run an ASK, run a CONSTRUCT — over engine-built SPARQL;
everything else (local schema, σ_depth point queries, σ_breadth star scans, whole-plan path queries, labels)
is SPARQL written here once, so rdflib, Oxigraph and a remote endpoint behave identically.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from cacherag.tools.errors import EmptyGraphError, QueryTimeoutError
from cacherag.tools.labelling import Labelling
from cacherag.tools.sparql_guard import CheckedQuery, check_read_query, load_parsers
from cacherag.tools.terms import (
    NON_TRAVERSABLE,
    PROPERTY_LINKS,
    RDF_TYPE,
    humanize,
    iri,
    iri_value,
    is_iri,
    label_text,
    lexical_form,
    name_part,
    name_words,
    relation_text,
)
from cacherag.tools.worker import run_isolated

# a local name with a letter, no path, no file's or host's ("downloads.html": a page, shown by its address)
_VALUE_NAME = re.compile(r"(?=.*[^\W\d_])(?!.*\.[^\W\d_])[\w.+-]+")

Row = dict[str, str]
PARTLESS_KEPT = 100_000  # unlabelled nodes remembered to have no name parts either (not asked again)
MAX_REPR_CHARS = 120
T = TypeVar("T")
_CHECK_EVERY = 1024  # rows between two looks at the clock
_scanning = threading.local()  # set while this thread builds a whole-graph index
# (epoch seconds when the running question's budget is spent, that budget in seconds), set per pipeline step
_question: ContextVar[tuple[float, float] | None] = ContextVar("cacherag_question_deadline", default=None)


@contextlib.contextmanager
def _index_scan() -> Iterator[None]:
    """Whole-graph index scans (labels, predicates) run once per graph, when it is opened and before any
    question's clock starts, so neither deadline applies to them."""
    _scanning.on = True
    try:
        yield
    finally:
        _scanning.on = False


@contextlib.contextmanager
def question_deadline(at: float | None, budget_s: float) -> Iterator[None]:
    """Every query the block runs ends by ``at`` (epoch seconds; the question's ``budget_s`` budget) as well
    as within its own timeout; ``at=None`` leaves only the per-query timeout."""
    token = _question.set(None if at is None else (at, budget_s))
    try:
        yield
    finally:
        _question.reset(token)


@dataclass(frozen=True)
class Deadline:
    """When one query must have finished (``time.monotonic()``) and what to say when it has not."""

    at: float
    message: str

    @property
    def remaining(self) -> float:
        return max(0.0, self.at - time.monotonic())

    def check(self) -> None:
        if time.monotonic() > self.at:
            raise QueryTimeoutError(self.message)


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


def values_of(var: str, nodes: Iterable[str]) -> str:
    # A blank node has no name a query can say (SPARQL allows none in VALUES): what reaches one from a node that has
    # a name is asked from there, as a hop through it. With none left, a node no graph has: rdflib fails on an
    # empty VALUES block (a frontier of blank nodes, UniProt's structured names and locations).
    named = [n for n in nodes if not n.startswith("_:")]
    return f"VALUES ?{var} {{ {' '.join(named) or NO_NODE} }}"


NO_NODE = "<urn:cacherag:no-node>"


# The qualifier's value is a node or a literal ("illustrator", a role a credit names in words).
_THROUGH = re.compile(r'^(\^?<[^<>\s]*>)/(\^?<[^<>\s]*>)(?:\[(<[^<>\s]*>) (<[^<>\s]*>|"(?:[^"\\\n]|\\.)*"'
                      r'(?:@[\w-]+|\^\^<[^<>\s]*>)?)\])?$')


def through(first: tuple[str, bool], second: tuple[str, bool], where: tuple[str, str] | None = None) -> str:
    """The predicate of a hop through an intermediate node (an n-ary relation, a role or statement node):
    two edges as a SPARQL property path, ``^`` walking one backwards, and optionally an edge the
    intermediate node must have — ``<credit>/<person>[<role> <director>]`` is who a film credits as director.
    """
    path = "/".join(("^" if inverse else "") + predicate for predicate, inverse in (first, second))
    return path + (f"[{where[0]} {where[1]}]" if where else "")


def is_through(predicate: str) -> bool:
    return _THROUGH.match(predicate) is not None


_UNION = re.compile(r"^\(<[^<>\s]*>(?:\|<[^<>\s]*>)+\)$")


def union(predicates: Iterable[str]) -> str:
    """The predicate of a hop along any one of ``predicates``, a SPARQL alternative path: ``(<father>|<mother>)``
    walks to a parent."""
    return "(" + "|".join(sorted(set(predicates))) + ")"


def is_union(predicate: str) -> bool:
    return _UNION.match(predicate) is not None


def members(predicate: str) -> tuple[str, ...]:
    """The relations a hop along any of several walks (see :func:`union`); a plain predicate's is itself."""
    return tuple(predicate[1:-1].split("|")) if is_union(predicate) else (predicate,)


def is_path(predicate: str) -> bool:
    """Whether a hop is a SPARQL path (through intermediate nodes, or along any of several relations): no stored
    edge carries it as its predicate."""
    return is_through(predicate) or is_union(predicate)


def qualifier(predicate: str) -> str | None:
    """The node a hop's intermediate nodes must be related to (``<director>`` in ``<credit>/<person>[<role>
    <director>]``), if any."""
    via = _THROUGH.match(predicate)
    return via[4] if via is not None else None


def picked_by(predicate: str) -> str | None:
    """The edge a hop's intermediate nodes are picked by (``<role>`` in ``<credit>/<person>[<role> <director>]``),
    if any."""
    via = _THROUGH.match(predicate)
    return via[3] if via is not None else None


def legs(predicate: str) -> tuple[str, str] | None:
    """The two edges of a hop through intermediate nodes (``^`` on one walked backwards), if it is one."""
    via = _THROUGH.match(predicate)
    return (via[1], via[2]) if via is not None else None


def walked_legs(step: dict[str, Any]) -> list[tuple[str, bool]]:
    """The edges a hop walks, in the order it walks them, each with whether it is walked backwards."""
    edges = legs(step["predicate"]) or (step["predicate"],)
    walked = [(edge.removeprefix("^"), edge.startswith("^")) for edge in edges]
    return [(edge, not back) for edge, back in reversed(walked)] if step["inverse"] else walked


def _triple(start: str, edge: str, end: str) -> str:
    return f"{end} {edge[1:]} {start} ." if edge.startswith("^") else f"{start} {edge} {end} ."


def _pattern(subject: str, step: dict[str, Any], obj: str) -> str:
    """Triple pattern for one plan step; inverse steps walk the edge backwards."""
    start, end = (obj, subject) if step["inverse"] else (subject, obj)
    via = _THROUGH.match(step["predicate"])
    if via is None:
        return f"{start} {step['predicate']} {end} ."
    node = "?via_" + re.sub(r"\W", "", start + end)
    where = f" {node} {via[3]} {via[4]} ." if via[3] else ""
    return f"{_triple(start, via[1], node)} {_triple(node, via[2], end)}{where}"


SCHEMA_SCAN = 1_000  # edges of a node in one direction and predicate the local schema counts (see local_schema)
_SCHEMA_BRANCHES = 64  # predicates counted per query when a hub's schema is read predicate by predicate


class KnowledgeGraph(ABC):
    """One knowledge graph, queried only through bounded, read-only SPARQL."""

    def __init__(self, name: str, *, timeout_s: float = 10.0, max_rows: int = 10_000) -> None:
        self.name = name
        self.timeout_s = timeout_s
        self.max_rows = max_rows
        self.labelling = Labelling()  # which labels name and show a node (set from the context)
        self._partless: set[str] = set()  # unlabelled nodes no name parts name either (a set: threads share it)

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

    #: Whether :meth:`prefetch` hints are used (so working them out is worth it): not by a backend that
    #: answers in place.
    takes_hints = False

    def prefetch(self, nodes: Sequence[str], plans: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> None:  # noqa: B027
        """A hint of what the question is about to ask: the local schemas of ``nodes`` and the plans
        ``(topic, steps)``. A backend that answers in place ignores it; a cached remote one asks for all of
        it in one round trip (see :class:`~cacherag.tools.cached_kg.CachedKG`)."""

    def deadline(self, late: str = "") -> Deadline | None:
        """The deadline of a query starting now: its own timeout, or sooner the end of the running question's
        budget (raises :class:`QueryTimeoutError` when that is already spent); None for a whole-graph index scan.
        ``late`` says what happened when the query's own timeout passes.
        """
        if getattr(_scanning, "on", False):
            return None
        now = time.monotonic()
        own = Deadline(now + self.timeout_s,
                       late or f"a query of the engine did not finish within {self.timeout_s:g} s")
        question = _question.get()
        if question is None:
            return own
        at, budget_s = question
        left = at - time.time()
        message = f"the question's {budget_s:g} s budget (question_timeout_s) ran out"
        if left <= 0:
            raise QueryTimeoutError(message)
        return Deadline(now + left, message) if left < self.timeout_s else own

    def collect(self, items: Iterator[T], deadline: Deadline | None) -> list[T]:
        """The answers an embedded engine yields one by one, given up at ``deadline``.

        The engine yields answers lazily, so the clock is read between rows; rdflib also reads it inside the
        evaluation (see :mod:`cacherag.tools.rdflib_backend`); a raw query is stopped harder (see :meth:`query`).
        """
        if deadline is None:
            return list(items)
        found: list[T] = []
        for item in items:
            if len(found) % _CHECK_EVERY == 0:
                deadline.check()
            found.append(item)
        deadline.check()
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
        """Every (node, label text) pair, for the entity-linking index: every language and alternative name
        links, and each node's best label (see :class:`~cacherag.tools.labelling.Labelling`) comes first."""
        query = (f"SELECT ?e ?lp ?l WHERE {{ VALUES ?lp {{ {self.labelling.values} }} ?e ?lp ?l . "
                 f"FILTER(isLiteral(?l)) }}")
        with _index_scan():
            rows = self._held_names(query)
            relations = self.property_items  # the names of relations are no entities
        ordered = self.labelling.ordered([(row["e"], row["l"], row["lp"]) for row in rows
                                          if row["e"] not in relations])
        named = [(node, label_text(node, label)) for node, label, _ in ordered]
        return named + self._value_names({node for node, _ in named})

    def _value_names(self, labelled: set[str]) -> list[tuple[str, str]]:
        """(node, name) rows for the IRIs a graph gives only as values, with no label and no statement of their own
        (a licence's SPDX IRI, an ISO country code's, a category's): shown by their local name ("MIT", "JP"), they
        are linked by it too, and by its words ("InStock": "in stock"). Not the classes things are typed as."""
        hidden = ", ".join(iri(p) for p in sorted({RDF_TYPE, *NON_TRAVERSABLE}))
        with _index_scan():
            # (MINUS, not FILTER NOT EXISTS: Oxigraph anti-joins it once, not per statement)
            rows = self._select(f"SELECT DISTINCT ?o WHERE {{ ?s ?p ?o FILTER(isIRI(?o) && ?p NOT IN ({hidden})) "
                                f"MINUS {{ ?o ?q ?v }} }}")
        found: list[tuple[str, str]] = []
        for node in (row["o"] for row in rows if row["o"] not in labelled):
            name = lexical_form(node)
            if _VALUE_NAME.fullmatch(name):
                found += [(node, said) for said in dict.fromkeys((name, humanize(name)))]
        return found

    @cached_property
    def predicate_labels(self) -> dict[str, str]:
        """Readable label of every traversable predicate: its best label (see
        :class:`~cacherag.tools.labelling.Labelling`), lower-cased, else its humanized local name."""
        return readable_predicates(self._predicate_label_rows, self.labelling)

    @cached_property
    def predicate_names(self) -> dict[str, list[str]]:
        """Every other name a predicate's labels give it in the languages a user asks in (an ontology's
        alternative labels: "lives in" for resident), lower-cased; the words naming it besides its label."""
        names: dict[str, list[str]] = {}
        for row in self._predicate_label_rows:
            if "l" in row and self.labelling.readable(row["l"]):
                names.setdefault(row["p"], []).append(label_text(row["p"], row["l"]).lower())
        return names

    @cached_property
    def _predicate_label_rows(self) -> list[Row]:
        with _index_scan():
            # The predicates first, then their labels: an OPTIONAL beside ?s ?p ?o runs once per triple on rdflib.
            predicates = [row["p"] for row in self._select("SELECT DISTINCT ?p WHERE { ?s ?p ?o }")]
            rows: list[Row] = [{"p": p} for p in predicates]
            for start in range(0, len(predicates), 500):
                rows.extend(self._select(f"SELECT ?p ?lp ?l WHERE {{ {values_of('p', predicates[start:start + 500])} "
                                         f"?p ?lp ?l {self.labelling.filter()} }}"))
            return rows + self.declared_labels(rows)

    def declared_labels(self, rows: Sequence[Row]) -> list[Row]:
        """Labels (``p``, ``lp``, ``l`` rows) for the relations among ``rows`` (``p``, and ``l`` where labelled)
        that have none of their own, from the item declaring them, as a Wikibase property item names its
        predicates (wd:P19 "place of birth" for wdt:P19, ps:P19, …; see PROPERTY_LINKS). No request when every
        relation is labelled."""
        labelled = {row["p"] for row in rows if "l" in row}
        bare = list(dict.fromkeys(row["p"] for row in rows if row["p"] not in labelled and not (
            iri_value(row["p"]) in NON_TRAVERSABLE or iri_value(row["p"]) == RDF_TYPE
            or iri_value(row["p"]) in self.labelling.predicates)))
        links = ", ".join(f"<{link}>" for link in PROPERTY_LINKS)
        found: list[Row] = []
        for start in range(0, len(bare), 500):  # FILTER, not a second VALUES block: see labels_for
            found.extend(self._select(f"SELECT ?p ?lp ?l WHERE {{ {values_of('p', bare[start:start + 500])} "
                                      f"?item ?link ?p FILTER(?link IN ({links})) ?item ?lp ?l "
                                      f"{self.labelling.filter()} }} LIMIT {self.max_rows}"))
        return found

    @cached_property
    def property_items(self) -> frozenset[str]:
        """The items that declare predicates (Wikibase property items, see PROPERTY_LINKS): names of relations, no
        entities."""
        links = " ".join(f"<{link}>" for link in PROPERTY_LINKS)
        return frozenset(row["item"] for row in self._select(
            f"SELECT DISTINCT ?item WHERE {{ VALUES ?link {{ {links} }} ?item ?link ?p }} LIMIT {self.max_rows}"))

    def use_predicate_labels(self, labels: dict[str, str]) -> None:
        """Adopt predicate labels read elsewhere (a persistent label index) instead of scanning every triple."""
        self.__dict__["predicate_labels"] = labels

    def labels_for(self, nodes: Sequence[str]) -> dict[str, str]:
        """Best label of each node (literals read as their lexical form, unlabelled IRIs as their local name)."""
        iris = [n for n in dict.fromkeys(nodes) if is_iri(n)]
        found: dict[str, str] = {}
        if iris:
            # FILTER, not a second VALUES: rdflib joins two VALUES blocks by scanning the whole graph
            query = (
                f"SELECT ?e ?lp ?l WHERE {{ {values_of('e', iris)} ?e ?lp ?l "
                f"{self.labelling.filter()} }} LIMIT {self.max_rows}"
            )
            best = self.labelling.best((row["e"], row["l"], row["lp"]) for row in self._held_names(query, iris))
            found = {node: label_text(node, label) for node, label in best.items()}
            unnamed = [n for n in iris if n not in found and n not in self._partless]
            if unnamed:
                found |= self._named_in_parts(unnamed)
                if len(self._partless) > PARTLESS_KEPT:
                    self._partless.clear()
                self._partless.update(n for n in unnamed if n not in found)
        return {n: found.get(n) or lexical_form(n) for n in nodes}

    def _named_in_parts(self, iris: Sequence[str]) -> dict[str, str]:
        """Of nodes no label names, those whose given and family names say who they are ("Owen Gallagher"): a
        directory naming its people so alone, where the graph's labelling has not been told (an endpoint's)."""
        parts: dict[str, dict[str, str]] = {}
        for row in self._select(f"SELECT ?e ?p ?v WHERE {{ {values_of('e', iris)} ?e ?p ?v FILTER(isLiteral(?v)) }} "
                                f"LIMIT {self.max_rows}"):
            if (part := name_part(iri_value(row["p"]))) is not None:
                parts.setdefault(row["e"], {}).setdefault(part, lexical_form(row["v"]))
        return {node: f"{named['first']} {named['last']}" for node, named in parts.items() if len(named) == 2}

    def names_of(self, nodes: Sequence[str]) -> list[tuple[str, str, str]]:
        """The names ``nodes`` (IRIs) are given: (node, predicate, literal) of their labels and of literals under a
        predicate named as a name (GeoNames' ``alternateName``, ``officialName``), the label shown first."""
        iris = [n for n in dict.fromkeys(nodes) if is_iri(n)]
        if not iris:
            return []
        rows = self._select(f"SELECT ?e ?lp ?l WHERE {{ {values_of('e', iris)} ?e ?lp ?l FILTER(isLiteral(?l)) }} "
                            f"LIMIT {self.max_rows}")
        named = [(row["e"], row["l"], row["lp"]) for row in rows if iri_value(row["lp"]) in self.labelling.predicates
                 or name_words(iri_value(row["lp"])) is not None]
        return [(node, predicate, term) for node, term, predicate in self.labelling.ordered(named)]

    def labelled(self, nodes: Sequence[str]) -> set[str]:
        """Those of ``nodes`` (IRIs) a label predicate or a name path names."""
        iris = [n for n in dict.fromkeys(nodes) if is_iri(n)]
        if not iris:
            return set()
        query = f"SELECT DISTINCT ?e WHERE {{ {values_of('e', iris)} ?e ?lp ?l {self.labelling.filter()} }}"
        return {row["e"] for row in self._held_names(query, iris)}

    def _held_names(self, query: str, iris: Sequence[str] | None = None) -> list[Row]:
        """The rows of ``query`` (labels of ``iris``, or of every node), and those of the names they hold through a
        node of their own (see ``Labelling.paths``) or say in two parts (``Labelling.joined``; none in most graphs: no
        query more)."""
        nodes, bound = (values_of("e", iris), f" LIMIT {self.max_rows}") if iris is not None else ("", "")
        return self._select(query) + [
            {**row, "lp": path} for path in self.labelling.held
            for row in self._select(f"SELECT ?e ?l WHERE {{ {nodes} ?e {path} ?l FILTER(isLiteral(?l)) }}{bound}")] + [
            {**row, "lp": key} for (first, last), key in zip(self.labelling.joined, self.labelling.joins, strict=True)
            for row in self._select(f'SELECT ?e (CONCAT(STR(?f), " ", STR(?s)) AS ?l) WHERE {{ {nodes} ?e {iri(first)} '
                                    f'?f . ?e {iri(last)} ?s FILTER(isLiteral(?f) && isLiteral(?s)) }}{bound}')]

    # -- bounded operators ---------------------------------------------------------------------------
    def local_schema(self, nodes: Sequence[str]) -> list[SchemaEdge]:
        """Predicates around ``nodes`` in both directions with their counts (the local schema S_local).

        A node's count of one predicate in one direction saturates at :data:`SCHEMA_SCAN`, so the schema of a
        hub (a year, a genre) costs a bounded read whatever its degree: at most ``SCHEMA_SCAN + 1`` edges around
        the nodes are counted at a time; where there are more, each half of the nodes is counted apart, down to a
        lone node, whose edges are then counted predicate by predicate, at most ``SCHEMA_SCAN`` of each. Below the
        bound the counts are exact.
        """
        if not nodes:
            return []
        return self.schema_edges(self._schema_counts(nodes))

    def _schema_counts(self, nodes: Sequence[str]) -> list[tuple[str, bool, int]]:
        """(predicate, inverse, count) around ``nodes``, each node's count saturated at :data:`SCHEMA_SCAN`: exact
        from one query when the nodes have no more edges than that in all, else each half's apart (a class's
        hundred members in a few queries, not a query per member and predicate batch), a lone hub's predicate by
        predicate."""
        counts = [(row["p"], lexical_form(row["dir"]) == "in", int(lexical_form(row["n"])))
                  for row in self._select(self.local_schema_query(nodes))]
        if sum(n for _, _, n in counts) <= SCHEMA_SCAN:
            return counts  # (no node's count can reach the bound)
        if len(nodes) == 1:
            return self._saturated_counts(nodes[0])
        summed: dict[tuple[str, bool], int] = {}
        for half in (nodes[:len(nodes) // 2], nodes[len(nodes) // 2:]):
            for predicate, inverse, n in self._schema_counts(half):
                summed[predicate, inverse] = summed.get((predicate, inverse), 0) + n
        return [(p, inverse, n) for (p, inverse), n in summed.items()]

    def local_schema_query(self, nodes: Sequence[str]) -> str:
        subjects = [n for n in nodes if is_iri(n)]
        around = ("{ ?x ?p ?o . BIND(\"out\" AS ?dir) } UNION { ?s ?p ?x . BIND(\"in\" AS ?dir) }" if subjects
                  else "?s ?p ?x . BIND(\"in\" AS ?dir)")  # literals have no outgoing edges
        return (
            f"SELECT ?p ?dir (COUNT(*) AS ?n) WHERE {{ {{ SELECT ?p ?dir WHERE {{ {values_of('x', nodes)} {around} }} "
            f"LIMIT {SCHEMA_SCAN + 1} }} }} GROUP BY ?p ?dir LIMIT {self.max_rows}"
        )

    def _saturated_counts(self, node: str) -> list[tuple[str, bool, int]]:
        """A hub's count of every traversable predicate in each direction, read up to :data:`SCHEMA_SCAN`."""
        counts: dict[tuple[str, bool], int] = {}
        predicates = sorted(self.predicate_labels)
        for inverse in (False, True) if is_iri(node) else (True,):
            pattern = f"?s ?p {node}" if inverse else f"{node} ?p ?o"
            for start in range(0, len(predicates), _SCHEMA_BRANCHES):
                branches = " UNION ".join(
                    f"{{ SELECT ?p WHERE {{ VALUES ?p {{ {p} }} {pattern} }} LIMIT {SCHEMA_SCAN} }}"
                    for p in predicates[start : start + _SCHEMA_BRANCHES])
                for row in self._select(f"SELECT ?p (COUNT(*) AS ?n) WHERE {{ {branches} }} GROUP BY ?p"):
                    key = (row["p"], inverse)
                    counts[key] = counts.get(key, 0) + int(lexical_form(row["n"]))
        return [(p, inverse, n) for (p, inverse), n in counts.items()]

    def schema_edges(self, counts: Iterable[tuple[str, bool, int]]) -> list[SchemaEdge]:
        """Traversable edges from (predicate, inverse, count) triples, most frequent first."""
        labels = self.predicate_labels
        edges = [SchemaEdge(p, inverse, labels[p], n) for p, inverse, n in counts if p in labels]
        return sorted(edges, key=lambda e: (-e.count, e.predicate, e.inverse))

    def sampled_predicates(self, statements: int) -> list[str]:
        """The predicates (N-Triples terms) of the first ``statements`` statements the graph yields: every relation
        of some size is among them, and a graph of millions of statements is not read whole."""
        rows = self._select(f"SELECT DISTINCT ?p WHERE {{ {{ SELECT ?p WHERE {{ ?s ?p ?o }} LIMIT {statements} }} }} "
                            f"LIMIT {self.max_rows}")
        return [row["p"] for row in rows]

    def follow(self, nodes: Sequence[str], step: dict[str, Any]) -> list[tuple[str, str]]:
        """σ_depth: the index nested-loop join ``nodes ⋈ step``; returns (source, target) pairs."""
        if not nodes:
            return []
        return [(row["src"], row["dst"]) for row in self._select(self.follow_query(nodes, step))]

    def follow_query(self, nodes: Sequence[str], step: dict[str, Any]) -> str:
        return (
            f"SELECT ?src ?dst WHERE {{ {values_of('src', nodes)} {_pattern('?src', step, '?dst')} }} "
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
    """True if ``second`` walks ``first``'s predicate straight back (to what shares ``first``'s target); a hop
    through intermediate nodes is walked back by its reversed path too (``<award>/<year>`` by ``^<year>/^<award>``),
    picking some of the intermediate nodes by a value or not (the films of a film's actors where they played <C>)."""
    if bool(first["inverse"]) != bool(second["inverse"]):
        return first["predicate"] == second["predicate"]
    via = _THROUGH.match(first["predicate"])
    if via is None:
        return False
    back = through(*((edge.removeprefix("^"), not edge.startswith("^")) for edge in (via[2], via[1])),
                   (via[3], via[4]) if via[3] else None)
    return second["predicate"] == back if via[3] else legs(second["predicate"]) == legs(back)


def readable_predicates(rows: Iterable[Row], labelling: Labelling) -> dict[str, str]:
    """Label of each traversable predicate from ``?p`` / optional ``?l`` (and ``?lp``, the label predicate)
    rows: its best label, lower-cased, else its humanized local name."""
    found: list[tuple[str, str, str | None]] = []
    unlabelled: list[str] = []
    for row in rows:
        predicate = row["p"]
        if iri_value(predicate) in NON_TRAVERSABLE or iri_value(predicate) in labelling.predicates:
            continue  # annotations, not relations
        if "l" in row:
            found.append((predicate, row["l"], row.get("lp")))
        else:
            unlabelled.append(predicate)
    labels = {p: label_text(p, label).lower() for p, label in labelling.best(found).items()}
    return {**{p: relation_text(lexical_form(p)) for p in unlabelled if p not in labels}, **labels}
