"""A hostile SPARQL endpoint on 127.0.0.1: dripped headers, a slow body, a huge body, a JSON bomb, garbage.

Each ends in a typed error within the deadline (the test timeout catches a hang) and never buffers more
than the answer cap.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from cacherag.tools.errors import EndpointUnavailableError, QueryTimeoutError, QueryTooLargeError
from cacherag.tools.remote_backend import RemoteSparqlKG

Behaviour = Callable[[socket.socket], None]
OK_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\n"


def drip_headers(conn: socket.socket) -> None:
    for byte in OK_HEAD + b"X-Slow: " + b"y" * 1000:
        conn.sendall(bytes([byte]))
        time.sleep(0.05)


def drip_body(conn: socket.socket) -> None:
    conn.sendall(OK_HEAD + b"\r\n")
    while True:
        conn.sendall(b" ")
        time.sleep(0.05)


def huge_body(conn: socket.socket) -> None:
    conn.sendall(OK_HEAD + b"\r\n")
    block = b"[" * 65536
    while True:
        conn.sendall(block)


def json_bomb(conn: socket.socket) -> None:
    body = b"[" * 100_000 + b"]" * 100_000
    conn.sendall(OK_HEAD + b"Content-Length: %d\r\n\r\n" % len(body) + body)


def garbage(conn: socket.socket) -> None:
    conn.sendall(b"\x00\xff\xfe garbage that is no HTTP at all\r\n\r\n")


def wrong_json(conn: socket.socket) -> None:
    body = b'{"results": {"bindings": [{"x": {"type": "uri"}}]}}'
    conn.sendall(OK_HEAD + b"Content-Length: %d\r\n\r\n" % len(body) + body)


class FaultServer:
    """Accepts connections on 127.0.0.1 and lets ``behaviour`` write whatever bytes it likes."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.behaviour = behaviour
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/sparql"

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            conn.recv(65536)  # the request; its content does not matter here
            with contextlib.suppress(OSError):  # the client hung up, as it should
                self.behaviour(conn)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(2)
        self.listener.close()


@pytest.fixture
def serve() -> Iterator[Callable[[Behaviour], FaultServer]]:
    servers: list[FaultServer] = []

    def start(behaviour: Behaviour) -> FaultServer:
        servers.append(FaultServer(behaviour))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("behaviour", [drip_headers, drip_body], ids=["drip-headers", "drip-body"])
def test_a_dripping_endpoint_hits_the_one_deadline(serve: Callable[[Behaviour], FaultServer],
                                                   behaviour: Behaviour) -> None:
    kg = RemoteSparqlKG(serve(behaviour).url, timeout_s=1.0)
    with pytest.raises(QueryTimeoutError, match="1 s"):
        kg.query("SELECT * WHERE { ?s ?p ?o }")


@pytest.mark.timeout(30)
def test_a_huge_answer_is_cut_at_the_cap(serve: Callable[[Behaviour], FaultServer]) -> None:
    kg = RemoteSparqlKG(serve(huge_body).url, timeout_s=20.0, max_answer_bytes=1 << 20)
    with pytest.raises(QueryTooLargeError, match="1,048,576 bytes"):
        kg.query("SELECT * WHERE { ?s ?p ?o }")


@pytest.mark.timeout(30)
@pytest.mark.parametrize("behaviour", [json_bomb, garbage, wrong_json], ids=["json-bomb", "garbage", "wrong-json"])
def test_nonsense_answers_are_typed_errors(serve: Callable[[Behaviour], FaultServer], behaviour: Behaviour) -> None:
    kg = RemoteSparqlKG(serve(behaviour).url, timeout_s=5.0)
    with pytest.raises(EndpointUnavailableError):
        kg.query("SELECT * WHERE { ?s ?p ?o }")
