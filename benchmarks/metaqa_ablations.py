"""MetaQA ablations (CacheRAG §5.7, Table 3): the full system beside each component removed.

    python benchmarks/metaqa_ablations.py [--data ../shared/data/metaqa] [--limit 1000] [--settings warm,ntm,online]

Three settings, --limit questions per hop each (seeded shuffle, seed 0, no bracket hints, offline reasoner):
- warm   — plan memory warmed from the first half of the dev split, evaluated on the other half;
- ntm    — the same, on the 1-hop paraphrases (history: vanilla questions only);
- online — cold start, learning online from the stream (hops interleaved).
Ablations: no-depth, no-breadth, no-cache (a static set of 5 few-shot plans instead of the memory),
no-mmr (plain BM25 top-k), one-layer (domain index only). Prints Markdown tables of Hits@1 / missing per
hop, plan-cache hits and latency, and the change against the full system.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cacherag.evaluation.ablations import ABLATIONS
from cacherag.evaluation.runner import EvalConfig, run

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"


LABELS = {"full": "CacheRAG (full)", "no-depth": "w/o depth", "no-breadth": "w/o breadth",
          "no-cache": "w/o caching (static few-shot)", "no-mmr": "w/o MMR (plain BM25 top-k)",
          "one-layer": "one layer (domain index only)"}


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def average(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures the tables show, averaged over seeds (n summed)."""
    def mean(values: list[float | None]) -> float | None:
        present = [v for v in values if v is not None]
        return sum(present) / len(present) if present else None

    first = runs[0]
    return {
        "hits@1": {k: mean([r["hits@1"][k] for r in runs]) for k in first["hits@1"]},
        "missing": {k: mean([r["missing"][k] for r in runs]) for k in first["missing"]},
        "n": {k: sum(r["n"][k] for r in runs) for k in first["n"]},
        "plan_cache_hit_rate": mean([r["plan_cache_hit_rate"] for r in runs]),
        "latency_ms": {"p50": mean([r["latency_ms"]["p50"] for r in runs])},
        "seeds": len(runs),
    }


def table(setting: str, reports: dict[str, dict[str, Any]]) -> str:
    full = reports["full"]
    hops = [h for h in full["n"] if h != "all"]
    lines = [f"### {setting}: Hits@1 % (missing %) per hop, mean of {full['seeds']} seed(s), "
             f"{full['n']['all'] // full['seeds']} questions per seed",
             "", f"| variant | {' | '.join(h + '-hop' for h in hops)} | all | Δ all vs full | cache hit | p50 ms |",
             "|---|" + "---:|" * (len(hops) + 4)]
    for name, r in reports.items():
        cells = [f"{pct(r['hits@1'][h])} ({pct(r['missing'][h])})" for h in hops]
        delta = 100 * (r["hits@1"]["all"] - full["hits@1"]["all"])
        lines.append(f"| {LABELS.get(name, name)} | {' | '.join(cells)} | "
                     f"{pct(r['hits@1']['all'])} | {delta:+.1f} | {pct(r['plan_cache_hit_rate'])} | "
                     f"{r['latency_ms']['p50']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--settings", default="warm,ntm,online")
    parser.add_argument("--seeds", default="0", help="comma-separated seeds; figures are averaged over them")
    parser.add_argument("--out-dir", default="bench-out/ablations")
    args = parser.parse_args()
    out = Path(args.out_dir)
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for setting in args.settings.split(","):
        results[setting] = {}
        for name in ["full", *ABLATIONS]:
            runs = []
            for seed in (int(x) for x in args.seeds.split(",")):
                print(f"[{setting}] {name} seed {seed} …", flush=True)
                config = EvalConfig(
                    data=args.data, split=args.split, limit=args.limit, ablation=None if name == "full" else name,
                    history=f"{args.data}:{args.split}" if setting in ("warm", "ntm") else None,
                    hops=(1,) if setting == "ntm" else (1, 2, 3), variant="ntm" if setting == "ntm" else "vanilla",
                    online_learning=setting == "online", seed=seed, out=out / f"{setting}-{name}-seed{seed}.json")
                runs.append(run(config, progress=False))
            results[setting][name] = average(runs)
        print("\n" + table(setting, results[setting]) + "\n", flush=True)
    (out / "summary.json").write_text(json.dumps(
        {s: {n: {k: r[k] for k in ("hits@1", "missing", "n", "plan_cache_hit_rate", "latency_ms")}
             for n, r in reports.items()} for s, reports in results.items()}, indent=2))


if __name__ == "__main__":
    main()
