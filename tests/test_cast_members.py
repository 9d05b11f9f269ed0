"""A film's cast behind intermediate nodes joining an actor and the character played (Wikidata's cast member with its
"character role" qualifier, as SWAPI-and-Wikidata graphs have it), asked as people ask: "who played <character>",
"which character did <actor> play" — the verb names one of the two relations the hop joins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG

CAST = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:castMember rdfs:label "cast member" .  ex:actor rdfs:label "actor" .  ex:character rdfs:label "character" .
ex:credit rdfs:label "credit" .  ex:role rdfs:label "role" .  ex:person rdfs:label "person" .
ex:dawn rdfs:label "Ember Dawn" .  ex:tide rdfs:label "Iron Tide" .
ex:mira rdfs:label "Mira Holt" .  ex:jon rdfs:label "Jon Castell" .  ex:ada rdfs:label "Ada Rusk" .
ex:kael rdfs:label "Kael Dorn" .  ex:vessa rdfs:label "Vessa Ryl" .  ex:orm rdfs:label "Captain Orm" .
ex:Character rdfs:label "Character" .  ex:Person rdfs:label "Person" .  ex:Film rdfs:label "Film" .
ex:kael a ex:Character .  ex:vessa a ex:Character .  ex:orm a ex:Character .
ex:mira a ex:Person .  ex:jon a ex:Person .  ex:ada a ex:Person .  ex:dawn a ex:Film .  ex:tide a ex:Film .
ex:dawn ex:castMember ex:m1 , ex:m2 .  ex:tide ex:castMember ex:m3 , ex:m4 .
ex:m1 ex:actor ex:mira ; ex:character ex:kael .  ex:m2 ex:actor ex:jon ; ex:character ex:vessa .
ex:m3 ex:actor ex:mira ; ex:character ex:orm .  ex:m4 ex:actor ex:ada ; ex:character ex:kael .
ex:dawn ex:credit ex:c1 , ex:c2 .  ex:c1 ex:role "director" ; ex:person ex:jon .
ex:c2 ex:role "producer" ; ex:person ex:ada .
"""


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, CAST) as engine:
        yield engine


def test_who_played_a_character(rag: CacheRAG) -> None:
    answer = rag.ask("Who played Vessa Ryl?")
    assert answer.status == "answered", answer.reason
    assert [a.label for a in answer.answers] == ["Jon Castell"]
    assert "character" in answer.plan[0]["predicate"] and "actor" in answer.plan[0]["predicate"]
    assert {a.label for a in rag.ask("Who played Kael Dorn?").answers} == {"Mira Holt", "Ada Rusk"}


def test_which_character_an_actor_played(rag: CacheRAG) -> None:
    answer = rag.ask("Which characters did Mira Holt play?")
    assert {a.label for a in answer.answers} == {"Kael Dorn", "Captain Orm"}


def test_the_verb_stays_understood_after_history_heard_it(tmp_path: Path) -> None:
    # Heard in two remembered questions, naming one hop once and the other's noun asked for, "play" has taught
    # history nothing: the dictionary still reads it.
    with engine_over(tmp_path, CAST, learn=True) as rag:
        rag.ask("Who played Vessa Ryl?")
        rag.ask("Which character did Ada Rusk play?")
        assert [a.label for a in rag.ask("Who plays Captain Orm?").answers] == ["Mira Holt"]


def test_a_word_naming_one_joined_relation_explains_no_other(rag: CacheRAG) -> None:
    # "office" is a word for a role, and the credits join roles; "box office" is no role of anyone
    answer = rag.ask("What is the box office of Ember Dawn?")
    assert answer.status == "missing"


def test_who_starred_names_the_actors(rag: CacheRAG) -> None:
    # who stars is a star, a kind of actor — though "star" is a verb of being too ("which films *feature* <E>")
    assert {a.label for a in rag.ask("Who starred in Ember Dawn?").answers} == {"Mira Holt", "Jon Castell"}
    assert {a.label for a in rag.ask("Which films did Mira Holt star in?").answers} == {"Ember Dawn", "Iron Tide"}


def test_a_replayed_hop_through_cast_members_is_named_by_its_labels(tmp_path: Path) -> None:
    # edge memory remembers the way from an actor to a character; replayed from the character (walked back), the
    # reason a user reads names it in words, not by its SPARQL path
    with engine_over(tmp_path, CAST, learn=True) as rag:
        rag.ask("Which character did Jon Castell play?")
        answer = rag.ask("Who killed Vessa Ryl?")
        assert answer.status == "missing"
        assert "<http" not in answer.reason, answer.reason


