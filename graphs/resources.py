"""Long-lived objects behind a run's context: the graph view, the plan memory and the reasoner.

Contexts are plain, serializable parameters; opening a store or loading a label index is not cheap, so
each distinct configuration is opened once per process and shared by every run that uses it.
"""

from __future__ import annotations

import threading
import warnings
from dataclasses import dataclass
from typing import Any

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel

from cacherag.graphs.context import Context
from cacherag.memory.embeddings import default_embeddings
from cacherag.memory.plan_memory import PlanMemory
from cacherag.nodes.reasoners.base import Reasoner
from cacherag.nodes.reasoners.llm import LLMReasoner, make_chat_model
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.graph_view import GraphView
from cacherag.tools.sources import kg_name, open_kg

_lock = threading.RLock()
_views: dict[tuple[Any, ...], GraphView] = {}
_memories: dict[tuple[Any, ...], PlanMemory] = {}
_reasoners: dict[tuple[Any, ...], Reasoner] = {}
_chat_models: dict[str, BaseChatModel] = {}
_embeddings: list[Embeddings] = []


@dataclass(frozen=True)
class Resources:
    view: GraphView
    memory: PlanMemory
    reasoner: Reasoner
    domain: str


def register_chat_model(name: str, model: BaseChatModel) -> str:
    """Make a chat model object selectable as ``Context(model=name)`` (the Python API uses this)."""
    with _lock:
        _chat_models[name] = model
        for key in [k for k in _reasoners if k[0] == name]:
            del _reasoners[key]
    return name


def embeddings() -> Embeddings:
    with _lock:
        if not _embeddings:
            _embeddings.append(default_embeddings())
        return _embeddings[0]


def memory_for(ctx: Context) -> PlanMemory:
    key = (ctx.memory_dir, ctx.chroma_host, ctx.chroma_port, ctx.bucket_bound)
    with _lock:
        if key not in _memories:
            _memories[key] = PlanMemory(ctx.memory_dir, host=ctx.chroma_host, port=ctx.chroma_port,
                                        embeddings=embeddings(), bucket_bound=ctx.bucket_bound)
        return _memories[key]


def view_for(ctx: Context) -> GraphView:
    key = (ctx.kg, ctx.kg_backend, ctx.query_timeout_s, ctx.max_rows)
    with _lock:
        if key not in _views:
            kg = open_kg(ctx.kg, ctx.kg_backend, timeout_s=ctx.query_timeout_s, max_rows=ctx.max_rows)
            kg.ensure_not_empty()
            _views[key] = GraphView(kg)
        return _views[key]


def reasoner_for(ctx: Context, view: GraphView) -> Reasoner:
    # Everything the reasoner reads from the context is in the key (k_depth bounds an LLM plan's hops).
    key = (ctx.model, ctx.base_url, ctx.llm_timeout_s, ctx.llm_attempts, ctx.k_depth, id(view))
    with _lock:
        if key not in _reasoners:
            if ctx.model == "offline":
                _reasoners[key] = OfflineReasoner(embeddings())
            else:
                model = _chat_models.get(ctx.model) or make_chat_model(ctx.model, ctx.base_url, ctx.llm_timeout_s)
                _reasoners[key] = LLMReasoner(model, view, embeddings(), max_hops=ctx.k_depth,
                                              attempts=ctx.llm_attempts)
        return _reasoners[key]


def resources(ctx: Context) -> Resources:
    view = view_for(ctx)
    return Resources(view, memory_for(ctx), reasoner_for(ctx, view), ctx.domain or kg_name(ctx.kg))


def close_all() -> None:
    """Flush memories (pending LRU bookkeeping) and forget every cached resource."""
    with _lock:
        for memory in _memories.values():
            try:
                memory.close()
            except Exception as exc:  # noqa: BLE001 - one unreachable store must not keep the others unsaved
                warnings.warn(f"cacherag: a plan memory could not be saved: {exc}", RuntimeWarning, stacklevel=2)
        _memories.clear()
        _views.clear()
        _reasoners.clear()
