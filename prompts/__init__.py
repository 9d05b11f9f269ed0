"""Every prompt the LLM reasoner sends, and nothing else (CacheRAG §4.1, §4.3, §4.4, Algorithm 1, A.7)."""

from cacherag.prompts.templates import (
    AUTOGEN,
    COMPILE,
    DISPATCH,
    FALLBACK,
    ISR,
    ROUTE,
    SUMMARIZE,
    UPDATE_DESCRIPTIONS,
)
from cacherag.prompts.traversal import TRAVERSE

__all__ = ["AUTOGEN", "COMPILE", "DISPATCH", "FALLBACK", "ISR", "ROUTE", "SUMMARIZE", "TRAVERSE", "UPDATE_DESCRIPTIONS"]
