"""Importers: RDF files and pipe-separated ``subject|relation|object`` triples into an Oxigraph store."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol
from urllib.parse import quote

import pyoxigraph as ox

from cacherag.tools.errors import EmptyGraphError, StoreError
from cacherag.tools.terms import (
    DEFAULT_BASE,
    GENID,
    LABEL_PREDICATES,
    RDFS_LABEL,
    RDFS_MEMBER,
    humanize,
    iri,
    literal,
    name_words,
)

_MEMBER = "http://www.w3.org/1999/02/22-rdf-syntax-ns#_"  # a container's membership properties: rdf:_1, rdf:_2, …


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


# -- reading files: formats, gzip, repairs ------------------------------------------------------------------------
EXTRA_EXTENSIONS = {"owl": ox.RdfFormat.RDF_XML, "xml": ox.RdfFormat.RDF_XML, "json": ox.RdfFormat.JSON_LD}
LINE_FORMATS = frozenset({ox.RdfFormat.N_TRIPLES, ox.RdfFormat.N_QUADS})
TEXT_FORMATS = LINE_FORMATS | {ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG, ox.RdfFormat.N3}
RESUMABLE_FORMATS = LINE_FORMATS | {ox.RdfFormat.TURTLE}
MAX_FIXES_PER_STATEMENT = 3
WINDOW_LINES = 5000


class LoadProgress(Protocol):
    """What the importers report: one phase after another (its total, if known), then its progress."""

    def phase(self, description: str, total: int | None) -> None: ...

    def advance(self, amount: int) -> None: ...


@dataclass(frozen=True)
class Fix:
    """One statement the strict parser rejected, and what loading did about it."""

    source: str
    line: int
    action: Literal["repaired", "skipped", "lenient"]
    problem: str
    before: str
    after: str = ""

    def __str__(self) -> str:
        where = f"{Path(self.source).name}:{self.line}" if self.line else Path(self.source).name
        change = f" → {self.after!r}" if self.action == "repaired" else ""
        return f"{where}: {self.action} ({self.problem}): {self.before!r}{change}"


@dataclass
class Source:
    """One file read and checked: its RDF text (repaired unless strict), its format and the fixes made."""

    path: Path
    data: bytes
    format: ox.RdfFormat
    fixes: list[Fix] = field(default_factory=list)
    lenient: bool = False
    triples: int = 0
    named_blanks: bool = False  # whether a blank node has a name of its own (see :func:`skolemize_named`)
    numbered: bool = False  # whether a container numbers its members (see :func:`as_members`)


def _format_for(path: Path) -> ox.RdfFormat:
    """The RDF format a file name says; a ``.gz`` ending is looked through (``data.ttl.gz``)."""
    suffixes = [s.lstrip(".").lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == "gz":
        suffixes.pop()
    extension = suffixes[-1] if suffixes else ""
    fmt = (ox.RdfFormat.from_extension(extension) or EXTRA_EXTENSIONS.get(extension)) if extension else None
    if fmt is None:
        raise StoreError(f"cannot tell the RDF format of {path} from its extension (.ttl, .nt, .nq, .trig, .rdf, "
                         f".owl, .jsonld, any of them .gz) and it is no 'subject|relation|object' file")
    return fmt


def _is_pipe_text(path: Path, data: bytes) -> bool:
    """Pipe triples are plain text whose first non-empty line has exactly two '|' separators."""
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    if Path(name).suffix not in {".txt", ".psv", ""}:
        return False
    first = next((line for line in data.splitlines() if line.strip()), b"")
    return first.count(b"|") == 2


def _read_bytes(path: Path) -> bytes:
    if not path.is_file():
        raise StoreError(f"no such file: {path}")
    try:
        data = path.read_bytes()
        return gzip.decompress(data) if path.name.endswith(".gz") else data
    except (OSError, EOFError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
        raise StoreError(f"cannot read {path}: {exc}") from exc


class _Counting(io.RawIOBase):
    """A byte stream over ``data`` telling ``progress`` how much was read."""

    def __init__(self, data: bytes, progress: LoadProgress | None) -> None:
        self._data, self._pos, self._progress = memoryview(data), 0, progress

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = min(len(buffer), len(self._data) - self._pos)
        buffer[:n] = self._data[self._pos:self._pos + n]
        self._pos += n
        if self._progress and n:
            self._progress.advance(n)
        return n


def _unreadable(path: Path, exc: Exception) -> StoreError:
    """One line naming the file and what is wrong with it."""
    if isinstance(exc, StoreError) and str(path) in str(exc):
        return exc
    if isinstance(exc, UnicodeDecodeError):
        return StoreError(f"cannot load {path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                          f"{exc.start}); re-encode it as UTF-8")
    if isinstance(exc, MemoryError):  # Oxigraph's parser reads one statement at a time, into a bounded buffer
        return StoreError(f"cannot load {path}: a statement is too large to parse ({exc or 'out of memory'}); "
                          f"Oxigraph's parser reads at most 16 MiB at once, so split or shorten the largest literal")
    if "LoadDocumentCallback" in str(exc) or "remote context" in str(exc).lower():
        return StoreError(f"cannot load {path}: its JSON-LD names a remote @context, and cacherag fetches nothing "
                          "from the network; put the context in the file (for schema.org: "
                          '{"@vocab": "http://schema.org/"}) or convert the file to Turtle')
    return StoreError(f"cannot load {path}: {' '.join(str(exc).split())}")


# What a strict parser rejects in real dumps, and the smallest edit of the offending line that fixes it.
_LANG_TAG = re.compile(r"(?<=[\"'])@([A-Za-z0-9]+(?:-[A-Za-z0-9]*)*)")
_IRI = re.compile(r"<([^<>\"\n]*)>")
_ESCAPE = re.compile(r"\\\\|\\u[dD][89abAB][0-9A-Fa-f]{2}|\\u(?![0-9A-Fa-f]{4})|\\U(?![0-9A-Fa-f]{8})"
                     r"|\\[^tbnrf\"'\\uU]")
_IRI_FORBIDDEN = re.compile(r"[\x00-\x20<>\"{}|\\^`]")
_PREAMBLE = re.compile(r"\s*(@prefix|@base|prefix|base)\b", re.IGNORECASE)


def _language_tag(tag: str) -> str:
    """The well-formed head of a BCP 47 tag: 'zh-classical' -> 'zh'; '' when even the language is not.

    Kept: a 2-8 letter language, then subtags of 1-8 letters or digits up to the first longer one, minus
    trailing one-letter singletons (an extension or private-use marker needs a subtag after it).
    """
    parts = tag.split("-")
    if not re.fullmatch(r"[A-Za-z]{2,8}", parts[0]):
        return ""
    kept = [parts[0]]
    for part in parts[1:]:
        if not 1 <= len(part) <= 8:
            break
        kept.append(part)
    while len(kept[-1]) == 1:
        kept.pop()
    return "-".join(kept)


def _fix_language_tags(line: str) -> str:
    def fix(match: re.Match[str]) -> str:
        tag = _language_tag(match.group(1))
        return f"@{tag}" if tag else ""

    return _LANG_TAG.sub(fix, line)


def _fix_iris(line: str) -> str:
    return _IRI.sub(lambda m: "<" + _IRI_FORBIDDEN.sub(lambda c: quote(c.group(), safe=""), m.group(1)) + ">", line)


def _fix_escapes(line: str) -> str:
    def fix(match: re.Match[str]) -> str:
        text = match.group()
        if text == "\\\\":
            return text
        return "\\uFFFD" if text[1] == "u" and len(text) == 6 else "\\" + text

    return _ESCAPE.sub(fix, line)


def _repair(line: str, problem: str) -> str:
    """``line`` with the defect ``problem`` names repaired (unchanged when no repair is known for it)."""
    lowered = problem.lower()
    if "subtag" in lowered or "language tag" in lowered:
        return _fix_language_tags(line)
    if "iri" in lowered:
        return _fix_iris(line)
    if "escape" in lowered:
        return _fix_escapes(line)
    return line


def _problem(exc: SyntaxError) -> str:
    text = " ".join(str(exc).split())
    text = re.sub(r"^Parser error (?:at line \d+ (?:between columns \d+ and \d+|column \d+)"
                  r"|between line \d+ column \d+ and line \d+ column \d+): ", "", text)
    return re.sub(r" \(line \d+\)$", "", text)


def _statement_bounds(lines: list[str], at: int, fmt: ox.RdfFormat) -> tuple[int, int]:
    """First and last line of the statement around line ``at`` (a line format: the line itself)."""
    if fmt in LINE_FORMATS:
        return at, at
    start = at
    while start > 0 and not lines[start - 1].rstrip().endswith("."):
        start -= 1
    end = at
    while end < len(lines) - 1 and not lines[end].rstrip().endswith("."):
        end += 1
    return start, end


def _window_end(lines: list[str], start: int, size: int, fmt: ox.RdfFormat) -> int:
    """End (exclusive) of the block of about ``size`` lines parsed next: it closes at a statement's end."""
    if fmt not in RESUMABLE_FORMATS:
        return len(lines)
    end = min(start + size, len(lines))
    while fmt not in LINE_FORMATS and end < len(lines) and not lines[end - 1].rstrip().endswith("."):
        end += 1
    return end


