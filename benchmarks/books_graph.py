"""An eighth stand-in: made-up writers, books, publishers and places stated the way a DBpedia extract states them —
``dbo:`` properties named only by their camel-case local names (``dbo:numberOfPages``, ``dbo:birthPlace``: no
property or class carries a label), ``dbr:`` resources labelled by ``rdfs:label`` in English, typed dates and
numbers, gender as a plain ``foaf:gender`` literal ("male"@en), children by ``dbo:child`` (one child's gender not
stated), spouses both ways, and what followed a book by ``dbo:subsequentWork``.

``books_questions.tsv`` (33 answerable + 10 the graph cannot answer) was written before the first run (session 51).
Reuses the saga benchmark's runner.

    python benchmarks/books_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix dbo: <http://dbpedia.org/ontology/> .
@prefix dbr: <http://dbpedia.org/resource/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""
# resource: (type, label, statements)
RESOURCES = {
    "Maren_Tolvik": ("Writer", "Maren Tolvik", 'foaf:gender "female"@en ; dbo:birthPlace dbr:Brask ; '
                     'dbo:birthDate "1931-04-12"^^xsd:date ; dbo:deathDate "2004-09-30"^^xsd:date ; '
                     "dbo:spouse dbr:Ansel_Korr ; dbo:child dbr:Edda_Korr, dbr:Jonas_Korr ; "
                     "dbo:award dbr:Halvard_Prize"),
    "Ansel_Korr": ("Writer", "Ansel Korr", 'foaf:gender "male"@en ; dbo:birthPlace dbr:Velmund ; '
                   'dbo:birthDate "1928-01-05"^^xsd:date ; dbo:deathDate "1999-02-11"^^xsd:date ; '
                   "dbo:spouse dbr:Maren_Tolvik ; dbo:child dbr:Edda_Korr, dbr:Jonas_Korr"),
    "Iris_Quenby": ("Writer", "Iris Quenby", 'foaf:gender "female"@en ; dbo:birthPlace dbr:Velmund ; '
                    'dbo:birthDate "1960-07-19"^^xsd:date ; dbo:award dbr:Orrin_Medal, dbr:Halvard_Prize'),
    "Tobiah_Wren": ("Writer", "Tobiah Wren", 'foaf:gender "male"@en ; dbo:birthPlace dbr:Castra ; '
                    'dbo:birthDate "1945-11-02"^^xsd:date ; dbo:child dbr:Lio_Wren'),
    "Jonas_Korr": ("Writer", "Jonas Korr", 'foaf:gender "male"@en ; dbo:birthPlace dbr:Brask ; '
                   'dbo:birthDate "1958-03-03"^^xsd:date'),
    "Edda_Korr": ("Writer", "Edda Korr", 'foaf:gender "female"@en ; dbo:birthPlace dbr:Brask ; '
                  'dbo:birthDate "1955-05-05"^^xsd:date'),
    "Lio_Wren": ("Person", "Lio Wren", 'dbo:birthPlace dbr:Castra ; dbo:birthDate "1975-01-20"^^xsd:date'),
    "The_Salt_Orchard": ("Book", "The Salt Orchard", 'dbo:author dbr:Maren_Tolvik ; dbo:publisher dbr:Greyfell_Press ; '
                         'dbo:releaseDate "1962-05-01"^^xsd:date ; dbo:numberOfPages "312"^^xsd:positiveInteger ; '
                         "dbo:literaryGenre dbr:Novel ; dbo:subsequentWork dbr:Winter_Ledger"),
    "Winter_Ledger": ("Book", "Winter Ledger", 'dbo:author dbr:Maren_Tolvik ; dbo:publisher dbr:Greyfell_Press ; '
                      'dbo:releaseDate "1970-10-15"^^xsd:date ; dbo:numberOfPages "254"^^xsd:positiveInteger ; '
                      "dbo:literaryGenre dbr:Novel"),
    "Harbor_of_Glass": ("Book", "Harbor of Glass", 'dbo:author dbr:Ansel_Korr ; dbo:publisher dbr:Marlow_House ; '
                        'dbo:releaseDate "1965-02-20"^^xsd:date ; dbo:numberOfPages "198"^^xsd:positiveInteger ; '
                        "dbo:literaryGenre dbr:Poetry"),
    "The_Quiet_Engine": ("Book", "The Quiet Engine", 'dbo:author dbr:Iris_Quenby ; dbo:publisher dbr:Marlow_House ; '
                         'dbo:releaseDate "1991-09-09"^^xsd:date ; dbo:numberOfPages "420"^^xsd:positiveInteger ; '
                         "dbo:literaryGenre dbr:Science_fiction"),
    "Nine_Lanterns": ("Book", "Nine Lanterns", 'dbo:author dbr:Iris_Quenby ; dbo:publisher dbr:Greyfell_Press ; '
                      'dbo:releaseDate "2003-03-03"^^xsd:date ; dbo:numberOfPages "365"^^xsd:positiveInteger ; '
                      "dbo:literaryGenre dbr:Science_fiction"),
    "Drift_Atlas": ("Book", "Drift Atlas", 'dbo:author dbr:Tobiah_Wren ; dbo:publisher dbr:Greyfell_Press ; '
                    'dbo:releaseDate "1980-06-06"^^xsd:date ; dbo:numberOfPages "150"^^xsd:positiveInteger ; '
                    "dbo:literaryGenre dbr:Poetry"),
    "Ash_and_Meridian": ("Book", "Ash and Meridian", "dbo:author dbr:Jonas_Korr, dbr:Edda_Korr ; "
                         'dbo:publisher dbr:Marlow_House ; dbo:releaseDate "1988-08-08"^^xsd:date ; '
                         'dbo:numberOfPages "280"^^xsd:positiveInteger ; dbo:literaryGenre dbr:Novel'),
    "Greyfell_Press": ("Publisher", "Greyfell Press", "dbo:headquarter dbr:Castra"),
    "Marlow_House": ("Publisher", "Marlow House", "dbo:headquarter dbr:Velmund"),
    "Brask": ("City", "Brask", 'dbo:country dbr:Nordhavn ; dbo:populationTotal "120000"^^xsd:nonNegativeInteger'),
    "Velmund": ("City", "Velmund", 'dbo:country dbr:Estria ; dbo:populationTotal "850000"^^xsd:nonNegativeInteger'),
    "Castra": ("City", "Castra", 'dbo:country dbr:Estria ; dbo:populationTotal "45000"^^xsd:nonNegativeInteger'),
    "Nordhavn": ("Country", "Nordhavn", "dbo:capital dbr:Brask"),
    "Estria": ("Country", "Estria", "dbo:capital dbr:Velmund"),
    "Halvard_Prize": ("Award", "Halvard Prize", ""),
    "Orrin_Medal": ("Award", "Orrin Medal", ""),
    "Novel": ("Genre", "Novel", ""),
    "Poetry": ("Genre", "Poetry", ""),
    "Science_fiction": ("Genre", "Science fiction", ""),
}


def write_graph(out: Path) -> list[Path]:
    """The extract as Turtle in ``out``; the files written."""
    lines = [PREFIXES]
    for name, (kind, label, statements) in RESOURCES.items():
        said = f" ; {statements}" if statements else ""
        lines.append(f'dbr:{name} a dbo:{kind} ; rdfs:label "{label}"@en{said} .')
    return written(out, {"books.ttl": "\n".join(lines) + "\n"})


if __name__ == "__main__":
    run(__doc__, write_graph, "books")
