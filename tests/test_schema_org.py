"""Data as websites publish it: schema.org in JSON-LD (context inline, as nothing is fetched), a film's language
as a plain value, ratings behind a node of their own — on a small graph the test writes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cacherag.api import CacheRAG

GRAPH = {"@context": {"@vocab": "http://schema.org/", "@base": "http://films.example.org/"}, "@graph": [
    {"@id": "m/harbor", "@type": "Movie", "name": "Harbor Lights", "director": {"@id": "p/lena"}, "inLanguage": "en",
     "aggregateRating": {"@type": "AggregateRating", "ratingValue": 7.8, "ratingCount": 12000}},
    {"@id": "m/salt", "@type": "Movie", "name": "Salt Wind", "director": {"@id": "p/lena"}, "inLanguage": "sv"},
    {"@id": "p/lena", "@type": "Person", "name": "Lena Ostrova"},
]}


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    folder = tmp_path_factory.mktemp("schema_org")
    (folder / "movies.jsonld").write_text(json.dumps(GRAPH))
    engine = CacheRAG(str(folder / "movies.jsonld"), memory_dir=str(folder / "memory"), learn=False)
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "expected"), [
    ("Who directed Salt Wind?", {"Lena Ostrova"}),
    ("What language is Salt Wind in?", {"sv"}),  # schema:inLanguage is a film's relation, not Wikidata bookkeeping
    ("How many ratings does Harbor Lights have?", {"12000"}),
    # the rating node has a value and a count, and "rating" names both: which is not said
    ("What is the rating of Harbor Lights?", None),
])
def test_schema_org_json_ld(rag: CacheRAG, question: str, expected: set[str] | None) -> None:
    answer = rag.ask(question)
    if expected is None:
        assert answer.status == "missing" and not answer.answers, [a.label for a in answer.answers]
    else:
        assert answer.status == "answered" and {a.label for a in answer.answers} == expected, answer.reason
