"""What the LUBM stand-in (``benchmarks/lubm_graph.py``, a university as the Lehigh University Benchmark's generator
writes one) taught, on a small graph in that layout written here: a relation labelled by the verb its subject does
("teaches") is walked back to who does it; "which students" are of every class below student, and of every class
whose label is "<something> student"; a relation is named by the words of its IRI too ("emailAddress", labelled
"can be reached at"); a label's verb ("*works* for") is named by no noun spelt so ("publications" are works)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG

UB = "http://swat.cse.lehigh.edu/onto/univ-bench.owl#"
GRAPH = f"""@prefix ub: <{UB}> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix d0: <http://www.Department0.University0.edu/> .
@prefix d1: <http://www.Department1.University0.edu/> .
ub:teacherOf a owl:ObjectProperty ; rdfs:label "teaches" ; rdfs:domain ub:Faculty ; rdfs:range ub:Course .
ub:takesCourse a owl:ObjectProperty ; rdfs:label "is taking" .
ub:advisor a owl:ObjectProperty ; rdfs:label "is being advised by" .
ub:emailAddress a owl:DatatypeProperty ; rdfs:label "can be reached at" .
ub:name a owl:DatatypeProperty ; rdfs:label "name" .
ub:worksFor a owl:ObjectProperty ; rdfs:label "Works For" .
ub:publicationAuthor a owl:ObjectProperty ; rdfs:label "was written by" .
ub:Publication a owl:Class ; rdfs:label "publication" .
ub:Student a owl:Class ; rdfs:label "student" .
ub:GraduateStudent a owl:Class ; rdfs:label "graduate student" .
ub:UndergraduateStudent a owl:Class ; rdfs:label "undergraduate student" ; rdfs:subClassOf ub:Student .
ub:Fellow a owl:Class ; rdfs:label "research fellow" ; rdfs:subClassOf ub:Student .
ub:AssistantProfessor a owl:Class ; rdfs:label "assistant professor" .
ub:Course a owl:Class ; rdfs:label "teaching course" .
d0:AssistantProfessor0 a ub:AssistantProfessor ; ub:name "Priya Raman" ; ub:teacherOf d0:Course1 ;
    ub:emailAddress "AssistantProfessor0@Department0.University0.edu" .
d0:AssistantProfessor0 ub:worksFor <http://www.Department0.University0.edu> .
<http://www.Department0.University0.edu> ub:name "Department0" .
d0:Publication0 a ub:Publication ; ub:name "Publication0" ; ub:publicationAuthor d0:AssistantProfessor0 .
d0:Publication1 a ub:Publication ; ub:name "Publication1" ;
    ub:publicationAuthor d0:AssistantProfessor0, d0:GraduateStudent0 .
d0:AssistantProfessor1 a ub:AssistantProfessor ; ub:name "Omar Fadel" ; ub:teacherOf d0:Course0 .
d1:AssistantProfessor0 a ub:AssistantProfessor ; ub:name "Ines Kraal" ; ub:teacherOf d1:Course0, d1:Course1 .
d0:Course0 a ub:Course ; ub:name "Course0" .
d0:Course1 a ub:Course ; ub:name "Course1" .
d1:Course0 a ub:Course ; ub:name "Course0" .
d1:Course1 a ub:Course ; ub:name "Course1" .
d0:GraduateCourse0 a ub:Course ; ub:name "GraduateCourse0" .
d0:GraduateStudent0 a ub:GraduateStudent ; ub:name "Sofia Marchetti" ; ub:advisor d0:AssistantProfessor0 ;
    ub:takesCourse d0:GraduateCourse0 .
d0:UndergraduateStudent0 a ub:UndergraduateStudent ; ub:name "Lucas Bennett" ; ub:advisor d0:AssistantProfessor0 ;
    ub:takesCourse d0:Course1 .
d0:Fellow0 a ub:Fellow ; ub:name "Ada Quist" ; ub:advisor d0:AssistantProfessor0 .
d0:UndergraduateStudent1 a ub:UndergraduateStudent ; ub:name "Mei Tanaka" ; ub:takesCourse d0:Course1, d0:Course0 .
"""


@pytest.fixture(scope="module")
def university(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "lubm", GRAPH)


def test_who_does_what_a_relation_labelled_by_the_verb_says(university: CacheRAG) -> None:
    # "teaches" is said of the teacher: walked back from the course, the plan reaches him — no course "taught"
    assert answered(university, "Who teaches GraduateCourse0?") == set()  # (no one does)
    assert answered(university, "Which courses does Lucas Bennett take?") == {"Course1"}
    assert answered(university, "Who teaches the courses Lucas Bennett takes?") == {"Priya Raman"}


def test_the_members_of_a_kind_include_those_of_its_subclasses_and_of_classes_its_label_heads(
        university: CacheRAG) -> None:
    # Ada Quist is a research fellow, a subclass of student; Sofia Marchetti a "graduate student", which univ-bench
    # makes a student only by an OWL restriction, and its label says so
    assert answered(university, "Which students does Priya Raman advise?") == {
        "Ada Quist", "Lucas Bennett", "Sofia Marchetti"}


def test_a_relation_is_named_by_the_words_of_its_iri_its_label_does_not_say(university: CacheRAG) -> None:
    # univ-bench labels ub:emailAddress "can be reached at"; "takesCourse" ("is taking") lends no class's word
    email = {"AssistantProfessor0@Department0.University0.edu"}
    assert answered(university, "What is Priya Raman's email address?") == email
    assert answered(university, "What's Priya Raman's email?") == email
    assert answered(university, "Which courses does Priya Raman teach?") == {"Course1"}


def test_a_verb_of_a_label_is_named_by_no_noun_of_its_spelling(university: CacheRAG) -> None:
    # "publications" are works, but "Works For" says what someone does: no employer of hers is asked for
    assert answered(university, "How many publications has Priya Raman written?") == {"2"}
