"""What the DOAP stand-in (``benchmarks/doap_graph.py``, software projects as ``projects.apache.org`` reads them)
taught, on a small graph in that layout written here: a blank node with a name of its own (a maintainer described
inside the project, a release) gets an IRI at load, so it can be an answer and a topic, while a blank node without
one stays structure; "the *latest*" orders though WordNet has it a noun; a node a relation gives as its own value
(the project's homepage at its own IRI) is shown by that IRI; "the short *description* of <E>" is no question of its
kind; a modal verb names no relation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from engines import answered, engine_over, module_engine

from cacherag.api import CacheRAG
from cacherag.evaluation.endpoint import slow_graph_endpoint
from cacherag.graphs.resources import close_all
from cacherag.tools.importers import load_into
from cacherag.tools.terms import GENID

GRAPH = """<?xml version="1.0"?>
<rdf:RDF xml:lang="en" xmlns="http://usefulinc.com/ns/doap#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:foaf="http://xmlns.com/foaf/0.1/">
<Project rdf:about="https://quarry.apache.org">
  <name>Apache Quarry</name>
  <created>2011-04-02</created>
  <homepage rdf:resource="https://quarry.apache.org"/>
  <download-page rdf:resource="https://quarry.apache.org/downloads.html"/>
  <category rdf:resource="http://projects.apache.org/category/database"/>
  <release><Version><name>Apache Quarry 2.0.0</name><revision>2.0.0</revision><created>2015-06-12</created></Version>
  </release>
  <release><Version><name>Apache Quarry 2.1.0</name><revision>2.1.0</revision><created>2016-01-20</created></Version>
  </release>
  <release><Version><name>Apache Quarry 1.0.0</name><revision>1.0.0</revision><created>2012-03-01</created></Version>
  </release>
  <repository><GitRepository><location rdf:resource="https://gitbox.apache.org/repos/asf/quarry.git"/></GitRepository>
  </repository>
  <maintainer><foaf:Person><foaf:name>Noor Haddad</foaf:name></foaf:Person></maintainer>
  <developer><foaf:Person rdf:about="https://people.apache.org/~tbrenn#me"><foaf:name>Tomas Brenn</foaf:name>
  </foaf:Person></developer>
</Project>
<Project rdf:about="https://wren.dev">
  <name>Wren</name>
  <created>2020-03-15</created>
  <category rdf:resource="http://projects.apache.org/category/database"/>
  <category rdf:resource="http://projects.apache.org/category/library"/>
  <maintainer><foaf:Person><foaf:name>Ada Okafor</foaf:name></foaf:Person></maintainer>
