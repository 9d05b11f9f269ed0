"""Graphs built from documents (ReMindRAG A.1–A.2) and answers that cite the chunks stating their evidence.

Every test writes its own documents; stores are real Oxigraph directories, the LLM path goes through
langchain-openai's client to the scripted server on 127.0.0.1 (tests/openai_server.py).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from openai_server import ScriptedOpenAI, serve

from cacherag import CacheRAG
from cacherag.cli import main
from cacherag.memory.embeddings import default_embeddings
from cacherag.tools.documents import document_files, read_document
from cacherag.tools.errors import ConfigurationError, DocumentError, LLMError, MissingParserError, StoreError
from cacherag.tools.extraction import ChunkFacts, LabelExtractor, synonyms
from cacherag.tools.ingest import NEXT, PART_OF, ingest, link_index
from cacherag.tools.sources import open_kg
from cacherag.tools.terms import DOC_MENTIONS, DOC_TEXT, RDFS_LABEL

MODEL = "openai:gpt-4o-mini"
FESTIVAL = "Lana Wachowski spoke about Blade Runner at a small festival in Sydney."


@pytest.fixture(scope="module")
def demo_labels() -> LabelExtractor:
    kg = open_kg("demo")
    return LabelExtractor(link_index(kg.label_rows))


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    (folder / "notes").mkdir(parents=True)
    (folder / "review.txt").write_text("The Matrix is a film many people remember.\n\n"
                                       "Keanu Reeves trained for months before the shoot.\n", encoding="utf-8")
    (folder / "notes" / "festival.md").write_text(f"# Festival\n\n{FESTIVAL}\n", encoding="utf-8")
    (folder / "notes" / ".hidden.txt").write_text("Inception", encoding="utf-8")
    (folder / "photo.png").write_bytes(b"\x89PNG")
    return folder


def chunks_of(store: Path, name: str) -> list[str]:
    """The texts of the chunks the store holds for the file called ``name``, in chain order."""
    kg = open_kg(str(store))
    rows = kg._select(f"SELECT ?c WHERE {{ ?c <{PART_OF}> ?f . ?f <{RDFS_LABEL}> \"{name}\" . "
                      f"FILTER NOT EXISTS {{ ?p <{NEXT}> ?c }} }}")
    texts = []
    node = rows[0]["c"] if rows else None
    while node:
        texts.append(kg._select(f"SELECT ?t WHERE {{ {node} <{DOC_TEXT}> ?t }}")[0]["t"])
        following = kg._select(f"SELECT ?n WHERE {{ {node} <{NEXT}> ?n }}")
        node = following[0]["n"] if following else None
    kg.close()
    return texts


def triples(store: Path) -> Counter[tuple[str, str, str]]:
    return Counter((str(q.subject), str(q.predicate), str(q.object)) for q in ox.Store.read_only(str(store)))


def test_offline_ingest_anchors_chunks_to_linked_entities_and_answers_cite_the_chunk(
        docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], memory_dir: str) -> None:
    store = tmp_path / "store"
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(docs), "--store", str(store), "--link-to", "demo"])
    assert done.value.code == 0
    err = capsys.readouterr().err
    assert "extracting entities" in err and "2 added" in err and f"skipped {docs / 'photo.png'}" in err
    kg = open_kg(str(store))
    mentioned = {r["l"] for r in kg._select(f"SELECT ?l WHERE {{ ?c <{DOC_MENTIONS}> ?e . ?e <{RDFS_LABEL}> ?l }}")}
    kg.close()
    assert {'"Lana Wachowski"', '"Blade Runner"', '"The Matrix"', '"Keanu Reeves"'} <= mentioned
    assert '"Inception"' not in mentioned  # hidden files are not read

    answer = CacheRAG(str(store), memory_dir=memory_dir).ask("Which passages mention Blade Runner?")
    assert [a.label for a in answer.answers] == ["festival.md #1"]
    passages = [e for e in answer.evidence if e.source == "passage"]
    assert len(passages) == 1 and FESTIVAL in passages[0].object and FESTIVAL in passages[0].text


def test_chunks_form_one_chain_per_file_in_reading_order(tmp_path: Path) -> None:
    sentences = [f"Sentence number {i} of a long story about rivers and hills." for i in range(40)]
    (tmp_path / "long.txt").write_text(" ".join(sentences), encoding="utf-8")
    (tmp_path / "short.txt").write_text("One short file.", encoding="utf-8")
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "short.txt").write_text("One short file.", encoding="utf-8")
    report = ingest([tmp_path / "long.txt", tmp_path / "short.txt", tmp_path / "copy"], tmp_path / "store",
                    chunk_size=300, overlap=0)
    chain = chunks_of(tmp_path / "store", "long.txt")
    assert len(chain) > 5 and report.chunks == len(chain) + 2  # two copies of a file share no chunk
    assert " ".join(c.strip('"') for c in chain) == " ".join(sentences)  # every chunk, in order, once
    assert chunks_of(tmp_path / "store", "short.txt") == ['"One short file."']


def test_reingesting_keeps_an_unchanged_file_and_replaces_a_changed_files_chunks(
        docs: Path, tmp_path: Path, demo_labels: LabelExtractor) -> None:
    store = tmp_path / "store"
    ingest([docs], store, extractor=demo_labels)
    before = triples(store)
    again = ingest([docs], store, extractor=demo_labels)
    assert again.chunks == 0 and len(again.unchanged) == 2 and triples(store) == before

    festival = chunks_of(store, "festival.md")
    (docs / "review.txt").write_text("Inception is a film about dreams.\n", encoding="utf-8")
    changed = ingest([docs], store, extractor=demo_labels)
    assert [p.name for p in changed.replaced] == ["review.txt"] and changed.chunks == 1
    after = triples(store)
    assert max(after.values()) == 1
    assert chunks_of(store, "review.txt") == ['"Inception is a film about dreams."']
    assert not any("Keanu Reeves trained" in o for _, _, o in after)  # the old chunks are gone, anchors too
    assert not any(o == "<http://cacherag.dev/demo/Keanu_Reeves>" and p == f"<{DOC_MENTIONS}>" for _, p, o in after)
    assert chunks_of(store, "festival.md") == festival and FESTIVAL in festival[0]  # the other file untouched


class Exploding:
    """An extractor that fails on the n-th chunk (a model that stops answering mid-way)."""

    def __init__(self, inner: LabelExtractor, after: int) -> None:
        self.inner, self.left = inner, after

    def extract(self, text: str) -> ChunkFacts:
        self.left -= 1
        if self.left < 0:
            raise LLMError("the provider refused the request")
        return self.inner.extract(text)


def test_a_failed_ingestion_leaves_the_previous_store_as_it_was(
        docs: Path, tmp_path: Path, demo_labels: LabelExtractor) -> None:
    store = tmp_path / "store"
    with pytest.raises(LLMError):  # a new store: nothing at all is left behind
        ingest([docs], store, extractor=Exploding(demo_labels, 1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]

    ingest([docs], store, extractor=demo_labels)
    before = triples(store)
    (docs / "review.txt").write_text("Inception is a film about dreams.\n", encoding="utf-8")
    (docs / "new.txt").write_text("Memento is another film.\n", encoding="utf-8")
    with pytest.raises(LLMError):
        ingest([docs], store, extractor=Exploding(demo_labels, 1))
    assert triples(store) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "store"]
    (docs / "bad.txt").write_bytes(b"caf\xe9 au lait")
    with pytest.raises(DocumentError, match=r"bad\.txt: not UTF-8"):
        ingest([docs], store, extractor=demo_labels)
    assert triples(store) == before


def test_bad_input_is_refused_with_a_typed_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "table.xlsx").write_bytes(b"PK")
    with pytest.raises(DocumentError, match="unsupported kind '.xlsx'"):
        document_files([tmp_path / "table.xlsx"])
    with pytest.raises(DocumentError, match="no such file or folder"):
        document_files([tmp_path / "missing"])
    with pytest.raises(DocumentError, match="no documents to ingest"):
        ingest([tmp_path], tmp_path / "store")
    (tmp_path / "a.txt").write_text("Some text.", encoding="utf-8")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "x").write_text("x")
    with pytest.raises(StoreError, match="no Oxigraph store"):
        ingest([tmp_path / "a.txt"], tmp_path / "junk")
    with pytest.raises(ConfigurationError, match="overlap < chunk_size"):
        ingest([tmp_path / "a.txt"], tmp_path / "st", chunk_size=100, overlap=100)
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(tmp_path / "missing"), "--store", str(tmp_path / "st")])
    assert done.value.code == 2 and "DocumentError: no such file or folder" in capsys.readouterr().err


def test_html_markdown_and_pdf_are_read_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    html = tmp_path / "page.html"
    html.write_text("<html><head><title>T</title><script>var x = 1;</script></head>"
                    "<body><h1>Heading</h1><p>Keanu Reeves <b>trained</b> hard.</p></body></html>")
    text = " ".join(read_document(html).chunks)
    assert "Keanu Reeves trained hard." in " ".join(text.split()) and "<b>" not in text
    assert "var x" not in text  # a script is no text a reader sees

    markdown = tmp_path / "guide.md"
    markdown.write_text("# One\n\n" + "alpha " * 60 + "\n\n# Two\n\n" + "beta " * 60)
    chunks = read_document(markdown, chunk_size=400, overlap=0).chunks
    assert chunks[1].startswith("# Two")  # split at the heading, not mid-section

    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(_pdf("Zorblat Industries was founded by Mira Quell."))
    assert read_document(pdf).chunks == ["Zorblat Industries was founded by Mira Quell."]

    monkeypatch.setitem(sys.modules, "bs4", None)  # beautifulsoup4 not installed
    with pytest.raises(MissingParserError, match="beautifulsoup4"):
        read_document(html)


def _pdf(line: str) -> bytes:
    """A one-page PDF showing ``line`` (written by hand: the test needs no PDF writer)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({line}) Tj ET".encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               b"/Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_synonyms_merge_by_embedding_similarity() -> None:
    names = ["Warner Bros.", "Warner Brothers", "Boston", "New York", "police", "thieves", "Sydney",
             "Australia", "Keanu Reeves", "The Matrix", "science fiction", "NYC", "warner bros"]
    counts = Counter({"Warner Brothers": 3, "Warner Bros.": 1, "NYC": 2})
    merged = synonyms(names, counts, default_embeddings())
    assert merged["Warner Bros."] == merged["warner bros"] == "Warner Brothers"  # the most mentioned name
    assert merged["New York"] == "NYC"
    assert len({merged[n] for n in ["Boston", "New York", "police", "thieves", "Sydney", "Australia"]}) == 6
    # Too few names to tell what unrelated names look like: only identical ones are merged.
    assert synonyms(["Warner Bros.", "Warner Brothers", "WARNER BROS"], Counter(), default_embeddings()) == {
        "Warner Bros.": "Warner Bros.", "Warner Brothers": "Warner Brothers", "WARNER BROS": "Warner Bros."}


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with serve() as state:
        yield state


