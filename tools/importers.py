"""Importers: RDF files and pipe-separated ``subject|relation|object`` triples into an Oxigraph store."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

import pyoxigraph as ox

from cacherag.tools.errors import StoreError
from cacherag.tools.terms import RDFS_LABEL, humanize, iri, literal

DEFAULT_BASE = "http://cacherag.dev/kg/"
Progress = Callable[[int], None]


def mint_iri(base: str, kind: str, name: str) -> str:
    """A stable IRI for a plain name: ``{base}{kind}/{percent-encoded name}``."""
    return f"{base}{kind}/{quote(name.strip(), safe='')}"


def pipe_triples_to_ntriples(lines: Iterable[str], base: str = DEFAULT_BASE) -> Iterator[str]:
    """Translate ``s|p|o`` lines into N-Triples lines, labelling every minted entity and relation once.

    Subjects and objects with the same name are the same entity; relations get a humanized label
    ("directed_by" -> "directed by") so schema grounding can read them.
    """
    terms: dict[tuple[str, str], str] = {}
    label = iri(RDFS_LABEL)

    def node(kind: str, name: str, text: str) -> str:
        term = terms.get((kind, name))
        if term is None:
            term = terms[kind, name] = iri(mint_iri(base, kind, name))
            pending.append(f"{term} {label} {literal(text)} .\n")
        return term

    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        parts = line.split("|")
        if len(parts) != 3 or not all(p.strip() for p in parts):
            raise StoreError(f"line {number}: expected 'subject|relation|object', got {line[:80]!r}")
        s_name, p_name, o_name = (p.strip() for p in parts)
        pending: list[str] = []
        subject = node("entity", s_name, s_name)
        predicate = node("relation", p_name, humanize(p_name))
        obj = node("entity", o_name, o_name)
        yield from pending
        yield f"{subject} {predicate} {obj} .\n"


def _format_for(path: Path) -> ox.RdfFormat:
    fmt = ox.RdfFormat.from_extension(path.suffix.lstrip(".")) if path.suffix else None
    if fmt is None:
        raise StoreError(f"cannot tell the RDF format of {path} from its extension")
    return fmt


def is_pipe_file(path: Path) -> bool:
    """Pipe triples are plain text whose first non-empty line has exactly two '|' separators."""
    if path.suffix not in {".txt", ".psv", ""}:
        return False
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                return line.count("|") == 2
    return False


def _counted(lines: Iterable[str], progress: Progress | None, every: int = 1 << 20) -> Iterator[str]:
    """Pass lines through, reporting the bytes read to ``progress`` about every ``every`` bytes."""
    pending = 0
    for line in lines:
        pending += len(line.encode())
        if progress and pending >= every:
            progress(pending)
            pending = 0
        yield line
    if progress and pending:
        progress(pending)


def load_into(store: ox.Store, path: Path, base: str = DEFAULT_BASE, progress: Progress | None = None) -> None:
    """Bulk-load an RDF file or a pipe-triples file into ``store``; ``progress(n)`` gets source bytes read."""
    if not path.is_file():
        raise StoreError(f"no such file: {path}")
    if is_pipe_file(path):
        with path.open(encoding="utf-8") as handle:
            data = "".join(pipe_triples_to_ntriples(_counted(handle, progress), base)).encode()
        store.bulk_load(data, ox.RdfFormat.N_TRIPLES)
    else:
        store.bulk_load(path=str(path), format=_format_for(path))
        if progress:
            progress(path.stat().st_size)


def import_to_store(path: str | Path, store_dir: str | Path, base: str = DEFAULT_BASE,
                    progress: Progress | None = None) -> int:
    """Create (or extend) a persistent Oxigraph store at ``store_dir`` from ``path``; returns its size."""
    source, directory = Path(path), Path(store_dir)
    if not source.is_file():  # check before creating anything on disk
        raise StoreError(f"no such file: {source}")
    directory.mkdir(parents=True, exist_ok=True)
    try:
        store = ox.Store(str(directory))
    except (OSError, RuntimeError) as exc:  # RocksDB reports corruption as RuntimeError
        raise StoreError(f"cannot open {directory} as an Oxigraph store: {exc}") from exc
    try:
        load_into(store, source, base, progress)
        store.flush()
        return len(store)
    finally:
        del store


def safe_name(text: str) -> str:
    """A filesystem- and collection-safe identifier derived from ``text``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_.-")[:60] or "kg"
