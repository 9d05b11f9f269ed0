"""MetaQA speed benchmark: warm end-to-end latency, plan retrieval, per-node time — beside the floors.

    python benchmarks/metaqa_speed.py [--data ../shared/data/metaqa] [--limit 1000]

Measured in one process, one after the other, so the figures share the machine's current speed:
1. floor: a 3-hop MetaQA path query in the imported Oxigraph store (a director's films' release years, as
   the planner writes it; p50 over 300 runs), and a 7-node LangGraph graph of no-op nodes (p50 per invoke
   over 500 runs);
2. the warm pipeline: plan memory warmed from the first half of the dev split, --limit questions per hop
   of the other half (no bracket hints): end-to-end p50/p95, plan retrieval (retrieve_plans) p50/p95,
   every node's p50, and what is left for LangGraph itself (end-to-end minus the nodes' own time).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from cacherag.evaluation.runner import EvalConfig, run
from cacherag.tools.oxigraph_backend import OxigraphKG

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"
ENTITY = "http://cacherag.dev/kg/entity/"
RELATION = "http://cacherag.dev/kg/relation/"


def langgraph_floor(runs: int = 500) -> float:
    class State(TypedDict):
        question: str

    builder = StateGraph(State)
    names = [f"n{i}" for i in range(7)]
    for name in names:
        builder.add_node(name, lambda state: {})
    builder.add_edge(START, names[0])
    for a, b in zip(names, names[1:], strict=False):
        builder.add_edge(a, b)
    builder.add_edge(names[-1], END)
    graph = builder.compile()
    for _ in range(100):
        graph.invoke({"question": "x"})
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        graph.invoke({"question": "x"})
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def sparql_floor(store: Path, runs: int = 300) -> float:
    kg = OxigraphKG.open(store)
    steps = [{"predicate": f"<{RELATION}directed_by>", "inverse": False, "label": "directed by"},
             {"predicate": f"<{RELATION}directed_by>", "inverse": True, "label": "directed by"},
             {"predicate": f"<{RELATION}release_year>", "inverse": False, "label": "release year"}]
    topics = [f"<{ENTITY}{name}>" for name in ("Jaws", "Alien", "Heat", "Fargo", "Psycho", "Vertigo")]
    times = []
    for i in range(runs):
        query = kg.path_query(topics[i % len(topics)], steps)
        start = time.perf_counter()
        kg._select(query)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--limit", type=int, default=1000)
    args = parser.parse_args()

    report = run(EvalConfig(data=args.data, split=args.split, limit=args.limit,
                            history=f"{args.data}:{args.split}"), progress=True)
    noop = langgraph_floor()
    query = sparql_floor(Path(report["store"]))
    nodes = report["node_ms"]
    # The nodes a cache hit visits (memorize only when learning); the dispatcher only sees misses.
    hit_path = ["parse_isr", "retrieve_plans", "compile_query", "execute", "summarize", "memorize"]
    node_p50 = sum(nodes[n]["p50"] for n in hit_path if n in nodes)
    print("\n| measure | p50 ms | p95 ms |\n|---|---:|---:|")
    print(f"| floor: 3-hop path query in Oxigraph | {query:.3f} | |")
    print(f"| floor: 7-node LangGraph graph of no-op nodes | {noop:.3f} | |")
    print(f"| end to end, warm ({report['n']['all']} questions) | {report['latency_ms']['p50']:.2f} | "
          f"{report['latency_ms']['p95']:.2f} |")
    print(f"| plan retrieval (retrieve_plans) | {report['plan_retrieval_ms']['p50']:.3f} | "
          f"{report['plan_retrieval_ms']['p95']:.3f} |")
    for name in hit_path:
        if name in nodes:
            print(f"| node {name} | {nodes[name]['p50']:.3f} | {nodes[name]['p95']:.3f} |")
    if "dispatch" in nodes:
        print(f"| node dispatch (misses only) | {nodes['dispatch']['p50']:.3f} | {nodes['dispatch']['p95']:.3f} |")
    print(f"| sum of the hit path's node p50s | {node_p50:.2f} | |")
    print(f"| left for LangGraph (end-to-end p50 − node p50s) | {report['latency_ms']['p50'] - node_p50:.2f} | |")
    print(f"\nHits@1 {100 * report['hits@1']['all']:.1f} %, plan-cache hit rate "
          f"{100 * report['plan_cache_hit_rate']:.1f} %, LLM calls/question {report['llm_calls_per_q']}")


if __name__ == "__main__":
    main()
