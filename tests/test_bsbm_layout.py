"""What the BSBM stand-in (``benchmarks/bsbm_graph.py``, a shop in the Berlin SPARQL Benchmark's layout) taught, on a
small graph in that layout written here: "who" asks for someone, and a review is no one; "where" walked back along a
relation is answered by no thing of a kind that is no place; "how much" by no date; a class things are typed as
(bsbm:Product) is no product type; a web page's address is no date, with its scheme or without."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.tools.graph_view import dated

GRAPH = """@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix dc: <http://purl.org/dc/elements/1.1/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rev: <http://purl.org/stuff/rev#> .
@prefix bsbm: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/> .
@prefix inst: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/> .
inst:ProductType4 a bsbm:ProductType ; rdfs:label "strandel minikits" .
inst:Product7 a bsbm:Product, inst:ProductType4 ; rdfs:label "olgrim fesk" ; dc:date "2003-05-05"^^xsd:date .
inst:Vendor1 a bsbm:Vendor ; rdfs:label "nerrifax" ; dc:date "2008-05-02"^^xsd:date .
inst:Reviewer3 a foaf:Person ; foaf:name "Toravin" ; bsbm:country <http://downlode.org/rdf/iso-3166/countries#JP> .
inst:Review5 a bsbm:Review ; bsbm:reviewFor inst:Product7 ; rev:reviewer inst:Reviewer3 ;
    dc:title "scalding tamarisk sublets overbids" ; dc:date "2008-06-11"^^xsd:date .
inst:Offer2 a bsbm:Offer ; bsbm:product inst:Product7 ; bsbm:vendor inst:Vendor1 ;
    bsbm:price "35.50"^^bsbm:USD ; bsbm:validTo "2008-08-01T00:00:00"^^xsd:dateTime ;
    bsbm:offerWebpage <http://www.vendor1.example/Offer2/> ; dc:date "2008-06-03"^^xsd:date .
inst:Product8 a bsbm:Product ; rdfs:label "pradelko" ; dc:date "2006-11-28"^^xsd:date .
inst:Vendor2 a bsbm:Vendor ; rdfs:label "talbrook venn" ; dc:date "2008-04-17"^^xsd:date .
inst:Offer7 a bsbm:Offer ; bsbm:product inst:Product8 ; bsbm:vendor inst:Vendor2 ;
    bsbm:price "12.90"^^bsbm:USD ; bsbm:validFrom "2008-06-01T00:00:00"^^xsd:dateTime ;
    bsbm:validTo "2008-09-01T00:00:00"^^xsd:dateTime ; bsbm:deliveryDays 3 ;
    bsbm:offerWebpage <http://www.vendor2.example/Offer7/> ; dc:date "2008-05-20"^^xsd:date .
inst:Offer8 a bsbm:Offer ; bsbm:product inst:Product7 ; bsbm:vendor inst:Vendor2 ;
    bsbm:price "40.00"^^bsbm:USD ; bsbm:validTo "2008-07-15T00:00:00"^^xsd:dateTime ;
    bsbm:offerWebpage <http://www.vendor2.example/Offer8/> ; dc:date "2008-05-22"^^xsd:date .
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "bsbm", GRAPH)


def test_who_is_answered_by_someone_and_where_by_no_thing_of_another_kind(shop: CacheRAG) -> None:
    # the review (walked back from the product, from its reviewer) is neither who reviewed nor where she is from
    assert "scalding tamarisk sublets overbids" not in answered(shop, "Who reviewed olgrim fesk?")
    assert "scalding tamarisk sublets overbids" not in answered(shop, "Where is the reviewer Toravin from?")


def test_a_class_things_are_typed_as_is_of_no_kind_asked_for(shop: CacheRAG) -> None:
    # bsbm:Product, which the generator declares nowhere, is no product type
    assert answered(shop, "Which product type does olgrim fesk belong to?") == {"strandel minikits"}


def test_how_much_is_no_date(shop: CacheRAG) -> None:
    # (the offer's dc:date had been the answer)
    assert not any(a.startswith("2008") for a in answered(shop, "How much does talbrook venn charge for pradelko?"))


def test_an_address_says_no_time() -> None:
    # the offer's web page, read without its scheme, had answered "when does <V>'s offer for <P> expire"
    assert not dated(["//www.vendor1.example/Offer2/"]) and not dated(["http://www.vendor1.example/Offer2/"])
    assert dated(["2008"]) and dated(["May 2008"])
