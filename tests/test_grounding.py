"""How the offline reasoner reads a question's relations: how often, in which order, and there and back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engines import engine_over

from cacherag import CacheRAG, Context
from cacherag.graphs.resources import embeddings
from cacherag.graphs.state import ISR, MentionCandidate
from cacherag.memory.text import stem, terms
from cacherag.nodes.reasoners.grounding import (
    Asked,
    Grounder,
    asked_nouns,
    asked_terms,
    content_terms,
    label_words,
    misfits,
    named_again,
    out_of_order,
    overuses,
    returns,
)
from cacherag.nodes.retrieve_plans import _preference, _secondary
from cacherag.tools.kg import SchemaEdge

LABELS = ["directed by", "written by", "starred actors", "release year", "has genre"]


def step(label: str, inverse: bool = False) -> dict:
    return {"predicate": f"<urn:{label.replace(' ', '_')}>", "inverse": inverse, "label": label}


def asked(question: str, mention: str) -> Asked:
    rest = question.replace(mention, " ")
    return Asked.of(question, ISR(topic_mention=mention, constraints=[rest], domain="d", aspect=""))


def test_a_dotted_relation_name_is_named_by_its_last_part() -> None:
    assert label_words("cvg.game version.platform") == ("platform",)
    assert label_words("people.person.sibling s") == label_words("sibling")  # Freebase's "_s" is no word
    assert label_words("St. Louis") == label_words("st louis")  # an abbreviation is no path
    assert stem("types") == stem("type") and stem("names") == stem("name")


def test_a_verb_ending_like_an_agent_noun_stems_as_its_agent_noun(tmp_path: Path) -> None:
    # "discover" ends like "discoverer": both, and every form of the verb, are one word
    assert len({stem(w) for w in ("discover", "discovered", "discovers", "discoverer", "discoverers")}) == 1
    graph = ('@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n'
             'ex:by rdfs:label "discoverer" .  ex:ilse rdfs:label "Ilse Tormund" .\n'
             'ex:tormundite rdfs:label "tormundite" ; ex:by ex:ilse .')
    with engine_over(tmp_path, graph) as rag:
        assert [a.label for a in rag.ask("What did Ilse Tormund discover?").answers] == ["tormundite"]


def test_a_closed_compound_stems_as_its_head() -> None:
    assert stem("screenwriter") == stem("scriptwriters") == stem("writer") == stem("written")
    assert stem("writ") == "writ" and stem("director") == "direct"
    assert stem("type") == stem("types") and stem("name") == stem("names")
    # An agent noun for who does the verb, for the whole word only.
    assert stem("flies") == stem("flown") == stem("pilots") and stem("butterflies") != stem("pilot")


def test_sharing_words_ask_for_a_there_and_back_plan() -> None:
    same = asked("which movies have the same actor of Heat", "Heat")
    assert same.sharing and asked("who co-wrote films with Ann Lee", "Ann Lee").sharing
    assert not asked("who are the actors in Heat", "Heat").sharing
    there_and_back = [step("starred actors"), step("starred actors", inverse=True)]
    assert returns(there_and_back) and not returns([step("starred actors"), step("directed by", True)])
    assert not misfits(there_and_back, same, LABELS)
    assert misfits([step("starred actors")], same, LABELS)  # a sharing question is not answered in one hop


def test_a_plan_may_not_follow_a_relation_more_often_than_the_question_names_it() -> None:
    one_hop = asked("who are the actors in Heat", "Heat")
    assert overuses([step("starred actors"), step("starred actors", inverse=True)], one_hop)
    assert not overuses([step("starred actors")], one_hop)
    # Unnamed relations say nothing (a paraphrase need not name them) …
    assert not overuses([step("starred actors", True)], asked("Heat appears in which movies", "Heat"))
    # … but a bare there-and-back plan needs the question to ask for it.
    assert overuses([step("starred actors", True), step("starred actors")], asked("Al appears in which movies", "Al"))
    # A hop back along the previous one belongs to the same excursion.
    for_director = asked("who starred films for the director of Heat", "Heat")
    assert not overuses([step("directed by"), step("directed by", True), step("starred actors")], for_director)
    # Two words of one label can name it twice.
    by_actors = asked("what genres are the films starred by Heat actors", "Heat")
    assert not overuses([step("starred actors"), step("starred actors", True), step("has genre")], by_actors)


def test_relations_named_before_the_topic_are_followed_outward_from_it() -> None:
    question = asked("the release years of the films that share directors with the film Heat", "Heat")
    right = [step("directed by"), step("directed by", True), step("release year")]
    wrong = [step("release year"), step("release year", True), step("directed by")]
    assert not out_of_order(right, question) and out_of_order(wrong, question)
    # What is named after the topic is not placed: "<E> starred movies" starts with the words after it.
    after = asked("who is listed as screenwriter of Al Pacino starred movies", "Al Pacino")
    assert not out_of_order([step("starred actors", True), step("written by")], after)


def test_cold_sharing_and_three_hop_questions_on_the_demo_graph(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    shared = rag.ask("which films have the same director as Alien")
    assert shared.status == "answered" and [s["label"] for s in shared.plan] == ["directed by", "directed by"]
    assert {"Blade Runner", "Gladiator"} <= {a.label for a in shared.answers}
    # The relation named nearest before the topic is the first hop, whichever the question names first.
    genres = rag.ask("what genres are the films that share stars with Alien")
    assert [s["label"] for s in genres.plan] == ["starring", "starring", "genre"]
    # A one-hop question is not answered with a remembered there-and-back plan.
    assert [s["label"] for s in rag.ask("which films share stars with Aliens").plan] == ["starring", "starring"]
    cast = rag.ask("who starred in Alien")
    assert [s["label"] for s in cast.plan] == ["starring"]
    assert {a.label for a in cast.answers} == {"Sigourney Weaver", "Tom Skerritt", "John Hurt", "Ian Holm"}


def test_the_noun_a_wh_word_asks_for_is_no_extra_hop() -> None:
    written = [step("written by")]
    there_and_back = [step("written by", inverse=True), step("written by")]
    typed = asked("which screenwriter wrote the script for Heat", "Heat")
    assert typed.words[stem("writer")] == 1
    assert not misfits(written, typed, LABELS) and misfits(there_and_back, typed, LABELS)
    director = asked("who is the director that directed Heat", "Heat")
    assert not misfits([step("directed by")], director, LABELS)
    # Without a wh-word both mentions are hops: the films written by the one who wrote Heat.
    chained = asked("the films written by the writer of Heat", "Heat")
    assert chained.words[stem("writer")] == 2 and misfits(written, chained, LABELS)
    # Named once, the asked-for noun still names the relation.
    assert asked("what is the language of Heat", "Heat").words[stem("language")] == 1


def test_a_relation_is_named_twice_by_a_repeated_word_or_words_on_both_sides_of_the_topic() -> None:
    there_and_back = [step("starred actors"), step("starred actors", inverse=True)]
    assert overuses(there_and_back, asked("the film Heat starred which actors", "Heat"))
    assert not overuses(there_and_back, asked("the films starred by Heat actors", "Heat"))
    assert not overuses(there_and_back, asked("which actors starred in the films starring Al Pacino", "Al Pacino"))


def test_a_noun_that_heads_an_of_chain_is_a_hop_not_the_answers_type() -> None:
    assert asked_nouns({"constraints": ["which films did <E> direct"]}) == ["film"]
    assert asked_nouns({"constraints": ["what is the name of <E>"]}) == []
    assert asked_nouns({"constraints": ["who is the director of <E>"]}) == []
    assert asked_nouns({"constraints": ["who is the director that directed <E>"]}) == ["direct"]
    assert asked_nouns({"constraints": ["who directed the films directed by <E>"]}) == []  # a verb, no noun


def test_a_quantifier_or_a_past_copula_is_no_noun_asked_for() -> None:
    # "give me all films directed by <E>" is read "what are all films directed by <E>": films, which a plan
    # walking on to what has those films (their characters) does not reach
    for said in ("what are all films directed by <E>", "what are all the films directed by <E>",
                 "what were the films directed by <E>", "which are some films directed by <E>"):
        assert asked_nouns({"constraints": [said]}) == ["film"], said


def test_a_relation_said_three_times_is_three_hops(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir, learn=False)
    answer = rag.ask("Who directed the films directed by the director of Alien?")
    assert [s["label"] for s in answer.plan] == ["directed by"] * 3
    assert [a.label for a in answer.answers] == ["Ridley Scott"]
    rag.close()


def test_relations_joined_by_and_are_never_read_as_a_chain(memory_dir: str) -> None:
    # "directed and wrote <E>" asks two relations of <E>; the films directed by <E>'s writers are no answer.
    chain = [step("written by"), step("directed by", inverse=True)]
    assert misfits(chain, asked("Who directed and wrote The Matrix?", "The Matrix"), LABELS)
    assert not misfits(chain, asked("What films did the writer of The Matrix direct?", "The Matrix"), LABELS)
    rag = CacheRAG("demo", memory_dir=memory_dir)
    for question in ("Who directed and wrote The Matrix?", "Who wrote and directed Alien?"):
        answer = rag.ask(question)
        assert answer.status == "missing" and not answer.answers, question


def test_a_class_word_after_the_name_says_what_the_topic_is(memory_dir: str) -> None:
    # "The Matrix film" asks for The Matrix's director, not for the films of its director.
    rag = CacheRAG("demo", memory_dir=memory_dir)
    answer = rag.ask("Who directed The Matrix film?")
    assert answer.status == "answered" and answer.topic == "The Matrix"
    assert {a.label for a in answer.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert rag.ask("Who is The Matrix director?").status == "answered"  # a relation word after it stays one


def test_the_answers_type_vouches_for_its_own_word_only(memory_dir: str) -> None:
    # Films directed by Ridley Scott have the type "films" asks for, but "acted" names a hop no plan follows.
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert rag.ask("Can you name a film directed by Ridley Scott?").status == "answered"  # a request's frame
    # Neither compiled nor recalled from the question before (edge memory, plan memory) is it an answer.
    acted = rag.ask("Who acted in films directed by Ridley Scott?")
    assert acted.status == "missing" and "acted" in acted.reason
    starred = rag.ask("Which films star Sigourney Weaver?")
    assert {a.label for a in starred.answers} == {"Alien", "Aliens", "Avatar"}


def test_a_number_the_plan_does_not_use_is_no_answer(memory_dir: str) -> None:
    # A plan filters nothing but a year ending the question, which keeps the films dated in it (test_dated_answers):
    # "in 1979" left out would answer every film he directed; any other number is unused. A number the topic is
    # related to only says which entity is meant.
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert rag.ask("Which films did Ridley Scott direct?").status == "answered"
    assert {a.label for a in rag.ask("Which films did Ridley Scott direct in 1979?").answers} == {"Alien"}
    number = rag.ask("Which films did Ridley Scott direct with 1979 extras?")
    assert number.status == "missing" and "1979" in number.reason and not number.answers
    assert {a.label for a in rag.ask("Who directed the 1979 film Alien?").answers} == {"Ridley Scott"}


DATED = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:directedBy rdfs:label "directed by" .  ex:released rdfs:label "release date" .
ex:gate rdfs:label "The Ember Gate" ; ex:directedBy ex:ana ; ex:released "1980-05-17"^^xsd:date .
ex:ana rdfs:label "Ana Vell" ; ex:born "1950-02-01"^^xsd:date .  ex:born rdfs:label "date of birth" .
"""


