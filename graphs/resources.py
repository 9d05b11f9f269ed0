"""Long-lived objects behind a run's context: the graph view, the plan memory and the reasoner.

Contexts are plain, serializable parameters; opening a store or loading a label index is not cheap, so
each distinct configuration is opened once per process and shared by every run that uses it.
"""

from __future__ import annotations

import sys
import threading
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.memory import plan_memory, statements
from cacherag.memory.embeddings import collection_for, make_embeddings
from cacherag.memory.plan_memory import PlanMemory
from cacherag.memory.statements import StatementMemory
from cacherag.memory.store import close_clients, made_memory_path
from cacherag.memory.vectors import TextVectors
from cacherag.nodes.reasoners.base import Reasoner
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import KnowledgeGraph
from cacherag.tools.labelling import Labelling
from cacherag.tools.naming import named, named_once
from cacherag.tools.sources import kg_domain, open_kg

# Imported where they are used, not here: a question on a local graph with the offline reasoner needs no
# chat model, prompt, request cache, endpoint client or (unless its store has one) disk label index.
if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings
    from langchain_core.language_models import BaseChatModel

    from cacherag.memory.edge_memory import EdgeMemory
    from cacherag.tools.label_index import DiskLabelIndex

_lock = threading.RLock()
_views: dict[tuple[Any, ...], GraphView] = {}
_memories: dict[tuple[Any, ...], PlanMemory] = {}
_statements: dict[tuple[Any, ...], StatementMemory] = {}
_edges: dict[tuple[Any, ...], EdgeMemory] = {}
_texts: dict[tuple[Any, ...], TextVectors] = {}
TEXTS = "cacherag-texts"  # the collection name label vectors are kept under
_reasoners: dict[tuple[Any, ...], Reasoner] = {}
_chat_models: dict[str, BaseChatModel] = {}
_embeddings: dict[tuple[str, str | None], Embeddings] = {}


@dataclass(frozen=True)
class Resources:
    view: GraphView
    memory: PlanMemory
    reasoner: Reasoner
    domain: str
    statements: StatementMemory
    learned_words: bool = True  # whether grounding may read the statement memory (off in its ablation)
    dense_analogy: bool = True  # whether a question reading like a remembered one grounds its plan (no-dense off)
    use_lexicon: bool = True  # whether grounding may read English word knowledge (Context.use_lexicon)
    embeddings: Embeddings | None = None  # the model grounding may compare phrases with labels by (None: no-dense)


def register_chat_model(name: str, model: BaseChatModel) -> str:
    """Make a chat model object selectable as ``Context(model=name)`` (the Python API uses this)."""
    with _lock:
        _chat_models[name] = model
        for key in [k for k in _reasoners if k[0] == name]:
            del _reasoners[key]
    return name


def register_embeddings(name: str, model: Embeddings) -> str:
    """Make an embedding model object selectable as ``Context(embeddings=name)`` (the Python API uses this)."""
    with _lock:
        _embeddings[name, None] = model
    return name


def embeddings(ctx: Context) -> Embeddings:
    """The embedding model ``ctx`` names (made once per process)."""
    key = (ctx.embeddings, ctx.embeddings_base_url)
    with _lock:
        if key not in _embeddings:
            _embeddings[key] = _embeddings.get((ctx.embeddings, None)) or make_embeddings(*key)
        return _embeddings[key]


def memory_for(ctx: Context) -> PlanMemory:
    key = (ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.bucket_bound, ctx.embeddings, ctx.journal_writes)
    with _lock:
        if key not in _memories:
            _memories[key] = PlanMemory(ctx.memory_dir, host=ctx.chroma_host, port=ctx.chroma_port,
                                        embeddings=embeddings(ctx), bucket_bound=ctx.bucket_bound,
                                        collection=collection_for(plan_memory.COLLECTION, ctx.embeddings),
                                        journal=ctx.journal_writes)
        return _memories[key]


def statements_for(ctx: Context) -> StatementMemory:
    key = (ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.embeddings, ctx.journal_writes)
    with _lock:
        if key not in _statements:
            _statements[key] = StatementMemory(ctx.memory_dir, host=ctx.chroma_host, port=ctx.chroma_port,
                                               embeddings=embeddings(ctx),
                                               collection=collection_for(statements.COLLECTION, ctx.embeddings),
                                               journal=ctx.journal_writes)
        return _statements[key]


def edges_for(ctx: Context) -> EdgeMemory:
    """The edge memory (ReMindRAG) beside the plan memory."""
    from cacherag.memory.edge_memory import COLLECTION, EdgeMemory

    key = (ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.embeddings, ctx.journal_writes)
    with _lock:
        if key not in _edges:
            _edges[key] = EdgeMemory(ctx.memory_dir, host=ctx.chroma_host, port=ctx.chroma_port,
                                     collection=collection_for(COLLECTION, ctx.embeddings),
                                     journal=ctx.journal_writes)
        return _edges[key]


