"""A knowledge graph plus what the pipeline derives from it once: label index and schema caches."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from cacherag.memory.text import terms
from cacherag.tools.kg import KnowledgeGraph, SchemaEdge
from cacherag.tools.linking import LabelIndex
from cacherag.tools.terms import RDF_TYPE, iri

if TYPE_CHECKING:
    from cacherag.tools.label_index import DiskLabelIndex

SAMPLE = 20


class GraphView:
    """Read-side facade the nodes use; caches per-node schemas (graphs are read-only to the engine)."""

    def __init__(self, kg: KnowledgeGraph, index: DiskLabelIndex | None = None) -> None:
        """``index``: a persistent label index to link with instead of reading every label into memory."""
        self.kg = kg
        self.name = kg.name
        self.schema = lru_cache(maxsize=100_000)(self._schema)
        self.index = index
        if index is not None:
            kg.use_predicate_labels(index.predicate_labels)

    @cached_property
    def labels(self) -> LabelIndex | DiskLabelIndex:
        """Linkable nodes: everything labelled except the predicates themselves."""
        if self.index is not None:
            return self.index
        predicates = self.predicate_labels
        return LabelIndex((node, label) for node, label in self.kg.label_rows if node not in predicates)

    @cached_property
    def predicate_labels(self) -> dict[str, str]:
        return self.kg.predicate_labels

    @cached_property
    def relation_labels(self) -> tuple[str, ...]:
        """The distinct relation labels of the graph, sorted."""
        return tuple(sorted(set(self.predicate_labels.values())))

    def _schema(self, node: str) -> tuple[SchemaEdge, ...]:
        return tuple(self.kg.local_schema([node]))

    def paths(self, topic: str, steps: Sequence[dict[str, Any]]) -> list[list[str]]:
        """The plan's paths from ``topic`` (see :meth:`KnowledgeGraph.paths`), remembered for the few plans
        asked about again within a question (judging a remembered plan, then executing it)."""
        return [list(p) for p in self._paths(topic, tuple((s["predicate"], bool(s["inverse"]), s["label"])
                                                          for s in steps))]

    @lru_cache(maxsize=64)  # noqa: B019 - one view per graph, kept for the process's life
    def _paths(self, topic: str, steps: tuple[tuple[str, bool, str], ...]) -> tuple[tuple[str, ...], ...]:
        plan = [{"predicate": p, "inverse": inverse, "label": label} for p, inverse, label in steps]
        return tuple(tuple(path) for path in self.kg.paths(topic, plan))

    def frontier_schema(self, nodes: list[str]) -> list[SchemaEdge]:
        """Local schema of a set of nodes (one query; counts add up over the set)."""
        if len(nodes) == 1:
            return list(self.schema(nodes[0]))
        return self.kg.local_schema(nodes)

    def label(self, node: str) -> str:
        known = self.labels.label_of.get(node)
        return known if known is not None else self.kg.labels_for([node])[node]

    def labels_of(self, nodes: list[str]) -> dict[str, str]:
        missing = [n for n in nodes if n not in self.labels.label_of]
        fetched = self.kg.labels_for(missing) if missing else {}
        return {n: self.labels.label_of.get(n) or fetched[n] for n in nodes}

    # -- answer types (rdf:type), where the graph has them ------------------------------------------------
    @cached_property
    def classes_by_term(self) -> dict[str, set[str]]:
        """Stem of a class label -> classes: how a question's 'films' names the class 'film'."""
        rows = self.kg._select(f"SELECT DISTINCT ?c WHERE {{ ?x {iri(RDF_TYPE)} ?c }} LIMIT 10000")
        classes = [row["c"] for row in rows]
        by_term: dict[str, set[str]] = {}
        for node, label in self.labels_of(classes).items():
            words = terms(label)
            if len(words) == 1:
                by_term.setdefault(words[0], set()).add(node)
        return by_term

    def classes_named(self, words: Iterable[str]) -> set[str]:
        return {c for w in words for c in self.classes_by_term.get(w, ())}

    def types_of(self, nodes: list[str]) -> set[str]:
        iris = [n for n in nodes[:SAMPLE] if n.startswith("<")]
        if not iris:
            return set()
        rows = self.kg._select(f"SELECT DISTINCT ?c WHERE {{ VALUES ?x {{ {' '.join(iris)} }} ?x {iri(RDF_TYPE)} ?c }}")
        return {row["c"] for row in rows}

    def reaches(self, nodes: list[str], step: dict[str, Any], classes: set[str]) -> bool:
        """Whether walking ``step`` from (a sample of) ``nodes`` lands on nodes of one of ``classes``."""
        targets = [dst for _, dst in self.kg.follow(nodes[:SAMPLE], step)]
        return bool(self.types_of(targets) & classes)