def test_naming_the_leg_from_the_topic_names_nothing_it_leads_to(rag: CacheRAG) -> None:
    # a spouse is a person, and Jon Castell is the person of a credit whose role is "director": the spouse of
    # Jon Castell is no role of his
    answer = rag.ask("Who is the spouse of Jon Castell?")
    assert answer.status == "missing", answer.answers


def test_a_verb_naming_the_first_leg_is_not_the_way_the_topic_has_the_last(tmp_path: Path) -> None:
    # Mira Holt acted in Ember Dawn, whose credits have roles: "what role did she play" is no role of those credits
    # — the wh-noun says what the last hop leads to, not the first, and a word read as the actor is no filler,
    # however seldom history heard it name anything
    with engine_over(tmp_path, CAST, learn=True) as rag:
        for question in ["Who played Vessa Ryl?", "Which actor played Kael Dorn?",
                         "Who played Captain Orm in Iron Tide?", "Which films did Jon Castell act in?"]:
            assert rag.ask(question).status == "answered"
        answer = rag.ask("What role did Mira Holt play?")
        assert not {"director", "producer"} & {a.label for a in answer.answers}


def test_a_word_of_another_relation_beside_the_hop_is_not_excused(rag: CacheRAG) -> None:
    # "actor" names the cast member's actor, "directed" another relation: Iron Tide credits no director
    assert rag.ask("Which actor directed Iron Tide?").status == "missing"
    assert [a.label for a in rag.ask("Which actors starred in Ember Dawn?").answers] == ["Jon Castell", "Mira Holt"]


def test_who_an_actor_played_is_the_character_of_its_cast_membership(rag: CacheRAG) -> None:
    # the topic does the playing ("did <A> play"): the verb names the actor, and the hop's other leg is its object
    answer = rag.ask("Who did Jon Castell play?")
    assert [a.label for a in answer.answers] == ["Vessa Ryl"], answer.reason
    # … but who it played *with* shared its films: no character of its own
    for question in ("Who did Jon Castell act with?", "Who did Jon Castell play with?"):
        assert "Vessa Ryl" not in {a.label for a in rag.ask(question).answers}, question


def test_who_is_answered_by_someone_not_by_a_remembered_plan_s_films(tmp_path: Path) -> None:
    with engine_over(tmp_path, CAST, learn=True) as rag:
        assert {a.label for a in rag.ask("Which films did Mira Holt act in?").answers} == {"Ember Dawn", "Iron Tide"}
        answer = rag.ask("Who did Jon Castell play?")
        assert [a.label for a in answer.answers] == ["Vessa Ryl"], answer.reason


def test_the_films_an_actor_acted_in_are_not_its_characters_films(tmp_path: Path) -> None:
    # Ada Rusk played Kael Dorn in Iron Tide only; Kael Dorn is in Ember Dawn too, played there by Mira Holt
    films = "ex:film rdfs:label \"film\" .  ex:kael ex:film ex:dawn , ex:tide .  ex:orm ex:film ex:tide ."
    with engine_over(tmp_path, CAST + films) as rag:
        assert {a.label for a in rag.ask("Which films did Ada Rusk act in?").answers} == {"Iron Tide"}


def test_a_way_of_doing_what_the_asked_kind_does_names_it(rag: CacheRAG) -> None:
    # to portray is to act a part, which an actor does; creating a character is no acting
    assert {a.label for a in rag.ask("Which actor portrayed Kael Dorn?").answers} == {"Mira Holt", "Ada Rusk"}
    assert rag.ask("Which actor created Kael Dorn?").status == "missing"


def test_the_awards_a_film_won_are_not_those_of_someone_it_credits(tmp_path: Path) -> None:
    # the only way from Ember Dawn to an award is through its director: the type asked for vouches for no hop the
    # question does not name where the film itself does the winning
    awards = ('ex:awardReceived rdfs:label "award received" .  ex:Award rdfs:label "Award" .'
              '  ex:reel a ex:Award ; rdfs:label "Golden Reel" .  ex:jon ex:awardReceived ex:reel .')
    with engine_over(tmp_path, CAST + awards) as rag:
        assert [a.label for a in rag.ask("Which awards did Jon Castell win?").answers] == ["Golden Reel"]
        answer = rag.ask("Which awards did Ember Dawn win?")
        assert answer.status == "missing", answer.answers


