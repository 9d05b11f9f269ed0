"""The warm-up graph: QA history in, remembered plans out — the next similar question is a hit."""

from __future__ import annotations

from cacherag import CacheRAG, Context
from cacherag.graphs.warmup import graph as warmup


def test_history_pairs_warm_the_memory_the_qa_graph_reads(memory_dir: str) -> None:
    pairs = [{"question": "who is the director of Alien", "answers": ["Ridley Scott"]},
             {"question": "name the films that share a director with Memento",
              "answers": ["Inception", "Interstellar", "Dunkirk", "The Prestige", "Batman Begins", "The Dark Knight"]}]
    report = warmup.invoke({"pairs": pairs}, context=Context(kg="demo", memory_dir=memory_dir))["report"]
    assert report["pairs"] == 2 and report["explained"] == 2 and report["entries"] == 2
    rag = CacheRAG("demo", memory_dir=memory_dir)
    director = rag.ask("who is the director of Jaws")
    assert director.plan_cache_hit and [a.label for a in director.answers] == ["Steven Spielberg"]
    shared = rag.ask("name the films that share a director with Alien")
    assert shared.plan_cache_hit
    assert {a.label for a in shared.answers} == {"Blade Runner", "Gladiator", "The Martian", "Thelma & Louise"}
