"""Wall time of `cacherag ask` from the shell: a new process per question, as a user runs it.

    python benchmarks/shell_speed.py                 # median of 5, demo graph, plus the floors beside it
    python benchmarks/shell_speed.py --runs 9 --question "Who directed Jaws?"
    python benchmarks/shell_speed.py --python /tmp/user-venv/bin/python   # cacherag as another venv installs it
    python benchmarks/shell_speed.py --kg STORE --questions benchmarks/swapi_questions_more.tsv   # a whole file

``--python`` runs another environment's interpreter: one where `pip install .` installed cacherag (as the
README's first command does; pip compiles its bytecode then), or one with other code to compare against.

Each run is a fresh `cacherag ask` process answering its first question. One untimed run first warms the
disk cache (and, for the `remembered` case, the plan memory). Cases:
- `in a row from an empty memory`: the README's first command run N times on a new memory directory, as a
  new user does: the first run misses and memorizes, the others hit (its median and its first run);
- `remembered`: the memory already holds a plan for this question's shape (a plan-cache hit, the usual case);
- `empty memory`: each run starts from an empty memory directory (a miss, then the plan is memorized); the word
  lexicon, compiled at a machine's first question (or by `cacherag load`), is not compiled again.
With ``--questions FILE`` (the benchmarks' question files: question, tab, gold; ``#`` lines skipped), each question
is asked once instead, in the file's order, each `cacherag ask --json` a new process on one new memory (as a user
asking one question after another from the shell): the wall time's median, 90th percentile, maximum and how many
took over 2 s, and the same of the answers' own time (the sum of their steps' ``node_ms``); ``--out`` writes a
line per question (the word lexicon is compiled first, as `cacherag load` does). Beside the other cases, the floors
of this machine right now: the interpreter alone, importing everything a question needs (``cacherag.api`` and the
pipeline, ``cacherag.graphs.direct``), and importing LangGraph alone (which the shell's question no longer imports:
it runs the pipeline without LangGraph's runtime), both the way the command line imports (the garbage collector
paused, then ``gc.freeze``).
The machine's load average is printed, since a shared machine's load moves every figure; CPU time (user +
system) moves less with it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The command line imports the engine with the garbage collector paused and freezes what it built.
FROZEN_IMPORT = "import gc; gc.disable(); import {}; gc.freeze()"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _wall(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one process; CPU moves less with the machine's load."""
    start, cpu = time.perf_counter(), _cpu()
    # From a scratch directory: run from a checkout, `python -m cacherag.cli` would import its source tree.
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          cwd=tempfile.gettempdir())
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return elapsed, _cpu() - cpu


def _median(label: str, runs: int, argv: list[str], home: Path, fresh: bool = False) -> float:
    """The median wall time of ``runs`` runs in ``home``: on its memory, or each on a new memory directory
    (``fresh``; the word lexicon ``home`` holds, compiled once per machine, is kept)."""
    times, cpus = [], []
    env = {**os.environ, "CACHERAG_HOME": str(home)}
    for run in range(runs):
        memory = Path(tempfile.mkdtemp(prefix="shell-speed-memory-")) if fresh else None
        wall, cpu = _wall([*argv, "--memory-dir", str(memory)] if memory else argv, env)
        times.append(wall)
        cpus.append(cpu)
        if memory:
            shutil.rmtree(memory, ignore_errors=True)
        print(f"  {label}: run {run + 1}/{runs} {wall:.2f} s wall, {cpu:.2f} s CPU", file=sys.stderr)
    median = statistics.median(times)
    print(f"{label:<34} median {median:.2f} s wall, {statistics.median(cpus):.2f} s CPU   "
          f"(wall: {', '.join(f'{t:.2f}' for t in times)}; CPU: {', '.join(f'{c:.2f}' for c in cpus)})")
    return median


