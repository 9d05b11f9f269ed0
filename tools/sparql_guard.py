"""Read-only enforcement for SPARQL text that comes from outside the engine.

Queries the engine builds itself are assembled from escaped terms and never pass through here; user or
LLM supplied text does. Before any parser sees it, the text is bounded in size and in the number of
groups (``{``), since both parsers' time grows faster than linearly with them and Oxigraph's overflows
its stack on a few thousand. Then it must parse — with Oxigraph's parser, the one that executes it on
the embedded backends (and that ends a ``#`` comment at CR as SPARQL says), and with rdflib's, which
reads the structure — as a read query (SELECT/ASK/CONSTRUCT/DESCRIBE) that neither federates through
``SERVICE`` nor names a dataset (``FROM``/``FROM NAMED`` would make a backend fetch a URL or read a local
file). It always gets a LIMIT, placed before a trailing ``VALUES`` clause when there is one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

import pyoxigraph as ox

from cacherag.tools.errors import MalformedQueryError, QueryTooLargeError, ReadOnlyViolationError

QueryForm = Literal["SELECT", "ASK", "CONSTRUCT", "DESCRIBE"]
_FORMS: dict[str, QueryForm] = {
    "SelectQuery": "SELECT",
    "AskQuery": "ASK",
    "ConstructQuery": "CONSTRUCT",
    "DescribeQuery": "DESCRIBE",
}
MAX_QUERY_CHARS = 50_000
MAX_GROUPS = 256

# Tokens that can hide a brace or a keyword: comments (ended by CR or LF), strings, IRIs; then braces and
# the VALUES keyword; anything else is skipped a run at a time.
_TOKEN = re.compile(
    r"""(?P<skip>\#[^\r\n]*|\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''"""
    r"""|"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'|<[^<>"{}|^`\\\x00-\x20]*>|[?$:]?[\w.-]*:?[\w-]+)"""
    r"""|(?P<open>\{)|(?P<close>\})|(?P<other>[^\w#"'<{}]+|.)""",
    re.S,
)
_ENGINE_PARSER = ox.Store()  # always empty: it parses (an ASK is also evaluated, over nothing)


@dataclass(frozen=True)
class CheckedQuery:
    """A query that passed the guard: its form and the text to run (with a LIMIT where one applies)."""

    form: QueryForm
    text: str


@dataclass(frozen=True)
class _Shape:
    groups: int
    trailing_values: int | None  # offset of a VALUES keyword outside every group (the trailing clause)
    service: bool  # the SERVICE keyword appears outside strings, comments and IRIs


def _shape(text: str) -> _Shape:
    groups = depth = 0
    trailing: int | None = None
    service = False
    for token in _TOKEN.finditer(text):
        word = (token["skip"] or "").upper()
        if token["open"]:
            groups += 1
            depth += 1
        elif token["close"]:
            depth -= 1
        elif word == "SERVICE":
            service = True
        elif depth == 0 and word == "VALUES":
            trailing = token.start()
    return _Shape(groups, trailing, service)


def load_parsers() -> None:
    """Import rdflib's SPARQL parser, whose grammar takes a while to build. Call it before forking a worker,
    so every worker inherits it; the engine's own questions never parse raw SPARQL and never import it."""
    import rdflib.plugins.sparql.parser  # noqa: F401


def _contains(node: Any, name: str) -> bool:
    from rdflib.plugins.sparql.parserutils import CompValue

    if isinstance(node, CompValue):
        return node.name == name or any(_contains(v, name) for v in node.values())
    if isinstance(node, list | tuple):
        return any(_contains(v, name) for v in node)
    if hasattr(node, "asList") and not isinstance(node, str):
        return any(_contains(v, name) for v in node)
    return False


def _engine_parses(text: str) -> None:
    """Parse ``text`` with Oxigraph's SPARQL parser (on an empty store, so nothing is read)."""
    try:
        _ENGINE_PARSER.query(text)
    except SyntaxError as exc:
        raise MalformedQueryError(f"SPARQL does not parse as a query: {exc}") from None


def _structure(text: str) -> Any:
    """rdflib's parse tree of a read query; an update or text that is no query is refused."""
    from pyparsing import ParseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    try:
        return parseQuery(text)[1]
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


def check_read_query(text: str, limit: int, *, max_chars: int = MAX_QUERY_CHARS) -> CheckedQuery:
    """Validate ``text`` as a read-only query and bound it by ``limit`` rows.

    Raises :class:`QueryTooLargeError` when it is longer than ``max_chars`` or holds more than
    ``MAX_GROUPS`` groups, :class:`MalformedQueryError` when it does not parse (with either parser) and
    :class:`ReadOnlyViolationError` when it is an update, uses ``SERVICE`` or names a dataset.
    """
    if len(text) > max_chars:
        raise QueryTooLargeError(f"the query has {len(text):,} characters; at most {max_chars:,} are accepted")
    shape = _shape(text)
    if shape.groups > MAX_GROUPS:
        raise QueryTooLargeError(f"the query has {shape.groups:,} groups ('{{'); at most {MAX_GROUPS} are accepted")
    # Federation and dataset clauses are refused before Oxigraph sees the text: its parser evaluates an
    # ASK at once, and SERVICE would make it send a request.
    try:
        query = _structure(text)
        if shape.service or _contains(query, "ServiceGraphPattern"):
            raise ReadOnlyViolationError("SERVICE federation is refused: queries run against this graph only")
        if dict(query).get("datasetClause"):
            raise ReadOnlyViolationError(
                "FROM / FROM NAMED are refused: queries run against the loaded graph only")
        _engine_parses(text)
    except RecursionError:
        raise QueryTooLargeError("the query nests too deeply to parse") from None
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
    if dict(query).get("valuesClause") is not None and shape.trailing_values is not None:
        at = shape.trailing_values
        bounded = f"{text[:at]}\nLIMIT {limit}\n{text[at:]}"
    else:
        bounded = f"{text.rstrip()}\nLIMIT {limit}"
    _engine_parses(bounded)
    return CheckedQuery(form, bounded)
