"""English word knowledge (WordNet): a question word names a relation by another word only when WordNet links it
to exactly one relation of the graph, and only where the rest of its phrase is understood."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.memory.text import terms
from cacherag.tools.errors import ConfigurationError
from cacherag.tools.lexicon import Lexicon, build, lexicon

FAMILY = ["spouse", "parents", "children", "religion", "cause of death"]
FILMS = ["directed by", "written by", "release year", "starred actors"]


def aliases(question: str, labels: list[str], name: str, **kwargs: object) -> dict[str, str]:
    understood = {t for label in labels for t in terms(label)} | set(terms(name))
    return lexicon().aliases(question, labels, understood, **kwargs)  # type: ignore[arg-type]

def assert_cold_answer(tmp_path: Path, turtle: str, question: str, answers: set[str] | None) -> None:
    """Asked of the graph ``turtle`` with no history at all: exactly ``answers``, or `missing` when None."""
    graph = tmp_path / "graph.ttl"
    graph.write_text(turtle)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False)
    try:
        found = rag.ask(question)
    finally:
        rag.close()
    if answers is None:
        assert found.status == "missing" and not found.answers, found.reason
    else:
        assert found.status == "answered" and {a.label for a in found.answers} == answers, found.reason



def test_words_link_by_synonymy_and_by_kind() -> None:
    words = lexicon()
    assert words.links("wife", "spouse") == ("n", 1)  # a wife is a kind of spouse
    assert words.links("dad", "parents") == ("n", 2)  # dad -> father -> parent: two levels up
    assert words.links("faith", "religion") == ("n", 0)  # one sense of both
    assert words.links("led", "directed") == ("v", 0)  # "led" is read as the verb "lead", a synonym of "direct"
    assert words.links("produced", "directed") is None
    assert words.links("spouse", "wife") == ("n", 2)  # more general: weaker than any link upwards
    assert words.links("author", "written") == ("n", 0)  # an author is a writer, the one who wrote
    assert words.links("script", "written") is None  # "handwriting" is no writer
    assert words.links("type", "genre", classifier=True) == ("n", 1)  # a genre is a kind of category
    assert words.links("type", "genre") is None  # "type" asks for one only before "of" ("what type of film")
    assert words.links("type", "language", classifier=True) is None
    assert words.links("offspring", "children") == ("n", 2)  # a child is a kind of offspring: more general
    assert words.links("music", "genre") is None  # a genre is a kind of music only in its fourth sense


def test_a_verb_names_the_noun_of_its_doer() -> None:
    words = lexicon()
    assert words.agents("wrote") == ("writer",) and words.agents("edited") == ("editor",)
    assert words.agents("done") == ()  # an auxiliary: a doer is an actor, but "have done X" names no acting
    assert words.links("done", "actors") is None
    assert words.links("wrote", "author") == ("n", 0)  # the one who wrote is a writer, an author
    assert words.links("played", "actors") == ("n", 0)  # a player is an actor
    assert words.links("illustrated", "illustrator") == ("n", 0)
    assert words.links("wrote", "director") is None and words.links("produced", "director") is None


@pytest.mark.parametrize(("word", "people"), [("parents", True), ("spouse", True), ("actors", True),
                                               ("place", False), ("nationality", False), ("homeworld", False)])
def test_a_noun_names_people_when_its_main_sense_is_a_kind_of_person(word: str, people: bool) -> None:
    assert lexicon().names_people(word) is people


@pytest.mark.parametrize(("word", "someone"), [
    ("character", True),  # a fictional person in a common sense, a place in none
    ("human", True), ("people", True),
    ("country", False),  # its people in its second sense, but a place too
    ("company", False), ("university", False),  # organizations: where one works or studies
    ("planet", False), ("starship", False)])
def test_a_class_no_where_asks_for_names_someone_and_no_place(word: str, someone: bool) -> None:
    assert lexicon().someone_not_place(word) is someone


def test_more_senses_may_name_people() -> None:
    assert not lexicon().names_people("founder") and lexicon().names_people("founder", senses=2)
    assert not lexicon().names_people("planet")  # a planet is a follower only in a later sense

def test_a_word_for_a_category_names_the_one_kind_of_category_a_graph_has() -> None:
    phrases = [("typ",)]  # "film" says what kind of thing Jaws is (see hop_phrases)
    assert aliases("what type of film is Jaws", FILMS + ["genre"], "Jaws", phrases=phrases) == {"typ": "genre"}
    # of two such, the one a category in its first sense: a style is first of all a manner …
    assert aliases("what type of film is Jaws", FILMS + ["genre", "style"], "Jaws", phrases=phrases) == {"typ": "genre"}
    # … and of two that are, neither
    assert aliases("what kind of film is Jaws", FILMS + ["genre", "type"], "Jaws", phrases=[("kind",)]) == {}
    assert aliases("Jaws makes", FILMS + ["genre"], "Jaws") == {}  # a "make" is a kind too, but no classifier here


def test_a_question_names_relations_by_other_words() -> None:
    found = aliases("what is the faith of the wife of Ann Hale", FAMILY, "Ann Hale")
    assert found == {"faith": "religion", "wif": "spouse"}
    assert aliases("who is the offspring of Ann Hale", FAMILY, "Ann Hale") == {"offspr": "children"}
    # An actor is a kind of person, but "which person" says what kind of answer is meant, not a relation.
    assert aliases("which person directed the movies starred by Ann Hale", FILMS, "Ann Hale") == {}


def test_of_two_relations_a_word_names_alike_the_one_whose_verb_the_question_does_the_like_of() -> None:
    # a statement's two legs, "award" and "award received": "prizes" names both, and winning is a way of receiving
    legs = ["award", "award received"]
    assert aliases("which prizes did Jaws win", legs, "Jaws") == {"priz": "award received"}
    assert aliases("which prizes did Jaws lose", legs, "Jaws") == {}


def test_a_word_linked_to_two_relations_names_neither() -> None:
    # "published" is a synonym of both "write" and "release"
    assert aliases("who published Jaws", FILMS, "Jaws") == {}
    assert aliases("when was Jaws published", ["written by", "directed by"], "Jaws") == {"publish": "written by"}
    # … nor a word naming two labels that share a word: a country and a country of citizenship are both areas
    assert aliases("what is the area of Orvane", ["country", "country of citizenship"], "Orvane") == {}
    # (asked who does it, the label whose words the other holds: who won is a laureate, no "laureate award")
    assert aliases("who won the Orrin Medal", ["laureate", "laureate award"], "Orrin Medal") == {"win": "laureate"}


def test_a_verb_names_the_relation_saying_who_does_it() -> None:
    # writing is publishing in one sense, but who wrote is an author: not the venue, nor the year
    papers = ["authored by", "published in", "year of publication"]
    assert aliases("who wrote Graph Codes", papers, "Graph Codes") == {"writ": "authored by"}
    # said both ways, by the noun ("the author of"): one relation either way round
    assert aliases("who wrote Graph Codes", [*papers, "author of"], "Graph Codes") == {"writ": "author of"}
    assert aliases("which papers did Ada Quill write", [*papers, "author of"], "Ada Quill") == {"writ": "author of"}


def test_a_word_of_a_longer_label_stands_for_it_only_beside_the_label_s_other_words() -> None:
    assert aliases("what was the reason of death of Ann Hale", FAMILY, "Ann Hale") == {"reason": "cause of death"}
    assert aliases("what was the reason of Ann Hale", FAMILY, "Ann Hale") == {}
    # ... but for words that only modify the one replaced ("starred" actors), when the word heads its phrase.
    assert aliases("who are the players in Jaws", FILMS, "Jaws") == {"play": "starred actors"}
    assert aliases("the principal language of Jaws", [*FILMS, "in language"], "Jaws") == {}
    assert aliases("what is Ann Hale's real", ["species", "designation"], "Ann Hale") == {"real": "species"}
    # … but not the noun a relation is asked by ("the X of <E>"), read in its common senses (see test_mondial_layout)
    assert aliases("what is the real of Ann Hale", ["species", "designation"], "Ann Hale") == {}
    # … and a word said before a noun only modifies it, read in its common senses: the "real" of a "real name" is
    # no Spanish coin, a kind of specie (a species), two rare senses away
    assert "real" not in aliases("what is Ann Hale's real name", ["species", "designation"], "Ann Hale")
    assert aliases("what instrument does Ann Hale play", FILMS, "Ann Hale") == {}  # a verb: its doer is no head


def test_asked_when_a_verb_names_the_time_its_synonym_derives() -> None:
    labels = ["publisher", "publication date", "author"]  # issuing is publishing, whose noun is publication
    assert aliases("when was Glass Orchard issued", labels, "Glass Orchard") == {"issu": "publication date"}
    assert aliases("who issued Glass Orchard", labels, "Glass Orchard") == {}  # no time asked: no derivation


def test_a_category_word_asking_for_one_of_a_noun_names_that_noun_s_category() -> None:
    labels = ["vehicle class", "starship class", "type", "pilot"]
    assert aliases("what kind of vehicle is the Sandcrawler", labels, "Sandcrawler") == {"kind": "vehicle class"}
    # … however a label of the graph's says the word itself (rdf:type's "type")
    assert aliases("what type of starship is the X-wing", labels, "X-wing") == {"typ": "starship class"}
    assert aliases("what type of planet is Hoth", labels, "Hoth") == {}
    # a category relation asked for by its own word is that relation ("what *genre* is <E>"), no other category
    assert aliases("what genre is Alien", ["genre", "type"], "Alien") == {}


def test_a_word_wordnet_knows_only_as_one_named_thing_is_no_common_word() -> None:
    # Luke the evangelist, Tobin the economist: instances, no kind of thing a question's word might name
    assert not lexicon().common("luke") and not lexicon().common("tobin") and not lexicon().common("anakin")
    assert lexicon().common("hawk") and lexicon().common("mark") and lexicon().common("directed")


def test_verbs_whose_doers_are_one_kind_of_person_name_each_other() -> None:
    # who studies is a student, who is educated an educatee: one synset of WordNet's
    assert lexicon().links("studied", "educated") is not None
    assert lexicon().links("wrote", "directed") is None  # a writer is no director


def test_the_verb_an_auxiliary_leaves_for_last_is_read_as_a_verb() -> None:
    labels = ["educated at", "for work"]  # "study" is also a noun for a kind of work
    assert aliases("where did Ann Hale study", labels, "Ann Hale") == {"study": "educated at"}
    assert aliases("what is the study of Ann Hale", labels, "Ann Hale") == {}  # a noun: which one, unsaid


def test_of_labels_a_word_names_alike_the_one_whose_other_words_are_said_is_named() -> None:
    colors = ["eye color", "hair color", "skin color"]
    assert aliases("what is the eye colour of Ann Hale", colors, "Ann Hale") == {"colour": "eye color"}
    assert aliases("what is the hair colour of Ann Hale", colors, "Ann Hale") == {"colour": "hair color"}
    assert aliases("what is the colour of Ann Hale", colors, "Ann Hale") == {}  # which one: none said


def test_of_labels_a_word_names_alike_the_one_said_with_of_as_the_word_is_named() -> None:
    members = ["cast member", "member of"]  # a part is a member in one sense, a member a part
    assert aliases("what is Ann Hale part of", members, "Ann Hale") == {"part": "member of"}
    assert aliases("who is part of the Hale Guild", members, "Hale Guild") == {"part": "member of"}
    assert aliases("what part did Ann Hale play", members, "Ann Hale") == {}  # no "of": which one, unsaid


def test_converse_kin_words_are_aliases_only_said_of_something() -> None:
    kin = ["father", "mother", "spouse"]
    assert aliases("who are Ann Hale 's children", kin, "Ann Hale") == {}  # father or mother: both as near
    assert aliases("who are Ann Hale 's children", ["parent", "spouse"], "Ann Hale") == {"child": "parent"}
    assert aliases("who are the children of Ann Hale", ["parent", "spouse"], "Ann Hale") == {"child": "parent"}
    assert aliases("which child is Ann Hale", ["parent", "spouse"], "Ann Hale") == {}


def test_a_phrase_with_a_word_nothing_places_gets_no_alias() -> None:
    assert aliases("who composed the music of Jaws", FILMS, "Jaws") == {}
    assert aliases("who composed Jaws", FILMS, "Jaws") == {"compos": "written by"}
    # Read phrase by phrase, an unplaced word only costs its own phrase.
    phrases = [("kid",), ("coupl",)]
    assert aliases("the couple of Ann Hale 's kid", FAMILY, "Ann Hale", phrases=phrases) == {"kid": "children"}
    assert aliases("the couple of Ann Hale 's kid", FAMILY, "Ann Hale") == {}


def test_a_verb_repeating_the_asked_noun_s_relation_is_no_second_hop() -> None:
    question = "which is the director who led Jaws"
    assert aliases(question, FILMS, "Jaws", asked=["direct"]) == {}
    assert aliases("who led Jaws", FILMS, "Jaws") == {"led": "directed by"}


def test_words_history_or_the_graph_know_are_left_to_them() -> None:
    understood = {t for label in FILMS for t in terms(label)} | {"jaw", "wif"}
    assert lexicon().aliases("who is the wife of Jaws", ["spouse"], understood) == {}


def test_the_engine_reads_a_synonym_only_with_the_lexicon_on(tmp_path: Path) -> None:
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"))
    answer = rag.ask("Who led Jaws?")
    assert answer.status == "answered" and [a.label for a in answer.answers] == ["Steven Spielberg"]
    off = CacheRAG("demo", memory_dir=str(tmp_path / "off"), use_lexicon=False)
    assert off.ask("Who led Jaws?").status == "missing"
    # Music is not writing, whatever "compose" means elsewhere: the phrase has a word nothing places.
    composed = rag.ask("Who composed the music of Jaws?")
    assert composed.status == "missing" and not composed.answers
    # Words history says (or the graph's own) are left to them: the view passes them on.
    view = resources(rag.context).view
    name = set(terms("Jaws"))
    assert view.lexicon_aliases("Who led Jaws?", understood=name) == {"led": "directed by"}
    assert view.lexicon_aliases("Who led Jaws?", understood=name | {"led"}) == {}
    assert view.lexicon_aliases("Who led Alien?") == {}  # "Alien" is a word like any other unless it is the name
    assert view.lexicon_aliases("Who led Alien?", understood=set(terms("Alien"))) == {"led": "directed by"}
    rag.close()
    off.close()


WNDB = {  # a few real WordNet 3.0 entries in its own database format (offsets of this little file only)
    "index.noun": ("spouse n 1 1 @ 1 0 00000001  \npartner n 1 0 1 0 00000001  \n"
                   "wife n 1 1 @ 1 1 00000002  \nman n 1 1 @ 1 1 00000003  \n"),
    "data.noun": ("00000001 18 n 02 spouse 0 partner 0 000 | a person's partner in marriage  \n"
                  "00000002 18 n 01 wife 0 001 @ 00000001 n 0000 | a married woman  \n"
                  "00000003 18 n 01 man 0 000 | an adult person who is male  \n"),
    "noun.exc": "wives wife\n",
    "index.verb": "lead v 2 1 @ 2 1 00000004 00000005  \ndirect v 1 1 @ 1 1 00000005  \n",
    "data.verb": ("00000004 38 v 01 lead 0 000 00 | take somebody somewhere  \n"
                  "00000005 41 v 02 direct 0 lead 2 000 00 | be in charge of  \n"),
    "verb.exc": "led lead\n",
}


def built(tmp_path: Path, entries: dict[str, str]) -> Lexicon:
    """A lexicon built from a little WordNet database of ``entries`` (file name -> its lines) in ``tmp_path``."""
    source = tmp_path / "wordnet"
    source.mkdir()
    for name, text in entries.items():
        (source / name).write_text("  1 This software and database is being provided to you\n" + text)
    build(source, tmp_path / "words.tsv.gz")
    return Lexicon(tmp_path / "words.tsv.gz", cache_dir=tmp_path / "cache")


def test_the_table_is_built_from_wordnet_s_own_files(tmp_path: Path) -> None:
    words = built(tmp_path, WNDB)
    assert words.lemmas("wives", "n") == ("wife",)  # from the exception list
    assert words.lemmas("led", "v") == ("lead",)
    assert words.links("wives", "spouse") == ("n", 1) and words.links("partner", "spouse") == ("n", 0)
    assert words.links("led", "direct") == ("v", 0)  # the second sense of "lead"
    assert words.links("man", "spouse") is None
    assert words.table.parent == tmp_path / "cache"  # compiled once, for every later process


def test_derivations_are_built_from_wordnet_s_pointers(tmp_path: Path) -> None:
    entries = {  # publish (v) <-> publication (n), WordNet's "+" pointers in both files
        "index.noun": "publication n 1 1 + 1 0 00000001  \n",
        "data.noun": "00000001 10 n 01 publication 0 001 + 00000002 v 0101 | a printed work  \n",
        "noun.exc": "",
        "index.verb": "publish v 1 1 + 1 0 00000002  \n",
        "data.verb": "00000002 36 v 01 publish 0 001 + 00000001 n 0101 00 | put into print  \n",
        "verb.exc": "",
    }
    words = built(tmp_path, entries)
    assert words.derives("published", "publication") and words.derives("publication", "publishing")
    assert not words.derives("publication", "publication")  # a verb and a noun, not a noun and itself


def test_the_doers_of_a_deed_are_built_sense_by_sense(tmp_path: Path) -> None:
    entries = {  # portray (v) is a way to act a part (v), whose doer is an actor (n): "@" and "+" pointers
        "index.noun": "actor n 1 1 + 1 0 00000003  \n",
        "data.noun": "00000003 18 n 01 actor 0 001 + 00000004 v 0101 | a theatrical performer  \n",
        "noun.exc": "",
        "index.verb": "act v 1 1 + 1 0 00000004  \nportray v 1 1 @ 1 0 00000005  \n",
        "data.verb": "00000004 36 v 01 act 0 001 + 00000003 n 0101 00 | play a role  \n"
                     "00000005 36 v 01 portray 0 001 @ 00000004 v 0000 00 | act the part of  \n",
        "verb.exc": "",
    }
    words = built(tmp_path, entries)
    assert words.links("portrayed", "actor", kind_asked=True) == ("n", 1)
    assert words.links("portrayed", "actor") is None  # unless the question asks for an actor


def test_a_way_of_doing_names_its_doer_only_where_the_question_asks_for_one() -> None:
    words = lexicon()
    assert words.links("portrayed", "actor", kind_asked=True) is not None  # acting a part, an actor's deed
    assert words.links("portrayed", "actor") is None
    # creating is acting only as doing anything is: the doer of that is no actor of the stage
    assert words.links("created", "actor", kind_asked=True) is None


def test_a_damaged_compiled_table_is_compiled_again(tmp_path: Path) -> None:
    first = Lexicon(cache_dir=tmp_path)
    assert first.links("wife", "spouse") == ("n", 1)
    first.table.write_bytes(b"not a database")
    assert Lexicon(cache_dir=tmp_path).links("wife", "spouse") == ("n", 1)


def test_without_a_writable_cache_the_table_is_kept_in_memory(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache directory would be")
    assert Lexicon(cache_dir=blocked / "lexicon").links("faith", "religion") == ("n", 0)


@pytest.mark.parametrize("word", ["", "x", "42", "'s"])
def test_no_word_is_no_alias(word: str) -> None:
    assert aliases(f"who is {word} Ann Hale", FAMILY, "Ann Hale") == {}


def test_a_noun_names_the_quality_english_derives_from_it() -> None:
    # nation -> national -> nationality: a derivation WordNet's senses do not link
    found = aliases("what is the nation of Ann Hale", ["nationality", "religion"], "Ann Hale")
    assert found == {"nation": "nationality"}
    found = aliases("what is the nationality of Ann Hale", ["nation", "religion"], "Ann Hale")
    assert found == {"nationality": "nation"}
    assert aliases("what is the nation of Ann Hale", ["nationalist", "religion"], "Ann Hale") == {}


def test_when_asks_for_the_relation_with_a_time() -> None:
    # "publish" is a synonym of both "release" and "write": "when" picks the release year, and says its "year"
    assert aliases("when was Alien published", FILMS, "Alien") == {"publish": "release year"}
    assert aliases("Alien has been published when", FILMS, "Alien") == {"publish": "release year"}


def test_a_verb_names_the_noun_english_derives_from_it() -> None:
    words = lexicon()
    assert words.derives("published", "publication") and words.derives("discovery", "discovered")
    assert words.links("published", "publication") == ("n", 0)
    assert not words.derives("action", "actors")  # "act" derives "action" and "actor", which derive nothing
    assert not words.derives("publication", "date")


def test_asked_when_a_word_of_a_relation_without_a_time_names_the_one_with_a_time() -> None:
    labels = ["publisher", "publication date", "author"]
    assert aliases("when was Tide published", labels, "Tide") == {"publish": "publication date"}
    assert aliases("in which year was Tide published", labels, "Tide") == {"publish": "publication date"}
    assert aliases("who published Tide", labels, "Tide") == {}  # the publisher, by its own word
    # … or that a synonym of it derives: publishing is releasing
    assert aliases("when was Tide published", ["publisher", "release date"], "Tide") == {"publish": "release date"}
    # a word naming a relation with a time already names that one
    assert aliases("when was Tide published", ["date published", "publication date"], "Tide") == {}


def test_asked_where_a_place_word_of_a_label_is_said() -> None:
    labels = ["headquarters location", "founded by"]
    assert aliases("where is the main office of Driftwood", labels, "Driftwood") == {"offic": "headquarters location"}
    assert aliases("when is the main office of Driftwood", labels, "Driftwood") == {}  # only "where" says a place
    # a verb made of the label's noun is the label's own word, no alias: headquartered, headquarters
    assert terms("headquartered") == terms("headquarters")


def test_the_nearest_link_decides_between_relations() -> None:
    # "faith" shares a sense with religion, and religion is a kind of institution: religion it is
    assert aliases("what is the faith of Ann Hale", ["religion", "institution"], "Ann Hale") == {"faith": "religion"}


def test_a_chain_never_asked_before_is_composed_from_words_alone(tmp_path: Path) -> None:
    from test_truthful import TTL  # the family graph

    graph = tmp_path / "family.ttl"
    graph.write_text(TTL)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), domain="family", learn=False)
    answer = rag.ask("what is the religion of Ann Hale 's wife 's dad ?")  # no history at all
    assert answer.status == "answered" and [a.label for a in answer.answers] == ["Hinduism"]
    assert [s["label"] for s in answer.plan] == ["spouse", "parents", "religion"]
    assert answer.plan_source == "composed" and answer.trace["reasoner_calls"] == 0
    off = CacheRAG(str(graph), memory_dir=str(tmp_path / "off"), domain="family", learn=False, use_lexicon=False)
    assert off.ask("what is the religion of Ann Hale 's wife 's dad ?").status == "missing"
    rag.close()
    off.close()


def test_two_words_of_one_label_are_one_hop(tmp_path: Path) -> None:
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"))
    # "years" and "released" say "release year" once between them: the years, not films there and back
    answer = rag.ask("In which years were the films directed by Ridley Scott released?")
    assert answer.status == "answered" and {"1979", "1982"} <= {a.label for a in answer.answers}
    assert [s["label"] for s in answer.plan] == ["directed by", "release year"]
    rag.close()


@pytest.mark.parametrize("content", [None, b"not a word list at all"])
def test_a_missing_or_corrupt_word_list_is_a_clear_error(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "dir with space" / "words.tsv.gz"
    if content is not None:
        path.parent.mkdir()
        path.write_bytes(content)
    with pytest.raises(ConfigurationError, match="use_lexicon=False"):
        Lexicon(path, cache_dir=tmp_path / "cache").links("wife", "spouse")


@pytest.mark.parametrize(("question", "label", "answer"), [
    ("who is the director that directed Alien", "directed by", "Ridley Scott"),
    ("which screenwriter wrote the script for Alien", "written by", "Dan O'Bannon"),
])
def test_the_noun_asked_for_said_again_by_its_verb_is_one_hop(tmp_path: Path, question: str, label: str,
                                                              answer: str) -> None:
    rag = CacheRAG("demo", memory_dir=str(tmp_path / "memory"), learn=False)
    found = rag.ask(question)
    assert [s["label"] for s in found.plan] == [label] and [a.label for a in found.answers] == [answer]
    rag.close()


FRIENDS = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:friend rdfs:label "close friend" .
ex:a rdfs:label "Alpha" . ex:b rdfs:label "Bravo" . ex:c rdfs:label "Charlie" .
ex:a ex:friend ex:b . ex:b ex:friend ex:c .
"""


