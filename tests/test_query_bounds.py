"""Every query the engine runs is bounded, on every backend, and a question whose queries run out of time
ends ``missing`` with the reason instead of raising or hanging."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

import pyoxigraph as ox
import pytest
from rdflib import Dataset, Graph, Literal, URIRef

from cacherag import CacheRAG
from cacherag.tools import kg as kg_module
from cacherag.tools.errors import QueryTimeoutError
from cacherag.tools.kg import KnowledgeGraph, question_deadline
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.rdflib_backend import FREEZE_FROM, RdflibKG
from cacherag.tools.sources import open_kg

GENEROUS_S = 20.0  # far above every deadline below, far below what the unbounded queries take
# A cross product rdflib evaluates for minutes before its first row (aggregates, ASK and CONSTRUCT alike).
SLOW_SELECT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
SLOW_ASK = "ASK { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i FILTER(?c = 'nowhere') }"
SLOW_CONSTRUCT = "CONSTRUCT { ?a ?b ?i } WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i FILTER(?c = 'nowhere') }"
MATRIX = "<http://cacherag.dev/demo/The_Matrix>"


def _triples(graph: Graph, count: int = 400) -> Graph:
    for i in range(count):
        graph.add((URIRef(f"http://example.org/n{i}"), URIRef("http://example.org/p"), Literal(i)))
    return graph


def _stopped_within(run: Callable[[], object]) -> float:
    started = time.monotonic()
    with pytest.raises(QueryTimeoutError):
        run()
    return time.monotonic() - started


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # rdflib's own Dataset internals
@pytest.mark.parametrize("graph", [Graph, Dataset], ids=["Graph", "Dataset"])
def test_rdflib_stops_a_query_inside_its_evaluation_not_only_between_rows(graph: type[Graph]) -> None:
    kg = RdflibKG(_triples(graph()), timeout_s=0.5)
    for run in (lambda: kg._select(SLOW_SELECT), lambda: kg._ask(SLOW_ASK), lambda: kg._construct(SLOW_CONSTRUCT)):
        assert _stopped_within(run) < GENEROUS_S
    # The graph itself is untouched and still answers; the caller's graph object is not altered.
    assert kg._select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"].startswith('"400"')
    assert type(kg.graph) is graph


@pytest.mark.parametrize("backend", ["oxigraph", "rdflib"])
def test_a_spent_question_budget_refuses_every_further_query(backend: str) -> None:
    kg = open_kg("demo", backend)
    step = {"predicate": "<http://cacherag.dev/demo/directedBy>", "inverse": False, "label": "directed by"}
    with question_deadline(time.time() - 1, 2.0):
        for run in (lambda: kg.follow([MATRIX], step), lambda: kg.local_schema([MATRIX]),
                    lambda: kg.labels_for([MATRIX]), lambda: kg.paths(MATRIX, [step]),
                    lambda: kg.star([MATRIX], kg.schema_edges([(step["predicate"], False, 1)]))):
            with pytest.raises(QueryTimeoutError, match="question_timeout_s"):
                run()
    assert len(kg.follow([MATRIX], step)) == 2  # outside the question, its own timeout only


def test_the_question_budget_cuts_a_running_rdflib_query_sooner_than_its_own_timeout() -> None:
    kg = RdflibKG(_triples(Graph()), timeout_s=600)
    with question_deadline(time.time() + 0.5, 0.5):
        assert _stopped_within(lambda: kg._select(SLOW_SELECT)) < GENEROUS_S


def test_the_question_budget_bounds_a_remote_request(demo_endpoint) -> None:  # noqa: ANN001 - fixture
    kg = open_kg(demo_endpoint.url, timeout_s=600)  # every request waits 50 ms in the proxy
    with question_deadline(time.time() + 0.01, 0.01), pytest.raises(QueryTimeoutError, match="question_timeout_s"):
        kg.local_schema([MATRIX])
    assert kg.local_schema([MATRIX])


@pytest.mark.parametrize("backend", ["oxigraph", "rdflib"])
def test_a_question_out_of_time_ends_missing_with_the_reason(backend: str, memory_dir: str) -> None:
    rag = CacheRAG("demo", kg_backend=backend, memory_dir=memory_dir, question_timeout_s=1e-6)
    answer = rag.ask("Who directed The Matrix?")
    assert answer.status == "missing" and not answer.answers
    assert "did not answer in time" in answer.reason and "question_timeout_s" in answer.reason
    assert "stopped" in answer.trace and "fallback" in answer.trace["node_ms"]
    # The same graph answers the next question given time; nothing was learned from the stopped one.
    again = CacheRAG("demo", kg_backend=backend, memory_dir=memory_dir).ask("Who directed The Matrix?")
    assert {a.label for a in again.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert not again.plan_cache_hit


def test_a_remote_question_out_of_time_ends_missing(demo_endpoint, memory_dir: str) -> None:  # noqa: ANN001
    rag = CacheRAG(demo_endpoint.url, memory_dir=memory_dir, kg_cache="none", question_timeout_s=0.02)
    answer = rag.ask("Who directed The Matrix?")
    assert answer.status == "missing" and "did not answer in time" in answer.reason


def test_index_scans_run_before_the_question_clock_and_are_not_cut() -> None:
    kg: KnowledgeGraph = OxigraphKG(open_kg("demo").store)
    with question_deadline(time.time() - 1, 1.0):
        assert kg.label_rows and kg.predicate_labels


def test_a_large_rdflib_graph_is_kept_out_of_the_garbage_collectors_full_scans() -> None:
    graph = _triples(Graph(), FREEZE_FROM)
    frozen = gc.get_freeze_count()
    RdflibKG(graph)
    assert gc.get_freeze_count() > frozen + FREEZE_FROM  # each triple is several objects


@pytest.mark.parametrize("backend", ["oxigraph", "rdflib"])
def test_a_hubs_local_schema_reads_a_bounded_number_of_edges_and_keeps_every_predicate(
        backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each node's count of a predicate in a direction saturates at SCHEMA_SCAN: a hub costs a bounded read, and
    its predicates are all there (one seen only far into its edges, one pointing at it); below it, counts are exact."""
    monkeypatch.setattr(kg_module, "SCHEMA_SCAN", 5)
    x = "http://x/"
    rows = [(f"{x}hub", f"{x}many", f"{x}o{i}") for i in range(40)]
    rows += [(f"{x}hub", f"{x}few", f"{x}o{i}") for i in range(2)]
    rows += [(f"{x}s{i}", f"{x}points", f"{x}hub") for i in range(7)]
    rows += [(f"{x}small", f"{x}many", f"{x}o{i}") for i in range(3)]
    rows += [(f"{x}small", f"{x}few", f"{x}o{i}") for i in range(2)]
    if backend == "oxigraph":
        store = ox.Store()
        store.extend(ox.Quad(ox.NamedNode(s), ox.NamedNode(p), ox.NamedNode(o)) for s, p, o in rows)
        kg: KnowledgeGraph = OxigraphKG(store)
    else:
        graph = Graph()
        for s, p, o in rows:
            graph.add((URIRef(s), URIRef(p), URIRef(o)))
        kg = RdflibKG(graph)
    schema = {(e.predicate, e.inverse): e.count for e in kg.local_schema([f"<{x}hub>"])}
    assert schema == {(f"<{x}many>", False): 5, (f"<{x}few>", False): 2, (f"<{x}points>", True): 5}
    assert {(e.predicate, e.count) for e in kg.local_schema([f"<{x}small>"])} == {(f"<{x}many>", 3), (f"<{x}few>", 2)}
    both = {(e.predicate, e.inverse): e.count for e in kg.local_schema([f"<{x}hub>", f"<{x}small>"])}
    assert both[f"<{x}many>", False] == 5 + 3  # per node, then summed


