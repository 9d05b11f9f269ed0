"""The ``cacherag`` command: ask questions, load graphs into stores."""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import pkgutil
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from cacherag import commands as commands_package
from cacherag.tools.errors import CacheRAGError


def add_embedding_arguments(parser: argparse.ArgumentParser) -> None:
    """``--embeddings`` and ``--embeddings-base-url``: the commands that read or write memories take them."""
    parser.add_argument("--embeddings", default="offline",
                        help="embedding model: 'offline' (default, bundled) or PROVIDER:MODEL for init_embeddings "
                             "(each model keeps memories of its own)")
    parser.add_argument("--embeddings-base-url", help="base URL of an OpenAI-compatible server for --embeddings")


def embedding_options(args: argparse.Namespace) -> dict[str, object]:
    return {"embeddings": args.embeddings, **({"embeddings_base_url": args.embeddings_base_url}
                                              if args.embeddings_base_url else {})}


def _options(args: argparse.Namespace) -> dict[str, object]:
    options = {k: v for k, v in {
        "base_url": args.base_url, "memory_dir": args.memory_dir, "chroma_host": args.chroma_host,
        "k_depth": args.k_depth, "k_degree": args.k_degree, "kg_backend": args.kg_backend,
        "query_timeout_s": args.timeout, "domain": args.domain,
    }.items() if v is not None}
    if args.no_learn:
        options["learn"] = False
    return {**options, **embedding_options(args)}


