"""A store's label index: built by ``cacherag load`` inside the store, reused by every process that asks,
set aside when the store or the labelling no longer matches it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest

from cacherag.api import CacheRAG
from cacherag.cli import main as cacherag
from cacherag.graphs.resources import close_all, view_for
from cacherag.graphs.state import Step
from cacherag.nodes.subgraph import evidence
from cacherag.tools.graph_view import GraphView
from cacherag.tools.importers import import_to_store
from cacherag.tools.label_index import STORE_INDEX, open_store_index
from cacherag.tools.oxigraph_backend import OxigraphKG

DATA = Path(__file__).parent / "data"
FILES = [DATA / "saga.ttl", DATA / "saga_ontology.ttl"]
R = "http://example.org/saga/resource/"
V = "http://example.org/saga/vocabulary/"


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    store = tmp_path_factory.mktemp("saga") / "store"
    import_to_store(FILES, store)
    return store


@pytest.fixture
def store(loaded: Path, tmp_path: Path) -> Path:
    """A copy of the loaded store for tests that change it (copying keeps the files' times)."""
    copy = tmp_path / "store"
    shutil.copytree(loaded, copy)
    return copy


def _ask(store: Path, tmp_path: Path, question: str, **context: Any) -> tuple[set[str], GraphView]:
    close_all()
    rag = CacheRAG(str(store), memory_dir=str(tmp_path / "memory"), **context)
    try:
        answer = rag.ask(question)
        return {a.label for a in answer.answers}, view_for(rag.context)
    finally:
        rag.close()


def test_load_leaves_a_complete_label_index_in_the_store(loaded: Path) -> None:
    assert (loaded / STORE_INDEX).is_file()
    index = open_store_index(OxigraphKG.open(loaded), loaded)
    assert index is not None and index.complete
    try:
        assert {m.text: m.nodes for m in index.mentions("Which species is Oru?")}["Oru"] == (f"<{R}oru_7>",)  # alt
        assert index.predicate_labels[f"<{V}homeworld>"] == "home world"  # the ontology's label, lower-cased
    finally:
        index.close()


@pytest.mark.parametrize(("question", "expected"), [
    ("What is the homeworld of Vel Tamsin?", {"Koss Prime"}),  # an ontology label written as one word
    ("Which species is Oru?", {"Droid"}),  # an alternative name links
    ("Who pilots the Wayfarer?", {"Kara Voss", "Dax Orrin"}),  # shown in English, listed after other scripts
])
def test_questions_on_a_loaded_store_link_from_its_index_never_reading_every_label(
        loaded: Path, tmp_path: Path, question: str, expected: set[str]) -> None:
    answers, view = _ask(loaded, tmp_path, question)
    assert answers == expected
    assert view.index is not None and view.index.path == loaded / STORE_INDEX
    assert "label_rows" not in view.kg.__dict__  # no process-wide label scan: the index on disk served it


def test_a_store_written_after_load_is_read_without_its_stale_index(store: Path, tmp_path: Path) -> None:
    writer = ox.Store(str(store))  # another tool writes to the store: the index no longer describes it
    writer.add(ox.Quad(ox.NamedNode(f"{R}zora"), ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"),
                       ox.Literal("Zora Quell")))
    writer.add(ox.Quad(ox.NamedNode(f"{R}zora"), ox.NamedNode(f"{V}homeworld"), ox.NamedNode(f"{R}teluun")))
    writer.flush()
    del writer
    answers, view = _ask(store, tmp_path, "What is the homeworld of Zora Quell?")
    assert answers == {"Teluun"}
    assert view.index is None  # the labels were read into memory, the new one with them
    # `cacherag index STORE` rebuilds it for the store as it is now.
    with pytest.raises(SystemExit) as done:
        cacherag(["index", str(store)])
    assert done.value.code == 0
    answers, view = _ask(store, tmp_path, "What is the homeworld of Zora Quell?")
    assert answers == {"Teluun"}
    assert view.index is not None


def test_extending_a_store_with_load_rebuilds_its_index(store: Path, tmp_path: Path) -> None:
    extra = tmp_path / "extra.ttl"
    extra.write_text(f'<{R}zora> <http://www.w3.org/2000/01/rdf-schema#label> "Zora Quell" ; '
                     f'<{V}homeworld> <{R}teluun> .\n')
    import_to_store([extra], store)
    answers, view = _ask(store, tmp_path, "What is the homeworld of Zora Quell?")
    assert answers == {"Teluun"}
    assert view.index is not None


def test_another_labelling_does_not_use_the_index_built_for_the_default(loaded: Path, tmp_path: Path) -> None:
    # Relation labels and their other names depend on the languages preferred: the index holds the defaults'.
    answers, view = _ask(loaded, tmp_path, "Which starship does Kara Voss pilot?", languages="de,en")
    assert answers == {"Wanderer"}
    assert view.index is None


class CountingKG(OxigraphKG):
    """Counts the label lookups sent to the graph."""

    calls = 0

    def labels_for(self, nodes: Any) -> dict[str, str]:
        self.calls += 1
        return super().labels_for(nodes)


def test_evidence_is_labelled_in_one_lookup_and_the_answers_need_none(loaded: Path) -> None:
    kg = CountingKG(ox.Store.read_only(str(loaded)))
    index = open_store_index(kg, loaded)
    assert index is not None
    view = GraphView(kg, index)
    pilot: Step = {"predicate": f"<{V}pilot>", "inverse": False, "label": "pilot"}
    starships = [f"<{R}{name}>" for name in ("wayfarer", "night_lance")]
    pilots = [dst for _, dst in kg.follow(starships, pilot)]
    assert len(pilots) >= 3
    triples = evidence(view, [(src, pilot, dst, 1) for src, dst in kg.follow(starships, pilot)], "plan")
    assert kg.calls == 1
    assert {t["o_label"] for t in triples} >= {"Kara Voss", "Dax Orrin", "Vel Tamsin"}
    assert view.labels_of(pilots) == {p: view.labels_of([p])[p] for p in pilots}
    assert kg.calls == 1  # the answers' labels were already known from the evidence
    index.close()


def test_the_index_links_every_question_as_the_in_memory_index_does(loaded: Path) -> None:
    kg = OxigraphKG.open(loaded)
    index = open_store_index(kg, loaded)
    assert index is not None
    in_memory = GraphView(kg)
    questions = [line.split("\t")[0] for line in (Path(__file__).parents[1] / "benchmarks" / "saga_questions.tsv")
                 .read_text().splitlines() if line and not line.startswith("#")]
    try:
        # the last two: a name before a possessive, beside another label
        for question in [*questions, "Who is Oru?", "Wer ist Kara Voss?", "who directed the embr gate",
                         "What is Dax Orrin's species?", "Which planet is Vel Tamsin’s home?",
                         "How tall is Orrin?", "What is Voss's home world?", "Which species is Tamsin?"]:
            assert index.mentions(question) == in_memory.labels.mentions(question), question
        assert GraphView(kg, index).relation_aliases == in_memory.relation_aliases
    finally:
        index.close()
