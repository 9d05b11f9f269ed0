"""RemoteSparqlKG against a real ``oxigraph serve`` endpoint, and against tiny fake HTTP servers."""

from __future__ import annotations

import base64
import http.server
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from test_hostile_queries import _corpus as hostile_corpus

from cacherag.evaluation.endpoint import free_port, load_store, oxigraph_cli, oxigraph_server
from cacherag.tools.errors import (
    CacheRAGError,
    ConfigurationError,
    EndpointUnavailableError,
    MalformedQueryError,
    QueryTimeoutError,
    ReadOnlyViolationError,
)
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.remote_backend import RemoteSparqlKG
from cacherag.tools.terms import literal

EX = "http://example.org/"
XSD = "http://www.w3.org/2001/XMLSchema#"
RDFS_LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"


def ex(name: str) -> str:
    return f"<{EX}{name}>"


def gyear(year: str) -> str:
    return f'"{year}"^^<{XSD}gYear>'


# Escapes in the Turtle below are Turtle's: the tagline holds a newline, a tab, quotes and a backslash.
TURTLE = r"""
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:directedBy rdfs:label "directed by" .
ex:starring rdfs:label "Starring"@en .
ex:releaseYear rdfs:label "release year" .

ex:Inception rdfs:label "Inception"@en ;
    ex:directedBy ex:Nolan ;
    ex:starring ex:DiCaprio , ex:Page ;
    ex:releaseYear "2010"^^xsd:gYear ;
    ex:runtime 148 .
ex:Interstellar rdfs:label "Interstellar"@en ;
    ex:directedBy ex:Nolan ;
    ex:starring ex:McConaughey ;
    ex:releaseYear "2014"^^xsd:gYear .
ex:TheRevenant rdfs:label "The Revenant"@en ;
    ex:directedBy ex:Inarritu ;
    ex:starring ex:DiCaprio ;
    ex:releaseYear "2015"^^xsd:gYear .
ex:Amelie rdfs:label "Le Fabuleux Destin d'Amélie Poulain"@fr ;
    ex:directedBy ex:Jeunet ;
    ex:releaseYear "2001"^^xsd:gYear ;
    ex:tagline "She'll change your life.\nA \"quoted\" line,\ta tab and a backslash \\ ." .
ex:Nolan rdfs:label "Christopher Nolan" ; ex:birthYear "1970"^^xsd:gYear .
ex:DiCaprio rdfs:label "Leonardo DiCaprio" .
ex:Page rdfs:label "Elliot Page" .
ex:McConaughey rdfs:label "Matthew McConaughey"^^xsd:string .
ex:Inarritu rdfs:label "Alejandro González Iñárritu"@es .
ex:Jeunet rdfs:label "Jean-Pierre Jeunet" ;
    ex:note "bell\b form-feed\f unit-separator\u001F" .
"""
TRIPLES = 29
TAGLINE_TEXT = 'She\'ll change your life.\nA "quoted" line,\ta tab and a backslash \\ .'
TAGLINE = literal(TAGLINE_TEXT)
TAGLINE_STEP = {"predicate": ex("tagline"), "inverse": False, "label": "tagline"}
DIRECTED = {"predicate": ex("directedBy"), "inverse": False, "label": "directed by"}
DIRECTED_INV = {**DIRECTED, "inverse": True}
STARRING_INV = {"predicate": ex("starring"), "inverse": True, "label": "starring"}
RELEASE = {"predicate": ex("releaseYear"), "inverse": False, "label": "release year"}
NOTE = {"predicate": ex("note"), "inverse": False, "label": "note"}

slow = pytest.mark.slow


