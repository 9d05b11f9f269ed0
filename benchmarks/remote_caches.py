"""Caches in front of a real slow endpoint: every cache kind side by side on one MetaQA stream.

MetaQA's KB is served by ``oxigraph serve`` on 127.0.0.1 behind a proxy adding ``--delay`` per request.

1. Record: the stream (dev questions, 1-3 hops, seeded shuffle) is answered end to end with no request cache
   and online learning, through the slow proxy; every graph request the pipeline makes is recorded (saved
   every 50 questions with ``--trace``, so a long recording resumes where it stopped).
2. Replay: the recorded requests go through each cache kind at each capacity (the whole byte budget, shared
   by the levels of a two-level kind, so every kind holds equal bytes): exact sub-query (L1), Proximity
   (nearest earlier request within τ = 0.2), the entity cache L2 under LRU / LFU / FIFO, Mnemosyne's L1+L2,
   and ARC's passage memory (Chroma, vectors, τ escalation) alone and behind L1. The recorded hints of what a
   question is about to ask (``prefetch``) are replayed too: a kind with the levels for it answers them in
   one round trip. Misses go to the endpoint (each distinct request asked once, its answer and measured
   latency reused by later kinds). Reported: has-answer rate (requests served from memory, whether they got
   there by reuse or by a prefetch), per-level hit rates, endpoint round trips per question (misses and
   prefetches), AMAT (all the time spent over the requests: a hit's measured time; a miss's or a prefetch's
   endpoint latency + the proxy's delay), speedup over no cache, and Proximity's inexact hits (rows
   of another request). Every kind but Proximity is exact (the graph is read-only); step 4 checks that.
3. Reorder: the same replay at 20 entries, questions in caller order vs Mnemosyne's cache-aware order.
4. End to end with the plan memory step 1 left, the first ``--e2e`` questions again through the slow proxy:
   no cache, L1+L2 without and with asking ahead (``ask_ahead``: the candidates' neighbourhoods and the
   likeliest remembered plan in one round trip), and L1 + passage memory twice (the second pass in a fresh
   process state, the passages reloaded from Chroma): latency p50/p95, endpoint calls, Hits@1, truthfulness.

    nice -n 10 python benchmarks/remote_caches.py --questions 2000 --trace /tmp/trace.pkl
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Hashable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from cacherag.api import CacheRAG
from cacherag.batching import reorder
from cacherag.display import track
from cacherag.evaluation.endpoint import DelayingProxy, oxigraph_server
from cacherag.evaluation.metaqa import load_split, store_for
from cacherag.evaluation.metrics import hits_at_1
from cacherag.graphs.resources import close_all
from cacherag.memory.passage_memory import COLLECTION, PassageMemory
from cacherag.memory.store import open_client, record_count, write_lock
from cacherag.tools.cached_kg import CachedKG, RequestStats, caching_off
from cacherag.tools.caches import Eviction, L1Cache, L2Cache, SemanticCache, normalize_query
from cacherag.tools.kg import KnowledgeGraph
from cacherag.tools.label_index import DiskLabelIndex, index_path
from cacherag.tools.remote_backend import RemoteSparqlKG
from cacherag.tools.sources import open_kg

METAQA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"
MB = 1_000_000
KINDS = ("exact", "proximity", "l2-lru", "l2-lfu", "l2-fifo", "l1+l2", "arc", "l1+arc")
LEGEND = {"exact": "exact sub-query (L1, LRU)", "proximity": "Proximity (τ = 0.2, FIFO), right rows only",
          "l2-lru": "entity cache L2, LRU", "l2-lfu": "entity cache L2, LFU", "l2-fifo": "entity cache L2, FIFO",
          "l1+l2": "Mnemosyne L1+L2, LRU (½ + ½)", "arc": "ARC passage memory",
          "l1+arc": "L1 (LRU) + ARC passage memory (½ + ½)"}
OPERATORS = ("local_schema", "follow", "paths", "star", "labels_for", "query", "_select", "_ask", "_construct",
             "prefetch")


class RecordingKG(CachedKG):
    """No cache at all; remembers every top-level graph request, in order, for replay (the hints of what a
    question is about to ask too, which the cached kinds replayed then use)."""

    takes_hints = True

    def __init__(self, inner: RemoteSparqlKG) -> None:
        super().__init__(inner)
        self.trace: list[tuple[int, str, tuple, dict[str, Any]]] = []
        self.question = -1
        self._depth = 0

    def __getattribute__(self, name: str) -> Any:
        attribute = super().__getattribute__(name)
        if name not in OPERATORS:
            return attribute

        def recorded(*args: Any, **kwargs: Any) -> Any:
            if self._depth == 0:
                self.trace.append((self.question, name, args, kwargs))
            self._depth += 1
            try:
                return attribute(*args, **kwargs)
            finally:
                self._depth -= 1

        return recorded


class MeasuredEndpoint(KnowledgeGraph):
    """The real endpoint, each distinct request asked once: its answer and latency are kept and reused.

    Replaying 20-odd cache configurations asks the same misses again and again; each is answered as the
    endpoint answered it, and costs the latency measured then (``seconds``), without asking again.
    """

    def __init__(self, inner: RemoteSparqlKG) -> None:
        super().__init__(inner.name, timeout_s=inner.timeout_s, max_rows=inner.max_rows)
        self.inner = inner
        self.answers: dict[str, tuple[Any, float]] = {}
        self.seconds = 0.0  # latency of the requests answered since the last reset

    def _measured(self, query: str, fetch: Any) -> Any:
        if query not in self.answers:
            started = time.perf_counter()
            self.answers[query] = (fetch(query), time.perf_counter() - started)
        answer, seconds = self.answers[query]
        self.seconds += seconds
        return answer

    def _select(self, query: str) -> list[Any]:
        return self._measured(query, self.inner._select)

    def _ask(self, query: str) -> bool:
        return self._measured(query, self.inner._ask)

    def _construct(self, query: str) -> list[tuple[str, str, str]]:
        return self._measured(query, self.inner._construct)


class CheckedSemanticCache(SemanticCache):
    """Proximity, noting every hit's (request, request whose rows were served) to check against the endpoint."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.served: list[tuple[str, str]] = []

    def get(self, sparql: str) -> Any | None:
        key = normalize_query(sparql)
        nearest, distance = self._nearest(key)
        found = super().get(sparql)
        if found is not None and nearest is not None:
            self.served.append((key, nearest))
        return found


