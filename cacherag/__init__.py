"""cacherag: question answering over knowledge graphs that learns from its own history."""

from typing import TYPE_CHECKING, Any

from cacherag.tools.errors import (
    CacheRAGError,
    ConfigurationError,
    EmptyGraphError,
    EndpointUnavailableError,
    InvalidQuestionError,
    KGError,
    MalformedQueryError,
    QueryTimeoutError,
    QueryTooLargeError,
    ReadOnlyViolationError,
    StoreError,
)

__version__ = "0.1.0"
__all__ = [
    "Answer", "CacheRAG", "Context", "CacheRAGError", "ConfigurationError", "EmptyGraphError",
    "EndpointUnavailableError", "InvalidQuestionError", "KGError", "MalformedQueryError", "QueryTimeoutError",
    "QueryTooLargeError", "ReadOnlyViolationError", "StoreError",
]

if TYPE_CHECKING:
    from cacherag.api import Answer, CacheRAG
    from cacherag.graphs.context import Context


def __getattr__(name: str) -> Any:
    """``Answer``, ``CacheRAG`` and ``Context`` import LangGraph: loaded on first use, so `cacherag load` or
    `cacherag --help` never pay for it."""
    if name in {"Answer", "CacheRAG"}:
        from cacherag import api

        return getattr(api, name)
    if name == "Context":
        from cacherag.graphs.context import Context

        return Context
    raise AttributeError(f"module 'cacherag' has no attribute {name!r}")