# -- helpers -------------------------------------------------------------------------------------------------
class RecordingKG(RemoteSparqlKG):
    """Remembers every request it sends, to prove what did (or did not) reach the endpoint."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, str]] = []

    def _request(self, query: str, accept: str) -> bytes:
        self.sent.append((query, accept))
        return super()._request(query, accept)


# -- a real `oxigraph serve` ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if oxigraph_cli() is None:
        pytest.skip("the `oxigraph` CLI is not installed (pip install oxigraph): no SPARQL server to test")
    root = tmp_path_factory.mktemp("oxigraph-serve")
    data = root / "films.ttl"
    data.write_text(TURTLE, encoding="utf-8")
    load_store(data, root / "store")
    with oxigraph_server(root / "store") as url:
        yield url


@pytest.fixture(scope="module")
def remote(endpoint: str) -> RemoteSparqlKG:
    return RemoteSparqlKG(endpoint, "films-remote", timeout_s=10)


@pytest.fixture(scope="module")
def local() -> OxigraphKG:
    store = ox.Store()
    store.load(TURTLE, format=ox.RdfFormat.TURTLE)
    return OxigraphKG(store, "films-local")


# -- parity with the embedded backend ------------------------------------------------------------------------
@slow
def test_triple_count_matches_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    assert remote.triple_count() == local.triple_count() == TRIPLES


@slow
def test_predicate_labels_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    assert remote.predicate_labels == local.predicate_labels
    assert remote.predicate_labels == {
        ex("directedBy"): "directed by",
        ex("starring"): "starring",
        ex("releaseYear"): "release year",
        ex("runtime"): "runtime",
        ex("tagline"): "tagline",
        ex("birthYear"): "birth year",
        ex("note"): "note",
    }


@slow
def test_label_rows_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    rows = set(remote.label_rows)
    assert rows == set(local.label_rows)
    assert len(remote.label_rows) == 13
    assert (ex("Amelie"), "Le Fabuleux Destin d'Amélie Poulain") in rows
    assert (ex("Inarritu"), "Alejandro González Iñárritu") in rows
    assert (ex("McConaughey"), "Matthew McConaughey") in rows  # an explicit xsd:string reads as plain


@slow
def test_labels_for_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    nodes = [ex("Amelie"), ex("Inarritu"), ex("starring"), ex("Unlabelled"), gyear("2010"), TAGLINE]
    nodes.append(ex("Amelie"))  # a repeated node
    labels = remote.labels_for(nodes)
    assert labels == local.labels_for(nodes)
    assert labels == {
        ex("Amelie"): "Le Fabuleux Destin d'Amélie Poulain",
        ex("Inarritu"): "Alejandro González Iñárritu",
        ex("starring"): "Starring",
        ex("Unlabelled"): "Unlabelled",
        gyear("2010"): "2010",
        TAGLINE: TAGLINE_TEXT,
    }


@slow
@pytest.mark.parametrize(
    ("nodes", "expected"),
    [
        ([ex("Nolan")], [("directedBy", True, 2), ("birthYear", False, 1)]),
        ([ex("DiCaprio"), ex("Page")], [("starring", True, 3)]),
        (
            [ex("Inception"), ex("Amelie")],
            [
                ("directedBy", False, 2),
                ("releaseYear", False, 2),
                ("starring", False, 2),
                ("runtime", False, 1),
                ("tagline", False, 1),
            ],
        ),
        ([gyear("2010")], [("releaseYear", True, 1)]),  # literal-only: no outgoing branch in the query
        ([TAGLINE], [("tagline", True, 1)]),  # an escaped literal must round-trip through VALUES
    ],
    ids=["director", "actors", "films", "typed-literal", "escaped-literal"],
)
def test_local_schema_matches_embedded(
    remote: RemoteSparqlKG, local: OxigraphKG, nodes: list[str], expected: list[tuple[str, bool, int]]
) -> None:
    edges = remote.local_schema(nodes)
    assert edges == local.local_schema(nodes)
    assert sorted((e.predicate, e.inverse, e.count) for e in edges) == sorted((ex(p), inv, n) for p, inv, n in expected)
    assert all(isinstance(e, SchemaEdge) and e.label for e in edges)


@slow
@pytest.mark.parametrize("backend", ["remote", "local"])
def test_local_schema_reports_edge_direction(remote: RemoteSparqlKG, local: OxigraphKG, backend: str) -> None:
    kg = remote if backend == "remote" else local
    edges = kg.local_schema([ex("Nolan")])
    assert [(e.predicate, e.inverse, e.count) for e in edges] == [
        (ex("directedBy"), True, 2),
        (ex("birthYear"), False, 1),
    ]


@slow
def test_follow_matches_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    films = [ex("Inception"), ex("Interstellar"), ex("Amelie")]
    assert sorted(remote.follow(films, TAGLINE_STEP)) == sorted(local.follow(films, TAGLINE_STEP))
    assert remote.follow(films, TAGLINE_STEP) == [(ex("Amelie"), TAGLINE)]
    by_nolan = sorted(remote.follow([ex("Nolan")], DIRECTED_INV))
    assert by_nolan == sorted(local.follow([ex("Nolan")], DIRECTED_INV))
    assert by_nolan == [(ex("Nolan"), ex("Inception")), (ex("Nolan"), ex("Interstellar"))]
    assert remote.follow([], DIRECTED) == []


@slow
def test_paths_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    # Films that share a director with a DiCaprio film. Other nodes than the topic may recur (a film
    # reached back through its own director is one of the films that director made).
    steps = [STARRING_INV, DIRECTED, DIRECTED_INV]
    paths = sorted(remote.paths(ex("DiCaprio"), steps))
    assert paths == sorted(local.paths(ex("DiCaprio"), steps))
    assert {tuple(p[1:]) for p in paths} == {
        (ex("Inception"), ex("Nolan"), ex("Inception")), (ex("Inception"), ex("Nolan"), ex("Interstellar")),
        (ex("TheRevenant"), ex("Inarritu"), ex("TheRevenant")),
    }
    assert all(ex("DiCaprio") not in p[1:] for p in paths)
    years = sorted(remote.paths(ex("Nolan"), [DIRECTED_INV, RELEASE]))
    assert years == sorted(local.paths(ex("Nolan"), [DIRECTED_INV, RELEASE]))
    assert years == [
        [ex("Nolan"), ex("Inception"), gyear("2010")],
        [ex("Nolan"), ex("Interstellar"), gyear("2014")],
    ]


@slow
def test_control_characters_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    assert remote.follow([ex("Jeunet")], NOTE) == local.follow([ex("Jeunet")], NOTE)


# -- raw query() against the real endpoint -------------------------------------------------------------------
@slow
def test_select_gets_a_limit_appended(endpoint: str) -> None:
    kg = RecordingKG(endpoint, max_rows=3)
    result = kg.query("SELECT ?s ?p ?o WHERE { ?s ?p ?o }")
    assert result.form == "SELECT"
    assert result.rows is not None and len(result.rows) == 3
    assert all(row["s"].startswith("<") and row["p"].startswith("<") and "o" in row for row in result.rows)
    sent, accept = kg.sent[-1]
    assert sent.rstrip().endswith("LIMIT 3")
    assert accept.startswith("application/sparql-results+json")


@slow
def test_select_rows_are_ntriples_terms(remote: RemoteSparqlKG) -> None:
    result = remote.query(
        f"SELECT ?f ?y ?n WHERE {{ ?f {ex('directedBy')} {ex('Nolan')} ; {ex('releaseYear')} ?y . "
        f"OPTIONAL {{ ?f {ex('runtime')} ?n }} }} ORDER BY ?f"
    )
    assert result.rows == [
        {"f": ex("Inception"), "y": gyear("2010"), "n": f'"148"^^<{XSD}integer>'},
        {"f": ex("Interstellar"), "y": gyear("2014")},  # the unbound ?n is absent
    ]


@slow
def test_ask_returns_a_bool(remote: RemoteSparqlKG) -> None:
    yes = remote.query(f"ASK {{ {ex('Inception')} {ex('directedBy')} {ex('Nolan')} }}")
    no = remote.query(f"ASK {{ {ex('Amelie')} {ex('directedBy')} {ex('Nolan')} }}")
    assert (yes.form, yes.boolean) == ("ASK", True)
    assert (no.form, no.boolean) == ("ASK", False)


@slow
def test_construct_returns_triples(endpoint: str) -> None:
    kg = RecordingKG(endpoint)
    result = kg.query(f"CONSTRUCT {{ ?f {ex('director')} ?d }} WHERE {{ ?f {ex('directedBy')} ?d }}")
    assert result.form == "CONSTRUCT"
    assert sorted(result.triples or []) == sorted(
        [
            (ex("Amelie"), ex("director"), ex("Jeunet")),
            (ex("Inception"), ex("director"), ex("Nolan")),
            (ex("Interstellar"), ex("director"), ex("Nolan")),
            (ex("TheRevenant"), ex("director"), ex("Inarritu")),
        ]
    )
    assert kg.sent[-1][1].startswith("application/n-triples")


@slow
def test_construct_terms_match_embedded(remote: RemoteSparqlKG, local: OxigraphKG) -> None:
    # Every literal shape of the graph (typed, language-tagged, escaped, non-ASCII) read back from N-Triples.
    query = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }"
    triples = remote.query(query).triples
    assert triples is not None and len(triples) == TRIPLES
    assert set(triples) == set(local.query(query).triples or [])
    assert (ex("Amelie"), ex("tagline"), TAGLINE) in triples


@slow
def test_describe_returns_triples(remote: RemoteSparqlKG) -> None:
    result = remote.query(f"DESCRIBE {ex('Nolan')}")
    assert result.form == "DESCRIBE"
    assert (ex("Nolan"), ex("birthYear"), gyear("1970")) in (result.triples or [])


# -- read-only enforcement -----------------------------------------------------------------------------------
@slow
@pytest.mark.parametrize(
    "text",
    [
        f"INSERT DATA {{ {ex('Extra')} {ex('directedBy')} {ex('Nolan')} }}",
        "DELETE WHERE { ?s ?p ?o }",
        "DROP ALL",
        f"LOAD {ex('other.ttl')}",
        "CLEAR DEFAULT",
        "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    ],
    ids=["insert-data", "delete-where", "drop-all", "load", "clear-default", "service"],
)
def test_writes_and_federation_are_refused(endpoint: str, remote: RemoteSparqlKG, text: str) -> None:
    before = remote.triple_count()
    kg = RecordingKG(endpoint)
    with pytest.raises(ReadOnlyViolationError):
        kg.query(text)
    assert kg.sent == []  # refused before any request went out
    assert remote.triple_count() == before == TRIPLES


@slow
def test_the_whole_hostile_corpus_is_refused_before_any_request(endpoint: str, remote: RemoteSparqlKG,
                                                               tmp_path: Path) -> None:
    """Every update, disguised update, SERVICE, dataset clause (FROM a local file or a URL), bomb and non-query
    of the local backends' corpus is refused here too, with a typed error, and none reaches the endpoint."""
    secret = tmp_path / "secret.nt"
    secret.write_text('<http://secret/s> <http://secret/p> "the secret" .\n')
    kg = RecordingKG(endpoint)
    corpus = hostile_corpus(secret)
    for text in corpus:
        with pytest.raises(CacheRAGError):
            kg.query(text)
    assert len(corpus) >= 60 and kg.sent == []
    assert remote.triple_count() == TRIPLES


