"""The persistent label index against a real ``oxigraph serve`` endpoint (the demo graph behind a 50 ms proxy)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cacherag.api import CacheRAG
from cacherag.evaluation.endpoint import DelayingProxy, slow_graph_endpoint
from cacherag.graphs.resources import close_all
from cacherag.tools.errors import StoreError
from cacherag.tools.graph_view import GraphView
from cacherag.tools.label_index import DiskLabelIndex, index_path
from cacherag.tools.remote_backend import RemoteSparqlKG
from cacherag.tools.sources import open_kg

pytestmark = pytest.mark.slow

QUESTIONS = [
    "Who directed The Matrix?",
    "what movies did christopher nolan direct",
    "Which actors starred in Inception?",
    "who wrote the films directed by Ridley Scott",
    "What language is Amélie in?",
]


class RecordingKG(RemoteSparqlKG):
    """Remembers every query it sends."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[str] = []

    def _request(self, query: str, accept: str) -> bytes:
        self.sent.append(query)
        return super()._request(query, accept)


@pytest.fixture
def kg(demo_endpoint: DelayingProxy) -> RecordingKG:
    return RecordingKG(demo_endpoint.url, "demo-remote")


@pytest.fixture(scope="module")
def in_memory() -> GraphView:
    return GraphView(open_kg("demo"))


def _summary(mentions: list) -> list[tuple[str, tuple[str, ...], str]]:
    return [(m.text, m.nodes, m.match) for m in mentions]


def test_probing_links_like_the_in_memory_index_before_any_crawl(kg: RecordingKG, tmp_path: Path,
                                                                 in_memory: GraphView) -> None:
    index = DiskLabelIndex(kg, tmp_path / "labels.sqlite", crawl=False)
    for question in QUESTIONS:
        assert _summary(index.mentions(question, fuzzy=False)) == _summary(
            in_memory.labels.mentions(question, fuzzy=False)), question
    assert not index.complete
    # Bounded: every query carries a LIMIT or returns one row (ASK), none reads every label.
    assert all("LIMIT" in q or q.startswith("ASK") for q in kg.sent), kg.sent
    # A question asked again costs no round trip: its spans were probed and their labels kept.
    before = len(kg.sent)
    index.mentions(QUESTIONS[0])
    assert len(kg.sent) == before
    index.close()


def test_crawl_resumes_across_processes_and_completes(kg: RecordingKG, tmp_path: Path,
                                                      in_memory: GraphView) -> None:
    path = tmp_path / "labels.sqlite"
    first = DiskLabelIndex(kg, path, page=40, crawl=False)
    pages = first.pages()
    crawl = first.crawl()
    next(crawl), next(crawl)
    first.close()
    # Another process opens the same file and reads only the pages still missing.
    second = DiskLabelIndex(kg, path, page=40, crawl=False)
    assert second.pages() == pages - 2
    assert sum(1 for _ in second.crawl()) == pages - 2
    assert second.complete
    expected = {node for node, _ in kg.label_rows if node not in kg.predicate_labels}
    assert set(second.label_of) >= expected
    second.close()
    # A complete index links with no query at all, fuzzy matches included.
    third_kg = RecordingKG(kg.endpoint, "demo-remote")
    third = DiskLabelIndex(third_kg, path, crawl=False)
    assert third.predicate_labels == in_memory.predicate_labels
    fuzzy = third.mentions("who directed the matrx")
    assert [(m.match, m.nodes) for m in fuzzy][:1] == [("fuzzy", in_memory.labels.mentions("The Matrix")[0].nodes)]
    question = "what genre is amelie"
    assert _summary(third.mentions(question)) == _summary(in_memory.labels.mentions(question))
    # … and words written as a name inside one longer name
    raiders = in_memory.labels.mentions("Raiders of the Lost Ark")[0].nodes
    for index in (third, in_memory.labels):
        assert [(m.match, m.nodes) for m in index.mentions("Who directed Lost Ark?")][:1] == [("partial", raiders)]
    # … a misspelt name beside a word that names a class ("genre")
    interstellar = in_memory.labels.mentions("Interstellar")[0].nodes
    for index in (third, in_memory.labels):
        assert ("fuzzy", interstellar) in [(m.match, m.nodes) for m in index.mentions("Which genre is Interstelar?")]
    # (beyond the fuzzy candidates: "Star Wars" is a name of its own, and fuzzy matching only follows no name)
    empire = in_memory.labels.mentions("The Empire Strikes Back")[0].nodes
    third._insert([(empire[0], "Star Wars: Episode V – The Empire Strikes Back")])
    third._db.execute("INSERT INTO fuzzy(fuzzy) VALUES ('rebuild')")  # as a crawl's last page does
    linked = third.mentions("Who directed Star Wars Episode V?")
    assert [(m.match, m.nodes) for m in linked][:1] == [("partial", empire)]
    assert third_kg.sent == []
    # Display labels too: a node's only label is its best one, read from disk; one with several is asked for.
    view = GraphView(third_kg, third)
    films = in_memory.labels.mentions("The Matrix")[0].nodes
    assert view.labels_of(list(films)) == in_memory.labels_of(list(films)) and third_kg.sent == []
    several = films[0]
    third._insert([(several, "Matrix, The")])  # a second name: which one shows is the graph's to say
    assert several not in third.sole_labels([several])
    assert view.labels_of([several]) == in_memory.labels_of([several]) and len(third_kg.sent) == 1
    third.close()


