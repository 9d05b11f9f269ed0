"""Importers: RDF files and pipe-separated ``subject|relation|object`` triples into an Oxigraph store."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

import pyoxigraph as ox

from cacherag.tools.errors import EmptyGraphError, StoreError
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
        raise StoreError(f"cannot tell the RDF format of {path} from its extension (.ttl, .nt, .rdf, .jsonld, …) "
                         f"and it is no 'subject|relation|object' file")
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


def _unreadable(path: Path, exc: Exception) -> StoreError:
    """One line naming the file and what is wrong with it."""
    if isinstance(exc, StoreError) and str(path) in str(exc):
        return exc
    if isinstance(exc, UnicodeDecodeError):
        return StoreError(f"cannot load {path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                          f"{exc.start}); re-encode it as UTF-8")
    return StoreError(f"cannot load {path}: {' '.join(str(exc).split())}")


def _pipe_ntriples(path: Path, base: str, progress: Progress | None) -> bytes:
    with path.open(encoding="utf-8") as handle:
        return "".join(pipe_triples_to_ntriples(_counted(handle, progress), base)).encode()


def load_into(store: ox.Store, path: Path, base: str = DEFAULT_BASE, progress: Progress | None = None) -> None:
    """Bulk-load an RDF file or a pipe-triples file into ``store``; ``progress(n)`` gets source bytes read.

    Raises :class:`StoreError` (one line naming the file and the problem) when the file cannot be read.
    """
    if not path.is_file():
        raise StoreError(f"no such file: {path}")
    try:
        if is_pipe_file(path):
            store.bulk_load(_pipe_ntriples(path, base, progress), ox.RdfFormat.N_TRIPLES)
        else:
            store.bulk_load(path=str(path), format=_format_for(path))
            if progress:
                progress(path.stat().st_size)
    except (SyntaxError, ValueError, OSError, StoreError) as exc:  # UnicodeDecodeError is a ValueError
        raise _unreadable(path, exc) from exc


def count_triples(path: Path, base: str = DEFAULT_BASE) -> int:
    """Parse ``path`` without storing anything: the triples it would load (its problems raise StoreError)."""
    try:
        if is_pipe_file(path):
            return sum(1 for _ in ox.parse(_pipe_ntriples(path, base, None), ox.RdfFormat.N_TRIPLES))
        return sum(1 for _ in ox.parse(path=str(path), format=_format_for(path)))
    except (SyntaxError, ValueError, OSError, StoreError) as exc:
        raise _unreadable(path, exc) from exc


def is_store_dir(directory: Path) -> bool:
    """An Oxigraph (RocksDB) store directory has a ``CURRENT`` file naming its manifest."""
    return (directory / "CURRENT").is_file()


def import_to_store(path: str | Path, store_dir: str | Path, base: str = DEFAULT_BASE,
                    progress: Progress | None = None) -> int:
    """Create (or extend) a persistent Oxigraph store at ``store_dir`` from ``path``; returns its size.

    Nothing is half written: a new store is built in a scratch directory beside ``store_dir`` and renamed
    into place only once loaded, and a file meant to extend an existing store is parsed in full before
    the store is touched. A file with no triples, a ``store_dir`` that is a file, and a non-empty
    directory that is no store are refused with a :class:`StoreError`.
    """
    source, directory = Path(path), Path(store_dir)
    if not source.is_file():  # check before creating anything on disk
        raise StoreError(f"no such file: {source}")
    if directory.exists() and not directory.is_dir():
        raise StoreError(f"{directory} is a file, not a store directory")
    if directory.is_dir() and any(directory.iterdir()):
        if not is_store_dir(directory):
            raise StoreError(f"{directory} is a non-empty directory but no Oxigraph store; give a new or empty one")
        if not count_triples(source, base):
            raise EmptyGraphError(f"{source} holds no triples")
        return _load_store(directory, source, base, progress)
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{directory.name}.loading-", dir=directory.parent))
    except OSError as exc:
        raise StoreError(f"cannot create {directory}: {exc}") from exc
    try:
        size = _load_store(scratch, source, base, progress)
        if not size:
            raise EmptyGraphError(f"{source} holds no triples")
        if directory.is_dir():
            directory.rmdir()  # the empty directory the caller named
        scratch.rename(directory)
        return size
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _load_store(directory: Path, source: Path, base: str, progress: Progress | None) -> int:
    try:
        store = ox.Store(str(directory))
    except (OSError, RuntimeError) as exc:  # RocksDB reports corruption as RuntimeError
        raise StoreError(f"cannot open {directory} as an Oxigraph store: {' '.join(str(exc).split())}") from exc
    try:
        load_into(store, source, base, progress)
        store.flush()
        return len(store)
    finally:
        del store


def safe_name(text: str) -> str:
    """A filesystem- and collection-safe identifier derived from ``text``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_.-")[:60] or "kg"
