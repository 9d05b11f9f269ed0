"""What the OWL stand-in (``benchmarks/geo_graph.py``) taught, on a small graph written here: a plural noun names the
relation English derives from it ("which countries are *members* of <A>": the membership statements whose alliance
<A> is), as its singular does."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lexicon import assert_cold_answer

from cacherag.tools.lexicon import Link, lexicon

ATLAS = """@prefix geo: <http://atlas.example.org/ontology#> .  @prefix : <http://atlas.example.org/id/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .  @prefix owl: <http://www.w3.org/2002/07/owl#> .
geo:Country a owl:Class ; rdfs:label "country"@en .  geo:Alliance a owl:Class ; rdfs:label "alliance"@en .
geo:Membership a owl:Class ; rdfs:label "membership"@en .
geo:membership a owl:ObjectProperty ; rdfs:label "membership"@en .
geo:alliance a owl:ObjectProperty ; rdfs:label "alliance"@en .
:drav a geo:Country ; rdfs:label "Dravonia"@en ; geo:membership [ a geo:Membership ; geo:alliance :pact ] ,
    [ a geo:Membership ; geo:alliance :league ] .
:soria a geo:Country ; rdfs:label "Soria"@en ; geo:membership [ a geo:Membership ; geo:alliance :league ] .
:pact a geo:Alliance ; rdfs:label "Northern Pact"@en .  :league a geo:Alliance ; rdfs:label "Harbor League"@en .
"""


def test_a_plural_noun_names_what_english_derives_from_it() -> None:
    assert lexicon().links("members", "membership") == Link("n", 0)
    assert lexicon().links("citizens", "citizenship") == Link("n", 0)


@pytest.mark.parametrize(("question", "answers"), [
    ("Which countries are members of the Harbor League?", {"Dravonia", "Soria"}),
    ("Which countries are members of the Northern Pact?", {"Dravonia"}),
    ("Which alliances is Soria a member of?", {"Harbor League"}),
])
def test_members_of_an_alliance_stated_as_memberships(tmp_path: Path, question: str, answers: set[str]) -> None:
    assert_cold_answer(tmp_path, ATLAS, question, answers)
