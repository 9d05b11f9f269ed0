"""rdflib ``Graph`` backend: any RDF file rdflib can parse, or a graph the caller already holds."""

from __future__ import annotations

import time

from pyparsing import ParseException
from rdflib import Graph

from cacherag.tools.errors import MalformedQueryError
from cacherag.tools.kg import KnowledgeGraph, Row


class RdflibKG(KnowledgeGraph):
    """A knowledge graph held in an rdflib ``Graph`` (convenient for small files; Oxigraph is faster)."""

    def __init__(self, graph: Graph, name: str = "rdflib", **kwargs: object) -> None:
        super().__init__(name, **kwargs)  # type: ignore[arg-type]
        self.graph = graph

    def _run(self, query: str):  # noqa: ANN202 - rdflib's Result
        try:
            return self.graph.query(query)
        except ParseException as exc:
            raise MalformedQueryError(str(exc)) from exc

    def _select(self, query: str) -> list[Row]:
        started = time.monotonic()
        return self.collect((
            {str(k): v.n3() for k, v in row.asdict().items() if v is not None}  # type: ignore[union-attr]
            for row in self._run(query)
        ), started)

    def _ask(self, query: str) -> bool:
        return bool(self._run(query).askAnswer)

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        started = time.monotonic()
        return self.collect(((s.n3(), p.n3(), o.n3()) for s, p, o in self._run(query)), started)  # type: ignore[misc]
