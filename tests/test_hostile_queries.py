"""Hostile SPARQL: writes, federation, dataset clauses, parser disagreements and resource bombs, on every backend.

Every case must end in a typed error with the graph unchanged, no file read and nothing fetched; the
guard's answers are checked against Oxigraph's own parser, and random token soup never gets past it as
anything but a read query.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cacherag.tools.errors import (
    CacheRAGError,
    KGError,
    MalformedQueryError,
    QueryTimeoutError,
    QueryTooLargeError,
    ReadOnlyViolationError,
)
from cacherag.tools.kg import KnowledgeGraph
from cacherag.tools.sources import open_kg
from cacherag.tools.sparql_guard import MAX_GROUPS, MAX_QUERY_CHARS, check_read_query
from cacherag.tools.worker import run_isolated

X = "<http://x/a> <http://x/b> <http://x/c>"
UPDATES = [
    f"INSERT DATA {{ {X} }}",
    f"DELETE DATA {{ {X} }}",
    "DELETE WHERE { ?s ?p ?o }",
    "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
    "WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    f"INSERT {{ {X} }} WHERE {{ }}",
    "LOAD <http://127.0.0.1:9/data.ttl>",
    "LOAD SILENT <file:///etc/hostname> INTO GRAPH <http://g>",
    "CLEAR DEFAULT",
    "CLEAR ALL",
    "DROP ALL",
    "DROP SILENT GRAPH <http://g>",
    "CREATE GRAPH <http://g>",
    "ADD DEFAULT TO <http://g>",
    "MOVE DEFAULT TO <http://g>",
    "COPY DEFAULT TO <http://g>",
]
# The same updates dressed up: lower case, a prologue, a leading comment, and a query chained after them.
DISGUISED = [
    *(u.lower() for u in UPDATES[:4]),
    *(f"PREFIX ex: <http://x/>\n{u}" for u in UPDATES[:4]),
    *(f"# harmless\n{u}" for u in UPDATES[:4]),
    f"SELECT * WHERE {{ ?s ?p ?o }} ; INSERT DATA {{ {X} }}",
    f"INSERT DATA {{ {X} }} ; SELECT * WHERE {{ ?s ?p ?o }}",
]
# A '#' comment ends at CR as well as LF (SPARQL 1.1 §19.4); a parser that ends it at LF only reads a query.
CR_COMMENTS = [
    f'#\rINSERT DATA {{ {X[:-15]} """\nSELECT * WHERE {{ ?s ?p ?o }} LIMIT 1 #""" }}',
    '# c\rDELETE WHERE { ?s ?p ?o } #\nSELECT * WHERE { ?s ?p ?o }',
    f'PREFIX a: <http://x/> #\rINSERT DATA {{ {X} }} #\nSELECT * WHERE {{ ?s ?p ?o }}',
    '#\r\rDROP ALL #\nASK { ?s ?p ?o }',
]
SERVICES = [
    "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    "SELECT * WHERE { SERVICE SILENT <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <http://127.0.0.1:9/s> { ?s ?q ?r } } }",
    "SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } } }",
    "SELECT * WHERE { ?s ?p ?o MINUS { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } } }",
    "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } } }",
    "SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } } } }",
    "SELECT * WHERE { BIND(<http://127.0.0.1:9/s> AS ?e) SERVICE ?e { ?s ?p ?o } }",
    "ASK { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } }",
    "CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } }",
    "SELECT * WHERE { GRAPH ?g { SERVICE <http://127.0.0.1:9/s> { ?s ?p ?o } } }",
]
DATASETS = [
    "SELECT * FROM <{file}> WHERE {{ ?s ?p ?o }}",
    "SELECT * FROM NAMED <{file}> WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}",
    "SELECT * FROM <http://127.0.0.1:9/data.ttl> WHERE {{ ?s ?p ?o }}",
    "ASK FROM <{file}> {{ ?s ?p ?o }}",
    "ASK FROM <http://127.0.0.1:9/data.ttl> {{ ?s ?p ?o }}",
    "DESCRIBE <http://x/a> FROM <http://127.0.0.1:9/data.ttl>",
    "DESCRIBE ?s FROM <{file}> WHERE {{ ?s ?p ?o }}",
    "CONSTRUCT {{ ?s ?p ?o }} FROM <{file}> WHERE {{ ?s ?p ?o }}",
    "CONSTRUCT {{ ?s ?p ?o }} FROM NAMED <{file}> WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}",
    "select * from <{file}> where {{ ?s ?p ?o }}",
    "PREFIX f: <file:///> SELECT * FROM f:{name} WHERE {{ ?s ?p ?o }}",
]
BOMBS = [
    "SELECT * WHERE { " + " UNION ".join(f"{{ ?s ?p {i} }}" for i in range(8000)) + " }",
    "SELECT * WHERE { " + " UNION ".join(f"{{ ?s ?p {i} }}" for i in range(4000)) + " }",
    "SELECT * WHERE " + "{" * 3000 + " ?s ?p ?o " + "}" * 3000,
    "SELECT * WHERE { ?s ?p ?o FILTER(" + " || ".join(f"?o = {i}" for i in range(9000)) + ") }",
    "SELECT * WHERE { ?s ?p ?o } # " + "x" * MAX_QUERY_CHARS,
    "ASK " + "{" * (MAX_GROUPS + 1) + "}" * (MAX_GROUPS + 1),
]
NOT_QUERIES = ["", "   \n\t", "PREFIX ex: <http://x/>", "# only a comment", "SELEC ?s WHERE { ?s ?p ?o }",
               "SELECT ?s WHERE { ?s ?p ", "SELECT * WHERE { ?s ?p ?o } LIMIT 100000"]


def _corpus(secret: Path) -> list[str]:
    datasets = [d.format(file=secret.as_uri(), name=secret.name.replace(".", "%2E")) for d in DATASETS]
    return [*UPDATES, *DISGUISED, *CR_COMMENTS, *SERVICES, *datasets, *BOMBS, *NOT_QUERIES]


def test_the_corpus_has_at_least_sixty_cases(tmp_path: Path) -> None:
    assert len(_corpus(tmp_path / "x.ttl")) >= 60


@pytest.fixture(scope="module", params=["oxigraph", "rdflib"])
def kg(request: pytest.FixtureRequest) -> KnowledgeGraph:
    return open_kg("demo", request.param, timeout_s=10, max_rows=50)


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.nt"
    path.write_text("<http://secret/s> <http://secret/p> \"the secret\" .\n")
    return path


def test_every_hostile_query_is_refused_with_a_typed_error_and_changes_nothing(
        kg: KnowledgeGraph, secret: Path) -> None:
    before = kg.triple_count()
    outcomes: dict[str, type[CacheRAGError]] = {}
    for text in _corpus(secret):
        with pytest.raises(CacheRAGError) as caught:
            kg.query(text)
        outcomes[text] = type(caught.value)
    assert kg.triple_count() == before
    assert not kg._select('SELECT * WHERE { ?s ?p "the secret" }')  # the local file was never read
    # Updates are named as such; nothing was merely "malformed" by accident of the LIMIT we add.
    assert all(outcomes[u] is ReadOnlyViolationError for u in UPDATES)
    assert all(outcomes[s] is ReadOnlyViolationError for s in SERVICES)
    assert all(issubclass(outcomes[b], QueryTooLargeError | MalformedQueryError) for b in BOMBS)


def test_the_guard_alone_refuses_the_whole_corpus(secret: Path) -> None:
    for text in _corpus(secret):
        with pytest.raises(CacheRAGError):
            check_read_query(text, 50)


@pytest.mark.parametrize("text", CR_COMMENTS, ids=range(len(CR_COMMENTS)))
def test_a_comment_ended_by_cr_does_not_smuggle_an_update(text: str) -> None:
    with pytest.raises(MalformedQueryError):
        check_read_query(text, 10)


def test_a_trailing_values_clause_keeps_working_with_the_limit(kg: KnowledgeGraph) -> None:
    text = ("SELECT ?s ?o WHERE { ?s ?p ?o } VALUES ?p { <http://www.w3.org/2000/01/rdf-schema#label> }")
    checked = check_read_query(text, 7)
    assert checked.text.rstrip().endswith("}") and "LIMIT 7" in checked.text
    rows = kg.query(text).rows  # the graph has more labels than the kg's max_rows
    assert rows is not None and len(rows) == kg.max_rows and all("o" in r for r in rows)


def test_the_limit_is_not_fooled_by_values_in_strings_or_variables() -> None:
    for text in ['SELECT ?values WHERE { ?values ?p "VALUES {" }', "SELECT * WHERE { ?s ?p ?o } # VALUES ?x {1}"]:
        checked = check_read_query(text, 3)
        assert checked.text.rstrip().endswith("LIMIT 3")
        ox.Store().query(checked.text)  # still a query Oxigraph parses


def test_a_runaway_query_is_stopped_at_the_deadline_and_the_graph_still_answers() -> None:
    kg = open_kg("demo", timeout_s=1.0)
    # Whichever comes first stops it: the deadline, or the worker's memory cap (the sort of a cross product
    # grows fast on an idle machine); either way only the worker goes.
    with pytest.raises((QueryTimeoutError, QueryTooLargeError, KGError)):
        kg.query("SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l } ORDER BY ?a ?f ?i ?l")
    assert kg.query("ASK { ?s ?p ?o }").boolean is True
    assert not (left := _children()), left  # the worker was killed and reaped, not left running


@pytest.mark.parametrize("backend", ["oxigraph", "rdflib"])
def test_the_engines_own_queries_have_a_deadline_and_a_limit(backend: str) -> None:
    matrix, directed = "<http://cacherag.dev/demo/The_Matrix>", "<http://cacherag.dev/demo/directedBy>"
    step = {"predicate": directed, "inverse": False, "label": "directed by"}
    assert len(open_kg("demo", backend).follow([matrix], step)) == 2
    expired = open_kg("demo", backend, timeout_s=1e-9)
    for run in (lambda: expired.follow([matrix], step), lambda: expired.local_schema([matrix]),
                lambda: expired.labels_for([matrix])):
        with pytest.raises(QueryTimeoutError):
            run()
    # Building the label and predicate indexes is a one-time whole-graph scan, not held to the deadline.
    assert expired.label_rows and directed in expired.predicate_labels
    kg = open_kg("demo", backend, max_rows=3)
    assert "LIMIT 3" in kg.follow_query([matrix], step) and "LIMIT 3" in kg.path_query(matrix, [step])


def _children() -> list[str]:
    """This process's children, read over its threads (one may end between listing and reading: skipped)."""
    found: list[str] = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):
            found += (task / "children").read_text().split()
    return found


