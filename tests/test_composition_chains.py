"""Chains composed from one-hop history the way English builds them: relation words inside one clause, a
relation named twice, and "films that share actors with <E>" (there and back) — on a small film graph the test
writes (no dataset)."""

from __future__ import annotations

import pytest

from cacherag.api import CacheRAG
from cacherag.memory.history import HistoryPair, warm_context
from cacherag.nodes.reasoners.phrases import Phrase, split

FILMS = {  # film: (director, actors, writers, genre)
    "Amber Quest": ("Dov Ray", ("Ann Lee", "Ben Ott"), ("Gil Fox",), "Drama"),
    "Bright Harbor": ("Eli Sand", ("Ann Lee",), ("Hu Park",), "Comedy"),
    "Cold Summit": ("Fin Holt", ("Cat Moss",), ("Gil Fox",), "Horror"),
    "Dusty Road": ("Dov Ray", ("Cat Moss",), ("Hu Park",), "Western"),
    "Echo Valley": ("Eli Sand", ("Ben Ott",), ("Gil Fox", "Jo Kent"), "Musical"),
    "Frozen Lake": ("Fin Holt", ("Dana Wu",), ("Ivo Mar",), "Thriller"),
    "Together Again": ("Kim Roe", ("Lu Fay",), ("Mo Dale",), "Noir"),  # a sharing word in a title
}


def _ttl() -> str:
    lines = ["@prefix ex: <http://example.org/> .", "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
             'ex:directed_by rdfs:label "directed by" . ex:starred_actors rdfs:label "starred actors" .',
             'ex:written_by rdfs:label "written by" . ex:has_genre rdfs:label "has genre" .']
    names: set[str] = set()

    def node(name: str) -> str:
        names.add(name)
        return "ex:" + name.replace(" ", "_")

    for film, (director, actors, writers, genre) in FILMS.items():
        lines.append(f"{node(film)} ex:directed_by {node(director)} ; ex:written_by {', '.join(map(node, writers))} ; "
                     f"ex:has_genre {node(genre)} ; ex:starred_actors {', '.join(node(a) for a in actors)} .")
    lines += [f'{node(name)} rdfs:label "{name}" .' for name in sorted(names)]
    return "\n".join(lines)


# One-hop history: each relation asked twice in each wording, so the words are learned as naming it.
HISTORY = [
    HistoryPair("who directed Amber Quest", ["Dov Ray"]), HistoryPair("who directed Cold Summit", ["Fin Holt"]),
    HistoryPair("who acted in Dusty Road", ["Cat Moss"]), HistoryPair("who acted in Echo Valley", ["Ben Ott"]),
    HistoryPair("who wrote Bright Harbor", ["Hu Park"]), HistoryPair("who wrote Frozen Lake", ["Ivo Mar"]),
    HistoryPair("what type of film is Amber Quest", ["Drama"]),
    HistoryPair("what type of film is Frozen Lake", ["Thriller"]),
    # "films" is said around every relation, so it names none.
    HistoryPair("which films did Dov Ray direct", ["Amber Quest", "Dusty Road"]),
    HistoryPair("which films did Cat Moss act in", ["Cold Summit", "Dusty Road"]),
    HistoryPair("which films did Hu Park write", ["Bright Harbor", "Dusty Road"]),
]


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> CacheRAG:
    root = tmp_path_factory.mktemp("films")
    (root / "films.ttl").write_text(_ttl())
    engine = CacheRAG(str(root / "films.ttl"), memory_dir=str(root / "memory"), domain="films", learn=False)
    warm_context(engine.context, HISTORY)
    return engine


def plan(answer) -> list[str]:  # type: ignore[no-untyped-def]
    """The composed plan (no expansion searched for it), hop by hop."""
    assert answer.plan_source == "composed", answer.reason
    return [("^" if s.get("inverse") else "") + s["label"] for s in answer.plan]


def labels(answer) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.label for a in answer.answers}


