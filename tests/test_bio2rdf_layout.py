"""What the drug stand-in (``benchmarks/pharma_graph.py``, Bio2RDF's DrugBank layout) taught, on a small graph in that
layout written here: a label repeating the node's own identifier ("Veloxaprin [drugbank:DB90001]") names it without
that tail, relations too; statement nodes a label spells out ("Molecular Weight: 212.2", "DDI between A and B") are
answers and ways through alike; "which *drugs* target <E>" asks for drugs (no value "Drug", no class word before
<E>) and "which drugs does <E> *interact* with" by the interactions, not by a relation the wh-noun names; "how many
targets" counts the "target" links; a word for a name names no "gene name"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.tools.terms import label_text

B2R = "http://bio2rdf.org/"
GRAPH = """@prefix db: <http://bio2rdf.org/drugbank:> .
@prefix dt: <http://bio2rdf.org/drugbank_target:> .
@prefix dr: <http://bio2rdf.org/drugbank_resource:> .
@prefix v: <http://bio2rdf.org/drugbank_vocabulary:> .
@prefix b2v: <http://bio2rdf.org/bio2rdf_vocabulary:> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
v:Drug rdfs:label "Drug [drugbank_vocabulary:Drug]"@en ; dct:title "Drug"@en ; b2v:identifier "Drug" .
v:Target rdfs:label "Target [drugbank_vocabulary:Target]"@en ; dct:title "Target"@en ; b2v:identifier "Target" .
v:target rdfs:label "target [drugbank_vocabulary:target]"@en .
v:gene-name rdfs:label "gene-name [drugbank_vocabulary:gene-name]"@en .
db:D1 a v:Drug ; rdfs:label "Veloxaprin [drugbank:D1]"@en ; dct:title "Veloxaprin"@en ; b2v:identifier "D1" ;
    v:target dt:T1, dt:T2 ; v:enzyme dt:T9 ; v:calculated-property dr:cp1, dr:cp2 ; v:ddi-interactor-in dr:D1_D2 ;
    v:ddi-interactor-in dr:D1_D3 ; v:half-life "3 hours" ; v:dosage dr:dose1 ; v:experimental-property dr:ep1 ;
    v:brand "Veloxin", "Painaway" .
db:D2 a v:Drug ; rdfs:label "Tarnazol [drugbank:D2]"@en ; dct:title "Tarnazol"@en ; b2v:identifier "D2" ;
    v:target dt:T3 ; v:enzyme dt:T9 ; v:calculated-property dr:cp3 ; v:ddi-interactor-in dr:D1_D2, dr:D2_D4 .
db:D3 a v:Drug ; rdfs:label "Quelamide [drugbank:D3]"@en ; dct:title "Quelamide"@en ; b2v:identifier "D3" ;
    v:target dt:T4 ; v:calculated-property dr:cp4 ; v:ddi-interactor-in dr:D1_D3 .
db:D4 a v:Drug ; rdfs:label "Orvistatin [drugbank:D4]"@en ; dct:title "Orvistatin"@en ; b2v:identifier "D4" ;
    v:target dt:T5 ; v:ddi-interactor-in dr:D2_D4 .
dt:T1 a v:Target ; rdfs:label "Prostanoid synthase 3 [drugbank_target:T1]"@en ; v:gene-name "PTGS3X" .
dt:T2 a v:Target ; rdfs:label "Thromboxane receptor B [drugbank_target:T2]"@en ; v:gene-name "TBXRB" .
dt:T3 a v:Target ; rdfs:label "Vitamin K epoxide reductase 2 [drugbank_target:T3]"@en ; v:gene-name "VKOR2X" .
dt:T4 a v:Target ; rdfs:label "Hepatic kinase activator 1 [drugbank_target:T4]"@en ; v:gene-name "HKA1" .
dt:T5 a v:Target ; rdfs:label "Sterol reductase 5 [drugbank_target:T5]"@en ; v:gene-name "SRD5X" .
dt:T6 a v:Target ; rdfs:label "Average protein 4 [drugbank_target:T6]"@en ; v:gene-name "AVGK" .
dt:T9 a v:Target ; rdfs:label "Cytochrome P450 9Z1 [drugbank_target:T9]"@en ; v:gene-name "CYP9Z1" .
dr:D1_D2 rdfs:label "DDI between Veloxaprin and Tarnazol - more bleeding [drugbank_resource:D1_D2]"@en .
dr:D1_D3 rdfs:label "DDI between Veloxaprin and Quelamide - lower blood sugar [drugbank_resource:D1_D3]"@en .
dr:D2_D4 rdfs:label "DDI between Tarnazol and Orvistatin - slower metabolism [drugbank_resource:D2_D4]"@en .
dr:D1_T1 rdfs:label "drug-target interaction Veloxaprin and Prostanoid synthase 3 [drugbank_resource:D1_T1]"@en ;
    a v:Drug-Target-Interaction ; v:drug db:D1 ; v:target dt:T1 ; v:action "inhibitor" .
