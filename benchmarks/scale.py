"""Scale benchmark (CacheRAG §5.11): point and star operator latency on growing heavy-tailed graphs.

Synthetic graphs of 40k triples and up (``--sizes``) are generated with a heavy-tailed degree
distribution (subjects and objects drawn log-uniformly over the entities, so a few hubs carry a large
share of the edges, as in real knowledge graphs), bulk-loaded into a persistent Oxigraph store and
compacted (as ``cacherag load`` leaves a store), and queried with the engine's own bounded operators:

* point: σ_depth, ``follow([node], step)`` — one hop from one node along one predicate;
* star: σ_breadth, ``local_schema([node])`` then ``star([node], top K_degree edges, limit=K_degree)``.

All graphs are built first and then measured in interleaved rounds, so a shared machine's drifting load
weighs on every size alike. It prints p50/p95 latency per size, the largest star expansion seen
(bounded by K_degree predicates × K_degree neighbours, whatever the hub), the slowest star operation on
the three largest hubs (the local schema counts at most SCHEMA_SCAN edges per predicate and direction), and
writes ``docs/scale.png``::

    python benchmarks/scale.py --sizes 40000,400000,4000000 --samples 300
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pyoxigraph as ox

from cacherag.tools.oxigraph_backend import OxigraphKG

BASE = "http://scale.cacherag.dev/"
PREDICATES = 40
K_DEGREE = 30


def synthetic_ntriples(n_triples: int, seed: int = 0) -> tuple[bytes, list[str]]:
    """``n_triples`` N-Triples lines over ``n_triples / 4`` entities with heavy-tailed degrees, and the three
    largest hubs."""
    rng = np.random.default_rng(seed)
    entities = max(10, n_triples // 4)
    # Log-uniform ranks: P(rank = r) ∝ 1 / r, so degree falls off as a power law from a few hubs.
    subjects = np.floor(entities ** rng.random(n_triples)).astype(np.int64) - 1
    objects = np.floor(entities ** rng.random(n_triples)).astype(np.int64) - 1
    # Shuffle entity ids so hubs are not simply the smallest ids.
    permutation = rng.permutation(entities)
    subjects, objects = permutation[subjects], permutation[objects]
    predicates = np.minimum(rng.zipf(1.6, n_triples) - 1, PREDICATES - 1)
    lines = [f"<{BASE}e{s}> <{BASE}p{p}> <{BASE}e{o}> .\n"
             for s, p, o in zip(subjects.tolist(), predicates.tolist(), objects.tolist(), strict=True)]
    return "".join(lines).encode(), [f"<{BASE}e{e}>" for e in permutation[:3].tolist()]


def measure(kg: OxigraphKG, entities: int, samples: int, rng: np.random.Generator) -> dict[str, list[float] | int]:
    """Latencies (s) of ``samples`` point and star operations on random entities that have out-edges."""
    point: list[float] = []
    star: list[float] = []
    largest = 0
    tried = 0
    while len(point) < samples and tried < samples * 20:
        tried += 1
        node = f"<{BASE}e{int(rng.integers(entities))}>"
        start = time.perf_counter()
        edges = kg.local_schema([node])
        outgoing = [e for e in edges if not e.inverse]
        if not outgoing:
            continue
        found = kg.star([node], edges[:K_DEGREE], limit=K_DEGREE)
        star.append(time.perf_counter() - start)
        largest = max(largest, len(found))
        start = time.perf_counter()
        kg.follow([node], outgoing[0].as_step())
        point.append(time.perf_counter() - start)
    return {"point": point, "star": star, "largest_star": largest}


def hub_latency(kg: OxigraphKG, hubs: list[str]) -> float:
    """The slowest star operation (local schema + star scan) on the graph's largest hubs, in seconds."""
    slowest = 0.0
    for node in hubs:
        start = time.perf_counter()
        kg.star([node], kg.local_schema([node])[:K_DEGREE], limit=K_DEGREE)
        slowest = max(slowest, time.perf_counter() - start)
    return slowest


