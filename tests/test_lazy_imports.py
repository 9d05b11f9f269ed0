"""A shell command imports only what its path needs: the CLI alone pulls in no engine, a question no rdflib."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("langgraph", "chromadb", "rdflib", "langchain_core", "numpy")


def _loaded(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_cli_module_and_load_import_no_engine(tmp_path) -> None:
    assert _loaded("import cacherag.cli; cacherag.cli.build_parser()") == set()
    assert _loaded("import cacherag, cacherag.tools.importers") == set()
    # Loading a file into a store, its label index included, runs no engine either.
    load = (f"import contextlib, cacherag.cli\nfrom cacherag.tools.sources import demo_path\n"
            f"with contextlib.suppress(SystemExit):\n"
            f"    cacherag.cli.main(['load', str(demo_path()), '--store', {str(tmp_path / 'store')!r}])")
    assert _loaded(load) == set()
    assert (tmp_path / "store" / "cacherag-labels.sqlite").is_file()


def test_a_question_over_a_store_or_file_needs_no_rdflib() -> None:
    loaded = _loaded("from cacherag.api import CacheRAG\nCacheRAG('demo')")
    assert "langgraph" in loaded and "rdflib" not in loaded


def test_a_raw_query_loads_the_sparql_parser_before_its_worker_forks() -> None:
    # A forked worker inherits the parent's modules; one that had to build rdflib's grammar itself could
    # run out of the query's time on a busy machine.
    assert "rdflib" in _loaded("from cacherag.tools.sources import open_kg\nopen_kg('demo').query('ASK { ?s ?p ?o }')")


def test_an_offline_question_on_a_local_graph_imports_no_chat_model_cache_or_endpoint_code(tmp_path) -> None:
    own = ("cacherag.nodes.reasoners.llm", "cacherag.prompts", "cacherag.tools.cached_kg",
           "cacherag.tools.remote_backend", "cacherag.tools.label_index")
    probe = (f"from cacherag.api import CacheRAG\nrag = CacheRAG('demo', memory_dir={str(tmp_path)!r})\n"
             f"assert rag.ask('Who directed Alien?').status == 'answered'\nimport json, sys\n"
             f"print(json.dumps([m for m in {own!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
