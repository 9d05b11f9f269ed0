"""rdflib ``Graph`` backend: any RDF file rdflib can parse, or a graph the caller already holds.

rdflib evaluates SPARQL in Python, one triple scan after another, and some plans compute for minutes before
their first row (a join it does not push bindings into scans the whole graph). The backend therefore queries
a twin of the graph — same store, same triples — whose scans read the running query's deadline, so a query is
stopped inside the evaluation, not only between the rows it yields.

A large graph is millions of Python objects that live as long as the process: they are moved out of the
garbage collector's reach (``gc.freeze``), or every full collection walks them all (1.3–1.5 s at 69k triples,
the slowest step of an rdflib miss).
"""

from __future__ import annotations

import copy
import functools
import gc
import itertools
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from pyparsing import ParseException
from rdflib import Graph

from cacherag.tools.errors import MalformedQueryError
from cacherag.tools.kg import Deadline, KnowledgeGraph, Row

_CHECK_EVERY = 256  # triples a scan yields between two looks at the clock
FREEZE_FROM = 10_000  # triples from which a graph's objects are frozen out of the garbage collector's scans
_running: ContextVar[Deadline | None] = ContextVar("cacherag_rdflib_deadline", default=None)
# rdflib's SPARQL grammar (pyparsing) is one module-wide object whose parse actions are not thread-safe: two
# questions of a batch parsing at once fail with errors of their own (TypeError in Param.postParse2). Queries run
# one at a time; evaluation is pure Python under the GIL, so little is lost.
_one_query_at_a_time = threading.Lock()


def _bounded_triples(self: Graph, triple: Any) -> Iterator[Any]:
    scan = super(type(self), self).triples(triple)
    deadline = _running.get()
    if deadline is None:
        yield from scan
        return
    deadline.check()
    for number, found in enumerate(scan, 1):
        if not number % _CHECK_EVERY:
            deadline.check()
        yield found


@functools.cache
def _bounded_class(cls: type[Graph]) -> type[Graph]:
    return type(f"Bounded{cls.__name__}", (cls,), {"triples": _bounded_triples, "__slots__": ()})


def bounded_twin(graph: Graph) -> Graph:
    """A graph over ``graph``'s store whose triple scans stop at the deadline of the query running them."""
    twin = copy.copy(graph)
    twin.__class__ = _bounded_class(type(graph))
    return twin


class RdflibKG(KnowledgeGraph):
    """A knowledge graph held in an rdflib ``Graph`` (convenient for small files; Oxigraph is faster)."""

    def __init__(self, graph: Graph, name: str = "rdflib", **kwargs: object) -> None:
        super().__init__(name, **kwargs)  # type: ignore[arg-type]
        self.graph = graph
        self._twin = bounded_twin(graph)
        if len(graph) >= FREEZE_FROM:
            gc.freeze()

    def _run(self, query: str, deadline: Deadline | None, read: Any) -> Any:
        """``read(result)`` of ``query``, evaluated (lazily, inside ``read`` too) under ``deadline``."""
        token = _running.set(deadline)
        try:
            with _one_query_at_a_time:
                return read(self._twin.query(query))
        except ParseException as exc:
            raise MalformedQueryError(str(exc)) from exc
        finally:
            _running.reset(token)

    def sampled_predicates(self, statements: int) -> list[str]:
        # (rdflib evaluates the SPARQL form binding by binding: 0.76 s for 22,760 statements; read directly)
        sampled = itertools.islice(self.graph.predicates(), statements)
        return list(dict.fromkeys(p.n3() for p in sampled))[:self.max_rows]

    def _select(self, query: str) -> list[Row]:
        deadline = self.deadline()
        return self._run(query, deadline, lambda result: self.collect((
            {str(k): v.n3() for k, v in row.asdict().items() if v is not None}
            for row in result
        ), deadline))

    def _ask(self, query: str) -> bool:
        return self._run(query, self.deadline(), lambda result: bool(result.askAnswer))

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        deadline = self.deadline()
        return self._run(query, deadline, lambda result: self.collect(
            ((s.n3(), p.n3(), o.n3()) for s, p, o in result), deadline))
