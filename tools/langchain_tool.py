"""cacherag as a LangChain tool: agents ask the knowledge graph a question by tool calling.

The tool's content is a compact, model-readable string (the answers, a few evidence facts and the SPARQL
that ran); its artifact is the full :class:`cacherag.Answer`, so the application keeps the evidence, the
plan and the trace without spending tokens on them. Typed errors become an error ``ToolMessage`` the
agent can act on (no traceback); unexpected exceptions still raise.

    tool = CacheRAGTool(kg="demo")
    message = tool.invoke({"type": "tool_call", "id": "1", "name": "cacherag",
                           "args": {"question": "Who directed The Matrix?"}})
    message.content   # "Answer: Lana Wachowski; Lilly Wachowski\nEvidence: …\nSPARQL: SELECT …"
    message.artifact  # cacherag.Answer
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from langchain_core.callbacks import AsyncCallbackManagerForToolRun, CallbackManagerForToolRun
from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool, ToolException
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, create_model

from cacherag.api import Answer, CacheRAG
from cacherag.graphs.resources import register_chat_model
from cacherag.tools.errors import (
    CacheRAGError,
    ConfigurationError,
    EmptyGraphError,
    EndpointUnavailableError,
    MalformedQueryError,
    QueryTimeoutError,
    ReadOnlyViolationError,
    StoreError,
)
from cacherag.tools.sources import kg_name

MAX_FACTS = 5
MAX_ANSWERS = 20
MAX_SPARQL_CHARS = 600

_HINTS: dict[type[CacheRAGError], str] = {
    QueryTimeoutError: "the query took too long; ask a narrower question (one entity, fewer hops)",
    EndpointUnavailableError: "the SPARQL endpoint is unreachable right now; retry later or use another "
                              "knowledge graph",
    StoreError: "the knowledge graph cannot be opened; use another knowledge graph",
    EmptyGraphError: "the knowledge graph holds no data; use another knowledge graph",
    MalformedQueryError: "the generated query was invalid; rephrase the question",
    ReadOnlyViolationError: "only read queries are allowed; ask a question instead of requesting a change",
    ConfigurationError: "the tool is misconfigured; tell the user",
}


class CacheRAGInput(BaseModel):
    """Arguments of the cacherag tool."""

    question: str = Field(description="One self-contained factual question that names its entity, "
                                      "e.g. 'Who directed The Matrix?'.")
    kg: str | None = Field(default=None, description="Name of the knowledge graph to ask; omit for the default.")


def hint_for(error: CacheRAGError) -> str:
    """What a caller (an agent, a user) can do about ``error``."""
    for kind, hint in _HINTS.items():
        if isinstance(error, kind):
            return hint
    return "rephrase the question or use another knowledge graph"


def error_message(error: CacheRAGError, kg: str) -> str:
    """One line an agent can act on: what failed, where, and what to do (never a traceback)."""
    return f"Error from knowledge graph '{kg}': {type(error).__name__}: {error}. Hint: {hint_for(error)}."


def explain_invalid_arguments(error: Exception) -> str:
    """The tool's reply to malformed arguments: which argument is wrong and how to call it instead."""
    problems = []
    for item in getattr(error, "errors", lambda: [])():
        where = ".".join(str(part) for part in item.get("loc", ())) or "arguments"
        problems.append(f"{where}: {item.get('msg', 'invalid')}")
    return (f"Invalid arguments ({'; '.join(problems) or error}). Call the tool again with "
            "{'question': '<one question naming its entity>'} and optionally 'kg' set to one of the listed "
            "knowledge graphs.")


def format_answer(answer: Answer, kg: str, *, max_facts: int = MAX_FACTS) -> str:
    """The compact tool content: answers, a few evidence facts and the SPARQL, in a few lines."""
    if answer.status != "answered":
        return (f"No answer in knowledge graph '{kg}': {answer.reason or answer.answer}. "
                "Rephrase with the entity's exact name, ask about another relation, or try another graph.")
    labels = [a.label for a in answer.answers[:MAX_ANSWERS]]
    more = len(answer.answers) - len(labels)
    lines = [f"Answer: {'; '.join(labels) + (f' (+{more} more)' if more > 0 else '') if labels else answer.answer}"]
    if answer.evidence:
        final = {a.node for a in answer.answers}
        # Facts that name an answer first: they are the ones the answer rests on.
        facts = sorted(answer.evidence, key=lambda e: (e.subject not in final and e.object not in final, e.hop))
        shown = [f.text for f in facts[:max_facts]]
        extra = len(facts) - len(shown)
        lines.append(f"Evidence: {' | '.join(shown)}{f' | … {extra} more facts' if extra > 0 else ''}")
    elif labels:
        lines.append(f"Note: {answer.reason}")
    for query in answer.sparql:
        text = " ".join(query.split())
        lines.append(f"SPARQL: {text[:MAX_SPARQL_CHARS]}{' …' if len(text) > MAX_SPARQL_CHARS else ''}")
    return "\n".join(lines)


def graph_name(kg: Any) -> str:
    """A short name for a graph spec or object ('demo', a file's stem, an endpoint's host, a backend's name)."""
    if isinstance(kg, str):
        return kg_name(kg)
    return str(getattr(kg, "name", "") or "default")


