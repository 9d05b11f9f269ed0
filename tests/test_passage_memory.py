"""ARC's priority eviction (DRF, hubness, size) under a byte budget, the passage memory (Algorithm 1), Proximity."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from cachetools import Cache

from cacherag.memory.passage_memory import MIN_DISTANCE, ARCCache, PassageMemory, text_bytes
from cacherag.tools.caches import Eviction, L1Cache, L2Cache, Neighbourhood, SemanticCache


def nodes(key: str, value: object) -> list[str]:
    return key.split("+")


def test_drf_follows_rank_and_distance() -> None:
    cache = ARCCache(1000, alpha=0.4)
    cache["a"] = "x" * 10
    start = cache.drf["a"]
    cache.record("a", rank=2, distance=0.5)
    assert math.isclose(cache.drf["a"] - start, 1 / (2 * 0.5 ** 0.4))
    cache.record("missing")  # a passage not cached has no DRF to update
    assert "missing" not in cache.drf


def test_evicts_lowest_priority_within_the_byte_budget() -> None:
    cache = ARCCache(100, beta=0.0, nodes_of=nodes)
    cache["used"] = "u" * 40
    cache["idle"] = "i" * 40
    for _ in range(3):
        cache.record("used")
    cache["new"] = "n" * 40  # over 100 bytes: the least demanded passage goes
    assert set(cache) == {"used", "new"} and cache.currsize <= 100
    cache["huge"] = "h" * 500  # larger than the whole budget: not cached, nothing evicted for it
    assert "huge" not in cache and set(cache) == {"used", "new"}


def test_hubness_keeps_central_passages_and_size_is_penalized() -> None:
    cache = ARCCache(130, beta=1.0, hub_k=10, nodes_of=nodes)
    cache["hub+x"] = "a" * 40
    cache["x+y"] = "b" * 40
    cache["lonely"] = "c" * 40
    assert cache.hubness("hub+x") == 1 and cache.hubness("lonely") == 0
    cache["y+z"] = "d" * 40
    assert "lonely" not in cache and "hub+x" in cache
    small, big = ARCCache(10_000), ARCCache(10_000)
    small["k"], big["k"] = "s" * 10, "b" * 1000
    assert small.priority("k") > big.priority("k")


def test_text_bytes_counts_the_text_held() -> None:
    assert text_bytes([{"s": "<a>", "o": "é"}]) == len("s<a>oé".encode())
    assert text_bytes(Neighbourhood("<n>", "N", (("<p>", "<o>", False),))) == len("<n>N<p><o>") + 8


def test_cache_levels_take_arc_as_their_eviction() -> None:
    arc = Eviction("arc", max_bytes=400)
    l1 = L1Cache(arc)
    for i in range(20):
        l1.put(f"SELECT ?x WHERE {{ <n{i}> ?p ?x }}", [{"x": f"<v{i}>"}])
    assert 0 < len(l1) < 20 and isinstance(l1._entries, ARCCache) and l1._entries.currsize <= 400
    l2 = L2Cache(arc)
    l2.put(Neighbourhood("<m>", "The Matrix", (("<p>", "<o>", False),)))
    before = l2._entries.drf["<m>"]
    assert l2.near("the matrx") is not None and l2._entries.drf["<m>"] > before


# -- the passage memory itself: Chroma, vectors, τ escalation (Algorithm 1) --------------------------------------
def hood(name: str, edges: int = 3) -> Neighbourhood:
    node = f"<http://example.org/{name}>"
    return Neighbourhood(node, name.replace("_", " "),
                         tuple((f"<http://example.org/p{i}>", f"<http://example.org/{name}_o{i}>", False)
                               for i in range(edges)))


def ask(passages: PassageMemory, node: str, purpose: object = "schema") -> tuple[Neighbourhood | None, bool]:
    """One lookup as the first request of a new question (the idempotency rule is tested on its own)."""
    passages.begin_question(object())
    return passages.lookup(node, purpose)


def memory(tmp_path: Path, **options: object) -> PassageMemory:
    return PassageMemory(tmp_path / "memory", domain="test", **options)  # type: ignore[arg-type]


def test_a_step_covered_within_tau_is_answered_from_memory_and_others_escalate(tmp_path: Path) -> None:
    passages = memory(tmp_path)
    matrix = hood("The_Matrix")
    assert ask(passages, matrix.node, "schema") == (None, False)  # an empty cache escalates
    passages.put(matrix)
    assert ask(passages, matrix.node, "schema") == (matrix, False)
    drf = passages.cache.drf[matrix.node]
    assert ask(passages, matrix.node, ("hop", "<p>", False)) == (matrix, False)
    assert passages.cache.drf[matrix.node] == pytest.approx(drf + 1 / MIN_DISTANCE ** 0.4)  # DR(1, 0)
    escalated = passages.escalations
    assert ask(passages, hood("Zebra_Crossing").node, "schema") == (None, False)  # far: escalated
    assert passages.escalations == escalated + 1
    passages.put(hood("The_Matrix_Reloaded"))
    near = hood("The_Matrix_Reloade").node  # within τ of a cached passage, which does not hold it
    assert ask(passages, near, "schema") == (None, False) and passages.uncovered == 1


def test_tau_is_the_mean_distance_of_the_top_k(tmp_path: Path) -> None:
    passages = memory(tmp_path, top_k=2, tau=0.2)
    matrix, zebra = hood("The_Matrix"), hood("Zebra_Crossing")
    passages.put(matrix)
    passages.put(zebra)
    # The Matrix's own passage is at distance 0, the second at ~1: the mean is beyond τ, so it escalates ...
    assert ask(passages, matrix.node, "schema") == (None, False) and passages.escalations == 1
    # ... and a looser τ serves it, the second passage's DRF growing by DR(rank 2, its distance).
    loose = memory(tmp_path / "loose", top_k=2, tau=0.8)
    loose.put(matrix)
    loose.put(zebra)
    before = loose.cache.drf[zebra.node]
    assert ask(loose, matrix.node, "schema") == (matrix, False)
    assert loose.cache.drf[zebra.node] > before


def test_hubness_counts_on_the_caches_own_knn_graph_and_priority_follows_the_formula(tmp_path: Path) -> None:
    passages = memory(tmp_path, hub_k=1, beta=0.7)
    for name in ("Star_Wars", "Star_Wars_II", "Star_Wars_III", "Zebra"):
        passages.put(hood(name))
    cache = passages.cache
    cache._count_hubs()
    hubs = {key.split("/")[-1].rstrip(">"): cache.hubness(key) for key in cache}
    assert hubs["Zebra"] == 0 and sum(hubs.values()) == 4  # each passage names exactly one nearest neighbour
    assert max(hubs, key=hubs.get).startswith("Star_Wars")
    for key in cache:
        size = text_bytes(Cache.__getitem__(cache, key))
        assert cache.priority(key) == pytest.approx(
            (0.7 * math.log(cache.hubness(key) + 1) + 0.3 * cache.drf[key]) / math.log(size + 1))


def test_eviction_keeps_total_bytes_within_w_max_lowest_priority_first(tmp_path: Path) -> None:
    size = text_bytes(hood("Film_A"))
    passages = memory(tmp_path, max_bytes=3 * size + 10, beta=0.0)
    films = [hood(f"Film_{c}") for c in "ABC"]
    for film in films:
        passages.put(film)
    for _ in range(3):  # A and C are asked for again: their DRF grows, B's does not
        ask(passages, films[0].node, "schema")
        ask(passages, films[2].node, "schema")
    passages.put(hood("Film_D"))
    assert films[1].node not in passages.cache and films[0].node in passages.cache
    assert passages.cache.currsize <= 3 * size + 10
    assert ask(passages, films[1].node, "schema") == (None, False)  # evicted: escalates


def test_passages_persist_in_chroma_with_their_vectors(tmp_path: Path) -> None:
    passages = memory(tmp_path, max_bytes=10_000)
    matrix = hood("The_Matrix", edges=5)
    passages.put(matrix)
    passages.put(hood("Inception"))
    passages.close()
    stored = passages._collection.get(include=["embeddings", "metadatas"])
    assert len(stored["ids"]) == 2 and len(stored["embeddings"][0]) == passages.embeddings.dim
    again = memory(tmp_path, max_bytes=10_000)  # a new process starts warm
    assert ask(again, matrix.node, "schema") == (matrix, False)
    assert again.cache.drf[matrix.node] > passages.cache.dr(1, 0.0)  # DRF came back with the passage
    assert PassageMemory(tmp_path / "memory", domain="other").lookup(matrix.node)[0] is None  # per graph


def test_idempotency_rule_holds_for_the_passage_memory(tmp_path: Path) -> None:
    passages = memory(tmp_path)
    matrix = hood("The_Matrix")
    passages.put(matrix)
    passages.begin_question(1)
    assert passages.lookup(matrix.node, "schema")[0] == matrix
    assert passages.lookup(matrix.node, "schema") == (None, True) and passages.idempotent == 1
    passages.begin_question(2)
    assert passages.lookup(matrix.node, "schema")[0] == matrix


def test_proximity_serves_the_nearest_earlier_request_within_tau() -> None:
    cache = SemanticCache(max_bytes=200, tau=0.2)
    query = "SELECT ?x WHERE { <http://example.org/The_Matrix> <http://example.org/directedBy> ?x } LIMIT 10"
    cache.put(query, [{"x": "<w>"}])
    assert cache.get(query) == [{"x": "<w>"}] and cache.inexact == 0
    near = query.replace("The_Matrix", "The_Matrix_2")  # another entity: served the first one's rows
    assert near in cache and cache.get(near) == [{"x": "<w>"}] and cache.inexact == 1
    assert cache.get("ASK { ?s ?p ?o }") is None  # far
    assert cache.get(query.replace("SELECT ?x", "SELECT ?y")) is None  # another form: rows of another shape
    for i in range(5):
        cache.put(f"SELECT * WHERE {{ <http://example.org/{i}{i}{i}> ?p ?o }}", [{"o": str(i)}])
    assert query not in cache._entries and cache._entries.currsize <= 200  # the oldest pair went first
    assert SemanticCache(tau=0.0).get(query) is None