def _clean_text(path: Path, text: str, fmt: ox.RdfFormat, base: str | None) -> tuple[str, list[Fix]]:
    """Parse ``text`` strictly; repair or skip each statement it rejects and parse on from that statement.

    Turtle and N-Triples/N-Quads are parsed in blocks of whole statements (each block after the prefixes
    declared before it), so a dump with many bad lines costs about one parse, not one per error; TriG and
    N3 are parsed whole each time.
    """
    lines = text.splitlines(keepends=True)
    numbers = list(range(1, len(lines) + 1))  # each line's number in the file, as lines get skipped
    fixes: list[Fix] = []
    attempts: dict[int, int] = {}
    preamble: list[str] = []
    start = scanned = 0
    size = WINDOW_LINES
    while start < len(lines):
        preamble += [line for line in lines[scanned:start] if _PREAMBLE.match(line)]
        scanned = start
        end = _window_end(lines, start, size, fmt)
        try:
            for _ in ox.parse("".join(preamble + lines[start:end]), fmt, base_iri=base):
                pass
            start, size = end, WINDOW_LINES
            continue
        except SyntaxError as exc:
            problem = _problem(exc)
            if end < len(lines) and "end of file" in problem.lower():  # the block cut a statement: widen it
                size *= 2
                continue
            at = min(start + (exc.lineno or 1) - 1 - len(preamble), end - 1)
            if at < start:
                raise
        before = lines[at]
        attempts[at] = attempts.get(at, 0) + 1
        after = _repair(before, problem) if attempts[at] <= MAX_FIXES_PER_STATEMENT else before
        first, last = _statement_bounds(lines, at, fmt)
        if after != before:
            lines[at] = after
            fixes.append(Fix(str(path), numbers[at], "repaired", problem, before.strip(), after.strip()))
        else:
            skipped = "".join(lines[first:last + 1])
            fixes.append(Fix(str(path), numbers[at], "skipped", problem, " ".join(skipped.split())[:200]))
            del lines[first:last + 1], numbers[first:last + 1]
            attempts.clear()
        if fmt in RESUMABLE_FORMATS:
            start = max(first, start)
    return "".join(lines), fixes


