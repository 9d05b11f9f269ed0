"""Questions a user would ask of a real-world-shaped graph, cold: a made-up space saga with labels in many
languages, alternative names, an ontology beside the data, facts behind role and award nodes, and a literal
a strict parser rejects (``tests/data/saga*.ttl``). Prints per-question outcomes, then correct / missing /
wrong and latency; ``--repeat`` asks every question twice (the second time from memory).

    python benchmarks/saga_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cacherag.api import CacheRAG

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "tests" / "data" / "saga.ttl", ROOT / "tests" / "data" / "saga_ontology.ttl"]


def questions() -> list[tuple[str, set[str]]]:
    rows = (line.split("\t") for line in (Path(__file__).parent / "saga_questions.tsv").read_text().splitlines()
            if line and not line.startswith("#"))
    return [(q, {a for a in gold.split("|") if a}) for q, gold in rows]


def open_graph(backend: str):  # noqa: ANN201 - an rdflib Graph or an Oxigraph store
    import pyoxigraph as ox
    from rdflib import Graph

    graph = Graph()
    for path in FILES:
        graph.parse(path)
    if backend == "rdflib":
        return graph
    store = ox.Store()
    for line in graph.serialize(format="nt").splitlines():
        try:  # what a strict parser rejects is skipped, as `cacherag load` does
            store.load(line.encode(), format=ox.RdfFormat.N_TRIPLES)
        except SyntaxError:
            continue
    return store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backend", choices=["oxigraph", "rdflib"], default="oxigraph")
    parser.add_argument("--repeat", action="store_true")
    args = parser.parse_args()
    rag = CacheRAG(open_graph(args.backend), memory_dir=tempfile.mkdtemp(), kg_backend=args.backend)
    asked = questions()
    for round_ in range(2 if args.repeat else 1):
        tally = {"correct": 0, "missing": 0, "wrong": 0}
        latencies = []
        for question, gold in asked:
            start = time.perf_counter()
            answer = rag.ask(question)
            latencies.append(time.perf_counter() - start)
            got = {a.label for a in answer.answers} if answer.status == "answered" else set()
            outcome = "missing" if not got else ("correct" if (got == gold if gold else False) else "wrong")
            if not gold and not got:
                outcome = "correct"
            tally[outcome] += 1
            shown = ", ".join(sorted(got))[:60] or (answer.reason or "")[:90]
            print(f"{outcome:8} {latencies[-1] * 1000:6.0f} ms  {question:55} {shown}")
        print(f"round {round_ + 1}: {tally}  answerable correct "
              f"{sum(1 for q, g in asked if g)} asked; latency p50 {statistics.median(latencies) * 1000:.0f} ms, "
              f"max {max(latencies) * 1000:.0f} ms")
    rag.close()


if __name__ == "__main__":
    main()
