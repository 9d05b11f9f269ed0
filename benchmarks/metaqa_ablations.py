"""MetaQA ablations (CacheRAG §5.7, Table 3): the full system beside each component removed.

    python benchmarks/metaqa_ablations.py [--data ../shared/data/metaqa] [--limit 1000] [--settings warm,online]

Two settings, --limit questions per hop each (seeded shuffle, seed 0, no bracket hints, offline reasoner):
- warm   — plan memory warmed from the first half of the dev split, evaluated on the other half;
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


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def table(setting: str, reports: dict[str, dict[str, Any]]) -> str:
    full = reports["full"]
    lines = [f"### {setting}: Hits@1 % (missing %) per hop",
             "", "| variant | 1-hop | 2-hop | 3-hop | all | Δ all vs full | cache hit | p50 ms |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, r in reports.items():
        cells = [f"{pct(r['hits@1'][h])} ({pct(r['missing'][h])})" for h in ("1", "2", "3")]
        delta = 100 * (r["hits@1"]["all"] - full["hits@1"]["all"])
        lines.append(f"| {'CacheRAG (full)' if name == 'full' else 'w/o ' + name} | {' | '.join(cells)} | "
                     f"{pct(r['hits@1']['all'])} | {delta:+.1f} | {pct(r['plan_cache_hit_rate'])} | "
                     f"{r['latency_ms']['p50']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--settings", default="warm,online")
    parser.add_argument("--out-dir", default="bench-out/ablations")
    args = parser.parse_args()
    out = Path(args.out_dir)
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for setting in args.settings.split(","):
        results[setting] = {}
        for name in ["full", *ABLATIONS]:
            print(f"[{setting}] {name} …", flush=True)
            config = EvalConfig(
                data=args.data, split=args.split, limit=args.limit, ablation=None if name == "full" else name,
                history=f"{args.data}:{args.split}" if setting == "warm" else None,
                online_learning=setting == "online", out=out / f"{setting}-{name}.json")
            results[setting][name] = run(config, progress=False)
        print("\n" + table(setting, results[setting]) + "\n", flush=True)
    (out / "summary.json").write_text(json.dumps(
        {s: {n: {k: r[k] for k in ("hits@1", "missing", "n", "plan_cache_hit_rate", "latency_ms")}
             for n, r in reports.items()} for s, reports in results.items()}, indent=2))


if __name__ == "__main__":
    main()
