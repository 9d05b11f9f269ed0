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
    embeddings: str = field(default="offline", metadata={
        "description": "Embedding model: 'offline' (bundled multilingual-e5-small, no download) or a provider "
                       "string for init_embeddings, e.g. 'openai:text-embedding-3-small'. Each model's memories "
                       "live apart (their vectors do not compare); thresholds on similarity calibrate on history."})
    embeddings_base_url: str | None = field(default=None, metadata={
        "description": "Base URL of an OpenAI-compatible server for the embedding model (vLLM, Ollama, …)."})
    kg: str = field(default="demo", metadata={
        "description": "Knowledge graph: 'demo', an RDF or s|p|o file, an Oxigraph store directory, "
                       "or an http(s) SPARQL endpoint URL."})
    kg_backend: Literal["auto", "oxigraph", "rdflib"] = field(default="auto", metadata={
        "description": "Engine for RDF files: Oxigraph in memory (auto) or rdflib."})
    domain: str | None = field(default=None, metadata={
        "description": "Memory domain (layer-1 cache bucket); defaults to the graph's identity: its resolved "
                       "path, full endpoint URL or content fingerprint. Name one domain to share plans."})
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
    journal_writes: bool = field(default=False, metadata={
        "description": "What a question learns goes to the memory directory's journal while this process has "
                       "not opened Chroma (the next process that does writes it there): for short-lived "
                       "processes, which then never import Chroma (`cacherag ask` sets it)."})
    query_timeout_s: float = field(default=10.0, metadata={"description": "Timeout of every SPARQL query."})
    question_timeout_s: float = field(default=30.0, metadata={
        "description": "Wall-time budget of one question after parse_isr (chat-model calls included): a query "
                       "still running when it is spent is stopped, none starts after it, and the question ends "
                       "'missing' saying so."})
    max_rows: int = field(default=10_000, metadata={"description": "LIMIT applied to every query."})
    max_answers: int = field(default=100, metadata={
        "description": "Most answers a question returns, the best-supported first; the answer's 'total' and its "
                       "text say how many the graph holds when there are more."})
    languages: str = field(default="en", metadata={
        "description": "Language tags whose labels are shown, preferred first, comma-separated ('en,de'); "
                       "then untagged labels, then any other. Labels in every language link mentions."})
    label_predicates: str = field(default="", metadata={
        "description": "Extra label predicates (IRIs, comma-separated) beside rdfs:label, skos:prefLabel, "
                       "schema:name, foaf:name, dcterms:title and skos:altLabel (alternative names)."})
    name_columns: bool = field(default=True, metadata={
        "description": "In a graph whose nodes carry no label (one made from tables), read a predicate whose "
                       "local name ends in 'name', 'title' or 'label' and whose values all differ as their label "
                       "(ProductName, ex:name); for a SPARQL endpoint asked once and kept in its label index. See "
                       "tools/naming.py."})
    label_index: Literal["auto", "memory", "disk"] = field(default="auto", metadata={
        "description": "Entity linking index: 'memory' reads every label at start; 'disk' keeps a persistent "
                       "SQLite index per graph filled by bounded queries; 'auto' = disk for SPARQL endpoints, and for "
                       "an Oxigraph store the index `cacherag load` left in it (while it matches the store and "
                       "the labelling), else memory."})
    label_index_dir: str | None = field(default=None, metadata={
        "description": "Directory of the persistent label indexes (default $CACHERAG_HOME/labels)."})
    label_page: int = field(default=10_000, metadata={
        "description": "Labels read per query while the persistent index crawls the graph."})
    label_crawl: bool = field(default=True, metadata={
        "description": "Fill the persistent label index in the background (questions are linked by bounded "
                       "probes of the endpoint until it is complete)."})
    kg_cache: Literal["auto", "none", "l1", "l2", "l1+l2", "arc", "l1+arc", "proximity"] = field(
        default="auto", metadata={
            "description": "Caches in front of the graph. Mnemosyne's L1 (exact sub-query -> result) and L2 (entity "
                           "-> neighbourhood, in memory); 'arc' = ARC's passage memory (neighbourhoods in Chroma "
                           "with vectors, kept across runs, τ escalation) as the entity level; 'proximity' = "
                           "the nearest earlier request's answer within proximity_tau (a baseline: approximate). "
                           "'auto' = l1+l2 for SPARQL endpoints, none for local graphs."})
    cache_capacity: int = field(default=20, metadata={
        "description": "Entries per cache level, C (Mnemosyne's default 20)."})
    cache_policy: Literal["lru", "lfu", "fifo", "arc"] = field(default="lru", metadata={
        "description": "Eviction policy of the L1/L2 caches: Mnemosyne's LRU, LFU, FIFO, or ARC's priority "
                       "(distance-rank frequency, hubness, size)."})
    cache_bytes: int | None = field(default=None, metadata={
        "description": "Byte budget W_max per cache level instead of cache_capacity entries (ARC eviction, the "
                       "passage memory and Proximity: 3 MB when unset)."})
    arc_alpha: float = field(default=0.4, metadata={"description": "ARC's distance sensitivity α in DRF."})
    arc_beta: float = field(default=0.2, metadata={
        "description": "ARC's β: weight of hubness against DRF in the priority."})
    arc_hub_k: int = field(default=10, metadata={"description": "k of the k-NN graph ARC's hubness counts on."})
    arc_top_k: int = field(default=1, metadata={
        "description": "Passages the passage memory retrieves per request (their DRF grows; their mean distance "
                       "is tested against arc_tau). A graph step needs one passage, its entity's neighbourhood."})
    arc_tau: float = field(default=0.2, metadata={
        "description": "ARC's escalation threshold τ: a request whose top-k passages are farther than this on "
                       "average (cosine distance) goes to the endpoint (Algorithm 1, line 2)."})
    proximity_tau: float = field(default=0.2, metadata={
        "description": "The Proximity baseline serves the nearest earlier request's answer within this cosine "
                       "distance (the paper's grid-searched 0.2)."})
    l2_tolerance: float = field(default=0.2, metadata={
        "description": "L2 hits a cached entity whose label is within this normalized Levenshtein distance."})
    neighbourhood_rows: int = field(default=1000, metadata={
        "description": "Largest neighbourhood L2 keeps; hubs beyond it are always asked for exactly."})
    ask_ahead: bool = field(default=True, metadata={
        "description": "With request caches: ask a remote graph in one round trip for the candidate entities' "
                       "neighbourhoods and the rows of the likeliest remembered plan, before choosing (a "
                       "remembered question then costs one round trip)."})
    reorder_window: int = field(default=6, metadata={
        "description": "Sliding window w of the cache-aware batch order (Mnemosyne's default 6)."})
    max_question_chars: int = field(default=1000, metadata={
        "description": "Longer questions are refused (InvalidQuestionError) before any work."})
    max_question_entities: int = field(default=40, metadata={
        "description": "Questions naming more graph entities than this are refused (InvalidQuestionError)."})
    learn: bool = field(default=True, metadata={"description": "Memorize plans that produced answers."})
    use_cache: bool = field(default=True, metadata={"description": "Ablation: read the plan memory."})
    use_mmr: bool = field(default=True, metadata={"description": "Ablation: MMR (else plain BM25 top-k)."})
    two_layer: bool = field(default=True, metadata={"description": "Ablation: Domain→Aspect index."})
    use_depth: bool = field(default=True, metadata={"description": "Ablation: σ_depth expansion."})
    use_breadth: bool = field(default=True, metadata={"description": "Ablation: σ_breadth expansion."})
    use_dense: bool = field(default=True, metadata={
        "description": "Ablation: on a plan miss, also retrieve remembered questions nearest by embedding."})
    use_statements: bool = field(default=True, metadata={
        "description": "Ablation: read the statement memory (learned relation words, composition)."})
    use_lexicon: bool = field(default=True, metadata={
        "description": "Read a question word as the relation it names by another English word (WordNet: 'wife' "
                       "for spouse, 'faith' for religion), when it names exactly one relation of the graph; and, "
                       "in a graph without types, a noun saying the kind of things meant ('which films …') as "
                       "no relation."})
    use_edge_memory: bool = field(default=True, metadata={
        "description": "Edge memory (ReMindRAG): replay the edges similar questions walked before planning, "
                       "and write what answered into the edges' vectors."})
    replay_alpha: float = field(default=0.1, metadata={
        "description": "Memory replay's α: weight of the node-label similarity against the edge memory (eq. 2)."})
    replay_lambda: float = field(default=0.55, metadata={
        "description": "Memory replay's threshold λ: an edge is replayed when its weight w exceeds it (eq. 2)."})
    replay_fanout: int = field(default=8, metadata={
        "description": "Memory replay looks at most this many remembered edges of one relation and direction at a "
                       "node, the strongest first: a hub's hundreds of edges of one kind (a planet's residents) show "
                       "the way as well as a few, and each would cost an embedding of its label."})
    use_traversal: bool = field(default=True, metadata={
        "description": "On a miss, guided traversal (ReMindRAG): one reasoner decision per step, forward along an "
                       "edge or back to a visited path; off = the σ_breadth star scan instead."})
    traversal_steps: int = field(default=4, metadata={
        "description": "Most guided-traversal steps per question (each one reasoner decision)."})

    def __post_init__(self) -> None:
        if not 1 <= self.k_depth <= HARD_MAX_DEPTH:
            raise ConfigurationError(f"k_depth must be between 1 and {HARD_MAX_DEPTH}, got {self.k_depth}")
        if self.k_degree < 1 or self.k < 1:
            raise ConfigurationError("k_degree and k must be at least 1")
        if not 0.0 <= self.mmr_lambda <= 1.0:
            raise ConfigurationError(f"mmr_lambda must be in [0, 1], got {self.mmr_lambda}")
        if self.bucket_bound is not None and self.bucket_bound < 1:
            raise ConfigurationError("bucket_bound must be at least 1 (or None for unbounded)")
        if self.cache_capacity < 1 or self.neighbourhood_rows < 1 or self.reorder_window < 1:
            raise ConfigurationError("cache_capacity, neighbourhood_rows and reorder_window must be at least 1")
        if self.cache_bytes is not None and self.cache_bytes < 1:
            raise ConfigurationError(f"cache_bytes must be positive, got {self.cache_bytes}")
        if not 0.0 <= self.arc_beta <= 1.0 or self.arc_alpha <= 0 or self.arc_hub_k < 1:
            raise ConfigurationError("ARC needs alpha > 0, beta in [0, 1] and hub_k >= 1")
        if self.arc_top_k < 1 or not 0.0 <= self.arc_tau <= 2.0 or not 0.0 <= self.proximity_tau <= 2.0:
            raise ConfigurationError("arc_top_k must be >= 1; arc_tau and proximity_tau are cosine distances in [0, 2]")
        if not 0.0 <= self.l2_tolerance <= 1.0:
            raise ConfigurationError(f"l2_tolerance must be in [0, 1], got {self.l2_tolerance}")
        if self.label_page < 1:
            raise ConfigurationError(f"label_page must be at least 1, got {self.label_page}")
        if self.llm_attempts < 1 or self.llm_timeout_s <= 0:
            raise ConfigurationError("llm_attempts and llm_timeout_s must be positive")
        if self.max_rows < 1 or self.max_answers < 1 or self.query_timeout_s <= 0 or self.question_timeout_s <= 0:
            raise ConfigurationError("max_rows, max_answers, query_timeout_s and question_timeout_s must be positive")
        if self.max_question_chars < 1 or self.max_question_entities < 1:
            raise ConfigurationError("max_question_chars and max_question_entities must be positive")
        if self.traversal_steps < 1:
            raise ConfigurationError(f"traversal_steps must be at least 1, got {self.traversal_steps}")
        if self.replay_fanout < 1:
            raise ConfigurationError(f"replay_fanout must be at least 1, got {self.replay_fanout}")
        if not 0.0 <= self.replay_alpha <= 1.0:
            raise ConfigurationError(f"replay_alpha must be in [0, 1], got {self.replay_alpha}")

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