def forget_passages(memory_dir: Path) -> None:
    """Drop the passage memory's collection from ``memory_dir`` (and its count from the manifest)."""
    if memory_dir.is_dir():
        with write_lock(memory_dir):
            client = open_client(memory_dir)
            if COLLECTION in [c if isinstance(c, str) else c.name for c in client.list_collections()]:
                client.delete_collection(COLLECTION)
            record_count(memory_dir, COLLECTION, 0)


def replay(trace: Sequence[tuple[int, str, tuple, dict[str, Any]]], kg: CachedKG, delay_s: float,
           order: Sequence[int] | None = None, uncached: frozenset[int] = frozenset()) -> dict[str, float]:
    """Send the recorded requests through ``kg`` (questions in ``order``, those in ``uncached`` with the
    caches off); the figures of that run."""
    by_question: dict[int, list[tuple[str, tuple, dict[str, Any]]]] = {}
    for question, name, args, kwargs in trace:
        by_question.setdefault(question, []).append((name, args, kwargs))
    questions = list(order) if order is not None else sorted(by_question)
    for question in questions:
        kg.begin_question(question)
        with caching_off() if question in uncached else nullcontext():
            for name, args, kwargs in by_question.get(question, []):
                getattr(kg, name)(*args, **kwargs)
    stats = kg.stats
    requests = stats.requests or 1
    # Hits cost what they took; a miss costs the endpoint's measured latency plus the proxy's delay, and so
    # does a round trip asked ahead (a prefetch is no request of the pipeline, but its time is all counted).
    endpoint = kg.inner.seconds if isinstance(kg.inner, MeasuredEndpoint) else stats.seconds["endpoint"]
    seconds = stats.seconds["l1"] + stats.seconds["l2"] + endpoint + delay_s * stats.round_trips
    return {
        "requests": stats.requests,
        "has_answer_rate": stats.has_answer_rate,
        "l1_hit_rate": stats.served["l1"] / requests,
        "l2_hit_rate": stats.served["l2"] / requests,
        "prefetches_per_question": stats.prefetched / max(1, len(questions)),
        "endpoint_calls_per_question": stats.round_trips / max(1, len(questions)),
        "amat_ms": 1000 * seconds / requests,
    }


