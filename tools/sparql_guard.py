"""Read-only enforcement for SPARQL text that comes from outside the engine.

Queries the engine builds itself are assembled from escaped terms and never pass through here; user or
LLM supplied text does. It is parsed (so malformed text fails before anything runs), must be a read
query (SELECT/ASK/CONSTRUCT/DESCRIBE), may not federate through ``SERVICE``, and always gets a LIMIT.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pyparsing import ParseException
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue

from cacherag.tools.errors import MalformedQueryError, ReadOnlyViolationError

QueryForm = Literal["SELECT", "ASK", "CONSTRUCT", "DESCRIBE"]
_FORMS: dict[str, QueryForm] = {
    "SelectQuery": "SELECT",
    "AskQuery": "ASK",
    "ConstructQuery": "CONSTRUCT",
    "DescribeQuery": "DESCRIBE",
}


@dataclass(frozen=True)
class CheckedQuery:
    """A query that passed the guard: its form and the text to run (with a LIMIT where one applies)."""

    form: QueryForm
    text: str


def _contains_service(node: Any) -> bool:
    if isinstance(node, CompValue):
        if node.name == "ServiceGraphPattern":
            return True
        return any(_contains_service(v) for v in node.values())
    if isinstance(node, list | tuple):
        return any(_contains_service(v) for v in node)
    if hasattr(node, "asList") and not isinstance(node, str):
        return any(_contains_service(v) for v in node)
    return False


def check_read_query(text: str, limit: int) -> CheckedQuery:
    """Validate ``text`` as a read-only query and bound it by ``limit`` rows.

    Raises :class:`MalformedQueryError` when it does not parse and :class:`ReadOnlyViolationError` when it
    is an update or uses ``SERVICE``.
    """
    try:
        parsed = parseQuery(text)
    except ParseException as query_error:
        try:
            update = parseUpdate(text)
        except ParseException:
            raise MalformedQueryError(f"SPARQL does not parse: {query_error}") from None
        if not dict(update).get("request"):  # blank text or a bare prologue parses as an empty update
            raise MalformedQueryError("the SPARQL text holds no query") from None
        raise ReadOnlyViolationError(
            "write queries (INSERT/DELETE/LOAD/CLEAR/DROP/CREATE/…) are refused; only SELECT, ASK, "
            "CONSTRUCT and DESCRIBE run"
        ) from None
    query = parsed[1]
    if _contains_service(query):
        raise ReadOnlyViolationError("SERVICE federation is refused: queries run against this graph only")
    form = _FORMS[query.name]
    if form == "ASK":
        return CheckedQuery(form, text)
    # CompValue.get returns the key itself when it is absent, so look the keys up as a plain dict.
    limit_offset = dict(query).get("limitoffset")
    existing = dict(limit_offset).get("limit") if limit_offset is not None else None
    if existing is not None and int(existing) <= limit:
        return CheckedQuery(form, text)
    if existing is not None:
        raise ReadOnlyViolationError(f"LIMIT {existing} exceeds the configured maximum of {limit} rows")
    return CheckedQuery(form, f"{text.rstrip()}\nLIMIT {limit}")
