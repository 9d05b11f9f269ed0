"""Offline ingestion speed: a ~1 MB folder of text into a store, linked to an existing graph's labels.

Writes ``--files`` text files (``--megabytes`` in total) of generated prose naming entities of the graph
given by ``--link-to`` (the bundled demo graph by default; MetaQA's KB or any store works too), one of them
stating a fact found nowhere else. Then runs the real CLI, as a user would:

1. ``cacherag ingest DIR --store ST --link-to KG`` (cold: a new store);
2. the same again (every file unchanged);
3. again after one file changed (its chunks replaced);
4. ``cacherag ask "Which passages mention <entity>?" --kg ST --json``: the fact's chunk must be evidence.

    python benchmarks/ingest_speed.py [--megabytes 1] [--link-to demo]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cacherag.tools.sources import open_kg

CLI = str(Path(sys.executable).parent / "cacherag")
WORDS = ("the a of and to in was with that for on as by at from his her their this which after before during "
         "story season critics audience scene years later early production studio release version music city "
         "night letter journey family friends war summer house river road school team house small large old "
         "new young famous quiet long short bright dark strange simple second final first").split()
FACT = "The quiet harbour town of Velmora held a secret screening of {entity} in 1961."


def write_corpus(directory: Path, labels: list[str], megabytes: float, files: int, seed: int = 7) -> tuple[Path, str]:
    """Prose naming ``labels``; returns the file holding the one-off fact and the entity it is about (named
    nowhere else)."""
    rng = random.Random(seed)
    per_file = int(megabytes * 1_000_000 / files)
    entity = labels.pop(len(labels) // 2)
    fact_file = directory / f"doc{files // 2:04d}.txt"
    for n in range(files):
        paragraphs, size = [], 0
        if directory / f"doc{n:04d}.txt" == fact_file:
            paragraphs.append(FACT.format(entity=entity))
        while size < per_file:
            words = [rng.choice(WORDS) for _ in range(rng.randint(40, 90))]
            for _ in range(rng.randint(1, 3)):
                words.insert(rng.randrange(len(words)), rng.choice(labels))
            paragraph = " ".join(words).capitalize() + "."
            paragraphs.append(paragraph)
            size += len(paragraph) + 2
        (directory / f"doc{n:04d}.txt").write_text("\n\n".join(paragraphs), encoding="utf-8")
    return fact_file, entity


def run(argv: list[str], home: Path) -> tuple[float, str]:
    """Wall seconds and stdout of one cacherag process (its progress bars go to this terminal)."""
    start = time.perf_counter()
    done = subprocess.run([CLI, *argv], env={**os.environ, "CACHERAG_HOME": str(home)}, check=True,
                          stdout=subprocess.PIPE, text=True)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=float, default=1.0)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--link-to", default="demo", help="graph whose labels the documents mention")
    args = parser.parse_args()
    kg = open_kg(args.link_to)
    labels = sorted({label for _, label in kg.label_rows if len(label) > 3})[:2000]
    kg.close()
    with tempfile.TemporaryDirectory(prefix="ingest-bench-") as tmp:
        root, home = Path(tmp), Path(tmp) / "home"
        docs, store = root / "docs", root / "store"
        docs.mkdir()
        fact_file, entity = write_corpus(docs, labels, args.megabytes, args.files)
        size = sum(p.stat().st_size for p in docs.iterdir())
        ingest = ["ingest", str(docs), "--store", str(store), "--link-to", args.link_to]
        cold, _ = run(ingest, home)
        unchanged, _ = run(ingest, home)
        fact_file.write_text(fact_file.read_text(encoding="utf-8") + "\n\nOne more closing line.", encoding="utf-8")
        changed, _ = run(ingest, home)
        asked, out = run(["ask", f"Which passages mention {entity}?", "--kg", str(store), "--json"], home)
        answer = json.loads(out)
        cited = any(e["source"] == "passage" and FACT.format(entity=entity) in e["text"] for e in answer["evidence"])
    print(f"\n{size / 1e6:.2f} MB in {args.files} files, linked to {args.link_to} ({len(labels)} labels used)")
    print(f"ingest, new store      {cold:6.1f} s  (target ≤ 60 s)")
    print(f"ingest, all unchanged  {unchanged:6.1f} s")
    print(f"ingest, one changed    {changed:6.1f} s")
    print(f"ask                    {asked:6.1f} s  · the fact's chunk cited as evidence: {'yes' if cited else 'NO'}")


if __name__ == "__main__":
    main()
