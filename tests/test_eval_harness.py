"""End to end: `cacherag eval metaqa` on a tiny MetaQA-layout data set the test generates itself."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

import pytest
from fakes import ask_failing_on

from cacherag.cli import main
from cacherag.evaluation import metrics
from cacherag.evaluation.metaqa import load_split
from cacherag.evaluation.runner import EvalConfig, select

FILMS = {  # title: (director, writer, [actors], year, genre)
    "Red Harbor": ("Ada Quill", "Ben Stroud", ["Cora Vance", "Dev Patil"], "1991", "Drama"),
    "Blue Canyon": ("Ada Quill", "Ada Quill", ["Cora Vance", "Eli Moss"], "1994", "Western"),
    "Green Lantern Street": ("Ada Quill", "Fay Lorne", ["Gus Okafor"], "1999", "Drama"),
    "Silver Coast": ("Hal Brandt", "Ben Stroud", ["Dev Patil", "Ivy Chen"], "2001", "Thriller"),
    "Golden Hour": ("Hal Brandt", "Jon Ruiz", ["Eli Moss", "Kim Sato"], "2003", "Romance"),
    "Iron Valley": ("Hal Brandt", "Hal Brandt", ["Lou Grant", "Ivy Chen"], "2005", "Western"),
    "Paper Moon Road": ("Mia Torres", "Fay Lorne", ["Kim Sato", "Gus Okafor"], "2008", "Comedy"),
    "Stone Garden": ("Mia Torres", "Jon Ruiz", ["Lou Grant"], "2010", "Drama"),
    "Glass Tower": ("Mia Torres", "Ned Fischer", ["Cora Vance", "Oda Berg"], "2012", "Thriller"),
    "Velvet Night": ("Pia Laurent", "Ned Fischer", ["Oda Berg", "Dev Patil"], "2014", "Romance"),
    "Copper Bay": ("Pia Laurent", "Ben Stroud", ["Eli Moss"], "2016", "Comedy"),
    "Amber Fields": ("Pia Laurent", "Pia Laurent", ["Ivy Chen", "Gus Okafor"], "2018", "Drama"),
}
TEMPLATES = {
    1: {
        "movie_to_director": ["who directed [{e}]", "who is the director of [{e}]", "[{e}] was directed by who"],
        "movie_to_year": ["when was [{e}] released", "what year was [{e}] released", "[{e}] was released when"],
        "actor_to_movie": ["what movies did [{e}] act in", "what films did [{e}] star in"],
    },
    2: {
        "movie_to_director_to_movie": ["which movies share the director of [{e}]",
                                       "what films have the same director as [{e}]"],
        "actor_to_movie_to_director": ["who directed the films starring [{e}]",
                                       "the movies acted by [{e}] were directed by who"],
    },
    3: {
        "movie_to_director_to_movie_to_year": [
            "when were the films that share directors with [{e}] released",
            "the movies that share the director of [{e}] were released in which years"],
        "movie_to_actor_to_movie_to_director": [
            "who directed the films that share actors with [{e}]",
            "the movies that share actors with the movie [{e}] were directed by who"],
    },
}
RELATION = {"director": "directed_by", "writer": "written_by", "actor": "starred_actors", "year": "release_year",
            "genre": "has_genre"}


def triples() -> list[tuple[str, str, str]]:
    out = []
    for film, (director, writer, actors, year, genre) in FILMS.items():
        out += [(film, "directed_by", director), (film, "written_by", writer), (film, "release_year", year),
                (film, "has_genre", genre)] + [(film, "starred_actors", a) for a in actors]
    return out


def walk(topic: str, qtype: str) -> set[str]:
    out, inc = defaultdict(set), defaultdict(set)
    for s, p, o in triples():
        out[s, p].add(o)
        inc[o, p].add(s)
    kinds = qtype.split("_to_")
    frontier = {topic}
    for here, there in zip(kinds, kinds[1:], strict=False):
        relation, forward = (RELATION[there], True) if here == "movie" else (RELATION[here], False)
        frontier = {n for f in frontier for n in (out if forward else inc)[f, relation]} - {topic}
    return frontier


def topics(qtype: str) -> list[str]:
    return sorted({a for *_, actors, _, _ in FILMS.values() for a in actors}) if qtype.startswith("actor") \
        else sorted(FILMS)


def write_metaqa(root: Path) -> Path:
    """kb.txt, {1,2,3}-hop/qa_dev.txt (+ qtype files) and 1-hop/ntm/qa_dev.txt in MetaQA's layout."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "kb.txt").write_text("".join(f"{s}|{p}|{o}\n" for s, p, o in triples()))
    rng = random.Random(7)
    for hop, families in TEMPLATES.items():
        lines, qtypes = [], []
        for qtype, templates in families.items():
            for topic in topics(qtype):
                answers = walk(topic, qtype)
                if answers:
                    lines.append(f"{rng.choice(templates).format(e=topic)}\t{'|'.join(sorted(answers))}")
                    qtypes.append(qtype)
        (root / f"{hop}-hop").mkdir(exist_ok=True)
        (root / f"{hop}-hop" / "qa_dev.txt").write_text("\n".join(lines) + "\n")
        (root / f"{hop}-hop" / "qa_dev_qtype.txt").write_text("\n".join(qtypes) + "\n")
        if hop == 1:  # "paraphrases": same answers, reworded
            (root / "1-hop" / "ntm").mkdir(exist_ok=True)
            reworded = [line.replace("who directed", "who was the film-maker of") for line in lines]
            (root / "1-hop" / "ntm" / "qa_dev.txt").write_text("\n".join(reworded) + "\n")
    return root


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_metaqa(tmp_path_factory.mktemp("metaqa"))


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("eval-cache")


