"""pyoxigraph ``Store`` backend: in memory, or a persistent directory (the default for large graphs)."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox

from cacherag.tools.errors import MalformedQueryError, StoreError
from cacherag.tools.kg import KnowledgeGraph, Row


class OxigraphKG(KnowledgeGraph):
    """A knowledge graph held in a pyoxigraph store."""

    def __init__(self, store: ox.Store, name: str = "oxigraph", **kwargs: object) -> None:
        super().__init__(name, **kwargs)  # type: ignore[arg-type]
        self.store = store
        self.directory: Path | None = None  # the store's directory, when it is a persistent one

    @classmethod
    def open(cls, path: str | Path, name: str | None = None, **kwargs: object) -> OxigraphKG:
        """Open a persistent store directory read-only, so several processes can query it at once."""
        directory = Path(path)
        if not directory.is_dir():
            raise StoreError(f"no Oxigraph store at {directory} (create one with `cacherag load FILE --store DIR`)")
        try:
            store = ox.Store.read_only(str(directory))
        except (OSError, RuntimeError) as exc:  # RocksDB reports corruption as RuntimeError
            raise StoreError(f"cannot open the Oxigraph store at {directory}: {exc}") from exc
        kg = cls(store, name or directory.name, **kwargs)
        kg.directory = directory
        return kg

    def _run(self, query: str) -> object:
        try:
            return self.store.query(query)
        except SyntaxError as exc:
            raise MalformedQueryError(str(exc)) from exc

    def _select(self, query: str) -> list[Row]:
        deadline = self.deadline()
        solutions = self._run(query)
        names = [v.value for v in solutions.variables]  # type: ignore[attr-defined]
        return self.collect((
            {name: str(term) for name, term in zip(names, solution, strict=True) if term is not None}
            for solution in solutions  # type: ignore[attr-defined]
        ), deadline)

    def _ask(self, query: str) -> bool:
        self.deadline()  # an ASK stops at its first solution; a spent question budget still refuses it
        return bool(self._run(query))

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        deadline = self.deadline()
        return self.collect(((str(t.subject), str(t.predicate), str(t.object))
                             for t in self._run(query)), deadline)  # type: ignore[attr-defined]
