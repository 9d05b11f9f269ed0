"""Run one call in a forked child process, where a deadline and a memory cap can really be enforced.

A thread that overruns its deadline cannot be stopped: an ``ORDER BY`` over a cross product keeps
allocating after the caller gave up, and a parser that overflows its stack takes the whole process down.
A forked child inherits the open graph (copy-on-write, nothing is reloaded), runs the call under an
address-space limit and pipes back the pickled result; at the deadline it is killed, and a crash kills
only the child.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import select
import signal
import time
from collections.abc import Callable
from typing import Any, TypeVar

from cacherag.tools.errors import CacheRAGError, KGError, QueryTimeoutError, QueryTooLargeError

T = TypeVar("T")
MEMORY_BYTES = 1 << 30  # what a child may allocate beyond what it inherited
ANSWER_BYTES = 64 << 20  # the largest pickled answer a child may send back
_CHUNK = 1 << 16


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _child(fn: Callable[[], Any], write_fd: int, memory_bytes: int, what: str) -> None:
    faulthandler.disable()  # a crash is reported once, by the parent, not as a dump on the user's terminal
    limit = _address_space() + memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        payload: tuple[str, Any] = ("value", fn())
    except CacheRAGError as exc:
        payload = ("error", exc)
    except MemoryError:
        payload = ("error", QueryTooLargeError(f"{what} needed more than {memory_bytes >> 20} MiB of memory"))
    except RecursionError:
        payload = ("error", QueryTooLargeError(f"{what} nests too deeply"))
    except Exception as exc:  # noqa: BLE001 - any other failure travels back as one typed error
        payload = ("error", KGError(f"{what} failed: {type(exc).__name__}: {exc}"))
    try:
        data = pickle.dumps(payload, pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # noqa: BLE001 - an unpicklable result or error
        data = pickle.dumps(("error", KGError(f"{what} failed: {type(exc).__name__}: {exc}")))
    with os.fdopen(write_fd, "wb") as out:
        out.write(data)


def _read(read_fd: int, deadline: float, answer_bytes: int, what: str, timeout_s: float) -> bytes:
    chunks: list[bytes] = []
    size = 0
    # poll, not select: select cannot watch a descriptor numbered 1024 or above, which a long-lived process
    # holding many files and sockets reaches.
    ready = select.poll()
    ready.register(read_fd, select.POLLIN)
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not ready.poll(remaining * 1000):
            raise QueryTimeoutError(f"{what} did not finish within {timeout_s:g} s (stopped)")
        chunk = os.read(read_fd, _CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > answer_bytes:
            raise QueryTooLargeError(f"{what} answered more than {answer_bytes >> 20} MiB")
        chunks.append(chunk)


def run_isolated(fn: Callable[[], T], timeout_s: float, what: str = "query", *,
                 memory_bytes: int = MEMORY_BYTES, answer_bytes: int = ANSWER_BYTES) -> T:
    """``fn()`` computed in a forked child, stopped at ``timeout_s`` seconds or ``memory_bytes`` of growth.

    Raises :class:`QueryTimeoutError` at the deadline, :class:`QueryTooLargeError` when the child runs out
    of its memory or answers too much, :class:`KGError` when it dies; an error ``fn`` raises is re-raised.
    """
    deadline = time.monotonic() + timeout_s
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        status = 1
        try:
            os.close(read_fd)
            _child(fn, write_fd, memory_bytes, what)
            status = 0
        finally:
            os._exit(status)
    os.close(write_fd)
    try:
        data = _read(read_fd, deadline, answer_bytes, what, timeout_s)
    finally:
        os.close(read_fd)
        os.kill(pid, signal.SIGKILL)  # a no-op for a child that already exited but is not reaped yet
        _, status = os.waitpid(pid, 0)
    if not data:
        cause = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
        raise KGError(f"{what} crashed its worker process ({cause}); nothing else was affected")
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    return value
