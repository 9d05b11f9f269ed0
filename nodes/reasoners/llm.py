"""The LLM reasoner: any LangChain chat model, structured outputs, prompts from ``cacherag.prompts``.

It is spent only where the offline reasoner cannot be trusted: on plan misses. Linking, cache hits,
their dispatch and their summary stay deterministic, so a hit costs no LLM call at all.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, TypeVar

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from pydantic import BaseModel, Field

from cacherag import prompts
from cacherag.graphs.state import ISR, Answer, Example, Step, Triple
from cacherag.nodes.reasoners.base import DispatchDecision, PlanView, Reasoned
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import Mention

M = TypeVar("M", bound=BaseModel)


class ISROutput(BaseModel):
    """Schema-agnostic reading of the question."""

    main_entity: str = Field(description="The span naming the entity asked about, copied verbatim.")
    constraints: list[str] = Field(default_factory=list, description="Constraints in the user's words.")
    aspect: str = Field(default="", description="One or two words naming what is asked for.")


class PlanOutput(BaseModel):
    """A relation path chosen from numbered predicates."""

    reasoning: str = Field(default="", description="Brief step-by-step grounding of the constraints.")
    hops: list[int] = Field(description="Numbers of the chosen predicates, first hop first.")


class DispatchOutput(BaseModel):
    """Completeness verdict and, if incomplete, where to go next."""

    complete: bool = Field(description="True if the evidence answers the question.")
    next_predicate: int | None = Field(default=None, description="Number of the predicate to follow next.")
    broad_scan: bool = Field(default=False, description="True to scan the whole neighbourhood instead.")
    reason: str = Field(default="", description="One short sentence.")


def _numbered(edges: list[SchemaEdge], start: int = 1) -> str:
    return "\n".join(
        f"{i}. {e.label} ({'incoming' if e.inverse else 'outgoing'})" for i, e in enumerate(edges, start)
    )


def _evidence(triples: list[Triple], limit: int = 30) -> str:
    return "\n".join(f"- {t['s_label']} | {t['p_label']} | {t['o_label']}" for t in triples[:limit]) or "(none)"


def _path(steps: list[Step]) -> str:
    return " / ".join(s["label"] + (" (incoming)" if s["inverse"] else "") for s in steps)


def _tokens(message: Any) -> int:
    usage = getattr(message, "usage_metadata", None) or {}
    return int(usage.get("total_tokens", 0))


class LLMReasoner:
    """Reasoner over a LangChain chat model; deterministic parts are delegated to the offline reasoner."""

    name = "llm"
    reads_neighbourhoods = True

    def __init__(self, model: BaseChatModel, view: GraphView, embeddings: Embeddings | None = None,
                 max_hops: int = 3) -> None:
        self.model = model
        self.view = view
        self.offline = OfflineReasoner(embeddings)
        self.max_hops = max_hops

    @cached_property
    def vocabulary(self) -> list[SchemaEdge]:
        """Every predicate of the graph in both directions: the only choices for hops after the first."""
        return [SchemaEdge(p, inverse, label) for p, label in sorted(self.view.predicate_labels.items())
                for inverse in (False, True)]

    def _structured(self, prompt: Any, output: type[M], /, **variables: Any) -> Reasoned[M]:
        chain = prompt | self.model.with_structured_output(output, include_raw=True)
        result = chain.invoke(variables)
        parsed = result.get("parsed")
        if parsed is None:
            raise ValueError(f"the chat model's answer did not fit {output.__name__}: {result.get('parsing_error')}")
        return Reasoned(parsed, 1, _tokens(result.get("raw")))

    def _text(self, prompt: Any, **variables: Any) -> Reasoned[str]:
        message = (prompt | self.model).invoke(variables)
        content = message.content if isinstance(message, AIMessage) else str(message)
        return Reasoned(content if isinstance(content, str) else str(content), 1, _tokens(message))

    # -- roles ----------------------------------------------------------------------------------------
    def parse(self, question: str, mentions: list[Mention], view: GraphView, domain: str) -> Reasoned[ISR]:
        # Linking is a lookup in the graph's labels, not an LLM job; keep hits free of LLM calls.
        return self.offline.parse(question, mentions, view, domain)

    def refine_isr(self, question: str, isr: ISR) -> Reasoned[ISR]:
        out = self._structured(prompts.ISR, ISROutput, question=question)
        refined = ISR(topic_mention=out.value.main_entity or isr.get("topic_mention", ""),
                      constraints=out.value.constraints or isr.get("constraints", []),
                      domain=isr.get("domain", ""), aspect=out.value.aspect or isr.get("aspect", ""))
        return Reasoned(refined, out.llm_calls, out.tokens)

    def compile(self, question: str, isr: ISR, schema: list[SchemaEdge],
                examples: list[Example]) -> Reasoned[list[Step]]:
        if not schema:
            return Reasoned([])
        later = self.vocabulary
        shown_examples = "\n".join(f"- {ex['question']} -> {_path(ex['steps'])}" for ex in examples) or "(none)"
        schema_text = f"{_numbered(schema)}\n\nPredicates for later hops:\n{_numbered(later, len(schema) + 1)}"
        out = self._structured(prompts.COMPILE, PlanOutput, question=question,
                               topic=isr.get("topic_mention", ""), constraints="; ".join(isr.get("constraints", [])),
                               schema=schema_text, examples=shown_examples, max_hops=self.max_hops)
        steps: list[Step] = []
        for position, number in enumerate(out.value.hops[: self.max_hops]):
            pool, offset = (schema, 1) if position == 0 else (later, len(schema) + 1)
            index = number - offset
            if not 0 <= index < len(pool):
                break  # schema fidelity: an invented or out-of-place predicate ends the plan here
            steps.append(pool[index].as_step())  # type: ignore[arg-type]
        return Reasoned(steps, out.llm_calls, out.tokens)

    def rank_edges(self, question: str, isr: ISR, edges: list[SchemaEdge]) -> list[tuple[SchemaEdge, float]]:
        return self.offline.rank_edges(question, isr, edges)

    def dispatch(self, view: PlanView) -> Reasoned[DispatchDecision]:
        if view.from_cache or not view.steps or not view.frontier:
            return self.offline.dispatch(view)
        path = _path(view.steps)
        frontier = ", ".join(list(view.frontier_labels.values())[:20])
        out = self._structured(prompts.DISPATCH, DispatchOutput, question=view.question, path=path,
                               frontier=frontier, evidence=_evidence(view.subgraph),
                               schema=_numbered(view.frontier_schema))
        verdict = out.value
        if verdict.complete:
            decision = DispatchDecision(True, reason=verdict.reason)
        elif verdict.next_predicate is not None and 1 <= verdict.next_predicate <= len(view.frontier_schema):
            edge = view.frontier_schema[verdict.next_predicate - 1]
            decision = DispatchDecision(False, "depth", edge.as_step(), verdict.reason)  # type: ignore[arg-type]
        else:
            decision = DispatchDecision(False, "breadth", None, verdict.reason or "broad scan requested")
        return Reasoned(decision, out.llm_calls, out.tokens)

    def summarize(self, question: str, answers: list[Answer], evidence: list[Triple],
                  from_cache: bool) -> Reasoned[str]:
        if from_cache:
            return self.offline.summarize(question, answers, evidence, from_cache)
        return self._text(prompts.SUMMARIZE, question=question,
                          answers=", ".join(a["label"] for a in answers[:20]), evidence=_evidence(evidence))

    def fallback(self, question: str, reason: str) -> Reasoned[str | None]:
        out = self._text(prompts.FALLBACK, question=question, reason=reason)
        text = out.value.strip()
        return Reasoned(None if not text or text.lower().startswith("i don't know") else text,
                        out.llm_calls, out.tokens)


def make_chat_model(model: str, base_url: str | None = None) -> BaseChatModel:
    """A chat model from a provider string through ``init_chat_model`` (e.g. 'openai:gpt-4o-mini')."""
    from langchain.chat_models import init_chat_model

    kwargs: dict[str, Any] = {"temperature": 0}
    if base_url:
        kwargs["base_url"] = base_url
    return init_chat_model(model, **kwargs)
