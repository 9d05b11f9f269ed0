"""``cacherag ingest PATH… --store DIR``: build a graph from documents (ReMindRAG A.1–A.2).

Chunks become passages of the graph, chained in reading order; a chat model (``--model``) extracts entities
and relations; offline, chunks anchor to the entities of an existing graph whose labels they mention
(``--link-to``). Ask over the store with ``cacherag ask --kg DIR``: answers cite the chunks as evidence.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from cacherag.cli import add_embedding_arguments


def _extractor(args: argparse.Namespace) -> Any:
    from cacherag.tools.extraction import LabelExtractor, LLMExtractor
    from cacherag.tools.ingest import link_index
    from cacherag.tools.sources import open_kg

    index = None
    if args.link_to:
        kg = open_kg(args.link_to)
        try:
            index = link_index(kg.label_rows)
        finally:
            kg.close()
    if args.model != "offline":
        from cacherag.graphs.context import Context
        from cacherag.nodes.reasoners.llm import make_chat_model

        model = make_chat_model(args.model, args.base_url, Context.llm_timeout_s)
        return LLMExtractor(model, index, attempts=Context.llm_attempts)
    if index is None:
        print("cacherag: no --model and no --link-to: the store will hold the chunks and their chain, no "
              "entities", file=sys.stderr)
        return None
    return LabelExtractor(index)


def _ingest(args: argparse.Namespace) -> int:
    from cacherag.display import track
    from cacherag.memory.embeddings import make_embeddings
    from cacherag.tools.ingest import ingest

    start = time.perf_counter()
    # Embeddings merge entity names no graph labels (none offline, unless an earlier run used a model); a model
    # that cannot be used is refused before anything is read or written.
    embeddings = make_embeddings(args.embeddings, args.embeddings_base_url)
    extractor = _extractor(args)
    report = ingest(args.paths, args.store, extractor=extractor, chunk_size=args.chunk_size,
                    overlap=args.overlap, track=track, embeddings=embeddings)
    for path in report.skipped:
        print(f"skipped {path} (unsupported kind)", file=sys.stderr)
    cost = f"; {report.llm_calls} LLM calls, {report.tokens:,} tokens" if report.llm_calls else ""
    failed = f"; the model gave nothing usable for {report.failed_chunks} chunks" if report.failed_chunks else ""
    print(f"{len(report.added)} added, {len(report.replaced)} replaced, {len(report.unchanged)} unchanged; "
          f"{report.chunks} chunks read, {report.entities} entities, {report.relations} relations; "
          f"{report.triples:,} triples in {report.store} ({time.perf_counter() - start:.1f} s){cost}{failed}",
          file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("ingest", help="build a graph from documents (text, Markdown, HTML, PDF)")
    parser.add_argument("paths", nargs="+", type=Path, help="files or folders (read recursively)")
    parser.add_argument("--store", type=Path, required=True, help="store directory (created or updated)")
    parser.add_argument("--model", default="offline",
                        help="'offline' (default: link to --link-to's labels) or PROVIDER:MODEL to extract "
                             "entities and relations")
    parser.add_argument("--base-url", help="base URL of an OpenAI-compatible server")
    parser.add_argument("--link-to", metavar="KG",
                        help="an existing graph (store directory, RDF file, 'demo', …) whose entities chunks "
                             "anchor to")
    parser.add_argument("--chunk-size", type=int, default=1000, help="characters per chunk (default 1000)")
    parser.add_argument("--overlap", type=int, default=100, help="characters shared by neighbour chunks")
    add_embedding_arguments(parser)
    parser.set_defaults(run=_ingest)
