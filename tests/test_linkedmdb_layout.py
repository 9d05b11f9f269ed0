"""What the LinkedMDB stand-in (``benchmarks/moviedb_graph.py``) taught, on a small graph in that layout written here:
a person is a resource per role, labelled "Name (Director)" and named by ``movie:director_name``: the name is what
is shown and linked, the gloss in brackets only tells homonyms apart; one person's two roles are homonyms, of which
the question's own relation picks one, whatever plan memory recalls for the other; a film and its remake share a
title, and a question telling them apart by nothing is asked of both."""

from __future__ import annotations

from pathlib import Path

from engines import answered, engine_over

from cacherag.graphs.resources import resources
from cacherag.nodes.grounded import judge
from cacherag.tools.terms import glossed

GRAPH = """@prefix movie: <http://data.linkedmdb.org/resource/movie/> .
@prefix dc: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix film: <http://data.linkedmdb.org/resource/film/> .
@prefix director: <http://data.linkedmdb.org/resource/director/> .
@prefix writer: <http://data.linkedmdb.org/resource/writer/> .
film:1 a movie:film ; rdfs:label "The Glass Orchard" ; dc:title "The Glass Orchard" ;
    movie:director director:1 ; movie:initial_release_date "1962" .
film:2 a movie:film ; rdfs:label "The Glass Orchard" ; dc:title "The Glass Orchard" ;
    movie:director director:2 ; movie:initial_release_date "2009-11-20" ; movie:writer writer:3 .
film:3 a movie:film ; rdfs:label "Quiet Rooms" ; dc:title "Quiet Rooms" ; movie:director director:3 ;
    movie:writer writer:4 .
film:4 a movie:film ; rdfs:label "Ash and Meridian" ; dc:title "Ash and Meridian" ; movie:director director:1 ;
    movie:writer writer:3 .
director:1 a movie:director ; rdfs:label "Edda Lorenz (Director)" ; movie:director_name "Edda Lorenz" .
director:2 a movie:director ; rdfs:label "Joaquin Serrat (Director)" ; movie:director_name "Joaquin Serrat" .
director:3 a movie:director ; rdfs:label "Tomas Hale (Director)" ; movie:director_name "Tomas Hale" .
writer:3 a movie:film_writer ; rdfs:label "Tomas Hale (Writer)" ; movie:writer_name "Tomas Hale" .
writer:4 a movie:film_writer ; rdfs:label "Miriam Sorel (Writer)" ; movie:writer_name "Miriam Sorel" .
"""


def test_a_label_is_a_name_and_a_gloss() -> None:
    assert glossed("Ilsa Brandt (Director)", "Ilsa Brandt")
    assert not glossed("Ilsa Brandt", "Ilsa Brandt") and not glossed("Paris (France) today", "Paris")


