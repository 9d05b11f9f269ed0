"""ReMindRAG's Same / Similar / Different experiment (§5.2.2) on MetaQA 1-hop, with and without edge memory.

Each configuration starts cold and learns while it answers: first a question set A (it memorizes A), then
the same questions again (Same), MetaQA's reworded versions of them (Similar: the `ntm` paraphrases, same
line, same topic) and other questions about the same topic entities (Different: questions of A's split
outside A whose topic is in A and whose question type differs). Per phase it reports what answering cost
— expansion steps, reasoner decisions, LLM calls and tokens, latency — and what it was worth: Hits@1 and
CRAG truthfulness. Configurations: plan and edge memory, plan memory only, edge memory only (plan memory
off), neither.

Counting: expansion steps are runs of the expansion nodes (expand_depth, expand_breadth, and each step
of guided traversal); reasoner calls are the planning decisions the reasoner made — a plan compiled on a
plan-cache miss, each dispatcher verdict on a plan that was not accepted as remembered (a plan-cache hit,
or a remembered, adapted or replayed plan the judge grounds, is accepted by rule), each traversal step.
Parsing and the summary are the same in every configuration and are not counted. Each phase also reports
which share of those costs went to questions that ended `missing` (``on_missing``), and ``predictions``
writes every question's trace (plan, reason, node runs) to find where the rest goes.

Stability (§5.3.2): with ``rounds``, sets A and Different are memorized alternately that many times and
Hits@1 of both is reported per round.
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cacherag.evaluation import metrics
from cacherag.evaluation.metaqa import KB, Question, load_hop, store_for
from cacherag.evaluation.runner import EvalConfig, Harness
from cacherag.tools.errors import ConfigurationError

CONFIGS: dict[str, dict[str, Any]] = {
    "plan+edges": {},
    "plan only": {"use_edge_memory": False},
    "edges only": {"use_cache": False},
    "neither": {"use_cache": False, "use_edge_memory": False},
}
PHASES = ("first", "same", "similar", "different")
EXPANSIONS = ("expand_depth", "expand_breadth", "traverse")


@dataclass
class PhasesConfig:
    data: Path
    split: str = "dev"
    limit: int = 200
    seed: int = 0
    model: str = "offline"
    base_url: str | None = None
    configs: tuple[str, ...] = tuple(CONFIGS)
    rounds: int = 0  # stability: memorize A and Different alternately this many times (0 = skip)
    store_cache: Path | None = None
    out: Path | None = None
    predictions: Path | None = None  # one JSON line per answered question (configuration, phase, trace)
    plot: Path | None = None
    context: dict[str, Any] = field(default_factory=dict)


def question_sets(config: PhasesConfig) -> dict[str, list[Question]]:
    """A, its reworded twins and the different questions on A's topics (see the module doc)."""
    pool = load_hop(config.data, 1, config.split)
    if not pool:
        raise ConfigurationError(f"{config.data} has no 1-hop {config.split} questions")
    order = list(pool)
    random.Random(f"{config.seed}:phases").shuffle(order)
    first = order[: config.limit]
    reworded = {q.index: q for q in load_hop(config.data, 1, config.split, "ntm")}
    if not reworded:
        raise ConfigurationError(f"{config.data}/1-hop/ntm has no {config.split} questions (the Similar phase)")
    asked = {q.index for q in first}
    types: dict[str | None, set[str | None]] = {}
    for q in first:
        types.setdefault(q.topic, set()).add(q.qtype)
    different = [q for q in order if q.index not in asked and q.topic in types and q.qtype not in types[q.topic]]
    return {"first": first, "same": first, "similar": [reworded[q.index] for q in first if q.index in reworded],
            "different": different[: config.limit]}


