"""Cold start against a large remote endpoint: time to the first answer and peak RSS of `cacherag ask`.

Builds (once) a synthetic graph of ``--triples`` triples (MetaQA's KB plus generated entities), loads it
into an Oxigraph store, serves it with ``oxigraph serve`` on 127.0.0.1 behind a ``--delay`` proxy, then runs
``cacherag ask`` in fresh processes:

1. cold: empty ``CACHERAG_HOME`` (no label index, no memory) — linking by bounded probes;
2. again, same home (the probed labels and the relation list are on disk);
3. after ``cacherag index`` completed the label index (its time is printed too).

A first row runs the same command on the bundled demo graph: the floor any process pays (start-up,
imports, the embedding model) whatever the graph.

    python benchmarks/remote_linking.py --triples 5000000
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cacherag.evaluation.endpoint import load_store, slow_endpoint

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_graph import write_graph  # noqa: E402

QUESTIONS = ["who is the director of Kismet", "what movies did Temuera Morrison act in"]
CLI = str(Path(sys.executable).parent / "cacherag")


def run(argv: list[str], home: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MB) and stdout of one cacherag process."""
    start = time.perf_counter()
    process = subprocess.Popen([CLI, *argv], env={**os.environ, "CACHERAG_HOME": str(home)},
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read().decode() if process.stdout else ""
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    return time.perf_counter() - start, usage.ru_maxrss / 1024, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triples", type=int, default=5_000_000)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "cacherag-remote-linking")
    parser.add_argument("--delay", type=float, default=0.05, help="added latency per request, seconds")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    data = args.workdir / f"synthetic-{args.triples}.nt"
    store = args.workdir / f"store-{args.triples}"
    if not store.is_dir():
        if not data.is_file():
            write_graph(data, args.triples)
        print(f"loading {data} into {store} …", file=sys.stderr)
        load_store(data, store)
    home = Path(tempfile.mkdtemp(prefix="cacherag-cold-"))
    with slow_endpoint(store, args.delay) as proxy:
        print(f"endpoint {proxy.url}: {args.triples:,} triples, +{args.delay * 1000:.0f} ms per request")
        print(f"{'run':<28} {'question':<42} {'status':<9} {'wall s':>7} {'RSS MB':>7} {'calls':>6}")
        # The floor: the same command on the bundled 1,100-triple demo graph (start-up, imports, models).
        wall, rss, out = run(["ask", "Who directed Inception?", "--json", "--no-learn"], home)
        status = json.loads(out)["status"] if out else "error"
        print(f"{'floor: local demo graph':<28} {'Who directed Inception?':<42} {status:<9} {wall:7.2f} {rss:7.0f}")
        for phase in ("cold (empty home)", "again (probed labels)"):
            for question in QUESTIONS:
                calls = proxy.calls
                wall, rss, out = run(["ask", question, "--kg", proxy.url, "--json", "--no-learn"], home)
                status = json.loads(out)["status"] if out else "error"
                print(f"{phase:<28} {question:<42} {status:<9} {wall:7.2f} {rss:7.0f} {proxy.calls - calls:6d}")
        wall, rss, _ = run(["index", proxy.url], home)
        print(f"{'cacherag index (full)':<28} {'':<42} {'':<9} {wall:7.2f} {rss:7.0f}")
        for question in QUESTIONS:
            calls = proxy.calls
            wall, rss, out = run(["ask", question, "--kg", proxy.url, "--json", "--no-learn"], home)
            status = json.loads(out)["status"] if out else "error"
            print(f"{'complete index':<28} {question:<42} {status:<9} {wall:7.2f} {rss:7.0f} {proxy.calls - calls:6d}")


if __name__ == "__main__":
    main()
