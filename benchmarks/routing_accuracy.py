"""Routing accuracy over a stream of questions on three graphs (CacheRAG A.7), with and without updates.

    python benchmarks/routing_accuracy.py [--data ../shared/data/metaqa] [--n 2000] [--plot docs/routing.png]

The graphs: MetaQA's kb.txt split in two — *people* (directed_by, written_by, starred_actors) and
*attributes* (release year, language, genre, tags, IMDb rating and votes) — and the bundled demo graph.
The stream (seeded shuffle): MetaQA dev questions (all hops) whose gold relation path (qtype) lies in one
half, whose gold graph is that half; and questions about the demo graph's own relations (born in, country
of origin, sequel of, written here from the demo's triples), whose gold graph is the demo. A routing is
correct when the graph chosen first is the gold graph, or when it answered with a gold answer (the demo
holds some MetaQA films too). With --learn every graph also memorizes plans online (in its own domain).
Printed: accuracy
over the first and last 500 questions and overall, for the router with description updates and without
(the ablation row).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from cacherag import CacheRAG
from cacherag.evaluation.metaqa import load_split, qtype_steps, store_for
from cacherag.evaluation.metrics import hits_at_1
from cacherag.graphs.context import Context
from cacherag.graphs.resources import close_all, view_for

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"
PEOPLE = {"directed_by", "written_by", "starred_actors"}
DEMO = "http://cacherag.dev/demo/"
# Questions about the demo graph's own relations: (predicate, inverse) -> wordings.
DEMO_WORDINGS = {
    ("bornIn", False): ["where was {x} born", "in which place was {x} born", "what is the birthplace of {x}"],
    ("bornIn", True): ["who was born in {x}", "which people were born in {x}"],
    ("country", False): ["which country is {x} from", "what is the country of origin of {x}"],
    ("country", True): ["which films come from {x}", "what movies were made in {x}"],
    ("sequelOf", False): ["what is {x} a sequel of", "which film is {x} the sequel of"],
    ("sequelOf", True): ["what is the sequel of {x}", "which film is a sequel to {x}"],
}


@dataclass(frozen=True)
class Item:
    question: str
    gold_graph: str
    answers: tuple[str, ...]


def split_kb(kb: Path, out: Path) -> dict[str, Path]:
    """kb.txt's lines by half: people-centred relations vs film attributes."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"people": out / "kb-people.txt", "attributes": out / "kb-attributes.txt"}
    if not all(p.is_file() for p in paths.values()):
        with kb.open(encoding="utf-8") as source, paths["people"].open("w") as people, \
                paths["attributes"].open("w") as attributes:
            for line in source:
                parts = line.split("|")
                if len(parts) == 3:
                    (people if parts[1].strip() in PEOPLE else attributes).write(line)
    return paths


def metaqa_items(data: Path, rng: random.Random, n: int) -> list[Item]:
    items = []
    for question in load_split(data, "dev").all():
        steps = qtype_steps(question.qtype) if question.qtype else None
        if not steps:
            continue
        halves = {"people" if s.relation in PEOPLE else "attributes" for s in steps}
        if len(halves) == 1:
            items.append(Item(question.plain, halves.pop(), question.answers))
    return rng.sample(items, min(n, len(items)))


def demo_items(rng: random.Random, n: int) -> list[Item]:
    view = view_for(Context(kg="demo"))
    found: dict[tuple[str, str], set[str]] = {}
    for (local, inverse), wordings in DEMO_WORDINGS.items():
        rows = view.kg.query(f"SELECT ?s ?o WHERE {{ ?s <{DEMO}{local}> ?o }}").rows
        for row in rows:
            start, end = (row["o"], row["s"]) if inverse else (row["s"], row["o"])
            for wording in wordings:
                found.setdefault((wording, view.label(start)), set()).add(view.label(end))
    items = [Item(wording.format(x=x), "demo", tuple(sorted(answers))) for (wording, x), answers in found.items()]
    return rng.sample(items, min(n, len(items)))


def run_stream(stream: list[Item], graphs: dict[str, str], *, updates: bool, label: str, learn: bool,
               log: Path | None = None) -> list[bool]:
    memory = tempfile.mkdtemp(prefix="cacherag-routing-")
    rag = CacheRAG(kgs=graphs, memory_dir=memory, route_updates=updates, learn=learn)
    rag.descriptions  # noqa: B018 - generate the descriptions (open the graphs) before the stream
    correct: list[bool] = []
    start = time.perf_counter()
    for i, item in enumerate(stream, 1):
        answer = rag.ask(item.question)
        chosen, answered_by = answer.trace["routed_to"], answer.trace["answered_by"]
        hit = hits_at_1([a.label for a in answer.answers], item.answers) > 0
        correct.append(chosen == item.gold_graph or (chosen == answered_by and hit))
        if log is not None:
            with log.open("a") as out:
                out.write(json.dumps({"question": item.question, "gold": item.gold_graph, "chosen": chosen,
                                      "answered_by": answered_by, "tried": answer.trace["tried"], "hit": hit,
                                      "correct": correct[-1], "updates": updates}) + "\n")
        if i % 250 == 0:
            print(f"  {label}: {i}/{len(stream)} questions, accuracy so far {100 * sum(correct) / i:.1f} %, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    print(f"  {label}: final descriptions {json.dumps(rag.descriptions, indent=1)[:1500]}")
    rag.close()
    close_all()
    return correct


def share(values: list[bool]) -> float:
    return 100 * sum(values) / len(values) if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--n", type=int, default=2000, help="questions in the stream (default 2000)")
    parser.add_argument("--demo-share", type=float, default=0.1, help="share of demo questions (default 0.1)")
    parser.add_argument("--window", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="PNG of rolling accuracy with and without updates")
    parser.add_argument("--log", type=Path, help="write one JSON line per routed question here")
    parser.add_argument("--learn", action="store_true", help="the graphs also learn plans online")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    halves = split_kb(args.data / "kb.txt", Path(tempfile.gettempdir()) / "cacherag-routing-kb")
    graphs = {name: str(store_for(path)) for name, path in halves.items()}
    graphs["demo"] = "demo"
    n_demo = int(args.n * args.demo_share)
    stream = metaqa_items(args.data, rng, args.n - n_demo) + demo_items(rng, n_demo)
    rng.shuffle(stream)
    golds = {g: sum(1 for item in stream if item.gold_graph == g) for g in graphs}
    print(f"stream: {len(stream)} questions, gold graphs {golds}")
    rows = {}
    for label, updates in (("with description updates", True), ("without updates (ablation)", False)):
        rows[label] = run_stream(stream, graphs, updates=updates, label=label, learn=args.learn, log=args.log)
    w = args.window
    print(f"\n| router | first {w} | last {w} | all {len(stream)} |\n|---|---:|---:|---:|")
    for label, correct in rows.items():
        print(f"| {label} | {share(correct[:w]):.1f} | {share(correct[-w:]):.1f} | {share(correct):.1f} |")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 3.5))
        for label, correct in rows.items():
            xs = list(range(w, len(correct) + 1))
            ax.plot(xs, [share(correct[x - w:x]) for x in xs], label=label)
        ax.set_xlabel("questions seen")
        ax.set_ylabel(f"routing accuracy, last {w} (%)")
        ax.set_title("Routing over people / attributes (MetaQA halves) / demo")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