def expansion_steps(record: dict[str, Any]) -> int:
    runs = record.get("node_runs") or {}
    return sum(runs.get(name, 0) for name in EXPANSIONS)


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    latencies = [r["latency_ms"] for r in records]

    def mean(values: Any, digits: int = 4) -> float | None:
        value = metrics.mean(list(values))
        return round(value, digits) if value is not None else None

    return {
        "n": len(records),
        "hits@1": mean(r["hits@1"] for r in records),
        "truthfulness": mean(r["truthfulness"] for r in records),
        "missing": mean(r["missing"] for r in records),
        "expansion_steps_per_q": mean(expansion_steps(r) for r in records),
        "reasoner_calls_per_q": mean(r["reasoner_calls"] for r in records),
        "llm_calls_per_q": mean(r["llm_calls"] for r in records),
        "tokens_per_q": mean((r["tokens"] for r in records), 1),
        "plan_cache_hit_rate": mean(float(r["plan_cache_hit"]) for r in records),
        # where the cost goes: the share of reasoner calls and expansion steps spent on questions that end missing
        "on_missing": {"reasoner_calls": _share(records, lambda r: r["reasoner_calls"]),
                       "expansion_steps": _share(records, expansion_steps)},
        # answered by a replayed path (a refused one stays the plan of a question that ends missing)
        "replayed_rate": mean(float(r["plan"]["source"] == "replayed" and r["status"] == "answered") for r in records),
        "latency_ms": {"p50": metrics.percentile(latencies, 50), "p95": metrics.percentile(latencies, 95),
                       "mean": mean(latencies, 2)},
    }


def _share(records: list[dict[str, Any]], cost: Callable[[dict[str, Any]], float]) -> float | None:
    total = sum(cost(r) for r in records)
    return round(sum(cost(r) for r in records if r["status"] == "missing") / total, 4) if total else None


class PhaseRun:
    def __init__(self, config: PhasesConfig, *, progress: bool = True,
                 log: Callable[[str], None] | None = None) -> None:
        unknown = [c for c in config.configs if c not in CONFIGS]
        if unknown:
            raise ConfigurationError(f"unknown configuration(s) {unknown} (choose from {', '.join(CONFIGS)})")
        self.config = config
        self.progress = progress
        self.log = log or (lambda text: None)

    def _harness(self, name: str) -> Harness:
        config = self.config
        return Harness(EvalConfig(data=config.data, split=config.split, hops=(1,), online_learning=True,
                                  model=config.model, base_url=config.base_url, store_cache=config.store_cache,
                                  context={**CONFIGS[name], **config.context}), progress=self.progress, log=self.log)

    def run(self) -> dict[str, Any]:
        from cacherag.api import CacheRAG
        from cacherag.graphs.resources import close_all

        started = time.perf_counter()
        sets = question_sets(self.config)
        kb_path = Path(self.config.data) / "kb.txt"
        store, kb = store_for(kb_path, self.config.store_cache), KB.read(kb_path)
        report: dict[str, Any] = {"benchmark": "MetaQA 1-hop, Same / Similar / Different (ReMindRAG §5.2)",
                                  "split": self.config.split, "model": self.config.model,
                                  "sets": {k: len(v) for k, v in sets.items()}, "phases": {}, "stability": {}}
        traces: list[dict[str, Any]] = []
        for name in self.config.configs:
            harness = self._harness(name)
            memory_dir = Path(tempfile.mkdtemp(prefix="cacherag-phases-"))
            try:
                rag = CacheRAG(str(store), model=self.config.model, **harness._context(memory_dir))
                report["phases"][name] = {}
                for phase in PHASES:
                    self.log(f"{name}: {phase} ({len(sets[phase])} questions)")
                    records = harness._answer(rag, sets[phase], kb)
                    traces += [{"configuration": name, "phase": phase, **r} for r in records]
                    report["phases"][name][phase] = summary(records)
                if self.config.rounds and name == self.config.configs[0]:
                    report["stability"][name] = self._alternate(harness, rag, sets, kb)
                rag.close()
            finally:
                close_all()
                shutil.rmtree(memory_dir, ignore_errors=True)
        report["reductions"] = reductions(report["phases"])
        report["seconds"] = round(time.perf_counter() - started, 1)
        if self.config.plot:
            report["plot"] = str(plot(report, self.config.plot))
        if self.config.predictions:
            Path(self.config.predictions).parent.mkdir(parents=True, exist_ok=True)
            Path(self.config.predictions).write_text("".join(json.dumps(t) + "\n" for t in traces))
        if self.config.out:
            Path(self.config.out).parent.mkdir(parents=True, exist_ok=True)
            Path(self.config.out).write_text(json.dumps(report, indent=2) + "\n")
        return report

    def _alternate(self, harness: Harness, rag: Any, sets: dict[str, list[Question]], kb: KB) -> dict[str, Any]:
        rounds: dict[str, list[float | None]] = {"first": [], "different": []}
        for i in range(self.config.rounds):
            for phase in rounds:
                self.log(f"stability round {i + 1}: {phase}")
                rounds[phase].append(summary(harness._answer(rag, sets[phase], kb))["hits@1"])
        return {"hits@1_by_round": rounds,
                "spread_points": {k: round(100 * (max(v) - min(v)), 2) for k, v in rounds.items() if v}}


