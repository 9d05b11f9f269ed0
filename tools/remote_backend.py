"""Remote backend: a SPARQL 1.1 Protocol endpoint over HTTP (Wikidata, Virtuoso, QLever, Oxigraph server).

Standard library only. Queries are POSTed form-encoded; SELECT/ASK answers are read as SPARQL JSON results
and CONSTRUCT/DESCRIBE answers as N-Triples, and every term is rebuilt with :mod:`cacherag.tools.terms`, so
rows look exactly like those of the embedded backends.
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import re
import socket
import threading
import time
import urllib.parse
import urllib.request
from http.client import HTTPException
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from cacherag.tools.errors import (
    ConfigurationError,
    EndpointUnavailableError,
    KGError,
    MalformedQueryError,
    QueryTimeoutError,
    QueryTooLargeError,
)
from cacherag.tools.kg import Deadline, KnowledgeGraph, Row
from cacherag.tools.terms import iri, literal
from cacherag.tools.worker import ANSWER_BYTES

try:
    __version__ = version("cacherag")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"

USER_AGENT = f"cacherag/{__version__}"
SPARQL_JSON = "application/sparql-results+json"
# text/plain is the pre-2014 N-Triples media type, still what some older servers answer with.
N_TRIPLES = "application/n-triples, text/plain;q=0.5"
_FORM = "application/x-www-form-urlencoded"
_CHUNK = 64 * 1024
_SNIPPET_CHARS = 300

# -- N-Triples parsing (CONSTRUCT / DESCRIBE answers) ---------------------------------------------------
_UCHAR = r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}"
_IRIREF = rf"<((?:[^<>\"{{}}|^`\\\x00-\x20]|{_UCHAR})*)>"
_NT_TERM = re.compile(
    rf"[ \t]*(?:{_IRIREF}"
    r"|_:([^\s<>\"]*[^\s<>\".])"
    rf"|\"((?:[^\"\\\n\r]|\\.)*)\"(?:@([A-Za-z]+(?:-[A-Za-z0-9]+)*(?:--[A-Za-z]+)?)|\^\^{_IRIREF})?)"
)
_NT_END = re.compile(r"[ \t]*\.[ \t]*(?:#.*)?$")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.S)
_ECHAR = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
_BNODE_UNSAFE = re.compile(r"[^A-Za-z0-9_\-]")


def _unescape(text: str) -> str:
    """Decode N-Triples ECHAR and UCHAR escapes (joining UTF-16 surrogate pairs some servers emit)."""

    def one(match: re.Match[str]) -> str:
        code = match[1] or match[2]
        if code:
            return chr(int(code, 16))
        if match[3] not in _ECHAR:
            raise ValueError(f"invalid escape \\{match[3]}")
        return _ECHAR[match[3]]

    decoded = _ESCAPE.sub(one, text) if "\\" in text else text
    if any("\ud800" <= c <= "\udfff" for c in decoded):
        decoded = decoded.encode("utf-16", "surrogatepass").decode("utf-16")
    return decoded


def _nt_term(match: re.Match[str]) -> str:
    iri_text, bnode, lexical, lang, datatype = match.groups()
    if iri_text is not None:
        return iri(_unescape(iri_text))
    if bnode is not None:
        return f"_:{bnode}"
    return literal(_unescape(lexical), _unescape(datatype) if datatype is not None else None, lang)


def parse_ntriples(text: str) -> list[tuple[str, str, str]]:
    """Triples of an N-Triples document, each term normalised the way :mod:`~cacherag.tools.terms` writes it.

    Raises :class:`ValueError` on a line that is not an N-Triples triple.
    """
    triples: list[tuple[str, str, str]] = []
    # Split on '\n' only: str.splitlines() would also break inside literals holding U+2028, U+0085, …
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip(" \t\r")
        if not stripped or stripped.startswith("#"):
            continue
        terms: list[str] = []
        pos = 0
        for _ in range(3):
            match = _NT_TERM.match(stripped, pos)
            if match is None:
                raise ValueError(f"line {number} is not N-Triples: {stripped[:120]!r}")
            terms.append(_nt_term(match))
            pos = match.end()
        if not _NT_END.match(stripped, pos):
            raise ValueError(f"line {number} is not N-Triples: {stripped[:120]!r}")
        triples.append((terms[0], terms[1], terms[2]))
    return triples


# -- SPARQL JSON results (SELECT / ASK answers) ----------------------------------------------------------
def json_term(value: dict[str, Any]) -> str:
    """N-Triples form of one SPARQL JSON results term (``uri``, ``bnode``, ``literal``/``typed-literal``)."""
    kind = value.get("type")
    text = value.get("value")
    if not isinstance(text, str):
        raise ValueError(f"term without a string value: {value!r}")
    if kind == "uri":
        return iri(text)
    if kind == "bnode":
        # Some servers (Virtuoso: "nodeID://b123") use ids that are not valid blank node labels.
        return f"_:{_BNODE_UNSAFE.sub('_', text)}"
    if kind in ("literal", "typed-literal"):
        return literal(text, value.get("datatype"), value.get("xml:lang"))
    raise ValueError(f"unsupported RDF term type {kind!r}")


class _Deadline:
    """One request's deadline over connect, headers and body: when it passes, the socket is shut down.

    A socket timeout bounds each socket operation, so a server that drips one byte a second never trips
    it; a timer that shuts the connection down wakes whatever read is blocked, in any phase.
    """

    def __init__(self, seconds: float) -> None:
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def watch(self, connection: http.client.HTTPConnection) -> None:
        """Shut ``connection``'s socket down when the deadline passes (connecting it first if need be)."""
        if connection.sock is None:
            connection.connect()
        with self._lock:
            self._sockets.append(connection.sock)
            if self.expired:
                _shut(connection.sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed
        sock.shutdown(socket.SHUT_RDWR)


# What a kept-alive connection the server closed meanwhile raises on its next request: asked again, anew.
_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)


