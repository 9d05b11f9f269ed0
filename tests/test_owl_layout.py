"""What the ontology stand-in (``benchmarks/ontology_graph.py``, the OBO Foundry's OWL layout) taught, on a small
ontology in that layout written here: a class's relations stated as OWL restrictions (blank nodes beside its named
parents under ``rdfs:subClassOf``) are hops named by the property restricted, walked either way and said so; "what
is <E> *part of*" walks a "<noun> of" relation forward, "what is part of <E>" back; "which *diseases* …" keeps the
subclasses of the class "disease" at any depth."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, engine_over, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.tools.kg import is_through, qualifier
from cacherag.tools.terms import humanize

OBO = "http://purl.obolibrary.org/obo/"
GRAPH = """@prefix obo: <http://purl.obolibrary.org/obo/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
obo:BFO_0000050 a owl:ObjectProperty ; rdfs:label "part of" .
obo:RO_0002200 a owl:ObjectProperty ; rdfs:label "has phenotype" .
obo:RO_0004026 a owl:ObjectProperty ; rdfs:label "disease has location" .
obo:DOID_4 a owl:Class ; rdfs:label "disease" .
obo:DOID_1579 a owl:Class ; rdfs:label "respiratory system disease" ; rdfs:subClassOf obo:DOID_4 .
obo:DOID_2841 a owl:Class ; rdfs:label "asthma" ; rdfs:subClassOf obo:DOID_1579 ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:RO_0002200 ; owl:someValuesFrom obo:HP_1 ] ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:RO_0004026 ; owl:someValuesFrom obo:UBERON_4 ] .
obo:DOID_9415 a owl:Class ; rdfs:label "allergic asthma" ; rdfs:subClassOf obo:DOID_2841 ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:RO_0002200 ; owl:someValuesFrom obo:HP_2 ] .
obo:DOID_7 a owl:Class ; rdfs:label "Velmark fever" ; rdfs:subClassOf obo:DOID_4 ;
    <http://www.geneontology.org/formats/oboInOwl#hasRelatedSynonym> "Tessin fever" ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:RO_0002200 ; owl:someValuesFrom obo:HP_3 ] .
obo:HP_0 a owl:Class ; rdfs:label "phenotypic abnormality" .
obo:HP_1 a owl:Class ; rdfs:label "wheezing" ; rdfs:subClassOf obo:HP_0 ;
    <http://www.geneontology.org/formats/oboInOwl#hasOBONamespace> "human_phenotype" .
obo:HP_2 a owl:Class ; rdfs:label "cough" ; rdfs:subClassOf obo:HP_0 .
obo:HP_3 a owl:Class ; rdfs:label "fever" ; rdfs:subClassOf obo:HP_0 .
obo:UBERON_1 a owl:Class ; rdfs:label "anatomical entity" .
obo:UBERON_2 a owl:Class ; rdfs:label "respiratory system" ; rdfs:subClassOf obo:UBERON_1 .
obo:UBERON_3 a owl:Class ; rdfs:label "lung" ; rdfs:subClassOf obo:UBERON_1 ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:BFO_0000050 ; owl:someValuesFrom obo:UBERON_2 ] .
obo:UBERON_4 a owl:Class ; rdfs:label "bronchus" ; rdfs:subClassOf obo:UBERON_1 ;
    rdfs:subClassOf [ a owl:Restriction ; owl:onProperty obo:BFO_0000050 ; owl:someValuesFrom obo:UBERON_3 ] .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "owl", GRAPH)


def test_a_restriction_beside_named_parents_is_a_hop_named_by_its_property(rag: CacheRAG) -> None:
    hops = {(e.label, e.inverse) for e in resources(rag.context).view.schema(f"<{OBO}UBERON_3>")
            if qualifier(e.predicate) == f"<{OBO}BFO_0000050>"}
    # the lung is part of the respiratory system, and the bronchus part of the lung: one relation, both ways round
    assert hops == {("part of", False), ("part of", True)}
    # … and the restrictions' own parts are no relations ("sub class of on property")
    through = [e.label for e in resources(rag.context).view.schema(f"<{OBO}UBERON_3>") if is_through(e.predicate)]
    assert all(label == "part of" for label in through)


