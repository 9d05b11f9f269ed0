"""What the museum stand-in (``benchmarks/museum_graph.py``, Linked Art's CIDOC-CRM layout) taught, on a small graph in
that layout written here: properties named only by local names carrying their vocabulary's code
("P14_carried_out_by") are named by their words; a value picking statements, named with a gloss in brackets
("painting (image-making)"), names the hop by its name alone; of a dimension's value and unit, "the height of <E>"
asks for the value."""

from __future__ import annotations

from pathlib import Path

from engines import answered, engine_over

from cacherag.tools.terms import relation_text

GRAPH = """@prefix crm: <http://www.cidoc-crm.org/cidoc-crm/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix aat: <http://vocab.getty.edu/aat/> .
@prefix ex: <https://museum.example.org/> .
ex:harbour a crm:E22_Human-Made_Object ; rdfs:label "The Salt Harbour" ;
    crm:P108i_was_produced_by [ a crm:E12_Production ; crm:P14_carried_out_by ex:marwen ;
        crm:P32_used_general_technique aat:300054216 ; crm:P7_took_place_at ex:kellhaven ] ;
    crm:P43_has_dimension [ a crm:E54_Dimension ; crm:P2_has_type aat:300055644 ; crm:P90_has_value 64.5 ;
        crm:P91_has_unit aat:300379098 ] ,
      [ a crm:E54_Dimension ; crm:P2_has_type aat:300055647 ; crm:P90_has_value 80.0 ;
        crm:P91_has_unit aat:300379098 ] .
ex:ferry a crm:E22_Human-Made_Object ; rdfs:label "Winter Ferry at Osk" ;
    crm:P108i_was_produced_by [ a crm:E12_Production ; crm:P14_carried_out_by ex:ashby ;
        crm:P32_used_general_technique aat:300054216 ; crm:P7_took_place_at ex:osk ] ;
    crm:P43_has_dimension [ a crm:E54_Dimension ; crm:P2_has_type aat:300055644 ; crm:P90_has_value 112 ;
        crm:P91_has_unit aat:300379098 ] ,
      [ a crm:E54_Dimension ; crm:P2_has_type aat:300055647 ; crm:P90_has_value 90 ;
        crm:P91_has_unit aat:300379098 ] .
ex:lights a crm:E22_Human-Made_Object ; rdfs:label "Harbour Lights" ;
    crm:P108i_was_produced_by [ a crm:E12_Production ; crm:P14_carried_out_by ex:ashby ;
        crm:P32_used_general_technique aat:300053241 ; crm:P7_took_place_at ex:osk ] .
ex:marwen a crm:E21_Person ; rdfs:label "Ilse Marwen" .
ex:ashby a crm:E21_Person ; rdfs:label "Corvin Ashby" .
ex:kellhaven a crm:E53_Place ; rdfs:label "Kellhaven" .
ex:osk a crm:E53_Place ; rdfs:label "Osk" .
aat:300054216 a crm:E55_Type ; rdfs:label "painting (image-making)" .
aat:300053241 a crm:E55_Type ; rdfs:label "etching (printing process)" .
aat:300055644 a crm:E55_Type ; rdfs:label "height" .
aat:300055647 a crm:E55_Type ; rdfs:label "width" .
aat:300379098 a crm:E58_Measurement_Unit ; rdfs:label "centimeters" .
"""


def test_a_property_named_with_its_vocabulary_s_code_is_named_by_its_words() -> None:
    assert relation_text("P14_carried_out_by") == "carried out by"
    assert relation_text("P108i_was_produced_by") == "was produced by"
    assert relation_text("P31") == "p31"  # (a code alone is all the name there is)


def test_a_gloss_in_brackets_is_no_word_of_the_value_picking_statements(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH, learn=True) as rag:
        assert answered(rag, "Where was Winter Ferry at Osk painted?") == {"Osk"}
        # "made" is no word of "painting (image-making)": the place a painting was made is not what it is made of
        assert answered(rag, "What is The Salt Harbour made of?") == set()


def test_the_height_of_a_thing_is_its_value_not_its_unit(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH, learn=True) as rag:
        assert answered(rag, "How tall is Winter Ferry at Osk?") == {"112"}
        assert answered(rag, "What is the height of The Salt Harbour?") == {"64.5"}
        assert answered(rag, "In which unit is the height of The Salt Harbour given?") in ({"centimeters"}, set())