# schema.org's context, as web pages name it; its vocabulary is all most pages need of it
SCHEMA_ORG_CONTEXTS = frozenset(f"{scheme}://schema.org{end}" for scheme in ("http", "https")
                                for end in ("", "/", "/docs/jsonldcontext.jsonld", "/docs/jsonldcontext.json"))
SCHEMA_ORG_VOCABULARY = {"@vocab": "http://schema.org/"}


def _schema_org_inline(path: Path, data: bytes) -> tuple[bytes, list[Fix]]:
    """JSON-LD as web pages write it, ``"@context": "https://schema.org"``, with that remote context replaced by its
    vocabulary (cacherag fetches nothing): every term a schema.org property or class, as the real context makes
    it — values it would read as IRIs (``url``, ``sameAs``) stay text. Other JSON-LD is returned as it is."""
    if b"schema.org" not in data:  # (not read twice: the parser reads it next)
        return data, []
    try:
        document = json.loads(data)
    except ValueError:
        return data, []  # the parser says what is wrong with it

    def inlined(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: (_vocabulary(value) if key == "@context" else inlined(value)) for key, value in node.items()}
        return [inlined(item) for item in node] if isinstance(node, list) else node

    replaced = inlined(document)
    if replaced == document:
        return data, []
    return json.dumps(replaced).encode(), [Fix(str(path), 0, "repaired", "remote schema.org @context",
                                               "https://schema.org", json.dumps(SCHEMA_ORG_VOCABULARY))]