def test_the_noun_asked_for_twice_in_a_chain_is_two_hops(tmp_path: Path) -> None:
    graph = tmp_path / "friends.ttl"
    graph.write_text(FRIENDS)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False)
    # two phrases (split by "of"), not a noun and the verb restating it: the friend's friend
    answer = rag.ask("what is the close friend of close friend of Alpha ?")
    assert [s["label"] for s in answer.plan] == ["close friend", "close friend"] and answer.plan_source == "composed"
    assert [a.label for a in answer.answers] == ["Charlie"]
    rag.close()


@pytest.mark.parametrize(("question", "topic", "kinds"), [
    ("when did the films starred by Ann Lee release", "Ann Lee", {"film"}),  # a plural heading its phrase
    ("the actor of Jaws also starred in which film", "Jaws", {"film"}),  # what a wh-word asks for
    ("who wrote Ann Lee acted movies", "Ann Lee", {"movy"}),
    ("what was the budget of the films directed by Ann Lee", "Ann Lee", {"film"}),  # before "of": a relation
    ("who are Ann Lee's children's spouses", "Ann Lee", set()),  # after a possessive: relations
    ("what types are the films starred by Ann Lee", "Ann Lee", {"film"}),  # said to be something: a relation
    ("what genre is Jaws", "Jaws", set()),
    ("what is the death date of Ann Lee", "Ann Lee", set()),  # a singular noun modifying another
    ("which movies are directed by Ann Lee", "Ann Lee", {"movy"}),  # a passive verb after: the kind
])
def test_nouns_saying_the_kind_of_things_meant(question: str, topic: str, kinds: set[str]) -> None:
    start = question.index(topic)
    assert lexicon().kind_nouns(question, (start, start + len(topic))) == kinds


