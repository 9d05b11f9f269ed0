"""The MetaQA harness: warm or cold, answer every question through the public API, score, report.

One run = one configuration (split, hops, variant, history, online learning, ablation, model). The
knowledge base is imported once into a persistent Oxigraph store (cached under ``CACHERAG_EVAL_CACHE``,
default ``$TMPDIR/cacherag-eval``); every run gets a fresh, temporary plan memory, so runs never
contaminate each other. Questions are given to the system without their [brackets] unless asked.
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cacherag.evaluation import ablations, metrics
from cacherag.evaluation.ceiling import question_ceiling
from cacherag.evaluation.metaqa import HOPS, KB, Question, default_cache_dir, load_hop, load_split, store_for
from cacherag.memory.plan_memory import PlanEntry
from cacherag.tools.errors import CacheRAGError, ConfigurationError

DOMAIN = "metaqa"
ONLINE_WINDOW = 500
PLOT_WINDOW = 200
PUBLISHED = {  # Hits@1 (%) reported on the full original graph (vanilla 1/2/3-hop test sets)
    "KV-MemNN": (96.2, 82.7, 48.9),
    "GraftNet": (97.0, 94.8, 77.7),
    "EmbedKGQA": (97.5, 98.8, 94.8),
    "NSM": (97.1, 99.9, 98.9),
    "TransferNet": (97.5, 100.0, 100.0),
}


@dataclass
class EvalConfig:
    data: Path
    split: str = "dev"
    hops: tuple[int, ...] = HOPS
    variant: str = "vanilla"
    limit: int | None = None
    history: str | None = None  # "DIR:SPLIT" or None
    history_order: str = "shuffled"  # how the evaluated split is halved when it is also the history
    history_hops: tuple[int, ...] | None = None  # warm from these hops' pairs only (default: the evaluated hops)
    online_learning: bool = False
    model: str = "offline"
    base_url: str | None = None
    embeddings: str = "offline"
    embeddings_base_url: str | None = None
    ablation: str | None = None
    bracket_hints: bool = False
    seed: int = 0
    out: Path | None = None
    predictions: Path | None = None
    plot: Path | None = None
    store_cache: Path | None = None
    memory_dir: Path | None = None  # keep the plan memory here (default: a temporary directory, removed)
    window: int = ONLINE_WINDOW
    history_cache: bool = True  # reuse the explained history of an identical earlier run
    context: dict[str, Any] = field(default_factory=dict)  # extra Context overrides (benchmarks)

    def describe(self) -> dict[str, Any]:
        out = asdict(self)
        for key, value in out.items():
            if isinstance(value, Path):
                out[key] = str(value)
        out["hops"] = list(self.hops)
        out["questions_given"] = "with [bracket] hints" if self.bracket_hints else "without brackets"
        return out


@dataclass
class Selection:
    """What a run evaluates and what it may learn from beforehand."""

    questions: list[Question]  # in the order they are asked
    history: list[Question]
    history_source: str | None
    history_first_half: bool


def parse_history(spec: str | None) -> tuple[Path, str] | None:
    if spec is None or spec.strip().lower() in {"", "none"}:
        return None
    directory, sep, split = spec.rpartition(":")
    if not sep or not directory or not split:
        raise ConfigurationError(f"--history expects DIR:SPLIT or 'none', got {spec!r}")
    return Path(directory), split


def _shuffled(items: Sequence[Question], seed: int, salt: str) -> list[Question]:
    out = list(items)
    random.Random(f"{seed}:{salt}").shuffle(out)
    return out


def select(config: EvalConfig) -> Selection:
    """Evaluation questions (disjoint from the history) and the history, per the configuration."""
    split = load_split(config.data, config.split, config.hops, config.variant)
    history_spec = parse_history(config.history)
    history: list[Question] = []
    first_half = False
    pools: dict[int, list[Question]] = {hop: split.by_hop[hop] for hop in config.hops}
    history_hops = config.history_hops or config.hops
    for hop in sorted(set(config.hops) | set(history_hops)):
        pool = pools.get(hop, [])
        if history_spec is not None and hop in history_hops:
            hdir, hsplit = history_spec
            past = load_hop(hdir, hop, hsplit, "vanilla")  # history is never the paraphrase files
            if hdir.resolve() == Path(config.data).resolve() and hsplit == config.split and hop in config.hops:
                # MetaQA's files are grouped by question type (1-hop dev's first half in file order has no
                # year, writer, tag or language question), so "first half" is taken in a seeded shuffled
                # order unless the file order is asked for; the evaluation pool is the other half.
                order = past if config.history_order == "file" else _shuffled(past, config.seed, f"history-{hop}")
                half = len(order) // 2
                past = order[:half]
                seen = {q.index for q in past}
                pool = [q for q in pool if q.index not in seen]  # never evaluate a question in the history
                first_half = True
            history.extend(past)
        if hop in config.hops:
            pool = _shuffled(pool, config.seed, f"eval-{hop}")
            pools[hop] = pool[: config.limit] if config.limit is not None else pool
    if config.online_learning:  # one stream, hops interleaved
        questions = _shuffled([q for hop in config.hops for q in pools[hop]], config.seed, "stream")
    else:
        questions = [q for hop in config.hops for q in pools[hop]]
    return Selection(questions, history, config.history, first_half)


def _static_examples(entries: list[Any], k: int) -> list[Any]:
    """The no-cache ablation's few-shot set: the k most used history plans, one per distinct plan."""
    chosen, plans = [], set()
    for entry in sorted(entries, key=lambda e: (-e.hits, e.question)):
        signature = json.dumps(entry.steps, sort_keys=True)
        if signature not in plans:
            plans.add(signature)
            chosen.append(entry)
        if len(chosen) == k:
            break
    return chosen


