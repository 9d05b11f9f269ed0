"""Typed errors raised by the knowledge-graph layer.

Every failure a caller can act on has its own class, all under :class:`KGError`, so a CLI, a tool or a
server can turn them into a message without parsing text.
"""

from __future__ import annotations


class CacheRAGError(RuntimeError):
    """Base class of every error cacherag raises on purpose.

    A ``RuntimeError``: the LangGraph API server passes the message of builtin error types through to a
    run's ``error`` event and replaces any other with "An internal error occurred"; cacherag's messages are
    written for the user, so the client reads ``StoreError: knowledge graph not found: …``.
    """


class KGError(CacheRAGError):
    """A knowledge-graph operation failed."""


class MalformedQueryError(KGError):
    """The SPARQL text does not parse."""


class ReadOnlyViolationError(KGError):
    """The query would write (INSERT/DELETE/LOAD/CLEAR/DROP/…) or federate (SERVICE); nothing was run."""


class QueryTooLargeError(KGError):
    """The query text, or what running it would take, exceeds a configured bound; nothing was run."""


class EndpointUnavailableError(KGError):
    """The remote SPARQL endpoint could not be reached or answered with an error."""


class QueryTimeoutError(KGError):
    """The query did not finish within the configured timeout."""


class EmptyGraphError(KGError):
    """The knowledge graph holds no triples, so there is nothing to answer from."""


class StoreError(KGError):
    """A store path is missing, unreadable or corrupt."""


class MemoryCorruptError(StoreError):
    """A memory store is damaged or was emptied behind cacherag's back; nothing was changed."""


class MemoryReadOnlyError(StoreError):
    """The memory directory cannot be written (a read-only file system, no write permission); nothing was
    changed, and it is not reported as damaged."""


class ConfigurationError(CacheRAGError):
    """A runtime parameter is out of range or inconsistent."""


class InvalidQuestionError(CacheRAGError):
    """The question is outside the configured bounds (too long, too many entities); nothing was run."""


class ProviderNotInstalledError(ConfigurationError):
    """A model's provider package is not installed; the message names the extra to install."""


class LLMError(CacheRAGError):
    """The chat model refused the request for a reason retrying cannot fix (bad key, unknown model, …)."""


class DocumentError(CacheRAGError):
    """A document cannot be ingested (unreadable, not text, an unsupported kind); nothing was written."""


class MissingParserError(DocumentError):
    """Reading this kind of document needs a parser package that is not installed; the message names it."""