UNTYPED_FILMS = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:directed rdfs:label "directed by" .  ex:starred rdfs:label "starred actors" .
ex:year rdfs:label "release year" .  ex:genre rdfs:label "has genre" .
ex:ann rdfs:label "Ann Lee" .  ex:bo rdfs:label "Bo Chen" .  ex:cy rdfs:label "Cy Park" .
ex:f1 rdfs:label "Night Road" .  ex:f2 rdfs:label "Cold Harbor" .  ex:f3 rdfs:label "Blue Field" .
ex:drama rdfs:label "Drama" .  ex:noir rdfs:label "Noir" .  ex:y1 rdfs:label "1971" .  ex:y2 rdfs:label "1984" .
ex:f1 ex:directed ex:bo ; ex:starred ex:ann ; ex:year ex:y1 ; ex:genre ex:drama .
ex:f2 ex:directed ex:bo ; ex:starred ex:cy ; ex:year ex:y2 ; ex:genre ex:noir .
ex:f3 ex:directed ex:cy ; ex:starred ex:ann ; ex:year ex:y2 ; ex:genre ex:drama .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("when were the films starred by Ann Lee released", {"1971", "1984"}),
    ("what genres do the films directed by Bo Chen fall under", {"Drama", "Noir"}),  # the verb says how
    ("what was the release date of Night Road", {"1971"}),  # a time at another grain than the label's
    ("what was the budget of the films directed by Bo Chen", None),  # no relation is named "budget"
    ("what types are the movies directed by Bo Chen", {"Drama", "Noir"}),  # a genre is a type
    ("what ratings are the movies directed by Bo Chen", None),  # nothing here says what "ratings" are
    ("which movies did Bo Chen produce", None),
    ("what made Ann Lee star in", {"Night Road", "Blue Field"}),  # "star" after the name: a verb, not the noun asked
])
def test_in_a_graph_without_types_nouns_of_kind_ask_for_no_relation(tmp_path: Path, question: str,
                                                                     answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, UNTYPED_FILMS, question, answers)