def test_llm_extraction_end_to_end_then_offline_answers_cite_the_stating_chunk(
        server: ScriptedOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str], memory_dir: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    stated = "Zorblat Industries was founded by Mira Quell in 1987."
    (docs / "history.txt").write_text(f"Some background first.\n\n{stated} Mira Quell lives in Port Avel.\n")
    (docs / "prize.txt").write_text("The Glimmer Prize was awarded to Tova Renn. Tova Renn teaches at Halden "
                                    "College. Mira Quell chaired the jury.\n")
    store = tmp_path / "store"
    with pytest.raises(SystemExit) as done:
        main(["ingest", str(docs), "--store", str(store), "--model", MODEL, "--base-url", server.url])
    assert done.value.code == 0
    names = [(r.get("response_format") or {}).get("json_schema", {}).get("name") for r in server.requests]
    assert names == ["EntitiesOutput", "RelationsOutput"] * 2  # two structured calls per chunk
    assert "Zorblat Industries" in server.requests[1]["messages"][0]["content"]  # relations among the entities
    assert "4 LLM calls" in capsys.readouterr().err

    rag = CacheRAG(str(store), memory_dir=memory_dir)  # answering needs no model
    answer = rag.ask("Who founded Zorblat Industries?")
    assert [a.label for a in answer.answers] == ["Mira Quell"] and answer.llm_calls == 0
    passages = [e for e in answer.evidence if e.source == "passage"]
    assert [p.text.split(" —text→ ")[0] for p in passages] == ["history.txt #1"] and stated in passages[0].object
    # One entity node per name across files: Mira Quell of both files is one node with both anchors.
    assert {a.label for a in rag.ask("Which passages mention Mira Quell?").answers} == {"history.txt #1",
                                                                                       "prize.txt #1"}
    # Re-ingesting unchanged files asks the model nothing.
    before = len(server.requests)
    ingest([docs], store)
    assert len(server.requests) == before and [a.label for a in rag.ask(
        "Who founded Zorblat Industries?").answers] == ["Mira Quell"]


