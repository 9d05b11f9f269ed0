"""Questions a user would ask of a real-world-shaped graph, cold: a made-up space saga with labels in many
languages, alternative names, an ontology beside the data, facts behind role and award nodes, and a literal
a strict parser rejects (``tests/data/saga*.ttl``). Prints per-question outcomes, then correct / missing /
wrong and latency; ``--repeat`` then asks questions of the same patterns about other entities
(``saga_repeats.tsv``), answered from what the first round memorized; ``--passes N`` asks the questions N times over,
in order, on the one learning engine (every stand-in's runner takes it: a question asked again must not lose the
answer history found the first time).

    python benchmarks/saga_graph.py [--backend oxigraph|rdflib|endpoint] [--repeat] [--lower-case] [--passes N]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cacherag.api import CacheRAG

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "tests" / "data" / "saga.ttl", ROOT / "tests" / "data" / "saga_ontology.ttl"]


def written(out: Path, texts: dict[str, str]) -> list[Path]:
    """Each text written as the file of its name in ``out`` (made if need be); the files written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in texts]


def questions(name: str) -> list[tuple[str, set[str]]]:
    rows = (line.split("\t") for line in (Path(__file__).parent / name).read_text().splitlines()  # or a path
            if line and not line.startswith("#"))
    return [(q, {a for a in gold.split("|") if a}) for q, gold in rows]


def open_graph(backend: str, directory: Path, files: list[Path]) -> str:
    """The graph as a user opens it: ``cacherag load`` of data and ontology into a store (repairing the
    literal a strict parser refuses), or, for rdflib, one N-Triples file written from that store."""
    import pyoxigraph as ox

    from cacherag.cli import main as cacherag

    store = directory / "store"
    with contextlib.suppress(SystemExit):
        cacherag(["load", *map(str, files), "--store", str(store)])
    if backend == "oxigraph":
        return str(store)
    dump = directory / "graph.nt"
    ox.Store(str(store)).dump(output=str(dump), format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph())
    return str(dump)


def ask_rounds(rag: CacheRAG, rounds: list[tuple[str, list[tuple[str, set[str]]]]], lower: bool = False) -> None:
    """Ask each round's questions in order on one engine (``lower``: each in lower case, as many type them); print
    every outcome, then the round's figures, and how many a question asked in an earlier round too now does worse."""
    first: dict[str, str] = {}  # each question's outcome the first round it was asked
    rank = {"wrong": 0, "missing": 1, "correct": 2}
    for name, asked in rounds:
        outcomes, latencies = [], []
        for question, gold in asked:
            start = time.perf_counter()
            answer = rag.ask(question.lower() if lower else question)
            latencies.append(time.perf_counter() - start)
            got = {a.label for a in answer.answers} if answer.status == "answered" else set()
            # a list cut at Context.max_answers is right when every answer listed is and the total is the gold's
            whole = got == gold or (got < gold and answer.total == len(gold))
            outcomes.append(("correct" if whole else "wrong") if got else ("correct" if not gold else "missing"))
            shown = ", ".join(sorted(got))[:60] or (answer.reason or "")[:90]
            print(f"{outcomes[-1]:8} {latencies[-1] * 1000:6.0f} ms  {question:55} {shown}")
        answerable = [o for o, (_, gold) in zip(outcomes, asked, strict=True) if gold]
        unanswerable = [o for o, (_, gold) in zip(outcomes, asked, strict=True) if not gold]
        print(f"{name}: answerable {answerable.count('correct')}/{len(answerable)} correct, "
              f"{answerable.count('missing')} missing, {answerable.count('wrong')} wrong; "
              f"unanswerable {unanswerable.count('correct')}/{len(unanswerable)} missing; "
              f"latency p50 {statistics.median(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")
        worse = [q for (q, _), o in zip(asked, outcomes, strict=True) if q in first and rank[o] < rank[first[q]]]
        if any(q in first for q, _ in asked):
            print(f"{name}: {len(worse)} asked before and now worse" + "".join(f"\n  {q}" for q in worse))
        first |= {q: o for (q, _), o in zip(asked, outcomes, strict=True) if q not in first}


def run(description: str | None, files: Callable[[Path], list[Path]], name: str) -> None:
    """The benchmark's command line: open the graph ``files`` writes into a directory, as a user would, and ask
    ``<name>_questions.tsv`` cold (then ``<name>_repeats.tsv`` with ``--repeat``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--backend", choices=["oxigraph", "rdflib", "endpoint"], default="oxigraph",
                        help="endpoint: the store served by `oxigraph serve` and asked over HTTP, as a remote graph")
    parser.add_argument("--repeat", action="store_true")
    parser.add_argument("--questions", help=f"another question file in the same layout (default {name}_questions.tsv)")
    parser.add_argument("--lower-case", action="store_true", help="ask every question in lower case")
    parser.add_argument("--passes", type=int, default=1,
                        help="ask the questions this many times over, in order, on the one learning engine: what "
                             "history taught in one pass must not cost an answer in the next")
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp())
    asked = questions(args.questions or f"{name}_questions.tsv")
    rounds = [("cold", asked), *((f"pass {k}", asked) for k in range(2, args.passes + 1))]
    if args.repeat:
        rounds.append(("repeats", questions(f"{name}_repeats.tsv")))
    with contextlib.ExitStack() as stack:
        graph = open_graph("oxigraph" if args.backend == "endpoint" else args.backend, directory,
                           files(directory / "files"))
        if args.backend == "endpoint":
            from cacherag.evaluation.endpoint import slow_endpoint

            graph = stack.enter_context(slow_endpoint(Path(graph), delay_s=0.0)).url
        rag = CacheRAG(graph, memory_dir=str(directory / "memory"),
                       **({} if args.backend == "endpoint" else {"kg_backend": args.backend}))
        ask_rounds(rag, rounds, lower=args.lower_case)
        rag.close()


if __name__ == "__main__":
    run(__doc__, lambda _: FILES, "saga")