class Harness:
    """Runs one configuration end to end (see :func:`run`)."""

    def __init__(self, config: EvalConfig, *, progress: bool = True, log: Callable[[str], None] | None = None) -> None:
        if config.variant == "ntm" and any(h != 1 for h in config.hops):
            raise ConfigurationError("--variant ntm exists for 1-hop questions only: add --hops 1")
        self.config = config
        self.ablation = ablations.get(config.ablation)
        self.show_progress = progress
        self.log = log or (lambda text: None)

    # -- setup -------------------------------------------------------------------------------------------
    def _context(self, memory_dir: Path) -> dict[str, Any]:
        options: dict[str, Any] = {"memory_dir": str(memory_dir), "domain": DOMAIN,
                                   "learn": self.config.online_learning, "embeddings": self.config.embeddings,
                                   "embeddings_base_url": self.config.embeddings_base_url}
        if self.config.base_url:
            options["base_url"] = self.config.base_url
        if self.ablation is not None:
            options.update(self.ablation.context)
        options.update(self.config.context)
        return options

    def _warm(self, rag: Any, selection: Selection, store: Path) -> dict[str, Any] | None:
        """Warm the run's memories from the history pairs, explained over the history's own graph (another
        graph than the evaluated one when the history directory has its own kb.txt)."""
        from dataclasses import replace

        from cacherag.graphs.resources import resources
        from cacherag.memory.history import HistoryPair, HistoryWarmer, WarmReport, learn_statements

        if not selection.history:
            return None
        res = resources(rag.context)
        history = parse_history(self.config.history)
        if history is not None and (history[0] / "kb.txt").resolve() != (Path(self.config.data) / "kb.txt").resolve():
            store = store_for(history[0] / "kb.txt", self.config.store_cache)
            res = replace(res, view=resources(replace(rag.context, kg=str(store))).view)
        start = time.perf_counter()
        cache = self._history_cache(selection, store, rag.context.k_depth)
        if cache is not None and cache.is_file():
            saved = json.loads(cache.read_text())
            entries = [PlanEntry(**e) for e in saved["entries"]]
            report = WarmReport(**{k: v for k, v in saved["report"].items() if k in {"pairs", "explained", "searched"}})
            report.f1_sum = saved["report"].get("f1_sum", 0.0)
            cached = True
        else:
            warmer = HistoryWarmer(res.view, res.memory, res.domain, max_hops=rag.context.k_depth)
            with self._progress("history", len(selection.history)) as advance:
                for question in selection.history:
                    warmer.add(HistoryPair(question.plain, question.answers))
                    advance()
            entries, report, cached = warmer.entries(), warmer.report, False
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                cache.write_text(json.dumps({
                    "entries": [_entry_dict(e) for e in entries],
                    "report": {"pairs": report.pairs, "explained": report.explained, "searched": report.searched,
                               "f1_sum": report.f1_sum}}))
        report.by_hops.clear()
        for entry in entries:
            report.by_hops[len(entry.steps)] += 1
        if self.ablation is not None and self.ablation.static_examples:
            entries = _static_examples(entries, ablations.STATIC_EXAMPLES)
        report.entries = len(entries)
        report.added = res.memory.add_many(entries)
        report.statements = learn_statements(res.statements, entries)
        report.seconds = time.perf_counter() - start
        return {"source": selection.history_source, "first_half_of_evaluated_split": selection.history_first_half,
                "cached": cached, **report.as_dict()}

    def _history_cache(self, selection: Selection, store: Path, k_depth: int) -> Path | None:
        """Where the explained history of this exact configuration is kept (None: never cached)."""
        if not self.config.history_cache:
            return None
        import hashlib

        import cacherag.graphs
        import cacherag.memory
        import cacherag.nodes
        import cacherag.tools

        # Explaining history reads questions with the phrase reader, the judge, the graph layer…: any of the
        # engine's code may change what it memorizes, so the cache is keyed by all of it.
        source = hashlib.sha1()
        for package in (cacherag.graphs, cacherag.memory, cacherag.nodes, cacherag.tools):
            for path in sorted(Path(package.__file__).parent.rglob("*.py")):
                source.update(path.read_bytes())
        signature = json.dumps([str(store), DOMAIN, k_depth, [(q.hop, q.index, q.raw) for q in selection.history],
                                source.hexdigest(), self.config.embeddings])
        key = hashlib.sha1(signature.encode()).hexdigest()[:16]
        root = Path(self.config.store_cache) if self.config.store_cache else default_cache_dir()
        return root / "history" / f"{key}.json"

    def _progress(self, label: str, total: int) -> Any:
        import contextlib

        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        @contextlib.contextmanager
        def bar() -> Any:
            if not self.show_progress or total == 0:
                yield lambda *_: None
                return
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[info]}"), TimeRemainingColumn())
            with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
                task = progress.add_task(label, total=total, info="")
                yield lambda info=None: progress.update(task, advance=1, **({"info": info} if info else {}))

        return bar()

    # -- the run -----------------------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        from cacherag.api import CacheRAG
        from cacherag.graphs.resources import close_all, resources

        config = self.config
        started = time.perf_counter()
        selection = select(config)
        kb_path = Path(config.data) / "kb.txt"
        self.log(f"knowledge base {kb_path}")
        store = store_for(kb_path, config.store_cache)
        kb = KB.read(kb_path)
        scratch = config.memory_dir is None
        memory_dir = Path(tempfile.mkdtemp(prefix="cacherag-eval-memory-")) if scratch else Path(config.memory_dir)
        try:
            rag = CacheRAG(str(store), model=config.model, **self._context(memory_dir))
            res = resources(rag.context)
            res.view.labels  # noqa: B018 - load the label index before anything is timed
            history = self._warm(rag, selection, store)
            records = self._answer(rag, selection.questions, kb)
            entries = len(rag.memory)
            rag.close()
        finally:
            close_all()
            if scratch:
                shutil.rmtree(memory_dir, ignore_errors=True)
        report = self.report(records, history, entries)
        report["seconds"] = round(time.perf_counter() - started, 1)
        report["store"] = str(store)
        self._write(report, records)
        return report

    def _answer(self, rag: Any, questions: list[Question], kb: KB) -> list[dict[str, Any]]:
        records: list[dict[str, Any]] = []
        hits = 0.0
        with self._progress("answering", len(questions)) as advance:
            for i, question in enumerate(questions, 1):
                text = question.text(self.config.bracket_hints)
                start = time.perf_counter()
                try:
                    answer = rag.ask(text)
                    latency = (time.perf_counter() - start) * 1000
                    predicted = [a.label for a in answer.answers]
                    status, trace, topic, reason = answer.status, answer.trace, answer.topic, answer.reason
                    plan = {"source": answer.plan_source, "steps": [_step_text(s) for s in answer.plan]}
                    if not predicted and answer.status == "answered" and answer.answer:
                        predicted = [answer.answer]  # an LLM fallback's free-text answer
                except Exception as exc:  # noqa: BLE001 - one failed question is recorded; the run goes on
                    latency = (time.perf_counter() - start) * 1000
                    predicted, status, trace, topic = [], "error", {"error": f"{type(exc).__name__}: {exc}"}, None
                    reason = ""
                    plan = {"source": None, "steps": []}
                    if not isinstance(exc, CacheRAGError):  # not a failure of the graph or the input: a bug
                        trace["traceback"] = traceback.format_exc()
                        warnings.warn(f"cacherag eval: {text!r} raised {type(exc).__name__}: {exc} (a bug; the "
                                      "traceback is in its record)", RuntimeWarning, stacklevel=1)
                record = {
                    "hop": question.hop, "index": question.index, "question": text, "gold": list(question.answers),
                    "predicted": predicted, "status": status, "reason": reason, "latency_ms": round(latency, 3),
                    "plan_cache_hit": bool(trace.get("plan_cache_hit")), "llm_calls": int(trace.get("llm_calls", 0)),
                    "tokens": int(trace.get("tokens", 0)), "topic": topic, "gold_topic": question.topic,
                    "qtype": question.qtype, "plan": plan, "memorized": bool(trace.get("memorized")),
                    "node_ms": trace.get("node_ms", {}), "node_runs": trace.get("node_runs", {}),
                    "reasoner_calls": int(trace.get("reasoner_calls", 0)),
                    **metrics.score(predicted, question.answers, status), **question_ceiling(kb, question),
                }
                for key in ("error", "traceback"):
                    if key in trace:
                        record[key] = trace[key]
                records.append(record)
                hits += record["hits@1"]
                advance(f"Hits@1 {100 * hits / i:5.1f}%")
        return records

    # -- reporting ----------------------------------------------------------------------------------------
    def report(self, records: list[dict[str, Any]], history: dict[str, Any] | None, entries: int) -> dict[str, Any]:
        hops = list(self.config.hops)
        latencies = [r["latency_ms"] for r in records]
        node_names = sorted({name for r in records for name in r["node_ms"]})
        node_ms = {}
        for name in node_names:
            values = [r["node_ms"][name] for r in records if name in r["node_ms"]]
            node_ms[name] = {"p50": _round(metrics.percentile(values, 50)),
                             "p95": _round(metrics.percentile(values, 95)), "n": len(values)}
        report: dict[str, Any] = {
            "benchmark": "MetaQA",
            "hits@1": metrics.by_hop(records, "hits@1", hops),
            "hits@any": metrics.by_hop(records, "hits@any", hops),
            "f1": metrics.by_hop(records, "f1", hops),
            "missing": metrics.by_hop(records, "missing", hops),
            "accuracy": metrics.by_hop(records, "accuracy", hops),
            "hallucination": metrics.by_hop(records, "hallucination", hops),
            "truthfulness": metrics.by_hop(records, "truthfulness", hops),
            "ceiling": metrics.by_hop(records, "ceiling", hops),
            "oracle_hits@1": metrics.by_hop(records, "oracle_hits@1", hops),
            "n": metrics.counts(records, hops),
            "latency_ms": {
                "p50": _round(metrics.percentile(latencies, 50)), "p95": _round(metrics.percentile(latencies, 95)),
                "mean": _round(metrics.mean(latencies)),
                "by_hop": {str(h): {"p50": _round(metrics.percentile([r["latency_ms"] for r in records
                                                                      if r["hop"] == h], 50)),
                                    "p95": _round(metrics.percentile([r["latency_ms"] for r in records
                                                                      if r["hop"] == h], 95))} for h in hops},
            },
            "plan_retrieval_ms": node_ms.get("retrieve_plans", {"p50": None, "p95": None}),
            "node_ms": node_ms,
            "llm_calls_per_q": _round(metrics.mean(r["llm_calls"] for r in records), 4),
            "tokens_per_q": _round(metrics.mean(r["tokens"] for r in records), 1),
            "plan_cache_hit_rate": _round(metrics.mean(float(r["plan_cache_hit"]) for r in records), 4),
            "plan_cache_hit_rate_by_hop": metrics.by_hop(
                [{**r, "hit": float(r["plan_cache_hit"])} for r in records], "hit", hops),
            "errors": sum(1 for r in records if r["status"] == "error"),
            "memory_entries": entries,
            "history": history,
            "config": {**self.config.describe(),
                       "ablation": self.ablation.name if self.ablation else None,
                       "ablation_description": self.ablation.description if self.ablation else None},
        }
        if self.config.online_learning:
            report["online"] = {
                "window": self.config.window,
                "last_window_hits@1": {
                    str(h): _round(metrics.mean([r["hits@1"] for r in records if r["hop"] == h][-self.config.window:]),
                                   4)
                    for h in hops
                },
                "first_window_hits@1": {
                    str(h): _round(metrics.mean([r["hits@1"] for r in records if r["hop"] == h][: self.config.window]),
                                   4)
                    for h in hops
                },
            }
        return report

    def _write(self, report: dict[str, Any], records: list[dict[str, Any]]) -> None:
        config = self.config
        if config.plot:
            from cacherag.evaluation.plotting import plot_learning_curve

            series = {f"{h}-hop": [r["hits@1"] for r in records if r["hop"] == h] for h in config.hops}
            longest = max((len(v) for v in series.values()), default=0)
            title = ("MetaQA, cold start with online learning" if config.online_learning
                     else "MetaQA, Hits@1 over the evaluation stream")
            plot_learning_curve(series, config.plot, window=max(1, min(PLOT_WINDOW, longest // 5 or 1)),
                                title=title,
                                ceilings={f"{h}-hop": report["ceiling"].get(str(h)) for h in config.hops})
            report["plot"] = str(config.plot)
        if config.out:
            Path(config.out).parent.mkdir(parents=True, exist_ok=True)
            Path(config.out).write_text(json.dumps(report, indent=2) + "\n")
        if config.predictions:
            Path(config.predictions).parent.mkdir(parents=True, exist_ok=True)
            with Path(config.predictions).open("w") as handle:
                for record in records:
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def _entry_dict(entry: PlanEntry) -> dict[str, Any]:
    return {"question": entry.question, "steps": entry.steps, "domain": entry.domain, "aspect": entry.aspect,
            "answers": entry.answers, "topic": entry.topic, "hits": entry.hits}


def _step_text(step: dict[str, Any]) -> str:
    """'directed by' or '^directed by' (walked backwards), for the predictions file."""
    return ("^" if step.get("inverse") else "") + str(step.get("label", ""))


def _round(value: float | None, digits: int = 3) -> float | None:
    return round(value, digits) if value is not None else None


def markdown_table(report: dict[str, Any]) -> str:
    """The headline table: one row per hop and one over all questions."""
    def pct(value: float | None) -> str:
        return "–" if value is None else f"{100 * value:.1f}"

    keys = [k for k in report["n"] if k != "all"] + ["all"]
    lines = ["| hop | n | Hits@1 | ceiling | oracle Hits@1 | Hits@any | F1 | accuracy | missing | hallucination "
             "| truthfulness | cache hit | p50 ms | p95 ms |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key in keys:
        lat = report["latency_ms"]["by_hop"].get(key, report["latency_ms"]) if key != "all" else report["latency_ms"]
        label = f"{key}-hop" if key != "all" else "all"
        lines.append(
            f"| {label} | {report['n'][key]} | {pct(report['hits@1'][key])} | {pct(report['ceiling'][key])} | "
            f"{pct(report['oracle_hits@1'][key])} | {pct(report['hits@any'][key])} | {pct(report['f1'][key])} | "
            f"{pct(report['accuracy'][key])} | {pct(report['missing'][key])} | {pct(report['hallucination'][key])} | "
            f"{pct(report['truthfulness'][key])} | {pct(report['plan_cache_hit_rate_by_hop'][key])} | "
            f"{_fmt(lat.get('p50'))} | {_fmt(lat.get('p95'))} |")
    if "online" in report:
        window = report["online"]["window"]
        last = ", ".join(f"{k}-hop {pct(v)}" for k, v in report["online"]["last_window_hits@1"].items())
        lines.append(f"\nOnline learning, Hits@1 over the last {window} questions of each hop: {last}")
    lines.append(f"\nplan retrieval p50 {_fmt(report['plan_retrieval_ms'].get('p50'))} ms · LLM calls/question "
                 f"{report['llm_calls_per_q']} · questions given {report['config']['questions_given']}"
                 + (f" · ablation {report['config']['ablation']}" if report["config"]["ablation"] else ""))
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def run(config: EvalConfig, *, progress: bool = True, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Evaluate one configuration; returns the report (also written to ``config.out`` if set)."""
    return Harness(config, progress=progress, log=log).run()