def test_nouns_of_kind_are_read_with_the_lexicon_only(tmp_path: Path) -> None:
    graph = tmp_path / "films.ttl"
    graph.write_text(UNTYPED_FILMS)
    off = CacheRAG(str(graph), memory_dir=str(tmp_path / "off"), learn=False, use_lexicon=False)
    found = off.ask("when were the films starred by Ann Lee released")
    assert found.status == "missing" and "films" in found.reason
    off.close()


def test_in_a_typed_graph_a_noun_of_kind_must_name_a_class(tmp_path: Path) -> None:
    graph = tmp_path / "films.ttl"
    typed = 'ex:Film rdfs:label "film" . ex:f1 a ex:Film . ex:f2 a ex:Film . ex:f3 a ex:Film .\n'
    graph.write_text(UNTYPED_FILMS + typed)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), learn=False)
    assert rag.ask("when were the films starred by Ann Lee released").status == "answered"
    assert rag.ask("when were the gadgets starred by Ann Lee released").status == "missing"  # no class says so
    rag.close()


def test_a_verb_after_what_names_a_relation_not_the_answers_kind(tmp_path: Path) -> None:
    from test_truthful import TTL  # the family graph: no cause of death

    graph = tmp_path / "family.ttl"
    graph.write_text(TTL)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), domain="family", learn=False)
    killed = rag.ask("what killed Bob Hale 's dad ?")  # not "which <noun>": the dad is no answer
    assert killed.status == "missing" and "killed" in killed.reason
    assert rag.ask("what faith does Bob Hale 's dad have ?").status == "answered"
    rag.close()


