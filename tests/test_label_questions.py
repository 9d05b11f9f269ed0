"""Questions asking for a thing's own names (``nodes/reasoners/label_questions.py``): its label in a language named in
English ("the *French label* of wheat", "what is wheat *in German*"), or its other names in the languages read
("*another name for* maize", "what is maize *also known as*") — read from its labels, which no plan walks; a
language it has no label in, or no other name, is `missing` with its reason; a graph with a relation of that name
answers by the relation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG
from cacherag.nodes.reasoners.label_questions import as_labels_asked
from cacherag.tools.languages import language_tag
from cacherag.tools.linking import Mention

GRAPH = """@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix t: <http://terms.example.org/> .
t:cereals a skos:Concept ; skos:prefLabel "cereals"@en, "céréale"@fr .
t:wheat a skos:Concept ; skos:prefLabel "wheat"@en, "blé"@fr, "Weizen"@de ; skos:broader t:cereals .
t:maize a skos:Concept ; skos:prefLabel "maize"@en, "maïs"@fr ; skos:altLabel "corn"@en, "Kukuruz"@hr ;
    skos:broader t:cereals .
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "names", GRAPH)


@pytest.mark.parametrize(("question", "expected"), [
    ("What is the French label of wheat?", {"blé"}),
    ("What is wheat in German?", {"Weizen"}),
    ("What is the English name for blé?", {"wheat"}),  # linked by its French label
    # its other names in the languages read: not the one shown, nor the French or Croatian ones
    ("What is another name for maize?", {"corn"}),
    ("What is maize also known as?", {"corn"}),
])
def test_a_things_names_are_read_from_its_labels(rag: CacheRAG, question: str, expected: set[str]) -> None:
    assert answered(rag, question) == expected


def test_no_label_in_the_language_is_missing_with_its_reason(rag: CacheRAG) -> None:
    answer = rag.ask("What is the Italian label of wheat?")
    assert answer.status == "missing" and "'it'" in answer.reason
    assert rag.ask("What is another name for wheat?").status == "missing"


def test_the_evidence_is_the_label_statement(rag: CacheRAG) -> None:
    answer = rag.ask("What is the French label of wheat?")
    assert [(e.predicate, e.object) for e in answer.evidence] == [
        ("<http://www.w3.org/2004/02/skos/core#prefLabel>", '"blé"@fr')]


def _mention(question: str, text: str) -> Mention:
    start = question.index(text)
    return Mention(text, start, start + len(text), ("<x>",), "exact", 1.0, True)


def test_only_a_language_or_another_name_is_read_so() -> None:
    assert language_tag("French") == "fr" and language_tag("greek") == "el" and language_tag("full") is None
    for question in ("What is the full name of Ada Quill?", "What is the record label of Ada Quill?",
                     "What is the name of Ada Quill's label?"):
        assert as_labels_asked(question, [_mention(question, "Ada Quill")], ["record label"]) is None
    question = "What is the alternative name of Ada Quill?"
    assert as_labels_asked(question, [_mention(question, "Ada Quill")], []) is not None
    # a graph with a relation so named answers by it (DBpedia's "alternative name")
    assert as_labels_asked(question, [_mention(question, "Ada Quill")], ["alternative name"]) is None
