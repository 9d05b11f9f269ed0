"""Write a large synthetic graph as N-Triples: MetaQA's knowledge base plus generated distractor entities.

The MetaQA part keeps the real questions answerable; the generated part (entities labelled with word
combinations drawn from MetaQA's own labels, linked by MetaQA's relations) scales the graph to the size a
remote endpoint has to serve. Deterministic for a given seed.

    python benchmarks/synthetic_graph.py /tmp/synthetic-5m.nt --triples 5000000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from cacherag.tools.importers import DEFAULT_BASE, mint_iri, pipe_triples_to_ntriples
from cacherag.tools.terms import RDFS_LABEL, iri, literal

METAQA_KB = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa" / "kb.txt"
EDGES_PER_ENTITY = 5


def write_graph(out: Path, triples: int, kb: Path = METAQA_KB, seed: int = 0) -> int:
    """Write about ``triples`` triples to ``out``; returns how many were written."""
    rng = random.Random(seed)
    label = iri(RDFS_LABEL)
    words: set[str] = set()
    relations: set[str] = set()
    written = 0
    with out.open("w", encoding="utf-8") as sink:
        with kb.open(encoding="utf-8") as lines:
            for line in pipe_triples_to_ntriples(lines):
                sink.write(line)
                written += 1
        for raw in kb.open(encoding="utf-8"):
            parts = raw.rstrip("\n").split("|")
            if len(parts) == 3:
                relations.add(parts[1].strip())
                words.update(w for w in parts[0].split() + parts[2].split() if w.isalpha())
        vocabulary = sorted(words)
        predicates = [iri(mint_iri(DEFAULT_BASE, "relation", r)) for r in sorted(relations)]
        entities = max(1, (triples - written) // (EDGES_PER_ENTITY + 1))
        for i in range(entities):
            node = iri(mint_iri(DEFAULT_BASE, "entity", f"synthetic-{i}"))
            text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 4)))
            sink.write(f"{node} {label} {literal(text)} .\n")
            for _ in range(EDGES_PER_ENTITY):
                other = iri(mint_iri(DEFAULT_BASE, "entity", f"synthetic-{rng.randrange(entities)}"))
                sink.write(f"{node} {rng.choice(predicates)} {other} .\n")
            written += EDGES_PER_ENTITY + 1
            if i % 100_000 == 0:
                print(f"\r{written:,} triples", end="", file=sys.stderr, flush=True)
    print(f"\r{written:,} triples written to {out}", file=sys.stderr)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--triples", type=int, default=5_000_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    write_graph(args.out, args.triples, seed=args.seed)


if __name__ == "__main__":
    main()