def text_vectors_for(ctx: Context) -> TextVectors:
    """Label vectors kept beside the memories (none kept when the memories live on a Chroma server)."""
    key = (ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.embeddings, ctx.journal_writes)
    with _lock:
        if key not in _texts:
            directory = None if ctx.chroma_host else made_memory_path(ctx.memory_dir)
            _texts[key] = TextVectors(directory, collection_for(TEXTS, ctx.embeddings))
        return _texts[key]


def open_edges(ctx: Context) -> EdgeMemory | None:
    """The edge memory if this process has opened it already, else None (never opens it)."""
    with _lock:
        return _edges.get((ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.embeddings, ctx.journal_writes))


def view_for(ctx: Context) -> GraphView:
    key = (ctx.kg, ctx.kg_backend, ctx.query_timeout_s, ctx.max_rows, ctx.languages, ctx.label_predicates,
           ctx.name_columns, ctx.label_index, ctx.label_index_dir,
           ctx.label_page, ctx.label_crawl, ctx.kg_cache, ctx.cache_capacity, ctx.cache_policy, ctx.l2_tolerance,
           ctx.neighbourhood_rows, ctx.cache_bytes, ctx.arc_alpha, ctx.arc_beta, ctx.arc_hub_k, ctx.arc_top_k,
           ctx.arc_tau, ctx.proximity_tau, ctx.domain, ctx.memory_dir, ctx.chroma_host, ctx.chroma_port,
           ctx.use_lexicon)
    with _lock:
        if key not in _views:
            kg = open_kg(ctx.kg, ctx.kg_backend, timeout_s=ctx.query_timeout_s, max_rows=ctx.max_rows)
            kg.labelling = Labelling.of(ctx.label_predicates, ctx.languages)
            if ctx.name_columns and not _remote(kg):
                named(kg)  # (before a store's label index, which holds for one labelling)
            index = label_index_for(ctx, kg)
            try:
                _ensure_not_empty(kg, index)
            except Exception:
                if index is not None:
                    index.close()
                raise
            _views[key] = GraphView(cached_kg_for(ctx, kg), index, use_lexicon=ctx.use_lexicon)
        return _views[key]


def _ensure_not_empty(kg: KnowledgeGraph, index: DiskLabelIndex | None) -> None:
    """Refuse an empty graph (EmptyGraphError); asked once per graph when a disk label index remembers it."""
    def asked() -> bool:
        kg.ensure_not_empty()
        return True

    if index is None:
        kg.ensure_not_empty()
    else:
        index.fact("not empty", asked)


def cached_kg_for(ctx: Context, kg: KnowledgeGraph) -> KnowledgeGraph:
    """``kg`` behind the L1/L2 caches ``ctx`` asks for (by default: for remote endpoints only)."""
    levels = ctx.kg_cache if ctx.kg_cache != "auto" else "l1+l2" if _remote(kg) else "none"
    if levels == "none":
        return kg
    from cacherag.memory.passage_memory import ARC_DEFAULT_BYTES, PassageMemory
    from cacherag.tools.cached_kg import CachedKG
    from cacherag.tools.caches import Eviction, L1Cache, L2Cache, SemanticCache

    eviction = Eviction(ctx.cache_policy, ctx.cache_capacity, ctx.cache_bytes, ctx.arc_alpha, ctx.arc_beta,
                        ctx.arc_hub_k)
    budget = ctx.cache_bytes or ARC_DEFAULT_BYTES
    l1 = (SemanticCache(budget, ctx.proximity_tau) if levels == "proximity"
          else L1Cache(eviction) if "l1" in levels else None)
    l2 = (PassageMemory(ctx.memory_dir, domain=ctx.domain or kg_domain(ctx.kg), host=ctx.chroma_host,
                        port=ctx.chroma_port, max_bytes=budget, alpha=ctx.arc_alpha, beta=ctx.arc_beta,
                        hub_k=ctx.arc_hub_k, top_k=ctx.arc_top_k, tau=ctx.arc_tau) if "arc" in levels
          else L2Cache(eviction, ctx.l2_tolerance) if "l2" in levels else None)
    return CachedKG(kg, l1=l1, l2=l2, neighbourhood_rows=ctx.neighbourhood_rows)


def label_index_for(ctx: Context, kg: KnowledgeGraph) -> DiskLabelIndex | None:
    """The persistent label index ``ctx`` asks for. By default: an endpoint's (filled as it is used), a
    store's that ``cacherag load`` built (while it matches the store and the labelling), else none. An
    endpoint's names its unlabelled nodes first (``Context.name_columns``), as a store's load did."""
    remote = _remote(kg)
    if ctx.label_index == "memory" or ctx.label_index == "auto" and not remote:
        if ctx.name_columns and remote:
            named(kg)
        directory = getattr(kg, "directory", None)  # an Oxigraph store's
        if ctx.label_index == "memory" or directory is None:
            return None
        from cacherag.tools.label_index import open_store_index

        return open_store_index(kg, directory)
    from cacherag.tools.label_index import DiskLabelIndex, index_path

    index = DiskLabelIndex(kg, index_path(kg, ctx.label_index_dir), page=ctx.label_page, crawl=False)
    if ctx.name_columns and remote:
        named_once(kg, index)  # (before the crawl reads the labels the labelling names)
    if ctx.label_crawl:
        index.start_crawl()
    return index


