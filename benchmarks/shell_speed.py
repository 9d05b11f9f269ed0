"""Wall time of `cacherag ask` from the shell: a new process per question, as a user runs it.

    python benchmarks/shell_speed.py                 # median of 5, demo graph, plus the floors beside it
    python benchmarks/shell_speed.py --runs 9 --question "Who directed Jaws?"

Each run is a fresh `cacherag ask` process answering its first question. One untimed run first warms the
disk cache (and, for the `remembered` case, the plan memory). Cases:
- `remembered`: the memory already holds a plan for this question's shape (a plan-cache hit, the usual case);
- `empty memory`: each run starts from an empty memory directory (a miss, then the plan is memorized).
Beside them, the floors of this machine right now: the interpreter alone, and importing the CLI module.
The machine's load average is printed, since a shared machine's load moves every figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return elapsed


def _median(label: str, runs: int, argv: list[str], home: Path | None, fresh: bool = False) -> float:
    times = []
    for run in range(runs):
        run_home = Path(tempfile.mkdtemp(prefix="shell-speed-")) if fresh else home
        env = {**os.environ, **({"CACHERAG_HOME": str(run_home)} if run_home else {})}
        times.append(_wall(argv, env))
        if fresh:
            shutil.rmtree(run_home, ignore_errors=True)
        print(f"  {label}: run {run + 1}/{runs} {times[-1]:.2f} s", file=sys.stderr)
    median = statistics.median(times)
    print(f"{label:<34} median {median:.2f} s   (runs: {', '.join(f'{t:.2f}' for t in times)})")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--question", default="Who directed Alien?")
    parser.add_argument("--kg", default="demo")
    args = parser.parse_args()
    cli = [sys.executable, "-m", "cacherag.cli", "ask", args.question, "--kg", args.kg]
    home = Path(tempfile.mkdtemp(prefix="shell-speed-home-"))
    try:
        env = {**os.environ, "CACHERAG_HOME": str(home)}
        _wall(cli, env)  # warm the disk cache; memorizes this question's plan
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"`cacherag ask {args.question!r} --kg {args.kg}`, a new process per run")
        _median("remembered (plan-cache hit)", args.runs, cli, home)
        _median("empty memory (miss, memorized)", args.runs, cli, None, fresh=True)
        _median("floor: python -c pass", args.runs, [sys.executable, "-c", "pass"], home)
        _median("floor: import cacherag.cli", args.runs, [sys.executable, "-c", "import cacherag.cli"], home)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