@slow
def test_malformed_text_is_refused_before_sending(endpoint: str) -> None:
    kg = RecordingKG(endpoint)
    with pytest.raises(MalformedQueryError):
        kg.query("SELEC ?x WHERE { ?x ?p ?o }")
    assert kg.sent == []


@slow
def test_server_side_parse_error_is_malformed(remote: RemoteSparqlKG, endpoint: str) -> None:
    # Engine primitives skip the guard, so this reaches Oxigraph, which answers HTTP 400 with its message.
    with pytest.raises(MalformedQueryError) as caught:
        remote._select("SELECT ?x WHERE { ?x ")
    message = str(caught.value)
    assert endpoint in message
    assert "error" in message.lower()


# -- failures from fake servers ------------------------------------------------------------------------------
class FakeEndpoint:
    """A one-route HTTP server on 127.0.0.1 with a canned answer; records the requests it receives."""

    def __init__(
        self,
        status: int = 200,
        body: bytes | str = b"",
        content_type: str = "application/sparql-results+json",
        delay_s: float = 0.0,
        headers: dict[str, str] | None = None,
        keep_alive: bool = False,
        hang_up: bool = False,
    ) -> None:
        """``keep_alive``: speak HTTP/1.1 and keep connections open; ``hang_up``: then close each one after
        its answer without saying so (as a server does with an idle connection)."""
        self.status = status
        self.body = body.encode() if isinstance(body, str) else body
        self.content_type = content_type
        self.delay_s = delay_s
        self.extra_headers = headers or {}
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1" if keep_alive else "HTTP/1.0"

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                fake.requests.append(
                    {
                        "method": self.command,
                        "path": self.path,
                        "client_port": self.client_address[1],
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": self.rfile.read(length).decode(),
                    }
                )
                if fake.delay_s:
                    fake.release.wait(fake.delay_s)
                try:
                    self.send_response(fake.status)
                    self.send_header("Content-Type", fake.content_type)
                    self.send_header("Content-Length", str(len(fake.body)))
                    for key, value in fake.extra_headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(fake.body)
                except OSError:  # the client already gave up (timeout tests)
                    pass
                self.close_connection = self.close_connection or hang_up

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - silence the access log
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.block_on_close = False  # type: ignore[misc] - do not wait for a sleeping handler
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/sparql"

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def fake() -> Iterator[Callable[..., FakeEndpoint]]:
    started: list[FakeEndpoint] = []

    def start(**kwargs: Any) -> FakeEndpoint:
        server = FakeEndpoint(**kwargs)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def _sparql_json(bindings: list[dict[str, Any]], variables: list[str]) -> str:
    return json.dumps({"head": {"vars": variables}, "results": {"bindings": bindings}})


