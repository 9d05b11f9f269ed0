"""Plan retrieval with a million remembered plans (issue 14, CacheRAG §5.11): p50 ≤ 1 ms is the target.

Synthetic masked questions ("which <w1> <w2> of <E> <w3>", words drawn from a Zipf-like vocabulary so that
common words reach hundreds of thousands of entries and rare ones a few) with 1-3 hop plans over a pool of
predicates, spread over the aspects of one domain. The entries are put into the plan memory's in-memory
mirror — what every read is served from — so this times retrieval, not embedding a million questions
(persistence is timed by the memory tests and benchmarks at their sizes). Each query is a fresh question
of the same distribution (never an exact repeat, so the L1 result cache never answers) with the ten first
hops a topic entity might have, as ``retrieve_plans`` asks; the default Context parameters apply.

    python benchmarks/plan_memory_scale.py --entries 1000000 --queries 400
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import tempfile
import time

from cacherag.graphs.context import Context
from cacherag.memory.plan_memory import PlanEntry, PlanMemory

WH = ("what", "which", "who", "when", "where")


def vocabulary(size: int) -> list[str]:
    consonants, vowels = "bcdfghklmnprstvz", "aeiou"
    rng = random.Random(1)
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(2, 4))))
    return sorted(words)


class Questions:
    """Masked questions and plans of one shape, words drawn with Zipf-like (1/rank) frequencies."""

    def __init__(self, seed: int, words: int, predicates: int) -> None:
        self.rng = random.Random(seed)
        self.words = vocabulary(words)
        self.cumulative = list(itertools.accumulate(1.0 / (rank + 1) for rank in range(words)))
        self.predicates = [f"http://example.org/p{i}" for i in range(predicates)]

    def question(self) -> str:
        drawn = self.rng.choices(self.words, cum_weights=self.cumulative, k=self.rng.randint(2, 5))
        cut = self.rng.randint(1, len(drawn))
        return f"{self.rng.choice(WH)} {' '.join(drawn[:cut])} <E> {' '.join(drawn[cut:])}".strip()

    def steps(self) -> list[dict]:
        return [{"predicate": p, "inverse": self.rng.random() < 0.3, "label": p.rsplit("/", 1)[1]}
                for p in self.rng.sample(self.predicates, self.rng.randint(1, 3))]


def fill(memory: PlanMemory, questions: Questions, entries: int, aspects: int, domain: str) -> int:
    """Put ``entries`` distinct plans into the memory's mirror (as a reload from disk would)."""
    seen = 0
    while seen < entries:
        entry = PlanEntry(question=questions.question(), steps=questions.steps(), domain=domain,
                          aspect=f"aspect{questions.rng.randrange(aspects)}", answers=["a"])
        bucket = memory._bucket(entry.domain, entry.aspect)  # noqa: SLF001 - the mirror a reload fills
        if entry.id not in bucket.entries:
            bucket.entries[entry.id] = entry
            seen += 1
            if seen % 100_000 == 0:
                print(f"  {seen:,} plans", file=sys.stderr, flush=True)
    return seen


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--aspects", type=int, default=20)
    parser.add_argument("--words", type=int, default=5000)
    parser.add_argument("--predicates", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ctx, domain = Context(), "bench"
    questions = Questions(args.seed, args.words, args.predicates)
    memory = PlanMemory(tempfile.mkdtemp(prefix="plan-scale-"))
    started = time.perf_counter()
    fill(memory, questions, args.entries, args.aspects, domain)
    print(f"filled {len(memory):,} plans in {time.perf_counter() - started:.1f} s", flush=True)
    probes = [(questions.question(), f"aspect{questions.rng.randrange(args.aspects)}",
               frozenset((p, questions.rng.random() < 0.3) for p in questions.rng.sample(questions.predicates, 10)))
              for _ in range(args.queries)]
    started = time.perf_counter()
    for bucket in [*memory._buckets.values(), memory._domain_bucket(domain)]:  # noqa: SLF001
        bucket.index()  # built once, after the memory changed (not part of a retrieval)
    print(f"BM25 indexes (aspects and domain) built in {time.perf_counter() - started:.1f} s", flush=True)
    for label, two_layer in (("aspect bucket, then domain (retrieve_plans)", True),
                             ("whole domain (compile_query's relaxation)", False)):
        print(label, flush=True)
        for bucket in [*memory._buckets.values(), memory._domain_bucket(domain)]:  # noqa: SLF001
            bucket.selections.clear()  # no choice remembered from the run before
        times, found = [], 0
        for question, aspect, firsts in probes:
            started = time.perf_counter()
            picks = memory.retrieve(question, domain, aspect, k=ctx.k, lam=ctx.mmr_lambda,
                                    min_relevance=ctx.min_relevance, use_mmr=ctx.use_mmr, two_layer=two_layer,
                                    relax_below=ctx.hit_relevance, first_steps=firsts)
            times.append((time.perf_counter() - started) * 1000)
            found += bool(picks)
        print(f"  {len(probes)} fresh questions: p50 {statistics.median(times):.3f} ms, "
              f"p95 {percentile(times, 0.95):.3f} ms, max {max(times):.3f} ms; {found} got examples", flush=True)


if __name__ == "__main__":
    main()
