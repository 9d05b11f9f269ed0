"""An engine over a small graph a test writes itself."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cacherag.api import CacheRAG


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