def test_endpoint_down_is_unavailable() -> None:
    url = f"http://127.0.0.1:{free_port()}/query"  # nothing listens there any more
    kg = RemoteSparqlKG(url, timeout_s=5)
    started = time.monotonic()
    with pytest.raises(EndpointUnavailableError) as caught:
        kg.query("ASK { ?s ?p ?o }")
    assert time.monotonic() - started < 2.0
    assert url in str(caught.value)
    with pytest.raises(EndpointUnavailableError):
        kg.triple_count()


@pytest.mark.parametrize("call", ["query", "triple_count"])
def test_slow_endpoint_times_out(fake: Callable[..., FakeEndpoint], call: str) -> None:
    server = fake(body=json.dumps({"head": {}, "boolean": True}), delay_s=3.0)
    kg = RemoteSparqlKG(server.url, timeout_s=0.5)
    started = time.monotonic()
    with pytest.raises(QueryTimeoutError) as caught:
        kg.query("ASK { ?s ?p ?o }") if call == "query" else kg.triple_count()
    assert time.monotonic() - started < 2.5
    assert server.url in str(caught.value)
    assert "0.5 s" in str(caught.value)


@pytest.mark.parametrize("status", [500, 502, 503])
def test_server_errors_are_unavailable(fake: Callable[..., FakeEndpoint], status: int) -> None:
    server = fake(status=status, body="java.lang.OutOfMemoryError: boom", content_type="text/plain")
    with pytest.raises(EndpointUnavailableError) as caught:
        RemoteSparqlKG(server.url).query("SELECT ?s WHERE { ?s ?p ?o }")
    assert str(status) in str(caught.value)
    assert "OutOfMemoryError: boom" in str(caught.value)


