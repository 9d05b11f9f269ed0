"""cacherag as a LangChain retriever: the evidence subgraph of an answer, verbalized as documents.

Two granularities:

- ``"fact"`` (default): one document per supporting triple, ``"The Matrix —directed by→ Lana Wachowski"``,
  with the triple's IRIs, its hop from the topic entity and the operator that found it;
- ``"entity"``: one document per answer entity — its *star* in the evidence: every fact on a path from
  the topic entity to it, topic side first.

Documents come in answer-rank order: the facts (or star) of the best-supported answer first, each fact
once; facts that lead to no answer come last. ``score`` is the support of the best answer a document
leads to (number of supporting paths), relative to the top answer's, in [0, 1]; facts off every answer
path score 0. Metadata also carries the SPARQL that ran, so a chain can cite its query.

A question the graph cannot answer gives no documents; a typed error (unreachable endpoint, timeout,
missing store) raises, as retrievers do.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any, Literal

from langchain_core.callbacks import AsyncCallbackManagerForRetrieverRun, CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, PrivateAttr

from cacherag.api import Answer, Evidence
from cacherag.tools.langchain_tool import Engines, graph_name


def answer_paths(answer: Answer) -> dict[str, list[Evidence]]:
    """For each answer node, the evidence facts on its paths from the topic, topic side first.

    Walks back from the answer hop by hop: the facts at the answer's hop that touch it, then the facts one
    hop closer that touch those facts' other ends, and so on to hop 1.
    """
    by_hop: dict[int, list[Evidence]] = defaultdict(list)
    for fact in answer.evidence:
        by_hop[fact.hop].append(fact)
    paths: dict[str, list[Evidence]] = {}
    for ranked in answer.answers:
        touching = [f for f in answer.evidence if ranked.node in (f.subject, f.object)]
        if not touching:
            paths[ranked.node] = []
            continue
        hop = max(f.hop for f in touching)
        frontier, chain = {ranked.node}, []
        while hop >= 1 and frontier:
            level = [f for f in by_hop.get(hop, []) if f.subject in frontier or f.object in frontier]
            chain = level + chain
            frontier = {f.object if f.subject in frontier else f.subject for f in level}
            hop -= 1
        paths[ranked.node] = chain
    return paths


def _key(fact: Evidence) -> tuple[str, str, str]:
    return fact.subject, fact.predicate, fact.object


def document_id(kind: str, *parts: object) -> str:
    """A stable ``Document.id``: the same fact (or the same answer entity on the same facts) gets the same
    id in every call, so a vector store that upserts by id never holds a fact twice."""
    return f"{kind}:{hashlib.sha1(json.dumps([kind, *parts]).encode()).hexdigest()[:20]}"


class CacheRAGRetriever(BaseRetriever):
    """Retrieve the evidence cacherag found for a question, as LangChain documents.

    ``kg`` is the graph (spec string or ``rdflib.Graph``/``pyoxigraph.Store``/``KnowledgeGraph``), ``k``
    the number of documents (also a per-call keyword: ``retriever.invoke(q, k=2)``), ``granularity``
    ``"fact"`` or ``"entity"``; ``context`` holds any other ``Context`` field, ``model`` the reasoner.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    kg: Any = "demo"
    k: int = Field(default=4, ge=1)
    granularity: Literal["fact", "entity"] = "fact"
    model: Any = "offline"
    context: dict[str, Any] = Field(default_factory=dict)

    _engines: Engines = PrivateAttr()

    def model_post_init(self, __context: Any) -> None:
        self._engines = Engines({graph_name(self.kg): self.kg}, self.model, self.context)

    # -- documents ----------------------------------------------------------------------------------------
    def documents(self, answer: Answer, k: int | None = None) -> list[Document]:
        """The documents for an already computed ``answer`` (best first, at most ``k``)."""
        if answer.status != "answered" or not answer.evidence:
            return []
        k = self.k if k is None else k
        make = self._entity_documents if self.granularity == "entity" else self._fact_documents
        return make(answer)[:k]

    def _common(self, answer: Answer) -> dict[str, Any]:
        return {"question": answer.question, "kg": self._engines.default, "topic": answer.topic,
                "sparql": "\n".join(answer.sparql)}

    def _fact_documents(self, answer: Answer) -> list[Document]:
        paths = answer_paths(answer)
        top = max((a.score for a in answer.answers), default=0.0) or 1.0
        scored: dict[tuple[str, str, str], tuple[float, Evidence]] = {}
        for ranked in answer.answers:  # answer-rank order: a fact is listed with its best answer
            for fact in reversed(paths.get(ranked.node, [])):  # the fact naming the answer first
                scored.setdefault(_key(fact), (round(ranked.score / top, 4), fact))
        for fact in answer.evidence:
            scored.setdefault(_key(fact), (0.0, fact))
        common = self._common(answer)
        return [
            Document(
                id=document_id("fact", fact.subject, fact.predicate, fact.object),
                page_content=fact.text,
                metadata={**common, "kind": "fact", "subject": fact.subject, "predicate": fact.predicate,
                          "object": fact.object, "iris": [fact.subject, fact.predicate, fact.object],
                          "hop": fact.hop, "score": score, "source": fact.source},
            )
            for score, fact in scored.values()
        ]

    def _entity_documents(self, answer: Answer) -> list[Document]:
        paths = answer_paths(answer)
        top = max((a.score for a in answer.answers), default=0.0) or 1.0
        common = self._common(answer)
        documents = []
        for ranked in answer.answers:
            facts = paths.get(ranked.node, [])
            if not facts:
                continue
            nodes = list(dict.fromkeys(n for f in facts for n in (f.subject, f.predicate, f.object)))
            documents.append(Document(
                id=document_id("entity", ranked.node, sorted(_key(f) for f in facts)),
                page_content=f"{ranked.label}: " + "; ".join(f.text for f in facts),
                metadata={**common, "kind": "entity", "iri": ranked.node, "label": ranked.label, "iris": nodes,
                          "hop": max(f.hop for f in facts), "score": round(ranked.score / top, 4),
                          "facts": len(facts)},
            ))
        return documents

    # -- BaseRetriever ------------------------------------------------------------------------------------
    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun,
                                k: int | None = None) -> list[Document]:
        _, engine = self._engines.get(None)
        return self.documents(self._engines.ask(engine, query, run_manager.get_child()), k)

    async def _aget_relevant_documents(self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun,
                                       k: int | None = None) -> list[Document]:
        _, engine = self._engines.get(None)
        return self.documents(await self._engines.aask(engine, query, run_manager.get_child()), k)
