"""Metric, ceiling and MetaQA-format code of the evaluation harness, on tiny hand-made cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.evaluation import metrics
from cacherag.evaluation.ceiling import question_ceiling, ranked_oracle, reaches_gold, walk_ends
from cacherag.evaluation.metaqa import KB, Step, load_hop, parse_line, qtype_steps, strip_brackets

# -- metrics -------------------------------------------------------------------------------------------------


def test_hits_at_1_looks_only_at_the_top_answer() -> None:
    assert metrics.hits_at_1(["Ridley Scott", "Tony Scott"], ["Ridley Scott"]) == 1.0
    assert metrics.hits_at_1(["Tony Scott", "Ridley Scott"], ["Ridley Scott"]) == 0.0
    assert metrics.hits_at_1([], ["Ridley Scott"]) == 0.0


def test_answers_compare_case_accent_and_punctuation_insensitively() -> None:
    assert metrics.hits_at_1(["amelie"], ["Amélie"]) == 1.0
    assert metrics.hits_at_1(["The Matrix!"], ["the matrix"]) == 1.0
    assert metrics.hits_at_1([""], [""]) == 0.0  # an empty label never counts


def test_hits_at_any() -> None:
    assert metrics.hits_at_any(["a", "b", "c"], ["c"]) == 1.0
    assert metrics.hits_at_any(["a", "b"], ["c"]) == 0.0


@pytest.mark.parametrize(("predicted", "gold", "expected"), [
    (["a", "b"], ["a", "b"], 1.0),
    (["a", "b"], ["a"], 2 * 0.5 * 1.0 / 1.5),  # precision 1/2, recall 1
    (["a"], ["a", "b", "c", "d"], 2 * 1.0 * 0.25 / 1.25),  # precision 1, recall 1/4
    (["x"], ["a"], 0.0),
    ([], ["a"], 0.0),
    (["a", "a", "A"], ["a"], 1.0),  # duplicates are one answer
])
def test_set_f1(predicted: list[str], gold: list[str], expected: float) -> None:
    assert metrics.f1(predicted, gold) == pytest.approx(expected)


def test_score_marks_missing_answers() -> None:
    assert metrics.score([], ["a"], "missing")["missing"] == 1.0
    assert metrics.score(["a"], ["a"], "answered") == {"hits@1": 1.0, "hits@any": 1.0, "f1": 1.0, "missing": 0.0,
                                                       "accuracy": 1.0, "hallucination": 0.0, "truthfulness": 1.0}


def test_percentiles_interpolate() -> None:
    assert metrics.percentile([], 50) is None
    assert metrics.percentile([5.0], 95) == 5.0
    assert metrics.percentile([1, 2, 3, 4], 50) == 2.5
    assert metrics.percentile(list(range(101)), 95) == pytest.approx(95.0)


def test_aggregation_per_hop_and_overall() -> None:
    records = [
        {"hop": 1, "hits@1": 1.0, "ceiling": 1.0},
        {"hop": 1, "hits@1": 0.0, "ceiling": None},  # no gold path: left out of the ceiling only
        {"hop": 2, "hits@1": 1.0, "ceiling": 0.0},
    ]
    assert metrics.by_hop(records, "hits@1", [1, 2, 3]) == {"1": 0.5, "2": 1.0, "3": None, "all": pytest.approx(2 / 3,
                                                                                                            abs=1e-4)}
    assert metrics.by_hop(records, "ceiling", [1, 2]) == {"1": 1.0, "2": 0.0, "all": 0.5}
    assert metrics.counts(records, [1, 2, 3]) == {"1": 2, "2": 1, "3": 0, "all": 3}


def test_rolling_mean() -> None:
    assert metrics.rolling([1, 0, 1, 1], 2) == [1.0, 0.5, 0.5, 1.0]


# -- MetaQA format -------------------------------------------------------------------------------------------


def test_lines_brackets_and_answers() -> None:
    q = parse_line("what movies did [Tom Hanks] act in\tBig|Cast Away|Big\n", 1, 7, "actor_to_movie")
    assert q.topic == "Tom Hanks" and q.answers == ("Big", "Cast Away") and q.index == 7
    assert q.plain == "what movies did Tom Hanks act in" and q.text(bracket_hints=True) == q.raw
    assert strip_brackets("[Up] and [Down]") == "Up and Down"


def test_qtype_to_relation_path() -> None:
    assert qtype_steps("movie_to_director") == [Step("directed_by", False)]
    assert qtype_steps("actor_to_movie_to_director") == [Step("starred_actors", True), Step("directed_by", False)]
    assert qtype_steps("tag_to_movie") == [Step("has_tags", True)]
    assert qtype_steps("movie_to_spaceship") is None


def test_qtypes_attach_only_when_aligned(tmp_path: Path) -> None:
    (tmp_path / "1-hop").mkdir()
    (tmp_path / "1-hop" / "qa_dev.txt").write_text("who directed [A]\tX\nwho wrote [A]\tY\n")
    (tmp_path / "1-hop" / "qa_dev_qtype.txt").write_text("movie_to_director\nmovie_to_writer\n")
    assert [q.qtype for q in load_hop(tmp_path, 1, "dev")] == ["movie_to_director", "movie_to_writer"]
    (tmp_path / "1-hop" / "qa_dev_qtype.txt").write_text("movie_to_director\n")  # misaligned: ignored
    assert [q.qtype for q in load_hop(tmp_path, 1, "dev")] == [None, None]


# -- ceilings --------------------------------------------------------------------------------------------------

KB_LINES = [
    ("Alien", "directed_by", "Ridley Scott"),
    ("Gladiator", "directed_by", "Ridley Scott"),
    ("Gladiator", "release_year", "2000"),
    ("Alien", "release_year", "1979"),
    ("Alien", "starred_actors", "Sigourney Weaver"),
    ("Avatar", "starred_actors", "Sigourney Weaver"),
    ("Avatar", "starred_actors", "Sam Worthington"),
    ("Avatar", "release_year", "2009"),
]


@pytest.fixture
def kb() -> KB:
    return KB(KB_LINES)


def test_walk_never_answers_the_topic(kb: KB) -> None:
    films_by_same_director = [Step("directed_by", False), Step("directed_by", True)]
    assert walk_ends(kb, "Alien", films_by_same_director) == {"Gladiator"}


def test_walk_may_pass_through_the_topic_like_metaqa(kb: KB) -> None:
    # 3 hops: years of the films sharing a director with Alien — Alien itself is one of those films.
    steps = [Step("directed_by", False), Step("directed_by", True), Step("release_year", False)]
    assert walk_ends(kb, "Alien", steps) == {"1979", "2000"}


def test_ceiling_is_whether_the_gold_path_reaches_a_gold_answer(kb: KB) -> None:
    steps = [Step("starred_actors", False), Step("starred_actors", True)]
    assert reaches_gold(kb, "Alien", steps, ["Avatar"])
    assert not reaches_gold(kb, "Alien", steps, ["Titanic"])  # the graph lacks the fact
    assert not reaches_gold(kb, "Nowhere", steps, ["Avatar"])  # unknown topic
    assert not reaches_gold(kb, "Alien", None, ["Avatar"])


def test_oracle_ranks_by_supporting_paths_then_label(kb: KB) -> None:
    # Co-stars of Sigourney Weaver's films' actors: Sam Worthington once; Sigourney Weaver herself is reached
    # through two films but never as the topic.
    steps = [Step("starred_actors", True), Step("starred_actors", False)]
    assert ranked_oracle(kb, "Sigourney Weaver", steps) == ["Sam Worthington"]
    two_paths = [Step("release_year", False), Step("release_year", True)]
    assert ranked_oracle(kb, "Alien", two_paths) == []  # no other film from 1979


def test_question_ceiling_with_and_without_a_gold_path(kb: KB) -> None:
    with_path = parse_line("who directed [Alien]\tRidley Scott", 1, 0, "movie_to_director")
    assert question_ceiling(kb, with_path) == {"ceiling": 1.0, "oracle_hits@1": 1.0}
    missing_fact = parse_line("who directed [Avatar]\tJames Cameron", 1, 1, "movie_to_director")
    assert question_ceiling(kb, missing_fact) == {"ceiling": 0.0, "oracle_hits@1": 0.0}
    no_qtype = parse_line("who directed [Alien]\tRidley Scott", 1, 2, None)
    assert question_ceiling(kb, no_qtype) == {"ceiling": None, "oracle_hits@1": None}


def test_kb_reads_pipe_triples(tmp_path: Path) -> None:
    path = tmp_path / "kb.txt"
    path.write_text("Alien|directed_by|Ridley Scott\n\nbroken line\nAlien|release_year|1979\n")
    kb = KB.read(path)
    assert kb.size == 2 and "Ridley Scott" in kb
    assert kb.step("Ridley Scott", Step("directed_by", True)) == {"Alien"}


def test_ceilings_on_the_real_metaqa_match_its_readme() -> None:
    """The reconstruction's documented ceilings (100 / 96.8 / 97.6 % on dev) come out of ceiling.py."""
    from conftest import METAQA

    if not (METAQA / "kb.txt").is_file():
        pytest.skip(f"MetaQA is not at {METAQA}")
    from cacherag.evaluation.metaqa import load_split

    kb = KB.read(METAQA / "kb.txt")
    split = load_split(METAQA, "dev")
    ceilings = {hop: sum(reaches_gold(kb, q.topic, qtype_steps(q.qtype or ""), q.answers) for q in qs) / len(qs)
                for hop, qs in split.by_hop.items()}
    assert ceilings[1] == pytest.approx(1.0, abs=0.001)
    assert ceilings[2] == pytest.approx(0.968, abs=0.001)
    assert ceilings[3] == pytest.approx(0.976, abs=0.001)
