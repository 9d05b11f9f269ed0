"""What the Direct Mapping stand-in (``benchmarks/shop_graph.py``) taught, on small tables mapped here the way the
W3C Direct Mapping maps them: a row's node has no label, a column whose local name ends in "name" (or "title",
"label") and whose values differ names it (a job title repeats: no name); of two on the same rows one names them,
the other stays a relation; a foreign key's reference (``ref-SupplierID``) is named by what it refers to; "who"
is never answered by the key's number beside the reference; a flag column answers "is <P> discontinued?"; a
relation is named "description" in full, not read as the kind of thing ("the *description* of <C>")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.graphs.resources import close_all, resources
from cacherag.tools.naming import naming_predicates
from cacherag.tools.sources import open_kg
from cacherag.tools.terms import relation_text

DB = "http://tables.example.org/"
XSD = "http://www.w3.org/2001/XMLSchema#"
ROWS = {  # table: rows (column: value); "ref-" columns refer to a row of the table named after the column
    "Staff": [
        {"StaffID": 1, "Name": "Ivo Brandt", "Title": "Clerk", "City": "Lorn", "ReportsTo": 2},
        {"StaffID": 2, "Name": "Ada Quell", "Title": "Head Clerk", "City": "Lorn"},
        {"StaffID": 3, "Name": "Oskar Veil", "Title": "Clerk", "City": "Mesk", "ReportsTo": 2},
        {"StaffID": 4, "Name": "Runa Tesh", "Title": "Clerk", "City": "Mesk", "ReportsTo": 2},
    ],
    "Makers": [
        {"MakerID": 1, "CompanyName": "Tidewell Foods", "ContactName": "Hana Roe", "City": "Lorn"},
        {"MakerID": 2, "CompanyName": "Brackmoor Mills", "ContactName": "Emil Stade", "City": "Mesk"},
    ],
    "Kinds": [
        {"KindID": 1, "KindName": "Grains", "Description": "Flours and oats"},
        {"KindID": 2, "KindName": "Preserves", "Description": "Jams and pickles"},
    ],
    "Goods": [
        {"GoodID": 1, "GoodName": "Rye Flour", "MakerID": 2, "KindID": 1, "Discontinued": False},
        {"GoodID": 2, "GoodName": "Plum Jam", "MakerID": 1, "KindID": 2, "Discontinued": True, "Vegan": "yes"},
        {"GoodID": 3, "GoodName": "Oat Flakes", "MakerID": 2, "KindID": 1, "Discontinued": False},
    ],
}
ROWS["Postings"] = [{"PostingID": i, "JobTitle": title}
                    for i, title in enumerate(("Clerk", "Clerk", "Porter", "Clerk"))]
REFERENCES = {"ReportsTo": "Staff", "MakerID": "Makers", "KindID": "Kinds"}


def _term(value: object) -> str:
    if isinstance(value, bool):
        return f'"{str(value).lower()}"^^<{XSD}boolean>'
    return f'"{value}"^^<{XSD}integer>' if isinstance(value, int) else f'"{value}"'


def direct_mapping() -> str:
    lines = []
    for table, rows in ROWS.items():
        key = next(iter(rows[0]))
        for row in rows:
            node = f"<{DB}{table}/{key}={row[key]}>"
            lines.append(f"{node} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{DB}{table}> .")
            for column, value in row.items():
                lines.append(f"{node} <{DB}{table}#{column}> {_term(value)} .")
                if column in REFERENCES and column != key:
                    target = REFERENCES[column]
                    target_key = next(iter(ROWS[target][0]))
                    lines.append(f"{node} <{DB}{table}#ref-{column}> <{DB}{target}/{target_key}={value}> .")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables") / "tables.nt"
    path.write_text(direct_mapping())
    return path


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    with engine_over(tmp_path_factory.mktemp("engine"), direct_mapping(), "tables.nt") as engine:
        yield engine
    close_all()


def test_columns_naming_rows_are_found_one_per_table(tables: Path) -> None:
    names = naming_predicates(open_kg(str(tables)))
    assert {f"{DB}Staff#Name", f"{DB}Kinds#KindName", f"{DB}Goods#GoodName"} <= set(names)
    assert f"{DB}Postings#JobTitle" not in names  # "Clerk" three times: what a posting is for, not which
    assert f"{DB}Staff#Title" not in names
    assert len({f"{DB}Makers#CompanyName", f"{DB}Makers#ContactName"} & set(names)) == 1
    # … the name whose words say the rows' table first ("KindName" of Kinds), before a bare one
    assert names.index(f"{DB}Kinds#KindName") < names.index(f"{DB}Staff#Name")


def test_an_rdflib_graph_finds_the_same_names(tables: Path) -> None:
    # (rdflib is read through its own API: its SPARQL takes seconds over the statements of a larger file)
    assert naming_predicates(open_kg(str(tables), "rdflib")) == naming_predicates(open_kg(str(tables)))


def test_a_graph_whose_nodes_have_labels_gets_no_names_added(tmp_path: Path) -> None:
    path = tmp_path / "labelled.nt"
    path.write_text("".join(f'<{DB}p{i}> <http://www.w3.org/2000/01/rdf-schema#label> "P{i}" .\n'
                            f'<{DB}p{i}> <{DB}fullName> "Person {i}" .\n' for i in range(5)))
    assert naming_predicates(open_kg(str(path))) == []


def test_a_bare_name_things_share_now_and_then_still_names_them(tmp_path: Path) -> None:
    # LUBM names a course "Course0" in each department; a bare title most of whose values repeat stays a relation
    path = tmp_path / "courses.nt"
    names = ("Course0", "Course0", "Course1", "Course1", "Algebra", "Poetry")
    titles = ("Dr", "Dr", "Ms", "Mr", "Prof", "Dr")  # as many differ, and they are no names
    path.write_text("".join(f'<{DB}c{i}> <{DB}name> "{name}" .\n<{DB}p{i}> <{DB}title> "{title}" .\n'
                            for i, (name, title) in enumerate(zip(names, titles, strict=True))))
    assert naming_predicates(open_kg(str(path))) == [f"{DB}name"]


def test_a_reference_is_named_by_what_it_refers_to() -> None:
    assert relation_text("ref-SupplierID") == "supplier"
    assert relation_text("ref-ReportsTo") == "reports to"
    assert relation_text("SupplierID") == "supplier id"


@pytest.mark.parametrize(("question", "expected"), [
    ("Who does Ivo Brandt report to?", {"Ada Quell"}),  # the person, not the key column's "2"
    ("Who reports to Ada Quell?", {"Ivo Brandt", "Oskar Veil", "Runa Tesh"}),
    ("What is Ada Quell's title?", {"Head Clerk"}),
    ("Which kind does Plum Jam belong to?", {"Preserves"}),
    ("Which goods are in the Grains kind?", {"Rye Flour", "Oat Flakes"}),
    ("Which goods does Brackmoor Mills make?", {"Rye Flour", "Oat Flakes"}),
    ("What is the description of the Grains kind?", {"Flours and oats"}),
    ("Is Plum Jam discontinued?", {"yes"}),
    ("Is Rye Flour discontinued?", {"no"}),
    ("In which city is Tidewell Foods located?", {"Lorn"}),
])
def test_questions_over_tables(rag: CacheRAG, question: str, expected: set[str]) -> None:
    answer = rag.ask(question)
    assert answer.status == "answered" and {a.label for a in answer.answers} == expected, answer.reason


@pytest.mark.parametrize("question", [
    "Is Plum Jam expensive?",  # no flag of that name: no check
    "Is Plum Jam vegan?",  # said in words, no flag: true is not looked for among "yes" (that would say no)
    "What is Ivo Brandt's salary?",
    "Who founded Tidewell Foods?",
])
def test_what_the_tables_do_not_say_is_missing(rag: CacheRAG, question: str) -> None:
    assert rag.ask(question).status == "missing"


def test_without_name_columns_rows_are_shown_by_their_keys(tmp_path: Path) -> None:
    with engine_over(tmp_path, direct_mapping(), "tables.nt", name_columns=False) as engine:
        assert f"{DB}Staff#Name" not in resources(engine.context).view.kg.labelling.predicates
        answer = engine.ask("Which kind does Plum Jam belong to?")
    assert "Preserves" not in {a.label for a in answer.answers}