def test_answers_must_be_one_of_the_alternatives_offered(tmp_path: Path) -> None:
    from test_truthful import TTL  # the family graph

    graph = tmp_path / "family.ttl"
    graph.write_text(TTL)
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "memory"), domain="family", learn=False)
    person = rag.ask("is Bob Hale 's parents a man or a woman ?")  # the parent is neither
    assert person.status == "missing" and "offers 'man' or 'woman'" in person.reason
    rag.close()
    graph.write_text(TTL + 'ex:gender rdfs:label "gender" . ex:male rdfs:label "male" . ex:cyd ex:gender ex:male .\n')
    rag = CacheRAG(str(graph), memory_dir=str(tmp_path / "gendered"), domain="family", learn=False)
    gender = rag.ask("is the gender of Bob Hale 's parents a man or a woman ?")
    assert [a.label for a in gender.answers] == ["male"]  # a male is a man's gender (WordNet: man -> male)
    rag.close()


BOOKS = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:tide rdfs:label "The Silent Tide" ; ex:publisher ex:norden ; ex:publicationDate "1987-03-01"^^xsd:date ;
    ex:discoverer ex:berg ; ex:timeOfDiscovery "1901"^^xsd:gYear ; ex:author ex:holt .
ex:holt rdfs:label "Anna Holt" ; ex:birthDate "1950-01-02"^^xsd:date .
ex:norden rdfs:label "Norden Press" .
ex:berg rdfs:label "Carl Berg" .
ex:publisher rdfs:label "publisher" .
ex:publicationDate rdfs:label "publication date" .
ex:discoverer rdfs:label "discoverer" .
ex:timeOfDiscovery rdfs:label "time of discovery" .
ex:author rdfs:label "author" .
ex:birthDate rdfs:label "date of birth" .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("When was The Silent Tide published?", {"1987-03-01"}),  # the publication date, not the publisher
    ("Who published The Silent Tide?", {"Norden Press"}),
    ("In which year was The Silent Tide discovered?", {"1901"}),  # "in which year" asks when
    ("Who discovered The Silent Tide?", {"Carl Berg"}),
    ("In which year was Anna Holt born?", {"1950"}),  # the year of the date of birth
    ("In which city was Anna Holt born?", None),  # a date is no city
])
def test_when_a_verb_names_the_relation_with_a_time_english_derives_from_it(
        tmp_path: Path, question: str, answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, BOOKS, question, answers)


