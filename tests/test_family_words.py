"""A family graph labelled the way Wikidata is (father, mother, sibling, spouse), asked in everyday words it does not
say, cold: parents are fathers and mothers, someone's father is never whom they fathered, a sister or a brother is
a sibling (WordNet files "male sibling" under "male relative" only; a compound is a kind of its head noun),
whoever someone is married to or married is their spouse ("married person" is one of WordNet's names for a
spouse), a word names by its first sense before its rarer ones ("sister" is a fellow member only in a union, and
the graph has members), and what the graph does not hold stays `missing`."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lexicon import assert_cold_answer

from cacherag.tools.errors import QueryTimeoutError
from cacherag.tools.graph_view import GraphView
from cacherag.tools.sources import open_kg

FAMILY = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:father rdfs:label "father" .  ex:mother rdfs:label "mother" .  ex:sibling rdfs:label "sibling" .
ex:spouse rdfs:label "spouse" .  ex:memberOf rdfs:label "member of" .
ex:ann rdfs:label "Ann Hale" .  ex:bob rdfs:label "Bob Hale" .  ex:cal rdfs:label "Cal Varga" .
ex:eve rdfs:label "Eve Hale" .  ex:gil rdfs:label "Gil Hale" .  ex:guild rdfs:label "Hale Guild" .
ex:ann ex:sibling ex:bob .  ex:bob ex:sibling ex:ann .
ex:ann ex:spouse ex:cal .  ex:cal ex:spouse ex:ann .
ex:ann ex:father ex:gil .  ex:bob ex:father ex:gil .  ex:ann ex:mother ex:eve .  ex:bob ex:mother ex:eve .
ex:ann ex:memberOf ex:guild .  ex:cal ex:memberOf ex:guild .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("Who is Ann Hale's brother?", {"Bob Hale"}),
    ("Who is Bob Hale's sister?", {"Ann Hale"}),
    ("Who is Ann Hale married to?", {"Cal Varga"}),
    ("Who did Cal Varga marry?", {"Ann Hale"}),
    ("Who is Bob Hale's mother?", {"Eve Hale"}),
    ("Who is Bob Hale married to?", None),  # no spouse in the graph
    ("Who is Cal Varga's sister?", None),  # no sibling; the guild's other member is no sister
    ("Who is Ann Hale's uncle?", None),
    ("Who did Bob Hale marry?", None),
    # "father" and "mother" are kinds of "parent": the graph's parents are either
    ("Who are Ann Hale's parents?", {"Gil Hale", "Eve Hale"}),
    ("Who are the parents of Bob Hale?", {"Gil Hale", "Eve Hale"}),
    ("Who is Ann Hale's father?", {"Gil Hale"}),  # the relation named is still the one walked
    ("Who are Cal Varga's parents?", None),  # neither stated
])
def test_family_words_name_the_graph_s_relations(tmp_path: Path, question: str, answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, FAMILY, question, answers)


PEOPLE = FAMILY + "ex:Person rdfs:label \"person\" .\n" + "".join(
    f"ex:{name} a ex:Person .\n" for name in ("ann", "bob", "cal", "eve", "gil"))


@pytest.mark.parametrize(("question", "answers"), [
    # a father has several children, no one two fathers: "X's father" is never whom X fathered
    ("Who is Gil Hale's father?", None),
    ("Who is the mother of Eve Hale?", None),
    ("Who is Ann Hale's grandmother?", None),  # her parents' mothers, not her mother's other children
    ("Whose father is Gil Hale?", {"Ann Hale", "Bob Hale"}),
    ("Who is Gil Hale the father of?", {"Ann Hale", "Bob Hale"}),
    ("Who is Ann Hale's father?", {"Gil Hale"}),
])
def test_a_relation_running_one_way_is_not_read_backwards(tmp_path: Path, question: str,
                                                          answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, PEOPLE, question, answers)


def _unions(tmp_path: Path, turtle: str, use_lexicon: bool = True) -> dict[str, str]:
    graph = tmp_path / "graph.ttl"
    graph.write_text(turtle)
    return GraphView(open_kg(str(graph)), use_lexicon=use_lexicon).unions


def test_relations_of_one_kind_stated_of_the_same_people_are_offered_as_one(tmp_path: Path) -> None:
    ex = "http://example.org/"
    # sibling and spouse are kinds of relative too, but so are father and mother: no partial "relatives"
    assert _unions(tmp_path, FAMILY) == {f"(<{ex}father>|<{ex}mother>)": "parent"}
    assert _unions(tmp_path, FAMILY, use_lexicon=False) == {}
    # a graph saying "parents" itself keeps that relation for the word
    own = FAMILY + 'ex:parents rdfs:label "parents" .  ex:ann ex:parents ex:gil .\n'
    assert f"(<{ex}father>|<{ex}mother>)" not in _unions(tmp_path, own)
    # kinds never stated of the same thing, or with values that are no nodes, are no one relation
    apart = FAMILY.replace("ex:ann ex:mother ex:eve .  ex:bob ex:mother ex:eve .", "ex:cal ex:mother ex:eve .")
    assert f"(<{ex}father>|<{ex}mother>)" not in _unions(tmp_path, apart)
    sizes = ('@prefix ex: <http://example.org/> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n'
             'ex:height rdfs:label "height" .  ex:length rdfs:label "length" .  ex:ship rdfs:label "Ship" .\n'
             'ex:ship ex:height "12" ; ex:length "30" .\n')
    assert _unions(tmp_path, sizes) == {}


def test_a_graph_too_slow_to_tell_offers_no_union(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = tmp_path / "graph.ttl"
    graph.write_text(FAMILY)
    kg = open_kg(str(graph))
    select = kg._select

    def slow(query: str) -> list:
        if "isIRI(?y) && isIRI(?z)" in query:
            raise QueryTimeoutError("the endpoint took too long")
        return select(query)

    monkeypatch.setattr(kg, "_select", slow)
    assert GraphView(kg).unions == {}


def test_a_schema_with_more_kinds_than_it_may_ask_about_offers_none(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import cacherag.tools.graph_view as graph_view

    monkeypatch.setattr(graph_view, "MAX_UNION_KINDS", 0)  # a Wikidata-scale schema has hundreds of candidates
    graph = tmp_path / "graph.ttl"
    graph.write_text(FAMILY)
    view = GraphView(open_kg(str(graph)))
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(view, "_stated_together", lambda p, q: asked.append((p, q)) or True)
    assert view.unions == {} and asked == []