def test_the_year_of_a_date_the_topic_has_says_which_entity_is_meant(tmp_path: Path) -> None:
    with engine_over(tmp_path, DATED) as rag:
        assert {a.label for a in rag.ask("Who directed the 1980 film The Ember Gate?").answers} == {"Ana Vell"}
        other = rag.ask("Who directed the 1983 film The Ember Gate?")
        assert other.status == "missing" and "1983" in other.reason
        assert rag.ask("Which films did Ana Vell direct?").status == "answered"
        # her birth year, said of no name: which films she directed that year, which no plan picks
        born = rag.ask("Which films did Ana Vell direct in 1950?")
        assert born.status == "missing" and "1950" in born.reason


AWARDED = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:released rdfs:label "release date" .  ex:award rdfs:label "award received" .  ex:prize rdfs:label "prize" .
ex:year rdfs:label "year" .
ex:psalms rdfs:label "Cinder Psalms" ; ex:released "2015-09-11"^^xsd:date ; ex:award ex:w1 .
ex:w1 ex:prize ex:obsidian ; ex:year "2016"^^xsd:gYear .  ex:obsidian rdfs:label "Obsidian Prize" .
"""


def test_a_time_word_after_a_word_is_that_word_s_time(tmp_path: Path) -> None:
    # "year" is a relation's label too (the award's), and nearer the topic than "release": the release's year
    with engine_over(tmp_path, AWARDED) as rag:
        assert [a.label for a in rag.ask("What is the release year of Cinder Psalms?").answers] == ["2015"]


ADVISORS = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:advisor rdfs:label "doctoral advisor" .
ex:ilse rdfs:label "Ilse Tormund" ; ex:advisor ex:petr .  ex:petr rdfs:label "Petr Valsk" ; ex:advisor ex:hana .
ex:hana rdfs:label "Hana Ruzek" .
"""


