"""A graph's memory domain is its identity: two graphs share plans only when the user names one domain."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from rdflib import Graph

from cacherag import CacheRAG
from cacherag.cli import main
from cacherag.tools.importers import import_to_store
from cacherag.tools.sources import demo_path, kg_domain


@pytest.fixture
def two_stores(tmp_path: Path) -> tuple[str, str]:
    """The demo graph in ``a/store`` and ``b/store``: same name, same content, two graphs."""
    stores = []
    for parent in ("a", "b"):
        import_to_store(demo_path(), tmp_path / parent / "store")
        stores.append(str(tmp_path / parent / "store"))
    return stores[0], stores[1]


def _hit(kg: str, question: str, memory_dir: str, **context: str) -> bool:
    rag = CacheRAG(kg, memory_dir=memory_dir, **context)
    answer = rag.ask(question)
    rag.close()
    assert answer.status == "answered", answer.reason
    return answer.plan_cache_hit


def test_two_stores_called_store_do_not_share_plans(two_stores: tuple[str, str], memory_dir: str) -> None:
    first, second = two_stores
    assert kg_domain(first) != kg_domain(second) and kg_domain(first).endswith("a/store")
    assert not _hit(first, "Who directed Alien?", memory_dir)
    assert _hit(first, "Who directed Jaws?", memory_dir)  # learned on this graph: a hit here …
    assert not _hit(second, "Who directed Inception?", memory_dir)  # … and not on the other one


def test_routed_graphs_keep_their_identity_whatever_name_they_get(two_stores: tuple[str, str],
                                                                   memory_dir: str) -> None:
    first, second = two_stores
    for store in (first, second):
        rag = CacheRAG(kgs={"movies": store}, memory_dir=memory_dir)
        assert not rag.ask("Who directed Alien?").plan_cache_hit  # the second graph learned nothing from the first
        rag.close()


def test_one_named_domain_shares_plans(two_stores: tuple[str, str], memory_dir: str) -> None:
    first, second = two_stores
    assert not _hit(first, "Who directed Alien?", memory_dir, domain="movies")
    assert _hit(second, "Who directed Inception?", memory_dir, domain="movies")


def test_a_relative_path_is_the_same_graph_as_its_absolute_path(two_stores: tuple[str, str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = two_stores
    monkeypatch.chdir(Path(first).parent)
    assert kg_domain("./store") == kg_domain("store") == kg_domain(first)


def test_endpoints_differ_by_port_and_path() -> None:
    assert kg_domain("http://127.0.0.1:7878/query") != kg_domain("http://127.0.0.1:7879/query")
    assert kg_domain("http://127.0.0.1:7878/query") != kg_domain("http://127.0.0.1:7878/sparql")
    assert kg_domain("http://Example.org/sparql") == kg_domain("http://example.org:80/sparql")
    assert kg_domain("https://example.org/sparql") == "https://example.org:443/sparql"
    assert kg_domain("http://user:secret@[::1]:7878/query") == "http://[::1]:7878/query"  # no credentials kept


def test_in_memory_graphs_are_named_by_their_content(memory_dir: str) -> None:
    def graph(title: str) -> Graph:
        data = Graph()
        data.parse(data=f"""@prefix ex: <http://ex.org/> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            ex:f rdfs:label "{title}" ; ex:directedBy ex:p . ex:p rdfs:label "Pat Doe" .
            ex:directedBy rdfs:label "directed by" .""", format="turtle")
        return data

    same, again, other = (CacheRAG(graph(t), memory_dir=memory_dir) for t in ("Film A", "Film A", "Film B"))
    assert same.context.kg == again.context.kg != other.context.kg
    assert same.context.kg.startswith("rdflib:sha256:")
    assert not same.ask("Who directed Film A?").plan_cache_hit
    assert again.ask("Who directed Film A?").plan_cache_hit  # a new object with the same triples: same memory
    assert not other.ask("Who directed Film B?").plan_cache_hit


def test_memory_stats_shows_the_identity(two_stores: tuple[str, str], memory_dir: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    first, second = two_stores
    _hit(first, "Who directed Alien?", memory_dir)
    for kg, plans in ((first, 1), (second, 0)):
        with pytest.raises(SystemExit):
            main(["memory", "stats", "--kg", kg, "--memory-dir", memory_dir, "--json"])
        report = json.loads(capsys.readouterr().out)
        assert report["domain"] == str(Path(kg).resolve()) and report["plans"]["total"] == plans


def test_engines_opened_in_turn_do_not_keep_their_stores_open(tmp_path: Path) -> None:
    # Each closed engine's store is closed with it (Chroma's SQLite and index files, its threads): a server
    # making one engine per user does not run out of descriptors.
    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    def one(name: str) -> None:
        rag = CacheRAG("demo", memory_dir=str(tmp_path / name))
        assert rag.ask("Who directed Alien?").status == "answered"
        rag.close()

    one("warm-up")
    before = open_files()
    for i in range(12):
        one(f"store-{i}")
    # a descriptor kept per engine would be 12 more; a loaded machine's transient ones (a thread still winding
    # down) are a few
    assert open_files() - before <= 5


def test_a_store_stays_open_while_another_engine_uses_it(tmp_path: Path) -> None:
    first, second = (CacheRAG("demo", memory_dir=str(tmp_path)) for _ in range(2))
    first.ask("Who directed Alien?")
    memory = second.memory
    first.close()
    first.close()  # closing twice does not close the store under the second engine
    assert second.memory is memory
    assert second.ask("Who directed Alien?").plan_cache_hit
    second.close()
