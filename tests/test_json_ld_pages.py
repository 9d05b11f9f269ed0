"""What the schema.org stand-in (``benchmarks/campus_graph.py``) taught, on a small JSON-LD graph written here: a
verb names the relation its doer is, not a date ("who *wrote* <B>": its author, though WordNet's writing is
publishing in one sense and the graph has a "date published"), "who *published* <B>" asks for the publisher beside
"date published", and dates written as ISO text (JSON-LD's plain strings) are dates: a year is looked for among them
and people are ordered by them. "Where did <E> *study*?" asks for what <E> is an alumnus of, a kind of student, never
for the employer a noun "study" (work, in a sense of its own) would name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engines import engine_over

PAGES = {"@context": {"@vocab": "http://schema.org/", "@base": "http://campus.example.org/"}, "@graph": [
    {"@id": "person/ines", "@type": "Person", "name": "Ines Marlow", "birthDate": "1962-03-14",
     "worksFor": {"@id": "org/orsk"}, "alumniOf": {"@id": "org/halden"}},
    {"@id": "org/orsk", "@type": "ResearchOrganization", "name": "Orsk Institute"},
    {"@id": "org/halden", "@type": "CollegeOrUniversity", "name": "Halden College"},
    {"@id": "person/tomas", "@type": "Person", "name": "Tomas Reyl", "birthDate": "1960-11-02"},
    {"@id": "org/press", "@type": "Organization", "name": "Pellmark University Press"},
    {"@id": "work/roads", "@type": "Book", "name": "The Salt Roads", "author": {"@id": "person/tomas"},
     "datePublished": "1998-10-10", "publisher": {"@id": "org/press"}},
    {"@id": "work/lattices", "@type": "Book", "name": "On Tidal Lattices", "author": {"@id": "person/ines"},
     "datePublished": "2011-05-02", "publisher": {"@id": "org/press"}},
]}


@pytest.mark.parametrize(("question", "expected"), [
    ("Who wrote The Salt Roads?", {"Tomas Reyl"}),
    ("Which books did Ines Marlow write?", {"On Tidal Lattices"}),
    ("Who published The Salt Roads?", {"Pellmark University Press"}),
    ("When was The Salt Roads published?", {"1998-10-10"}),
    ("Was Ines Marlow born in 1962?", {"yes"}),
    ("Was Ines Marlow born in 1960?", {"no"}),
    ("Who is older, Ines Marlow or Tomas Reyl?", {"Tomas Reyl"}),
    ("Which book was published first?", {"The Salt Roads"}),
    # who studies is a student, and an alumnus is a kind of one; a noun "study" is "work" in a sense of its own only
    ("Where did Ines Marlow study?", {"Halden College"}),
    ("Who studied at Halden College?", {"Ines Marlow"}),
    ("Where does Ines Marlow work?", {"Orsk Institute"}),
])
def test_json_ld_pages(tmp_path: Path, question: str, expected: set[str]) -> None:
    with engine_over(tmp_path, json.dumps(PAGES), "pages.jsonld") as rag:
        answer = rag.ask(question)
    assert answer.status == "answered" and {a.label for a in answer.answers} == expected, answer.reason
