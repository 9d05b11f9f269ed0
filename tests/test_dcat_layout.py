"""What the DCAT stand-in (``benchmarks/dcat_graph.py``, an open data portal's catalogue in DCAT-AP's layout)
taught, on a small graph in that layout written here: a word stemming as a function word does ("theme": "them") is
still a word of the question; "how many downloads" is no count of download URLs reached through a distribution;
"licensed *under* <E>" bounds nothing, "under" bounding numbers only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.memory.text import FUNCTION_TERMS, stem

GRAPH = """@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix eu: <http://publications.europa.eu/resource/authority/> .
@prefix ds: <https://data.varnholm.example/dataset/> .
eu:data-theme\\/TRAN a skos:Concept ; skos:prefLabel "Transport"@en, "Verkehr"@de .
eu:data-theme\\/ENVI a skos:Concept ; skos:prefLabel "Environment"@en, "Umwelt"@de .
eu:licence\\/CC0 a skos:Concept ; skos:prefLabel "Creative Commons CC0 1.0 Universal"@en .
eu:file-type\\/CSV a skos:Concept ; skos:prefLabel "CSV"@en .
<https://data.varnholm.example/org/transport> a foaf:Organization ; foaf:name "Transport Department"@en .
ds:bicycle-counts a dcat:Dataset ; dct:title "Bicycle Counts"@en ; dcat:theme eu:data-theme\\/TRAN ;
    dct:publisher <https://data.varnholm.example/org/transport> ;
    dcat:contactPoint [ a vcard:Kind ; vcard:fn "Transport Open Data" ;
                        vcard:hasEmail <mailto:transport-data@varnholm.example> ] ;
    dcat:distribution ds:bicycle-counts-csv .
ds:bicycle-counts-csv a dcat:Distribution ; dct:title "Bicycle Counts (CSV)"@en ; dct:format eu:file-type\\/CSV ;
    dcat:downloadURL <https://data.varnholm.example/files/bicycle-counts.csv> ; dct:license eu:licence\\/CC0 .
ds:street-trees a dcat:Dataset ; dct:title "Street Trees Inventory"@en ; dcat:theme eu:data-theme\\/ENVI ;
    dct:publisher <https://data.varnholm.example/org/transport> .
"""


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "dcat", GRAPH)


def test_a_word_stemming_as_a_function_word_does_is_none() -> None:
    assert stem("them") in FUNCTION_TERMS
    assert stem("theme") not in FUNCTION_TERMS and stem("theme") == stem("themes")
    assert stem("notes") == stem("note") not in FUNCTION_TERMS


def test_the_theme_is_asked_for(catalogue: CacheRAG) -> None:
    assert answered(catalogue, "What is the theme of Bicycle Counts?") == {"Transport"}
    assert answered(catalogue, "Which datasets have the theme Environment?") == {"Street Trees Inventory"}


def test_download_urls_reached_through_a_distribution_are_no_count_of_downloads(catalogue: CacheRAG) -> None:
    assert answered(catalogue, "How many downloads does Bicycle Counts have?") == set()
    assert answered(catalogue, "How many datasets does the Transport Department publish?") == {"2"}


def test_under_a_name_bounds_nothing(catalogue: CacheRAG) -> None:
    assert answered(catalogue, "Which distributions are licensed under Creative Commons CC0 1.0 Universal?") == {
        "Bicycle Counts (CSV)"}