def answer_stream(rag: CacheRAG, questions: Sequence[Any], label: str, calls: Callable[[], int],
                  recorder: RecordingKG | None = None, start: int = 0,
                  checkpoint: Callable[[list[dict[str, Any]]], None] | None = None) -> list[dict[str, Any]]:
    """Answer ``questions[start:]``; a record per question (latency, endpoint calls, Hits@1, status).
    ``checkpoint(records)`` is called every 50 questions (a long recording can be resumed from there)."""
    records = []
    for i in track(range(start, len(questions)), label):
        question = questions[i]
        if recorder is not None:
            recorder.question = i
        before = calls()
        started = time.perf_counter()
        answer = rag.ask(question.plain)
        elapsed = time.perf_counter() - started
        predicted = [a.label for a in answer.answers]
        hit = hits_at_1(predicted, question.answers)
        records.append({"ms": 1000 * elapsed, "hits@1": hit, "status": answer.status, "calls": calls() - before,
                        "answered_wrong": answer.status == "answered" and not hit})
        if not sys.stderr.isatty() and (i + 1) % 100 == 0:  # the bar only shows on a terminal
            print(f"{label}: {i + 1}/{len(questions)}", file=sys.stderr, flush=True)
        if checkpoint is not None and (i + 1) % 50 == 0:
            checkpoint(records)
    return records


def summary(records: list[dict[str, Any]]) -> dict[str, float]:
    n = len(records)
    accurate = sum(r["hits@1"] for r in records) / n
    hallucinated = sum(r["answered_wrong"] for r in records) / n
    ms = sorted(r["ms"] for r in records)
    return {"questions": n, "hits@1": accurate, "truthfulness": accurate - hallucinated,
            "p50_ms": statistics.median(ms), "p95_ms": ms[int(0.95 * (n - 1))],
            "endpoint_calls_per_question": sum(r["calls"] for r in records) / n}


