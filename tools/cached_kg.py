"""A knowledge graph that answers from Mnemosyne's L1/L2 caches and escalates to its backend on a miss.

It implements the same protocol as the backends of :mod:`cacherag.tools.kg`, so the pipeline nodes need no
change: wrap any backend (typically a remote endpoint) and hand the wrapper to the graph view.

Every request is served by the first level that has it (Mnemosyne eq. 4: L1 preferred over L2):

- L1 — the exact request (normalized SPARQL) was answered before: its rows are returned as they were;
- L2 — a one-node request (local schema, one hop, a plan whose every hop starts from cached entities) is
  computed from the cached neighbourhoods; on an L2 miss the entity's whole neighbourhood is fetched in one
  round trip (when it is small enough), so the following hops around it need none;
- the backend otherwise; its answer is kept in L1 (and its neighbourhood in L2).

The graph is read-only to the engine, so a cached answer is exactly what the backend would return.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from cacherag.memory.passage_memory import PassageMemory
from cacherag.tools.caches import L1Cache, L2Cache, Neighbourhood, SemanticCache
from cacherag.tools.errors import MalformedQueryError, QueryTimeoutError, QueryTooLargeError
from cacherag.tools.kg import KnowledgeGraph, Row, SchemaEdge, is_path
from cacherag.tools.terms import iri_value, is_iri, label_text, lexical_form

Source = str  # "l1" | "l2" | "endpoint"
_bypass: ContextVar[bool] = ContextVar("cacherag_caching_off", default=False)


@contextmanager
def caching_off() -> Iterator[None]:
    """Within this block (this thread or task and what it starts), requests neither read nor fill the caches.

    Mnemosyne runs questions that share no entity with any other without the cache, so they cannot evict
    what their neighbours in the batch will need.
    """
    token = _bypass.set(True)
    try:
        yield
    finally:
        _bypass.reset(token)


@dataclass
class RequestStats:
    """Where each request was served from and how long it took (for hit rates and AMAT)."""

    served: dict[Source, int] = field(default_factory=lambda: {"l1": 0, "l2": 0, "endpoint": 0})
    seconds: dict[Source, float] = field(default_factory=lambda: {"l1": 0.0, "l2": 0.0, "endpoint": 0.0})
    prefetched: int = 0  # round trips asked ahead (:meth:`CachedKG.prefetch`): no request's, their time counted

    @property
    def round_trips(self) -> int:
        """Requests the endpoint answered: the misses and the prefetches."""
        return self.served["endpoint"] + self.prefetched

    @property
    def requests(self) -> int:
        return sum(self.served.values())

    @property
    def has_answer_rate(self) -> float:
        """Share of requests served from memory (ARC's has-answer rate)."""
        return (self.served["l1"] + self.served["l2"]) / self.requests if self.requests else 0.0

    @property
    def amat_ms(self) -> float:
        """Average access time of a request through the hierarchy, in milliseconds (all the time spent, the
        prefetches' included, over the requests)."""
        return 1000 * sum(self.seconds.values()) / self.requests if self.requests else 0.0


class CachedKG(KnowledgeGraph):
    """``inner`` behind a request level (L1: exact request, or Proximity's nearest request) and an entity level
    (L2: entity neighbourhood by node, or ARC's passage memory); either may be off."""

    def __init__(self, inner: KnowledgeGraph, *, l1: L1Cache | SemanticCache | None = None,
                 l2: L2Cache | PassageMemory | None = None,
                 neighbourhood_rows: int = 1000) -> None:
        super().__init__(inner.name, timeout_s=inner.timeout_s, max_rows=inner.max_rows)
        self.inner = inner
        self.labelling = inner.labelling
        self.l1 = l1
        self.l2 = l2
        self.neighbourhood_rows = neighbourhood_rows
        self.stats = RequestStats()
        self._hubs: set[str] = set()  # neighbourhoods too large to cache: asked for exactly instead
        self._no_prefetch = False  # the endpoint rejected a combined query
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:  # endpoint, store, … of the wrapped backend
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def _record(self, source: Source, started: float) -> None:
        with self._lock:
            self.stats.served[source] += 1
            self.stats.seconds[source] += time.perf_counter() - started

    def begin_question(self, key: Hashable) -> None:
        """Scope the idempotency rule to one question."""
        if self.l2 is not None:
            self.l2.begin_question(key)

    # -- backend primitives, behind L1 ------------------------------------------------------------------
    def _cached(self, query: str, fetch: Callable[[str], Any]) -> Any:
        started = time.perf_counter()
        if _bypass.get():
            result = fetch(query)
            self._record("endpoint", started)
            return result
        if self.l1 is not None:
            found = self.l1.get(query)
            if found is not None:
                self._record("l1", started)
                return found
        result = fetch(query)
        self._record("endpoint", started)
        if self.l1 is not None:
            self.l1.put(query, result)
        return result

    def _select(self, query: str) -> list[Row]:
        return list(self._cached(query, self.inner._select))

    def _ask(self, query: str) -> bool:
        return bool(self._cached(query, self.inner._ask))

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        return list(self._cached(query, self.inner._construct))

    def flush(self) -> None:
        """Write what the passage memory holds to Chroma (the in-memory levels have nothing to persist)."""
        if isinstance(self.l2, PassageMemory):
            self.l2.flush()

    def close(self) -> None:
        self.flush()
        self.inner.close()

    # -- L2 ---------------------------------------------------------------------------------------------
    def _in_l1(self, query: str) -> bool:
        return self.l1 is not None and not _bypass.get() and query in self.l1

    def _neighbourhood(self, node: str, purpose: Hashable, fetch: bool = True) -> tuple[Neighbourhood | None, bool]:
        """``node``'s neighbourhood and whether L2 had it; on a miss it is fetched in one round trip (unless
        ``fetch`` is off, the node is a hub, or the idempotency rule refused the lookup)."""
        if self.l2 is None or _bypass.get() or not is_iri(node) or node in self._hubs:
            return None, False
        found, refused = self.l2.lookup(node, purpose)
        if found is not None or not fetch or refused:
            return found, found is not None
        return self._admit(node, self._select(self._neighbourhood_query(node))), False

    def _neighbourhood_query(self, node: str) -> str:
        """Every edge around ``node``, one more than L2 keeps (so a hub shows itself)."""
        return (f"SELECT ?p ?x ?dir WHERE {{ {{ {node} ?p ?x . BIND(\"out\" AS ?dir) }} UNION "
                f"{{ ?x ?p {node} . BIND(\"in\" AS ?dir) }} }} LIMIT {self.neighbourhood_rows + 1}")

    def _admit(self, node: str, rows: Sequence[Row]) -> Neighbourhood | None:
        """The neighbourhood the rows of :meth:`_neighbourhood_query` give, put in L2 (None: a hub, not kept)."""
        if len(rows) > self.neighbourhood_rows:
            self._hubs.add(node)
            return None
        edges = tuple((row["p"], row["x"], lexical_form(row["dir"]) == "in") for row in rows)
        best = self.labelling.best((node, x, p) for p, x, inverse in edges
                                   if not inverse and iri_value(p) in self.labelling.predicates and not is_iri(x))
        label = label_text(node, best.get(node, node))
        neighbourhood = Neighbourhood(node, label, edges)
        self.l2.put(neighbourhood)  # type: ignore[union-attr]
        return neighbourhood

    def _around(self, nodes: Sequence[str], purpose: Hashable, started: float) -> list[Neighbourhood] | None:
        """The neighbourhoods of ``nodes`` from L2, or None to escalate the request.

        One node's neighbourhood is fetched on a miss (that round trip is the request's); several nodes are
        served only when every one is cached, since a frontier costs one query either way.
        """
        hoods, fetched = [], False
        for node in nodes:
            found, hit = self._neighbourhood(node, purpose, fetch=len(nodes) == 1)
            if found is None:
                return None
            hoods.append(found)
            fetched = fetched or not hit
        if not fetched:
            self._record("l2", started)
        return hoods

    def local_schema(self, nodes: Sequence[str]) -> list[SchemaEdge]:
        if not nodes or self._in_l1(self.local_schema_query(nodes)):
            return super().local_schema(nodes)
        started = time.perf_counter()
        hoods = self._around(nodes, "schema", started)
        if hoods is None:
            return super().local_schema(nodes)
        counts: dict[tuple[str, bool], int] = {}
        for hood in hoods:
            for predicate, _, inverse in hood.edges:
                counts[predicate, inverse] = counts.get((predicate, inverse), 0) + 1
        return self.schema_edges((p, inverse, n) for (p, inverse), n in counts.items())

    def follow(self, nodes: Sequence[str], step: dict[str, Any]) -> list[tuple[str, str]]:
        if not nodes or is_path(step["predicate"]) or self._in_l1(self.follow_query(nodes, step)):
            return super().follow(nodes, step)
        started = time.perf_counter()
        hoods = self._around(nodes, ("hop", step["predicate"], step["inverse"]), started)
        if hoods is None:
            return super().follow(nodes, step)
        return [(hood.node, other) for hood in hoods for other in _hop(hood, step)][: self.max_rows]

    def paths(self, topic: str, steps: Sequence[dict[str, Any]]) -> list[list[str]]:
        """From L2 when every node the plan walks through has a cached neighbourhood, else one query.

        Only a one-hop plan fetches its topic's neighbourhood on a miss; a longer one is never split into
        more round trips than its single query.
        """
        if (self.l2 is None or _bypass.get() or any(is_path(step["predicate"]) for step in steps)
                or self._in_l1(self.path_query(topic, steps))):  # no stored edge carries a path hop
            return super().paths(topic, steps)
        started = time.perf_counter()
        walked: list[list[str]] = [[topic]]
        fetched = False
        for step in steps:
            grown: list[list[str]] = []
            for path in walked:
                neighbourhood, hit = self._neighbourhood(path[-1], ("hop", step["predicate"], step["inverse"]),
                                                         fetch=len(steps) == 1)
                if neighbourhood is None:
                    return super().paths(topic, steps)
                fetched = fetched or not hit
                grown.extend(path + [other] for other in _hop(neighbourhood, step) if other != topic)
            walked = grown[: self.max_rows]
        if not fetched:
            self._record("l2", started)
        return walked

    # -- one round trip ahead ---------------------------------------------------------------------------
    @property
    def takes_hints(self) -> bool:  # type: ignore[override]
        return (self.l1 is not None or self.l2 is not None) and not self._no_prefetch

    def prefetch(self, nodes: Sequence[str], plans: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> None:
        """Ask in one round trip for what the question is about to ask and the caches lack: the neighbourhoods
        of ``nodes`` (into L2) and the rows of each plan ``(topic, steps)`` of several hops (into L1, under the
        plan's own query, so executing it is an L1 hit). A hint: a guess that proves wrong costs bytes, never
        an answer, since each part is exactly the request it stands for.

        Nothing is asked when fewer than two requests would be saved (one costs the same round trip later),
        and nothing is kept when the combined answer reaches ``max_rows`` (a part may have been cut short), is
        too large or too slow: the requests are then asked one by one, as without the hint. An endpoint that
        rejects the combined query (no subqueries) is not asked again.
        """
        if _bypass.get() or self._no_prefetch:
            return
        hoods = [n for n in dict.fromkeys(nodes) if self.l2 is not None and is_iri(n) and n not in self._hubs
                 and not self.l2.holds(n)]
        queries = [q for q in dict.fromkeys(self.path_query(topic, steps) for topic, steps in plans
                                            if len(steps) > 1 and not any(is_path(s["predicate"]) for s in steps))
                   if self.l1 is not None and not self._in_l1(q)]
        if len(hoods) + len(queries) < 2:
            return
        parts = [self._neighbourhood_query(node) for node in hoods] + queries
        union = " UNION ".join(f"{{ {{ {part} }} BIND({i} AS ?part) }}" for i, part in enumerate(parts))
        started = time.perf_counter()
        try:
            rows = self.inner._select(f"SELECT * WHERE {{ {union} }} LIMIT {self.max_rows}")
        except MalformedQueryError:
            self._no_prefetch = True
            return
        except (QueryTooLargeError, QueryTimeoutError):  # the requests it stands for are asked one by one
            return
        finally:
            with self._lock:
                self.stats.prefetched += 1
                self.stats.seconds["endpoint"] += time.perf_counter() - started
        if len(rows) >= self.max_rows:
            return
        answers: list[list[Row]] = [[] for _ in parts]
        for row in rows:  # rows may be shared with whoever else holds the answer: copied, not changed
            answers[int(lexical_form(row["part"]))].append({k: v for k, v in row.items() if k != "part"})
        for node, found in zip(hoods, answers, strict=False):
            self._admit(node, found)
        for query, found in zip(queries, answers[len(hoods):], strict=True):
            self.l1.put(query, found)  # type: ignore[union-attr]


def _hop(neighbourhood: Neighbourhood, step: dict[str, Any]) -> list[str]:
    return [other for predicate, other, inverse in neighbourhood.edges
            if predicate == step["predicate"] and inverse == step["inverse"]]
