"""Core benchmark: kb.txt import time and warm end-to-end latency of the offline pipeline on MetaQA.

    python benchmarks/core_bench.py [--data ../shared/data/metaqa] [--warm 1000] [--measure 200]

1. Imports MetaQA's kb.txt into a fresh persistent Oxigraph store (three times; prints each and the median).
2. Warms a fresh plan memory by answering --warm dev questions (mixed hops, learning on), then answers
   --measure other dev questions and prints p50/p95 end-to-end latency, the per-node p50s and the
   plan-cache hit rate. Questions are given without MetaQA's [brackets].
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from rich.progress import track

from cacherag import CacheRAG
from cacherag.tools.importers import import_to_store

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def load_questions(data: Path, seed: int) -> list[str]:
    questions = []
    for hop in (1, 2, 3):
        with (data / f"{hop}-hop" / "qa_dev.txt").open(encoding="utf-8") as handle:
            questions += [line.split("\t")[0].replace("[", "").replace("]", "") for line in handle]
    random.Random(seed).shuffle(questions)
    return questions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--warm", type=int, default=1000)
    parser.add_argument("--measure", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cacherag-bench-"))

    timings = []
    for run in range(3):
        start = time.perf_counter()
        size = import_to_store(args.data / "kb.txt", work / f"store-{run}").triples
        timings.append(time.perf_counter() - start)
        print(f"import kb.txt -> Oxigraph store: {timings[-1]:.2f} s ({size:,} triples)")
    print(f"import median: {statistics.median(timings):.2f} s")

    rag = CacheRAG(str(work / "store-0"), memory_dir=str(work / "memory"))
    questions = load_questions(args.data, args.seed)
    warm, measured = questions[: args.warm], questions[args.warm : args.warm + args.measure]
    for question in track(warm, description="warming the plan memory"):
        rag.ask(question)
    latencies, hits, per_node = [], 0, {}
    for question in track(measured, description="measuring"):
        start = time.perf_counter()
        answer = rag.ask(question)
        latencies.append((time.perf_counter() - start) * 1000)
        hits += answer.plan_cache_hit
        for node, ms in answer.trace["node_ms"].items():
            per_node.setdefault(node, []).append(ms)
    rag.close()
    print(f"plan memory: {len(rag.memory)} entries after {args.warm} warm-up questions")
    print(f"end-to-end over {len(measured)} questions: p50 {percentile(latencies, 50):.2f} ms, "
          f"p95 {percentile(latencies, 95):.2f} ms; plan-cache hits {hits}/{len(measured)}")
    for node, values in per_node.items():
        print(f"  {node:15s} p50 {percentile(values, 50):7.3f} ms  (n={len(values)})")


if __name__ == "__main__":
    main()
