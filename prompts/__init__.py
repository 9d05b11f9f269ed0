"""Every prompt the LLM reasoner sends, and nothing else (CacheRAG §4.1, §4.3, Algorithm 1)."""

from cacherag.prompts.templates import COMPILE, DISPATCH, FALLBACK, ISR, SUMMARIZE

__all__ = ["COMPILE", "DISPATCH", "FALLBACK", "ISR", "SUMMARIZE"]