def _vocabulary(context: Any) -> Any:
    if isinstance(context, str) and context.rstrip() in SCHEMA_ORG_CONTEXTS:
        return SCHEMA_ORG_VOCABULARY
    return [_vocabulary(c) for c in context] if isinstance(context, list) else context


def read_source(path: str | Path, base: str = DEFAULT_BASE, *, strict: bool = False,
                progress: LoadProgress | None = None) -> Source:
    """Read and check one file: RDF in any format Oxigraph parses (gzipped or not), or ``s|p|o`` lines.

    What the strict parser rejects is repaired (an over-long language subtag, characters IRIs may not hold,
    a bad escape) or, when no repair is known, the statement is skipped; RDF/XML and JSON-LD fall back to
    Oxigraph's lenient mode. Every such change is a :class:`Fix` on the result. ``strict`` refuses instead:
    the first problem raises :class:`StoreError` naming the file, line and problem.
    """
    path = Path(path)
    data = _read_bytes(path)
    try:
        if _is_pipe_text(path, data):
            text = "".join(pipe_triples_to_ntriples(data.decode("utf-8").splitlines(), base))
            source = Source(path, text.encode(), ox.RdfFormat.N_TRIPLES)
        else:
            source = Source(path, data, _format_for(path))
            if source.format == ox.RdfFormat.JSON_LD:
                source.data, source.fixes = _schema_org_inline(path, data)
        if progress:
            progress.phase(f"checking {path.name}", len(source.data))
        try:
            _scan(source, ox.parse(_Counting(source.data, progress), source.format))
            return source
        except SyntaxError as exc:
            if strict:
                where = f"line {exc.lineno}: " if exc.lineno else ""
                raise StoreError(f"cannot load {path}: {where}{_problem(exc)} (drop --strict to repair or skip "
                                 f"what the parser rejects)") from exc
            if source.format in TEXT_FORMATS:
                text, source.fixes = _clean_text(path, source.data.decode("utf-8"), source.format, None)
                source.data = text.encode()
            else:
                source.lenient = True
                source.fixes = [Fix(str(path), exc.lineno or 0, "lenient", _problem(exc), "whole file")]
        _scan(source, ox.parse(source.data, source.format, lenient=source.lenient))
        if not source.triples and source.fixes:
            raise StoreError(f"cannot load {path}: no statement could be read ({source.fixes[0]})")
        return source
    except (SyntaxError, ValueError, OSError, StoreError, MemoryError) as exc:  # UnicodeDecodeError: a ValueError
        raise _unreadable(path, exc) from exc


def _scan(source: Source, triples: Iterable[ox.Triple | ox.Quad]) -> None:
    """Note in ``source`` how many statements it holds, whether one names a blank node (see
    :func:`skolemize_named`) and whether one numbers a container's member (see :func:`as_members`)."""
    count, named, numbered = 0, False, False
    for t in triples:
        count += 1
        named = named or (isinstance(t.subject, ox.BlankNode) and isinstance(t.object, ox.Literal)
                          and _names(t.predicate.value))
        numbered = numbered or t.predicate.value.startswith(_MEMBER) and t.predicate.value[len(_MEMBER):].isdigit()
    source.triples, source.named_blanks, source.numbered = count, named, numbered


