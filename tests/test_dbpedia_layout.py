"""A graph stated the way a DBpedia extract is (``benchmarks/books_graph.py``): properties named only by their
camel-case local names, no property or class labelled. A question word that is one of a relation's words ("the
*genre*" of ``dbo:literaryGenre``) names it once, as the word it is: the one hop the plan follows accounts for it.
A node named before the noun of a class ("which *science fiction* books did <E> publish") keeps the answers that have
it, by the relation most things have it by. A way of getting ("which awards did <E> *receive*") says how <E> has
what the noun names, where that noun names the relation ("award")."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lexicon import assert_cold_answer

BOOKS = """
@prefix dbo: <http://dbpedia.org/ontology/> .
@prefix dbr: <http://dbpedia.org/resource/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
dbr:Drift_Atlas a dbo:Book ; rdfs:label "Drift Atlas"@en ; dbo:literaryGenre dbr:Poetry ; dbo:author dbr:Tobiah_Wren ;
    dbo:numberOfPages "150"^^xsd:positiveInteger .
dbr:Harbor_of_Glass a dbo:Book ; rdfs:label "Harbor of Glass"@en ; dbo:literaryGenre dbr:Poetry .
dbr:Poetry a dbo:Genre ; rdfs:label "Poetry"@en .  dbr:Science_fiction a dbo:Genre ; rdfs:label "Science fiction"@en .
dbr:Nine_Lanterns a dbo:Book ; rdfs:label "Nine Lanterns"@en ; dbo:literaryGenre dbr:Science_fiction .
dbr:Drift_Atlas dbo:publisher dbr:Greyfell_Press .  dbr:Nine_Lanterns dbo:publisher dbr:Greyfell_Press .
dbr:Greyfell_Press a dbo:Publisher ; rdfs:label "Greyfell Press"@en .
dbr:Tobiah_Wren a dbo:Writer ; rdfs:label "Tobiah Wren"@en ; dbo:birthPlace dbr:Castra ; dbo:award dbr:Orrin_Medal .
dbr:Orrin_Medal a dbo:Award ; rdfs:label "Orrin Medal"@en .
dbr:Castra a dbo:City ; rdfs:label "Castra"@en .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("What is the genre of Drift Atlas?", {"Poetry"}),
    ("What is the literary genre of Drift Atlas?", {"Poetry"}),
    ("How many pages does Drift Atlas have?", {"150"}),
    ("Where was the author of Drift Atlas born?", {"Castra"}),
    ("Who is the illustrator of Drift Atlas?", None),
    ("Which books did Greyfell Press publish?", {"Drift Atlas", "Nine Lanterns"}),
    ("Which science fiction books did Greyfell Press publish?", {"Nine Lanterns"}),
    ("Which poetry books did Greyfell Press publish?", {"Drift Atlas"}),
    ("Which Greyfell Press books are there?", {"Drift Atlas", "Nine Lanterns"}),  # its publisher's, or it
    # a way of getting what the noun names says how the topic has it
    ("Which awards did Tobiah Wren receive?", {"Orrin Medal"}),
    ("Which awards did Tobiah Wren win?", {"Orrin Medal"}),
    ("Which awards did Tobiah Wren refuse?", None),  # a deed of its own: no relation of the graph says it
])
def test_camel_case_properties_are_named_by_their_words(tmp_path: Path, question: str,
                                                        answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, BOOKS, question, answers)
