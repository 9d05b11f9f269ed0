"""What the SP2Bench stand-in taught, on a small graph in its layout written here: an RDF container's members
(``rdf:_1``, ``rdf:_2``, … of the ``rdf:Bag`` a paper's ``dcterms:references`` points to) are read as members,
``rdfs:member`` as RDFS entails, one relation however long the list — numbered, each position was a relation of its
own, and "what does <P> cite" asked which."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.tools.importers import load_into
from cacherag.tools.terms import RDFS_MEMBER

GRAPH = """@prefix dc: <http://purl.org/dc/elements/1.1/> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix bench: <http://localhost/vocabulary/bench/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<http://localhost/publications/articles/Journal1/1950/Article1> rdf:type bench:Article .
<http://localhost/publications/articles/Journal1/1950/Article1> dc:title "unshackled fernery tabulators"^^xsd:string .
<http://localhost/publications/articles/Journal1/1950/Article2> rdf:type bench:Article .
<http://localhost/publications/articles/Journal1/1950/Article2> dc:title "gristmills overpaid lutanists"^^xsd:string .
<http://localhost/publications/articles/Journal1/1950/Article3> rdf:type bench:Article .
<http://localhost/publications/articles/Journal1/1950/Article3> dc:title "quavering bedpost reinvested"^^xsd:string .
<http://localhost/publications/articles/Journal1/1950/Article4> rdf:type bench:Article .
<http://localhost/publications/articles/Journal1/1950/Article4> dc:title "mottled cantilevers unhinged"^^xsd:string .
<http://localhost/publications/articles/Journal1/1950/Article4> dcterms:references _:references1 .
_:references1 rdf:type rdf:Bag .
_:references1 rdf:_1 <http://localhost/publications/articles/Journal1/1950/Article1> .
_:references1 rdf:_2 <http://localhost/publications/articles/Journal1/1950/Article2> .
_:references1 rdf:_3 <http://localhost/publications/articles/Journal1/1950/Article3> .
<http://localhost/publications/articles/Journal1/1950/Article3> dcterms:references _:references2 .
_:references2 rdf:type rdf:Bag .
_:references2 rdf:_1 <http://localhost/publications/articles/Journal1/1950/Article1> .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "sp2bench", GRAPH, name="sp2b.n3")


def test_a_containers_members_are_one_relation_whatever_their_number(rag: CacheRAG) -> None:
    assert answered(rag, "What does mottled cantilevers unhinged cite?") == {
        "unshackled fernery tabulators", "gristmills overpaid lutanists", "quavering bedpost reinvested"}
    # … the other way round, from a member the containers of which list it first or third
    assert answered(rag, "What cites unshackled fernery tabulators?") == {
        "mottled cantilevers unhinged", "quavering bedpost reinvested"}
    # … and "which *papers*" asks for things of the class Article, a paper in a common sense, not for a relation
    # (the noun no hop followed had refused the plan, and one picking the lists by another member was tried instead)
    assert answered(rag, "Which papers cite gristmills overpaid lutanists?") == {"mottled cantilevers unhinged"}


def test_members_are_stated_by_rdfs_member_at_load(tmp_path: Path) -> None:
    source = tmp_path / "sp2b.n3"
    source.write_text(GRAPH)
    store = ox.Store()
    load_into(store, source)
    predicates = {quad.predicate.value for quad in store}
    assert RDFS_MEMBER in predicates
    assert not any(p.startswith("http://www.w3.org/1999/02/22-rdf-syntax-ns#_") for p in predicates)
    assert sum(1 for _ in store.quads_for_pattern(None, ox.NamedNode(RDFS_MEMBER), None)) == 4
