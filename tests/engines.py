"""An engine over a small graph a test writes itself."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cacherag.api import CacheRAG
from cacherag.graphs.resources import close_all


@contextlib.contextmanager
def engine_over(directory: Path, turtle: str, name: str = "graph.ttl", **context: Any) -> Iterator[CacheRAG]:
    """A CacheRAG over ``turtle`` (written to the file ``name`` in ``directory``, whose extension says its format:
    "pages.jsonld" for JSON-LD), with a memory of its own and learning off unless ``context`` says otherwise; closed
    after use."""
    graph = directory / name
    graph.write_text(turtle)
    engine = CacheRAG(str(graph), memory_dir=str(directory / "memory"), **{"learn": False, **context})
    try:
        yield engine
    finally:
        engine.close()


def module_engine(factory: pytest.TempPathFactory, directory: str, text: str, **graph: Any) -> Iterator[CacheRAG]:
    """A module fixture's engine over ``text`` (see :func:`engine_over`: ``name="pages.rdf"`` for RDF/XML), the
    shared resources closed after it."""
    with engine_over(factory.mktemp(directory), text, **graph) as engine:
        yield engine
    close_all()


def answered(rag: CacheRAG, question: str) -> set[str]:
    """The labels of the answers to ``question``; none when it ends `missing`."""
    answer = rag.ask(question)
    return {a.label for a in answer.answers} if answer.status == "answered" else set()