def test_a_large_sets_local_schema_is_read_in_a_few_queries_with_each_nodes_count_saturated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A class's members' schema (the frontier of "which is the largest planet") has more edges in all than a
    query counts, but each member few: it is read by halves, not node by node and predicate by predicate, and
    every count is what each node's own, saturated at SCHEMA_SCAN, sums to."""
    monkeypatch.setattr(kg_module, "SCHEMA_SCAN", 10)
    x = "http://x/"
    rows = [(f"{x}m{i}", f"{x}p{j}", f"{x}o{i}-{j}") for i in range(40) for j in range(i % 3 + 1)]
    rows += [(f"{x}hub", f"{x}p0", f"{x}h{i}") for i in range(25)]
    rows += [(f"{x}m{i}", f"{x}in", f"{x}hub") for i in range(9)]
    store = ox.Store()
    store.extend(ox.Quad(ox.NamedNode(s), ox.NamedNode(p), ox.NamedNode(o)) for s, p, o in rows)
    kg = OxigraphKG(store)
    nodes = [f"<{x}m{i}>" for i in range(40)] + [f"<{x}hub>"]
    expected: dict[tuple[str, bool], int] = {}
    for node in nodes:
        own: dict[tuple[str, bool], int] = {}
        for s, p, o in rows:
            for end, inverse in ((s, False), (o, True)):
                if f"<{end}>" == node:
                    own[f"<{p}>", inverse] = own.get((f"<{p}>", inverse), 0) + 1
        for key, n in own.items():
            expected[key] = expected.get(key, 0) + min(n, 10)
    asked: list[str] = []
    select = kg._select
    monkeypatch.setattr(kg, "_select", lambda query: asked.append(query) or select(query))
    assert {(e.predicate, e.inverse): e.count for e in kg.local_schema(nodes)} == expected
    assert len(asked) < len(nodes)  # node by node, two directions each, it was 83 queries