def test_background_crawl_fills_the_index(kg: RecordingKG, tmp_path: Path) -> None:
    waiting = DiskLabelIndex(kg, tmp_path / "waiting.sqlite", page=50)
    waiting.close()  # closed within its start delay: the crawl never read a page
    keys = sqlite3.connect(tmp_path / "waiting.sqlite").execute("SELECT key FROM meta").fetchall()
    assert not [k for (k,) in keys if k.startswith("offset")]
    index = DiskLabelIndex(kg, tmp_path / "labels.sqlite", page=50, crawl_delay_s=0)
    assert index._crawler is not None
    index._crawler.join(timeout=60)
    assert index.complete
    index.close()


def test_unreadable_index_and_bad_page_are_typed_errors(kg: RecordingKG, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError):
        DiskLabelIndex(kg, broken, crawl=False)
    with pytest.raises(StoreError):
        DiskLabelIndex(kg, tmp_path / "ok.sqlite", page=0, crawl=False)


def test_pipeline_answers_over_the_endpoint_with_the_disk_index(demo_endpoint: DelayingProxy, tmp_path: Path) -> None:
    rag = CacheRAG(demo_endpoint.url, memory_dir=str(tmp_path / "memory"), label_index_dir=str(tmp_path / "labels"),
                   label_crawl=False, learn=False)
    answer = rag.ask("Who directed Inception?")
    assert [a.label for a in answer.answers] == ["Christopher Nolan"]
    assert index_path(RemoteSparqlKG(demo_endpoint.url, answer.trace["kg"]), tmp_path / "labels").is_file()
    rows = sqlite3.connect(tmp_path / "labels" / next(p.name for p in (tmp_path / "labels").iterdir()
                                                      if p.suffix == ".sqlite")).execute(
        "SELECT label FROM labels").fetchall()
    assert ("Inception",) in rows and len(rows) < 20  # only what probing found, not the whole graph
    rag.close()
    close_all()


