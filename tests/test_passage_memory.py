"""ARC's priority eviction (DRF, hubness, size) under a byte budget."""

from __future__ import annotations

import math

from cacherag.memory.passage_memory import ARCCache, text_bytes
from cacherag.tools.caches import Eviction, L1Cache, L2Cache, Neighbourhood


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
