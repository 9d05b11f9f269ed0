"""Build a graph from documents into a persistent Oxigraph store (ReMindRAG A.1–A.2).

The graph: one node per chunk, labelled ``file #n``, with its text (``schema:text``), part of its file's
node, chained to the next chunk of the same file (the contextual skeleton); entity nodes with the relations
the chunks state between them; anchor edges chunk —mentions→ entity. Each chunk also keeps what was
extracted from it, so the entity layer is rebuilt from the chunks (synonyms merged across every file)
without asking the model again.

Files are keyed by path and content hash: ingesting a file again with the same content changes nothing, a
changed file replaces its chunks. The store is built in a scratch copy and swapped into place only when
complete, so an interruption or an error leaves the previous store (or none) — never a half-made one.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pyoxigraph as ox
from langchain_core.embeddings import Embeddings

from cacherag.tools.documents import SourceDocument, document_files, read_document
from cacherag.tools.errors import ConfigurationError, DocumentError, StoreError
from cacherag.tools.extraction import ChunkFacts, Extractor, synonyms
from cacherag.tools.importers import is_store_dir, mint_iri
from cacherag.tools.linking import LabelIndex, normalize
from cacherag.tools.terms import DOC_FACTS, DOC_MENTIONS, DOC_SHA256, DOC_TEXT, RDFS_LABEL

T = TypeVar("T")
Track = Callable[[Iterable[T], str, int], Iterable[T]]

DOC_BASE = "http://cacherag.dev/doc/"
PART_OF = "http://schema.org/isPartOf"
NEXT = "http://cacherag.dev/doc/vocab#next"
ENTITY_NS = f"{DOC_BASE}entity/"
RELATION_NS = f"{DOC_BASE}relation/"
_OWN_NODES = (f"{DOC_BASE}chunk/", f"{DOC_BASE}file/")
_PREDICATE_LABELS = {PART_OF: "part of", NEXT: "followed by", DOC_MENTIONS: "mentions"}


def _no_track(items: Iterable[T], description: str, total: int) -> Iterable[T]:
    return items


@dataclass
class IngestReport:
    """What one ingestion did."""

    store: Path
    added: list[Path] = field(default_factory=list)
    replaced: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    chunks: int = 0  # chunks read (and extracted) in this run
    entities: int = 0  # entity nodes the store's documents anchor to
    relations: int = 0  # entity-entity edges
    triples: int = 0  # size of the store
    llm_calls: int = 0
    tokens: int = 0
    failed_chunks: int = 0  # chunks the model gave nothing usable for


def file_node(path: Path) -> ox.NamedNode:
    return ox.NamedNode(mint_iri(DOC_BASE, "file", str(path)))


def chunk_node(doc: SourceDocument, position: int) -> ox.NamedNode:
    """A chunk's IRI names its file's path and content hash: a changed file's chunks are new nodes, and two
    copies of one file share none."""
    key = hashlib.sha256(f"{doc.path}\0{doc.digest}".encode()).hexdigest()[:16]
    return ox.NamedNode(mint_iri(DOC_BASE, "chunk", f"{key}-{position}"))


def _triple(s: ox.NamedNode, p: str, o: ox.NamedNode | ox.Literal) -> ox.Quad:
    return ox.Quad(s, ox.NamedNode(p), o, ox.DefaultGraph())


def link_index(rows: Iterable[tuple[str, str]]) -> LabelIndex:
    """The label index of an existing graph, without the chunks and files an earlier ingestion put there."""
    return LabelIndex((node, label) for node, label in rows if not node.startswith(tuple(f"<{p}" for p in _OWN_NODES)))


def ingest(paths: Sequence[str | Path], store_dir: str | Path, *, extractor: Extractor | None = None,
           embeddings: Embeddings | None = None, chunk_size: int = 1000, overlap: int = 100,
           track: Track = _no_track) -> IngestReport:
    """Ingest the documents under ``paths`` into the store at ``store_dir`` (created if missing).

    ``extractor`` reads each new chunk's entities and relations (an :class:`LLMExtractor` or, offline, a
    :class:`LabelExtractor`); without one the store holds the chunks and their chain only. ``embeddings``
    merge synonymous entity names (needed only when new entities are minted). ``track(items, what, total)``
    shows progress.
    """
    if chunk_size < 1 or not 0 <= overlap < chunk_size:
        raise ConfigurationError(f"need chunk_size >= 1 and 0 <= overlap < chunk_size, got {chunk_size}, {overlap}")
    directory = Path(store_dir)
    files, skipped = document_files(paths)
    if not files:
        raise DocumentError(f"no documents to ingest under {', '.join(map(str, paths))} "
                            f"(supported: .txt, .md, .rst, .html, .pdf)")
    if directory.exists() and not directory.is_dir():
        raise StoreError(f"{directory} is a file, not a store directory")
    exists = directory.is_dir() and any(directory.iterdir())
    if exists and not is_store_dir(directory):
        raise StoreError(f"{directory} is a non-empty directory but no Oxigraph store; give a new or empty one")
    documents = [read_document(f, chunk_size, overlap) for f in track(files, "reading documents", len(files))]
    report = IngestReport(directory, skipped=skipped)

    def build(store: ox.Store) -> None:
        new_chunks = _replace_documents(store, documents, report)
        facts = [extractor.extract(text) if extractor else ChunkFacts()
                 for text in track((t for _, t in new_chunks), "extracting entities", len(new_chunks))]
        store.bulk_extend(_triple(node, DOC_FACTS, ox.Literal(f.to_json()))
                          for (node, _), f in zip(new_chunks, facts, strict=True))
        report.chunks = len(new_chunks)
        report.llm_calls, report.tokens = _cost(extractor)
        report.failed_chunks = getattr(extractor, "failed", 0)
        _rebuild_entities(store, embeddings, report)
        report.triples = len(store)

    _in_scratch(directory, exists, build)
    return report


def _cost(extractor: Extractor | None) -> tuple[int, int]:
    ledger = getattr(extractor, "ledger", None)
    return (ledger.llm_calls, ledger.tokens) if ledger else (0, 0)


def _in_scratch(directory: Path, exists: bool, build: Callable[[ox.Store], None]) -> None:
    """``build`` a writable copy of the store at ``directory`` (an empty store if there is none) and swap it
    into place; if ``build`` fails the copy is dropped and ``directory`` stays as it was."""
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{directory.name}.ingesting-", dir=directory.parent))
    except OSError as exc:
        raise StoreError(f"cannot create {directory}: {exc}") from exc
    copy = work / "store"
    try:
        try:
            if exists:
                ox.Store.read_only(str(directory)).backup(str(copy))
            store = ox.Store(str(copy))
        except (OSError, RuntimeError) as exc:  # RocksDB reports corruption as RuntimeError
            raise StoreError(f"cannot open the Oxigraph store at {directory}: {' '.join(str(exc).split())}") from exc
        try:
            build(store)
            store.flush()
        except BaseException as exc:
            traceback.clear_frames(exc.__traceback__)  # build's frames hold the store too
            raise
        finally:
            del store  # closed (its background threads stopped) before its files move or go
        if directory.exists():
            directory.rename(work / "previous")
        copy.rename(directory)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _stored_digests(store: ox.Store) -> dict[str, str]:
    """File node -> content hash of what the store holds of it."""
    return {q.subject.value: q.object.value
            for q in store.quads_for_pattern(None, ox.NamedNode(DOC_SHA256), None, ox.DefaultGraph())}


def _replace_documents(store: ox.Store, documents: list[SourceDocument],
                       report: IngestReport) -> list[tuple[ox.NamedNode, str]]:
    """Write the chunks of new and changed files (removing a changed file's old chunks); returns the chunks
    written, with their text, for extraction."""
    stored = _stored_digests(store)
    written: list[tuple[ox.NamedNode, str]] = []
    quads: list[ox.Quad] = [_triple(ox.NamedNode(p), RDFS_LABEL, ox.Literal(label))
                            for p, label in _PREDICATE_LABELS.items()]
    for doc in documents:
        node = file_node(doc.path)
        if stored.get(node.value) == doc.digest:
            report.unchanged.append(doc.path)
            continue
        if node.value in stored:
            _remove_document(store, node)
            report.replaced.append(doc.path)
        else:
            report.added.append(doc.path)
        quads += [_triple(node, RDFS_LABEL, ox.Literal(doc.path.name)),
                  _triple(node, DOC_SHA256, ox.Literal(doc.digest))]
        chunks = [chunk_node(doc, i) for i in range(len(doc.chunks))]
        for position, (chunk, text) in enumerate(zip(chunks, doc.chunks, strict=True)):
            quads += [_triple(chunk, RDFS_LABEL, ox.Literal(f"{doc.path.name} #{position + 1}")),
                      _triple(chunk, DOC_TEXT, ox.Literal(text)),
                      _triple(chunk, PART_OF, node)]
            if position:
                quads.append(_triple(chunks[position - 1], NEXT, chunk))
            written.append((chunk, text))
    store.bulk_extend(quads)
    return written


def _remove_document(store: ox.Store, node: ox.NamedNode) -> None:
    """Every triple of a file's chunks (both directions) and of the file node itself."""
    part_of = f"<{PART_OF}>"
    store.update(f"DELETE {{ ?s ?p ?c }} WHERE {{ ?c {part_of} {node} . ?s ?p ?c }} ; "
                 f"DELETE {{ ?c ?p ?o }} WHERE {{ ?c {part_of} {node} . ?c ?p ?o }} ; "
                 f"DELETE WHERE {{ {node} ?p ?o }}")


def _rebuild_entities(store: ox.Store, embeddings: Embeddings | None, report: IngestReport) -> None:
    """Recompute the entity layer from every chunk's stored facts: linked entities keep their nodes, new
    names are merged as synonyms and minted; anchors, relations and labels no chunk supports any more are
    removed, new ones written."""
    chunks = [(q.subject, ChunkFacts.from_json(q.object.value))
              for q in store.quads_for_pattern(None, ox.NamedNode(DOC_FACTS), None, ox.DefaultGraph())]
    counts: Counter[str] = Counter(n for _, f in chunks for n, nodes in f.entities.items() if not nodes)
    canonical = synonyms(list(counts), counts, embeddings) if counts and embeddings else {n: n for n in counts}
    labels: dict[ox.NamedNode, str] = {}

    def nodes_of(name: str, linked: list[str]) -> list[ox.NamedNode]:
        if linked:
            found = [ox.NamedNode(n[1:-1]) for n in linked]
            for node in found:
                labels.setdefault(node, name)
            return found
        name = canonical.get(name, name)
        node = ox.NamedNode(mint_iri(DOC_BASE, "entity", normalize(name)))
        labels.setdefault(node, name)
        return [node]

    quads: set[ox.Quad] = set()
    for chunk, facts in chunks:
        resolved = {name: nodes_of(name, linked) for name, linked in facts.entities.items()}
        quads.update(_triple(chunk, DOC_MENTIONS, node) for nodes in resolved.values() for node in nodes)
        for subject, phrase, obj in facts.relations:
            predicate = ox.NamedNode(mint_iri(DOC_BASE, "relation", phrase.lower()))
            quads.add(_triple(predicate, RDFS_LABEL, ox.Literal(phrase.lower())))
            quads.update(_triple(s, predicate.value, o) for s in resolved.get(subject, [])
                         for o in resolved.get(obj, []) if s != o)
    quads.update(_triple(node, RDFS_LABEL, ox.Literal(label)) for node, label in labels.items())
    derived = set(store.quads_for_pattern(None, ox.NamedNode(DOC_MENTIONS), None, ox.DefaultGraph()))
    derived.update(ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()) for t in store.query(
        f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ ?s ?p ?o FILTER(STRSTARTS(STR(?p), \"{RELATION_NS}\") "
        f"|| STRSTARTS(STR(?s), \"{RELATION_NS}\") || STRSTARTS(STR(?s), \"{ENTITY_NS}\")) }}"))
    for quad in derived - quads:
        store.remove(quad)
    store.bulk_extend(quads - derived)
    report.entities = len(labels)
    report.relations = sum(1 for q in quads if q.predicate.value.startswith(RELATION_NS))
