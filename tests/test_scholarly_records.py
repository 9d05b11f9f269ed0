"""What the bibliography stand-in (``benchmarks/scholar_graph.py``, the dblp Knowledge Graph's layout) taught, on a
small graph in that layout written here: a paper labelled in citation form ("A, B: Title. (2019)") is linked by
its title, a column the label holds; "who *wrote* <P>" and "which papers did <E> *write*" ask for the author,
not the venue or the year (writing is publishing in one of its senses); a walk through a creator's signatures is
not picked by the paper it reaches anyway, nor named by a paper's long citation; a plan stopping at nodes the
graph names nowhere (a citation between two papers' identifiers) answers nothing, while an identifier pointing
outside the graph (an ORCID, a DOI) is shown whole and a vocabulary term by its word."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.nodes.grounded import judge
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import legs, qualifier
from cacherag.tools.naming import naming_predicates
from cacherag.tools.sources import open_kg

DBLP = "https://dblp.org/rdf/schema#"
GRAPH = """@prefix dblp: <https://dblp.org/rdf/schema#> .
@prefix pid: <https://dblp.org/pid/> .
@prefix rec: <https://dblp.org/rec/> .
@prefix bibtex: <http://purl.org/net/nknouf/ns/bibtex#> .
@prefix cito: <http://purl.org/spar/cito/> .
@prefix br: <https://w3id.org/oc/meta/br/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
pid:1 a dblp:Person ; rdfs:label "Mira Halvorsen" ; <http://xmlns.com/foaf/0.1/familyName> "Halvorsen" ;
    dblp:primaryAffiliation "University of Tessin" ;
    dblp:orcid <https://orcid.org/0000-0002-1111-2222> ; dblp:authorOf rec:p1, rec:p2 .
pid:2 a dblp:Person ; rdfs:label "Tobias Renner" ; dblp:primaryAffiliation "Carrow Institute" ; dblp:authorOf rec:p1 .
pid:3 a dblp:Person ; rdfs:label "Aiko Tanabe" ; dblp:authorOf rec:p2 ; dblp:editorOf rec:procs .
pid:4 a dblp:Person ; rdfs:label "Daniel Okafor" ; dblp:authorOf rec:p3 ; dblp:editorOf rec:procs .
rec:p1 a dblp:Publication, dblp:Inproceedings ;
    rdfs:label "Mira Halvorsen, Tobias Renner: Tessellated Indexes for Neighbour Search. (2019)" ;
    dblp:title "Tessellated Indexes for Neighbour Search." ; dblp:authoredBy pid:1, pid:2 ; dblp:publishedIn "QUILL" ;
    dblp:yearOfPublication "2019"^^xsd:gYear ; dblp:bibtexType bibtex:Inproceedings ;
    dblp:doi <https://doi.org/10.1000/quill.2019.9> ; dblp:omid br:0601 ; dblp:hasSignature _:a1, _:a2 .
rec:p2 a dblp:Publication, dblp:Inproceedings ;
    rdfs:label "Aiko Tanabe, Mira Halvorsen: Joint Ranking over Graphs and Documents. (2020)" ;
    dblp:title "Joint Ranking over Graphs and Documents." ; dblp:authoredBy pid:3, pid:1 ; dblp:publishedIn "QUILL" ;
    dblp:yearOfPublication "2020"^^xsd:gYear ; dblp:bibtexType bibtex:Inproceedings ;
    dblp:doi <https://doi.org/10.1000/quill.2020.4> ; dblp:omid br:0602 ; dblp:hasSignature _:b1, _:b2 .
rec:p3 a dblp:Publication, dblp:Book ; rdfs:label "Daniel Okafor: Triangle Counting. (2022)" ;
    dblp:title "Triangle Counting." ; dblp:authoredBy pid:4 ; dblp:publishedIn "GRAFT" ;
    dblp:yearOfPublication "2022"^^xsd:gYear ; dblp:bibtexType bibtex:Book ; dblp:omid br:0603 ;
    dblp:hasSignature _:c1 .
rec:procs a dblp:Publication, dblp:Editorship ;
    rdfs:label "Aiko Tanabe, Daniel Okafor (eds.): Proceedings of GRAFT 2022. (2022)" ;
    dblp:title "Proceedings of GRAFT 2022." ; dblp:editedBy pid:3, pid:4 ; dblp:yearOfPublication "2022"^^xsd:gYear ;
    dblp:omid br:0604 ; dblp:hasSignature _:e1, _:e2 .
_:a1 dblp:signatureCreator pid:1 ; dblp:signatureDblpName "Mira Halvorsen" ;
    dblp:signatureOrdinal 1 ; dblp:signaturePublication rec:p1 .
_:a2 dblp:signatureCreator pid:2 ; dblp:signatureDblpName "Tobias Renner" ;
    dblp:signatureOrdinal 2 ; dblp:signaturePublication rec:p1 .
_:b1 dblp:signatureCreator pid:3 ; dblp:signatureDblpName "Aiko Tanabe" ;
    dblp:signatureOrdinal 1 ; dblp:signaturePublication rec:p2 .
_:b2 dblp:signatureCreator pid:1 ; dblp:signatureDblpName "Mira Halvorsen" ;
    dblp:signatureOrdinal 2 ; dblp:signaturePublication rec:p2 .
_:c1 dblp:signatureCreator pid:4 ; dblp:signatureDblpName "Daniel Okafor" ;
    dblp:signatureOrdinal 1 ; dblp:signaturePublication rec:p3 .
