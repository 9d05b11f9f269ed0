"""`cacherag load FILE… --store DIR` on real-world files: several formats at once, dirty statements repaired
or skipped (and listed), `--strict` refusing, never a half-made store."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pyoxigraph as ox
import pytest

from cacherag.cli import main
from cacherag.tools.errors import StoreError
from cacherag.tools.importers import import_to_store, read_source
from cacherag.tools.lexicon import lexicon
from cacherag.tools.sources import open_kg

DIRTY_TTL = """@prefix ex: <http://ex.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

ex:luke rdfs:label "Luke Skywalker"@en, "路克·天行者"@zh-classical, "Luke"@de ;
    ex:height "172" .
ex:leia rdfs:label "Leia"@en ;
    ex:homepage <http://ex.org/leia page> .
ex:han rdfs:label "Han \\q Solo"@en .
ex:broken this is not turtle at all .
ex:yoda rdfs:label "Yoda"@en ;
    ex:note "half \\uD800 surrogate" .
"""
ONTOLOGY_RDF = """<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">
  <rdf:Description rdf:about="http://ex.org/height"><rdfs:label xml:lang="en">height</rdfs:label></rdf:Description>
</rdf:RDF>
"""
QUADS = '<http://ex.org/luke> <http://ex.org/homeworld> <http://ex.org/tatooine> <http://ex.org/g1> .\n'
LUKE, RDFS_LABEL = ox.NamedNode("http://ex.org/luke"), ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")


def _load(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exited:
        main(["load", *args])
    return int(exited.value.code or 0), capsys.readouterr().err


def _files(tmp_path: Path) -> list[Path]:
    data = tmp_path / "data.ttl"
    data.write_text(DIRTY_TTL, encoding="utf-8")
    ontology = tmp_path / "ontology.owl"
    ontology.write_text(ONTOLOGY_RDF)
    quads = tmp_path / "extra.nq.gz"
    quads.write_bytes(gzip.compress(QUADS.encode()))
    return [data, ontology, quads]


def test_dirty_files_of_three_formats_load_in_one_command(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "store"
    code, err = _load(capsys, *map(str, _files(tmp_path)), "--store", str(store))
    assert code == 0, err
    # the count and the first examples, each naming file, line, what was wrong and what was done
    assert re.search(r"rejected 5 statement\(s\): 4 repaired, 1 skipped", err), err
    assert "data.ttl:4: repaired (A subtag may be eight characters" in err and "@zh," in err
    assert "data.ttl:9: skipped" in err
    kg = ox.Store.read_only(str(store))
    labels = {q.object for q in kg.quads_for_pattern(LUKE, RDFS_LABEL, None)}
    assert ox.Literal("路克·天行者", language="zh") in labels and len(labels) == 3  # repaired, not dropped
    assert list(kg.quads_for_pattern(None, ox.NamedNode("http://ex.org/homepage"),
                                     ox.NamedNode("http://ex.org/leia%20page")))
    han = next(kg.quads_for_pattern(ox.NamedNode("http://ex.org/han"), RDFS_LABEL, None)).object
    assert han.value == "Han \\q Solo"  # a bad escape keeps its text
    assert not list(kg.quads_for_pattern(ox.NamedNode("http://ex.org/broken"), None, None))
    # the ontology's label and the N-Quads fact (named graph merged into the default graph the engine reads)
    assert list(kg.quads_for_pattern(ox.NamedNode("http://ex.org/height"), RDFS_LABEL, None))
    assert list(kg.quads_for_pattern(LUKE, ox.NamedNode("http://ex.org/homeworld"), None, ox.DefaultGraph()))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.ttl", "extra.nq.gz", "ontology.owl", "store"]


def test_strict_refuses_and_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(tmp_path)
    code, err = _load(capsys, *map(str, files), "--store", str(tmp_path / "store"), "--strict")
    assert code == 2
    assert "StoreError: cannot load" in err and "line 4: A subtag may be eight characters" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in files)


def test_one_unreadable_file_among_several_writes_nothing(tmp_path: Path) -> None:
    good, *_ = _files(tmp_path)
    bad = tmp_path / "bad.nt"
    bad.write_bytes(b"\xff\xfe not utf-8\n")
    store = tmp_path / "store"
    assert import_to_store(good, store).triples == 9
    listing = sorted(p.name for p in store.iterdir())
    with pytest.raises(StoreError, match="not UTF-8"):
        import_to_store([good, bad], store)
    with pytest.raises(StoreError, match="not UTF-8"):
        import_to_store([good, bad], tmp_path / "fresh")
    assert len(ox.Store.read_only(str(store))) == 9 and sorted(p.name for p in store.iterdir()) == listing
    assert not (tmp_path / "fresh").exists() and not list(tmp_path.glob(".fresh.loading-*"))


FACT = ("http://ex.org/a", "http://ex.org/p", "B")
SERIALIZED = {
    "g.nt": '<http://ex.org/a> <http://ex.org/p> "B" .\n',
    "g.nq": '<http://ex.org/a> <http://ex.org/p> "B" <http://ex.org/g> .\n',
    "g.trig": '<http://ex.org/g> { <http://ex.org/a> <http://ex.org/p> "B" . }\n',
    "g.rdf": '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
             'xmlns:ex="http://ex.org/"><rdf:Description rdf:about="http://ex.org/a"><ex:p>B</ex:p>'
             '</rdf:Description></rdf:RDF>',
    "g.jsonld": '{"@id": "http://ex.org/a", "http://ex.org/p": "B"}',
    "g.ttl.gz": '<http://ex.org/a> <http://ex.org/p> "B" .\n',
}


@pytest.mark.parametrize("name", SERIALIZED)
def test_every_format_reads_by_its_extension(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    text = SERIALIZED[name].encode()
    path.write_bytes(gzip.compress(text) if name.endswith(".gz") else text)
    store = tmp_path / "store"
    assert import_to_store(path, store).triples == 1
    (quad,) = list(ox.Store.read_only(str(store)))
    assert (quad.subject.value, quad.predicate.value, quad.object.value) == FACT
    assert quad.graph_name == ox.DefaultGraph()


def test_a_dump_with_many_bad_lines_keeps_every_good_one(tmp_path: Path) -> None:
    lines = [f'<http://ex.org/e{i}> <http://ex.org/p> "v{i}"@{"en" if i % 7 else "x-toolongsubtag"} .\n'
             for i in range(2000)]
    lines[500] = lines[1500] = "<http://ex.org/x> garbage\n"
    path = tmp_path / "dump.nt"
    path.write_text("".join(lines))
    source = read_source(path)
    assert source.triples == 1998
    assert [f.line for f in source.fixes if f.action == "repaired"] == [i + 1 for i in range(0, 2000, 7)]
    assert [f.line for f in source.fixes if f.action == "skipped"] == [501, 1501]  # lines as the file numbers them


@pytest.mark.parametrize("backend", ["oxigraph", "rdflib"])
def test_kg_file_repairs_the_same_way_and_warns(backend: str, tmp_path: Path) -> None:
    data = tmp_path / "data.ttl"
    data.write_text(DIRTY_TTL, encoding="utf-8")
    with pytest.warns(RuntimeWarning, match=r"5 statement\(s\) of .*data.ttl .* repaired or skipped"):
        kg = open_kg(str(data), backend)
    rows = kg.query('SELECT ?l WHERE { <http://ex.org/luke> <http://www.w3.org/2000/01/rdf-schema#label> ?l }')
    assert '"路克·天行者"@zh' in {row["l"] for row in rows}


def test_rdf_xml_the_strict_parser_rejects_is_read_leniently_and_said_so(tmp_path: Path) -> None:
    path = tmp_path / "labels.rdf"
    path.write_text(ONTOLOGY_RDF.replace('xml:lang="en"', 'xml:lang="zh-classical"'))
    source = read_source(path)
    assert source.triples == 1 and [f.action for f in source.fixes] == ["lenient"]
    assert "subtag" in source.fixes[0].problem
    with pytest.raises(StoreError, match="drop --strict"):
        read_source(path, strict=True)


def test_load_and_index_prepare_the_word_lexicon_a_first_question_would_compile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CACHERAG_HOME", str(tmp_path / "home"))
    lexicon.cache_clear()  # the process's lexicon lives under the home it was first opened with
    try:
        code, err = _load(capsys, str(_files(tmp_path)[1]), "--store", str(tmp_path / "store"))
        assert code == 0, err
        assert lexicon().table.parent == tmp_path / "home" / "lexicon" and lexicon().table.is_file()
        lexicon().table.unlink()
        lexicon.cache_clear()
        with pytest.raises(SystemExit):
            main(["index", str(tmp_path / "store")])  # and so does indexing a graph ahead of time
        assert lexicon().table.is_file()
    finally:
        lexicon.cache_clear()