dr:D2_T3 rdfs:label "drug-target interaction Tarnazol and Vitamin K epoxide reductase 2 [drugbank_resource:D2_T3]"@en ;
    a v:Drug-Target-Interaction ; v:drug db:D2 ; v:target dt:T3 ; v:action "inhibitor" .
dr:ep1 rdfs:label "Melting Point: 141 C [drugbank_resource:ep1]"@en ; v:value "141 C" ; v:experimental-property v:mp .
v:mp rdfs:label "Melting Point [drugbank_vocabulary:mp]"@en .
<http://ex.org/p1> rdfs:label "Dalia Fenwright" ; <http://xmlns.com/foaf/0.1/givenName> "Dalia" ;
    <http://xmlns.com/foaf/0.1/familyName> "Fenwright" ; <http://ex.org/prize> <http://ex.org/lit1999> .
<http://ex.org/lit1999> rdfs:label "The Orrin Prize in Literature 1999" ; <http://ex.org/year> "1999" ;
    <http://ex.org/category> <http://ex.org/literature> ; <http://ex.org/laureate> <http://ex.org/p1> .
<http://ex.org/literature> rdfs:label "Literature" .
dr:dose1 rdfs:label "Tablet by Oral [drugbank_resource:dose1]"@en ; v:route v:oral ; v:form v:tablet .
v:oral rdfs:label "Oral [drugbank_vocabulary:oral]"@en .
v:tablet rdfs:label "Tablet [drugbank_vocabulary:tablet]"@en .
v:mw rdfs:label "Molecular Weight [drugbank_vocabulary:mw]"@en .
v:logp rdfs:label "logP [drugbank_vocabulary:logp]"@en .
dr:cp1 rdfs:label "Molecular Weight: 212.2 from ChemAxon [drugbank_resource:cp1]"@en ; v:value "212.2" ;
    v:calculated-property v:mw .
dr:cp2 rdfs:label "logP: 1.4 from ChemAxon [drugbank_resource:cp2]"@en ; v:value "1.4" ; v:calculated-property v:logp .
dr:cp3 rdfs:label "Molecular Weight: 308.3 from ChemAxon [drugbank_resource:cp3]"@en ; v:value "308.3" ;
    v:calculated-property v:mw .
dr:cp4 rdfs:label "Molecular Weight: 129.2 from ChemAxon [drugbank_resource:cp4]"@en ; v:value "129.2" ;
    v:calculated-property v:mw .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "bio2rdf", GRAPH)


def test_a_bracketed_tail_repeating_the_nodes_own_id_is_no_part_of_its_name() -> None:
    node = f"<{B2R}drugbank:DB90001>"
    assert label_text(node, '"Veloxaprin [drugbank:DB90001]"@en') == "Veloxaprin"
    assert label_text("<http://www.wikidata.org/entity/Q42>", '"Douglas Adams (Q42)"') == "Douglas Adams"
    # the node's id must be whole, and the node's own: a number in a name stays
    assert label_text("<http://example.org/Henry_1>", '"Henry (1)"') == "Henry (1)"
    assert label_text("<https://dblp.org/rec/conf/graft/2022>", '"Proceedings. (2022)"') == "Proceedings. (2022)"
    assert label_text(node, '"Veloxaprin [drugbank:DB90002]"@en') == "Veloxaprin [drugbank:DB90002]"