def test_films_that_share_actors_are_reached_there_and_back(rag: CacheRAG) -> None:
    answer = rag.ask("who directed the films that share actors with Amber Quest")
    assert plan(answer) == ["starred actors", "^starred actors", "directed by"]
    assert labels(answer) >= {"Eli Sand"}  # Bright Harbor and Echo Valley share Ann Lee and Ben Ott


def test_a_relation_named_twice_is_walked_there_and_back(rag: CacheRAG) -> None:
    answer = rag.ask("who acted in the films directed by the director of Cold Summit")
    assert plan(answer) == ["directed by", "^directed by", "starred actors"]
    assert labels(answer) >= {"Dana Wu"}  # Fin Holt also directed Frozen Lake


def test_a_plural_names_what_its_singular_was_learned_for(rag: CacheRAG) -> None:
    answer = rag.ask("what types are the films written by the writer of Bright Harbor")
    assert plan(answer) == ["written by", "^written by", "has genre"]
    assert "Western" in labels(answer)  # Dusty Road, the writer's other film


def test_also_asked_of_a_writer_is_what_the_writer_wrote_not_the_co_writers(rag: CacheRAG) -> None:
    """"also" after the topic qualifies the topic's own relation; only before it ("films whose writers also
    wrote <E>") does it ask what shares a relation with <E>."""
    answer = rag.ask("which films did Gil Fox also write")
    assert labels(answer) == {"Amber Quest", "Cold Summit", "Echo Valley"}


def test_films_whose_writers_also_wrote_the_topic_share_its_writers(rag: CacheRAG) -> None:
    answer = rag.ask("who directed the films whose writers also wrote Cold Summit")
    assert plan(answer) == ["written by", "^written by", "directed by"]
    assert labels(answer) >= {"Dov Ray", "Eli Sand"}  # Amber Quest and Echo Valley, Gil Fox's other films


def test_who_acted_together_with_the_topic_are_its_co_stars(rag: CacheRAG) -> None:
    answer = rag.ask("Ann Lee starred together with who")
    assert [s["label"] for s in answer.plan] == ["starred actors", "starred actors"]
    assert "Ben Ott" in labels(answer)  # with Ann Lee in Amber Quest


def test_also_said_of_what_the_topic_relates_to_asks_what_shares_it(rag: CacheRAG) -> None:
    answer = rag.ask("the director of Amber Quest also directed which films")
    assert labels(answer) == {"Dusty Road"}
    actor = rag.ask("the actor of Dusty Road also starred in which films")  # not the actor: his other films
    assert labels(actor) == {"Cold Summit"}


def test_a_relation_named_twice_with_same_is_not_walked_a_third_time(rag: CacheRAG) -> None:
    answer = rag.ask("what are the films that are directed by the same director of Cold Summit")
    assert plan(answer) == ["directed by", "^directed by"]
    assert labels(answer) == {"Frozen Lake"}


def test_a_word_said_again_starts_a_phrase_of_its_own() -> None:
    names = {"direct": "directed by", "act": "starred actors"}.get
    phrase = Phrase(("act", "film", "direct", "direct"), "acted in the films directed by the director", before=True)
    assert [p.words for p in split(phrase, names)] == [("direct",), ("direct",), ("act", "film")]


def test_a_sharing_word_in_the_topic_name_asks_for_nothing_shared(rag: CacheRAG) -> None:
    # "Together" is the title's, not the question's: the film's own director, not its fellow films.
    assert labels(rag.ask("who directed Together Again")) == {"Kim Roe"}


def test_a_there_and_back_hop_named_once_needs_what_shares_it_said(rag: CacheRAG) -> None:
    # "starred" and "actors" name the one relation twice; "films" names what shares the director.
    by_actors = rag.ask("what types are the films starred by actors in Amber Quest")
    for_director = rag.ask("who starred films for the director of Cold Summit")
    assert by_actors.status == "answered" and {"Comedy", "Musical"} <= labels(by_actors)
    assert for_director.status == "answered" and "Dana Wu" in labels(for_director)