def _ask_batch(args: argparse.Namespace) -> int:
    """``ask --batch FILE``: one question a line, answered in cache-aware order, printed in file order."""
    from cacherag.api import CacheRAG
    from cacherag.display import print_answer
    from cacherag.tools.errors import ConfigurationError

    if args.question is not None:
        raise ConfigurationError("give either a question or --batch FILE, not both")
    try:
        questions = [line.strip() for line in args.batch.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigurationError(f"cannot read the batch file {args.batch}: {exc}") from exc
    rag = CacheRAG(args.kg, model=args.model, **_options(args))
    try:
        answers = rag.batch(questions, reorder=not args.no_reorder, return_exceptions=True)
    finally:
        rag.close()
    for question, answer in zip(questions, answers, strict=True):
        if isinstance(answer, Exception):  # one failed question is reported in its place; the others still are
            _report_failure(answer, args.debug, question)
            if args.json:
                print(json.dumps({"question": question, "error": f"{type(answer).__name__}: {answer}"}))
        elif args.json:
            print(answer.shown().model_dump_json())
        else:
            print_answer(answer.shown())
    if any(isinstance(a, Exception) for a in answers):
        return 2
    return 0 if all(a.status == "answered" for a in answers) else 1


def _import_engine(whole_process: bool, engine: str) -> None:
    """Import the engine (module ``engine``: the pipeline run directly for one question, the LangGraph graph for a
    batch) with the cyclic garbage collector paused. When the command is the whole process (``main()`` run as the
    program), also freeze what the import built: its objects live until exit, yet the collector would scan them
    again and again and once more at exit (~0.2 s of CPU with LangGraph's ~190,000); frozen (``gc.freeze``), later
    collections skip them. Called from Python (``main(argv)``), nothing is frozen: the caller's process goes
    on, and a frozen object that later became cyclic garbage (a client holding a socket) would never be
    freed."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        import cacherag.api  # noqa: F401

        importlib.import_module(engine)
    finally:
        if whole_process:
            gc.freeze()
        if enabled:
            gc.enable()


def _ask(args: argparse.Namespace) -> int:
    _import_engine(args.whole_process, "cacherag.graphs.qa" if args.batch else "cacherag.graphs.direct")
    from cacherag.api import Answer, CacheRAG
    from cacherag.tools.errors import ConfigurationError

    if args.batch is not None:
        return _ask_batch(args)
    if args.question is None:
        raise ConfigurationError("give a question (or --batch FILE)")
    from cacherag.graphs import direct

    # A short-lived process: what the question learns is journaled rather than written to Chroma (whose import
    # alone takes longer than the answer); the next process that opens Chroma writes it there.
    rag = CacheRAG(args.kg, model=args.model, preload=False, journal_writes=True, **_options(args))
    try:
        if args.json:  # stdout carries the JSON answer and nothing else
            answer = Answer.from_state(direct.invoke({"question": args.question}, rag.context))
        else:
            from cacherag.display import LiveSteps

            # The steps go to stderr as they happen; the answer goes to stdout.
            with LiveSteps(k_depth=rag.context.k_depth) as steps:
                for mode, chunk in direct.stream({"question": args.question}, rag.context):
                    steps.feed(mode, chunk)
            answer = Answer.from_state(steps.state)
    except BaseException:
        rag.close()
        raise
    if args.json:
        print(answer.shown().model_dump_json(indent=2))
    else:
        from cacherag.display import print_answer

        print_answer(answer.shown())
    sys.stdout.flush()
    rag.close()  # the answer is out before what it taught is written (Chroma's import and writes, ~1 s)
    return 0 if answer.status == "answered" else 1


FIXES_SHOWN = 5
DESCRIPTION = "Answer questions over RDF knowledge graphs, load graphs into stores, inspect what was learned."
EXIT_CODES = """exit codes:
  0    done (ask: answered)
  1    ask: the graph has no answer (the reason is printed); memory clear: not confirmed
  2    an error (bad file or input, unknown store or domain, unreachable endpoint, timeout, …):
       one line with the error's type and message; --debug adds the traceback
  130  interrupted (Ctrl-C)"""


def _load(args: argparse.Namespace) -> int:
    from cacherag.display import LoadBars
    from cacherag.tools.importers import import_to_store
    from cacherag.tools.lexicon import lexicon

    start = time.perf_counter()
    with LoadBars() as bars:
        report = import_to_store(args.paths, args.store, base=args.base, strict=args.strict, progress=bars)
        bars.phase("preparing the word lexicon", None)  # once per machine
        lexicon().prepare()
    fixes = report.fixes
    if fixes:
        counts = Counter(fix.action for fix in fixes)
        print(f"cacherag: the strict parser rejected {len(fixes)} statement(s): "
              + ", ".join(f"{n} {action}" for action, n in sorted(counts.items()))
              + f" (--strict refuses instead); the first {min(len(fixes), FIXES_SHOWN)}:", file=sys.stderr)
        for fix in fixes[:FIXES_SHOWN]:
            print(f"  {fix}", file=sys.stderr)
    print(f"{report.triples:,} triples in {args.store} ({time.perf_counter() - start:.2f} s)", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    from cacherag.tools.terms import DEFAULT_BASE  # not importers: a question never loads a file

    parser = argparse.ArgumentParser(prog="cacherag", description=DESCRIPTION, epilog=EXIT_CODES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--debug", action="store_true", help="show the full traceback of an unexpected error")
    commands = parser.add_subparsers(dest="command", required=True)

    ask = commands.add_parser("ask", help="answer a question over a knowledge graph", epilog=EXIT_CODES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    ask.add_argument("question", nargs="?")
    ask.add_argument("--batch", type=Path, metavar="FILE",
                     help="answer every question of FILE (one a line) in cache-aware order; with --json one "
                          "JSON answer a line, in file order")
    ask.add_argument("--no-reorder", action="store_true", help="with --batch: answer in file order")
    ask.add_argument("--kg", default="demo",
                     help="'demo' (default), an RDF or s|p|o file, an Oxigraph store directory, or a SPARQL URL")
    ask.add_argument("--model", default="offline", help="'offline' (default) or PROVIDER:MODEL for init_chat_model")
    ask.add_argument("--base-url", help="base URL of an OpenAI-compatible server")
    add_embedding_arguments(ask)
    ask.add_argument("--memory-dir", help="where memories live (default ~/.cacherag/memory)")
    ask.add_argument("--chroma-host", help="use a Chroma server instead of a memory directory")
    ask.add_argument("--domain", help="memory domain to read and write plans in (default: the graph's identity, "
                                      "its resolved path or full endpoint URL; name one domain to share plans)")
    ask.add_argument("--kg-backend", choices=["auto", "oxigraph", "rdflib"])
    ask.add_argument("--k-depth", type=int, help="hop bound, 1-3 (default 3)")
    ask.add_argument("--k-degree", type=int, help="predicates kept by star scans (default 30)")
    ask.add_argument("--timeout", type=float, help="SPARQL timeout in seconds (default 10)")
    ask.add_argument("--no-learn", action="store_true", help="do not memorize this answer")
    ask.add_argument("--json", action="store_true",
                     help="print only the answer as JSON (each text cut at 10,000 characters, marked)")
    ask.set_defaults(run=_ask)

    load = commands.add_parser(
        "load", help="import RDF or s|p|o files into a persistent Oxigraph store",
        description="Import files into a persistent Oxigraph store: Turtle, N-Triples, N-Quads, TriG, N3, RDF/XML "
                    "(.rdf, .owl), JSON-LD, s|p|o lines (.txt), any of them gzipped (.gz). What the strict parser "
                    "rejects is repaired or skipped and listed; the store is written only once every file is read.")
    load.add_argument("paths", type=Path, nargs="+", metavar="FILE", help="files to load (data, ontology, …)")
    load.add_argument("--store", type=Path, required=True, help="store directory (created if missing)")
    load.add_argument("--base", default=DEFAULT_BASE, help="base IRI minted for s|p|o names")
    load.add_argument("--strict", action="store_true",
                      help="refuse a file the strict parser rejects instead of repairing or skipping statements")
    load.set_defaults(run=_load)

    # Further subcommands (eval, memory, …) live one per module in cacherag.commands.
    for module in pkgutil.iter_modules(commands_package.__path__):
        importlib.import_module(f"{commands_package.__name__}.{module.name}").register(commands)
    return parser


def _report_failure(exc: BaseException, debug: bool, question: str | None = None) -> None:
    """One line on stderr (the traceback too with ``--debug``; a failure not of cacherag's kinds is a bug to report)."""
    if debug:
        traceback.print_exception(exc)
    known = isinstance(exc, CacheRAGError)
    hint = "" if known or debug else " (run with --debug for the traceback)"
    where = f" ({question})" if question else ""
    print(f"cacherag: {type(exc).__name__}: {exc}{where}{hint}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> None:
    """Exit 0 answered, 1 no answer, 2 any error (one line; ``--debug`` adds the traceback), 130 interrupted.

    Without ``argv`` (the ``cacherag`` script, ``python -m cacherag.cli``) the command is the whole process."""
    args = build_parser().parse_args(argv)
    args.whole_process = argv is None
    try:
        code = args.run(args)
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # noqa: BLE001 - the command line reports every failure as one line
        _report_failure(exc, args.debug)
        code = 2
    if getattr(args, "json", False):
        sys.stdout.flush()
    raise SystemExit(code)


if __name__ == "__main__":
    main()
