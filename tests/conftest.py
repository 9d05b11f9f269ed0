"""Shared fixtures: isolated memory directories, small graphs written by the tests themselves."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cacherag.evaluation.endpoint import DelayingProxy, oxigraph_cli, slow_graph_endpoint
from cacherag.tools.sources import demo_path

# Nothing a test does may touch the user's ~/.cacherag.
# Removed when the test process ends, so test runs leave nothing in the temporary directory.
_SCRATCH = tempfile.TemporaryDirectory(prefix="cacherag-tests-", ignore_cleanup_errors=True)
os.environ.setdefault("CACHERAG_HOME", _SCRATCH.name)
# The servers tests start on loopback must never be reached through a proxy set in the environment.
for _variable in ("no_proxy", "NO_PROXY"):
    os.environ[_variable] = ",".join(filter(None, [os.environ.get(_variable), "127.0.0.1", "localhost"]))

METAQA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "metaqa"

CHAIN_TTL = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:p1 rdfs:label "first link" .  ex:p2 rdfs:label "second link" .
ex:p3 rdfs:label "third link" .  ex:p4 rdfs:label "fourth link" .
ex:a rdfs:label "Alpha" . ex:b rdfs:label "Bravo" . ex:c rdfs:label "Charlie" .
ex:d rdfs:label "Delta" . ex:e rdfs:label "Echo" .
ex:a ex:p1 ex:b . ex:b ex:p2 ex:c . ex:c ex:p3 ex:d . ex:d ex:p4 ex:e .
"""


@pytest.fixture
def memory_dir(tmp_path: Path) -> str:
    return str(tmp_path / "memory")


@pytest.fixture
def chain_ttl(tmp_path: Path) -> str:
    """A 4-link chain Alpha → Bravo → Charlie → Delta → Echo, each link a different predicate."""
    path = tmp_path / "chain.ttl"
    path.write_text(CHAIN_TTL)
    return str(path)


@pytest.fixture(scope="module")
def demo_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DelayingProxy]:
    """The demo graph served by a real ``oxigraph serve`` behind a 50 ms proxy (``.url``, ``.calls``)."""
    if oxigraph_cli() is None:
        pytest.skip("the `oxigraph` CLI is not installed (pip install oxigraph)")
    with slow_graph_endpoint(demo_path(), tmp_path_factory.mktemp("demo"), delay_s=0.05) as proxy:
        yield proxy