def test_a_crash_or_memory_blow_up_stays_in_the_worker() -> None:
    with pytest.raises(KGError, match="crashed its worker"):
        run_isolated(lambda: os.kill(os.getpid(), signal.SIGSEGV), 5.0)
    with pytest.raises(QueryTooLargeError, match="memory"):
        run_isolated(lambda: len(bytearray(3 << 30)), 5.0, memory_bytes=256 << 20)
    with pytest.raises(QueryTooLargeError, match="answered more than"):
        run_isolated(lambda: b"x" * (8 << 20), 5.0, answer_bytes=1 << 20)
    assert run_isolated(lambda: 6 * 7, 5.0) == 42


# -- differential and property tests -------------------------------------------------------------------------
VALID = [
    "SELECT ?s WHERE { ?s ?p ?o }",
    "SELECT DISTINCT ?o WHERE { ?s ?p ?o } ORDER BY ?o",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "ASK { ?s ?p ?o }",
    "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "DESCRIBE ?s WHERE { ?s ?p ?o }",
    "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> SELECT ?l WHERE { ?s rdfs:label ?l } OFFSET 2",
    "SELECT * WHERE { ?s ?p ?o } VALUES ?o { 1 2 }",
    "SELECT * WHERE { ?s ?p ?o # a comment with { braces\n }",
    'SELECT * WHERE { ?s ?p ?o FILTER(?o != """multi\nline { """) }',
]