UNITS = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:ann rdfs:label "Ann Vey" ; ex:heightCm "172"^^xsd:integer ; ex:mass "61"^^xsd:integer ; ex:friend ex:bo .
ex:bo rdfs:label "Bo Lund" ; ex:heightCm "185"^^xsd:integer .
ex:mass rdfs:label "mass" .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("What is the height of Ann Vey in centimeters?", {"172"}),  # the graph says its unit: "heightCm"
    ("How tall is Bo Lund in cm?", {"185"}),
    ("What is the height of Ann Vey in inches?", None),  # a unit the graph does not count in
    ("What is the mass of Ann Vey in pounds?", None),  # nor says at all: the kilograms may not be pounds
])
def test_a_unit_is_what_the_values_are_counted_in_only_where_the_graph_says_so(
        tmp_path: Path, question: str, answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, UNITS, question, answers)


def test_verb_hypernyms_are_built_from_wordnet_s_pointers(tmp_path: Path) -> None:
    entries = {  # belong (v) is a kind of be (v): WordNet's "@" pointer between verbs
        "index.noun": "", "data.noun": "", "noun.exc": "",
        "index.verb": "be v 1 0 1 0 00000001  \nbelong v 1 1 @ 1 0 00000002  \n",
        "data.verb": "00000001 42 v 01 be 0 000 | have the quality of being  \n"
                     "00000002 42 v 01 belong 0 001 @ 00000001 v 0000 | be a member of  \n",
        "verb.exc": "",
    }
    words = built(tmp_path, entries)
    assert words.says_being("belongs") and words.says_being("be")


