"""MetaQA (Zhang et al. 2018, AAAI; built on WikiMovies): its files, its topic brackets, its path types.

Everything MetaQA-specific lives in this module: the directory layout, the ``[topic]`` brackets, the
``qtype`` names of gold relation paths and their mapping onto ``kb.txt`` relations. The engine never sees
any of it; the harness hands it plain questions and compares the answers.

Layout of a data directory::

    kb.txt                              subject|relation|object
    {1,2,3}-hop/qa_<split>.txt          question<TAB>answer1|answer2|…   (topic entity in [brackets])
    {1,2,3}-hop/qa_<split>_qtype.txt    optional: the gold relation path type, line by line
    1-hop/ntm/qa_<split>.txt            1-hop questions paraphrased by a translation model
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cacherag.tools.errors import ConfigurationError, StoreError

HOPS = (1, 2, 3)
VARIANTS = ("vanilla", "ntm")
_BRACKET = re.compile(r"\[([^\[\]]+)\]")

# Entity type of a qtype segment -> the kb.txt relation linking a movie to it (movie is the hub type).
TYPE_RELATIONS = {
    "director": "directed_by",
    "writer": "written_by",
    "actor": "starred_actors",
    "year": "release_year",
    "language": "in_language",
    "genre": "has_genre",
    "tag": "has_tags",
    "tags": "has_tags",
    "imdbrating": "has_imdb_rating",
    "imdbvotes": "has_imdb_votes",
}


@dataclass(frozen=True)
class Question:
    """One MetaQA question: the raw line's parts plus what the harness derives from them."""

    hop: int
    index: int  # line number (0-based) in its file
    raw: str  # as in the file, with [brackets]
    answers: tuple[str, ...]
    topic: str | None  # the bracketed mention, None if the line has no brackets
    qtype: str | None = None

    @property
    def plain(self) -> str:
        """The question as a user would type it: brackets removed, nothing else changed."""
        return strip_brackets(self.raw)

    def text(self, bracket_hints: bool = False) -> str:
        return self.raw if bracket_hints else self.plain


@dataclass(frozen=True)
class Step:
    """One hop of a gold path: a kb.txt relation walked forwards (movie -> x) or backwards (x -> movie)."""

    relation: str
    inverse: bool


@dataclass
class Split:
    """The questions of one split, per hop."""

    name: str
    variant: str
    by_hop: dict[int, list[Question]] = field(default_factory=dict)

    def all(self) -> list[Question]:
        return [q for hop in sorted(self.by_hop) for q in self.by_hop[hop]]


def strip_brackets(text: str) -> str:
    """'what movies did [Tom Hanks] act in' -> 'what movies did Tom Hanks act in'."""
    return _BRACKET.sub(lambda m: m.group(1), text)


def topic_of(text: str) -> str | None:
    match = _BRACKET.search(text)
    return match.group(1).strip() if match else None


def parse_line(line: str, hop: int, index: int, qtype: str | None = None) -> Question:
    """A ``question<TAB>a1|a2|…`` line."""
    question, _, answers = line.rstrip("\n").partition("\t")
    golds = tuple(dict.fromkeys(a.strip() for a in answers.split("|") if a.strip()))
    return Question(hop=hop, index=index, raw=question.strip(), answers=golds, topic=topic_of(question),
                    qtype=qtype)


def qa_path(data_dir: Path, hop: int, split: str, variant: str = "vanilla") -> Path:
    if variant == "ntm":
        if hop != 1:
            raise ConfigurationError("MetaQA's paraphrased (ntm) questions exist for 1-hop only")
        return data_dir / "1-hop" / "ntm" / f"qa_{split}.txt"
    return data_dir / f"{hop}-hop" / f"qa_{split}.txt"


def qtype_path(data_dir: Path, hop: int, split: str) -> Path:
    return data_dir / f"{hop}-hop" / f"qa_{split}_qtype.txt"


def load_hop(data_dir: str | Path, hop: int, split: str, variant: str = "vanilla") -> list[Question]:
    """Questions of one hop and split; qtypes are attached when the qtype file is there and aligned.

    The paraphrased (ntm) file is line-aligned with the vanilla one, so it shares the vanilla qtypes.
    """
    data_dir = Path(data_dir)
    path = qa_path(data_dir, hop, split, variant)
    if not path.is_file():
        raise ConfigurationError(f"no MetaQA file {path}")
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    qtypes: list[str | None] = [None] * len(lines)
    qpath = qtype_path(data_dir, hop, split)
    if qpath.is_file():
        found = [t.strip() for t in qpath.read_text(encoding="utf-8").splitlines() if t.strip()]
        if len(found) == len(lines):
            qtypes = list(found)
    return [parse_line(line, hop, i, qtypes[i]) for i, line in enumerate(lines)]


