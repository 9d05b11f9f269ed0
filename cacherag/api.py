"""The public Python API: ``CacheRAG(kg).ask(question) -> Answer``."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Literal

import pyoxigraph as ox
from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field
from rdflib import Graph

from cacherag.batching import answer_in_cache_order
from cacherag.graphs.context import Context
from cacherag.graphs.qa import graph as qa_graph
from cacherag.graphs.resources import register_chat_model, resources
from cacherag.tools.kg import KnowledgeGraph, QueryResult
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.rdflib_backend import RdflibKG
from cacherag.tools.sources import register_kg

_ids = itertools.count(1)


class RankedAnswer(BaseModel):
    label: str
    node: str
    score: float = Field(description="Number of supporting paths in the subgraph.")


class Evidence(BaseModel):
    subject: str
    predicate: str
    object: str
    text: str = Field(description="'subject —predicate→ object' with readable labels.")
    hop: int
    source: str = Field(description="Which operator found it: plan, depth or breadth.")


class Answer(BaseModel):
    """What cacherag answered, with the SPARQL that ran, the evidence and what it cost."""

    question: str
    status: Literal["answered", "missing"]
    answer: str
    answers: list[RankedAnswer] = Field(default_factory=list)
    reason: str = ""
    topic: str | None = None
    plan: list[dict[str, Any]] = Field(default_factory=list)
    plan_source: str | None = None
    sparql: list[str] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    trace: dict[str, Any] = Field(default_factory=dict)

    @property
    def plan_cache_hit(self) -> bool:
        return bool(self.trace.get("plan_cache_hit"))

    @property
    def llm_calls(self) -> int:
        return int(self.trace.get("llm_calls", 0))

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Answer:
        plan = state.get("plan") or {}
        topic = state.get("topic")
        return cls(
            question=state["question"],
            status=state.get("status", "missing"),
            answer=state.get("answer", ""),
            answers=[RankedAnswer(**a) for a in state.get("answers", [])],
            reason=state.get("reason", ""),
            topic=topic["label"] if topic else None,
            plan=list(plan.get("steps", [])),
            plan_source=plan.get("source"),
            sparql=list(plan.get("sparql", [])),
            evidence=[
                Evidence(subject=t["s"], predicate=t["p"], object=t["o"],
                         text=f"{t['s_label']} —{t['p_label']}→ {t['o_label']}", hop=t["hop"], source=t["source"])
                for t in state.get("subgraph", [])
            ],
            trace=dict(state.get("trace") or {}),
        )


def _as_kg(kg: str | Graph | ox.Store | KnowledgeGraph) -> str:
    """A spec string for ``kg``; objects are registered under a fresh name."""
    if isinstance(kg, str):
        return kg
    if isinstance(kg, Graph):
        kg = RdflibKG(kg, "rdflib")
    elif isinstance(kg, ox.Store):
        kg = OxigraphKG(kg, "oxigraph")
    return register_kg(f"{kg.name}-{next(_ids)}", kg)


class CacheRAG:
    """Question answering over one knowledge graph, remembering what worked.

    >>> rag = CacheRAG("demo", memory_dir=tmp_memory)
    >>> rag.ask("Who directed The Matrix?").answers[0].label in {"Lana Wachowski", "Lilly Wachowski"}
    True
    """

    def __init__(self, kg: str | Graph | ox.Store | KnowledgeGraph = "demo", *,
                 model: str | BaseChatModel = "offline", **context: Any) -> None:
        if isinstance(model, BaseChatModel):
            model = register_chat_model(f"chat-model-{next(_ids)}", model)
        self.context = Context(kg=_as_kg(kg), model=model, **context)
        self.graph = qa_graph

    def ask(self, question: str) -> Answer:
        """Answer one question (unknown entities give status 'missing' with a reason, not an error)."""
        return Answer.from_state(self.graph.invoke({"question": question}, context=self.context))

    async def aask(self, question: str) -> Answer:
        return Answer.from_state(await self.graph.ainvoke({"question": question}, context=self.context))

    def batch(self, questions: Sequence[str], max_concurrency: int | None = None, *,
              reorder: bool = False) -> list[Answer]:
        """Answer ``questions``; the answers come back in the caller's order.

        ``reorder``: answer them one after another in Mnemosyne's cache-aware order (questions about the same
        entities side by side, those sharing no entity with any other without the request caches).
        """
        if reorder:
            return answer_in_cache_order(self, questions)
        states = self.graph.batch([{"question": q} for q in questions], context=self.context,
                                  config={"max_concurrency": max_concurrency} if max_concurrency else None)
        return [Answer.from_state(s) for s in states]

    def query(self, sparql: str) -> QueryResult:
        """Run a read-only SPARQL query (writes and SERVICE are refused; a LIMIT is always applied)."""
        return resources(self.context).view.kg.query(sparql)

    @property
    def memory(self) -> Any:
        return resources(self.context).memory

    def close(self) -> None:
        self.memory.flush()
