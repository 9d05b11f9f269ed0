"""What the full-DBpedia stand-in (``benchmarks/dbpedia_graph.py``: ``dbo:`` beside raw ``dbp:`` infobox properties and
the wiki's own bookkeeping) taught, on a small graph in that layout written here: "how many pages" is no page's ID,
nor a count of the templates a page uses, while the number of pages is; the noun of a measure the graph states of
other things ("the *area* of <E>") asks for that measure, not for a thing of a class called so; and "who *wrote* the
screenplay" asks for its writer, not for the other works a "writer" relation walked back reaches; "when" asks for the
"release date" a day, before the infobox's "released" year; a redirect's label is another name of what it redirects
to."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG

GRAPH = """@prefix dbo: <http://dbpedia.org/ontology/> .
@prefix dbp: <http://dbpedia.org/property/> .
@prefix dbr: <http://dbpedia.org/resource/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
dbr:Winter_at_Tarsel a dbo:Book ; rdfs:label "Winter at Tarsel"@en ; dbo:wikiPageID 26465298 ;
    dbo:wikiPageLength "1854"^^xsd:nonNegativeInteger ;
    dbp:wikiPageUsesTemplate dbr:Template_Infobox, dbr:Template_Cite .
dbr:Salt_Road a dbo:Book ; rdfs:label "The Salt Road Letters"@en ; dbo:numberOfPages "212"^^xsd:positiveInteger ;
    dbo:wikiPageID 26465301 .
dbr:Quellmark a dbo:Country ; rdfs:label "Quellmark"@en ; dbo:capital dbr:Istrovo ;
    dbo:areaTotal "41200.0"^^xsd:double .
dbr:Istrovo a dbo:City ; rdfs:label "Istrovo"@en ; dbo:country dbr:Quellmark ; dbo:populationTotal 501200 ;
    dbo:isPartOf dbr:Quellmark .
dbr:Quay_Widow a dbo:Film ; rdfs:label "The Quay Widow"@en ; dbp:screenplay dbr:Gustav_Ferrin ;
    dbp:released "1999-09-03"^^xsd:date ; dbo:releaseDate "1999-09-03"^^xsd:date ;
    dbo:director dbr:Corin_Aldaine .
dbr:Nightglass a dbo:Film ; rdfs:label "Nightglass"@en ; dbo:writer dbr:Gustav_Ferrin .
dbr:Nightglass_Returns a dbo:Film ; rdfs:label "Nightglass Returns"@en ; dbp:released 2007 ;
    dbo:releaseDate "2007-05-18"^^xsd:date, "2007-06-29"^^xsd:date .
dbr:Gustav_Ferrin a dbo:Person ; rdfs:label "Gustav Ferrin"@en ; dbo:spouse dbr:Ellery_Vance .
dbr:Ellery_Vance a dbo:Person ; rdfs:label "Ellery Vance"@en ; dbo:birthPlace dbr:Istrovo .
dbr:Ellie_Vance rdfs:label "Ellie Vance"@en ; dbo:wikiPageRedirects dbr:Ellery_Vance ; dbo:wikiPageID 72062900 .
dbr:Corin_Aldaine a dbo:Person ; rdfs:label "Corin Aldaine"@en .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "dbpedia-dump", GRAPH)


def test_how_many_counts_by_the_relation_s_head_noun(rag: CacheRAG) -> None:
    assert answered(rag, "How many pages does The Salt Road Letters have?") == {"212"}
    pages = rag.ask("How many pages does Winter at Tarsel have?")  # a page ID, a page length, two templates: none
    assert pages.status == "missing", pages.answers


def test_a_measure_noun_asks_for_the_measure(rag: CacheRAG) -> None:
    assert answered(rag, "What is the area of Quellmark?") == {"41200"}
    area = rag.ask("What is the area of Istrovo?")  # not the country it lies in, though English calls one an area
    assert area.status == "missing", area.answers


def test_when_asks_for_the_day_where_one_relation_says_it_and_another_the_year(rag: CacheRAG) -> None:
    assert answered(rag, "When was Nightglass Returns released?") == {"2007-05-18", "2007-06-29"}
    assert answered(rag, "In which year was Nightglass Returns released?") == {"2007"}


def test_who_wrote_asks_for_the_writer_not_what_the_writer_wrote(rag: CacheRAG) -> None:
    screenplay = rag.ask("Who wrote the screenplay for The Quay Widow?")
    assert "Nightglass" not in {a.label for a in screenplay.answers}


def test_a_redirect_names_what_it_redirects_to(rag: CacheRAG) -> None:
    assert answered(rag, "Where was Ellie Vance born?") == {"Istrovo"}
    assert answered(rag, "Who is married to Ellie Vance?") == {"Gustav Ferrin"}


def test_a_remembered_plan_saying_years_gives_way_to_days(tmp_path_factory: pytest.TempPathFactory) -> None:
    from engines import engine_over

    with engine_over(tmp_path_factory.mktemp("dbpedia-remembered"), GRAPH, learn=True) as engine:
        assert {a.label for a in engine.ask("When was The Quay Widow released?").answers} == {"1999-09-03"}
        # the plan remembered for it may be the infobox's "released", which says only a year of this film
        assert {a.label for a in engine.ask("When was Nightglass Returns released?").answers} == {
            "2007-05-18", "2007-06-29"}