def test_a_character_called_by_another_of_its_names(tmp_path: Path) -> None:
    # "Lady Vessa" is an alt label: a name the question says, which picks the cast member as well as the label does
    alias = ('@prefix skos: <http://www.w3.org/2004/02/skos/core#> .  ex:vessa skos:altLabel "Lady Vessa" .'
             '  ex:kael skos:altLabel "Nightshade" .')
    with engine_over(tmp_path, CAST + alias) as rag:
        answer = rag.ask("Which actor played Lady Vessa in Ember Dawn?")
        assert [a.label for a in answer.answers] == ["Jon Castell"], answer.reason
        # … however few words that name shares with the label
        answer = rag.ask("Who played Nightshade in Iron Tide?")
        assert [a.label for a in answer.answers] == ["Ada Rusk"], answer.reason
        assert rag.ask("Which actor played Lady Vessa in Iron Tide?").status == "missing"  # not in its cast


def test_a_character_called_by_a_part_of_its_name_beside_the_film(rag: CacheRAG) -> None:
    # "Kael" is one character's name alone: a name the question says beside the film's, which the cast member is
    # picked by (the film's name said in full leaves the lone word still to be looked up)
    answer = rag.ask("Who played Kael in Iron Tide?")
    assert [a.label for a in answer.answers] == ["Ada Rusk"], answer.reason
    answer = rag.ask("Who played Vessa in Ember Dawn?")
    assert [a.label for a in answer.answers] == ["Jon Castell"], answer.reason


def test_who_an_actor_played_in_a_film_is_read_from_the_film(rag: CacheRAG) -> None:
    # the cast members of Iron Tide whose actor is Mira Holt: "play" names the actor they are picked by, so no hop
    # walks on to their actors — which would answer with Mira Holt herself
    answer = rag.ask("Who did Mira Holt play in Iron Tide?")
    assert [a.label for a in answer.answers] == ["Captain Orm"], answer.reason


def test_a_plan_answering_with_what_it_picks_by_is_refused(rag: CacheRAG) -> None:
    from cacherag.graphs.resources import resources
    from cacherag.nodes.grounded import judge

    mira, tide = "<http://example.org/mira>", "<http://example.org/tide>"
    there = {"predicate": f"<http://example.org/castMember>/<http://example.org/character>[<http://example.org/actor> "
                          f"{mira}]", "inverse": False, "label": "mira holt cast member character"}
    back = {"predicate": "^<http://example.org/character>/<http://example.org/actor>", "inverse": False,
            "label": "character actor"}
    isr = {"topic_mention": "Iron Tide", "constraints": ["Who did Mira Holt play in  ?"], "domain": "d", "aspect": ""}
    reason = judge(resources(rag.context), "Who did Mira Holt play in Iron Tide?", isr, [there, back], tide)
    assert reason is not None and "picks its statements" in reason


def test_a_walk_back_picking_by_a_value_is_still_a_walk_back(rag: CacheRAG) -> None:
    # Iron Tide's actors, then the cast memberships where they played Kael Dorn, reach films (Ember Dawn, where Mira
    # Holt played him): "played" is asked once, and such a plan goes there and back
    from cacherag.graphs.resources import resources
    from cacherag.nodes.grounded import judge
    from cacherag.tools.kg import turns_back

    there = {"predicate": "<http://example.org/castMember>/<http://example.org/actor>", "inverse": False,
             "label": "cast member actor"}
    back = {"predicate": "^<http://example.org/actor>/^<http://example.org/castMember>[<http://example.org/character> "
                         "<http://example.org/kael>]", "inverse": False, "label": "kael dorn actor cast member"}
    assert turns_back(there, back)
    question = "Who played Kael Dorn in Iron Tide?"
    isr = {"topic_mention": "Iron Tide", "constraints": ["Who played Kael Dorn in  ?"], "domain": "d", "aspect": "",
           "aliases": {"play": "actor"}}
    assert judge(resources(rag.context), question, isr, [there, back], "<http://example.org/tide>") is not None
    assert [a.label for a in rag.ask(question).answers] == ["Ada Rusk"]


