"""What the protein stand-in (``benchmarks/protein_graph.py``, UniProt's layout) taught, on a small graph in that
layout written here: a node may hold its names in nodes of its own (a protein's recommended and alternative
names, blank nodes with a full and a short name) and have no label; those names link it and show it. Of two name
columns on the same nodes, the one more of them have names them (a taxon's scientific name, not its common one,
which stays a relation to ask about)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, engine_over, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.tools.linking import LabelIndex
from cacherag.tools.naming import name_paths
from cacherag.tools.sources import open_kg

UP = "http://purl.uniprot.org/core/"
GRAPH = """@prefix up: <http://purl.uniprot.org/core/> .
@prefix uniprot: <http://purl.uniprot.org/uniprot/> .
@prefix taxon: <http://purl.uniprot.org/taxonomy/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
uniprot:Q1 a up:Protein ; up:mnemonic "HBX1_HUMAN" ;
    up:recommendedName [ a up:Structured_Name ; up:fullName "Hemoglobin subunit xi" ; up:shortName "Hb-xi" ] ;
    up:alternativeName [ a up:Structured_Name ; up:fullName "Xi-globin" ] ;
    up:encodedBy uniprot:Q1_gene ; up:organism taxon:9606 ;
    up:citation [ a up:Journal_Citation ; up:title "Structure of xi-globin chains" ; up:volume "12" ] ;
    up:sequence <http://purl.uniprot.org/isoforms/Q1-1> ;
    up:annotation <http://purl.uniprot.org/uniprot/Q1#SIP3>, <http://purl.uniprot.org/uniprot/Q1#SIP1> .
<http://purl.uniprot.org/uniprot/Q1#SIP1> a up:Function_Annotation ; rdfs:comment "Carries oxygen to the tissues." .
<http://purl.uniprot.org/isoforms/Q1-1> a up:Simple_Sequence ; rdf:value "MVLSPADKTNVKAAW" ; up:mass 15258 .
<http://purl.uniprot.org/uniprot/Q1#SIP3> a up:Disease_Annotation ; up:disease <http://purl.uniprot.org/diseases/1> .
<http://purl.uniprot.org/diseases/1> a up:Disease ; skos:prefLabel "Xi-thalassemia" .
uniprot:Q1_gene a up:Gene ; skos:prefLabel "HBX1" .
uniprot:Q2 a up:Protein ; up:mnemonic "OXLR4_HUMAN" ;
    up:recommendedName [ a up:Structured_Name ; up:fullName "Orexin-like receptor 4" ] ;
    up:encodedBy uniprot:Q2_gene ; up:organism taxon:9606 ;
    up:sequence <http://purl.uniprot.org/isoforms/Q2-1> ; up:annotation <http://purl.uniprot.org/uniprot/Q2#SIP3> .
<http://purl.uniprot.org/isoforms/Q2-1> a up:Simple_Sequence ; rdf:value "MEPSATPGAQMG" ; up:mass 41200 .
<http://purl.uniprot.org/uniprot/Q2#SIP3> a up:Disease_Annotation ; up:disease <http://purl.uniprot.org/diseases/2> .
<http://purl.uniprot.org/diseases/2> a up:Disease ; skos:prefLabel "Veller syndrome" .
uniprot:Q2_gene a up:Gene ; skos:prefLabel "OXLR4" .
uniprot:Q3 a up:Protein ; up:mnemonic "PBPX_STRPN" ;
    up:recommendedName [ a up:Structured_Name ; up:fullName "Penicillin-binding protein X" ] ;
    up:encodedBy uniprot:Q3_gene ; up:organism taxon:1313 .
uniprot:Q3_gene a up:Gene ; skos:prefLabel "pbpX" .
uniprot:Q4 a up:Protein ; up:mnemonic "SKZ_MOUSE" ;
    up:recommendedName [ a up:Structured_Name ; up:fullName "Serine kinase Z" ] ;
    up:encodedBy uniprot:Q4_gene ; up:organism taxon:10090 .
uniprot:Q4_gene a up:Gene ; skos:prefLabel "Skz" .
up:Function_Annotation rdfs:label "Function Annotation" .
up:Disease_Annotation rdfs:label "Disease Annotation" .
taxon:9606 a up:Taxon ; up:scientificName "Homo sapiens" ; up:commonName "Human" .
taxon:10090 a up:Taxon ; up:scientificName "Mus musculus" ; up:commonName "Mouse" .
taxon:1313 a up:Taxon ; up:scientificName "Streptococcus pneumoniae" .
taxon:562 a up:Taxon ; up:scientificName "Escherichia coli" .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "uniprot", GRAPH)