def load_split(data_dir: str | Path, split: str, hops: Sequence[int] = HOPS, variant: str = "vanilla") -> Split:
    if variant not in VARIANTS:
        raise ConfigurationError(f"unknown MetaQA variant {variant!r} (choose from {', '.join(VARIANTS)})")
    return Split(split, variant, {hop: load_hop(data_dir, hop, split, variant) for hop in hops})


def qtype_steps(qtype: str) -> list[Step] | None:
    """Gold relation path of a qtype: 'actor_to_movie_to_director' -> [starred_actors⁻¹, directed_by].

    None when a segment is unknown (so the question counts as having no gold path).
    """
    kinds = qtype.split("_to_")
    steps: list[Step] = []
    for here, there in zip(kinds, kinds[1:], strict=False):
        if here == "movie" and there in TYPE_RELATIONS:
            steps.append(Step(TYPE_RELATIONS[there], False))
        elif there == "movie" and here in TYPE_RELATIONS:
            steps.append(Step(TYPE_RELATIONS[here], True))
        else:
            return None
    return steps or None


# -- the knowledge base as plain adjacency, for ceilings (independent of the engine) ------------------
class KB:
    """kb.txt as name-level adjacency: ``out[s][rel]`` and ``inc[o][rel]`` sets of names."""

    def __init__(self, triples: Iterable[tuple[str, str, str]]) -> None:
        self.out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.inc: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.size = 0
        for s, p, o in triples:
            self.out[s][p].add(o)
            self.inc[o][p].add(s)
            self.size += 1

    @classmethod
    def read(cls, path: str | Path) -> KB:
        def triples() -> Iterable[tuple[str, str, str]]:
            with Path(path).open(encoding="utf-8") as handle:
                for line in handle:
                    parts = line.rstrip("\n").split("|")
                    if len(parts) == 3 and all(p.strip() for p in parts):
                        yield parts[0].strip(), parts[1].strip(), parts[2].strip()

        return cls(triples())

    def __contains__(self, name: str) -> bool:
        return name in self.out or name in self.inc

    def step(self, node: str, step: Step) -> set[str]:
        table = self.inc if step.inverse else self.out
        row = table.get(node)
        return set(row.get(step.relation, ())) if row else set()

    def path_ends(self, topic: str, steps: Sequence[Step]) -> set[str]:
        """End nodes of the simple paths (no node visited twice) from ``topic`` along ``steps``."""
        ends: set[str] = set()

        def walk(node: str, depth: int, seen: frozenset[str]) -> None:
            if depth == len(steps):
                ends.add(node)
                return
            for nxt in self.step(node, steps[depth]):
                if nxt not in seen:
                    walk(nxt, depth + 1, seen | {nxt})

        if topic in self:
            walk(topic, 0, frozenset({topic}))
        return ends


# -- the persistent store the engine reads ---------------------------------------------------------------
def default_cache_dir() -> Path:
    return Path(os.environ.get("CACHERAG_EVAL_CACHE") or Path(tempfile.gettempdir()) / "cacherag-eval")


def store_for(kb_path: str | Path, cache_dir: str | Path | None = None) -> Path:
    """A persistent Oxigraph store of ``kb_path``, imported once and reused (keyed by path, size, mtime).

    The import goes to a scratch directory renamed into place, so concurrent runs never see half a store.
    """
    from cacherag.tools.importers import import_to_store

    kb = Path(kb_path).resolve()
    if not kb.is_file():
        raise StoreError(f"no knowledge base at {kb}")
    stat = kb.stat()
    key = hashlib.sha1(f"{kb}|{stat.st_size}|{stat.st_mtime_ns}".encode()).hexdigest()[:12]
    root = Path(cache_dir) if cache_dir else default_cache_dir()
    target = root / "stores" / f"{kb.parent.name or 'kb'}-{key}"
    if (target / ".complete").is_file():
        return target
    root.joinpath("stores").mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=root / "stores"))
    try:
        import_to_store(kb, scratch)
        (scratch / ".complete").write_text(str(kb))
        try:
            scratch.rename(target)
        except OSError:  # another run finished first
            if not (target / ".complete").is_file():
                raise
    finally:
        if scratch.exists():
            shutil.rmtree(scratch, ignore_errors=True)
    return target