@pytest.mark.parametrize("text", VALID, ids=range(len(VALID)))
def test_guard_and_engine_agree_on_valid_queries(text: str, kg: KnowledgeGraph) -> None:
    checked = check_read_query(text, 5)
    ox.Store().query(checked.text)
    assert kg.query(text).form == checked.form


_PIECES = ["SELECT", "ASK", "CONSTRUCT", "DESCRIBE", "INSERT", "DELETE", "DATA", "WHERE", "LOAD", "CLEAR",
           "DROP", "SERVICE", "FROM", "NAMED", "VALUES", "LIMIT", "1", "*", "?s", "?p", "?o", "{", "}", ".", ";",
           "#", "\r", "\n", " ", '"', '"""', "<http://x/a>", "<file:///etc/hostname>", "UNION", "GRAPH", "WITH"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=30).map(" ".join))
def test_token_soup_is_refused_or_is_a_bounded_read_query_for_both_parsers(text: str) -> None:
    try:
        checked = check_read_query(text, 5)
    except CacheRAGError:
        return
    ox.Store().query(checked.text)  # Oxigraph reads it as a query (an update would raise SyntaxError)
    assert checked.form in {"SELECT", "ASK", "CONSTRUCT", "DESCRIBE"}
    assert checked.form == "ASK" or "LIMIT" in checked.text.upper()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_escapes_the_typed_errors(text: str) -> None:
    with contextlib.suppress(CacheRAGError):
        check_read_query(text, 5)