def test_whose_walks_the_relation_back_where_both_ways_are_at_hand(tmp_path: Path) -> None:
    # Petr has an advisor of his own: "whose advisor was Petr" is still the one he advised
    with engine_over(tmp_path, ADVISORS) as rag:
        assert [a.label for a in rag.ask("Whose doctoral advisor was Petr Valsk?").answers] == ["Ilse Tormund"]
        assert [a.label for a in rag.ask("Who was the doctoral advisor of Petr Valsk?").answers] == ["Hana Ruzek"]
        assert not rag.ask("Whose doctoral advisor was Ilse Tormund?").answers


def test_negations_and_unchecked_yes_no_questions_are_beyond_any_plan(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert rag.ask("Which films did Ridley Scott direct?").status == "answered"
    for question in ("Which films did Ridley Scott not direct?", "Which films didn't Ridley Scott direct?",
                     "Is Ridley Scott famous?"):
        answer = rag.ask(question)
        assert answer.status == "missing" and not answer.answers, question
    # (one naming what it checks for is read as the question it checks: test_yes_no)
    assert "yes or no" in rag.ask("Is Ridley Scott famous?").reason
    assert [a.label for a in rag.ask("Did Ridley Scott direct Alien?").answers] == ["yes"]


def test_two_questions_in_one_are_beyond_any_plan(memory_dir: str) -> None:
    # one plan answers one question: the director's other films produced would answer neither
    rag = CacheRAG("demo", memory_dir=memory_dir)
    for question in ("Who directed Alien and who wrote it?", "When and where was Ridley Scott born?"):
        answer = rag.ask(question)
        assert answer.status == "missing" and "two things" in answer.reason, (question, answer.reason)
    assert rag.ask("Who directed Alien?").status == "answered"
    # one question opening with "and" (a follow-up's way) is one question
    assert rag.ask("And who wrote Alien?").status == "answered"


CLIMATES = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:climate rdfs:label "climate" .  ex:height rdfs:label "height" .  ex:Planet rdfs:label "Planet" .
ex:hoth a ex:Planet ; rdfs:label "Hoth" ; ex:climate "frozen" .
ex:jakku a ex:Planet ; rdfs:label "Jakku" ; ex:climate "arid" .
ex:naboo a ex:Planet ; rdfs:label "Naboo" ; ex:climate "temperate" .
ex:ann rdfs:label "Ann Vell" ; ex:height 180 .  ex:bo rdfs:label "Bo Rask" ; ex:height 220 .
"""


def test_a_topic_joined_to_another_value_or_a_comparison_is_beyond_one_plan(tmp_path: Path) -> None:
    # the plan from "temperate" alone would answer Naboo, from "220" alone Bo Rask: right for neither question; the
    # answers from "arid" are joined to it (test_value_constraints), and a comparison orders (test_ordering)
    with engine_over(tmp_path, CLIMATES) as rag:
        assert [a.label for a in rag.ask("Which planets have a temperate climate?").answers] == ["Naboo"]
        assert [a.label for a in rag.ask("Who has a height of 220?").answers] == ["Bo Rask"]
        for question in ("Which planets have a temperate or arid climate?",
                         "Which planets have an arid or temperate climate?"):
            answer = rag.ask(question)
            assert {a.label for a in answer.answers} == {"Jakku", "Naboo"}, (question, answer.reason)
        for question in ("Who is taller than 220?", "Who has a height greater than 220?"):
            answer = rag.ask(question)
            assert not answer.answers and "compares" in answer.reason, (question, answer.reason)


NAMESAKES = """@prefix ex: <http://example.org/> .  @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:namedAfter rdfs:label "named after" .  ex:harbor rdfs:label "Vell Harbor" ; ex:namedAfter ex:ann .
ex:ann rdfs:label "Ann Vell" .
"""


def test_a_relation_may_say_after(tmp_path: Path) -> None:
    # "after" places answers in time (test_cast_members), unless a relation the plan follows says it
    with engine_over(tmp_path, NAMESAKES) as rag:
        assert [a.label for a in rag.ask("Who is Vell Harbor named after?").answers] == ["Ann Vell"]


def test_a_choice_between_alternatives_is_no_yes_no_question() -> None:
    from cacherag.nodes.grounded import _beyond_plans

    isr = ISR(topic_mention="Ann", constraints=[], domain="d", aspect="")
    assert _beyond_plans("is Ann 's heir a man or a woman ?", isr) is None
    assert _beyond_plans("do you know who Ann 's heir is ?", isr) is None
    assert "yes or no" in (_beyond_plans("is Ann 's heir a woman ?", isr) or "")


def test_which_years_asks_for_a_time_wherever_it_stands() -> None:
    from cacherag.nodes.reasoners.grounding import asks_time

    assert asks_time("the films directed by X were released in which years") is True
    assert asks_time("when was X born") is True
    assert asks_time("where was X born") is False
    assert asks_time("which films did X direct") is None


def test_a_there_and_back_hop_is_asked_for_by_two_phrases_or_what_shares_it() -> None:
    from collections import Counter

    from cacherag.nodes.grounded import _unshared_excursion
    from cacherag.nodes.reasoners.grounding import lexical_score
    from cacherag.nodes.reasoners.phrases import Phrase

    def literal(phrase: Phrase, label: str, full: bool = False) -> bool:
        return lexical_score(label, Counter(phrase.words)) >= (1 if full else 1e-9)

    def phrase(text: str) -> Phrase:
        return Phrase(tuple(stem(w) for w in text.split()), text)

    # Nothing further, named in part: "which albums did <E> record" is not the albums of its record label.
    label = [step("record label"), step("record label", True)]
    albums = asked("which albums did Northern Lights record", "Northern Lights")
    assert _unshared_excursion([phrase("record")], label, albums, literal, {"record", "label"})
    plan = [step("directed by"), step("directed by", True), step("release year")]
    followed = {w for s in plan for w in label_words(s["label"])}
    director = asked("the release year of the director of Heat", "Heat")
    # One phrase naming the excursion and the hop after it, and nothing else: not asked for.
    assert _unshared_excursion([phrase("release year director")], plan, director, literal, followed)
    # Named by two phrases, or a phrase naming what shares it, or a sharing word: asked for.
    assert not _unshared_excursion([phrase("release year directed"), phrase("director")], plan, director, literal,
                                   followed)
    assert not _unshared_excursion([phrase("release year films director")], plan, director, literal, followed)
    shared = asked("the release years of films with the same director as Heat", "Heat")
    assert not _unshared_excursion([phrase("release year director")], plan, shared, literal, followed)
    assert not _unshared_excursion([phrase("release year director")], plan[:2], director, literal, followed)
    # … wherever the excursion is: "which film did <E> direct" is not the films of the directors of <E>'s films
    later = [step("film"), step("director credit"), step("director credit", True)]
    films = asked("which film did Han Solo direct", "Han Solo")
    followed = {w for s in later for w in label_words(s["label"])}
    assert _unshared_excursion([phrase("film"), phrase("direct")], later, films, literal, followed)
    assert not _unshared_excursion([phrase("film"), phrase("direct")], later[:2], films, literal, followed)


def test_edges_no_word_names_are_ranked_by_meaning_before_frequency() -> None:
    """Where the question names no edge by its words, the bundled embedding model orders them by meaning: the
    most frequent edge does not come first just for being frequent."""
    edges = [SchemaEdge("<urn:released>", False, "release year", 9), SchemaEdge("<urn:author>", False, "author", 1),
             SchemaEdge("<urn:language>", False, "language", 5)]
    grounder = Grounder(embeddings(Context()))
    for question, meant in [("who penned Dune", "author"), ("when did Dune come out", "release year"),
                            ("what tongue is Dune in", "language")]:
        words = Counter(content_terms(question))
        assert grounder.rank(question, words, edges)[0][0].label == meant, question
        assert grounder.rank(question, words, edges, dense=False)[0][0].label == "release year"  # by count alone


def test_of_a_thing_and_a_class_named_beside_it_the_thing_is_the_topic() -> None:
    """"the home world of Chewbacca's species": the class "Species" is the kind of thing the chain passes through.
    The possessive after a name is the name's, no word the history of questions left unexplained; and of readings
    otherwise alike, a thing is read before a class of the graph, whatever the scores say."""
    question = "What is the home world of Chewbacca's species?"

    def reading(text: str, node: str, score: float) -> tuple:
        start = question.index(text)
        span = MentionCandidate(text=text, start=start, end=start + len(text), nodes=[node], match="exact", score=1.0)
        return score, span, node, [], False

    thing, kind = reading("Chewbacca", "<urn:chewie>", 0.24), reading("species", "<urn:Species>", 0.12)
    vocabulary = frozenset(terms("what is the home world of"))
    key = _preference(question, [thing, kind], vocabulary, lambda node: False, {})
    assert max([kind, thing], key=key) is thing  # one word left unexplained each: the better score
    # a class scored higher is still read after the thing
    kind = (0.9, *kind[1:])
    key = _preference(question, [thing, kind], vocabulary, lambda node: False, {}, lambda node: node == "<urn:Species>")
    assert max([kind, thing], key=key) is thing


def test_only_a_span_inside_a_longer_span_is_read_last() -> None:
    """"Kenny" inside "Kenny Kirkland" is read only if the longer span gives no plan; a short name beside a
    longer one ("Who played with Kenny Kirkland on Blue Train?") is read first like any other."""
    def span(text: str, question: str) -> MentionCandidate:
        start = question.index(text)
        return MentionCandidate(text=text, start=start, end=start + len(text), nodes=[], match="exact", score=1.0)

    question = "Who played with Kenny Kirkland on Blue Train?"
    kenny, kirkland, train = (span(t, question) for t in ("Kenny", "Kenny Kirkland", "Blue Train"))
    mentions = [kenny, kirkland, train]
    assert _secondary(kenny, mentions, frozenset())
    assert not _secondary(kirkland, mentions, frozenset())
    assert not _secondary(train, mentions, frozenset())  # shorter than "Kenny Kirkland", but not inside it


def test_a_relation_named_twice_in_a_chain_is_two_hops_whatever_names_it() -> None:
    father = [{"predicate": "<http://example.org/father>", "inverse": False, "label": "father"}]
    labels = ["father", "mother", "sibling"]
    # history taught "parent" for father: "<E> 's parent 's father" names it twice, one hop follows it once
    chain = asked_terms(ISR(topic_mention="Kylo Ren", constraints=["Who is  's parent 's father?"],
                            aliases={"parent": "father"}))
    assert named_again(father, chain, labels) and not named_again(father * 2, chain, labels)
    once = asked_terms(ISR(topic_mention="Kylo Ren", constraints=["Who is the father of  ?"], aliases={}))
    assert not named_again(father, once, labels)
