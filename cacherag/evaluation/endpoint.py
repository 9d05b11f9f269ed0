"""A real, slow SPARQL endpoint for tests and benchmarks: ``oxigraph serve`` behind a delaying proxy.

The server is the ``oxigraph`` CLI (PyPI package ``oxigraph``) on 127.0.0.1; the proxy adds a fixed
latency to every request, as a remote endpoint tens of milliseconds away would, and counts the requests
so a harness can report endpoint calls per question.
"""

from __future__ import annotations

import http.client
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from cacherag.tools.errors import ConfigurationError, EndpointUnavailableError

_FORWARDED = ("Accept", "Content-Type", "User-Agent")


def oxigraph_cli() -> str | None:
    """The ``oxigraph`` executable beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("oxigraph")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], within_s: float = 60.0) -> None:
    """Return once ``url`` answers ``ASK {}``; raise if the server exits or stays silent."""
    body = urllib.parse.urlencode({"query": "ASK {}"}).encode()
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise EndpointUnavailableError(f"oxigraph serve exited with {process.returncode}")
        request = urllib.request.Request(url, data=body, method="POST",
                                         headers={"Accept": "application/sparql-results+json"})
        try:
            with urllib.request.urlopen(request, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise EndpointUnavailableError(f"oxigraph serve did not answer at {url} within {within_s:g} s")


def load_store(data: Path, store: Path) -> None:
    """``oxigraph load`` an RDF file into a store directory."""
    cli = oxigraph_cli()
    if cli is None:
        raise ConfigurationError("the `oxigraph` CLI is not installed (pip install oxigraph)")
    done = subprocess.run([cli, "load", "--location", str(store), "--file", str(data)], capture_output=True)
    if done.returncode != 0:
        raise EndpointUnavailableError(f"oxigraph load failed: {done.stderr.decode(errors='replace')}")


@contextmanager
def oxigraph_server(store: Path) -> Iterator[str]:
    """Serve ``store`` read-only on 127.0.0.1; yields the query URL and stops the server afterwards."""
    cli = oxigraph_cli()
    if cli is None:
        raise ConfigurationError("the `oxigraph` CLI is not installed (pip install oxigraph)")
    port = free_port()
    process = subprocess.Popen([cli, "serve-read-only", "--location", str(store), "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/query"
        wait_until_up(url, process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class DelayingProxy:
    """Forward every request to ``upstream`` after ``delay_s``; ``calls`` counts what was forwarded.

    Connections are kept alive on both sides, as a real endpoint keeps them: ``delay_s`` is then the whole
    latency a request adds, not also a TCP handshake to the proxy and another to the server per request."""

    def __init__(self, upstream: str, delay_s: float) -> None:
        self.upstream = upstream
        self.delay_s = delay_s
        self.calls = 0
        self._count_lock = threading.Lock()
        self._upstream = threading.local()  # each handler thread's kept connection to the server
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep the client's connection: every answer has a Content-Length
            disable_nagle_algorithm = True  # headers and body are sent apart: no delayed-ACK wait between them

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                proxy.forward(self, body)

            def do_GET(self) -> None:  # noqa: N802
                proxy.forward(self, None)

            def log_message(self, *args: object) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/query"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def forward(self, handler: http.server.BaseHTTPRequestHandler, body: bytes | None) -> None:
        with self._count_lock:
            self.calls += 1
        time.sleep(self.delay_s)
        query = handler.path.partition("?")[2]
        upstream = urllib.parse.urlsplit(self.upstream)
        target = upstream.path + (f"?{query}" if query else "")
        headers = {k: v for k in _FORWARDED if (v := handler.headers.get(k))}
        for attempt in (0, 1):  # a kept connection the server closed meanwhile is opened anew, once
            connection = getattr(self._upstream, "connection", None)
            if connection is None:
                connection = self._upstream.connection = http.client.HTTPConnection(
                    upstream.hostname, upstream.port, timeout=600)
            try:
                connection.request(handler.command, target, body, headers)
                response = connection.getresponse()
                status, reply, kind = response.status, response.read(), response.getheader("Content-Type", "")
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                connection.close()
                self._upstream.connection = None
                if attempt:
                    raise
        with suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (it exited, it timed out)
            handler.send_response(status)
            handler.send_header("Content-Type", kind)
            handler.send_header("Content-Length", str(len(reply)))
            handler.end_headers()
            handler.wfile.write(reply)

    def __enter__(self) -> DelayingProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def slow_endpoint(store: Path, delay_s: float = 0.05) -> Iterator[DelayingProxy]:
    """``oxigraph serve`` over ``store`` behind a ``delay_s`` proxy; yields the proxy (its ``url``, ``calls``)."""
    with oxigraph_server(store) as url, DelayingProxy(url, delay_s) as proxy:
        yield proxy


@contextmanager
def slow_graph_endpoint(data: Path, workdir: Path, delay_s: float = 0.05) -> Iterator[DelayingProxy]:
    """Load the RDF file ``data`` into a store under ``workdir`` and serve it as :func:`slow_endpoint` does."""
    store = workdir / "store"
    if not store.is_dir():
        load_store(data, store)
    with slow_endpoint(store, delay_s) as proxy:
        yield proxy
