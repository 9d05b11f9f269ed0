"""``cacherag memory stats|show|clear``: inspect and clear what cacherag remembers.

    cacherag memory stats                     # plan counts per Domain → Aspect bucket
    cacherag memory stats --kg ./store        # the domain (identity) a graph's plans are kept under
    cacherag memory show                      # the remembered plans (most used first)
    cacherag memory show 3f2a9c               # one plan: its question, steps, SPARQL and answers
    cacherag memory clear --domain demo --yes # forget one domain's plans (or all, without --domain)
    cacherag memory repair                    # move a damaged memory directory aside (kept as a backup)

Every subcommand takes ``--memory-dir`` (default ``$CACHERAG_HOME/memory`` or ``~/.cacherag/memory``) or
``--chroma-host``/``--chroma-port`` for a Chroma server, and ``--json`` for machine-readable output.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cacherag.tools.errors import CacheRAGError


def register(subparsers: Any) -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--memory-dir", help="memory directory (default $CACHERAG_HOME/memory or ~/.cacherag/memory)")
    common.add_argument("--chroma-host", help="read the memories from a Chroma server instead")
    common.add_argument("--chroma-port", type=int, default=8000, help="port of the Chroma server (default 8000)")
    common.add_argument("--embeddings", default="offline",
                        help="the embedding model whose memories these are (default: the bundled one)")
    common.add_argument("--json", action="store_true", help="print JSON only")

    memory = subparsers.add_parser("memory", help="inspect and clear the memories (plans per bucket, …)")
    actions = memory.add_subparsers(dest="memory_command", required=True)

    stats = actions.add_parser("stats", parents=[common], help="entry counts per Domain → Aspect bucket")
    stats.add_argument("--kg", help="only the domain of this graph (a file, store directory or endpoint URL, "
                                    "as given to `ask --kg`): shows the identity its plans are kept under")
    stats.set_defaults(run=_stats)

    show = actions.add_parser("show", parents=[common], help="list remembered plans, or show one in full")
    show.add_argument("id", nargs="?", help="id (or unique id prefix) of one plan to show in full")
    show.add_argument("--domain", help="only this domain (knowledge graph name)")
    show.add_argument("--limit", type=int, default=20, help="plans listed (default 20, most used first)")
    show.set_defaults(run=_show)

    clear = actions.add_parser("clear", parents=[common], help="forget remembered plans")
    clear.add_argument("--domain", help="only this domain (default: everything)")
    clear.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    clear.set_defaults(run=_clear)

    repair = actions.add_parser("repair", parents=[common],
                                help="move a damaged memory directory aside, kept as a backup, to start afresh")
    repair.set_defaults(run=_repair)


def _location(args: argparse.Namespace) -> str:
    from cacherag.memory.store import DEFAULT_MEMORY_DIR

    if args.chroma_host:
        return f"chroma://{args.chroma_host}:{args.chroma_port}"
    return str(Path(args.memory_dir or DEFAULT_MEMORY_DIR).expanduser())


def _open(args: argparse.Namespace) -> Any | None:
    """The plan memory, or None when the memory directory does not exist (nothing remembered yet)."""
    from cacherag.memory.embeddings import collection_for
    from cacherag.memory.plan_memory import COLLECTION, PlanMemory

    if not args.chroma_host and not Path(_location(args)).is_dir():
        return None
    return PlanMemory(args.memory_dir, host=args.chroma_host, port=args.chroma_port,
                      collection=collection_for(COLLECTION, args.embeddings))


def _statements(args: argparse.Namespace) -> Any:
    from cacherag.memory.embeddings import collection_for
    from cacherag.memory.statements import COLLECTION, StatementMemory

    return StatementMemory(args.memory_dir, host=args.chroma_host, port=args.chroma_port,
                           collection=collection_for(COLLECTION, args.embeddings))


def _entry_json(entry: Any) -> dict[str, Any]:
    return {"id": entry.id, "question": entry.question, "domain": entry.domain, "aspect": entry.aspect,
            "topic": entry.topic, "steps": entry.steps, "sparql": entry.sparql, "answers": entry.answers,
            "hits": entry.hits, "created": entry.created, "last_used": entry.last_used}


def _stats(args: argparse.Namespace) -> int:
    memory = _open(args)
    stats = memory.stats() if memory is not None else {}
    domain = None
    if args.kg:
        from cacherag.tools.sources import kg_domain

        domain = kg_domain(args.kg)
        stats = {domain: stats.get(domain, {})}
    if args.json:
        total = sum(n for aspects in stats.values() for n in aspects.values())
        statements = len(_statements(args)) if memory is not None else 0
        print(json.dumps({"location": _location(args), "domain": domain,
                          "plans": {"total": total, "buckets": stats}, "statements": statements}, indent=2))
    else:
        from cacherag.display import print_memory_stats

        print_memory_stats(stats, _location(args))
        if domain is not None:
            print(f"{args.kg} keeps its plans under the domain {domain!r}")
    return 0


def _show(args: argparse.Namespace) -> int:
    from cacherag.display import print_plan_entries, print_plan_entry

    memory = _open(args)
    entries = memory.entries(args.domain) if memory is not None else []
    if args.id:
        matches = [e for e in entries if e.id.startswith(args.id)]
        if len(matches) != 1:
            problem = "no remembered plan has" if not matches else f"{len(matches)} plans share"
            raise CacheRAGError(f"{problem} the id {args.id!r} in {_location(args)}")
        if args.json:
            print(json.dumps(_entry_json(matches[0]), indent=2))
        else:
            print_plan_entry(matches[0])
        return 0
    shown = entries[: max(args.limit, 0)]
    if args.json:
        print(json.dumps([_entry_json(e) for e in shown], indent=2))
    elif not shown:
        print(f"no remembered plans in {_location(args)}")
    else:
        print_plan_entries(shown)
        if len(entries) > len(shown):
            print(f"… {len(entries) - len(shown)} more (--limit)")
    return 0


def _clear(args: argparse.Namespace) -> int:
    memory = _open(args)
    scope = f"domain {args.domain!r}" if args.domain else "every domain"
    known = memory.stats() if memory is not None else {}
    if args.domain and args.domain not in known:
        raise CacheRAGError(f"no domain {args.domain!r} in {_location(args)}; its domains: "
                            f"{', '.join(map(repr, known)) or 'none'} (`cacherag memory stats` lists them)")
    if memory is None:
        removed = 0
    else:
        if not args.yes:
            if not sys.stdin.isatty():
                print(f"cacherag: refusing to clear {scope} of {_location(args)} without --yes", file=sys.stderr)
                return 1
            from rich.prompt import Confirm

            if not Confirm.ask(f"Forget the remembered plans of {scope} in {_location(args)}?", default=False):
                return 1
        removed = memory.clear(args.domain)
        forgotten = _statements(args).clear(args.domain)  # what the plans taught about relation words goes too
    if args.json:
        print(json.dumps({"removed": removed, "statements_removed": forgotten if memory is not None else 0,
                          "domain": args.domain, "location": _location(args)}))
    else:
        print(f"removed {removed} plan(s) of {scope} from {_location(args)}")
    return 0


def _repair(args: argparse.Namespace) -> int:
    from cacherag.memory.store import set_aside

    if args.chroma_host:
        raise CacheRAGError("repair moves a memory directory aside; a Chroma server is repaired on the server")
    backup = set_aside(args.memory_dir)
    if args.json:
        print(json.dumps({"backup": str(backup), "location": _location(args)}))
    else:
        print(f"moved {_location(args)} to {backup}; the next run starts with an empty memory")
    return 0
