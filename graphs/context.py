"""Runtime parameters of the question-answering graph (LangGraph ``context_schema``).

Every bound and knob of the pipeline lives here, documented, so Studio shows it and a caller can set it
per run: ``graph.invoke({"question": ...}, context=Context(k_depth=2))``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from cacherag.tools.errors import ConfigurationError

HARD_MAX_DEPTH = 3


@dataclass(kw_only=True)
class Context:
    """How to answer: which graph, which reasoner, which bounds, where memories live."""

    model: str = field(default="offline", metadata={
        "description": "'offline' (deterministic reasoner, no LLM) or a provider string for "
                       "init_chat_model, e.g. 'openai:gpt-4o-mini'."})
    base_url: str | None = field(default=None, metadata={
        "description": "Base URL of an OpenAI-compatible server for the chat model."})
    llm_timeout_s: float = field(default=60.0, metadata={
        "description": "Timeout of one chat-model request; a timed-out request counts as transient."})
    llm_attempts: int = field(default=3, metadata={
        "description": "Attempts per chat-model request on rate limits and transient errors (exponential "
                       "backoff); when they are spent the offline reasoner does that step."})
    kg: str = field(default="demo", metadata={
        "description": "Knowledge graph: 'demo', an RDF or s|p|o file, an Oxigraph store directory, "
                       "or an http(s) SPARQL endpoint URL."})
    kg_backend: Literal["auto", "oxigraph", "rdflib"] = field(default="auto", metadata={
        "description": "Engine for RDF files: Oxigraph in memory (auto) or rdflib."})
    domain: str | None = field(default=None, metadata={
        "description": "Layer-1 cache bucket; defaults to the knowledge graph's name."})
    k_depth: int = field(default=3, metadata={
        "description": "Hard bound on relational hops from the topic entity (1-3)."})
    k_degree: int = field(default=30, metadata={
        "description": "Star scans keep the top K_degree predicates by similarity to the question."})
    mmr_lambda: float = field(default=0.5, metadata={
        "description": "MMR trade-off: 1 = relevance only, 0 = diversity only."})
    k: int = field(default=5, metadata={"description": "Number of cached plans handed to the compiler."})
    min_relevance: float = field(default=0.2, metadata={
        "description": "Cached plans less relevant than this (normalized BM25) are never used."})
    hit_relevance: float = field(default=0.5, metadata={
        "description": "A cached plan this relevant that fits the entity's schema is reused without "
                       "planning (a plan-cache hit)."})
    bucket_bound: int | None = field(default=None, metadata={
        "description": "LRU bound per cache bucket (None = unbounded)."})
    memory_dir: str | None = field(default=None, metadata={
        "description": "Directory of the embedded Chroma memory (default ~/.cacherag/memory or "
                       "$CACHERAG_HOME/memory)."})
    chroma_host: str | None = field(default=None, metadata={
        "description": "Host of a Chroma server; when set, memories live there instead."})
    chroma_port: int = field(default=8000, metadata={"description": "Port of the Chroma server."})
    query_timeout_s: float = field(default=10.0, metadata={"description": "Timeout of every SPARQL query."})
    max_rows: int = field(default=10_000, metadata={"description": "LIMIT applied to every query."})
    learn: bool = field(default=True, metadata={"description": "Memorize plans that produced answers."})
    use_cache: bool = field(default=True, metadata={"description": "Ablation: read the plan memory."})
    use_mmr: bool = field(default=True, metadata={"description": "Ablation: MMR (else plain BM25 top-k)."})
    two_layer: bool = field(default=True, metadata={"description": "Ablation: Domain→Aspect index."})
    use_depth: bool = field(default=True, metadata={"description": "Ablation: σ_depth expansion."})
    use_breadth: bool = field(default=True, metadata={"description": "Ablation: σ_breadth expansion."})

    def __post_init__(self) -> None:
        if not 1 <= self.k_depth <= HARD_MAX_DEPTH:
            raise ConfigurationError(f"k_depth must be between 1 and {HARD_MAX_DEPTH}, got {self.k_depth}")
        if self.k_degree < 1 or self.k < 1:
            raise ConfigurationError("k_degree and k must be at least 1")
        if not 0.0 <= self.mmr_lambda <= 1.0:
            raise ConfigurationError(f"mmr_lambda must be in [0, 1], got {self.mmr_lambda}")
        if self.bucket_bound is not None and self.bucket_bound < 1:
            raise ConfigurationError("bucket_bound must be at least 1 (or None for unbounded)")
        if self.llm_attempts < 1 or self.llm_timeout_s <= 0:
            raise ConfigurationError("llm_attempts and llm_timeout_s must be positive")
        if self.max_rows < 1 or self.query_timeout_s <= 0:
            raise ConfigurationError("max_rows and query_timeout_s must be positive")

    @classmethod
    def of(cls, runtime: Any) -> Context:
        """The context of a LangGraph ``Runtime`` (defaults when the caller passed none)."""
        value = getattr(runtime, "context", None)
        if isinstance(value, cls):
            return value
        return cls.from_mapping(value if isinstance(value, dict) else None)

    @classmethod
    def from_mapping(cls, values: dict[str, Any] | None) -> Context:
        """Build from a plain dict, ignoring unknown keys (as server configs carry extra ones)."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (values or {}).items() if k in names})
