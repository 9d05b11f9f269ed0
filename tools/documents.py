"""Documents for ingestion: find them, read them with LangChain document loaders, split them into chunks.

Plain text, Markdown and reStructuredText are read as UTF-8 text; HTML with BeautifulSoup (needs
``beautifulsoup4``) and PDF with ``pypdf`` when those parsers are installed — otherwise a
:class:`MissingParserError` names the package. Chunks come from
``langchain-text-splitters`` (Markdown-aware for Markdown), by character count with an overlap.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import Document
from langchain_text_splitters import Language, RecursiveCharacterTextSplitter

from cacherag.tools.errors import DocumentError, MissingParserError

TEXT_SUFFIXES = frozenset({".txt", ".text", ".md", ".markdown", ".rst"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
PARSER_PACKAGES = {".html": "beautifulsoup4", ".htm": "beautifulsoup4", ".pdf": "pypdf"}
SUFFIXES = TEXT_SUFFIXES | frozenset(PARSER_PACKAGES)


@dataclass(frozen=True)
class SourceDocument:
    """One file split into chunks; ``digest`` (SHA-256 of its bytes) tells a changed file from the same one."""

    path: Path
    digest: str
    chunks: list[str]


def document_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path]]:
    """The files to ingest under ``paths`` (folders recursively, hidden entries left out), and those skipped
    for an unsupported kind. A path that does not exist, or a file named explicitly whose kind is not
    supported, raises :class:`DocumentError`."""
    found: dict[Path, None] = {}
    skipped: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if not child.is_file() or any(part.startswith(".") for part in child.relative_to(path).parts):
                    continue
                if child.suffix.lower() in SUFFIXES:
                    found[child.resolve()] = None
                else:
                    skipped.append(child)
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise DocumentError(f"cannot ingest {path}: unsupported kind {path.suffix or '(no extension)'!r}; "
                                    f"supported: {', '.join(sorted(SUFFIXES))}")
            found[path.resolve()] = None
        else:
            raise DocumentError(f"no such file or folder: {path}")
    return list(found), skipped


class FileLoader(BaseLoader):
    """A LangChain document loader of one file; each kind reads it its own way. (These replace
    langchain-community's ``TextLoader``, ``BSHTMLLoader`` and ``PyPDFLoader``: that package is being sunset and
    warns on import; the parsing stays with the well-kept libraries.)"""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _document(self, text: str, **metadata: object) -> Document:
        return Document(page_content=text, metadata={"source": str(self.path), **metadata})


class TextFileLoader(FileLoader):
    """The file as UTF-8 text, one document."""

    def lazy_load(self) -> Iterator[Document]:
        yield self._document(self.path.read_text(encoding="utf-8"))


class HTMLFileLoader(FileLoader):
    """The text a reader sees on the page (BeautifulSoup leaves scripts and styles out); the title in the metadata."""

    def lazy_load(self) -> Iterator[Document]:
        from bs4 import BeautifulSoup

        soup = BeautifulSoup(self.path.read_text(encoding="utf-8"), "html.parser")
        yield self._document(soup.get_text(), title=soup.title.get_text() if soup.title else "")


class PDFFileLoader(FileLoader):
    """One document a page, by pypdf's text extraction."""

    def lazy_load(self) -> Iterator[Document]:
        from pypdf import PdfReader

        for number, page in enumerate(PdfReader(self.path).pages):
            yield self._document(page.extract_text(), page=number)


def _loader(path: Path) -> FileLoader:
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return TextFileLoader(path)
    return HTMLFileLoader(path) if suffix in {".html", ".htm"} else PDFFileLoader(path)


def load_text(path: Path) -> str:
    """The text of one document (the pages of a PDF joined by blank lines)."""
    try:
        pages = _loader(path).load()
    except ImportError as exc:  # the parser of HTML or PDF is imported when a file of its kind is read
        raise MissingParserError(f"reading {path.name} needs the {PARSER_PACKAGES.get(path.suffix.lower())} "
                                 f"package: pip install 'cacherag[documents]'") from exc
    except Exception as exc:  # noqa: BLE001 - parsers report decoding and parsing failures in many types
        cause = exc.__cause__ or exc
        if isinstance(cause, UnicodeDecodeError):
            raise DocumentError(f"cannot read {path}: not UTF-8 text (byte 0x{cause.object[cause.start]:02x} at "
                                f"offset {cause.start}); re-encode it as UTF-8") from exc
        raise DocumentError(f"cannot read {path}: {type(cause).__name__}: {' '.join(str(cause).split())}") from exc
    return "\n\n".join(page.page_content for page in pages)


def splitter(suffix: str, chunk_size: int, overlap: int) -> RecursiveCharacterTextSplitter:
    """Character-count chunking (ReMindRAG A.2's basic chunking); Markdown splits at headings first."""
    if suffix.lower() in MARKDOWN_SUFFIXES:
        return RecursiveCharacterTextSplitter.from_language(Language.MARKDOWN, chunk_size=chunk_size,
                                                            chunk_overlap=overlap)
    return RecursiveCharacterTextSplitter(chunk_size=chunk_size, chunk_overlap=overlap)


def read_document(path: Path, chunk_size: int = 1000, overlap: int = 100) -> SourceDocument:
    """``path`` read, hashed and split into chunks of at most ``chunk_size`` characters."""
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc}") from exc
    text = load_text(path)
    chunks = [c.strip() for c in splitter(path.suffix, chunk_size, overlap).split_text(text) if c.strip()]
    return SourceDocument(path, digest, chunks)