def run_cli(args: list[str]) -> int:
    with pytest.raises(SystemExit) as done:
        main(["eval", "metaqa", "--quiet", *args])
    return int(done.value.code)


def test_warm_run_writes_report_predictions_and_plot(data: Path, cache: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out, predictions, plot = tmp_path / "report.json", tmp_path / "predictions.jsonl", tmp_path / "curve.png"
    code = run_cli(["--data", str(data), "--split", "dev", "--history", f"{data}:dev", "--out", str(out),
                    "--predictions", str(predictions), "--plot", str(plot), "--store-cache", str(cache)])
    assert code == 0
    table = capsys.readouterr().out
    assert "| 1-hop |" in table and "| all |" in table and "Hits@1" in table

    report = json.loads(out.read_text())
    for key in ("hits@1", "hits@any", "f1", "missing", "ceiling", "n"):
        assert set(report[key]) == {"1", "2", "3", "all"}, key
    assert {"p50", "p95"} <= set(report["latency_ms"])
    assert {"llm_calls_per_q", "plan_cache_hit_rate", "config"} <= set(report)
    assert report["llm_calls_per_q"] == 0  # the offline reasoner never calls an LLM
    assert report["ceiling"]["all"] == 1.0  # every generated question is answerable on its graph
    assert report["config"]["questions_given"] == "without brackets"
    assert report["history"]["first_half_of_evaluated_split"] is True
    assert plot.is_file() and plot.stat().st_size < 200_000

    rows = [json.loads(line) for line in predictions.read_text().splitlines()]
    assert len(rows) == report["n"]["all"]
    for row in rows:
        assert {"hop", "question", "gold", "predicted", "status", "latency_ms", "plan_cache_hit"} <= set(row)
        assert "[" not in row["question"]
    # Every figure can be recomputed from the predictions alone.
    for hop in ("1", "2", "3"):
        mine = [metrics.hits_at_1(r["predicted"], r["gold"]) for r in rows if str(r["hop"]) == hop]
        assert report["hits@1"][hop] == pytest.approx(sum(mine) / len(mine), abs=1e-4)
    # Templated history: the warm engine answers most disjoint questions, mostly from remembered plans.
    assert report["hits@1"]["all"] >= 0.8
    assert report["plan_cache_hit_rate"] >= 0.5


def test_history_half_is_never_evaluated(data: Path) -> None:
    config = EvalConfig(data=data, split="dev", history=f"{data}:dev", seed=3)
    selection = select(config)
    asked = {(q.hop, q.index) for q in selection.questions}
    learned = {(q.hop, q.index) for q in selection.history}
    assert asked and learned and not asked & learned
    split = load_split(data, "dev")
    assert len(asked) + len(learned) == sum(len(v) for v in split.by_hop.values())


def test_limit_takes_the_first_n_of_each_hop_after_a_seeded_shuffle(data: Path) -> None:
    first = select(EvalConfig(data=data, split="dev", limit=3, seed=1)).questions
    again = select(EvalConfig(data=data, split="dev", limit=3, seed=1)).questions
    other = select(EvalConfig(data=data, split="dev", limit=3, seed=2)).questions
    assert [q.raw for q in first] == [q.raw for q in again]
    assert [q.raw for q in first] != [q.raw for q in other]
    assert sorted(q.hop for q in first) == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_online_learning_from_cold(data: Path, cache: Path, tmp_path: Path) -> None:
    out = tmp_path / "online.json"
    assert run_cli(["--data", str(data), "--split", "dev", "--hops", "1", "--online-learning", "--window", "5",
                    "--out", str(out), "--store-cache", str(cache)]) == 0
    report = json.loads(out.read_text())
    assert report["history"] is None and report["memory_entries"] > 0  # it learned from its own answers
    assert set(report["online"]["last_window_hits@1"]) == {"1"}


def test_a_question_that_raises_is_recorded_as_an_error_and_the_run_goes_on(
        data: Path, cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ask_failing_on(monkeypatch, "Red Harbor")
    out, predictions = tmp_path / "report.json", tmp_path / "predictions.jsonl"
    with pytest.warns(RuntimeWarning, match="Red Harbor.*KeyError"):
        run_cli(["--data", str(data), "--split", "dev", "--hops", "1", "--out", str(out),
                 "--predictions", str(predictions), "--store-cache", str(cache)])
    rows = [json.loads(line) for line in predictions.read_text().splitlines()]
    failed = [r for r in rows if r["status"] == "error"]
    assert failed and all("Red Harbor" in r["question"] for r in failed)
    assert all("raise KeyError" in r["traceback"] and r["error"] == "KeyError: 'a bug'" for r in failed)
    assert json.loads(out.read_text())["errors"] == len(failed) < len(rows)
    assert sum(r["hits@1"] for r in rows) > 0  # the others were answered


def test_paraphrases_with_bracket_hints_and_an_ablation(data: Path, cache: Path, tmp_path: Path) -> None:
    out = tmp_path / "ntm.json"
    assert run_cli(["--data", str(data), "--split", "dev", "--hops", "1", "--variant", "ntm", "--bracket-hints",
                    "--ablation", "no-mmr", "--history", f"{data}:dev", "--out", str(out),
                    "--store-cache", str(cache)]) == 0
    report = json.loads(out.read_text())
    assert report["config"]["variant"] == "ntm" and report["config"]["ablation"] == "no-mmr"
    assert report["config"]["questions_given"] == "with [bracket] hints"


def test_no_cache_ablation_keeps_only_a_static_few_shot_set(data: Path, cache: Path, tmp_path: Path) -> None:
    out = tmp_path / "no-cache.json"
    assert run_cli(["--data", str(data), "--split", "dev", "--ablation", "no-cache", "--history", f"{data}:dev",
                    "--out", str(out), "--store-cache", str(cache)]) == 0
    report = json.loads(out.read_text())
    assert report["memory_entries"] <= 5 and report["history"]["entries"] <= 5


def test_bad_arguments_are_refused(data: Path, cache: Path) -> None:
    assert run_cli(["--data", str(data), "--split", "dev", "--hops", "2", "--variant", "ntm",
                    "--store-cache", str(cache)]) == 2
    assert run_cli(["--data", str(data / "nowhere"), "--split", "dev", "--store-cache", str(cache)]) == 2
    assert run_cli(["--data", str(data), "--split", "dev", "--history", "no-colon",
                    "--store-cache", str(cache)]) == 2