def test_names_held_in_nodes_of_their_own_are_found_the_way_most_nodes_hold_one_first(rag: CacheRAG) -> None:
    paths = name_paths(resources(rag.context).view.kg)
    assert paths[0] == (f"{UP}recommendedName", f"{UP}fullName")
    # (a citation's title is no name of the protein: the node holding it says more than names)
    assert set(paths) == {(f"{UP}recommendedName", f"{UP}fullName"), (f"{UP}recommendedName", f"{UP}shortName"),
                          (f"{UP}alternativeName", f"{UP}fullName")}


def test_a_node_is_linked_by_the_names_it_holds(rag: CacheRAG) -> None:
    assert answered(rag, "Which gene encodes Hemoglobin subunit xi?") == {"HBX1"}
    assert answered(rag, "Which gene encodes Xi-globin?") == {"HBX1"}  # its alternative name
    assert answered(rag, "Which gene encodes Hb-xi?") == {"HBX1"}  # its short name


def test_a_node_is_shown_by_its_recommended_full_name(rag: CacheRAG) -> None:
    assert answered(rag, "Which proteins come from Streptococcus pneumoniae?") == {"Penicillin-binding protein X"}
    assert answered(rag, "Which protein is encoded by OXLR4?") == {"Orexin-like receptor 4"}


def test_of_two_name_columns_the_one_more_nodes_have_names_them(rag: CacheRAG) -> None:
    assert answered(rag, "Which organism does Orexin-like receptor 4 come from?") == {"Homo sapiens"}
    assert answered(rag, "What is the common name of Mus musculus?") == {"Mouse"}


def test_a_structured_nodes_principal_value_is_what_it_is(rag: CacheRAG) -> None:
    # rdf:value beside the sequence's mass: "the sequence" is its value
    assert answered(rag, "What is the sequence of Hemoglobin subunit xi?") == {"MVLSPADKTNVKAAW"}
    assert answered(rag, "What is the mass of Hemoglobin subunit xi?") == {"15258"}
    assert answered(rag, "What is the price of Hemoglobin subunit xi?") == set()  # "price" names no sequence


def test_a_verb_of_relating_says_only_that_a_relation_holds(rag: CacheRAG) -> None:
    assert answered(rag, "Which diseases is Orexin-like receptor 4 associated with?") == {"Veller syndrome"}
    assert answered(rag, "Which proteins are associated with Xi-thalassemia?") == {"Hemoglobin subunit xi"}
    assert answered(rag, "Which proteins are linked to Veller syndrome?") == {"Orexin-like receptor 4"}
    # (a verb naming something else still asks for it)
    assert answered(rag, "Which proteins are caused by Veller syndrome?") == set()


def test_statement_nodes_are_told_apart_by_their_named_classes(rag: CacheRAG) -> None:
    # the protein's annotations: a function and a disease one, which their classes name; a function's text is its
    # comment
    assert answered(rag, "What is the function of Hemoglobin subunit xi?") == {"Carries oxygen to the tissues."}
    assert answered(rag, "What is the function of Orexin-like receptor 4?") == set()  # it has none


def test_a_frontier_of_blank_nodes_asks_rdflib_nothing_it_fails_on(tmp_path: Path) -> None:
    # (a walk into UniProt's structured names or locations ends at blank nodes, which no query can name: rdflib
    # failed on the empty VALUES block left)
    graph = tmp_path / "uniprot.ttl"
    graph.write_text(GRAPH)
    kg = open_kg(str(graph), "rdflib")
    assert kg.local_schema(["_:b0"]) == []
    assert kg.labels_for(["_:b0"]) == {"_:b0": "_:b0"}


def test_no_name_is_read_inside_a_word_an_underscore_joins() -> None:
    index = LabelIndex([("<http://purl.uniprot.org/uniprot/Q1#gene-HBX1>", "HBX1")])
    assert [m.text for m in index.mentions("Which organism does HBX1 come from?")] == ["HBX1"]
    assert index.mentions("Which organism does HBX1_HUMAN come from?") == []  # a mnemonic, not the gene


def test_the_topics_own_name_is_no_value_to_pick_by(tmp_path: Path) -> None:
    # "PBP-X" names the protein by the short name its name node holds beside the full one; no statement is picked by it
    graph = GRAPH.replace('up:fullName "Penicillin-binding protein X" ]',
                          'up:fullName "Penicillin-binding protein X" ; up:shortName "PBP-X" ]')
    with engine_over(tmp_path, graph) as engine:
        assert answered(engine, "Which gene encodes PBP-X?") == {"pbpX"}
