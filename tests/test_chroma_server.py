"""Plan memory on a real Chroma server (`chroma run`), the deployment path beyond one process."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from cacherag import CacheRAG
from cacherag.graphs.resources import close_all
from cacherag.memory.plan_memory import PlanMemory

CHROMA = shutil.which("chroma") or str(Path(sys.executable).with_name("chroma"))
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMA).exists(), reason="the chroma CLI (chromadb) is not installed")]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def chroma_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    port = free_port()
    path = tmp_path_factory.mktemp("chroma")
    process = subprocess.Popen([CHROMA, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=2)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"chroma run did not start: {process.stderr.read().decode()[-2000:]}")
                time.sleep(0.3)
        yield port
    finally:
        close_all()  # flush and forget the memories that live on this server before it goes away
        process.terminate()
        process.wait(timeout=30)


def test_plans_learned_by_one_client_serve_another(chroma_port: int, tmp_path: Path) -> None:
    first = CacheRAG("demo", chroma_host="127.0.0.1", chroma_port=chroma_port, memory_dir=str(tmp_path / "unused"))
    assert not first.ask("Who directed The Matrix?").plan_cache_hit
    first.close()
    assert not (tmp_path / "unused").exists()  # with a host set, nothing is written locally
    fresh = PlanMemory(host="127.0.0.1", port=chroma_port)
    assert [e.question for e in fresh.entries()] == ["Who directed <E>?"]
    second = CacheRAG("demo", chroma_host="127.0.0.1", chroma_port=chroma_port, bucket_bound=5)
    answer = second.ask("Who directed Inception?")
    assert answer.plan_cache_hit and answer.answers[0].label == "Christopher Nolan"