# -- boundaries (each found by a mutant that survived the corpus) --------------------------------------------
def test_size_and_group_bounds_are_inclusive() -> None:
    padded = "SELECT * WHERE { ?s ?p ?o } #"
    assert check_read_query(padded + "x" * (MAX_QUERY_CHARS - len(padded)), 5).form == "SELECT"
    with pytest.raises(QueryTooLargeError, match="characters"):
        check_read_query(padded + "x" * (MAX_QUERY_CHARS - len(padded) + 1), 5)
    union = "SELECT * WHERE { " + " UNION ".join(["{ ?s ?p ?o }"] * (MAX_GROUPS - 1)) + " }"
    assert check_read_query(union, 5).form == "SELECT"
    with pytest.raises(QueryTooLargeError, match="groups"):
        check_read_query(union.replace("{ ?s", "{ { ?s ?p ?o } UNION { ?s", 1), 5)


def test_a_limit_equal_to_the_maximum_is_kept_and_ask_is_left_alone() -> None:
    assert check_read_query("SELECT * WHERE { ?s ?p ?o } LIMIT 7", 7).text.endswith("LIMIT 7")
    assert check_read_query("ASK { ?s ?p ?o }", 7).text == "ASK { ?s ?p ?o }"


def test_the_lexical_scan_sees_keywords_and_braces_only_outside_strings_comments_and_iris() -> None:
    from cacherag.tools.sparql_guard import _shape

    hidden = 'SELECT * WHERE { ?s <http://x/SERVICE> "SERVICE {" } # SERVICE {\r'
    assert _shape(hidden).service is False and _shape(hidden).groups == 1
    assert _shape("SELECT * WHERE { service <http://e> { ?s ?p ?o } }").service is True
    text = "SELECT * WHERE { ?s ?p ?o } VALUES ?s { <http://a> }"
    assert text[_shape(text).trailing_values:].startswith("VALUES")


def test_an_isolated_query_is_read_back_in_a_process_holding_over_a_thousand_files() -> None:
    # A long-lived server holds many files and sockets; the worker's pipe then gets a descriptor numbered
    # 1024 or above, which select() cannot watch.
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        assert run_isolated(lambda: 42, timeout_s=10.0) == 42
    finally:
        for fd in held:
            os.close(fd)