def _names(predicate: str) -> bool:
    """Whether the predicate (IRI) gives a node its name: a label predicate, or a bare "name" or "title" (DOAP's
    ``doap:name``) — not a part or a kind of a name (UniProt's ``fullName`` on a node holding another's names)."""
    return predicate in LABEL_PREDICATES or name_words(predicate) == []


def as_members(store: ox.Store) -> None:
    """State each member of an RDF container (a Bag, Seq or Alt: ``rdf:_1``, ``rdf:_2``, …) by ``rdfs:member``, as
    RDFS entails (RDF 1.1 Semantics §9: every ``rdf:_n`` is a subproperty of it), in place of its number. Numbered,
    the members of the longest container are as many relations ("references 3": SP2Bench's lists of references);
    as members they are one. A Seq's order is what is lost."""
    store.update(f"DELETE {{ ?c ?n ?m }} INSERT {{ ?c {iri(RDFS_MEMBER)} ?m }} WHERE {{ ?c ?n ?m "
                 f"FILTER(STRSTARTS(STR(?n), '{_MEMBER}') && REGEX(STRAFTER(STR(?n), '{_MEMBER}'), '^[0-9]+$')) }}")


def skolemize_named(store: ox.Store, salt: str) -> int:
    """Give each blank node of ``store`` that has a name of its own an IRI (RDF 1.1 skolemization); how many.

    RDF/XML and JSON-LD describe things inside other things with no IRI of their own — DOAP's maintainers
    (``<maintainer><foaf:Person><foaf:name>…``) and releases, schema.org's nested authors: blank nodes. Named, they
    are things a question asks about or for, yet a query can name no blank node (SPARQL has no syntax for one), so
    they could be neither topics nor answers. Blank nodes without a name — OWL restrictions, lists, a repository's
    description — stay blank: structure to walk through. The IRIs are the same for the same file (``salt``, its
    digest, and each node's statements order them), so reloading it changes nothing."""
    blank = [row["b"] for row in store.query(
        "SELECT DISTINCT ?b ?p WHERE { ?b ?p ?o FILTER(isBlank(?b) && isLiteral(?o)) }") if _names(row["p"].value)]
    described = {b: sorted(f"{q.predicate} {q.object if not isinstance(q.object, ox.BlankNode) else '[]'}"
                           for q in store.quads_for_pattern(b, None, None)) for b in dict.fromkeys(blank)}
    minted = {b: ox.NamedNode(f"{GENID}{salt}/{n}")
              for n, b in enumerate(sorted(described, key=lambda b: described[b]))}

    def renamed(term: Any) -> Any:
        return minted.get(term, term) if isinstance(term, ox.BlankNode) else term

    for node in minted:
        for quad in [*store.quads_for_pattern(node, None, None), *store.quads_for_pattern(None, None, node)]:
            store.remove(quad)
            store.add(ox.Quad(renamed(quad.subject), quad.predicate, renamed(quad.object), quad.graph_name))
    return len(minted)


def _write(store: ox.Store, source: Source, progress: LoadProgress | None) -> None:
    """Bulk-load a checked source; named graphs of TriG/N-Quads go into the default graph the engine reads."""
    if progress:
        progress.phase(f"storing {source.path.name}", len(source.data))
    stream = _Counting(source.data, progress)
    try:
        if source.format.supports_datasets:
            store.bulk_extend(ox.Quad(q.subject, q.predicate, q.object)
                              for q in ox.parse(stream, source.format, lenient=source.lenient))
        else:
            store.bulk_load(stream, source.format, lenient=source.lenient)
        if source.numbered:
            as_members(store)
        if source.named_blanks:
            skolemize_named(store, hashlib.sha256(source.data).hexdigest()[:16])
    except (SyntaxError, ValueError, OSError, MemoryError) as exc:
        raise _unreadable(source.path, exc) from exc