def _file(questions: Path, limit: int | None, python: str, kg: str, out: Path | None) -> None:
    """Each question of ``questions`` once, a new process each, on one new memory (see the module's text)."""
    asked = [line.split("\t")[0] for line in questions.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")][:limit]
    home = Path(tempfile.mkdtemp(prefix="shell-speed-home-"))
    walls, answers, lines = [], [], []
    try:
        env = {**os.environ, "CACHERAG_HOME": str(home)}
        subprocess.run([python, "-c", "from cacherag.tools.lexicon import lexicon; lexicon().prepare()"], env=env,
                       check=True, cwd=tempfile.gettempdir())
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {len(asked)} questions of "
              f"{questions} on {kg}, a new process each of {python}")
        for i, question in enumerate(asked, 1):
            start = time.perf_counter()
            done = subprocess.run([python, "-m", "cacherag.cli", "ask", question, "--kg", kg, "--json"], env=env,
                                  capture_output=True, text=True, cwd=tempfile.gettempdir())
            walls.append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                raise SystemExit(f"{question!r} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
            answer = json.loads(done.stdout)
            answers.append(sum(answer["trace"]["node_ms"].values()))
            lines.append(f"{walls[-1]:.2f}\t{answers[-1]:.0f}\t{answer['status']}\t{question}")
            print(f"  {i}/{len(asked)} {walls[-1]:.2f} s wall, {answers[-1]:.0f} ms answer  {question}",
                  file=sys.stderr)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if out is not None:
        out.write_text("wall_s\tanswer_ms\tstatus\tquestion\n" + "\n".join(lines) + "\n", encoding="utf-8")
    for label, values, unit, digits in (("wall", walls, "s", 2), ("answer", answers, "ms", 0)):
        ordered = sorted(values)
        print(f"{label:<7} median {statistics.median(ordered):.{digits}f} {unit}, 90th percentile "
              f"{ordered[int(0.9 * (len(ordered) - 1))]:.{digits}f} {unit}, max {ordered[-1]:.{digits}f} {unit}")
    print(f"over 2 s of wall time: {sum(w > 2.0 for w in walls)} of {len(walls)}; "
          f"load average {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--question", default="Who directed The Matrix?")
    parser.add_argument("--kg", default="demo")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run (default: this one)")
    parser.add_argument("--questions", type=Path, help="ask each question of this file once instead (see above)")
    parser.add_argument("--limit", type=int, help="with --questions: the file's first N questions only")
    parser.add_argument("--out", type=Path, help="with --questions: write a line per question here")
    args = parser.parse_args()
    python = args.python
    if args.questions is not None:
        _file(args.questions, args.limit, python, args.kg, args.out)
        return
    cli = [python, "-m", "cacherag.cli", "ask", args.question, "--kg", args.kg]
    home = Path(tempfile.mkdtemp(prefix="shell-speed-home-"))
    try:
        env = {**os.environ, "CACHERAG_HOME": str(home)}
        _wall(cli, env)  # warm the disk cache; memorizes this question's plan
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"`cacherag ask {args.question!r} --kg {args.kg}`, a new process per run of {python}")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):  # an editable install then compiles cacherag every run
            print("PYTHONDONTWRITEBYTECODE is set: modules without bytecode compiled at install are compiled "
                  "again in every run")
        series = Path(tempfile.mkdtemp(prefix="shell-speed-series-"))
        try:
            _median("in a row from an empty memory", args.runs, cli, series)
        finally:
            shutil.rmtree(series, ignore_errors=True)
        _median("remembered (plan-cache hit)", args.runs, cli, home)
        _median("empty memory (miss, memorized)", args.runs, cli, home, fresh=True)
        _median("floor: python -c pass", args.runs, [python, "-c", "pass"], home)
        for module in ("cacherag.api, cacherag.graphs.direct", "langgraph.graph"):  # as the CLI imports the engine
            _median(f"floor: import {module}", args.runs, [python, "-c", FROZEN_IMPORT.format(module)], home)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
