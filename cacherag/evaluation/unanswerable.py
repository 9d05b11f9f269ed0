"""Questions a graph cannot answer: real entities of the graph, asked about relations it does not hold.

Truthfulness is measured on them: the only right answer is ``missing``. The asks are generic (who produced a
work, what it cost, where a person was born, whom they married, …) and are kept only for relations whose
words name no relation of the graph, so they are unanswerable on that graph by construction. The result is
written in MetaQA's layout (``kb.txt`` linked, not copied; ``1-hop/qa_<split>.txt`` with empty answers), so
``cacherag eval metaqa`` runs it like any other set.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from cacherag.evaluation.metaqa import KB
from cacherag.memory.text import terms

# (question template, words that would name the relation in a graph that had it). {e} is the entity.
# Compared stemmed: "rating" is asked only of a graph without a rating relation.
ABOUT_WORKS = [
    ("who produced {e}", "produc"), ("who was the producer of {e}", "produc"),
    ("what was the budget of {e}", "budget"), ("how much did {e} cost to make", "cost"),
    ("how long is the running time of {e}", "runtime running"), ("how many minutes does {e} last", "minut durat"),
    ("where was {e} filmed", "film location"), ("which studio made {e}", "studio"),
    ("how much money did {e} gross", "gross box office"), ("who composed the music of {e}", "compos music"),
    ("who was the cinematographer of {e}", "cinematograph"), ("who edited {e}", "edit"),
    ("what awards did {e} win", "award"), ("which company distributed {e}", "distribut"),
    ("what is the rating of {e}", "rating"), ("who owns the rights to {e}", "right own"),
    ("which publisher released {e}", "publish"), ("which studio released {e}", "studio"),
]
ABOUT_PEOPLE = [
    ("where was {e} born", "born birth"), ("what is the birthplace of {e}", "birthplac birth"),
    ("who is {e} married to", "marri spous"), ("who is the spouse of {e}", "spous"),
    ("when did {e} die", "die death"), ("how tall is {e}", "height tall"),
    ("what is the nationality of {e}", "nationality"), ("which school did {e} attend", "school educat"),
    ("who are the children of {e}", "child"), ("what is the religion of {e}", "religion"),
    ("how old is {e}", "age old"), ("what instrument does {e} play", "instrument"),
    ("which company did {e} work for", "company employ"), ("which publisher did {e} write for", "publish"),
    ("which studio did {e} make films for", "studio"), ("which agency represents {e}", "agency represent"),
]


def _relation_words(kb: KB) -> set[str]:
    relations = {p for edges in kb.out.values() for p in edges}
    return {t for relation in relations for t in terms(relation.replace("_", " "))}


def generate(kb: KB, n: int, seed: int = 0) -> list[str]:
    """``n`` unanswerable questions about entities of ``kb`` (works: subjects; people: objects shared by
    several subjects), skipping asks whose words name a relation ``kb`` has."""
    rng = random.Random(seed)
    named = _relation_words(kb)
    works = sorted(kb.out)
    objects = Counter({o: sum(len(s) for s in edges.values()) for o, edges in kb.inc.items()})
    people = sorted(o for o, c in objects.items() if c >= 2 and not o.isdigit() and o not in works)
    asks = [(t, works) for t, words in ABOUT_WORKS if not set(terms(words)) & named]
    asks += [(t, people) for t, words in ABOUT_PEOPLE if not set(terms(words)) & named]
    if not asks or not works:
        return []
    out: list[str] = []
    while len(out) < n:
        template, pool = asks[len(out) % len(asks)]
        if pool:
            out.append(template.format(e=f"[{rng.choice(pool)}]"))
    return out


def write(kb_path: Path, out_dir: Path, questions: Iterable[str], split: str = "dev") -> Path:
    """A MetaQA-layout directory of unanswerable 1-hop questions over the graph at ``kb_path``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    link = out_dir / "kb.txt"
    if not link.exists():
        link.symlink_to(kb_path.resolve())
    (out_dir / "1-hop").mkdir(exist_ok=True)
    (out_dir / "1-hop" / f"qa_{split}.txt").write_text("".join(f"{q}\t\n" for q in questions))
    return out_dir