def test_a_chunk_the_model_fails_on_keeps_no_facts_and_names_of_the_linked_graph_keep_their_nodes(
        server: ScriptedOpenAI, tmp_path: Path) -> None:
    from cacherag.nodes.reasoners.llm import make_chat_model
    from cacherag.tools.extraction import LLMExtractor

    (tmp_path / "a.txt").write_text("Keanu Reeves admired Tova Renn.", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Tova Renn admired Mira Quell.", encoding="utf-8")
    kg = open_kg("demo")
    extractor = LLMExtractor(make_chat_model(MODEL, server.url), link=link_index(kg.label_rows), attempts=1)
    server.faults = ["malformed", "malformed"]  # the first chunk's entity call, asked twice: no usable reply
    report = ingest([tmp_path / "a.txt", tmp_path / "b.txt"], tmp_path / "store", extractor=extractor)
    assert report.failed_chunks == 1 and report.chunks == 2 and report.llm_calls == 4
    store = triples(tmp_path / "store")
    mentioned = {o for _, p, o in store if p == f"<{DOC_MENTIONS}>"}
    assert mentioned == {"<http://cacherag.dev/doc/entity/tova%20renn>", "<http://cacherag.dev/doc/entity/mira%20quell>"}

    (tmp_path / "a.txt").write_text("Keanu Reeves admired Tova Renn. ", encoding="utf-8")  # changed: asked again
    ingest([tmp_path / "a.txt"], tmp_path / "store", extractor=extractor)
    store = triples(tmp_path / "store")
    assert ("<http://cacherag.dev/demo/Keanu_Reeves>", "<http://cacherag.dev/doc/relation/admired>",
            "<http://cacherag.dev/doc/entity/tova%20renn>") in store  # the demo graph's node, not a new one


def test_documents_ingested_into_an_existing_graph_answer_beside_it(docs: Path, tmp_path: Path,
                                                                     memory_dir: str) -> None:
    from cacherag.tools.importers import import_to_store
    from cacherag.tools.sources import demo_path

    store = tmp_path / "kb"
    import_to_store(demo_path(), store)
    with pytest.raises(SystemExit) as done:  # the store links to its own labels while a copy is written
        main(["ingest", str(docs), "--store", str(store), "--link-to", str(store)])
    assert done.value.code == 0
    rag = CacheRAG(str(store), memory_dir=memory_dir)
    matrix = rag.ask("Who directed The Matrix?")
    assert {a.label for a in matrix.answers} == {"Lana Wachowski", "Lilly Wachowski"}
    assert not [e for e in matrix.evidence if e.source == "passage"]  # no chunk states who directed it
    festival = rag.ask("Which passages mention Blade Runner?")
    assert [a.label for a in festival.answers] == ["festival.md #1"]
    assert FESTIVAL in [e for e in festival.evidence if e.source == "passage"][0].object
