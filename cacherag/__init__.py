"""cacherag: question answering over knowledge graphs that learns from its own history."""

from cacherag.api import Answer, CacheRAG
from cacherag.graphs.context import Context
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
