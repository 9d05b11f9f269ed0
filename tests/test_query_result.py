"""`CacheRAG.query` results: len(), iteration, truth and a short repr, whatever the size."""

from __future__ import annotations

from cacherag.tools.sources import open_kg


def test_select_rows_count_iterate_and_print_short() -> None:
    kg = open_kg("demo")
    every = kg.query("SELECT ?s ?p ?o WHERE { ?s ?p ?o }")
    assert len(every) == kg.triple_count() == len(list(every)) and every.rows is not None
    assert next(iter(every)) == every.rows[0]
    text = repr(every)
    assert text.startswith(f"QueryResult(SELECT, {len(every)} rows, first: {{") and len(text) < 200
    none = kg.query("SELECT ?s WHERE { ?s <http://nowhere/p> ?o }")
    assert len(none) == 0 and not none and repr(none) == "QueryResult(SELECT, 0 rows)"


def test_ask_is_its_boolean_and_construct_its_triples() -> None:
    kg = open_kg("demo")
    yes, no = kg.query("ASK { ?s ?p ?o }"), kg.query("ASK { ?s <http://nowhere/p> ?o }")
    assert yes and not no and list(yes) == [True] and repr(no) == "QueryResult(ASK, False)"
    built = kg.query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 3")
    assert len(built) == 3 and all(len(triple) == 3 for triple in built)
    assert repr(built).startswith("QueryResult(CONSTRUCT, 3 triples, first: (")
