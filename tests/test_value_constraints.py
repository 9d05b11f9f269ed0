"""Values joined in one question: "which characters have blue eyes *and blond hair*" keeps the answers of "which
characters have blue eyes" the graph gives the value "blond" by the relation the noun after it names (hair color);
"which planets have a *temperate or arid* climate" joins the answers the same plan reaches from either value."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lexicon import assert_cold_answer

GALAXY = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Character rdfs:label "Character" .  ex:Planet rdfs:label "Planet" .
ex:eyes rdfs:label "eye color" .  ex:hair rdfs:label "hair color" .  ex:skin rdfs:label "skin color" .
ex:climate rdfs:label "climate" .
ex:luke a ex:Character ; rdfs:label "Luke Vell" ; ex:eyes "blue" ; ex:hair "blond" ; ex:skin "fair" .
ex:owen a ex:Character ; rdfs:label "Owen Lars" ; ex:eyes "blue" ; ex:hair "brown" ; ex:skin "light" .
ex:rey a ex:Character ; rdfs:label "Rey Tano" ; ex:eyes "brown" ; ex:hair "blond" ; ex:skin "blond" .
ex:aldo a ex:Planet ; rdfs:label "Aldo Prime" ; ex:climate "temperate" .
ex:tat a ex:Planet ; rdfs:label "Tatoo" ; ex:climate "arid" .
ex:hoth a ex:Planet ; rdfs:label "Hothra" ; ex:climate "frozen" .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("Which characters have blue eyes?", {"Luke Vell", "Owen Lars"}),
    ("Which characters have blue eyes and blond hair?", {"Luke Vell"}),
    ("Which characters have blue eyes and brown hair?", {"Owen Lars"}),
    ("Which characters have brown eyes and blond hair?", {"Rey Tano"}),
    ("Which characters have brown eyes and brown hair?", None),  # no one has both
    ("Which planets have a temperate or arid climate?", {"Aldo Prime", "Tatoo"}),
    ("Which planets have an arid or frozen climate?", {"Tatoo", "Hothra"}),
    ("Which characters have blue or brown eyes?", {"Luke Vell", "Owen Lars", "Rey Tano"}),
])
def test_values_joined_by_and_or_or(tmp_path: Path, question: str, answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, GALAXY, question, answers)
