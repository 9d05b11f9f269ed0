"""``cacherag eval metaqa``: accuracy, cost and latency on MetaQA, warm or cold, with the paper's ablations."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cacherag.cli import add_embedding_arguments
from cacherag.tools.errors import ConfigurationError


def _hops(text: str) -> tuple[int, ...]:
    try:
        hops = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--hops expects e.g. 1,2,3, got {text!r}") from None
    if not hops or any(h not in (1, 2, 3) for h in hops):
        raise argparse.ArgumentTypeError(f"--hops must be among 1,2,3, got {text!r}")
    return hops


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="offline", help="'offline' (default) or PROVIDER:MODEL")
    parser.add_argument("--base-url", help="base URL of an OpenAI-compatible server for --model")


def register(subparsers: Any) -> None:
    from cacherag.evaluation.ablations import ABLATIONS

    parser = subparsers.add_parser("eval", help="evaluate on a benchmark (MetaQA)")
    benchmarks = parser.add_subparsers(dest="benchmark", required=True)
    metaqa = benchmarks.add_parser(
        "metaqa", help="MetaQA 1/2/3-hop: Hits@1, F1, ceilings, latency, LLM calls, cache hits",
        description="Evaluate on MetaQA (Zhang et al. 2018). DIR has MetaQA's layout: kb.txt, "
                    "{1,2,3}-hop/qa_<split>.txt, optional {k}-hop/qa_<split>_qtype.txt, 1-hop/ntm/qa_<split>.txt.")
    metaqa.add_argument("--data", type=Path, required=True, help="MetaQA directory")
    metaqa.add_argument("--split", required=True, help="split to evaluate (dev, test, …)")
    metaqa.add_argument("--hops", type=_hops, default=(1, 2, 3), help="comma-separated hops (default 1,2,3)")
    metaqa.add_argument("--variant", choices=["vanilla", "ntm"], default="vanilla",
                        help="vanilla wording, or ntm paraphrases (1-hop only)")
    metaqa.add_argument("--limit", type=_positive, help="first N questions of each hop after a seeded shuffle")
    metaqa.add_argument("--history", default="none",
                        help="DIR:SPLIT — warm the plan memory from that split's QA pairs first (the first half "
                             "only, when it is the evaluated split, which is then evaluated on its second half); "
                             "'none' (default) starts cold")
    metaqa.add_argument("--history-hops", type=_hops,
                        help="warm from these hops' pairs only, e.g. 1 (default: the evaluated hops); a hop not "
                             "evaluated gives its whole split")
    metaqa.add_argument("--history-order", choices=["shuffled", "file"], default="shuffled",
                        help="when the history is the evaluated split: halve it after a seeded shuffle (default) "
                             "or in file order (MetaQA files are grouped by question type)")
    metaqa.add_argument("--online-learning", action="store_true",
                        help="memorize what the dispatcher judges complete while answering the stream")
    _model_options(metaqa)
    add_embedding_arguments(metaqa)
    metaqa.add_argument("--ablation", choices=sorted(ABLATIONS), help="remove one component (paper Table 3)")
    metaqa.add_argument("--bracket-hints", action="store_true",
                        help="give questions with their [topic] brackets (default: brackets removed)")
    metaqa.add_argument("--out", type=Path, help="write the JSON report here")
    metaqa.add_argument("--predictions", type=Path, help="write one JSON line per evaluated question here")
    metaqa.add_argument("--plot", type=Path, help="PNG of rolling Hits@1 over questions seen, one line per hop")
    metaqa.add_argument("--seed", type=int, default=0, help="seed of the shuffles (default 0)")
    metaqa.add_argument("--store-cache", type=Path,
                        help="where imported stores are cached (default $CACHERAG_EVAL_CACHE or $TMPDIR/cacherag-eval)")
    metaqa.add_argument("--memory-dir", type=Path, help="keep the run's plan memory here (default: temporary)")
    metaqa.add_argument("--window", type=_positive, default=500,
                        help="online learning: report Hits@1 over the last WINDOW questions of each hop")
    metaqa.add_argument("--no-history-cache", action="store_true",
                        help="explain the history again even if an identical run cached it")
    metaqa.add_argument("--quiet", action="store_true", help="no progress bars")
    metaqa.set_defaults(run=run)

    phases = benchmarks.add_parser(
        "phases", help="ReMindRAG's Same / Similar / Different phases on MetaQA 1-hop, with and without edge memory",
        description="Cold start, learning online: a question set, the same questions, their reworded (ntm) versions, "
                    "then other questions on the same topics; per phase expansion steps, reasoner and LLM calls, "
                    "tokens, latency, Hits@1 and truthfulness, per memory configuration.")
    phases.add_argument("--data", type=Path, required=True, help="MetaQA directory (with 1-hop/ntm)")
    phases.add_argument("--split", default="dev", help="split (default dev)")
    phases.add_argument("--limit", type=_positive, default=200, help="questions in the set (default 200)")
    phases.add_argument("--configs", default="plan+edges,plan only,edges only,neither",
                        help="comma-separated configurations (default: all four)")
    phases.add_argument("--rounds", type=int, default=0,
                        help="stability: memorize the set and the different questions alternately N times")
    _model_options(phases)
    phases.add_argument("--seed", type=int, default=0)
    phases.add_argument("--store-cache", type=Path, help="where imported stores are cached")
    phases.add_argument("--out", type=Path, help="write the JSON report here")
    phases.add_argument("--predictions", type=Path,
                        help="write one JSON line per answered question (configuration, phase, plan, node runs)")
    phases.add_argument("--plot", type=Path, help="PNG of cost and Hits@1 per phase and configuration")
    phases.add_argument("--quiet", action="store_true", help="no progress bars")
    phases.set_defaults(run=run_phases)

    unanswerable = benchmarks.add_parser(
        "unanswerable", help="write questions the graph cannot answer (MetaQA layout, empty answers)",
        description="Real entities of KB, asked about relations it does not hold (who produced, budget, "
                    "birthplace, spouse, …); evaluate them with `cacherag eval metaqa --data OUT --hops 1`: "
                    "only 'missing' is right.")
    unanswerable.add_argument("--kb", type=Path, required=True, help="kb.txt (s|p|o) of the graph")
    unanswerable.add_argument("--out", type=Path, required=True, help="directory to write")
    unanswerable.add_argument("-n", type=_positive, default=300, help="number of questions (default 300)")
    unanswerable.add_argument("--split", default="dev", help="split name of the written file (default dev)")
    unanswerable.add_argument("--seed", type=int, default=0)
    unanswerable.set_defaults(run=run_unanswerable)


def run(args: argparse.Namespace) -> int:
    from cacherag.evaluation.runner import EvalConfig, markdown_table
    from cacherag.evaluation.runner import run as run_eval

    if not (args.data / "kb.txt").is_file():
        raise ConfigurationError(f"{args.data} has no kb.txt (expected MetaQA's layout)")
    config = EvalConfig(
        data=args.data, split=args.split, hops=args.hops, variant=args.variant, limit=args.limit,
        history=args.history, history_order=args.history_order, history_hops=args.history_hops,
        online_learning=args.online_learning,
        model=args.model, base_url=args.base_url, embeddings=args.embeddings,
        embeddings_base_url=args.embeddings_base_url, ablation=args.ablation, bracket_hints=args.bracket_hints,
        seed=args.seed, out=args.out,
        predictions=args.predictions, plot=args.plot, store_cache=args.store_cache, memory_dir=args.memory_dir,
        window=args.window, history_cache=not args.no_history_cache,
    )
    report = run_eval(config, progress=not args.quiet, log=lambda text: print(text, file=sys.stderr))
    print(markdown_table(report))
    if args.out:
        print(f"\nreport: {args.out}", file=sys.stderr)
    return 0


def run_phases(args: argparse.Namespace) -> int:
    from cacherag.evaluation import phases

    config = phases.PhasesConfig(
        data=args.data, split=args.split, limit=args.limit, seed=args.seed, model=args.model, base_url=args.base_url,
        configs=tuple(c.strip() for c in args.configs.split(",") if c.strip()), rounds=args.rounds,
        store_cache=args.store_cache, out=args.out, predictions=args.predictions, plot=args.plot)
    report = phases.run(config, progress=not args.quiet, log=lambda text: print(text, file=sys.stderr))
    print(phases.markdown(report))
    return 0


def run_unanswerable(args: argparse.Namespace) -> int:
    from cacherag.evaluation import unanswerable
    from cacherag.evaluation.metaqa import KB

    questions = unanswerable.generate(KB.read(args.kb), args.n, args.seed)
    if not questions:
        raise ConfigurationError(f"{args.kb} has no entity to ask about")
    unanswerable.write(args.kb, args.out, questions, args.split)
    print(f"{len(questions)} questions in {args.out}/1-hop/qa_{args.split}.txt", file=sys.stderr)
    return 0