def reductions(phases: dict[str, dict[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Relative cut (%) of expansion steps and reasoner decisions that edge memory brings, per phase:
    plan+edges against plan only, and edges only against neither (plan memory off)."""
    out: dict[str, dict[str, Any]] = {}
    for with_edges, without in (("plan+edges", "plan only"), ("edges only", "neither")):
        if with_edges not in phases or without not in phases:
            continue
        out[f"{with_edges} vs {without}"] = {
            phase: {metric: _cut(phases[with_edges][phase][metric], phases[without][phase][metric])
                    for metric in ("expansion_steps_per_q", "reasoner_calls_per_q", "llm_calls_per_q")}
            for phase in PHASES}
    return out


def _cut(value: float | None, base: float | None) -> float | None:
    if value is None or not base:
        return None
    return round(100 * (1 - value / base), 1)


def markdown(report: dict[str, Any]) -> str:
    lines = ["| configuration | phase | n | Hits@1 | truthfulness | expansion steps/q | reasoner calls/q | "
             "LLM calls/q | tokens/q | replayed | plan hits | p50 ms | calls / steps on missing |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, phases in report["phases"].items():
        for phase, row in phases.items():
            spent = row["on_missing"]
            lines.append(f"| {name} | {phase} | {row['n']} | {_pct(row['hits@1'])} | {_pct(row['truthfulness'])} | "
                         f"{row['expansion_steps_per_q']:.3f} | {row['reasoner_calls_per_q']:.3f} | "
                         f"{row['llm_calls_per_q']:.2f} | {row['tokens_per_q']:.0f} | {_pct(row['replayed_rate'])} | "
                         f"{_pct(row['plan_cache_hit_rate'])} | {row['latency_ms']['p50']:.1f} | "
                         f"{_pct(spent['reasoner_calls'])} / {_pct(spent['expansion_steps'])} |")
    for pair, by_phase in report.get("reductions", {}).items():
        cuts = "; ".join(f"{phase} {v['expansion_steps_per_q']}% / {v['reasoner_calls_per_q']}%"
                         for phase, v in by_phase.items())
        lines.append(f"\ncut by edge memory ({pair}), expansion steps / reasoner calls: {cuts}")
    for name, stability in report.get("stability", {}).items():
        lines.append(f"\nstability ({name}, {len(stability['hits@1_by_round']['first'])} alternating rounds): "
                     f"Hits@1 by round {stability['hits@1_by_round']}, spread {stability['spread_points']} points")
    return "\n".join(lines)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def plot(report: dict[str, Any], path: str | Path) -> Path:
    """Grouped bars per phase and configuration: reasoner calls and expansion steps per question, Hits@1."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ConfigurationError("plotting needs matplotlib: pip install 'cacherag[plot]'") from exc
    names = list(report["phases"])
    metrics_shown = (("reasoner_calls_per_q", "reasoner calls / question", 1),
                     ("expansion_steps_per_q", "expansion steps / question", 1), ("hits@1", "Hits@1 (%)", 100))
    fig, axes = plt.subplots(1, len(metrics_shown), figsize=(13, 3.8), dpi=110)
    width = 0.8 / max(1, len(names))
    for ax, (key, title, scale) in zip(axes, metrics_shown, strict=True):
        for i, name in enumerate(names):
            values = [scale * (report["phases"][name][phase][key] or 0) for phase in PHASES]
            ax.bar([p + i * width for p in range(len(PHASES))], values, width, label=name)
        ax.set_xticks([p + width * (len(names) - 1) / 2 for p in range(len(PHASES))], PHASES)
        ax.set_title(title)
        ax.grid(axis="y", alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"{report['benchmark']} — {report['split']}, {report['sets']['first']} questions, {report['model']}")
    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return Path(path)


def run(config: PhasesConfig, *, progress: bool = True, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run the experiment for every configuration; returns the report (also written to ``config.out``)."""
    return PhaseRun(config, progress=progress, log=log).run()
