"""What the YAGO 4.5 stand-in (``benchmarks/yago_graph.py``) taught, on a small graph in that layout written here: a
thing is typed by its most specific class only ("literary award", "order (honour)"), the classes above it stated in
the taxonomy alone, and "which *awards*" names the class both are a subclass of, keeping both; an alternate name
(``schema:alternateName``) names a labelled thing too."""

from __future__ import annotations

from pathlib import Path

from engines import answered, engine_over

GRAPH = """@prefix yago: <http://yago-knowledge.org/resource/> .
@prefix schema: <http://schema.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
yago:Orla_Venn a yago:Novelist ; rdfs:label "Orla Venn"@en ;
    schema:award yago:Halvren_Prize, yago:Order_of_the_Silver_Gull ; schema:birthPlace yago:Brennholm .
yago:Halvren_Prize a yago:Literary_award ; rdfs:label "Halvren Prize"@en .
yago:Order_of_the_Silver_Gull a yago:Order__u0028_honour_u0029_ ; rdfs:label "Order of the Silver Gull"@en .
yago:Per_Lund a yago:Novelist ; rdfs:label "Per Lund"@en ; schema:award yago:Order_of_the_Silver_Gull .
yago:Zinaida_Varova a yago:Actor ; rdfs:label "Zinaida Varova"@en ; schema:alternateName "Sinaida Varrova"@en .
yago:Lantern a yago:Drama_film ; rdfs:label "Lantern"@en ; schema:actor yago:Zinaida_Varova .
yago:Brennholm a yago:Town ; rdfs:label "Brennholm"@en .
yago:Literary_award rdfs:subClassOf yago:Award ; rdfs:label "literary award"@en .
yago:Order__u0028_honour_u0029_ rdfs:subClassOf yago:Award ; rdfs:label "order"@en .
yago:Award rdfs:subClassOf schema:Intangible ; rdfs:label "award"@en .
yago:Novelist rdfs:subClassOf schema:Person ; rdfs:label "novelist"@en .
yago:Town rdfs:subClassOf schema:Place ; rdfs:label "town"@en .
"""


def test_a_class_only_the_taxonomy_states_names_what_its_subclasses_type(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH) as rag:
        assert answered(rag, "Which awards did Orla Venn receive?") == {"Halvren Prize", "Order of the Silver Gull"}
        assert answered(rag, "Which awards did Per Lund receive?") == {"Order of the Silver Gull"}


def test_an_alternate_name_names_a_labelled_thing(tmp_path: Path) -> None:
    from rdflib import Graph

    from cacherag.tools.naming import named
    from cacherag.tools.rdflib_backend import RdflibKG

    kg = named(RdflibKG(Graph().parse(data=GRAPH, format="turtle")))
    assert "http://schema.org/alternateName" in kg.labelling.predicates  # a label predicate, though things have labels
    with engine_over(tmp_path, GRAPH) as rag:
        assert answered(rag, "Which films did Sinaida Varrova act in?") == {"Lantern"}
