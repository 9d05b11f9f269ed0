"""`cacherag load` and `--kg` on bad files: one line naming the problem, exit 2, nothing half written."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox
import pytest

from cacherag.cli import main
from cacherag.tools.errors import CacheRAGError
from cacherag.tools.importers import import_to_store
from cacherag.tools.sources import open_kg

GOOD_TTL = (
    "<http://x/a> <http://www.w3.org/2000/01/rdf-schema#label> \"A\" .\n<http://x/a> <http://x/p> <http://x/b> .\n"
)
DTD = """<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [ <!ENTITY xxe SYSTEM "file:///etc/hostname"> ]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://x/">
<rdf:Description rdf:about="http://x/a"><ex:p>&xxe;</ex:p></rdf:Description>
</rdf:RDF>
"""
BAD: dict[str, tuple[str, bytes]] = {
    "malformed-turtle": ("bad.ttl", b"<http://x/a> <http://x/p> <<< this is not turtle"),
    "binary": ("blob.ttl", bytes(range(256)) * 4),
    "latin-1-pipe": ("kb.txt", "Amélie|directed_by|Jean-Pierre Jeunet\n".encode("latin-1")),
    "latin-1-turtle": ("l1.ttl", '<http://x/a> <http://x/p> "caf\xe9" .\n'.encode("latin-1")),
    "wrong-columns": ("kb.txt", b"a|b|c\nonly|two\n"),
    "dtd-entity": ("xxe.rdf", DTD.encode()),
    "remote-jsonld-context": ("c.jsonld", b'{"@context": "http://127.0.0.1:9/c", "@id": "http://x/a", "n": "A"}'),
    "empty-turtle": ("empty.ttl", b""),
    "empty-pipe": ("empty.txt", b"\n\n"),
    "comments-only": ("c.nt", b"# nothing here\n"),
    "unknown-extension": ("data.xyz", b"<http://x/a> <http://x/p> <http://x/b> .\n"),
    "truncated-ntriples": ("t.nt", b"<http://x/a> <http://x/p> \"unterminated\n"),
    "literal-over-the-parsers-16-mib": ("huge.nt", b'<http://x/a> <http://x/p> "' + b"a" * (17 << 20) + b'" .\n'),
}


def _load(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(["load", *args])
    return int(exit_info.value.code or 0), capsys.readouterr().err


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.startswith("cacherag:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_file_is_one_line_exit_2_and_no_store(case: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    name, data = BAD[case]
    source = tmp_path / name
    source.write_bytes(data)
    store = tmp_path / "store"
    code, err = _load([str(source), "--store", str(store)], capsys)
    assert code == 2
    assert str(source) in _one_line(err) or source.name in _one_line(err)
    assert not store.exists() and [p.name for p in tmp_path.iterdir()] == [name]  # no scratch left behind
    with pytest.raises(CacheRAGError):  # the same file behind --kg, on both backends
        open_kg(str(source))
    with pytest.raises(CacheRAGError):
        open_kg(str(source), "rdflib")


def test_a_bad_file_never_touches_an_existing_store(tmp_path: Path) -> None:
    good = tmp_path / "good.ttl"
    good.write_text(GOOD_TTL)
    store = tmp_path / "store"
    assert import_to_store(good, store).triples == 2
    listing = sorted(p.name for p in store.iterdir())
    for name, data in BAD.values():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(CacheRAGError):
            import_to_store(tmp_path / name, store)
    assert len(ox.Store.read_only(str(store))) == 2
    assert sorted(p.name for p in store.iterdir()) == listing


Target = Callable[[Path], Path]


@pytest.mark.parametrize("make_target", [
    lambda d: (d / "file.txt", (d / "file.txt").write_text("keep me"))[0],
    lambda d: (d / "docs", (d / "docs").mkdir(), (d / "docs" / "notes.md").write_text("keep me"))[0],
], ids=["regular-file", "non-store-directory"])
def test_a_store_path_that_is_no_store_is_refused(make_target: Target, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.ttl"
    good.write_text(GOOD_TTL)
    target = make_target(tmp_path)
    before = sorted(p.name for p in target.iterdir()) if target.is_dir() else target.read_text()
    code, err = _load([str(good), "--store", str(target)], capsys)
    assert code == 2 and str(target) in _one_line(err)
    assert (sorted(p.name for p in target.iterdir()) if target.is_dir() else target.read_text()) == before


def test_an_empty_directory_becomes_the_store_and_extending_works(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.ttl"
    good.write_text(GOOD_TTL)
    more = tmp_path / "more.nt"
    more.write_text("<http://x/b> <http://x/p> <http://x/c> .\n")
    store = tmp_path / "store"
    store.mkdir()
    assert _load([str(good), "--store", str(store)], capsys)[0] == 0
    assert _load([str(more), "--store", str(store)], capsys)[0] == 0
    assert len(ox.Store.read_only(str(store))) == 3


def test_the_command_prints_no_traceback(tmp_path: Path) -> None:
    source = tmp_path / "bad.ttl"
    source.write_bytes(b"\x00\x01 not turtle")
    done = subprocess.run([sys.executable, "-m", "cacherag.cli", "load", str(source), "--store",
                           str(tmp_path / "s")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and str(source) in _one_line(done.stderr)


def test_a_remote_jsonld_context_says_how_to_load_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "m.jsonld"  # a context of its own on the web: nothing is fetched (schema.org's is read as
    # its vocabulary, see test_events_layout)
    source.write_text('{"@context": "https://films.example/context.jsonld", "@id": "http://x/m", "name": "M"}')
    code, err = _load([str(source), "--store", str(tmp_path / "store")], capsys)
    assert code == 2 and "remote @context" in _one_line(err) and '"@vocab"' in _one_line(err)