def _remote(kg: KnowledgeGraph) -> bool:
    """Whether ``kg`` is a SPARQL endpoint (whose module is loaded only when one was opened)."""
    module = sys.modules.get("cacherag.tools.remote_backend")
    return module is not None and isinstance(kg, module.RemoteSparqlKG)


def reasoner_for(ctx: Context, view: GraphView) -> Reasoner:
    # Everything the reasoner reads from the context is in the key (k_depth bounds an LLM plan's hops).
    key = (ctx.model, ctx.base_url, ctx.llm_timeout_s, ctx.llm_attempts, ctx.k_depth, ctx.embeddings,
           ctx.embeddings_base_url, id(view))
    with _lock:
        if key not in _reasoners:
            if ctx.model == "offline":
                _reasoners[key] = OfflineReasoner(embeddings(ctx))
            else:
                from cacherag.nodes.reasoners.llm import LLMReasoner, make_chat_model

                model = _chat_models.get(ctx.model) or make_chat_model(ctx.model, ctx.base_url, ctx.llm_timeout_s)
                _reasoners[key] = LLMReasoner(model, view, embeddings(ctx), max_hops=ctx.k_depth,
                                              attempts=ctx.llm_attempts)
        return _reasoners[key]


def resources(ctx: Context) -> Resources:
    view = view_for(ctx)
    return Resources(view, memory_for(ctx), reasoner_for(ctx, view), ctx.domain or kg_domain(ctx.kg),
                     statements_for(ctx), learned_words=ctx.use_cache and ctx.use_statements,
                     dense_analogy=ctx.use_cache and ctx.use_dense, use_lexicon=ctx.use_lexicon,
                     embeddings=embeddings(ctx) if ctx.use_dense else None)


def flush_request_caches(kg: KnowledgeGraph) -> None:
    """Write what ``kg``'s request caches hold for later processes (the passage memory); nothing to do for
    a graph without them."""
    cached = sys.modules.get("cacherag.tools.cached_kg")  # never imported: no graph has request caches
    if cached is not None and isinstance(kg, cached.CachedKG):
        kg.flush()


_engines: dict[tuple[Any, ...], int] = {}  # open CacheRAG engines per memory store (see retain / release)


def _store_key(ctx: Context) -> tuple[Any, ...]:
    return ctx.memory_dir, ctx.chroma_host, ctx.chroma_port


def retain(ctx: Context) -> None:
    """Count an engine using ``ctx``'s memory store (a CacheRAG does, for each of its contexts)."""
    with _lock:
        _engines[_store_key(ctx)] = _engines.get(_store_key(ctx), 0) + 1


def release(ctx: Context) -> None:
    """An engine using ``ctx``'s memory store is done with it: the last one saves and forgets the memories
    kept for the store and closes their Chroma clients, so a process that opens many engines in turn does not
    keep every store's files and threads open. A later question opens them again."""
    key = _store_key(ctx)
    with _lock:
        _engines[key] = _engines.get(key, 1) - 1
        if _engines[key] > 0:
            return
        del _engines[key]
        for cache in (_memories, _statements, _edges, _texts):
            for found in [k for k in cache if k[:3] == key]:
                try:
                    cache.pop(found).close()
                except Exception as exc:  # noqa: BLE001 - one unreachable store must not keep the others unsaved
                    warnings.warn(f"cacherag: a memory could not be saved: {exc}", RuntimeWarning, stacklevel=2)
    if not ctx.chroma_host:
        close_clients(ctx.memory_dir)


def close_all() -> None:
    """Flush memories (pending LRU bookkeeping) and forget every cached resource."""
    with _lock:
        # The passage memory behind a graph's request caches shares the memories' Chroma client: flush it first.
        for view in _views.values():
            flush_request_caches(view.kg)
        for memory in [*_memories.values(), *_statements.values(), *_edges.values(), *_texts.values()]:
            try:
                memory.close()
            except Exception as exc:  # noqa: BLE001 - one unreachable store must not keep the others unsaved
                warnings.warn(f"cacherag: a plan memory could not be saved: {exc}", RuntimeWarning, stacklevel=2)
        directories = {key[0] for key in [*_memories, *_statements, *_edges] if not key[1]}
        _memories.clear()
        _statements.clear()
        _edges.clear()
        _texts.clear()
        for directory in directories:
            close_clients(directory)
        for view in _views.values():
            if view.index is not None:
                view.index.close()
        _views.clear()
        _reasoners.clear()
