"""Edge memory (ReMindRAG eq. 1), memory replay (eq. 2) and their place in the pipeline."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacherag import CacheRAG
from cacherag.graphs.context import Context
from cacherag.graphs.resources import open_edges
from cacherag.memory.edge_memory import Edge, EdgeMemory, delta, enhance, penalize
from cacherag.nodes.replay import Replayed, replay_edges
from cacherag.tools.errors import ConfigurationError

DIM = 8


def unit(i: int) -> np.ndarray:
    v = np.zeros(DIM)
    v[i] = 1.0
    return v


def test_delta_wakes_fast_and_damps_at_unit_norm() -> None:
    assert delta(0.0) == pytest.approx(2 / math.pi)
    assert delta(1.0) == pytest.approx(0.0, abs=1e-12)
    assert delta(0.2) > delta(0.6) > delta(0.9) > 0


def test_enhance_from_zero_jumps_to_two_over_pi_along_the_query() -> None:
    v = enhance(np.zeros(DIM), unit(0))
    assert np.allclose(v, (2 / math.pi) * unit(0))


def test_penalize_removes_part_of_the_query_component_only() -> None:
    v = 0.6 * unit(0) + 0.5 * unit(1)
    after = penalize(v, unit(0))
    assert after[1] == pytest.approx(0.5)  # the component orthogonal to q is untouched
    assert after[0] == pytest.approx(0.6 - delta(0.6) * 0.6)
    assert 0 < after[0] < 0.6


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, DIM - 1), st.floats(-1, 1)), min_size=1, max_size=30))
def test_norms_stay_within_one_whatever_the_updates(updates: list[tuple[bool, int, float]]) -> None:
    v = np.zeros(DIM)
    for good, axis, tilt in updates:
        q = unit(axis) + tilt * unit((axis + 1) % DIM)
        q /= np.linalg.norm(q)
        v = enhance(v, q) if good else penalize(v, q)
        assert np.linalg.norm(v) <= 1 + 1e-9


def test_memorize_persists_and_unknown_edges_read_zero(memory_dir: str) -> None:
    memory = EdgeMemory(memory_dir)
    a_b, b_c = Edge("a", "p", "b"), Edge("b", "q", "c")
    report = memory.memorize("g", unit(0), [a_b], [b_c])
    assert report == {"edges_enhanced": 1, "edges_penalized": 0}  # a zero edge has nothing to lose
    assert len(EdgeMemory(memory_dir)) == 0  # written behind …
    memory.close()  # … and on close (and at exit)
    reopened = EdgeMemory(memory_dir)
    assert len(reopened) == 1
    assert np.allclose(reopened.vector("g", a_b, DIM), (2 / math.pi) * unit(0))
    assert np.allclose(reopened.vector("g", b_c, DIM), 0)
    assert [e for e, _ in reopened.incident("g", "b")] == [a_b]
    assert reopened.incident("other-graph", "b") == []
    reopened.memorize("g", unit(0), [], [a_b])  # penalized along the same query: it shrinks
    reopened.flush()
    assert np.linalg.norm(EdgeMemory(memory_dir).vector("g", a_b, DIM)) < 2 / math.pi
    assert reopened.clear("g") == 1 and len(EdgeMemory(memory_dir)) == 0


def test_an_edge_to_a_long_text_is_not_remembered(memory_dir: str) -> None:
    """A record would hold the text whole (a 50 MB literal made a 200 MB write); traversals never start there."""
    memory = EdgeMemory(memory_dir)
    plot = Edge("film", "plot", '"' + "The long plot. " * 200 + '"')
    memory.memorize("g", unit(0), [Edge("film", "director", "ann"), plot])
    memory.close()
    reopened = EdgeMemory(memory_dir)
    assert len(reopened) == 1 and [e.p for e, _ in reopened.incident("g", "film")] == ["director"]


def test_replay_follows_remembered_edges_above_lambda_only(memory_dir: str) -> None:
    memory = EdgeMemory(memory_dir)
    memory.memorize("g", unit(0), [Edge("t", "p", "x"), Edge("x", "q", "y"), Edge("y", "r", "z")])
    memory.memorize("g", unit(1), [Edge("w", "s", "t")])

    def run(query: np.ndarray, depth: int = 3) -> list[tuple[str, str, int]]:
        hops = replay_edges(memory, "g", "t", query, lambda node, others: [1.0] * len(others),
                            alpha=0.1, lam=0.55, max_depth=depth)
        return [(h.src, h.dst, h.depth) for h in hops]

    assert run(unit(0)) == [("t", "x", 1), ("x", "y", 2), ("y", "z", 3)]
    assert run(unit(0), depth=2) == [("t", "x", 1), ("x", "y", 2)]  # never past K_depth
    assert run(unit(1)) == [("t", "w", 1)]  # walked backwards: the other question's edge only
    assert run(unit(2)) == []  # an unrelated question replays nothing


def test_replay_reaches_each_node_by_its_nearest_remembered_way_and_stops_when_enough(memory_dir: str) -> None:
    memory = EdgeMemory(memory_dir)
    memory.memorize("g", unit(0), [Edge("t", "p", "x"), Edge("x", "q", "y"), Edge("t", "r", "y"), Edge("y", "s", "z")])

    def run(enough: Callable[[list[Replayed]], bool] | None = None) -> list[tuple[str, str, int]]:
        hops = replay_edges(memory, "g", "t", unit(0), lambda node, others: [1.0] * len(others),
                            alpha=0.1, lam=0.55, max_depth=3, enough=enough)
        return [(h.src, h.dst, h.depth) for h in hops]

    # y is the topic's own neighbour: not reached the longer way, through x, first
    assert run() == [("t", "x", 1), ("t", "y", 1), ("y", "z", 2)]
    # a level that holds what the question needs ends the search: nothing further out is looked at
    assert run(enough=lambda found: any(h.dst == "y" for h in found)) == [("t", "x", 1), ("t", "y", 1)]


def test_replay_looks_at_a_few_of_a_hubs_edges_of_one_kind(memory_dir: str) -> None:
    memory = EdgeMemory(memory_dir)
    residents = [Edge("hub", "resident", f"n{i}") for i in range(6)]
    memory.memorize("g", unit(0), [Edge("t", "homeworld", "hub"), *residents, Edge("hub", "climate", "arid")])
    hops = replay_edges(memory, "g", "t", unit(0), lambda node, others: [1.0] * len(others),
                        alpha=0.1, lam=0.55, max_depth=2, fanout=2)
    # two of the hub's six residents show the way there; the one edge of another kind is looked at too
    assert Counter(h.edge.p for h in hops) == Counter({"homeworld": 1, "resident": 2, "climate": 1})
    with pytest.raises(ConfigurationError, match="replay_fanout"):
        Context(replay_fanout=0)


def test_a_repeated_question_is_replayed_without_planning(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir, use_cache=False)  # plan memory off: edges alone
    first = rag.ask("Who directed The Matrix?")
    assert first.trace["edges_enhanced"] == 2 and first.plan_source == "compiled"
    second = rag.ask("Who directed The Matrix?")
    assert second.plan_source == "replayed" and second.trace["replayed_edges"] == 2
    assert "compile_query" not in second.trace["node_runs"]
    assert {a.label for a in second.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    # Another question about the same film: the directors' edges are recalled, but a path the question does
    # not name is no plan; planning runs, and the recalled edges are not punished for a question they never
    # claimed to answer.
    cast = rag.ask("who starred in The Matrix")
    assert {"Keanu Reeves", "Carrie-Anne Moss"} <= {a.label for a in cast.answers}
    assert cast.trace["replayed_edges"] == 2 and cast.plan_source != "replayed"
    assert cast.trace["node_runs"]["execute"] == 1 and cast.trace["edges_penalized"] == 0
    off = CacheRAG("demo", memory_dir=memory_dir, use_cache=False, use_edge_memory=False)
    assert off.ask("Who directed The Matrix?").plan_source == "compiled"


def test_a_refused_replay_goes_on_with_traversal_not_planning(memory_dir: str) -> None:
    """ReMindRAG §3.2.2: what replay recalls and the judge refuses is followed by the path expansion loop (one
    reasoner decision a step), not by planning from scratch — and the reworded question stays `missing`."""
    costs = {}
    for edges in (True, False):
        rag = CacheRAG("demo", memory_dir=f"{memory_dir}/{edges}", use_cache=False, use_edge_memory=edges)
        assert rag.ask("Who directed The Matrix?").status == "answered"
        reworded = rag.ask("Who helmed The Matrix?")  # "helmed" names no relation this graph or history knows
        assert reworded.status == "missing" and not reworded.answers
        costs[edges] = reworded.trace["reasoner_calls"]
        if edges:
            assert reworded.trace["replay_refused"] == 1 and "'helmed'" in reworded.reason
            assert {"traverse", "fallback"} <= set(reworded.trace["node_runs"])
            assert not {"execute", "dispatch"} & set(reworded.trace["node_runs"])  # no plan compiled or judged
    assert costs == {True: 1, False: 3}


def test_a_plan_cache_hit_teaches_the_open_edge_memory(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert rag.ask("Who directed The Matrix?").trace["edges_enhanced"] == 2  # a miss: opens the edge memory
    hit = rag.ask("Who directed Alien?")
    assert hit.plan_cache_hit and hit.trace["edges_enhanced"] == 1
    reworded = rag.ask("Who helmed Alien?")  # the plan cache has no hit; replay recalls what the hit used
    assert reworded.trace["replayed_edges"] == 1 and reworded.trace["reasoner_calls"] == 1
    assert reworded.status == "missing"


def test_a_plan_cache_miss_that_looked_like_a_hit_still_replays(memory_dir: str) -> None:
    """Replay waits for a remembered plan relevant enough to be a hit; when that plan does not serve the question
    (the judge refuses it), compile_query hands the question back to replay before any reasoner decision, so
    the path expansion loop starts from the replayed path instead of a plan compiled from scratch."""
    costs = {}
    for edges in (True, False):
        rag = CacheRAG("demo", memory_dir=f"{memory_dir}/{edges}", use_edge_memory=edges)
        assert rag.ask("What genre of movie is Alien?").status == "answered"
        reworded = rag.ask("What mood of movie is Alien?")  # near the remembered wording, but "mood" names nothing
        assert reworded.status == "missing" and not reworded.answers and "'mood'" in reworded.reason
        assert not reworded.plan_cache_hit
        costs[edges] = reworded.trace["reasoner_calls"]
        if edges:
            assert reworded.trace["node_runs"]["replay"] == 2 and reworded.trace["replay_refused"] == 1
            assert "execute" not in reworded.trace["node_runs"]  # no plan compiled or adapted
    assert costs == {True: 1, False: 3}
    hit = CacheRAG("demo", memory_dir=f"{memory_dir}/True").ask("What genre of movie is The Matrix?")
    assert hit.plan_cache_hit and hit.trace["node_runs"]["replay"] == 1  # a hit is not handed back


def test_a_question_that_ends_missing_leaves_the_edge_memory_as_it_was(memory_dir: str) -> None:
    """Eq. 1 runs after an answer (ReMindRAG §3.2.1): a question that ends `missing` has no effective path and
    teaches nothing, so what replay recalled for it and the judge refused keeps its weight for the questions it
    did serve."""
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert rag.ask("Who directed The Matrix?").trace["edges_enhanced"] == 2
    memory = open_edges(rag.context)
    assert memory is not None
    before = {e: v.copy() for vectors in memory._vectors.values() for e, v in vectors.items()}  # noqa: SLF001
    produced = rag.ask("Who produced The Matrix?")
    assert produced.status == "missing" and produced.trace["replay_refused"] == 1
    assert "memorize" not in produced.trace["node_runs"]
    after = {e: v for vectors in memory._vectors.values() for e, v in vectors.items()}  # noqa: SLF001
    assert set(after) == set(before) and all(np.array_equal(after[e], before[e]) for e in before)
    assert rag.ask("Who directed The Matrix?").plan_cache_hit
