"""``cacherag index KG``: build the persistent label index of a graph (a SPARQL endpoint) ahead of time.

Questions are answerable before the index is complete (spans are probed with bounded queries); a full index
adds normalized and fuzzy linking with no round trip. The crawl resumes where the last one stopped.
For an Oxigraph store directory it (re)builds the index ``cacherag load`` keeps inside the store: after
another tool wrote to the store, or for a store loaded by an older version.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any


def _index(args: argparse.Namespace) -> int:
    from cacherag.display import track
    from cacherag.graphs.context import Context
    from cacherag.tools.importers import is_store_dir
    from cacherag.tools.label_index import DiskLabelIndex, build_store_index, index_path
    from cacherag.tools.lexicon import lexicon
    from cacherag.tools.naming import named
    from cacherag.tools.sources import open_kg

    lexicon().prepare()  # what a first question would otherwise compile (as `cacherag load` does)
    if is_store_dir(Path(args.kg)):
        start = time.perf_counter()
        labels = build_store_index(named(open_kg(args.kg)), Path(args.kg))
        print(f"{labels:,} labels indexed in {args.kg} ({time.perf_counter() - start:.1f} s)", file=sys.stderr)
        return 0
    ctx = Context(kg=args.kg, label_index="disk", label_index_dir=args.index_dir, label_page=args.page,
                  query_timeout_s=args.timeout or Context.query_timeout_s)
    kg = open_kg(ctx.kg, timeout_s=ctx.query_timeout_s, max_rows=ctx.max_rows)
    start = time.perf_counter()
    index = DiskLabelIndex(kg, index_path(kg, ctx.label_index_dir), page=ctx.label_page, crawl=False)
    try:
        rows = sum(track(index.crawl(), f"indexing labels of {kg.name}", total=index.pages()))
        relations = len(index.predicate_labels)
    finally:
        index.close()
        kg.close()
    print(f"{rows:,} labels read, {relations} relations; index complete at {index.path} "
          f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("index", help="build a graph's persistent label index (SPARQL endpoints; "
                                                  "Oxigraph stores: rebuild the one `load` keeps in them)")
    parser.add_argument("kg", help="a SPARQL endpoint URL, an Oxigraph store directory (or any graph spec "
                                   "cacherag ask accepts)")
    parser.add_argument("--index-dir", help="where label indexes live (default $CACHERAG_HOME/labels)")
    parser.add_argument("--page", type=int, default=10_000, help="labels per query (default 10000)")
    parser.add_argument("--timeout", type=float, help="SPARQL timeout in seconds (default 10)")
    parser.set_defaults(run=_index)
