"""L1/L2 caches in front of a real ``oxigraph serve`` endpoint (the demo graph behind a 50 ms proxy)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.evaluation.endpoint import DelayingProxy
from cacherag.graphs.resources import close_all, resources
from cacherag.memory.passage_memory import PassageMemory
from cacherag.tools.cached_kg import CachedKG, RequestStats
from cacherag.tools.caches import L1Cache, L2Cache, Neighbourhood, make_cache, normalize_query
from cacherag.tools.kg import union
from cacherag.tools.remote_backend import RemoteSparqlKG


def demo(name: str) -> str:
    return f"<http://cacherag.dev/demo/{name}>"


DIRECTED_BY = {"predicate": demo("directedBy"), "inverse": False, "label": "directed by"}
DIRECTED = {**DIRECTED_BY, "inverse": True}
STARRING = {"predicate": demo("starring"), "inverse": False, "label": "starring"}
MADE_BY = {"predicate": union([demo("directedBy"), demo("writtenBy")]), "inverse": False, "label": "maker"}


@pytest.fixture
def remote(demo_endpoint: DelayingProxy) -> RemoteSparqlKG:
    return RemoteSparqlKG(demo_endpoint.url, "demo-remote")


def cached(remote: RemoteSparqlKG, capacity: int = 20, levels: str = "l1+l2") -> CachedKG:
    return CachedKG(remote, l1=L1Cache(capacity) if "l1" in levels else None,
                    l2=L2Cache(capacity) if "l2" in levels else None)


# -- the caches on their own ----------------------------------------------------------------------------------
def test_eviction_policies_are_swappable_and_bounded() -> None:
    for policy in ("lru", "lfu", "fifo"):
        cache = make_cache(policy, 2)
        cache["a"], cache["b"] = 1, 2
        _ = cache["a"]
        _ = cache["a"]
        cache["c"] = 3
        assert len(cache) == 2
        # LRU and LFU keep the entry read since; FIFO drops the oldest regardless.
        assert ("a" in cache) == (policy != "fifo")
    with pytest.raises(ValueError, match="unknown eviction policy"):
        make_cache("random", 2)


def test_l1_keys_are_normalized_sparql() -> None:
    l1 = L1Cache(2)
    l1.put("SELECT ?x\n  WHERE { ?x ?p ?o }", [1])
    assert l1.get("SELECT ?x WHERE { ?x ?p ?o }") == [1]
    assert normalize_query("  ASK {\t} ") == "ASK { }"


def test_l2_near_hits_within_the_levenshtein_tolerance() -> None:
    l2 = L2Cache(4, tolerance=0.2)
    l2.put(Neighbourhood("<m>", "The Matrix", ()))
    l2.put(Neighbourhood("<i>", "Inception", ()))
    assert l2.near("the matrx").node == "<m>"
    assert l2.near("Interstellar") is None
    assert L2Cache(4, tolerance=0.0).near("x") is None


def test_idempotency_rule_refuses_the_same_request_twice_in_a_row() -> None:
    l2 = L2Cache(4)
    l2.put(Neighbourhood("<m>", "The Matrix", ()))
    l2.begin_question(1)
    assert l2.lookup("<m>", "hop")[0] is not None
    assert l2.lookup("<m>", "hop") == (None, True)
    assert l2.lookup("<m>", "schema")[0] is not None  # another request about it is served
    l2.begin_question(2)
    assert l2.lookup("<m>", "schema")[0] is not None  # a new question starts afresh
    assert l2.idempotent == 1


# -- the cached graph against the endpoint ----------------------------------------------------------------------
@pytest.mark.slow
def test_cached_answers_equal_the_endpoint(remote: RemoteSparqlKG) -> None:
    kg = cached(remote)
    for node in (demo("The_Matrix"), demo("Christopher_Nolan"), demo("Inception")):
        for _ in range(2):  # first from the endpoint, then from the caches
            assert kg.local_schema([node]) == remote.local_schema([node])
            for step in (DIRECTED_BY, DIRECTED, STARRING, MADE_BY):  # a hop along either of two relations too
                assert sorted(kg.follow([node], step)) == sorted(remote.follow([node], step))
                assert sorted(kg.paths(node, [step])) == sorted(remote.paths(node, [step]))
            two_hops = [DIRECTED, STARRING]
            assert sorted(kg.paths(node, two_hops)) == sorted(remote.paths(node, two_hops))
    assert kg.stats.served["l1"] > 0 and kg.stats.served["l2"] > 0


@pytest.mark.slow
def test_l2_serves_the_next_hops_around_an_entity_without_a_round_trip(remote: RemoteSparqlKG,
                                                                     demo_endpoint: DelayingProxy) -> None:
    kg = cached(remote, levels="l2")
    assert kg.predicate_labels  # the relation list is read once per graph, not per request
    before = demo_endpoint.calls
    kg.local_schema([demo("The_Matrix")])  # fetches the whole neighbourhood: one round trip
    assert demo_endpoint.calls == before + 1
    directors = kg.follow([demo("The_Matrix")], DIRECTED_BY)
    paths = kg.paths(demo("The_Matrix"), [STARRING])
    assert demo_endpoint.calls == before + 1
    assert {d for _, d in directors} == {demo("Lana_Wachowski"), demo("Lilly_Wachowski")}
    assert paths and kg.stats.served == {"l1": 0, "l2": 2, "endpoint": 3}  # relations, their labels, neighbourhood
    # A frontier is served from L2 once every node of it is cached, and escalates as one query otherwise.
    films = [demo("The_Matrix"), demo("Inception")]
    kg.local_schema([demo("Inception")])
    expected = sorted(remote.follow(films, DIRECTED_BY)), remote.local_schema(films)
    calls = demo_endpoint.calls
    assert (sorted(kg.follow(films, DIRECTED_BY)), kg.local_schema(films)) == expected
    assert demo_endpoint.calls == calls
    kg.follow([demo("Alien"), *films], DIRECTED_BY)
    assert demo_endpoint.calls == calls + 1
    before = demo_endpoint.calls - 1
    # The same hop twice in a row: the idempotency rule sends the second past L2, to the endpoint.
    kg.follow([demo("The_Matrix")], DIRECTED_BY)
    assert demo_endpoint.calls == before + 1
    assert sorted(kg.follow([demo("The_Matrix")], DIRECTED_BY)) == sorted(directors)
    assert demo_endpoint.calls == before + 2


@pytest.mark.slow
def test_l1_is_preferred_and_capacity_bounds_both_levels(remote: RemoteSparqlKG, demo_endpoint: DelayingProxy) -> None:
    kg = cached(remote, capacity=2)
    films = [demo("The_Matrix"), demo("Inception")]
    kg.follow(films, DIRECTED_BY)  # two nodes: an exact sub-query, L1 only
    before = demo_endpoint.calls
    assert kg.follow(films, DIRECTED_BY) and demo_endpoint.calls == before
    assert kg.stats.served["l1"] == 1
    for node in (demo("The_Matrix"), demo("Inception"), demo("Christopher_Nolan")):
        kg.local_schema([node])
    assert len(kg.l2) == 2 and len(kg.l1) == 2


@pytest.mark.slow
def test_pipeline_over_the_endpoint_uses_the_caches_by_default(demo_endpoint: DelayingProxy, tmp_path: Path) -> None:
    rag = CacheRAG(demo_endpoint.url, memory_dir=str(tmp_path / "memory"), label_index_dir=str(tmp_path / "labels"),
                   label_crawl=False, cache_capacity=50)
    first = rag.ask("Who directed Inception?")
    kg = resources(rag.context).view.kg
    assert isinstance(kg, CachedKG)
    calls = demo_endpoint.calls
    again = rag.ask("Who directed Inception?")
    assert [a.label for a in again.answers] == [a.label for a in first.answers] == ["Christopher Nolan"]
    assert demo_endpoint.calls == calls  # everything the second time came from memory
    uncached = CacheRAG(demo_endpoint.url, memory_dir=str(tmp_path / "memory2"),
                        label_index_dir=str(tmp_path / "labels"), label_crawl=False, kg_cache="none")
    assert not isinstance(resources(uncached.context).view.kg, CachedKG)
    rag.close()
    uncached.close()
    close_all()


@pytest.mark.slow
@pytest.mark.parametrize("closed", [True, False])  # the engine closed first, or only the process's resources
def test_passage_memory_serves_a_new_process_from_chroma(demo_endpoint: DelayingProxy, tmp_path: Path,
                                                         closed: bool) -> None:
    options = {"memory_dir": str(tmp_path / "memory"), "label_index_dir": str(tmp_path / "labels"),
               "label_crawl": False, "kg_cache": "arc", "learn": True}
    rag = CacheRAG(demo_endpoint.url, **options)
    first = rag.ask("Who directed Inception?")
    kg = resources(rag.context).view.kg
    assert isinstance(kg, CachedKG) and isinstance(kg.l2, PassageMemory) and len(kg.l2) > 0
    if closed:
        rag.close()
    close_all()  # a new process: nothing in memory but what Chroma kept
    again = CacheRAG(demo_endpoint.url, **options)
    calls = demo_endpoint.calls
    answer = again.ask("Who directed Inception?")
    assert [a.label for a in answer.answers] == [a.label for a in first.answers] == ["Christopher Nolan"]
    assert resources(again.context).view.kg.stats.served["l2"] > 0
    warm = demo_endpoint.calls - calls
    uncached = CacheRAG(demo_endpoint.url, **{**options, "memory_dir": str(tmp_path / "m2"), "kg_cache": "none"})
    before = demo_endpoint.calls
    uncached.ask("Who directed Inception?")
    assert demo_endpoint.calls - before > warm  # the passages saved round trips
    again.close()
    uncached.close()
    close_all()


# -- asking ahead: a remembered question in one round trip --------------------------------------------------------
FILMS_STARRING = {**STARRING, "inverse": True}


@pytest.mark.slow
def test_prefetch_asks_for_schemas_and_a_plan_in_one_round_trip(remote: RemoteSparqlKG,
                                                                demo_endpoint: DelayingProxy) -> None:
    actor, other = demo("Tom_Hardy"), demo("Brad_Pitt")
    plan = [FILMS_STARRING, DIRECTED_BY]
    expected = (remote.local_schema([actor]), remote.local_schema([other]), sorted(remote.paths(actor, plan)))
    kg = cached(remote)
    assert kg.predicate_labels  # read once per graph
    kg.stats = RequestStats()
    before = demo_endpoint.calls
    kg.prefetch([actor, other], [(actor, plan)])
    assert demo_endpoint.calls == before + 1
    found = (kg.local_schema([actor]), kg.local_schema([other]), sorted(kg.paths(actor, plan)))
    assert found == expected  # each part is exactly what its own request returns
    assert demo_endpoint.calls == before + 1
    assert kg.stats.prefetched == 1 and kg.stats.served == {"l1": 1, "l2": 2, "endpoint": 0}
    assert kg.stats.round_trips == 1
    # What the caches hold, or a single request (which costs the same round trip later), is not asked ahead.
    kg.prefetch([actor, other], [(actor, plan)])
    kg.prefetch([demo("Alien")], [])
    kg.prefetch([actor], [(actor, [DIRECTED_BY])])  # a one-hop plan: the neighbourhood answers it
    assert demo_endpoint.calls == before + 1


@pytest.mark.slow
def test_prefetch_keeps_nothing_from_an_answer_that_may_be_cut_short(remote: RemoteSparqlKG,
                                                                     demo_endpoint: DelayingProxy) -> None:
    kg = CachedKG(RemoteSparqlKG(demo_endpoint.url, "demo-remote", max_rows=5), l1=L1Cache(20), l2=L2Cache(20))
    films = [demo("The_Matrix"), demo("Inception")]  # more than five edges between them
    before = demo_endpoint.calls
    kg.prefetch(films, [])
    assert demo_endpoint.calls == before + 1 and len(kg.l2) == len(kg.l1) == 0
    assert kg.local_schema([films[0]]) == remote.local_schema([films[0]])  # asked for on its own
    assert kg.stats.served["endpoint"] > 0


def label_index(url: str, directory: Path) -> str:
    """A complete label index of the endpoint under ``directory`` (so linking asks nothing)."""
    from cacherag.tools.label_index import DiskLabelIndex, index_path
    from cacherag.tools.sources import open_kg

    index = DiskLabelIndex(open_kg(url), index_path(open_kg(url), directory), crawl=False)
    for _ in index.crawl():
        pass
    index.close()
    return str(directory)


@pytest.mark.slow
def test_a_remembered_question_costs_one_round_trip(demo_endpoint: DelayingProxy, tmp_path: Path) -> None:
    options = {"memory_dir": str(tmp_path / "memory"), "label_index_dir": label_index(demo_endpoint.url, tmp_path),
               "label_crawl": False}
    rag = CacheRAG(demo_endpoint.url, **options)
    rag.ask("Who directed the films starring Keanu Reeves?")  # learned: a two-hop plan
    asked: dict[str, tuple[list[str], int]] = {}
    for actor, ahead in (("Tom Hardy", True), ("Brad Pitt", False)):
        before = demo_endpoint.calls
        asking = CacheRAG(demo_endpoint.url, ask_ahead=ahead, **options)
        answer = asking.ask(f"Who directed the films starring {actor}?")
        assert answer.plan_cache_hit and answer.status == "answered"
        asked[actor] = (sorted(a.label for a in answer.answers), demo_endpoint.calls - before)
    assert asked["Tom Hardy"] == (["Christopher Nolan"], 1)  # the actor's neighbourhood and the plan's rows together
    assert asked["Brad Pitt"] == (["David Fincher", "Quentin Tarantino", "Ridley Scott"], 2)  # one, then the other
    rag.close()
    close_all()  # a new process (`cacherag ask` is one per question): what the graph is, is read from disk
    before = demo_endpoint.calls
    answer = CacheRAG(demo_endpoint.url, **options).ask("Who directed the films starring Leonardo DiCaprio?")
    assert answer.plan_cache_hit and {a.label for a in answer.answers} >= {"Christopher Nolan", "James Cameron"}
    assert demo_endpoint.calls == before + 1
    close_all()


@pytest.mark.slow
def test_schema_facts_are_asked_once_per_graph_and_kept_on_disk(remote: RemoteSparqlKG, demo_endpoint: DelayingProxy,
                                                                tmp_path: Path) -> None:
    from cacherag.tools.graph_view import GraphView
    from cacherag.tools.label_index import DiskLabelIndex

    path = tmp_path / "labels.sqlite"
    first = GraphView(remote, DiskLabelIndex(remote, path, crawl=False))
    for _ in first.index.crawl():  # type: ignore[union-attr] - complete: labels are read from disk
        pass
    found = (first.intermediate(STARRING["predicate"], True), sorted(first.classes_named(["film"])))
    assert found == (False, [demo("Film")])
    first.index.close()  # type: ignore[union-attr]
    again = GraphView(remote, DiskLabelIndex(remote, path, crawl=False))  # another process, the same file
    before = demo_endpoint.calls
    assert (again.intermediate(STARRING["predicate"], True), sorted(again.classes_named(["film"]))) == found
    assert demo_endpoint.calls == before
    again.index.close()  # type: ignore[union-attr]


@pytest.mark.slow
def test_whether_answers_are_labelled_costs_no_request_where_their_labels_show_it(
        remote: RemoteSparqlKG, demo_endpoint: DelayingProxy, tmp_path: Path) -> None:
    from cacherag.tools.graph_view import GraphView
    from cacherag.tools.label_index import DiskLabelIndex

    view = GraphView(remote, DiskLabelIndex(remote, tmp_path / "labels.sqlite", crawl=False))  # not crawled yet
    matrix, unnamed = demo("The_Matrix"), demo("nothing_names_this")
    view.labels_of([matrix])  # an answer's label, shown once
    before = demo_endpoint.calls
    assert view.labelled([matrix]) == {matrix}
    assert demo_endpoint.calls == before  # its label shows it: nothing asked
    assert view.labelled([unnamed]) == set()  # shown by its last segment: the endpoint says it has no label
    assert demo_endpoint.calls > before
    view.index.close()  # type: ignore[union-attr]


def test_a_local_graph_is_not_asked_ahead(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import cacherag.nodes.retrieve_plans as retrieve_plans

    hinted: list[object] = []
    monkeypatch.setattr(retrieve_plans, "_ask_ahead", lambda *args: hinted.append(args))
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"))
    rag.ask("Who directed The Matrix?")
    assert rag.ask("Who directed Inception?").plan_cache_hit
    assert hinted == []  # the hints would cost retrievals and save no round trip
    assert not resources(rag.context).view.takes_hints
    rag.close()
    close_all()