def test_bad_request_is_malformed_with_the_servers_message(fake: Callable[..., FakeEndpoint]) -> None:
    body = "Parse error: unexpected '}' at line 1\n" + "x" * 20_000
    server = fake(status=400, body=body, content_type="text/plain")
    with pytest.raises(MalformedQueryError) as caught:
        RemoteSparqlKG(server.url).query("SELECT ?s WHERE { ?s ?p ?o }")
    message = str(caught.value)
    assert "Parse error: unexpected '}' at line 1" in message
    assert len(message) < 600  # the 20 kB body is truncated


def test_redirect_is_reported_not_followed(fake: Callable[..., FakeEndpoint]) -> None:
    # urllib would follow a 302 as a GET without the query; the backend names the new location instead.
    server = fake(status=302, headers={"Location": "https://elsewhere.example/sparql"})
    with pytest.raises(EndpointUnavailableError, match="https://elsewhere.example/sparql"):
        RemoteSparqlKG(server.url).query("ASK { ?s ?p ?o }")
    assert len(server.requests) == 1


def test_request_follows_the_sparql_protocol(fake: Callable[..., FakeEndpoint]) -> None:
    server = fake(body=_sparql_json([], ["s"]))
    kg = RemoteSparqlKG(server.url, headers={"Authorization": "Bearer secret-token"})
    assert kg.query("SELECT ?s WHERE { ?s ?p ?o }").rows == []
    (request,) = server.requests
    assert request["method"] == "POST"
    assert request["path"] == "/sparql"
    assert request["headers"]["content-type"] == "application/x-www-form-urlencoded"
    assert request["headers"]["accept"] == "application/sparql-results+json"
    assert request["headers"]["user-agent"].startswith("cacherag/")
    assert request["headers"]["authorization"] == "Bearer secret-token"
    assert urllib.parse.parse_qs(request["body"]) == {"query": ["SELECT ?s WHERE { ?s ?p ?o }\nLIMIT 10000"]}
    assert "secret-token" not in repr(kg)
    assert repr(kg).startswith(f"RemoteSparqlKG(endpoint='{server.url}'")


