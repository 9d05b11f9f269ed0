"""What the gazetteer stand-in (``benchmarks/gazetteer_graph.py``, GeoNames' RDF/XML) taught, on a small graph in
that layout: "which *country*" follows the parent country, not the country code (a code: of two labels a word names
alike, the one it heads); a vocabulary's term is shown by the code after its '#' ("T.MT"), an identifier outside the
graph whole; a name in a language may be stated under a predicate named as a name ("the *German name* of <E>" from
``gn:alternateName``@de), while a relation so named is still asked as one ("the alternate names of <E>")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG

GRAPH = """<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:gn="https://www.geonames.org/ontology#">
<gn:Feature rdf:about="https://sws.geonames.org/1/">
  <gn:name>Velmark</gn:name>
  <gn:alternateName xml:lang="de">Welmark</gn:alternateName>
  <gn:alternateName>Velmarch</gn:alternateName>
  <gn:featureCode rdf:resource="https://www.geonames.org/ontology#A.PCLI"/>
  <gn:countryCode>VM</gn:countryCode>
</gn:Feature>
<gn:Feature rdf:about="https://sws.geonames.org/2/">
  <gn:name>Tessin</gn:name>
  <gn:alternateName xml:lang="de">Tessinburg</gn:alternateName>
  <gn:featureCode rdf:resource="https://www.geonames.org/ontology#P.PPLC"/>
  <gn:countryCode>VM</gn:countryCode>
  <gn:parentCountry rdf:resource="https://sws.geonames.org/1/"/>
  <gn:wikipediaArticle rdf:resource="https://en.wikipedia.org/wiki/Tessin_(city)"/>
</gn:Feature>
<gn:Feature rdf:about="https://sws.geonames.org/3/">
  <gn:name>Mount Orrin</gn:name>
  <gn:featureCode rdf:resource="https://www.geonames.org/ontology#T.MT"/>
  <gn:countryCode>VM</gn:countryCode>
  <gn:parentCountry rdf:resource="https://sws.geonames.org/1/"/>
</gn:Feature>
</rdf:RDF>
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "geonames", GRAPH, name="geonames.rdf")


@pytest.mark.parametrize(("question", "expected"), [
    ("Which country is Tessin in?", {"Velmark"}),
    ("What is the country code of Tessin?", {"VM"}),
    ("What is the feature code of Mount Orrin?", {"T.MT"}),
    ("What is the Wikipedia article of Tessin?", {"https://en.wikipedia.org/wiki/Tessin_(city)"}),
    ("What is the German name of Tessin?", {"Tessinburg"}),
    ("What are the alternate names of Velmark?", {"Welmark", "Velmarch"}),
])
def test_gazetteer_questions(rag: CacheRAG, question: str, expected: set[str]) -> None:
    assert answered(rag, question) == expected