def test_a_class_s_parents_are_its_named_superclasses_and_its_subclasses_are_said_in_one_word(rag: CacheRAG) -> None:
    # (the restrictions beside the named parent are no answers; "subclasses" stems as "subclass" does)
    assert answered(rag, "What is asthma a subclass of?") == {"respiratory system disease"}
    assert answered(rag, "What are the subclasses of asthma?") == {"allergic asthma"}


def test_a_noun_of_relation_is_walked_as_the_question_says_it(rag: CacheRAG) -> None:
    assert answered(rag, "What is the lung part of?") == {"respiratory system"}
    assert answered(rag, "What is the bronchus part of?") == {"lung"}
    assert answered(rag, "What is part of the lung?") == {"bronchus"}
    assert answered(rag, "What are the parts of the lung?") == {"bronchus"}


def test_which_diseases_keeps_the_subclasses_of_disease_at_any_depth(rag: CacheRAG) -> None:
    # ("diseases" is the answers' kind, not the "disease has location" of what they reach)
    assert answered(rag, "Which diseases have the phenotype wheezing?") == {"asthma"}
    assert answered(rag, "Which diseases have fever as a phenotype?") == {"Velmark fever"}
    assert answered(rag, "What phenotypes does allergic asthma have?") == {"cough"}


def test_a_synonym_is_another_name_and_an_acronym_one_word(rag: CacheRAG) -> None:
    assert humanize("hasOBONamespace") == "has obo namespace"
    assert answered(rag, "In which namespace is wheezing?") == {"human_phenotype"}
    assert answered(rag, "What is Velmark fever also known as?") == {"Tessin fever"}  # its related synonym
    assert answered(rag, "What are the synonyms of Velmark fever?") == {"Tessin fever"}


def test_a_relation_only_a_restriction_states_is_named_by_a_word_english_derives_from_it(rag: CacheRAG) -> None:
    # "located" names "disease has location", a property no triple has as its predicate; "disease" says its subject
    assert answered(rag, "Where is asthma located?") == {"bronchus"}
    assert answered(rag, "What is located in the bronchus?") == {"asthma"}
    assert answered(rag, "Which diseases are located in the bronchus?") == {"asthma"}


def test_a_remembered_noun_of_plan_is_no_answer_to_the_question_said_the_other_way_round(tmp_path: Path) -> None:
    # the same words in the other order ask the converse: a plan remembered for one is refused for the other, and a
    # hop memory recalls after another question is walked the way the question says it
    with engine_over(tmp_path, GRAPH, learn=True) as rag:
        assert answered(rag, "What is the lung part of?") == {"respiratory system"}
        assert answered(rag, "What is part of the lung?") == {"bronchus"}
        assert answered(rag, "Which diseases are located in the bronchus?") == {"asthma"}
        assert answered(rag, "What is the bronchus part of?") == {"lung"}


def test_a_synonym_names_the_class_and_a_question_may_ask_what_a_name_names(rag: CacheRAG) -> None:
    # an OBO synonym is another name of its class, whatever its label says: it links the class …
    assert answered(rag, "What phenotypes does Tessin fever have?") == {"fever"}
    # … and "which disease is also called <name>" asks for the class the name names
    assert answered(rag, "Which disease is also called Tessin fever?") == {"Velmark fever"}
    assert answered(rag, "Which disease has the related synonym Tessin fever?") == {"Velmark fever"}
    assert answered(rag, "What is Tessin fever another name for?") == {"Velmark fever"}


def test_the_vocabulary_describing_the_graph_is_no_answer(rag: CacheRAG) -> None:
    # an OWL class's type is owl:Class: what kind of disease asthma is, the graph says by its parents, not so
    answer = rag.ask("What type is asthma?")
    assert answer.status == "missing" and "vocabulary" in (answer.reason or "")