def test_relations_are_labelled_as_a_stores_are_by_every_label_predicate(tmp_path: Path) -> None:
    # an ontology labelling a relation by skos:prefLabel in English and rdfs:label in German: the endpoint's index
    # shows the English label and keeps the other names a user's languages read, as a store does (it had read
    # rdfs:label alone, shown "geburtsdatum", and "when was <E> born" found no relation)
    data = tmp_path / "music.ttl"
    data.write_text("""@prefix mo: <http://example.org/music#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
mo:dateOfBirth skos:prefLabel "date of birth"@en ; rdfs:label "Geburtsdatum"@de .
mo:mara rdfs:label "Mara Quell"@en ; mo:dateOfBirth "1975-08-14"^^xsd:date .
""")
    with slow_graph_endpoint(data, tmp_path, delay_s=0) as proxy:
        remote = open_kg(proxy.url)
        index = DiskLabelIndex(remote, tmp_path / "labels.sqlite", crawl=False)
        try:
            birth = "<http://example.org/music#dateOfBirth>"
            local = open_kg(str(data))
            assert index.predicate_labels[birth] == local.predicate_labels[birth] == "date of birth"
            assert index.predicate_names == local.predicate_names
        finally:
            index.close()


def _probed(tmp_path: Path, triples: str, questions: list[str]) -> list[list[tuple[str, ...]]]:
    """The nodes an endpoint serving ``triples`` is found to name in each question, before any crawl: by probing."""
    data = tmp_path / "graph.ttl"
    data.write_text(triples)
    with slow_graph_endpoint(data, tmp_path, delay_s=0) as proxy:
        index = DiskLabelIndex(open_kg(proxy.url), tmp_path / "labels.sqlite", crawl=False)
        try:
            return [[m.nodes for m in index.mentions(question, fuzzy=False)] for question in questions]
        finally:
            index.close()


def test_a_probe_finds_a_title_written_with_a_full_stop(tmp_path: Path) -> None:
    # dblp ends every paper's title with a full stop; before any crawl, the question's span is probed so too
    paper = "<https://dblp.org/rec/conf/x/Tolvik21>"
    title = "Tessellated Indexes for Approximate Search."
    found = _probed(tmp_path, f'{paper} <https://dblp.org/rdf/schema#title> "{title}" .\n'
                              f'{paper} <http://www.w3.org/2000/01/rdf-schema#label> "{title}" .\n',
                    ["Who wrote Tessellated Indexes for Approximate Search?"])
    assert found == [[(paper,)]]


def test_a_probe_finds_a_title_cased_name_with_a_possessive(tmp_path: Path) -> None:
    # "shepherd's pie" is labelled "Shepherd's Pie": Title Case does not capitalize the letter after an apostrophe
    # (str.title wrote "Shepherd'S Pie", and the question found nothing before the crawl reached it)
    pie = "<https://food.example/shepherds-pie>"
    found = _probed(tmp_path, f'{pie} <http://schema.org/name> "Shepherd\'s Pie" .\n'
                              f'{pie} <http://www.w3.org/2000/01/rdf-schema#label> "Shepherd\'s Pie" .\n',
                    ["What's the total time for shepherd's pie?"])
    assert found[0][:1] == [(pie,)]


def test_a_probe_finds_a_name_ending_with_a_bracket(tmp_path: Path) -> None:
    # SP2Bench titles its proceedings "Proceeding 1 (1951)"; a span ends at its last word, before the bracket
    volume = "<http://localhost/publications/procs/Proceeding1/1951>"
    found = _probed(tmp_path, f'{volume} <http://purl.org/dc/elements/1.1/title> "Proceeding 1 (1951)" .\n',
                    ["List the papers that are part of Proceeding 1 (1951)"])
    assert found[0][:1] == [(volume,)]


def test_a_probe_finds_a_thing_named_by_its_year_as_questions_say_it(tmp_path: Path) -> None:
    # "the Nobel Prize in Physics in 1972" (or "the 1972 …") names "The Nobel Prize in Physics 1972", the year after
    # the name, as the crawled index links it
    prize = "<http://data.nobelprize.org/resource/nobelprize/Physics/1972>"
    questions = ["Who won the Nobel Prize in Physics in 1972?", "Who won the 1972 Nobel Prize in Physics?"]
    found = _probed(tmp_path, f'{prize} <http://www.w3.org/2000/01/rdf-schema#label> "The Nobel Prize in Physics '
                              f'1972"@en .\n', questions)
    assert [nodes[:1] for nodes in found] == [[(prize,)], [(prize,)]]