def test_requests_share_one_kept_alive_connection(fake: Callable[..., FakeEndpoint]) -> None:
    # No TCP (nor TLS) handshake per request: the connection is kept between them.
    server = fake(body=_sparql_json([], ["s"]), keep_alive=True)
    kg = RemoteSparqlKG(server.url)
    for _ in range(3):
        assert kg.query("SELECT ?s WHERE { ?s ?p ?o }").rows == []
    assert len(server.requests) == 3 and len({r["client_port"] for r in server.requests}) == 1


def test_a_connection_the_server_closed_is_opened_anew(fake: Callable[..., FakeEndpoint]) -> None:
    server = fake(body=_sparql_json([], ["s"]), keep_alive=True, hang_up=True)
    kg = RemoteSparqlKG(server.url)
    for _ in range(3):
        time.sleep(0.05)  # the server has closed the connection the client still keeps
        assert kg.query("SELECT ?s WHERE { ?s ?p ?o }").rows == []
    assert len(server.requests) == 3 and len({r["client_port"] for r in server.requests}) == 3


def test_a_proxy_the_environment_names_is_asked_for_the_endpoint(fake: Callable[..., FakeEndpoint],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    proxy = fake(body=json.dumps({"head": {}, "boolean": True}))
    monkeypatch.setenv("http_proxy", proxy.url.replace("http://", "http://ann:pw@").removesuffix("/sparql"))
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    assert RemoteSparqlKG("http://sparql.example.org/query").query("ASK { ?s ?p ?o }").boolean is True
    (request,) = proxy.requests
    assert request["path"] == "http://sparql.example.org/query"
    assert request["headers"]["proxy-authorization"] == "Basic " + base64.b64encode(b"ann:pw").decode()


def test_json_terms_become_ntriples_terms(fake: Callable[..., FakeEndpoint]) -> None:
    bindings = [
        {
            "iri": {"type": "uri", "value": "http://example.org/Inception"},
            "bnode": {"type": "bnode", "value": "b0"},
            "lang": {"type": "literal", "value": "Amélie", "xml:lang": "fr"},
            "typed": {"type": "literal", "value": "2010", "datatype": f"{XSD}gYear"},
            "legacy": {"type": "typed-literal", "value": "148", "datatype": f"{XSD}integer"},
            "string": {"type": "literal", "value": "plain", "datatype": f"{XSD}string"},
            "escaped": {"type": "literal", "value": 'say "hi"\\\n\ttab'},
        },
        {"iri": {"type": "uri", "value": "http://example.org/Amelie"}},
    ]
    server = fake(body=_sparql_json(bindings, list(bindings[0])))
    rows = RemoteSparqlKG(server.url).query("SELECT * WHERE { ?s ?p ?o }").rows
    assert rows == [
        {
            "iri": ex("Inception"),
            "bnode": "_:b0",
            "lang": '"Amélie"@fr',
            "typed": gyear("2010"),
            "legacy": f'"148"^^<{XSD}integer>',
            "string": '"plain"',
            "escaped": '"say \\"hi\\"\\\\\\n\\ttab"',
        },
        {"iri": ex("Amelie")},
    ]


def test_ntriples_answer_is_parsed(fake: Callable[..., FakeEndpoint]) -> None:
    body = (
        "# a comment line\n"
        f'{ex("a")} {ex("p")} "caf\\u00E9 \\U0001F600 \\uD83D\\uDE00"@fr-CA .\n'
        "\n"
        f'_:b1 {ex("p")} "1"^^<{XSD}integer> .\r\n'
        f'{ex("a")}\t{ex("p")}\t"line\\nbreak \\"q\\"" . # trailing comment\n'
        f'{ex("a")} {ex("p")} "x"^^<{XSD}string>.\n'
    )
    server = fake(body=body, content_type="application/n-triples")
    result = RemoteSparqlKG(server.url).query("CONSTRUCT WHERE { ?s ?p ?o }")
    assert result.triples == [
        (ex("a"), ex("p"), '"café 😀 😀"@fr-CA'),
        ("_:b1", ex("p"), f'"1"^^<{XSD}integer>'),
        (ex("a"), ex("p"), literal('line\nbreak "q"')),
        (ex("a"), ex("p"), '"x"'),
    ]
    assert server.requests[0]["headers"]["accept"].startswith("application/n-triples")


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("<html>Service Unavailable</html>", "text/html"),
        (_sparql_json([{"s": {"type": "weird", "value": "x"}}], ["s"]), "application/json"),
    ],
    ids=["not-json", "unknown-term-type"],
)
def test_unexpected_answers_are_unavailable(
    fake: Callable[..., FakeEndpoint], body: str, content_type: str
) -> None:
    server = fake(body=body, content_type=content_type)
    with pytest.raises(EndpointUnavailableError):
        RemoteSparqlKG(server.url).query("SELECT ?s WHERE { ?s ?p ?o }")


def test_non_ntriples_construct_answer_is_unavailable(fake: Callable[..., FakeEndpoint]) -> None:
    server = fake(body="@prefix ex: <http://example.org/> .\nex:a ex:p ex:b .\n", content_type="text/turtle")
    with pytest.raises(EndpointUnavailableError, match="N-Triples"):
        RemoteSparqlKG(server.url).query("CONSTRUCT WHERE { ?s ?p ?o }")


@pytest.mark.parametrize(
    ("endpoint", "timeout_s"),
    [("file:///etc/passwd", 10.0), ("query.wikidata.org/sparql", 10.0), ("http://127.0.0.1:1/q", 0.0)],
)
def test_bad_configuration_is_refused(endpoint: str, timeout_s: float) -> None:
    with pytest.raises(ConfigurationError):
        RemoteSparqlKG(endpoint, timeout_s=timeout_s)


def test_default_name_is_the_host() -> None:
    kg = RemoteSparqlKG("https://query.wikidata.org/sparql")
    assert kg.name == "query.wikidata.org"
    assert kg.timeout_s == 10.0 and kg.max_rows == 10_000
