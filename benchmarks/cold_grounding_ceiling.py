"""How far the bundled embedding model could ground relation words with no history (a cold start).

    python benchmarks/cold_grounding_ceiling.py --data ../shared/data/pathquestion/pq-2h --hops 2

Cold, nothing tells the engine that "dad" names `parents`; the only offline signal is how near a word's
vector is to a relation label's. This measures that signal against what history teaches: the run's
history (the data's train split) is explained into a statement memory, whose single-word phrases that
name one relation ("dad" → parents) are the words a cold grounding would have to get right, and whose
words said in at least two remembered questions without naming any relation ("name", "made") are words it
must leave alone. Each word is embedded as a query, each relation label as a passage; a word is grounded to
its nearest label when that label leads the runner-up by more than a margin. The margin is set where at
most 5 % of the words naming nothing pass (the calibration the engine applies to learned vectors), raw
cosine and with hubness correction (CSLS, labels' mean similarity to their 10 nearest words subtracted).
Printed: the share of relation words grounded right and wrong at that margin.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np

from cacherag.evaluation.metaqa import HOPS, load_hop
from cacherag.evaluation.runner import DOMAIN, EvalConfig, run
from cacherag.memory.embeddings import default_embeddings
from cacherag.memory.statements import MIN_COUNT, StatementMemory
from cacherag.memory.text import FUNCTION_TERMS, terms
from cacherag.nodes.reasoners.grounding import relation_words

NULL_PASS = 0.05  # share of words naming nothing a cold grounding may let through
HUB_K = 10


def lexicon(memory_dir: Path) -> tuple[dict[str, str], list[str], list[str]]:
    """(relation word -> its label, words naming nothing, relation labels) as history taught them."""
    statements = StatementMemory(memory_dir)
    known = statements._domains[DOMAIN]
    labels = sorted(set(known.labels.values()))
    literal = relation_words(tuple(labels))
    named: dict[str, str] = {}
    for statement in known.statements.values():
        word = statement.phrase
        if " " in word or word in literal or statement.count < MIN_COUNT:
            continue
        found = known.names(word)
        if found is not None and found[0] == statement.predicate:
            named[statement.text.lower()] = found[2]
    return named, labels, sorted(known.word_total)


def history_words(data: Path, hops: tuple[int, ...]) -> Counter[str]:
    """Surface words of the history questions, by how many questions say them."""
    said: Counter[str] = Counter()
    for hop in hops:
        for question in load_hop(data, hop, "train"):
            said.update(set(re.findall(r"[a-z]+", question.text(False).lower())))
    return said


def margins(words: list[str], label_vectors: np.ndarray, hub: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    vectors = np.asarray([default_embeddings().embed_query(w) for w in words])
    scores = vectors @ label_vectors.T
    if hub is not None:
        scores = 2 * scores - hub[None, :]
    ranked = np.sort(scores, axis=1)
    return np.argmax(scores, axis=1), ranked[:, -1] - ranked[:, -2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="a directory in MetaQA's layout with a train split")
    parser.add_argument("--hops", default="2", help="comma-separated hops of the history")
    args = parser.parse_args()
    hops = tuple(int(h) for h in args.hops.split(",")) if args.hops else HOPS
    with tempfile.TemporaryDirectory() as tmp:
        memory_dir = Path(tmp) / "memory"
        run(EvalConfig(data=args.data, split="dev", hops=hops, limit=1, history=f"{args.data}:train",
                       memory_dir=memory_dir), progress=False)
        named, labels, credited = lexicon(memory_dir)
    said = history_words(args.data, hops)
    literal = relation_words(tuple(labels))
    nothing = [w for w, n in said.items() if n >= MIN_COUNT and len(w) > 2 and w not in named
               and not {*terms(w)} & (FUNCTION_TERMS | literal | set(credited))]
    words = sorted(named)
    label_vectors = np.asarray(default_embeddings().embed_documents(labels))
    null_vectors = np.asarray([default_embeddings().embed_query(w) for w in nothing])
    print(f"{len(labels)} relation labels · {len(words)} relation words history taught · "
          f"{len(nothing)} words said without naming a relation")
    for name, hub in (("cosine", None), ("CSLS", np.sort(null_vectors @ label_vectors.T, axis=0)[-HUB_K:].mean(0))):
        _, null_margin = margins(nothing, label_vectors, hub)
        bound = float(np.quantile(null_margin, 1 - NULL_PASS))
        best, margin = margins(words, label_vectors, hub)
        right = sum(1 for w, b, m in zip(words, best, margin, strict=True) if m > bound and labels[b] == named[w])
        wrong = sum(1 for w, b, m in zip(words, best, margin, strict=True) if m > bound and labels[b] != named[w])
        top = sum(1 for w, b in zip(words, best, strict=True) if labels[b] == named[w])
        print(f"{name:6s}: nearest label right for {100 * top / len(words):5.1f} % of relation words; at the margin "
              f"{bound:.4f} that lets {100 * NULL_PASS:.0f} % of the others through, grounded right "
              f"{100 * right / len(words):5.1f} %, wrong {100 * wrong / len(words):5.1f} %")


if __name__ == "__main__":
    main()
