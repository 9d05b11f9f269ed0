"""What the thesaurus stand-in (``benchmarks/thesaurus_graph.py``, SKOS) taught, on a small SKOS graph: "narrower
*than* <E>" follows the relation so named, no comparison; "which *concept scheme*" asks for the class of both words,
not for the Concept its first names (nor for a "top concept" hop); and "the *broader* concept of the broader concept
of <E>" is a chain of two hops, "broader" no noun the wh-word asks for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, engine_over, module_engine

from cacherag.api import CacheRAG
from cacherag.nodes.reasoners.grounding import asked_nouns

GRAPH = """@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix t: <http://terms.example.org/> .
t:scheme a skos:ConceptScheme ; skos:prefLabel "AgroTerms"@en ; skos:hasTopConcept t:crops .
t:crops a skos:Concept ; skos:prefLabel "crops"@en ; skos:topConceptOf t:scheme ; skos:inScheme t:scheme ;
    skos:narrower t:cereals, t:legumes .
t:cereals a skos:Concept ; skos:prefLabel "cereals"@en ; skos:broader t:crops ; skos:inScheme t:scheme ;
    skos:narrower t:wheat, t:barley .
t:legumes a skos:Concept ; skos:prefLabel "legumes"@en ; skos:broader t:crops ; skos:inScheme t:scheme ;
    skos:narrower t:lentils .
t:wheat a skos:Concept ; skos:prefLabel "wheat"@en ; skos:broader t:cereals ; skos:inScheme t:scheme .
t:barley a skos:Concept ; skos:prefLabel "barley"@en ; skos:broader t:cereals ; skos:inScheme t:scheme .
t:lentils a skos:Concept ; skos:prefLabel "lentils"@en ; skos:broader t:legumes ; skos:inScheme t:scheme .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "skos", GRAPH)


@pytest.mark.parametrize(("question", "expected"), [
    ("Which concepts are narrower than cereals?", {"wheat", "barley"}),
    ("Which concept scheme is barley in?", {"AgroTerms"}),
    ("What is the broader concept of the broader concept of wheat?", {"crops"}),
    ("What is the broader concept of wheat?", {"cereals"}),
])
def test_thesaurus_questions_follow_its_relations(rag: CacheRAG, question: str, expected: set[str]) -> None:
    assert answered(rag, question) == expected


def test_a_comparison_is_still_refused_where_no_relation_is_so_named(rag: CacheRAG) -> None:
    assert rag.ask("Which concepts are older than cereals?").status == "missing"


def test_a_word_modifying_the_noun_heading_a_chain_is_not_asked_for() -> None:
    isr = {"constraints": ["What is the broader concept of the broader concept of ?"]}
    assert asked_nouns(isr) == []  # (before: "broader", as if the answers were "broaders")
    assert asked_nouns({"constraints": ["Which concepts are narrower than ?"]}) == ["concept"]


def test_a_function_word_before_than_names_no_relation() -> None:
    from cacherag.nodes.grounded import _beyond_plans

    isr = {"topic_mention": "C-3PO", "constraints": [], "domain": "d", "aspect": ""}
    # "in" is a word of "appears in", but no relation named: "how many more films … than" still compares
    reason = _beyond_plans("How many more films is C-3PO in than Chewbacca?", isr, ["appears in"])  # type: ignore[arg-type]
    assert reason is not None and "compares" in reason
    assert _beyond_plans("Which concepts are narrower than cereals?", isr, ["narrower"]) is None  # type: ignore[arg-type]


CAST = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:tide rdfs:label "Low Tide" ; ex:castMember ex:c1, ex:c2 .
ex:c1 a ex:CastMember ; ex:actor ex:ann ; ex:character ex:kai .
ex:c2 a ex:CastMember ; ex:actor ex:bo ; ex:character ex:lea .
ex:ann a ex:Person ; rdfs:label "Ann Vell" . ex:bo a ex:Person ; rdfs:label "Bo Rask" .
ex:kai a ex:Character ; rdfs:label "Kai" . ex:lea a ex:Character ; rdfs:label "Lea" .
"""


def test_a_class_of_intermediate_nodes_is_no_kind_asked_for(tmp_path: Path) -> None:
    # "Cast member" names nodes no label names (a film's credits): no answer can be one, so it says no kind
    with engine_over(tmp_path, CAST) as rag:
        assert answered(rag, "How many cast members does Low Tide have?") == {"2"}
