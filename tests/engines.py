"""An engine over a small graph a test writes itself."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cacherag.api import CacheRAG


@contextlib.contextmanager
def engine_over(directory: Path, turtle: str, **context: Any) -> Iterator[CacheRAG]:
    """A CacheRAG over ``turtle`` (written to a file in ``directory``), with a memory of its own and learning off
    unless ``context`` says otherwise; closed after use."""
    graph = directory / "graph.ttl"
    graph.write_text(turtle)
    engine = CacheRAG(str(graph), memory_dir=str(directory / "memory"), **{"learn": False, **context})
    try:
        yield engine
    finally:
        engine.close()
