"""Open a knowledge graph from a spec string: 'demo', a file, a store directory or an endpoint URL."""

from __future__ import annotations

import hashlib
import re
import threading
import warnings
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse, urlsplit, urlunsplit

import pyoxigraph as ox

from cacherag.tools.errors import EmptyGraphError, StoreError
from cacherag.tools.kg import KnowledgeGraph
from cacherag.tools.oxigraph_backend import OxigraphKG

if TYPE_CHECKING:
    from rdflib import Graph

DEMO = "demo"
_registered: dict[str, KnowledgeGraph] = {}
_lock = threading.Lock()


def demo_path() -> Path:
    """The bundled demo movie graph (Turtle)."""
    return Path(str(resources.files("cacherag") / "data" / "demo_movies.ttl"))


def register_kg(name: str, kg: KnowledgeGraph) -> str:
    """Make an already-open graph reachable by ``name`` (the Python API passes objects this way)."""
    with _lock:
        _registered[name] = kg
    return name


def safe_name(text: str) -> str:
    """A filesystem- and collection-safe identifier derived from ``text``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_.-")[:60] or "kg"


def kg_name(spec: str) -> str:
    """Short name of a graph spec ('demo', a file's stem, an endpoint's host and path), for people and agents.

    It is no identity (two ``./store`` directories share it): memories use :func:`kg_domain`.
    """
    if spec in _registered or spec == DEMO:
        return spec
    if spec.startswith(("http://", "https://")):
        parsed = urlparse(spec)
        return safe_name(f"{parsed.hostname}{parsed.path}")
    path = Path(spec)
    return safe_name(path.name if path.is_dir() else path.stem)


def kg_domain(spec: str) -> str:
    """The graph's stable identity, the default memory domain: two graphs never share it by accident.

    'demo' for the bundled graph; the full endpoint URL (scheme, host, port — explicit even when it is the
    scheme's default — path and query); the resolved absolute path of a file or store directory; the
    registered name of a graph object (the Python API names objects by a fingerprint of their content).
    """
    if spec in _registered or spec == DEMO:
        return spec
    if spec.startswith(("http://", "https://")):
        url = urlsplit(spec)  # credentials (user:password@) are no part of the identity
        port = url.port or (443 if url.scheme == "https" else 80)
        host = f"[{url.hostname}]" if ":" in (url.hostname or "") else url.hostname
        return urlunsplit((url.scheme, f"{host}:{port}", url.path or "/", url.query, ""))
    return str(Path(spec).expanduser().resolve())


def fingerprint(kg: Graph | ox.Store) -> str:
    """A digest of an in-memory graph's content: the same triples give the same memory domain.

    Blank nodes count by their labels, so two parses of one file with blank nodes may differ.
    """
    digest = hashlib.sha256()
    if isinstance(kg, ox.Store):
        kind, lines = "oxigraph", sorted(str(quad) for quad in kg)
    else:
        kind, lines = "rdflib", sorted(f"{s.n3()} {p.n3()} {o.n3()}" for s, p, o in kg)
    for line in lines:
        digest.update(line.encode())
        digest.update(b"\n")
    return f"{kind}:sha256:{digest.hexdigest()[:16]}"


def open_kg(spec: str, backend: str = "auto", *, timeout_s: float = 10.0, max_rows: int = 10_000) -> KnowledgeGraph:
    """Open the graph ``spec`` names; raises :class:`StoreError` when there is nothing there."""
    if spec in _registered:
        return _registered[spec]
    options = {"timeout_s": timeout_s, "max_rows": max_rows}
    name = kg_name(spec)
    if spec.startswith(("http://", "https://")):
        from cacherag.tools.remote_backend import RemoteSparqlKG

        return RemoteSparqlKG(spec, name, **options)
    path = demo_path() if spec == DEMO else Path(spec).expanduser()
    if path.is_dir():
        return OxigraphKG.open(path, name, **options)
    if not path.is_file():
        raise StoreError(f"knowledge graph not found: {spec!r} is neither 'demo', a file, a store "
                         f"directory nor an http(s) endpoint")
    # Oxigraph parses every file, for the rdflib backend too: it never fetches a remote JSON-LD @context
    # nor resolves an XML entity, where rdflib's parsers would read the URL or the local file they name.
    from cacherag.tools.importers import load_into  # a file's reader: a store or an endpoint needs none

    store = ox.Store()
    fixes = load_into(store, path)
    if not len(store):
        raise EmptyGraphError(f"{path} holds no triples")
    if fixes:
        warnings.warn(f"cacherag: {len(fixes)} statement(s) of {path} the strict parser rejects were repaired or "
                      f"skipped, e.g. {fixes[0]} (`cacherag load` lists them)", RuntimeWarning, stacklevel=2)
    if backend == "rdflib":
        from rdflib import Graph

        from cacherag.tools.rdflib_backend import RdflibKG

        graph = Graph()
        graph.parse(data=store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph()), format="nt")
        return RdflibKG(graph, name, **options)
    return OxigraphKG(store, name, **options)