</Project>
</rdf:RDF>
"""


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "doap", GRAPH, name="doap.rdf")


def test_a_blank_node_named_of_its_own_is_an_answer_and_a_topic(projects: CacheRAG) -> None:
    assert answered(projects, "Who maintains Apache Quarry?") == {"Noor Haddad"}
    assert answered(projects, "Which projects does Noor Haddad maintain?") == {"Apache Quarry"}
    assert answered(projects, "What are the releases of Apache Quarry?") == {
        "Apache Quarry 1.0.0", "Apache Quarry 2.0.0", "Apache Quarry 2.1.0"}


def test_the_latest_is_a_superlative_though_a_noun_in_a_rare_sense(projects: CacheRAG) -> None:
    assert answered(projects, "What is the latest release of Apache Quarry?") == {"Apache Quarry 2.1.0"}


def test_a_node_that_is_its_own_value_is_shown_by_its_iri(projects: CacheRAG) -> None:
    assert answered(projects, "What is the homepage of Apache Quarry?") == {"https://quarry.apache.org"}


def test_a_modal_verb_names_no_relation(projects: CacheRAG) -> None:
    assert answered(projects, "Where can I download Apache Quarry?") == {"https://quarry.apache.org/downloads.html"}


def test_a_word_for_a_kind_only_in_a_rare_sense_asks_for_no_kind(projects: CacheRAG) -> None:
    # a description is "a kind" only in a rare sense ("every description of book"): said of a name, it asks for text
    assert answered(projects, "What is the short description of Wren?") == set()
    assert answered(projects, "What is the type of Wren?") == {"Project"}


def _loaded(tmp_path: Path, text: str) -> ox.Store:
    source = tmp_path / "doap.rdf"
    source.write_text(text)
    store = ox.Store()
    load_into(store, source)
    return store


def test_an_iri_given_only_as_a_value_is_linked_by_its_local_name(projects: CacheRAG) -> None:
    # DOAP's categories are unlabelled IRIs, shown by their last segment, "database", and asked about by it
    assert answered(projects, "Which projects are in the database category?") == {"Apache Quarry", "Wren"}
    assert answered(projects, "Which projects are in the library category?") == {"Wren"}
    # … not a page, shown by its address
    assert answered(projects, "What is the download page of Apache Quarry?") == {
        "https://quarry.apache.org/downloads.html"}


def test_named_blank_nodes_get_the_same_iris_at_every_load_and_unnamed_ones_stay_blank(tmp_path: Path) -> None:
    first, second = _loaded(tmp_path, GRAPH), _loaded(tmp_path, GRAPH)
    minted = {q.subject.value for q in first if q.subject.value.startswith(GENID)}
    assert len(minted) == 5  # two maintainers and three releases; the named developer had an IRI already
    assert minted == {q.subject.value for q in second if q.subject.value.startswith(GENID)}
    assert len(first) == len(second)
    repositories = [q.subject for q in first if q.predicate.value == "http://usefulinc.com/ns/doap#location"]
    assert len(repositories) == 1 and isinstance(repositories[0], ox.BlankNode)  # no name: structure, as it was


def test_a_minted_node_nothing_names_is_no_answer(tmp_path: Path) -> None:
    # "stable" and "beta" said of several nodes name none of them (a column of repeated values is no name): the
    # releases are as nameless as the blank nodes they were, not answers shown by their IRIs' numbers
    graph = """@prefix ex: <https://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:quarry rdfs:label "Quarry" ; ex:release [ ex:name "stable" ], [ ex:name "beta" ], [ ex:name "stable" ],
    [ ex:name "beta" ] .
"""
    with engine_over(tmp_path, graph) as rag:
        answer = rag.ask("What are the releases of Quarry?")
        assert answer.status == "missing" and "no name" in (answer.reason or ""), [a.label for a in answer.answers]
    # … and beside a named one, only the named one is answered
    named = graph.replace("ex:release [", 'ex:release ex:one, [') + 'ex:one rdfs:label "Quarry 1.0" .\n'
    (tmp_path / "mixed").mkdir()
    with engine_over(tmp_path / "mixed", named) as rag:
        assert answered(rag, "What are the releases of Quarry?") == {"Quarry 1.0"}


def test_an_endpoint_is_named_by_its_name_columns_asked_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # served by `oxigraph serve`, DOAP's projects are named by doap:name as a loaded file's are — they had been "nodes
    # the graph gives no name", or shown by their IRIs ("wren.dev") — and the naming, asked once, is read from the
    # label index by the next process
    data = tmp_path / "doap.rdf"
    data.write_text(GRAPH)
    with slow_graph_endpoint(data, tmp_path, delay_s=0) as proxy:
        for memory in ("first", "again"):
            rag = CacheRAG(proxy.url, memory_dir=str(tmp_path / memory), label_index_dir=str(tmp_path / "labels"),
                           learn=False, label_crawl=False)
            try:
                assert answered(rag, "Which projects does Tomas Brenn develop?") == {"Apache Quarry"}
                assert answered(rag, "Which projects were created after 2015?") == {"Wren"}
            finally:
                rag.close()
                close_all()

            def asked_again(_: object) -> None:
                raise AssertionError("the endpoint's naming was asked again")

            monkeypatch.setattr("cacherag.tools.naming.naming", asked_again)