class RemoteSparqlKG(KnowledgeGraph):
    """A knowledge graph behind a SPARQL 1.1 Protocol endpoint, queried over HTTP with the standard library.

    ``timeout_s`` is one deadline over a request's connection, headers and body, and an answer larger than
    ``max_answer_bytes`` is refused as it downloads. ``headers`` are sent with every request (an
    ``Authorization`` header, or a descriptive ``User-Agent`` as Wikidata's policy asks).
    """

    executes_in_worker = False  # the transport enforces the deadline; only parsing goes to a worker

    def __init__(
        self,
        endpoint: str,
        name: str | None = None,
        *,
        timeout_s: float = 10.0,
        max_rows: int = 10_000,
        headers: dict[str, str] | None = None,
        max_answer_bytes: int = ANSWER_BYTES,
    ) -> None:
        parts = urllib.parse.urlsplit(endpoint)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigurationError(f"SPARQL endpoint must be an http(s) URL, got {endpoint!r}")
        if timeout_s <= 0:
            raise ConfigurationError(f"timeout_s must be positive, got {timeout_s}")
        super().__init__(name or parts.netloc, timeout_s=timeout_s, max_rows=max_rows)
        self.endpoint = endpoint
        self.headers: dict[str, str] = {"User-Agent": USER_AGENT, **(headers or {})}
        self.max_answer_bytes = max_answer_bytes
        self._parts = parts
        proxy = urllib.request.getproxies().get(parts.scheme)
        if proxy and urllib.request.proxy_bypass(parts.hostname or ""):
            proxy = None
        self._proxy = urllib.parse.urlsplit(proxy if "//" in proxy else f"//{proxy}") if proxy else None
        # A proxy of plain HTTP is asked for the absolute URL, with its credentials; the endpoint, for its path.
        through_proxy = self._proxy is not None and parts.scheme == "http"
        self._target = endpoint if through_proxy else (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self._proxy_headers = _proxy_authorization(self._proxy) if through_proxy else {}
        # Each thread keeps its connection alive between requests (an http.client connection serves one
        # thread): a request then costs no TCP (nor TLS) handshake.
        self._kept = threading.local()

    def __repr__(self) -> str:
        # Headers are left out on purpose: they may carry credentials.
        return (
            f"{type(self).__name__}(endpoint={self.endpoint!r}, name={self.name!r}, "
            f"timeout_s={self.timeout_s:g}, max_rows={self.max_rows})"
        )

    # -- HTTP -----------------------------------------------------------------------------------------
    def _request(self, query: str, accept: str) -> bytes:
        """POST ``query`` (SPARQL 1.1 Protocol, form-encoded) and return the answer body."""
        body = urllib.parse.urlencode({"query": query}).encode("ascii")
        headers = {**self.headers, **self._proxy_headers, "Accept": accept, "Content-Type": _FORM}
        budget = self.deadline(self._late) or Deadline(time.monotonic() + self.timeout_s, self._late)
        with _Deadline(budget.remaining) as deadline:
            try:
                status, reason, answer = self._exchange(deadline, body, headers)
            except (OSError, HTTPException) as exc:  # TimeoutError included
                self._drop()
                if deadline.expired or isinstance(exc, TimeoutError):
                    raise QueryTimeoutError(budget.message) from exc
                if isinstance(exc, ConnectionRefusedError | socket.gaierror):
                    raise EndpointUnavailableError(f"cannot reach SPARQL endpoint {self.endpoint}: {exc}") from exc
                raise EndpointUnavailableError(
                    f"SPARQL endpoint {self.endpoint} failed mid-answer: {type(exc).__name__}: {exc}"
                ) from exc
            if deadline.expired:  # the shut-down socket ended the body early
                self._drop()
                raise QueryTimeoutError(budget.message)
        if status >= 300:
            raise self._http_error(status, reason, answer)
        return answer

    def _exchange(self, deadline: _Deadline, body: bytes, headers: dict[str, str]) -> tuple[int, str, Any]:
        """Send the request on this thread's kept-alive connection (a new one if it has none or the server
        closed it meanwhile) and read the answer: (status, reason, body, or the error answer's headers and
        first bytes)."""
        for attempt in (0, 1):
            connection = getattr(self._kept, "connection", None)
            kept = connection is not None
            if connection is None:
                connection = self._kept.connection = self._connection()
            deadline.watch(connection)
            try:
                connection.request("POST", self._target, body, headers)
                response = connection.getresponse()
            except _STALE:
                self._drop()
                if kept and attempt == 0 and not deadline.expired:
                    continue
                raise
            if response.status >= 300:
                answer = (response.getheader("Location", "?"), response.read(4 * _SNIPPET_CHARS))
                self._drop()
                return response.status, response.reason, answer
            answer = self._download(response)
            if response.will_close:
                self._drop()
            return response.status, response.reason, answer
        raise AssertionError("unreachable")  # the loop returns or raises

    def _connection(self) -> http.client.HTTPConnection:
        """A new connection to the endpoint, through the proxy the environment names for it if any."""
        parts, via = self._parts, self._proxy
        https = parts.scheme == "https"
        port = parts.port or (443 if https else 80)
        host, at = (via.hostname, via.port or 80) if via else (parts.hostname, port)
        connection: http.client.HTTPConnection = (
            http.client.HTTPSConnection(host, at, timeout=self.timeout_s) if https
            else http.client.HTTPConnection(host, at, timeout=self.timeout_s))
        if via and https:
            connection.set_tunnel(parts.hostname or "", port, headers=_proxy_authorization(via))
        return connection

    def _drop(self) -> None:
        """Close this thread's kept connection (after an error, or when the server closes it)."""
        connection = getattr(self._kept, "connection", None)
        self._kept.connection = None
        if connection is not None:
            connection.close()

    def close(self) -> None:
        self._drop()

    def _download(self, response: http.client.HTTPResponse) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while chunk := response.read1(_CHUNK):
            size += len(chunk)
            if size > self.max_answer_bytes:
                self._drop()
                raise QueryTooLargeError(
                    f"SPARQL endpoint {self.endpoint} answered more than {self.max_answer_bytes:,} bytes"
                )
            chunks.append(chunk)
        response.read()  # at its end: marks the answer read, so the connection can carry the next request
        return b"".join(chunks)

    @property
    def _late(self) -> str:
        return f"SPARQL endpoint {self.endpoint} did not answer within the {self.timeout_s:g} s timeout"

    def _http_error(self, status: int, reason: str, answer: tuple[str, bytes]) -> KGError:
        location, start = answer
        detail = _truncate(start.decode("utf-8", "replace")) or reason
        if 300 <= status < 400:
            return EndpointUnavailableError(
                f"SPARQL endpoint {self.endpoint} redirects (HTTP {status}) to {location}; "
                f"configure that URL as the endpoint"
            )
        if status == 400:
            return MalformedQueryError(f"SPARQL endpoint {self.endpoint} rejected the query: {detail}")
        return EndpointUnavailableError(
            f"SPARQL endpoint {self.endpoint} answered HTTP {status} {reason}: {detail}"
        )

    def _json(self, query: str) -> dict[str, Any]:
        body = self._request(query, SPARQL_JSON)
        try:
            data = json.loads(body)
        except RecursionError:
            raise EndpointUnavailableError(
                f"SPARQL endpoint {self.endpoint} answered JSON nested too deeply to be SPARQL results"
            ) from None
        except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are both ValueErrors
            raise EndpointUnavailableError(
                f"SPARQL endpoint {self.endpoint} did not answer with SPARQL JSON results: "
                f"{_truncate(body.decode('utf-8', 'replace'))}"
            ) from exc
        if not isinstance(data, dict):
            raise EndpointUnavailableError(f"SPARQL endpoint {self.endpoint} answered unexpected JSON")
        return data

    # -- backend primitives ---------------------------------------------------------------------------
    def _select(self, query: str) -> list[Row]:
        data = self._json(query)
        try:
            bindings = data["results"]["bindings"]
            return [{var: json_term(value) for var, value in binding.items()} for binding in bindings]
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise EndpointUnavailableError(
                f"SPARQL endpoint {self.endpoint} answered malformed SELECT results: {exc!r}"
            ) from exc

    def _ask(self, query: str) -> bool:
        answer = self._json(query).get("boolean")
        if not isinstance(answer, bool):
            raise EndpointUnavailableError(f"SPARQL endpoint {self.endpoint} answered no ASK boolean")
        return answer

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        body = self._request(query, N_TRIPLES)
        try:
            return parse_ntriples(body.decode("utf-8"))
        except ValueError as exc:
            raise EndpointUnavailableError(
                f"SPARQL endpoint {self.endpoint} answered malformed N-Triples: {exc}"
            ) from exc


def _truncate(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _SNIPPET_CHARS else text[: _SNIPPET_CHARS - 1] + "…"


def _proxy_authorization(proxy: urllib.parse.SplitResult) -> dict[str, str]:
    """The Proxy-Authorization header a proxy URL's user and password ask for (none without them)."""
    if proxy.username is None:
        return {}
    user = f"{urllib.parse.unquote(proxy.username)}:{urllib.parse.unquote(proxy.password or '')}"
    return {"Proxy-Authorization": "Basic " + base64.b64encode(user.encode()).decode("ascii")}
