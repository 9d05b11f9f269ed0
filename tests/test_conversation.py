"""Follow-ups on a thread: a question that names no entity is about the previous question's topic or answer."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from cacherag import CacheRAG, Context
from cacherag.graphs.qa import build_graph
from cacherag.graphs.state import Turn
from cacherag.nodes.followup import resolve
from cacherag.tools.kg import SchemaEdge

ALIEN = "<http://cacherag.dev/demo/Alien>"
SCOTT = "<http://cacherag.dev/demo/Ridley_Scott>"


def labels(answer) -> set[str]:  # noqa: ANN001
    return {a.label for a in answer.answers}


def test_a_follow_up_is_about_the_previous_topic_and_says_so(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert labels(rag.ask("Who directed Alien?", thread_id="a")) == {"Ridley Scott"}
    wrote = rag.ask("And who wrote it?", thread_id="a")
    assert wrote.status == "answered" and labels(wrote) == {"Dan O'Bannon"}
    assert wrote.resolved_from == {"question": "Who directed Alien?", "asked": "And who wrote it?", "anaphor": "it",
                                   "node": ALIEN, "label": "Alien", "role": "topic"}
    assert wrote.question == "And who wrote Alien?"
    # The thread moves on: the next follow-up refers to the topic of the question before it.
    year = rag.ask("what year was it released?", thread_id="a")
    assert labels(year) == {"1979"} and year.resolved_from["question"] == "And who wrote Alien?"
    assert labels(rag.ask("who starred in that?", thread_id="a")) >= {"Sigourney Weaver", "John Hurt"}


def test_a_follow_up_about_the_answer_is_read_by_what_the_graph_can_answer(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("Who directed Alien?", thread_id="b")
    born = rag.ask("where was he born?", thread_id="b")  # the film has no birthplace; its director has one
    assert born.resolved_from["role"] == "answer" and born.resolved_from["label"] == "Ridley Scott"
    assert labels(born) == {"United Kingdom"}


def test_without_a_thread_or_on_another_thread_nothing_is_carried_over(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("Who directed Alien?", thread_id="c")
    for answer in (rag.ask("And who wrote it?"), rag.ask("And who wrote it?", thread_id="other")):
        assert answer.status == "missing" and answer.resolved_from is None
    # A question that names its entity is never rewritten, even on a thread.
    named = rag.ask("Who wrote Blade Runner?", thread_id="c")
    assert named.resolved_from is None and labels(named) == {"Hampton Fancher", "David Peoples"}


def test_per_question_keys_are_reset_and_the_conversation_persists_on_the_checkpointer(memory_dir: str) -> None:
    graph = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "d"}}
    context = Context(memory_dir=memory_dir)
    graph.invoke({"question": "Who directed Alien?"}, context=context, config=config)
    state = graph.invoke({"question": "Who is Zorblax?"}, context=context, config=config)  # a miss in between
    assert state["status"] == "missing" and state["answers"] == [] and state["topic"] is None
    assert state["resolved_from"] is None and state["stopped"] is None
    assert [t["question"] for t in state["conversation"]] == ["Who directed Alien?", "Who is Zorblax?"]
    assert state["conversation"][0]["topic"]["node"] == ALIEN
    assert state["trace"]["node_ms"].keys() == {"parse_isr", "fallback"}  # the trace starts afresh too
    # The miss found nothing to refer to, so a pronoun now has no antecedent.
    assert graph.invoke({"question": "who wrote it?"}, context=context, config=config)["resolved_from"] is None


def test_resolution_rules_without_a_graph() -> None:
    edges = {ALIEN: [SchemaEdge("<w>", False, "written by"), SchemaEdge("<d>", False, "directed by")],
             SCOTT: [SchemaEdge("<d>", True, "directed by"), SchemaEdge("<b>", False, "born in")]}
    turn = Turn(question="Who directed Alien?", topic={"node": ALIEN, "label": "Alien", "mention": "Alien"},
                answers=[{"node": SCOTT, "label": "Ridley Scott", "score": 1.0}])
    schema = edges.__getitem__
    assert resolve("what was he born in?", turn, schema)[2]["role"] == "answer"  # the graph decides
    assert resolve("and who wrote it?", turn, schema)[2]["role"] == "topic"
    # No relation decides: "he" after a "who" question is the person asked for, "it" the topic.
    assert resolve("tell me more about him", turn, schema)[2]["role"] == "answer"
    assert resolve("tell me more about it", turn, schema)[2]["role"] == "topic"
    rewritten, mention, _ = resolve("And who wrote it?", turn, schema)
    assert rewritten[mention.start:mention.end] == "Alien" and mention.nodes == (ALIEN,)
    assert resolve("who wrote the script?", turn, schema) is None  # no pronoun
    assert resolve("who wrote it?", Turn(question="Who is X?", topic=None, answers=[]), schema) is None
    # a possessive pronoun leaves a possessive ("his birthplace": Ridley Scott's), an object pronoun none
    assert resolve("what is his birthplace?", turn, schema)[0] == "what is Ridley Scott's birthplace?"
    assert resolve("what is her birthplace?", turn, schema)[0] == "what is Ridley Scott's birthplace?"
    assert resolve("who married her?", turn, schema)[0] == "who married Ridley Scott?"


def test_a_pronoun_for_one_of_several_answers_is_not_resolved(memory_dir: str) -> None:
    # "he" after several actors: one actor's birthplace given as the answer would be everyone's
    rag = CacheRAG("demo", memory_dir=memory_dir)
    assert len(rag.ask("Which actors starred in Inception?", thread_id="e").answers) > 1
    born = rag.ask("Where was he born?", thread_id="e")
    assert born.status == "missing" and born.resolved_from is None


def test_a_kind_named_beside_the_pronoun_is_no_entity_of_the_follow_up(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("Who directed Alien?", thread_id="f")
    born = rag.ask("Which country was he born in?", thread_id="f")  # "country" is a class of the graph
    assert born.resolved_from is not None and born.resolved_from["label"] == "Ridley Scott"
    assert labels(born) == {"United Kingdom"}


def test_a_follow_up_saying_only_another_name_asks_the_previous_question_of_it(memory_dir: str) -> None:
    rag = CacheRAG("demo", memory_dir=memory_dir)
    rag.ask("Who directed Alien?", thread_id="g")
    other = rag.ask("What about Inception?", thread_id="g")
    assert labels(other) == {"Christopher Nolan"} and other.question == "Who directed Inception?"
    assert other.resolved_from["anaphor"] == "What about" and other.resolved_from["label"] == "Inception"
    assert labels(rag.ask("and Blade Runner?", thread_id="g")) == {"Ridley Scott"}
    # … a name said with more words is a question of its own
    assert rag.ask("And what about the cast of Heat?", thread_id="g").resolved_from is None