_:e1 dblp:signatureCreator pid:3 ; dblp:signatureDblpName "Aiko Tanabe" ;
    dblp:signatureOrdinal 1 ; dblp:signaturePublication rec:procs .
_:e2 dblp:signatureCreator pid:4 ; dblp:signatureDblpName "Daniel Okafor" ;
    dblp:signatureOrdinal 2 ; dblp:signaturePublication rec:procs .
<https://w3id.org/oc/index/ci/0602-0601> a cito:Citation ; cito:hasCitingEntity br:0602 ; cito:hasCitedEntity br:0601 .
"""
LONG_TITLE = "On the Cost of Answering Questions over Graphs That Nobody Has Labelled in Any Language at All"
GRAPH += (f'<https://dblp.org/rec/p4> a dblp:Publication ; rdfs:label "Tobias Renner: {LONG_TITLE}. (2021)" ; '
          f'dblp:title "{LONG_TITLE}." ; dblp:authoredBy pid:2 . pid:2 dblp:authorOf <https://dblp.org/rec/p4> .\n')


@pytest.fixture(scope="module")
def graph_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dblp_file") / "dblp.ttl"
    path.write_text(GRAPH)
    return path


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "dblp", GRAPH)


def test_a_column_the_labels_hold_names_the_labelled_nodes_too(graph_file: Path) -> None:
    found = naming_predicates(open_kg(str(graph_file)))
    assert f"{DBLP}title" in found
    assert f"{DBLP}primaryAffiliation" not in found  # no name: the people's labels do not hold it
    # … nor a part a label ends with ("what is the family name of <E>" asks for it as a relation)
    assert "http://xmlns.com/foaf/0.1/familyName" not in found


@pytest.mark.parametrize(("question", "expected"), [
    ("Who wrote Tessellated Indexes for Neighbour Search?", {"Mira Halvorsen", "Tobias Renner"}),
    ("Who are the authors of Joint Ranking over Graphs and Documents?", {"Aiko Tanabe", "Mira Halvorsen"}),
    ("In what year was Triangle Counting published?", {"2022"}),
    # (a title of twenty words, linked whole)
    (f"Who wrote {LONG_TITLE}?", {"Tobias Renner"}),
])
def test_a_paper_is_linked_by_its_title(rag: CacheRAG, question: str, expected: set[str]) -> None:
    assert answered(rag, question) == expected


def test_writing_names_the_author_not_the_venue(rag: CacheRAG) -> None:
    # (the proceedings Daniel edited he did not write)
    assert answered(rag, "Which books did Daniel Okafor write?") == {"Daniel Okafor: Triangle Counting. (2022)"}
    assert answered(rag, "How many papers has Mira Halvorsen written?") == {"2"}


def test_a_walk_through_signatures_is_not_picked_by_the_paper_it_reaches(graph_file: Path) -> None:
    view = GraphView(open_kg(str(graph_file)))
    # no hop named by a paper's long citation form ("Aiko Tanabe, Daniel Okafor (eds.): Proceedings … signature
    # ordinal"): a thing, not a kind of signature
    assert [e for e in view.schema("<https://dblp.org/pid/3>") if qualifier(e.predicate) is not None] == []
    # a paper of a short name may pick signatures ("Triangle Counting signature ordinal"), but "the signatures
    # whose paper is <P>, then their paper" answers <P> whatever the topic
    picked = [e for e in view.schema("<https://dblp.org/pid/4>") if qualifier(e.predicate) is not None]
    assert picked and all(legs(e.predicate)[1] != f"^<{DBLP}hasSignature>" for e in picked)
    # nor is a signature picked by the name it copies from its creator ("daniel okafor signature creator has"):
    # a name, not a kind of signature
    assert not any(qualifier(e.predicate).startswith('"') for e in picked)


def test_a_plan_stopping_at_nodes_named_nowhere_is_refused(rag: CacheRAG) -> None:
    question = "Which papers cite Tessellated Indexes for Neighbour Search?"
    steps = [{"predicate": f"<{DBLP}omid>", "inverse": False, "label": "omid"},
             {"predicate": "<http://purl.org/spar/cito/hasCitedEntity>", "inverse": True, "label": "has cited entity"}]
    isr = {"topic_mention": "Tessellated Indexes for Neighbour Search", "constraints": ["Which papers cite  ?"],
           "domain": "d", "aspect": "", "aliases": {"omid": "omid", "cite": "has cited entity"}}
    reason = judge(resources(rag.context), question, isr, steps, "<https://dblp.org/rec/p1>")
    assert reason is not None and "no name" in reason


def test_editing_proceedings_is_not_answered_with_the_co_editor(rag: CacheRAG) -> None:
    assert "Daniel Okafor" not in answered(rag, "Which proceedings did Aiko Tanabe edit?")


def test_nodes_the_graph_names_nowhere_are_no_answer(rag: CacheRAG) -> None:
    answer = rag.ask("Which papers cite Tessellated Indexes for Neighbour Search?")
    assert answer.status == "missing"
    assert "0602-0601" not in answer.answer


def test_an_identifier_outside_the_graph_is_shown_whole_a_term_by_its_word(rag: CacheRAG) -> None:
    assert answered(rag, "What is the ORCID of Mira Halvorsen?") == {"https://orcid.org/0000-0002-1111-2222"}
    assert answered(rag, "What is the DOI of Joint Ranking over Graphs and Documents?") == {
        "https://doi.org/10.1000/quill.2020.4"}
    assert answered(rag, "What type of publication is Triangle Counting?") == {"Book"}