class Engines:
    """One :class:`CacheRAG` per knowledge-graph name, built once (cheap: graphs open on first use)."""

    def __init__(self, kgs: Mapping[str, Any], model: str | BaseChatModel, context: Mapping[str, Any]) -> None:
        if not kgs:
            raise ConfigurationError("at least one knowledge graph is needed")
        if isinstance(model, BaseChatModel):  # register once, not once per graph
            model = register_chat_model(f"tool-model-{id(model)}", model)
        self.default = next(iter(kgs))
        self._engines = {name: CacheRAG(spec, model=model, **dict(context)) for name, spec in kgs.items()}
        # Several graphs: a question that names none is routed by the graphs' descriptions (CacheRAG A.7).
        self.routed = CacheRAG(kgs=dict(kgs), model=model, **dict(context)) if len(kgs) > 1 else None

    @property
    def names(self) -> list[str]:
        return list(self._engines)

    def get(self, name: str | None) -> tuple[str, CacheRAG]:
        if name is None and self.routed is not None:
            return "routed", self.routed
        name = name or self.default
        engine = self._engines.get(name)
        if engine is None:
            raise ConfigurationError(f"unknown knowledge graph {name!r}; choose one of {', '.join(self.names)}")
        return name, engine

    @staticmethod
    def ask(engine: CacheRAG, question: str, callbacks: Any = None) -> Answer:
        if engine.router is not None:
            return engine.ask(question)
        config = {"callbacks": callbacks} if callbacks is not None else None
        return Answer.from_state(engine.graph.invoke({"question": question}, config, context=engine.context))

    @staticmethod
    async def aask(engine: CacheRAG, question: str, callbacks: Any = None) -> Answer:
        if engine.router is not None:
            return await engine.aask(question)
        config = {"callbacks": callbacks} if callbacks is not None else None
        return Answer.from_state(await engine.graph.ainvoke({"question": question}, config, context=engine.context))

    @staticmethod
    def shown_name(name: str, answer: Answer) -> str:
        """The graph an answer came from (a routed question names the graph that answered)."""
        return str(answer.trace.get("answered_by") or answer.trace.get("routed_to") or name)


class CacheRAGTool(BaseTool):
    """Ask a knowledge graph a question; content = compact answer, artifact = the full ``Answer``.

    ``kg`` is the default graph (a spec string — 'demo', an RDF file, a store directory, an endpoint URL —
    or an ``rdflib.Graph``/``pyoxigraph.Store``/``KnowledgeGraph``; 'demo' when neither ``kg`` nor ``kgs``
    is given); ``kgs`` adds graphs by name, which the agent picks with the ``kg`` argument; when it passes
    none, the question is routed by the graphs' self-updating descriptions (CacheRAG A.7). Only these
    names can be asked: the agent never passes a path or a URL. ``context`` holds
    any other ``Context`` field (``memory_dir``, ``k_depth``, …); ``model`` is 'offline' or a chat model
    (a provider string or a ``BaseChatModel``).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    name: str = "cacherag"
    description: str = (
        "Answer a factual question from a knowledge graph, with the supporting facts and the SPARQL query "
        "that found them. Input one self-contained question that names its entity (e.g. 'Who directed "
        "The Matrix?'); multi-hop questions are fine. If the graph has no answer it says why."
    )
    args_schema: type[BaseModel] = CacheRAGInput
    response_format: Literal["content", "content_and_artifact"] = "content_and_artifact"
    handle_tool_error: bool = True
    handle_validation_error: Any = Field(default_factory=lambda: explain_invalid_arguments)

    kg: Any = None
    kgs: dict[str, Any] = Field(default_factory=dict)
    model: Any = "offline"
    context: dict[str, Any] = Field(default_factory=dict)
    max_facts: int = MAX_FACTS

    _engines: Engines = PrivateAttr()

    def model_post_init(self, __context: Any) -> None:
        graphs = dict(self.kgs)
        if self.kg is not None or not graphs:
            default = "demo" if self.kg is None else self.kg
            graphs = {graph_name(default): default, **graphs}
        self._engines = Engines(graphs, self.model, self.context)
        names = self._engines.names
        if len(names) > 1:  # let the model see (and be held to) the graphs it may choose from
            choice = Literal[tuple(names)]  # type: ignore[valid-type]
            self.args_schema = create_model(
                "CacheRAGInput", __base__=CacheRAGInput,
                kg=(choice | None, Field(default=None, description=f"Knowledge graph to ask: one of "
                                                                   f"{', '.join(names)}; omit it to let cacherag "
                                                                   "route the question by the graphs' contents.")),
            )
            self.description = f"{self.description} Knowledge graphs: {', '.join(names)}."

    @property
    def kg_names(self) -> list[str]:
        return self._engines.names

    def _run(self, question: str, kg: str | None = None,
             run_manager: CallbackManagerForToolRun | None = None) -> tuple[str, Answer]:
        name = kg or self._engines.default
        try:
            name, engine = self._engines.get(kg)
            answer = self._engines.ask(engine, question, run_manager.get_child() if run_manager else None)
        except CacheRAGError as exc:
            raise ToolException(error_message(exc, name)) from exc
        return format_answer(answer, self._engines.shown_name(name, answer), max_facts=self.max_facts), answer

    async def _arun(self, question: str, kg: str | None = None,
                    run_manager: AsyncCallbackManagerForToolRun | None = None) -> tuple[str, Answer]:
        name = kg or self._engines.default
        try:
            name, engine = self._engines.get(kg)
            answer = await self._engines.aask(engine, question, run_manager.get_child() if run_manager else None)
        except CacheRAGError as exc:
            raise ToolException(error_message(exc, name)) from exc
        return format_answer(answer, self._engines.shown_name(name, answer), max_facts=self.max_facts), answer