def plot(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    for kind in KINDS:  # Proximity: the requests served the right rows (most of its hits are another request's)
        points = sorted((float(mb), row.get("correct_has_answer_rate", row["has_answer_rate"]) * 100)
                        for mb, row in results["by_capacity"][kind].items())
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o" if "arc" in kind else ".",
                linewidth=2.5 if "arc" in kind else 1.2, linestyle="-" if "l2" in kind or "arc" in kind else "--",
                label=LEGEND[kind])
    ax.set_xlabel("cache capacity (MB of text, all levels together)")
    ax.set_ylabel("has-answer rate (%)")
    ax.set_title(f"MetaQA stream of {results['questions']} questions, graph requests served from memory")
    ax.title.set_fontsize(9)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="center right", bbox_to_anchor=(1.0, 0.6))
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=METAQA)
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--e2e", type=int, default=300, help="questions of the warm end-to-end comparison")
    parser.add_argument("--delay", type=float, default=0.05)
    parser.add_argument("--capacities", default="1,2,3,4,5", help="MB of text per cache kind")
    parser.add_argument("--plot", type=Path, default=Path("docs/remote_caches.png"))
    parser.add_argument("--out", type=Path, default=Path("docs/remote_caches.json"))
    parser.add_argument("--trace", type=Path, help="save the recorded run here, or reuse it if it exists")
    args = parser.parse_args()
    questions = load_split(args.data, "dev").all()
    random.Random(0).shuffle(questions)
    questions = questions[: args.questions]
    work = Path(tempfile.mkdtemp(prefix="cacherag-remote-caches-"))
    store = store_for(args.data / "kb.txt")
    results: dict[str, Any] = {"questions": len(questions), "delay_ms": args.delay * 1000}
    with oxigraph_server(store) as direct, DelayingProxy(direct, args.delay) as proxy:
        # The label index the runs below link with, complete before they start (so linking costs no request).
        index = DiskLabelIndex(open_kg(proxy.url), index_path(open_kg(proxy.url), work / "labels"), crawl=False)
        for _ in track(index.crawl(), "label index", total=index.pages()):
            pass
        relations = index.predicate_labels
        # One memory domain for every run: the endpoint's URL (its port) changes when a recording is resumed,
        # and the plan memory the recording left must still be found by the end-to-end runs.
        options = {"memory_dir": str(work / "memory"), "label_index": "disk", "domain": "metaqa",
                   "label_index_dir": str(work / "labels"), "label_crawl": False}

        endpoint = MeasuredEndpoint(RemoteSparqlKG(direct, "metaqa"))
        passages = work / "passages"

        def cached(kind: str, budget: int | Eviction) -> CachedKG:
            """The endpoint behind cache ``kind`` holding ``budget`` bytes (or as ``budget`` says)."""
            endpoint.seconds = 0.0
            eviction = budget if isinstance(budget, Eviction) else None
            size = 0 if eviction else int(budget)
            split = size // 2  # two levels share the budget: equal bytes for every kind
            levels = {
                "none": (None, None),
                "exact": (lambda: L1Cache(Eviction("lru", max_bytes=size)), None),
                "proximity": (lambda: CheckedSemanticCache(size, tau=0.2), None),
                "arc": (None, lambda: PassageMemory(passages / f"{time.monotonic_ns()}", domain="metaqa",
                                                    max_bytes=size)),
                "l1+arc": (lambda: L1Cache(Eviction("lru", max_bytes=split)),
                           lambda: PassageMemory(passages / f"{time.monotonic_ns()}", domain="metaqa",
                                                 max_bytes=split)),
                "l1+l2": (lambda: L1Cache(eviction or Eviction("lru", max_bytes=split)),
                          lambda: L2Cache(eviction or Eviction("lru", max_bytes=split))),
                **{f"l2-{p}": (None, lambda p=p: L2Cache(Eviction(p, max_bytes=size))) for p in ("lru", "lfu", "fifo")},
            }[kind]
            kg = CachedKG(endpoint, l1=levels[0]() if levels[0] else None, l2=levels[1]() if levels[1] else None)
            kg.use_predicate_labels(relations)
            return kg

        # 1. record (or resume / reuse a recorded run: its trace, its records and the plan memory it left)
        saved = pickle.loads(args.trace.read_bytes()) if args.trace and args.trace.is_file() else {
            "trace": [], "records": [], "memory_dir": options["memory_dir"]}
        options["memory_dir"] = saved["memory_dir"]
        if len(saved["records"]) < len(questions):
            recorder = RecordingKG(open_kg(proxy.url))  # type: ignore[arg-type]
            recorder.trace = [t for t in saved["trace"] if t[0] < len(saved["records"])]
            rag = CacheRAG(recorder, kg_cache="none", **options)
            done = list(saved["records"])

            def checkpoint(records: list[dict[str, Any]]) -> None:
                if args.trace:
                    args.trace.write_bytes(pickle.dumps({**saved, "trace": recorder.trace, "records": done + records}))

            new = answer_stream(rag, questions, "1/7 record (no cache, learning)", lambda: proxy.calls, recorder,
                                start=len(done), checkpoint=checkpoint)
            saved = {**saved, "trace": recorder.trace, "records": done + new}
            if args.trace:
                args.trace.write_bytes(pickle.dumps(saved))
            close_all()
        trace, results["record"] = saved["trace"], summary(saved["records"][: len(questions)])
        questions = questions[: len(saved["records"])]
        results["requests_recorded"] = len(trace)
        # 2. replay every cache kind and capacity (the whole budget at each capacity, equal bytes for all)
        results["none"] = replay(trace, cached("none", 0), args.delay)
        capacities = [float(c) for c in args.capacities.split(",")]
        results["by_capacity"] = {kind: {} for kind in KINDS}
        runs = [(kind, mb) for kind in KINDS for mb in capacities]
        for kind, mb in track(runs, "2/7 replay cache kinds × capacities"):
            kg = cached(kind, int(mb * MB))
            row = replay(trace, kg, args.delay)
            row["speedup"] = results["none"]["amat_ms"] / row["amat_ms"]
            if isinstance(kg.l1, CheckedSemanticCache):  # hits answered with another request's rows
                truth = {normalize_query(query): answer for query, (answer, _) in endpoint.answers.items()}
                wrong = sum(truth.get(asked) != truth.get(served) for asked, served in kg.l1.served)
                row["inexact_hit_rate"] = kg.l1.inexact / max(1, row["requests"])
                row["wrong_hit_rate"] = wrong / max(1, row["requests"])
                row["correct_has_answer_rate"] = row["has_answer_rate"] - row["wrong_hit_rate"]
            if isinstance(kg.l2, PassageMemory):
                row["escalations"], row["uncovered"] = kg.l2.escalations, kg.l2.uncovered
                kg.close()
            results["by_capacity"][kind][str(mb)] = row
        # 2b. a second session: the stream's second half in a new process, after the first half filled the caches.
        # The passage memory reopens from Chroma; an in-memory level starts empty (and, as an upper bound, the
        # same level kept alive as if the process had never stopped).
        half = sorted({q for q, *_ in trace})
        first, second = half[: len(half) // 2], half[len(half) // 2:]
        sessions: dict[str, Any] = {}
        kept = cached("l1+l2", 3 * MB)
        replay(trace, kept, args.delay, order=first)
        kept.stats, endpoint.seconds = RequestStats(), 0.0
        sessions["l1+l2 kept in the same process"] = replay(trace, kept, args.delay, order=second)
        sessions["l1+l2 new process"] = replay(trace, cached("l1+l2", 3 * MB), args.delay, order=second)
        directory = passages / "sessions"
        arc = CachedKG(endpoint, l2=PassageMemory(directory, domain="metaqa", max_bytes=3 * MB))
        arc.use_predicate_labels(relations)
        replay(trace, arc, args.delay, order=first)
        arc.close()
        endpoint.seconds = 0.0
        reopened = CachedKG(endpoint, l2=PassageMemory(directory, domain="metaqa", max_bytes=3 * MB))
        reopened.use_predicate_labels(relations)
        sessions["arc passages new process"] = replay(trace, reopened, args.delay, order=second)
        reopened.close()
        results["second_session"] = sessions
        # 3. reorder at Mnemosyne's 20 entries
        entities: list[set[Hashable]] = [
            {n for m in index.mentions(q.plain)[:3] for n in m.nodes} for q in questions]
        plan = reorder(entities, window=6)
        results["reorder"] = {
            "caller_order": replay(trace, cached("l1+l2", Eviction("lru", 20)), args.delay),
            "cache_aware_order": replay(trace, cached("l1+l2", Eviction("lru", 20)), args.delay,
                                        order=plan.order, uncached=plan.singletons),
            "cache_aware_order_singletons_cached": replay(trace, cached("l1+l2", Eviction("lru", 20)), args.delay,
                                                          order=plan.order),
            "singletons": len(plan.singletons),
        }
        # 4. end to end with the plan memory step 1 left: no cache; Mnemosyne's L1+L2 (3 MB); L1 + ARC's passage
        # memory (3 MB), asked twice: the first pass fills the passages, the second starts a fresh process state
        # (the passages reloaded from Chroma, L1 empty) and finds them there.
        subset = questions[: args.e2e]
        runs_e2e = [("warm_no_cache", {"kg_cache": "none"}),
                    ("warm_l1_l2_3mb_not_ahead", {"kg_cache": "l1+l2", "cache_bytes": 3 * MB, "ask_ahead": False}),
                    ("warm_l1_l2_3mb", {"kg_cache": "l1+l2", "cache_bytes": 3 * MB}),
                    ("l1_arc_first_pass", {"kg_cache": "l1+arc", "cache_bytes": 3 * MB}),
                    ("l1_arc_warm_passages", {"kg_cache": "l1+arc", "cache_bytes": 3 * MB})]
        forget_passages(Path(options["memory_dir"]))  # the first pass starts with no passages, even on a rerun
        for step, (name, cache) in enumerate(runs_e2e if subset else []):
            rag = CacheRAG(proxy.url, learn=False, **cache, **options)
            results[name] = summary(answer_stream(rag, subset, f"{step + 3}/7 {name}", lambda: proxy.calls))
            close_all()
        index.close()
    report(results)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    plot(results, args.plot)
    print(f"wrote {args.out} and {args.plot}", file=sys.stderr)


def report(results: dict[str, Any]) -> None:
    print(f"\nMetaQA dev stream: {results['questions']} questions, {results['requests_recorded']} graph requests, "
          f"endpoint +{results['delay_ms']:.0f} ms")
    print(f"{'cache':<22} {'MB':>4} {'has-answer':>10} {'L1 hit':>7} {'L2 hit':>7} {'calls/q':>8} {'AMAT ms':>8} "
          f"{'speedup':>8}")
    none = results["none"]
    print(f"{'none':<22} {'':>4} {0:10.1%} {0:7.1%} {0:7.1%} {none['endpoint_calls_per_question']:8.2f} "
          f"{none['amat_ms']:8.1f} {1:8.2f}")
    for name, rows in results["by_capacity"].items():
        for mb, row in rows.items():
            print(f"{name:<22} {mb:>4} {row['has_answer_rate']:10.1%} {row['l1_hit_rate']:7.1%} "
                  f"{row['l2_hit_rate']:7.1%} {row['endpoint_calls_per_question']:8.2f} {row['amat_ms']:8.1f} "
                  f"{row['speedup']:8.2f}" + (f"  wrong rows served {row['wrong_hit_rate']:.1%}"
                                              if "wrong_hit_rate" in row else ""))
    print("\nsecond session (the stream's second half, 3 MB):")
    for name, row in results["second_session"].items():
        print(f"  {name:<32} has-answer {row['has_answer_rate']:6.1%}  "
              f"calls/q {row['endpoint_calls_per_question']:5.2f}  AMAT {row['amat_ms']:5.1f} ms")
    order = results["reorder"]
    print(f"\nreorder at 20 entries (L1+L2, LRU): has-answer {order['caller_order']['has_answer_rate']:.1%} in caller "
          f"order -> {order['cache_aware_order']['has_answer_rate']:.1%} in cache-aware order "
          f"({order['singletons']} singleton questions, uncached); "
          f"{order['cache_aware_order_singletons_cached']['has_answer_rate']:.1%} with singletons cached too")
    print(f"\n{'end to end':<28} {'questions':>9} {'Hits@1':>7} {'truthful':>8} {'p50 ms':>7} {'p95 ms':>7} "
          f"{'calls/q':>8}")
    for name in ("record", "warm_no_cache", "warm_l1_l2_3mb_not_ahead", "warm_l1_l2_3mb", "l1_arc_first_pass",
                 "l1_arc_warm_passages"):
        if name not in results:
            continue
        row = results[name]
        print(f"{name:<28} {row['questions']:9d} {row['hits@1']:7.1%} {row['truthfulness']:8.1%} "
              f"{row['p50_ms']:7.0f} {row['p95_ms']:7.0f} {row['endpoint_calls_per_question']:8.2f}")


if __name__ == "__main__":
    main()
