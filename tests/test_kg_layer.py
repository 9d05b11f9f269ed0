"""The knowledge-graph layer: read-only guard, importers, linking, sources and their typed errors."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacherag import CacheRAG, EmptyGraphError, MalformedQueryError, ReadOnlyViolationError, StoreError
from cacherag.tools import terms
from cacherag.tools.importers import import_to_store, pipe_triples_to_ntriples
from cacherag.tools.linking import LabelIndex, normalize
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.sources import open_kg
from cacherag.tools.sparql_guard import check_read_query
from cacherag.tools.terms import lexical_form

WRITES = [
    "INSERT DATA { <http://a> <http://b> <http://c> }",
    "DELETE WHERE { ?s ?p ?o }",
    "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
    "LOAD <http://example.org/data.ttl>",
    "CLEAR DEFAULT",
    "DROP ALL",
    "CREATE GRAPH <http://g>",
]


@pytest.mark.parametrize("update", WRITES)
def test_writes_are_refused_and_nothing_runs(update: str) -> None:
    kg = open_kg("demo")
    before = kg.triple_count()
    with pytest.raises(ReadOnlyViolationError):
        kg.query(update)
    assert kg.triple_count() == before


def test_service_federation_is_refused_even_nested() -> None:
    nested = "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE SILENT <http://remote/sparql> { ?s ?q ?r } } }"
    with pytest.raises(ReadOnlyViolationError, match="SERVICE"):
        open_kg("demo").query(nested)


@pytest.mark.parametrize("text", ["SELEC ?s WHERE { ?s ?p ?o }", "SELECT ?s WHERE { ?s ?p ", ""])
def test_malformed_sparql_is_a_typed_error(text: str) -> None:
    with pytest.raises(MalformedQueryError):
        open_kg("demo").query(text)


def test_every_read_query_gets_a_limit() -> None:
    assert check_read_query("SELECT ?s WHERE { ?s ?p ?o }", 7).text.endswith("LIMIT 7")
    assert check_read_query("SELECT ?s WHERE { ?s ?p ?o } LIMIT 3", 7).text.endswith("LIMIT 3")
    with pytest.raises(ReadOnlyViolationError, match="exceeds"):
        check_read_query("SELECT ?s WHERE { ?s ?p ?o } LIMIT 8", 7)
    rows = CacheRAG("demo").query("SELECT ?s ?p ?o WHERE { ?s ?p ?o }").rows
    assert rows is not None and len(rows) == 10_000 or len(rows or []) == open_kg("demo").triple_count()
    assert open_kg("demo").query("ASK { ?s ?p ?o }").boolean is True


def test_pipe_triples_become_labelled_iris(tmp_path: Path) -> None:
    lines = ["Kismet|directed_by|William Dieterle", "Kismet|release_year|1944", "", "Kismet|directed_by|A Person"]
    text = "".join(pipe_triples_to_ntriples(lines, base="http://t/"))
    store = ox.Store()
    store.load(text.encode(), ox.RdfFormat.N_TRIPLES)
    kg = OxigraphKG(store, "t")
    assert kg.predicate_labels == {"<http://t/relation/directed_by>": "directed by",
                                   "<http://t/relation/release_year>": "release year"}
    labels = dict(kg.label_rows)
    assert labels["<http://t/entity/William%20Dieterle>"] == "William Dieterle"
    assert labels["<http://t/entity/1944>"] == "1944"
    assert text.count('"Kismet"') == 1  # each entity labelled once


def test_malformed_pipe_line_is_reported_with_its_number() -> None:
    with pytest.raises(StoreError, match="line 2"):
        list(pipe_triples_to_ntriples(["a|b|c", "only|two"]))


def test_import_to_a_persistent_store_and_answer_from_it(tmp_path: Path, memory_dir: str) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_text("Kismet|directed_by|William Dieterle\nKismet|written_by|Edward Knoblock\n"
                  "The Life of Emile Zola|directed_by|William Dieterle\n")
    size = import_to_store(kb, tmp_path / "store").triples
    assert size == 3 + 4 + 2  # triples + labels of 4 entities + labels of 2 relations
    answer = CacheRAG(str(tmp_path / "store"), memory_dir=memory_dir).ask("who directed Kismet")
    assert [a.label for a in answer.answers] == ["William Dieterle"]
    films = CacheRAG(str(tmp_path / "store"), memory_dir=memory_dir).ask("what films did William Dieterle direct")
    assert {a.label for a in films.answers} == {"Kismet", "The Life of Emile Zola"}


def test_missing_and_corrupt_stores_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not found"):
        open_kg(str(tmp_path / "nowhere"))
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "CURRENT").write_text("garbage\n")
    with pytest.raises(StoreError):
        open_kg(str(corrupt))
    bad_rdf = tmp_path / "bad.ttl"
    bad_rdf.write_text("this is not turtle <<<")
    with pytest.raises(StoreError):
        open_kg(str(bad_rdf))


def test_empty_graph_is_a_typed_error(tmp_path: Path, memory_dir: str) -> None:
    empty = tmp_path / "empty.ttl"
    empty.write_text("@prefix ex: <http://example.org/> .\n")
    with pytest.raises(EmptyGraphError):
        CacheRAG(str(empty), memory_dir=memory_dir).ask("who directed anything")


def test_empty_graph_is_a_typed_error_with_a_disk_label_index(tmp_path: Path, memory_dir: str) -> None:
    empty = tmp_path / "empty.ttl"
    empty.write_text("@prefix ex: <http://example.org/> .\n")
    for _ in range(2):  # the index remembers only that a graph is not empty
        with pytest.raises(EmptyGraphError):
            CacheRAG(str(empty), memory_dir=memory_dir, label_index="disk", label_index_dir=str(tmp_path / "labels"),
                     label_crawl=False).ask("who directed anything")


def test_linking_exact_normalized_and_fuzzy() -> None:
    index = LabelIndex([("<a>", "Amélie"), ("<b>", "The Matrix"), ("<c>", "drama"),
                        ("<d>", "E.T. the Extra-Terrestrial")])
    assert [m.match for m in index.mentions("Who directed The Matrix?")] == ["exact"]
    assert index.mentions("who directed the matrix")[0].nodes == ("<b>",)
    assert index.mentions("what genre is amelie")[0].match == "normalized"
    assert index.mentions("when was e.t. the extra terrestrial released")[0].nodes == ("<d>",)
    fuzzy = index.mentions("who directed the matrx")
    assert fuzzy and fuzzy[0].nodes == ("<b>",) and fuzzy[0].match == "fuzzy"
    # Every span that names something is proposed; the planner decides which one is the topic.
    assert {m.text for m in index.mentions("which drama did the director of Amélie make")} == {"drama", "Amélie"}
    assert index.mentions("who directed [The Matrix]")[0].nodes == ("<b>",)
    assert normalize("Schindler’s List!") == normalize("schindlers list")


def test_a_lone_word_of_one_name_links_that_name_only() -> None:
    index = LabelIndex([("<luke>", "Luke Skywalker"), ("<anakin>", "Anakin Skywalker"), ("<tobin>", "Tobin Rask"),
                        ("<tom>", "Tom Vale"), ("<x>", "X-wing"), ("<ship>", "starship")])
    linked = index.mentions("What is Rask's homeworld?")
    assert [(m.text, m.nodes, m.match) for m in linked] == [("Rask", ("<tobin>",), "partial")]
    # only common words matched whole: a name is still looked for
    assert {m.nodes for m in index.mentions("Which starships did Luke pilot?")} == {("<ship>",), ("<luke>",)}
    assert not index.mentions("Where was Skywalker born?")  # a part two names share names neither
    assert not index.mentions("When was Tom Hanks born?")  # a name of its own, beside the word
    assert not index.mentions("Rask is from where?")  # a capital opening the question says nothing
    # … beside the name either: "What's" is no name "Rask" is part of
    assert [m.nodes for m in index.mentions("What's Rask's homeworld?")] == [("<tobin>",)]
    # … and beside another name said in full, still looked for
    assert {m.nodes for m in index.mentions("Who played Luke in Tom Vale?")} == {("<tom>",), ("<luke>",)}
    assert not index.mentions("What is the Homeworld of rask?")  # not written as a name
    # … but a question written without capitals writes none: a word English does not know may be one's part
    assert [m.nodes for m in index.mentions("what is the homeworld of rask")] == [("<tobin>",)]
    assert [m.nodes for m in index.mentions("where was tobin born")] == [("<tobin>",)]
    assert [m.nodes for m in index.mentions("who is rasks sister")] == [("<tobin>",)]  # a possessive, no apostrophe
    assert not index.mentions("where was tom born")  # a word English knows (a male cat): no name's part
    assert [m.match for m in index.mentions("Who directed Tobin Rask?")] == ["exact"]
    # a word inside a name said whole is no mention of its own
    index = LabelIndex([("<e>", "elena of wurttemberg"), ("<d>", "wurttemberg dynasty")])
    assert [m.nodes for m in index.mentions("who is the kid of elena of wurttemberg")] == [("<e>",)]


def test_words_written_as_a_name_inside_one_longer_name_link_it() -> None:
    index = LabelIndex([("<anh>", "A New Hope"), ("<anh>", "Star Wars: Episode IV – A New Hope"),
                        ("<anh>", "Star Wars"), ("<rotj>", "Star Wars: Episode VI – Return of the Jedi"),
                        ("<yavin>", "Yavin IV"),
                        ("<ep>", "Episode Guide")])
    linked = index.mentions("When was Episode IV released?")
    assert [(m.text, m.nodes, m.match) for m in linked] == [("Episode IV", ("<anh>",), "partial")]
    # the longer name written, not the shorter one inside it
    assert index.mentions("Who directed Star Wars Episode VI?")[0].nodes == ("<rotj>",)
    assert index.mentions("Who directed Star Wars?")[0].match != "partial"  # a name of its own
    assert all(m.match != "partial" for m in index.mentions("Who is in Star Wars Episode?"))  # inside two: neither
    assert [m.match for m in index.mentions("What is the climate of Yavin IV?")] == ["exact"]
    assert not index.mentions("when was episode iv released")  # not written as a name


def test_a_name_inflected_or_misspelt_is_looked_for_beside_common_words() -> None:
    index = LabelIndex([("<wook>", "Wookiee"), ("<Planet>", "planet"), ("<kash>", "Kashyyyk")])
    linked = index.mentions("Which planet are Wookiees from?")
    assert ("Wookiees", ("<wook>",), "fuzzy") in [(m.text, m.nodes, m.match) for m in linked]
    # … only words written as a name: a common word a letter off a label is no name
    assert [m.text for m in index.mentions("Which planets are Wookiee from?")] == ["Wookiee"]


def test_literal_round_trip_through_terms() -> None:
    assert lexical_form('"a \\"quoted\\" \\u0001 value"') == 'a "quoted" \x01 value'
    assert lexical_form("<http://example.org/Some_Thing>") == "Some_Thing"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='"\\a@en^<>\n-u0', max_size=14).map(lambda body: '"' + body))
def test_a_literal_read_without_the_regex_reads_as_the_grammar_says(term: str) -> None:
    """The fast path (no regex over a long lexical form) agrees with the N-Triples literal grammar."""
    match = terms._LITERAL.match(term)
    assert terms._literal(term) == ((match["lex"], match["lang"]) if match else None)
