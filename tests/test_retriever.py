"""cacherag as a LangChain retriever: the standard suite, the verbalized evidence, a RAG chain, errors."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from langchain_core.documents import Document
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough
from langchain_tests.integration_tests import RetrieversIntegrationTests

from cacherag.tools.errors import StoreError
from cacherag.tools.retriever import CacheRAGRetriever

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.filterwarnings("ignore:.*is marked with '@pytest.mark.asyncio' but it is not an async function"),
]

# Removed when the test process ends, so test runs leave nothing in the temporary directory.
_SCRATCH = tempfile.TemporaryDirectory(prefix="cacherag-retriever-tests-", ignore_cleanup_errors=True)
MEMORY = _SCRATCH.name
DEMO = "http://cacherag.dev/demo/"
CAST = {"Leonardo DiCaprio", "Joseph Gordon-Levitt", "Elliot Page", "Tom Hardy"}


class TestCacheRAGRetrieverStandard(RetrieversIntegrationTests):
    @property
    def retriever_constructor(self) -> type[CacheRAGRetriever]:
        return CacheRAGRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, Any]:
        return {"kg": "demo", "context": {"memory_dir": MEMORY}}

    @property
    def retriever_query_example(self) -> str:
        return "Which actors starred in Inception?"  # four starring facts in the demo graph


@pytest.fixture(scope="module")
def retriever() -> CacheRAGRetriever:
    return CacheRAGRetriever(kg="demo", k=10, context={"memory_dir": MEMORY})


def test_one_document_per_supporting_fact(retriever: CacheRAGRetriever) -> None:
    docs = retriever.invoke("Who directed The Matrix?")
    assert sorted(d.page_content for d in docs) == ["The Matrix —directed by→ Lana Wachowski",
                                                    "The Matrix —directed by→ Lilly Wachowski"]
    meta = docs[0].metadata
    assert meta["kind"] == "fact"
    assert meta["subject"] == f"<{DEMO}The_Matrix>" and meta["predicate"] == f"<{DEMO}directedBy>"
    assert meta["object"] in {f"<{DEMO}Lana_Wachowski>", f"<{DEMO}Lilly_Wachowski>"}
    assert meta["iris"] == [meta["subject"], meta["predicate"], meta["object"]]
    assert meta["hop"] == 1 and meta["score"] == 1.0 and meta["source"] == "plan"
    assert meta["sparql"].startswith("SELECT") and f"<{DEMO}directedBy>" in meta["sparql"]
    assert meta["question"] == "Who directed The Matrix?" and meta["kg"] == "demo" and meta["topic"] == "The Matrix"


def test_two_hop_facts_come_with_their_paths(retriever: CacheRAGRetriever) -> None:
    docs = retriever.invoke("Who wrote the films directed by Ridley Scott?")
    assert {d.metadata["hop"] for d in docs} == {1, 2}
    # Each writer's fact is followed by the fact that links its film to the topic entity.
    first, second = docs[0], docs[1]
    assert first.metadata["hop"] == 2 and second.metadata["hop"] == 1
    assert first.metadata["subject"] == second.metadata["subject"]  # the same film
    assert second.metadata["object"] == f"<{DEMO}Ridley_Scott>"
    assert all(d.metadata["score"] == 1.0 for d in docs)


def test_entity_stars(tmp_path: Path) -> None:
    stars = CacheRAGRetriever(kg="demo", k=10, granularity="entity", context={"memory_dir": MEMORY})
    docs = stars.invoke("Who wrote the films directed by Ridley Scott?")
    by_label = {d.metadata["label"]: d for d in docs}
    assert {"Dan O'Bannon", "Callie Khouri", "David Peoples", "Hampton Fancher"} <= set(by_label)
    alien = by_label["Dan O'Bannon"]
    assert alien.page_content == "Dan O'Bannon: Alien —directed by→ Ridley Scott; Alien —written by→ Dan O'Bannon"
    assert alien.metadata["iri"] == f"<{DEMO}Dan_OBannon>" and alien.metadata["hop"] == 2
    assert alien.metadata["facts"] == 2 and f"<{DEMO}Alien>" in alien.metadata["iris"]
    assert all(d.metadata["kind"] == "entity" for d in docs)


async def test_async_and_per_call_k(retriever: CacheRAGRetriever) -> None:
    docs = await retriever.ainvoke("Which actors starred in Inception?", k=2)
    assert len(docs) == 2
    assert all(d.page_content.startswith("Inception —starring→ ") for d in docs)
    everything = await retriever.ainvoke("Which actors starred in Inception?")
    assert {d.page_content.removeprefix("Inception —starring→ ") for d in everything} == CAST


def test_a_question_without_answer_gives_no_documents(retriever: CacheRAGRetriever) -> None:
    assert retriever.invoke("What is the capital of Mars?") == []


def test_typed_errors_raise(tmp_path: Path) -> None:
    broken = CacheRAGRetriever(kg=str(tmp_path / "gone.ttl"), context={"memory_dir": MEMORY})
    with pytest.raises(StoreError):
        broken.invoke("Who directed The Matrix?")


def test_in_a_rag_chain(retriever: CacheRAGRetriever) -> None:
    prompt = ChatPromptTemplate.from_template("Facts:\n{facts}\n\nQuestion: {question}")
    seen: list[str] = []

    def fake_llm(value: Any) -> str:
        seen.append(value.to_string())
        return "answer"

    def facts(docs: list[Document]) -> str:
        return "\n".join(d.page_content for d in docs)

    chain = {"facts": retriever | facts, "question": RunnablePassthrough()} | prompt | RunnableLambda(fake_llm)
    assert chain.invoke("Which actors starred in Inception?") == "answer"
    (text,) = seen
    assert all(f"Inception —starring→ {actor}" in text for actor in CAST)
    assert text.endswith("Question: Which actors starred in Inception?")


def test_documents_have_stable_ids(retriever: CacheRAGRetriever) -> None:
    two_hop = retriever.invoke("Who wrote the films directed by Ridley Scott?")
    ids = [d.id for d in two_hop]
    assert all(ids) and len(set(ids)) == len(ids)  # every document has one, no two share it
    assert [d.id for d in retriever.invoke("Who wrote the films directed by Ridley Scott?")] == ids
    one_hop = {d.page_content: d.id for d in retriever.invoke("Who directed Alien?")}
    same_fact = next(d for d in two_hop if d.page_content == "Alien —directed by→ Ridley Scott")
    assert one_hop["Alien —directed by→ Ridley Scott"] == same_fact.id  # a fact's id is the fact's, not the query's