def load_into(store: ox.Store, path: Path, base: str = DEFAULT_BASE) -> list[Fix]:
    """Load one file into ``store`` (repairing what it can, see :func:`read_source`); returns the fixes."""
    source = read_source(path, base)
    _write(store, source, None)
    return source.fixes


def is_store_dir(directory: Path) -> bool:
    """An Oxigraph (RocksDB) store directory has a ``CURRENT`` file naming its manifest."""
    return (directory / "CURRENT").is_file()


@dataclass
class LoadReport:
    """What ``import_to_store`` did: the store's size afterwards and every repair or skip, per file."""

    store: Path
    triples: int
    sources: list[Source]

    @property
    def fixes(self) -> list[Fix]:
        return [fix for source in self.sources for fix in source.fixes]


def import_to_store(paths: str | Path | Sequence[str | Path], store_dir: str | Path, base: str = DEFAULT_BASE,
                    *, strict: bool = False, progress: LoadProgress | None = None) -> LoadReport:
    """Create (or extend) a persistent Oxigraph store at ``store_dir`` from one or more files.

    Nothing is half written: every file is read and checked in full (see :func:`read_source`) before the
    store is touched, and a new store is built in a scratch directory beside ``store_dir`` and renamed
    into place only once loaded. Files with no triples, a ``store_dir`` that is a file, and a non-empty
    directory that is no store are refused with a :class:`StoreError`.
    """
    files = [Path(p) for p in ([paths] if isinstance(paths, str | Path) else paths)]
    directory = Path(store_dir)
    for source_path in files:  # check before creating anything on disk
        if not source_path.is_file():
            raise StoreError(f"no such file: {source_path}")
    if directory.exists() and not directory.is_dir():
        raise StoreError(f"{directory} is a file, not a store directory")
    extending = directory.is_dir() and any(directory.iterdir())
    if extending and not is_store_dir(directory):
        raise StoreError(f"{directory} is a non-empty directory but no Oxigraph store; give a new or empty one")
    sources = [read_source(p, base, strict=strict, progress=progress) for p in files]
    if not sum(s.triples for s in sources):
        raise EmptyGraphError(f"{', '.join(str(s.path) for s in sources)} holds no triples")
    if extending:
        size = _load_store(directory, sources, progress)
        _index_labels(directory, progress)
        return LoadReport(directory, size, sources)
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{directory.name}.loading-", dir=directory.parent))
    except OSError as exc:
        raise StoreError(f"cannot create {directory}: {exc}") from exc
    try:
        size = _load_store(scratch, sources, progress)
        _index_labels(scratch, progress)
        if directory.is_dir():
            directory.rmdir()  # the empty directory the caller named
        scratch.rename(directory)
        return LoadReport(directory, size, sources)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _load_store(directory: Path, sources: list[Source], progress: LoadProgress | None) -> int:
    try:
        store = ox.Store(str(directory))
    except (OSError, RuntimeError) as exc:  # RocksDB reports corruption as RuntimeError
        raise StoreError(f"cannot open {directory} as an Oxigraph store: {' '.join(str(exc).split())}") from exc
    try:
        for source in sources:
            _write(store, source, progress)
        if progress:
            progress.phase("indexing (Oxigraph flush and optimize)", None)
        store.flush()
        store.optimize()
        return len(store)
    finally:
        del store


def _index_labels(directory: Path, progress: LoadProgress | None) -> None:
    """The store's label index, so no question has to read every label into memory (see
    :func:`~cacherag.tools.label_index.build_store_index`); built once the store is closed."""
    from cacherag.tools.label_index import build_store_index
    from cacherag.tools.naming import named
    from cacherag.tools.oxigraph_backend import OxigraphKG

    if progress:
        progress.phase("indexing labels", None)
    kg = named(OxigraphKG.open(directory))
    try:
        build_store_index(kg, directory)
    finally:
        kg.close()