BANDS = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:hasMember rdfs:label "member" .  ex:person rdfs:label "person" .  ex:instrument rdfs:label "instrument" .
ex:Musician rdfs:label "Musician" .  ex:Instrument rdfs:label "Instrument" .
ex:pines rdfs:label "The Hollow Pines" .  ex:mara a ex:Musician ; rdfs:label "Mara Quell" .
ex:tobias a ex:Musician ; rdfs:label "Tobias Renn" .  ex:ada a ex:Musician ; rdfs:label "Ada Stone" .
ex:drums a ex:Instrument ; rdfs:label "drums" .  ex:vocals a ex:Instrument ; rdfs:label "lead vocals" .
ex:pines ex:hasMember ex:m1 , ex:m2 , ex:m3 .
ex:m1 ex:person ex:mara ; ex:instrument ex:vocals .  ex:m2 ex:person ex:tobias ; ex:instrument ex:drums .
ex:m3 ex:person ex:ada ; ex:instrument ex:drums .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("Who are the members of The Hollow Pines?", {"Mara Quell", "Tobias Renn", "Ada Stone"}),
    ("How many members does The Hollow Pines have?", {"3"}),  # not the 2 instruments they play
])
def test_a_noun_for_someone_takes_the_leg_reaching_someone(tmp_path: Path, question: str,
                                                           answers: set[str]) -> None:
    # the memberships join a musician and an instrument, and the question names neither leg: "who", or a noun for
    # someone, takes the one reaching nodes of a class called by a word for someone
    with engine_over(tmp_path, BANDS) as engine:
        answer = engine.ask(question)
    assert {a.label for a in answer.answers} == answers, answer.reason


def test_how_old_a_character_was_in_a_film_is_no_actor(rag: CacheRAG) -> None:
    # the cast member of Iron Tide picked by the character leads to her actor: no age, which the graph does not state
    for question in ("How tall was Captain Orm in Iron Tide?", "How old was Kael Dorn in Ember Dawn?"):
        answer = rag.ask(question)
        assert answer.status == "missing" and not answer.answers, (question, [a.label for a in answer.answers])
    assert [a.label for a in rag.ask("Who played Captain Orm in Iron Tide?").answers] == ["Mira Holt"]


def test_what_a_character_did_after_a_film_is_no_actor(rag: CacheRAG) -> None:
    # the same cast member leads to Ada Rusk, who played Kael in Iron Tide: nothing Kael did after it
    assert [a.label for a in rag.ask("Who played Kael Dorn in Iron Tide?").answers] == ["Ada Rusk"]
    for question in ("What did Kael Dorn do after Iron Tide?", "What did Kael Dorn do before Iron Tide?"):
        answer = rag.ask(question)
        assert not answer.answers and "in time" in answer.reason, (question, answer.reason)


def test_a_refused_replay_follows_the_role_the_question_names_not_the_way_to_its_type(tmp_path: Path) -> None:
    # Edge memory recalls Lior Sand's award for "which films did Lior Sand compose the music for", and the judge
    # refuses it (no film). The path expansion loop then follows the credit the question names (as composer) from
    # the start: not Lior's one way to films (every credit), which asks the reasoner again at every hop.
    body = CAST + """
ex:award rdfs:label "award received" .  ex:Award rdfs:label "Award" .  ex:reel a ex:Award ; rdfs:label "Golden Reel" .
ex:lior a ex:Person ; rdfs:label "Lior Sand" ; ex:award ex:reel .
ex:dawn ex:credit ex:c3 .  ex:c3 ex:role "director" ; ex:person ex:lior .
ex:tide ex:credit ex:c4 .  ex:c4 ex:role "composer" ; ex:person ex:lior .
"""
    with engine_over(tmp_path, body, learn=True) as engine:
        assert [a.label for a in engine.ask("What award did Lior Sand receive?").answers] == ["Golden Reel"]
        answer = engine.ask("Which films did Lior Sand compose the music for?")
    assert [a.label for a in answer.answers] == ["Iron Tide"] and answer.trace["replay_refused"] == 1, answer.reason
    assert "execute" not in answer.trace["node_runs"] and answer.trace["reasoner_calls"] == 2, answer.trace


def test_a_cast_member_picked_by_a_name_is_no_role_to_compare(rag: CacheRAG) -> None:
    # a proper name picks the cast member, which the question says: the film's other characters are no other reading
    # of it, however near their labels read to the question's words (a role, "director", would be)
    from cacherag.graphs.resources import resources
    from cacherag.nodes.grounded import _other_role

    res = resources(rag.context)
    tide = "<http://example.org/tide>"
    kael = next(e for e in res.view.schema(tide) if e.label == "kael dorn cast member actor")
    assert not _other_role(res, tide, kael.as_step(), "captain orm cast member actor")
