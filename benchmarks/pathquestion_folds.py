"""Cut each PathQuestion subset's train split into a history fold and an evaluation fold, so that the engine can be
measured on questions development never analysed one by one, while the held-out test split stays unread.

The cut follows the dataset's own rule (README of ``pathquestion/``): groups of questions sharing topic and relation
path go whole to one side, so no evaluated question has a paraphrase in the history. ``--share`` of the groups
(seeded) are evaluated; the folds are written in the MetaQA layout ``cacherag eval metaqa`` reads, the graph linked,
not copied:

    python benchmarks/pathquestion_folds.py --data ../shared/data/pathquestion --out /tmp/pqx
    cacherag eval metaqa --data /tmp/pqx/pq-3h --hops 3 --split dev --history /tmp/pqx/pq-3h:train   # warm
    cacherag eval metaqa --data /tmp/pqx/pq-3h --hops 3 --split dev                                   # cold
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

SUBSETS = ("pq-2h", "pq-3h", "pql-2h", "pql-3h")


def write_folds(data: Path, out: Path, share: float = 0.2, seed: int = 1) -> dict[str, tuple[int, int]]:
    """Write ``out/<subset>`` for every subset; returns subset -> (history questions, evaluated questions)."""
    written = {}
    for subset in SUBSETS:
        hops = subset[-2]
        source = data / subset / f"{hops}-hop"
        gold = (source / "qa_train_gold.tsv").read_text(encoding="utf-8").splitlines()
        plain = (source / "qa_train.txt").read_text(encoding="utf-8").splitlines()
        if len(gold) != len(plain):
            raise SystemExit(f"{source}: qa_train.txt and qa_train_gold.tsv differ in length")
        groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
        for row, line in zip(gold, plain, strict=True):
            fields = row.split("\t")  # question, answers, topic, relation path, node path
            groups.setdefault((fields[2], fields[3]), []).append((row, line))
        keys = sorted(groups)
        random.Random(seed).shuffle(keys)
        cut = int(len(keys) * share)
        target = out / subset / f"{hops}-hop"
        target.mkdir(parents=True, exist_ok=True)
        graph = out / subset / "kb.txt"
        if not graph.exists():
            graph.symlink_to((data / subset / "kb.txt").resolve())
        sizes = []
        for split, chosen in (("train", keys[cut:]), ("dev", keys[:cut])):
            rows = [pair for key in chosen for pair in groups[key]]
            (target / f"qa_{split}_gold.tsv").write_text("".join(r + "\n" for r, _ in rows), encoding="utf-8")
            (target / f"qa_{split}.txt").write_text("".join(q + "\n" for _, q in rows), encoding="utf-8")
            sizes.append(len(rows))
        written[subset] = (sizes[0], sizes[1])
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the pathquestion folder (pq-2h, pq-3h, …)")
    parser.add_argument("--out", type=Path, required=True, help="where the folds are written")
    parser.add_argument("--share", type=float, default=0.2, help="share of the groups evaluated (default 0.2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for subset, (history, evaluated) in write_folds(args.data, args.out, args.share, args.seed).items():
        print(f"{subset}: {history} history questions, {evaluated} evaluated")


if __name__ == "__main__":
    main()
