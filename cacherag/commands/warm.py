"""``cacherag warm --autogen N``: a label-free warm start for a new graph (CacheRAG §4.4).

    cacherag warm --autogen 2000 --kg ./store                  # offline, from predicate labels
    cacherag warm --autogen 200 --kg movies.ttl --model openai:gpt-4o-mini   # the paper's LLM prompt

Entities and their 1–3-hop relation paths are sampled, questions are written about them, and only the
questions whose compiled plan executes, answers and is grounded in the question's words are memorized.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cacherag.cli import add_embedding_arguments, embedding_options
from cacherag.commands.eval import _positive


def register(subparsers: Any) -> None:
    warm = subparsers.add_parser("warm", help="pre-warm the plan memory with generated questions (no labels)")
    warm.add_argument("--autogen", type=_positive, required=True, metavar="N", help="questions to keep")
    warm.add_argument("--kg", default="demo", help="'demo', an RDF or s|p|o file, a store directory, a SPARQL URL")
    warm.add_argument("--model", default="offline", help="'offline' (label wording) or PROVIDER:MODEL")
    warm.add_argument("--base-url", help="base URL of an OpenAI-compatible server for --model")
    add_embedding_arguments(warm)
    warm.add_argument("--memory-dir", help="memory directory (default $CACHERAG_HOME/memory or ~/.cacherag/memory)")
    warm.add_argument("--chroma-host", help="write to a Chroma server instead")
    warm.add_argument("--domain", help="cache domain (default: the graph's name)")
    warm.add_argument("--k-depth", type=int, help="longest generated path, 1-3 (default 3)")
    warm.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    warm.add_argument("--json", action="store_true", help="print the report as JSON only")
    warm.set_defaults(run=_warm)


def _warm(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cacherag.api import CacheRAG
    from cacherag.graphs.resources import resources
    from cacherag.memory.autogen import LabelSynthesizer, LLMSynthesizer, autogenerate

    options = {k: v for k, v in {"base_url": args.base_url, "memory_dir": args.memory_dir,
                                 "chroma_host": args.chroma_host, "domain": args.domain,
                                 "k_depth": args.k_depth}.items() if v is not None}
    rag = CacheRAG(args.kg, model=args.model, **options, **embedding_options(args))
    try:
        res = resources(rag.context)
        synthesizer = LabelSynthesizer() if args.model == "offline" else LLMSynthesizer(res.reasoner)
        columns = (TextColumn("generating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=args.json) as progress:
            task = progress.add_task("autogen", total=args.autogen)
            report = autogenerate(res.view, res.memory, res.domain, args.autogen, synthesizer=synthesizer,
                                  seed=args.seed, max_hops=rag.context.k_depth, statements=res.statements,
                                  progress=lambda n: progress.update(task, advance=n))
    finally:
        rag.close()
    summary = {"kg": args.kg, "domain": res.domain, **report.as_dict()}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"kept {report.kept:,} of {report.synthesized:,} generated questions "
              f"({', '.join(f'{h}-hop {n}' for h, n in sorted(report.by_hops.items()))}); "
              f"{report.added:,} new plans in domain {res.domain!r} ({report.seconds:.1f} s)")
    if report.kept < report.requested:
        print(f"cacherag: only {report.kept} of {report.requested} questions passed the filter", file=sys.stderr)
    return 0 if report.kept else 1
