"""A tenth stand-in: made-up countries, cities, languages, currencies and alliances under an OWL ontology of its own
— object and datatype properties labelled in English (and German), one stated only as "capital of" (from the city),
borders stated one way a pair, areas and populations as typed numbers, a head of state and a currency, memberships
with the year joined as a statement of their own.

``geo_questions.tsv`` (30 answerable + 10 the graph cannot answer) was written before the first run (session 51).
Reuses the saga benchmark's runner.

    python benchmarks/geo_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix geo: <http://atlas.example.org/ontology#> .
@prefix : <http://atlas.example.org/id/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""
ONTOLOGY = """
geo:Country a owl:Class ; rdfs:label "country"@en , "Staat"@de .
geo:City a owl:Class ; rdfs:label "city"@en , "Stadt"@de .
geo:Language a owl:Class ; rdfs:label "language"@en .
geo:Currency a owl:Class ; rdfs:label "currency"@en .
geo:Alliance a owl:Class ; rdfs:label "alliance"@en .
geo:Person a owl:Class ; rdfs:label "person"@en .
geo:Membership a owl:Class ; rdfs:label "membership"@en .
geo:capitalOf a owl:ObjectProperty ; rdfs:label "capital of"@en , "Hauptstadt von"@de .
geo:locatedIn a owl:ObjectProperty ; rdfs:label "located in"@en .
geo:borders a owl:ObjectProperty ; rdfs:label "shares border with"@en .
geo:officialLanguage a owl:ObjectProperty ; rdfs:label "official language"@en .
geo:currency a owl:ObjectProperty ; rdfs:label "currency"@en .
geo:headOfState a owl:ObjectProperty ; rdfs:label "head of state"@en .
geo:area a owl:DatatypeProperty ; rdfs:label "area (km2)"@en .
geo:population a owl:DatatypeProperty ; rdfs:label "population"@en .
geo:founded a owl:DatatypeProperty ; rdfs:label "founding year"@en .
geo:membership a owl:ObjectProperty ; rdfs:label "membership"@en .
geo:alliance a owl:ObjectProperty ; rdfs:label "alliance"@en .
geo:joined a owl:DatatypeProperty ; rdfs:label "year joined"@en .
geo:birthPlace a owl:ObjectProperty ; rdfs:label "place of birth"@en .
"""
DATA = """
:velm a geo:Country ; rdfs:label "Velmaria"@en ; geo:area "84200"^^xsd:integer ;
    geo:population "9100000"^^xsd:integer ; geo:officialLanguage :velmish , :orsic ; geo:currency :crown ;
    geo:headOfState :ansa ; geo:founded "1812"^^xsd:gYear ;
    geo:membership [ a geo:Membership ; geo:alliance :pact ; geo:joined "1951"^^xsd:gYear ] .
:drav a geo:Country ; rdfs:label "Dravonia"@en ; geo:area "310500"^^xsd:integer ;
    geo:population "38400000"^^xsd:integer ;
    geo:officialLanguage :dravic ; geo:currency :mark ; geo:headOfState :tomek ; geo:founded "1721"^^xsd:gYear ;
    geo:borders :velm , :soria ;
    geo:membership [ a geo:Membership ; geo:alliance :pact ; geo:joined "1949"^^xsd:gYear ] ,
                   [ a geo:Membership ; geo:alliance :league ; geo:joined "1995"^^xsd:gYear ] .
:soria a geo:Country ; rdfs:label "Soria"@en ; geo:area "15300"^^xsd:integer ; geo:population "1200000"^^xsd:integer ;
    geo:officialLanguage :orsic ; geo:currency :crown ; geo:headOfState :lio ; geo:founded "1990"^^xsd:gYear ;
    geo:borders :velm ;
    geo:membership [ a geo:Membership ; geo:alliance :league ; geo:joined "2004"^^xsd:gYear ] .
:kest a geo:Country ; rdfs:label "Kesteland"@en ; geo:area "42000"^^xsd:integer ; geo:officialLanguage :kestish ;
    geo:currency :florin .
:amber a geo:City ; rdfs:label "Amberlin"@en ; geo:capitalOf :velm ; geo:locatedIn :velm ;
    geo:population "1650000"^^xsd:integer .
:korv a geo:City ; rdfs:label "Korvath"@en ; geo:capitalOf :drav ; geo:locatedIn :drav ;
    geo:population "4200000"^^xsd:integer .
:tessa a geo:City ; rdfs:label "Tessaly"@en ; geo:locatedIn :drav ; geo:population "880000"^^xsd:integer .
:sorin a geo:City ; rdfs:label "Sorin"@en ; geo:capitalOf :soria ; geo:locatedIn :soria ;
    geo:population "310000"^^xsd:integer .
:velmish a geo:Language ; rdfs:label "Velmish"@en .
:orsic a geo:Language ; rdfs:label "Orsic"@en .
:dravic a geo:Language ; rdfs:label "Dravic"@en .
:kestish a geo:Language ; rdfs:label "Kestish"@en .
:crown a geo:Currency ; rdfs:label "Velmarian crown"@en .
:mark a geo:Currency ; rdfs:label "Dravonian mark"@en .
:florin a geo:Currency ; rdfs:label "Kestish florin"@en .
:pact a geo:Alliance ; rdfs:label "Northern Pact"@en .
:league a geo:Alliance ; rdfs:label "Harbor League"@en .
:ansa a geo:Person ; rdfs:label "Ansa Rell"@en ; geo:birthPlace :amber .
:tomek a geo:Person ; rdfs:label "Tomek Varga"@en ; geo:birthPlace :tessa .
:lio a geo:Person ; rdfs:label "Lio Serrat"@en ; geo:birthPlace :sorin .
"""


def write_graph(out: Path) -> list[Path]:
    """The ontology and the data as Turtle in ``out``; the files written."""
    return written(out, {"ontology.ttl": PREFIXES + ONTOLOGY, "data.ttl": PREFIXES + DATA})


if __name__ == "__main__":
    run(__doc__, write_graph, "geo")
