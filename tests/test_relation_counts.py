"""A chain names a relation once per hop: "the darling of the couple of <E> 's darling" walks spouse three
times ("of" parts two words history taught name it), so a remembered two-hop plan for "the darling of <E> 's
darling" is not reused for it — on a small family graph the test writes (no dataset)."""

from __future__ import annotations

import pytest

from cacherag.api import CacheRAG
from cacherag.memory.history import HistoryPair, warm_context

# Bob married Ann and then Cat; Cat then married Dan. Spouse edges go both ways.
MARRIAGES = [("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"), ("Eve", "Fay"), ("Fay", "Gus")]
TTL = "\n".join(["@prefix ex: <http://example.org/> .", "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
                 'ex:spouse rdfs:label "spouse" .']
                + [f"ex:{a} ex:spouse ex:{b} . ex:{b} ex:spouse ex:{a} ." for a, b in MARRIAGES]
                + [f'ex:{n} rdfs:label "{n}" .' for n in sorted({n for pair in MARRIAGES for n in pair})])

HISTORY = [  # "darling" and "couple" are learned as naming spouse; a two-hop chain is remembered too
    HistoryPair("who is the darling of Ann", ["Bob"]), HistoryPair("who is the darling of Dan", ["Cat"]),
    HistoryPair("who is the couple of Eve", ["Fay"]), HistoryPair("who is the couple of Gus", ["Fay"]),
    HistoryPair("who is the darling of Eve 's darling", ["Gus"]),
    HistoryPair("who is the darling of Gus 's darling", ["Eve"]),
]


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> CacheRAG:
    root = tmp_path_factory.mktemp("family")
    (root / "family.ttl").write_text(TTL)
    engine = CacheRAG(str(root / "family.ttl"), memory_dir=str(root / "memory"), domain="family", learn=False)
    warm_context(engine.context, HISTORY)
    return engine


def test_a_shorter_remembered_chain_is_not_taken_for_a_longer_one(rag: CacheRAG) -> None:
    assert {a.label for a in rag.ask("who is the darling of Ann 's darling").answers} == {"Cat"}  # two hops
    answer = rag.ask("who is the darling of the couple of Ann 's darling")
    # Three spouse hops from Ann: Bob, then Ann or Cat, then Bob or Dan; never Cat, two hops away.
    assert answer.status == "answered", answer.reason
    assert [s["label"] for s in answer.plan] == ["spouse"] * 3
    assert "Cat" not in {a.label for a in answer.answers}
