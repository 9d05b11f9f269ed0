"""How long a miss takes offline: questions the graph cannot answer, end to end, with guided traversal.

Two sets: the bundled demo graph asked for relations it lacks (producers, budgets, … of its films), and
MetaQA's knowledge base asked the same way (``cacherag eval unanswerable``'s generator: real entities,
relations kb.txt does not hold). Before timing, the memories learn from ``--warm`` answered MetaQA 1-hop
dev questions (so plan retrieval, statement recall and edge memory all have something to look at); each
miss is timed on its first and only ask. Prints p50/p95 per set and the slowest nodes' p50::

    python benchmarks/traversal_latency.py --metaqa /work/shared/data/metaqa --n 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from cacherag import CacheRAG
from cacherag.evaluation import unanswerable
from cacherag.evaluation.metaqa import KB, load_hop, store_for
from cacherag.graphs.resources import close_all

DEMO_FILMS = ["The Matrix", "Inception", "Alien", "Jaws", "Titanic", "Avatar", "Gladiator", "Memento",
              "Interstellar", "The Terminator", "Blade Runner", "Dunkirk"]
DEMO_ASKS = ["Who produced {}?", "What was the budget of {}?", "Who composed the music of {}?",
             "Which studio distributed {}?", "What awards did {} win?"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def measure(rag: CacheRAG, questions: list[str], label: str) -> dict[str, float]:
    latencies, nodes, missing = [], {}, 0
    for i, question in enumerate(questions, 1):
        start = time.perf_counter()
        answer = rag.ask(question)
        latencies.append((time.perf_counter() - start) * 1000)
        missing += answer.status == "missing"
        for node, ms in answer.trace.get("node_ms", {}).items():
            nodes.setdefault(node, []).append(ms)
        print(f"\r{label}: {i}/{len(questions)}", end="", flush=True)
    slowest = sorted(((statistics.median(v), k) for k, v in nodes.items()), reverse=True)[:4]
    print(f"\r{label}: n={len(questions)} missing={missing} p50 {percentile(latencies, 50):.1f} ms · "
          f"p95 {percentile(latencies, 95):.1f} ms · slowest nodes (p50 ms): "
          + ", ".join(f"{k} {v:.1f}" for v, k in slowest))
    return {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--metaqa", type=Path, help="MetaQA directory (kb.txt, 1-hop/qa_dev.txt)")
    parser.add_argument("--n", type=int, default=60, help="misses per set")
    parser.add_argument("--warm", type=int, default=30, help="MetaQA questions answered (and learned) first")
    args = parser.parse_args()

    demo = [ask.format(film) for ask in DEMO_ASKS for film in DEMO_FILMS]
    random.Random(0).shuffle(demo)
    rag = CacheRAG("demo", memory_dir=tempfile.mkdtemp(prefix="miss-demo-"))
    rag.ask("Who directed The Matrix?")  # opens the graph and the memories outside the timing
    measure(rag, demo[: args.n], "demo graph misses")
    close_all()
    if args.metaqa is None:
        return
    kb_path = args.metaqa / "kb.txt"
    rag = CacheRAG(str(store_for(kb_path)), memory_dir=tempfile.mkdtemp(prefix="miss-metaqa-"), domain="metaqa")
    for question in load_hop(args.metaqa, 1, "dev")[:: 97][: args.warm]:
        rag.ask(question.plain)
    misses = unanswerable.generate(KB.read(kb_path), args.n, 0)
    measure(rag, misses, "MetaQA misses")
    close_all()


if __name__ == "__main__":
    main()
