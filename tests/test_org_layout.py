"""What the W3C ORG stand-in (``benchmarks/org_graph.py``: an organisation's staff directory) taught, on a small graph
in that layout written here: a person a directory names only by a given and a family name (FOAF's ``givenName`` and
``familyName``, no label) is shown and linked by both, in that order, while a person with a label keeps it; "the *post*
of <E>", <E> being a post, says what <E> is, as "the post <E>" does."""

from __future__ import annotations

from pathlib import Path

from engines import answered, engine_over

from cacherag.tools.naming import name_parts

GRAPH = """@prefix org: <http://www.w3.org/ns/org#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
<http://x.org/post/5> a org:Post ; skos:prefLabel "Director of Fisheries"@en ; org:heldBy <http://x.org/person/8> ;
    org:postIn <http://x.org/unit/2> .
<http://x.org/unit/1> a org:OrganizationalUnit ; skos:prefLabel "Coastal Defence Team"@en .
<http://x.org/unit/2> a org:OrganizationalUnit ; skos:prefLabel "Flood Forecasting Team"@en .
<http://x.org/person/7> a foaf:Person ; foaf:givenName "Owen" ; foaf:familyName "Gallagher" ;
    org:memberOf <http://x.org/unit/1> ; vcard:hasEmail <mailto:owen.gallagher@x.org> .
<http://x.org/person/8> a foaf:Person ; foaf:givenName "Mei" ; foaf:familyName "Zhou" ;
    org:memberOf <http://x.org/unit/2> .
<http://x.org/person/9> a foaf:Person ; rdfs:label "Clara Whitfield" ; foaf:givenName "Clara" ;
    foaf:familyName "Whitfield-Ross" ; org:memberOf <http://x.org/unit/1> .
"""


def test_given_and_family_names_are_the_parts_of_one_name(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH) as rag:
        members = answered(rag, "Who are the members of the Coastal Defence Team?")
        assert members == {"Owen Gallagher", "Clara Whitfield"}
        assert answered(rag, "Which team is Mei Zhou a member of?") == {"Flood Forecasting Team"}


def test_name_parts_are_told_by_their_local_names() -> None:
    from rdflib import Graph

    from cacherag.tools.rdflib_backend import RdflibKG

    graph = Graph().parse(data=GRAPH, format="turtle")
    kg = RdflibKG(graph, name="org")
    foaf = "http://xmlns.com/foaf/0.1/"
    assert name_parts(kg, [f"{foaf}familyName", f"{foaf}givenName", f"{foaf}name"]) == [
        (f"{foaf}givenName", f"{foaf}familyName")]


def test_the_class_of_the_named_thing_before_of_says_what_it_is(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH) as rag:
        assert answered(rag, "Who holds the post of Director of Fisheries?") == {"Mei Zhou"}


def test_an_unlabelled_node_is_shown_by_its_name_parts_where_the_labelling_was_not_told() -> None:
    # (an endpoint's labelling is never searched for name columns: its answers are still shown by name)
    from rdflib import Graph

    from cacherag.tools.rdflib_backend import RdflibKG

    kg = RdflibKG(Graph().parse(data=GRAPH, format="turtle"), name="org")
    assert kg.labelling.joined == ()
    assert kg.labels_for(["<http://x.org/person/7>", "<http://x.org/person/9>"]) == {
        "<http://x.org/person/7>": "Owen Gallagher", "<http://x.org/person/9>": "Clara Whitfield"}


def test_a_node_without_name_parts_is_asked_about_once() -> None:
    from rdflib import Graph

    from cacherag.tools.rdflib_backend import RdflibKG

    class Counting(RdflibKG):
        asked: list[str] = []

        def _select(self, query: str) -> list[dict[str, str]]:
            self.asked.append(query)
            return super()._select(query)

    kg = Counting(Graph().parse(data=GRAPH + "<http://x.org/statement/1> <http://x.org/p> 5 .", format="turtle"))
    node = "<http://x.org/statement/1>"
    first = kg.labels_for([node])
    asked = len(kg.asked)
    assert kg.labels_for([node]) == first and len(kg.asked) == asked + 1  # the label query only, not the parts one