MEMBERS = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Faction rdfs:label "Faction" .  ex:City rdfs:label "City" .  ex:Person rdfs:label "Person" .
ex:memberOf rdfs:label "member of" .  ex:livesIn rdfs:label "residence" .
ex:queen a ex:Person ; rdfs:label "Pale Queen" ; ex:memberOf ex:fen ; ex:livesIn ex:varn .
ex:fen a ex:Faction ; rdfs:label "Fen Court" .  ex:varn a ex:City ; rdfs:label "Varn" .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("Which faction does the Pale Queen belong to?", {"Fen Court"}),  # "belong": a kind of being, no relation
    ("Which city does the Pale Queen live in?", {"Varn"}),
    ("Which city was the Pale Queen born in?", None),  # "born", in the passive: a birth, which the graph lacks
])
def test_a_verb_of_being_leaves_the_relation_to_the_kind_asked_for(tmp_path: Path, question: str,
                                                                   answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, MEMBERS, question, answers)


def test_a_verb_names_the_more_general_deed_it_is_a_way_of_doing() -> None:
    """"Headed" a film is a way to direct it; directing is no way of heading: the link goes one way, one level."""
    assert lexicon().links("headed", "directed") == ("v", 1)
    assert lexicon().links("directed", "headed") is None


EDITIONS = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:published rdfs:label "publication date" .
ex:a rdfs:label "Salt Roads" ; ex:published "1990-03-01"^^xsd:date .
ex:b rdfs:label "Iron Sea" ; ex:published "1991-05-02"^^xsd:date , "2004-09-09"^^xsd:date .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("When was Salt Roads first published?", {"1990-03-01"}),  # its one date: "first" picks nothing more
    ("When was Iron Sea first published?", None),  # two dates: the first is asked, a plan reaches both
])
def test_an_ordinal_before_a_deed_picks_by_order_only_among_several(tmp_path: Path, question: str,
                                                                    answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, EDITIONS, question, answers)


def test_a_name_written_as_one_is_the_topic_beside_a_common_word_that_is_a_label(tmp_path: Path) -> None:
    """"film" is a tag's label here, as well linked as "Alien": the name written with a capital is what the question
    is about, so "led" is read beside it (the lexicon reads a word only where the rest of its phrase is placed)."""
    turtle = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:alien rdfs:label "Alien" ; ex:directedBy ex:scott ; ex:hasTag ex:film .
ex:scott rdfs:label "Ridley Scott" .
ex:film rdfs:label "film" .
ex:directedBy rdfs:label "directed by" .
ex:hasTag rdfs:label "has tags" .
"""
    assert_cold_answer(tmp_path, turtle, "who led the film Alien", {"Ridley Scott"})


def test_a_verb_of_being_after_a_noun_is_the_verb_not_its_noun(tmp_path: Path) -> None:
    """"feature" as a noun is a feature film, and names the relation "film"; said right after "films" it is the
    verb ("which films feature Gruk": the films Gruk is in), so it names no second "film" hop."""
    turtle = """@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Film rdfs:label "Film" .
