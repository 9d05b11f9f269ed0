"""MetaQA accuracy benchmark: the three headline configurations of the README's results section.

    python benchmarks/metaqa_accuracy.py [--data ../shared/data/metaqa] [--split dev] [--online-limit 3000]
                                         [--only warm,ntm,online] [--out-dir bench-out] [--plot docs/learning_curve.png]

1. warm   — plan memory warmed from the first half of the split's QA pairs (vanilla 1/2/3-hop files),
            evaluated on the other half: Hits@1 next to the ceiling this graph allows.
2. ntm    — 1-hop paraphrased questions, warmed from vanilla 1-hop history only (never the paraphrases).
3. online — cold start, one stream of --online-limit questions per hop (hops interleaved), learning from
            what the dispatcher judges complete; Hits@1 over the last 500 questions of each hop; the
            learning curve is drawn to --plot.

Each configuration is one `cacherag eval metaqa` run (the same harness, in process); the JSON reports and
predictions land in --out-dir. Offline reasoner, no bracket hints, seed 0.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cacherag.evaluation.runner import PUBLISHED, EvalConfig, markdown_table, run

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def configurations(args: argparse.Namespace) -> dict[str, EvalConfig]:
    out = Path(args.out_dir)
    history = f"{args.data}:{args.split}"
    return {
        "warm": EvalConfig(data=args.data, split=args.split, history=history, out=out / "warm.json",
                           predictions=out / "warm.jsonl"),
        "ntm": EvalConfig(data=args.data, split=args.split, hops=(1,), variant="ntm", history=history,
                          out=out / "ntm.json", predictions=out / "ntm.jsonl"),
        "online": EvalConfig(data=args.data, split=args.split, limit=args.online_limit, online_learning=True,
                             out=out / "online.json", predictions=out / "online.jsonl", plot=args.plot),
    }


def summary(reports: dict[str, dict[str, Any]]) -> str:
    lines = []
    if "warm" in reports:
        r = reports["warm"]
        lines += ["### Warm from history (disjoint halves), Hits@1 %", "",
                  "| | 1-hop | 2-hop | 3-hop |", "|---|---:|---:|---:|",
                  "| cacherag (offline, no training, no LLM) | "
                  + " | ".join(pct(r["hits@1"][h]) for h in "123") + " |",
                  "| ceiling of this graph (gold path reaches a gold answer) | "
                  + " | ".join(pct(r["ceiling"][h]) for h in "123") + " |",
                  "| oracle Hits@1 (gold path, ranked by supporting paths) | "
                  + " | ".join(pct(r["oracle_hits@1"][h]) for h in "123") + " |"]
        lines += [f"| {name} (reported, full original graph, trained) | " + " | ".join(f"{v:.1f}" for v in vals)
                  + " |" for name, vals in PUBLISHED.items()]
        lines.append("")
    if "ntm" in reports:
        r = reports["ntm"]
        lines.append(f"1-hop paraphrases (ntm), warm from vanilla history: Hits@1 {pct(r['hits@1']['1'])} % "
                     f"(ceiling {pct(r['ceiling']['1'])}, oracle {pct(r['oracle_hits@1']['1'])}, "
                     f"n={r['n']['1']})")
    if "online" in reports:
        r = reports["online"]
        last = ", ".join(f"{h}-hop {pct(v)}" for h, v in r["online"]["last_window_hits@1"].items())
        first = ", ".join(f"{h}-hop {pct(v)}" for h, v in r["online"]["first_window_hits@1"].items())
        lines.append(f"Cold + online learning, {r['n']['1']} questions per hop: Hits@1 first "
                     f"{r['online']['window']}: {first}; last {r['online']['window']}: {last}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--online-limit", type=int, default=3000)
    parser.add_argument("--only", default="warm,ntm,online")
    parser.add_argument("--out-dir", default="bench-out")
    parser.add_argument("--plot", type=Path, default=Path("docs/learning_curve.png"))
    args = parser.parse_args()
    reports = {}
    for name, config in configurations(args).items():
        if name not in args.only.split(","):
            continue
        print(f"\n## {name}")
        reports[name] = run(config)
        print(markdown_table(reports[name]))
    print("\n" + summary(reports))
    Path(args.out_dir).mkdir(parents=True, exist_ok=True)
    (Path(args.out_dir) / "summary.json").write_text(json.dumps(
        {name: {k: r[k] for k in ("hits@1", "ceiling", "oracle_hits@1", "n", "latency_ms", "plan_cache_hit_rate",
                                   "online") if k in r} for name, r in reports.items()}, indent=2))


if __name__ == "__main__":
    main()
