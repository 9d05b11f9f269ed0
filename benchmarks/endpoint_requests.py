"""What one small SPARQL request costs over HTTP, beside the floor of a bare kept-alive HTTP client.

    python benchmarks/endpoint_requests.py [--data ../shared/data/metaqa] [--n 200]

Against ``oxigraph serve`` on 127.0.0.1 over MetaQA's graph, directly and behind the benchmarks' 50 ms
proxy: the p50 of ``RemoteSparqlKG``'s transport, as the engine's own requests use it (kept-alive connection,
the one deadline, JSON parsed into terms; a caller's ``query()`` also runs the read-only guard first), and of
a bare ``http.client`` connection posting the same query and parsing nothing but the JSON.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from cacherag.evaluation.endpoint import DelayingProxy, oxigraph_server
from cacherag.evaluation.metaqa import store_for
from cacherag.tools.remote_backend import RemoteSparqlKG

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "metaqa"
QUERY = "SELECT ?p ?o WHERE { ?s ?p ?o } LIMIT 10"


def p50_ms(call: Callable[[], object], n: int) -> float:
    call()  # the first request opens the connection
    times = []
    for _ in range(n):
        started = time.perf_counter()
        call()
        times.append(1000 * (time.perf_counter() - started))
    return statistics.median(times)


def bare_client(url: str) -> Callable[[], object]:
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    body = urllib.parse.urlencode({"query": QUERY})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/sparql-results+json"}

    def call() -> object:
        connection.request("POST", parts.path or "/", body, headers)
        return json.loads(connection.getresponse().read())

    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--n", type=int, default=200, help="requests per measurement")
    args = parser.parse_args()
    store = store_for(args.data / "kb.txt")
    with oxigraph_server(store) as direct, DelayingProxy(direct, 0.05) as proxy:
        for name, url, n in (("direct", direct, args.n), ("50 ms proxy", proxy.url, max(1, args.n // 5))):
            kg = RemoteSparqlKG(url)
            ours = p50_ms(lambda kg=kg: kg._select(QUERY), n)
            floor = p50_ms(bare_client(url), n)
            print(f"{name:<12} RemoteSparqlKG p50 {ours:7.2f} ms   bare http.client p50 {floor:7.2f} ms")


if __name__ == "__main__":
    main()