def test_the_name_is_shown_not_the_gloss(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Who directed Quiet Rooms?") == {"Tomas Hale"}
        assert answered(rag, "Who wrote Quiet Rooms?") == {"Miriam Sorel"}


def test_a_title_two_films_share_is_asked_of_both(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Who directed The Glass Orchard?") == {"Edda Lorenz", "Joaquin Serrat"}
        assert answered(rag, "When was The Glass Orchard released?") == {"1962", "2009-11-20"}


def test_the_question_s_relation_picks_one_of_a_person_s_roles(tmp_path: Path) -> None:
    with engine_over(tmp_path, GRAPH, name="linkedmdb.ttl", learn=True) as rag:
        assert answered(rag, "Which films did Edda Lorenz direct?") == {"The Glass Orchard", "Ash and Meridian"}
        assert answered(rag, "Which films did Tomas Hale direct?") == {"Quiet Rooms"}
        # a remembered "direct" plan fits the director Tomas Hale; "write" names the writer's relation
        assert answered(rag, "Which films did Tomas Hale write?") == {"The Glass Orchard", "Ash and Meridian"}


def test_a_relation_reaching_names_as_text_is_no_way_to_the_things_named(tmp_path: Path) -> None:
    # a performance's film is written as text: "which films" are those the actor is linked to as a cast member
    graph = GRAPH + """
film:1 movie:actor <http://data.linkedmdb.org/resource/actor/1> ; movie:performance <http://x/p1> .
film:4 movie:actor <http://data.linkedmdb.org/resource/actor/1> .
<http://data.linkedmdb.org/resource/actor/1> a movie:actor ; rdfs:label "Caspar Wyn (Actor)" ;
    movie:actor_name "Caspar Wyn" ; movie:performance <http://x/p1> .
<http://x/p1> a movie:performance ; movie:performance_actor "Caspar Wyn" ; movie:performance_film "The Glass Orchard" ;
    movie:performance_character "Anselm" .
"""
    with engine_over(tmp_path, graph, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Which films did Caspar Wyn appear in?") == {"The Glass Orchard", "Ash and Meridian"}


def test_a_gloss_saying_the_thing_s_class_is_not_shown_where_no_column_names_it(tmp_path: Path) -> None:
    # (an endpoint has no name columns: the label's gloss is dropped where it says the thing's class only)
    graph = "\n".join(line for line in GRAPH.splitlines() if "_name" not in line or "movie:film" in line) + """
director:1 a movie:director ; rdfs:label "Edda Lorenz (Director)" .
director:2 a movie:director ; rdfs:label "Joaquin Serrat (Painter)" .
"""
    with engine_over(tmp_path, graph, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Who directed Ash and Meridian?") == {"Edda Lorenz"}
        # a gloss that is no class of the thing stays: it says something else
        assert "Joaquin Serrat (Painter)" in answered(rag, "Who directed The Glass Orchard?")


def test_who_is_not_answered_by_a_relation_naming_a_thing(tmp_path: Path) -> None:
    # "sequel" names a film, as the topic is one: "who was in the sequel" is not the sequel itself
    graph = GRAPH + """
film:3 movie:sequel film:4 ; movie:actor <http://data.linkedmdb.org/resource/actor/1> .
film:4 movie:actor <http://data.linkedmdb.org/resource/actor/1> .
<http://data.linkedmdb.org/resource/actor/1> a movie:actor ; rdfs:label "Caspar Wyn (Actor)" ;
    movie:actor_name "Caspar Wyn" .
"""
    with engine_over(tmp_path, graph, name="linkedmdb.ttl") as rag:
        assert answered(rag, "What is the sequel to Quiet Rooms?") == {"Ash and Meridian"}
        assert answered(rag, "Who starred in the sequel to Quiet Rooms?") == {"Caspar Wyn"}
        refused = rag.ask("Who was in the sequel to Quiet Rooms?")
        assert refused.status == "missing" and "asks who" in refused.reason


CAST = GRAPH + """
film:1 movie:actor <http://data.linkedmdb.org/resource/actor/1> ; movie:performance <http://x/p1> .
film:3 movie:actor <http://data.linkedmdb.org/resource/actor/1>, <http://data.linkedmdb.org/resource/actor/3> .
film:4 movie:actor <http://data.linkedmdb.org/resource/actor/2> .
<http://data.linkedmdb.org/resource/actor/1> a movie:actor ; rdfs:label "Caspar Wyn (Actor)" ;
    movie:actor_name "Caspar Wyn" ; movie:performance <http://x/p1> .
<http://data.linkedmdb.org/resource/actor/2> a movie:actor ; rdfs:label "Odile Saran (Actor)" ;
    movie:actor_name "Odile Saran" .
<http://data.linkedmdb.org/resource/actor/3> a movie:actor ; rdfs:label "Tomas Hale (Actor)" ;
    movie:actor_name "Tomas Hale" ; movie:performance <http://x/p2> .
<http://x/p1> a movie:performance ; movie:performance_actor <http://data.linkedmdb.org/resource/actor/1> ;
    movie:performance_film film:1 ; movie:performance_character "Anselm" .
<http://x/p2> a movie:performance ; movie:performance_actor <http://data.linkedmdb.org/resource/actor/3> ;
    movie:performance_film film:3 ; movie:performance_character "Ruben" .
"""


def test_of_a_person_s_roles_the_word_nearest_the_name_picks_one(tmp_path: Path) -> None:
    # Tomas Hale directs, writes and acts: "written by Tomas Hale" is the writer's films, whose cast is asked for
    with engine_over(tmp_path, CAST, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Who starred in films written by Tomas Hale?") == {"Odile Saran"}
        assert answered(rag, "Which films did Tomas Hale star in?") == {"Quiet Rooms"}


def test_a_verb_naming_its_doer_names_the_plainest_relation_of_that_doer(tmp_path: Path) -> None:
    # "starred" is what a star, an actor, does: the film's "actor", not the performance's "performance actor"
    with engine_over(tmp_path, CAST, name="linkedmdb.ttl") as rag:
        assert answered(rag, "Who directed the films Caspar Wyn starred in?") == {"Edda Lorenz", "Tomas Hale"}


def test_a_character_said_by_name_picks_the_performance(tmp_path: Path) -> None:
    # "who played *Greta* in <F>" is the one cast member who played her, not every actor of <F> (a character's name is
    # text on the performance, no entity): a plan picking by nothing, as edge memory once replayed, is refused
    graph = GRAPH + """
film:3 movie:actor <http://x/a1>, <http://x/a2> ; movie:performance <http://x/p1>, <http://x/p2> .
<http://x/a1> a movie:actor ; rdfs:label "Lucia Ferrand (Actor)" ; movie:actor_name "Lucia Ferrand" ;
    movie:performance <http://x/p1> .
<http://x/a2> a movie:actor ; rdfs:label "Caspar Wyn (Actor)" ; movie:actor_name "Caspar Wyn" ;
    movie:performance <http://x/p2> .
<http://x/p1> a movie:performance ; movie:performance_character "Greta Vallis" .
<http://x/p2> a movie:performance ; movie:performance_character "Aurelia Voss" .
"""
    actor = {"predicate": "<http://data.linkedmdb.org/resource/movie/actor>", "inverse": False, "label": "actor"}
    with engine_over(tmp_path, graph, name="linkedmdb.ttl") as rag:
        assert answered(rag, "who played Greta Vallis in Quiet Rooms?") == {"Lucia Ferrand"}
        res = resources(rag.context)
        question = "who played Greta Vallis in Quiet Rooms?"
        isr = {"topic_mention": "Quiet Rooms", "constraints": ["who played Greta Vallis in ?"],
               "aliases": {"play": "actor"}}
        refusal = judge(res, question, isr, [actor], res.view.labels.mentions("Quiet Rooms")[0].nodes[0])
        assert refusal == "the question says 'Greta Vallis', and the plan does not pick by it", refusal