def test_answers_and_relations_are_shown_by_their_names(rag: CacheRAG) -> None:
    answer = rag.ask("What are the targets of Veloxaprin?")
    assert {a.label for a in answer.answers} == {"Prostanoid synthase 3", "Thromboxane receptor B"}
    labels = resources(rag.context).view.predicate_labels
    assert labels[f"<{B2R}drugbank_vocabulary:target>"] == "target"
    assert labels[f"<{B2R}drugbank_vocabulary:brand>"] == "brand"  # unlabelled: its name, less the prefix left in it


def test_a_value_spelt_out_by_a_statement_node_is_asked_through_it(rag: CacheRAG) -> None:
    assert answered(rag, "What is the molecular weight of Veloxaprin?") == {"212.2"}
    assert answered(rag, "What is the logP of Veloxaprin?") == {"1.4"}
    assert answered(rag, "What is the molecular weight of Orvistatin?") == set()  # it has none
    # (the property's kind is linked by the property's own name: what it leads to from another property node is
    # one step further, no statement node)
    assert answered(rag, "What is the melting point of Veloxaprin?") == {"141 C"}


def test_a_statement_node_both_sides_point_to_joins_them(rag: CacheRAG) -> None:
    assert answered(rag, "Which drugs interact with Tarnazol?") == {"Veloxaprin", "Orvistatin"}
    assert answered(rag, "Which drugs does Veloxaprin interact with?") == {"Tarnazol", "Quelamide"}


def test_statement_nodes_are_told_from_entities_by_whether_their_labels_spell_out_what_they_link(rag: CacheRAG) -> None:
    view = resources(rag.context).view
    assert view.verbalized(f"<{B2R}drugbank_vocabulary:calculated-property>", False)
    assert view.verbalized(f"<{B2R}drugbank_vocabulary:ddi-interactor-in>", False)
    assert not view.verbalized(f"<{B2R}drugbank_vocabulary:target>", False)  # targets are named, not spelt
    # a person's label spells her given and family names: parts of a name, not of a statement
    assert not view.verbalized("<http://ex.org/laureate>", False)
    assert view.verbalized("<http://ex.org/prize>", False)  # "The Orrin Prize in Literature 1999"


def test_a_verb_before_a_leg_into_statement_nodes_named_in_full_is_how_they_are_had(rag: CacheRAG) -> None:
    # "win the *prize*": the prize's year through it, the prize named in full
    assert answered(rag, "In what year did Dalia Fenwright win the prize?") == {"1999"}


def test_which_drugs_target_a_target_asks_for_drugs(rag: CacheRAG) -> None:
    # "drugs" is no value "Drug" of the drugs' identifier, and "target" before a Target is the verb, not its kind
    assert answered(rag, "Which drugs target Vitamin K epoxide reductase 2?") == {"Tarnazol"}
    assert answered(rag, "Which drugs target Sterol reductase 5?") == {"Orvistatin"}
    state = rag.graph.invoke({"question": "Which drugs target Sterol reductase 5?"}, context=rag.context)
    assert "target" in state["isr"]["constraints"][0]  # what a remembered plan is judged against keeps the verb


def test_how_many_counts_the_relation_its_noun_names(rag: CacheRAG) -> None:
    # Veloxaprin's enzyme is a Target too; "targets" names the "target" links, two
    assert answered(rag, "How many targets does Veloxaprin have?") == {"2"}


def test_a_word_for_a_name_names_no_relation_it_is_part_of(rag: CacheRAG) -> None:
    assert answered(rag, "What is the name of the target of Quelamide?") == {"Hepatic kinase activator 1"}
    assert answered(rag, "What is the gene name of Sterol reductase 5?") == {"SRD5X"}
    assert answered(rag, "What are the brand names of Veloxaprin?") == {"Veloxin", "Painaway"}


def test_an_extreme_or_a_mean_asks_for_a_number(rag: CacheRAG) -> None:
    assert answered(rag, "What are the dosages of Veloxaprin?") == {"Tablet by Oral"}
    assert answered(rag, "What is the maximum daily dose of Veloxaprin?") == set()  # no dosage form
    assert answered(rag, "What is the gene name of Average protein 4?") == {"AVGK"}  # a name asks for no mean
