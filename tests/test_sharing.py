"""A sharing word inside the topic's own name ("They Came Together") asks for nothing shared — on a small book
graph the test writes (no dataset)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.memory.history import HistoryPair, warm_context

TTL = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:author rdfs:label "credited authors" .  ex:publisher rdfs:label "publisher" .
ex:b1 rdfs:label "Blue Harbor" .  ex:b2 rdfs:label "Cold Orchard" .  ex:b3 rdfs:label "Dry Lantern" .
ex:b4 rdfs:label "Empty Mill" .   ex:b5 rdfs:label "Faint Signal" .  ex:b6 rdfs:label "Also Together" .
ex:a1 rdfs:label "Ada Quill" .    ex:a2 rdfs:label "Ben Rook" .
ex:p1 rdfs:label "Northgate Press" .  ex:p2 rdfs:label "Owl House" .  ex:p3 rdfs:label "Pine Books" .
ex:b1 ex:author ex:a1 .  ex:b2 ex:author ex:a1 .  ex:b3 ex:author ex:a2 .  ex:b3 ex:author ex:a1 .
ex:b4 ex:author ex:a2 .  ex:b5 ex:author ex:a2 .  ex:b6 ex:author ex:a1 .
ex:b1 ex:publisher ex:p1 .  ex:b2 ex:publisher ex:p2 .  ex:b3 ex:publisher ex:p3 .  ex:b4 ex:publisher ex:p1 .
ex:b5 ex:publisher ex:p1 .  ex:b6 ex:publisher ex:p2 .
"""

# One-hop history: each relation asked about on its own, never what books or people share.
HISTORY = [
    HistoryPair("who is the author of Blue Harbor", ["Ada Quill"]),
    HistoryPair("who is the author of Empty Mill", ["Ben Rook"]),
    HistoryPair("who is the author of Faint Signal", ["Ben Rook"]),
    HistoryPair("which books is Ada Quill credited in", ["Blue Harbor", "Cold Orchard", "Dry Lantern"]),
    HistoryPair("which books is Ben Rook credited in", ["Dry Lantern", "Empty Mill", "Faint Signal"]),
    HistoryPair("who is the publisher of Cold Orchard", ["Owl House"]),
    HistoryPair("who is the publisher of Dry Lantern", ["Pine Books"]),
    HistoryPair("who is the publisher of Faint Signal", ["Northgate Press"]),
]


@pytest.fixture
def rag(tmp_path: Path) -> CacheRAG:
    path = tmp_path / "books.ttl"
    path.write_text(TTL)
    rag = CacheRAG(str(path), memory_dir=str(tmp_path / "memory"), domain="books", learn=False)
    warm_context(rag.context, HISTORY)
    return rag


def plan_of(answer) -> list[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    return [(s["label"], s["inverse"]) for s in answer.plan]


def labels(answer) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.label for a in answer.answers}


def test_a_sharing_word_inside_the_topic_name_asks_for_nothing_shared(rag: CacheRAG) -> None:
    # Without the title's "Together" read as sharing: Also Together's own publisher, not its fellow books.
    answer = rag.ask("Also Together has which publisher")
    assert plan_of(answer) == [("publisher", False)]
    assert labels(answer) == {"Owl House"}