def summary(size: int, runs: list[dict[str, list[float] | int]]) -> dict[str, float]:
    point = [t for run in runs for t in run["point"]]  # type: ignore[union-attr]
    star = [t for run in runs for t in run["star"]]  # type: ignore[union-attr]
    return {
        "triples": size,
        "point_p50_ms": 1000 * float(np.percentile(point, 50)),
        "point_p95_ms": 1000 * float(np.percentile(point, 95)),
        "star_p50_ms": 1000 * float(np.percentile(star, 50)),
        "star_p95_ms": 1000 * float(np.percentile(star, 95)),
        "largest_star": max(int(run["largest_star"]) for run in runs),  # type: ignore[call-overload]
        "samples": len(point),
    }


def plot(results: list[dict[str, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r["triples"] for r in results]
    fig, ax = plt.subplots(figsize=(9, 4))
    for key, label in [("point_p50_ms", "point (σ_depth) p50"), ("point_p95_ms", "point p95"),
                       ("star_p50_ms", "star (σ_breadth) p50"), ("star_p95_ms", "star p95"),
                       ("hub_star_max_ms", "star on the 3 largest hubs (max)")]:
        ax.plot(sizes, [r[key] for r in results], marker="o", label=label,
                linestyle="-" if "p50" in key else ":" if "hub" in key else "--")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("triples in the graph (heavy-tailed degrees)")
    ax.set_ylabel("latency (ms, log)")
    ax.set_title("Bounded operator latency vs graph size (Oxigraph store)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="40000,400000,4000000", help="comma-separated triple counts")
    parser.add_argument("--samples", type=int, default=300, help="random nodes measured per size")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds the samples are split into")
    parser.add_argument("--plot", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "scale.png")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    root = Path(tempfile.mkdtemp(prefix="cacherag-scale-"))
    try:
        graphs: dict[int, OxigraphKG] = {}
        hubs: dict[int, list[str]] = {}
        for size in sizes:
            start = time.perf_counter()
            data, hubs[size] = synthetic_ntriples(size)
            store = ox.Store(str(root / str(size)))
            store.bulk_load(data, ox.RdfFormat.N_TRIPLES)
            store.flush()
            store.optimize()  # as `cacherag load` leaves a store: compacted (bulk-loaded files make seeks slow)
            del data
            graphs[size] = OxigraphKG(store, f"scale-{size}", timeout_s=600)
            graphs[size].predicate_labels  # noqa: B018 - the one-time index scan, outside the timings
            print(f"{size:>10,} triples: generated, loaded and indexed in {time.perf_counter() - start:.1f} s",
                  flush=True)
        # Sizes take turns, round after round, so a machine whose load drifts slows them all alike.
        runs: dict[int, list[dict[str, list[float] | int]]] = {size: [] for size in sizes}
        rng = np.random.default_rng(1)
        for round_ in range(args.rounds):
            for size in sizes:
                runs[size].append(measure(graphs[size], max(10, size // 4), args.samples // args.rounds, rng))
            print(f"round {round_ + 1}/{args.rounds} measured", flush=True)
        results = [{**summary(size, runs[size]), "hub_star_max_ms": 1000 * hub_latency(graphs[size], hubs[size])}
                   for size in sizes]
        for r in results:
            print(f"{r['triples']:>10,} triples: point p50 {r['point_p50_ms']:.3f} ms p95 {r['point_p95_ms']:.3f}"
                  f" · star p50 {r['star_p50_ms']:.3f} ms p95 {r['star_p95_ms']:.3f}"
                  f" · largest star {r['largest_star']} edges · {r['samples']} nodes"
                  f" · slowest of the 3 largest hubs {r['hub_star_max_ms']:.1f} ms", flush=True)
        del graphs
    finally:
        shutil.rmtree(root, ignore_errors=True)
    first, last = results[0], results[-1]
    print(f"ratio largest/smallest: point p50 ×{last['point_p50_ms'] / first['point_p50_ms']:.2f}, "
          f"star p50 ×{last['star_p50_ms'] / first['star_p50_ms']:.2f}; star bound {K_DEGREE}×{K_DEGREE}")
    plot(results, args.plot)
    print(f"plot: {args.plot}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
