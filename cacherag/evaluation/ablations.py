"""The paper's ablations (CacheRAG §5.7, Table 3) as runtime-context overrides of the full system."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cacherag.tools.errors import ConfigurationError

STATIC_EXAMPLES = 5  # the paper's k: the static few-shot set is as large as one retrieval


@dataclass(frozen=True)
class Ablation:
    name: str
    description: str
    context: dict[str, Any] = field(default_factory=dict)
    static_examples: bool = False  # replace the plan memory by a fixed few-shot set


ABLATIONS: dict[str, Ablation] = {a.name: a for a in (
    Ablation("no-depth", "w/o σ_depth: no depth expansion after the initial plan", {"use_depth": False}),
    Ablation("no-breadth", "w/o σ_breadth: no star-scan breadth expansion", {"use_breadth": False}),
    Ablation("no-cache", f"w/o caching: a static set of {STATIC_EXAMPLES} few-shot plans instead of the "
              "plan memory (nothing is learned)", {"learn": False}, static_examples=True),
    Ablation("no-mmr", "w/o MMR: plain BM25 top-k", {"use_mmr": False}),
    Ablation("one-layer", "one layer: the domain index only (no Domain→Aspect layer)", {"two_layer": False}),
    Ablation("no-dense", "w/o dense plan retrieval: BM25 only, the plan vectors are never queried",
             {"use_dense": False}),
    Ablation("no-statements", "w/o statement memory: no learned aliases, no composition from statements",
             {"use_statements": False}),
    Ablation("no-edges", "w/o edge memory: no memory replay, nothing written into edge vectors",
             {"use_edge_memory": False}),
    Ablation("no-traversal", "w/o guided traversal: a σ_breadth star scan on a miss instead (ReMindRAG B.3 off)",
             {"use_traversal": False}),
)}


def get(name: str | None) -> Ablation | None:
    if name is None or name in {"", "none", "full"}:
        return None
    try:
        return ABLATIONS[name]
    except KeyError:
        raise ConfigurationError(f"unknown ablation {name!r} (choose from {', '.join(ABLATIONS)})") from None