ex:Character rdfs:label "Character" .
ex:gruk a ex:Character ; rdfs:label "Gruk" ; ex:film ex:f1 , ex:f2 .
ex:mela a ex:Character ; rdfs:label "Mela Orr" ; ex:film ex:f1 .
ex:f1 a ex:Film ; rdfs:label "A Distant Light" .
ex:f2 a ex:Film ; rdfs:label "The Iron Tide" .
ex:film rdfs:label "film" .
"""
    assert_cold_answer(tmp_path, turtle, "Which films feature Gruk?", {"A Distant Light", "The Iron Tide"})
    assert aliases("which films feature Gruk", ["film"], "Gruk") == {}


def test_a_noun_asked_for_is_read_as_a_noun_and_a_verb_beside_it_as_a_way_of_doing_the_labels() -> None:
    labels = ["award received", "time value", "date of birth"]
    # "which *prizes*" is the noun (award), not the verb "prize" (value); "win" is a way of getting, as "receive" is
    won = aliases("Which prizes did Petr Valsk win?", labels, "Petr Valsk", asked=["priz"])
    assert won == {"priz": "award received"}
    assert aliases("Which prizes did Petr Valsk lose?", labels, "Petr Valsk", asked=["priz"]) == {}
    # … where the noun names nothing, the verb: "which *led* Alien" (the noun is a diode)
    assert aliases("which led Alien", FILMS, "Alien", asked=["led"]) == {"led": "directed by"}
    # the name's words say nothing of the label's ("Drew": drawn, a way of acting as starring is)
    assert aliases("what instrument does Robert Drew play", FILMS, "Robert Drew", asked=["instrument"]) == {}


def test_a_compound_of_an_adjective_and_a_noun_is_a_kind_of_that_noun(tmp_path: Path) -> None:
    entries = {  # WordNet files "male sibling" under "male relative" only; a sea lion and a lion are kinds of nothing
        # one (two levels up) — the shapes of WordNet 3.0's entries, offsets of this little file
        "index.noun": ("brother n 1 1 @ 1 0 00000001  \nsibling n 1 1 @ 1 0 00000003  \nrelative n 1 0 1 0 00000005  \n"
                       "lion n 1 1 @ 1 0 00000007  \n"),
        "data.noun": ("00000001 18 n 01 brother 0 001 @ 00000002 n 0000 | a male with the same parents  \n"
                      "00000002 18 n 01 male_sibling 0 001 @ 00000004 n 0000 | a sibling who is male  \n"
                      "00000003 18 n 01 sibling 0 001 @ 00000005 n 0000 | a person's brother or sister  \n"
                      "00000004 18 n 01 male_relative 0 001 @ 00000005 n 0000 | a relative who is male  \n"
                      "00000005 18 n 01 relative 0 000 | a person related by blood  \n"
                      "00000006 05 n 01 sea_lion 0 001 @ 00000008 n 0000 | a pinniped  \n"
                      "00000007 05 n 01 lion 0 001 @ 00000009 n 0000 | a large cat  \n"
                      "00000008 05 n 01 pinniped 0 000 | a seal  \n"
                      "00000009 05 n 01 big_cat 0 000 | a feline  \n"),
        "noun.exc": "", "index.verb": "", "data.verb": "", "verb.exc": "",
        "index.adj": "male a 1 0 1 0 00000010  \nsea a 1 0 1 0 00000011  \n",
    }
    (tmp_path / "with").mkdir()
    (tmp_path / "without").mkdir()
    words = built(tmp_path / "with", entries)
    assert words.links("brother", "sibling") == ("n", 2)
    listed = gzip.decompress((tmp_path / "with" / "words.tsv.gz").read_bytes()).decode().splitlines()
    assert "@12\t16" in listed  # the sea lion (offset 6) is a pinniped (8) only, no lion (7)
    without = {name: text for name, text in entries.items() if name != "index.adj"}
    assert built(tmp_path / "without", without).links("brother", "sibling") is None


def test_a_noun_said_with_person_names_that_kind_of_person(tmp_path: Path) -> None:
    entries = {  # "married person" is one of WordNet's names for a spouse; "a married" is someone married
        "index.noun": ("married n 1 1 @ 1 0 00000001  \nspouse n 1 1 @ 1 0 00000002  \nperson n 1 0 1 0 00000003  \n"
                       "foreigner n 1 1 @ 1 0 00000004  \n"),
        "data.noun": ("00000001 18 n 01 married 0 002 @ 00000003 n 0000 + 00000005 v 0101 | someone married  \n"
                      "00000002 18 n 02 spouse 0 married_person 0 001 @ 00000003 n 0000 | a partner in marriage  \n"
                      "00000003 03 n 01 person 0 000 | a human being  \n"
                      "00000004 18 n 02 foreigner 0 alien_person 0 001 @ 00000003 n 0000 | not from here  \n"),
        "noun.exc": "",
        "index.verb": "marry v 1 1 + 1 0 00000005  \n",
        "data.verb": "00000005 41 v 01 marry 0 001 + 00000001 n 0101 00 | take in marriage  \n",
        "verb.exc": "",
    }
    words = built(tmp_path, entries)
    assert words.links("married", "spouse") == ("n", 0)
    assert words.links("marry", "spouse") == ("n", 0)  # the verb whose doer is "a married"
    assert words.links("alien", "foreigner") is None  # "alien" is no noun this WordNet knows: nothing to name it by


def test_a_word_names_by_its_first_sense_before_its_rarer_ones() -> None:
    labels = ["sibling", "member of", "cast member"]  # a "sister" is a fellow member only in a union (third sense)
    assert aliases("Who is Ann Hale's sister?", labels, "Ann Hale") == {"sist": "sibling"}
    assert aliases("Who is Ann Hale's brother?", labels, "Ann Hale") == {"broth": "sibling"}
    assert aliases("Who is Ann Hale married to?", ["spouse", "father"], "Ann Hale") == {
        terms("married")[0]: "spouse"}
    assert aliases("Who did Ann Hale marry?", ["spouse", "father"], "Ann Hale") == {terms("marry")[0]: "spouse"}
    assert aliases("What is the study of Ann Hale", ["educated at", "for work"], "Ann Hale") == {}
