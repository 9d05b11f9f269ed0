"""Label-free cold start on MetaQA: auto-generation only (no QA history), beside an empty memory.

    python benchmarks/autogen_metaqa.py [--data ../shared/data/metaqa] [--n 2000] [--limit 1000]

1. ``cacherag warm --autogen N`` into a fresh memory (offline synthesis from predicate labels): the time
   to generate, filter and memorize N questions;
2. the MetaQA harness on the dev split (no history, no online learning), --limit questions per hop,
   once with the auto-generated memory and once with an empty one: Hits@1 and missing per hop;
3. hallucination on unanswerable questions: dev 1-hop topics asked about relations the graph does not
   have (who composed the score, the budget, where it was filmed, …); the share that gets an answer
   instead of ``missing``, with either memory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cacherag import CacheRAG
from cacherag.evaluation.metaqa import load_hop, store_for
from cacherag.evaluation.runner import DOMAIN, EvalConfig, run
from cacherag.graphs.resources import close_all

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"
# Relations MetaQA's graph does not have (benchmark-only wording).
UNANSWERABLE = ["who composed the music for {x}", "what was the budget of {x}", "where was {x} filmed",
                "who produced {x}", "which studio made {x}", "how long is {x}", "who edited {x}",
                "what awards did {x} win"]


def hallucination(store: Path, memory: str | None, topics: list[str]) -> float:
    rag = CacheRAG(str(store), memory_dir=memory or tempfile.mkdtemp(prefix="cacherag-empty-"), domain=DOMAIN,
                   learn=False)
    answered = 0
    for i, topic in enumerate(topics):
        answer = rag.ask(UNANSWERABLE[i % len(UNANSWERABLE)].format(x=topic))
        answered += answer.status == "answered"
    close_all()
    return 100 * answered / len(topics)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--n", type=int, default=2000, help="questions to auto-generate (default 2000)")
    parser.add_argument("--limit", type=int, default=1000, help="dev questions per hop (default 1000)")
    parser.add_argument("--unanswerable", type=int, default=400, help="unanswerable questions (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    store = store_for(args.data / "kb.txt")
    memory = tempfile.mkdtemp(prefix="cacherag-autogen-")
    command = [sys.executable, "-m", "cacherag.cli", "warm", "--autogen", str(args.n), "--kg", str(store),
               "--domain", DOMAIN, "--memory-dir", memory, "--seed", str(args.seed), "--json"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=os.environ, check=True)
    wall = time.perf_counter() - started
    report = json.loads(done.stdout)
    print(f"autogen: kept {report['kept']} questions ({report['kept_by_hops']}), {report['entries']} plans, "
          f"{report['seconds']:.1f} s generating + memorizing, {wall:.1f} s for the whole command")

    rows = {}
    for label, memory_dir in (("auto-generated memory", memory), ("empty memory", None)):
        config = EvalConfig(data=args.data, split="dev", limit=args.limit, seed=args.seed,
                            memory_dir=Path(memory_dir) if memory_dir else None)
        if memory_dir:  # the harness writes into the memory it is given: evaluate a copy
            copy = tempfile.mkdtemp(prefix="cacherag-autogen-eval-")
            subprocess.run(["cp", "-r", f"{memory_dir}/.", copy], check=True)
            config.memory_dir = Path(copy)
        result = run(config, progress=True)
        close_all()
        rows[label] = result

    topics = [q.topic for q in load_hop(args.data, 1, "dev") if q.topic]
    random.Random(args.seed).shuffle(topics)
    topics = topics[: args.unanswerable]
    print("\n| memory | 1-hop | 2-hop | 3-hop | missing 1/2/3 | hallucination on unanswerable |")
    print("|---|---:|---:|---:|---|---:|")
    for label, result in rows.items():
        hits, missing = result["hits@1"], result["missing"]
        halluc = hallucination(store, memory if label.startswith("auto") else None, topics)
        print(f"| {label} | {100 * hits['1']:.1f} | {100 * hits['2']:.1f} | {100 * hits['3']:.1f} | "
              f"{' / '.join(f'{100 * missing[h]:.1f}' for h in '123')} | {halluc:.1f} |")


if __name__ == "__main__":
    main()
