"""A ninth stand-in: made-up scholars, institutions, places and publications as websites publish them —
**schema.org in JSON-LD** (context inline): ``name`` as the label, ``worksFor``, ``alumniOf``, ``jobTitle`` and
``award`` as text, ``knowsLanguage``, ``spouse``, ``children``, ``gender`` as text ("Female"), places contained in
places, organizations with a parent organization, founding dates as years, books and articles with authors,
publishers and dates.

``campus_questions.tsv`` (31 answerable + 10 the graph cannot answer) was written before the first run (session 51).
Reuses the saga benchmark's runner.

    python benchmarks/campus_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import json
from pathlib import Path

from saga_graph import run, written

CONTEXT = {"@vocab": "http://schema.org/", "@base": "http://campus.example.org/"}


def _ref(name: str) -> dict[str, str]:
    return {"@id": name}


NODES = [
    {"@id": "place/vestria", "@type": "Country", "name": "Vestria"},
    {"@id": "place/lusande", "@type": "Country", "name": "Lusande"},
    {"@id": "place/pellmark", "@type": "City", "name": "Pellmark", "containedInPlace": _ref("place/vestria")},
    {"@id": "place/halden", "@type": "City", "name": "Halden", "containedInPlace": _ref("place/vestria")},
    {"@id": "place/corvo", "@type": "City", "name": "Corvo", "containedInPlace": _ref("place/lusande")},
    {"@id": "org/pellmark", "@type": "CollegeOrUniversity", "name": "University of Pellmark", "foundingDate": "1821",
     "location": _ref("place/pellmark"), "numberOfEmployees": 5200},
    {"@id": "org/orsk", "@type": "ResearchOrganization", "name": "Orsk Institute", "foundingDate": "1954",
     "parentOrganization": _ref("org/pellmark"), "location": _ref("place/pellmark")},
    {"@id": "org/halden", "@type": "CollegeOrUniversity", "name": "Halden College", "foundingDate": "1903",
     "location": _ref("place/halden")},
    {"@id": "org/press", "@type": "Organization", "name": "Pellmark University Press"},
    {"@id": "org/greyline", "@type": "Organization", "name": "Greyline Books"},
    {"@id": "person/ines", "@type": "Person", "name": "Ines Marlow", "jobTitle": "Professor of Physics",
     "worksFor": _ref("org/orsk"), "alumniOf": _ref("org/halden"), "birthDate": "1962-03-14",
     "birthPlace": _ref("place/corvo"), "award": "Lindqvist Medal", "knowsLanguage": ["Portuguese", "English"],
     "spouse": _ref("person/tomas"), "children": _ref("person/ada"), "gender": "Female"},
    {"@id": "person/tomas", "@type": "Person", "name": "Tomas Reyl", "jobTitle": "Lecturer in History",
     "worksFor": _ref("org/pellmark"), "alumniOf": _ref("org/pellmark"), "birthDate": "1960-11-02",
     "birthPlace": _ref("place/pellmark"), "spouse": _ref("person/ines"), "children": _ref("person/ada"),
     "gender": "Male"},
    {"@id": "person/ada", "@type": "Person", "name": "Ada Marlow", "alumniOf": _ref("org/pellmark"),
     "birthDate": "1990-07-07", "birthPlace": _ref("place/pellmark"), "gender": "Female"},
    {"@id": "person/bruno", "@type": "Person", "name": "Bruno Seyl", "jobTitle": "Dean", "worksFor": _ref("org/halden"),
     "alumniOf": _ref("org/pellmark"), "birthDate": "1955-01-30", "birthPlace": _ref("place/halden"),
     "award": ["Lindqvist Medal", "Orrin Prize"], "gender": "Male"},
    {"@id": "person/mira", "@type": "Person", "name": "Mira Kolb", "jobTitle": "Research Scientist",
     "worksFor": _ref("org/orsk"), "alumniOf": _ref("org/halden"), "birthDate": "1979-09-21",
     "birthPlace": _ref("place/halden"), "gender": "Female"},
    {"@id": "work/lattices", "@type": "ScholarlyArticle", "name": "On Tidal Lattices",
     "author": [_ref("person/ines"), _ref("person/mira")], "datePublished": "2011-05-02",
     "publisher": _ref("org/press")},
    {"@id": "work/roads", "@type": "Book", "name": "The Salt Roads", "author": _ref("person/tomas"),
     "datePublished": "1998-10-10", "publisher": _ref("org/press"), "numberOfPages": 412},
    {"@id": "work/fields", "@type": "Book", "name": "Quiet Fields", "author": _ref("person/bruno"),
     "datePublished": "2005-02-01", "publisher": _ref("org/greyline"), "numberOfPages": 233},
]


def write_graph(out: Path) -> list[Path]:
    """The pages' JSON-LD as one file in ``out``; the files written."""
    return written(out, {"campus.jsonld": json.dumps({"@context": CONTEXT, "@graph": NODES}, indent=1)})


if __name__ == "__main__":
    run(__doc__, write_graph, "campus")
