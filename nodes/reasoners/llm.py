"""The LLM reasoner: any LangChain chat model, structured outputs, prompts from ``cacherag.prompts``.

It is spent only where the offline reasoner cannot be trusted: on plan misses. Linking, cache hits,
their dispatch and their summary stay deterministic, so a hit costs no LLM call at all.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, Field

from cacherag import prompts
from cacherag.graphs.state import ISR, Answer, Example, Step, Triple
from cacherag.nodes.reasoners import usage
from cacherag.nodes.reasoners.base import (
    DispatchDecision,
    PlanView,
    Reasoned,
    TraversalDecision,
    TraversalView,
    quoted,
    quoted_fact,
)
from cacherag.nodes.reasoners.offline import OfflineReasoner
from cacherag.tools.errors import LLMError
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import Mention
from cacherag.tools.providers import provider_error

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


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


class TraversalOutput(BaseModel):
    """One guided-traversal step (ReMindRAG B.3): forward along an edge, back to a visited position, or stop."""

    action: Literal["forward", "backward", "stop"] = Field(description="forward, backward or stop.")
    option: int | None = Field(default=None, description="Number of the forward edge (when going forward).")
    position: int | None = Field(default=None, description="Number of the visited position (when going back).")
    reason: str = Field(default="", description="One short sentence.")


class SynthesizedQuestion(BaseModel):
    """One generated question and the numbered triples it is about."""

    question: str = Field(description="A question a person might ask; it names the entity verbatim.")
    triples: list[int] = Field(description="Numbers of the triples the question needs, e.g. [1, 2].")
    answer: str = Field(default="", description="The answer read from those triples.")


class SynthesizedQuestions(BaseModel):
    """Questions generated from sampled triples (CacheRAG §4.4); empty when none make sense."""

    questions: list[SynthesizedQuestion] = Field(default_factory=list)


class RouteOutput(BaseModel):
    """Which knowledge graph should answer the question (CacheRAG A.7)."""

    reasoning: str = Field(default="", description="Step-by-step: what is asked, what each graph covers.")
    kg: str = Field(description="The name of the chosen knowledge graph, exactly as listed.")


class NamedDescription(BaseModel):
    name: str = Field(description="The knowledge graph's name, exactly as listed.")
    description: str = Field(description="Its refined description.")


class DescriptionsOutput(BaseModel):
    """Refined descriptions of the knowledge graphs after a wrong routing choice."""

    descriptions: list[NamedDescription]


def _listed(descriptions: dict[str, str]) -> str:
    return "\n".join(f"[{name}]: {text}" for name, text in descriptions.items())


def _distinct(edges: list[SchemaEdge], shown: set[tuple[str, bool]] | None = None) -> list[SchemaEdge]:
    """``edges`` without repeats, and without those already ``shown`` (a prompt never lists one twice)."""
    seen = set(shown or ())
    kept = []
    for edge in edges:
        if (edge.predicate, edge.inverse) not in seen:
            seen.add((edge.predicate, edge.inverse))
            kept.append(edge)
    return kept


def _numbered(edges: list[SchemaEdge], start: int = 1) -> str:
    return "\n".join(
        f"{i}. {e.label} ({'incoming' if e.inverse else 'outgoing'})" for i, e in enumerate(edges, start)
    )


def _evidence(triples: list[Triple], limit: int = 30) -> str:
    return "\n".join("- {} | {} | {}".format(*quoted_fact(t)) for t in triples[:limit]) or "(none)"


def _path(steps: list[Step]) -> str:
    return " / ".join(s["label"] + (" (incoming)" if s["inverse"] else "") for s in steps)


def _tokens(message: Any) -> int:
    usage = getattr(message, "usage_metadata", None) or {}
    return int(usage.get("total_tokens", 0))


TRANSIENT_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})
_TRANSIENT_NAMES = frozenset({"APIConnectionError", "APITimeoutError", "TimeoutException", "ConnectError",
                              "ReadTimeout", "RemoteProtocolError"})


def is_transient(exc: BaseException) -> bool:
    """Rate limits, overload, timeouts and dropped connections: worth retrying after a pause (any provider)."""
    if isinstance(exc, TimeoutError | ConnectionError):
        return True
    if getattr(exc, "status_code", None) in TRANSIENT_STATUS:
        return True
    return any(kind.__name__ in _TRANSIENT_NAMES for kind in type(exc).__mro__)


def is_unfit(exc: BaseException) -> bool:
    """The reply came but cannot be read as the schema (malformed JSON, missing fields, cut off, refused)."""
    names = {kind.__name__ for kind in type(exc).__mro__}
    return isinstance(exc, ValueError | KeyError | TypeError) or bool(
        names & {"LengthFinishReasonError", "ContentFilterFinishReasonError", "OutputParserException"})


class LLMReasoner:
    """Reasoner over a LangChain chat model; deterministic parts are delegated to the offline reasoner.

    Every chat call is retried with exponential backoff on transient errors (rate limits, overload,
    timeouts, dropped connections); a reply that does not fit its schema is asked for once more. When the
    LLM still gives nothing usable, the offline reasoner does that step (``offline_takeovers`` in the
    trace): a flaky provider costs quality on one step, never the question.
    """

    name = "llm"
    reads_neighbourhoods = True
    plans_by_words = False

    def __init__(self, model: BaseChatModel, view: GraphView, embeddings: Embeddings | None = None,
                 max_hops: int = 3, attempts: int = 3) -> None:
        self.model = model
        self.view = view
        self.offline = OfflineReasoner(embeddings)
        self.max_hops = max_hops
        self.attempts = attempts

    @property
    def vocabulary(self) -> list[SchemaEdge]:
        """Every relation of the graph in both directions, hops through intermediate nodes included: the
        choices for hops after the first."""
        return list(self.view.hop_vocabulary)

    def _call(self, runnable: Any, variables: dict[str, Any]) -> Any:
        """One reply, retried with backoff while the provider fails transiently."""
        retrying = runnable.with_retry(retry_if_exception_type=is_transient, stop_after_attempt=self.attempts,
                                       exponential_jitter_params={"max": 8.0, "jitter": 0.5})
        return retrying.invoke(variables)

    def _ask(self, role: str, runnable: Any, variables: dict[str, Any], read: Any) -> Reasoned[Any]:
        """``read(reply)`` of a reply, asking twice at most; ``Reasoned(None)`` when no reply is usable."""
        calls = tokens = 0
        for _ in range(2):
            try:
                reply = self._call(runnable, variables)
            except Exception as exc:
                if is_transient(exc):
                    break  # retries spent: the provider is down for now
                if not is_unfit(exc):
                    raise LLMError(f"the chat model failed: {type(exc).__name__}: {exc}") from exc
                calls += 1
                usage.spent(0)
                continue
            value, used = read(reply)
            calls, tokens = calls + 1, tokens + used
            usage.spent(used)
            if value is not None:
                return Reasoned(value, calls, tokens)
        usage.took_over(role)
        return Reasoned(None, calls, tokens)

    def _structured(self, role: str, prompt: Any, output: type[M], /, **variables: Any) -> Reasoned[M | None]:
        chain = prompt | self.model.with_structured_output(output, include_raw=True)
        return self._ask(role, chain, variables,
                         lambda result: (result.get("parsed"), _tokens(result.get("raw"))))

    def _text(self, role: str, prompt: Any, **variables: Any) -> Reasoned[str | None]:
        def read(message: Any) -> tuple[str | None, int]:
            content = message.text if isinstance(message, BaseMessage) else str(message)
            return (content.strip() or None), _tokens(message)

        return self._ask(role, prompt | self.model, variables, read)

    @staticmethod
    def _instead(failed: Reasoned[Any], done: Reasoned[T]) -> Reasoned[T]:
        """The offline reasoner's result, charged with what the failed LLM attempts cost."""
        return Reasoned(done.value, failed.llm_calls + done.llm_calls, failed.tokens + done.tokens)

    # -- roles ----------------------------------------------------------------------------------------
    def parse(self, question: str, mentions: list[Mention], view: GraphView, domain: str) -> Reasoned[ISR]:
        # Linking is a lookup in the graph's labels, not an LLM job; keep hits free of LLM calls.
        return self.offline.parse(question, mentions, view, domain)

    def refine_isr(self, question: str, isr: ISR) -> Reasoned[ISR]:
        out = self._structured("refine_isr", prompts.ISR, ISROutput, question=question)
        if out.value is None:
            return self._instead(out, self.offline.refine_isr(question, isr))
        refined = ISR(topic_mention=out.value.main_entity or isr.get("topic_mention", ""),
                      constraints=out.value.constraints or isr.get("constraints", []),
                      domain=isr.get("domain", ""), aspect=out.value.aspect or isr.get("aspect", ""))
        return Reasoned(refined, out.llm_calls, out.tokens)

    def compile(self, question: str, isr: ISR, schema: list[SchemaEdge],
                examples: list[Example]) -> Reasoned[list[Step]]:
        schema = _distinct(schema)
        if not schema:
            return Reasoned([])
        later = _distinct(self.vocabulary, {(e.predicate, e.inverse) for e in schema})
        choices = schema + later
        shown_examples = "\n".join(f"- {ex['question']} -> {_path(ex['steps'])}" for ex in examples) or "(none)"
        schema_text = f"{_numbered(schema)}\n\nOther predicates (for later hops only):\n" \
                      f"{_numbered(later, len(schema) + 1)}"
        out = self._structured("compile", prompts.COMPILE, PlanOutput, question=question,
                               topic=isr.get("topic_mention", ""), constraints="; ".join(isr.get("constraints", [])),
                               schema=schema_text, examples=shown_examples, max_hops=self.max_hops)
        if out.value is None:
            return self._instead(out, self.offline.compile(question, isr, schema, examples))
        steps: list[Step] = []
        for position, number in enumerate(out.value.hops[: self.max_hops]):
            pool = schema if position == 0 else choices  # the first hop must leave the topic entity
            if not 1 <= number <= len(pool):
                break  # schema fidelity: an invented or out-of-place predicate ends the plan here
            steps.append(pool[number - 1].as_step())  # type: ignore[arg-type]
        return Reasoned(steps, out.llm_calls, out.tokens)

    def rank_edges(self, question: str, isr: ISR, edges: list[SchemaEdge]) -> list[tuple[SchemaEdge, float]]:
        return self.offline.rank_edges(question, isr, edges)

    def dispatch(self, view: PlanView) -> Reasoned[DispatchDecision]:
        if view.from_cache or not view.steps or not view.frontier:
            return self.offline.dispatch(view)
        path = _path(view.steps)
        frontier = ", ".join(list(view.frontier_labels.values())[:20])
        options = _distinct(view.frontier_schema)
        out = self._structured("dispatch", prompts.DISPATCH, DispatchOutput, question=view.question, path=path,
                               frontier=frontier, evidence=_evidence(view.subgraph), schema=_numbered(options))
        verdict = out.value
        if verdict is None:
            return self._instead(out, self.offline.dispatch(view))
        if verdict.complete:
            decision = DispatchDecision(True, reason=verdict.reason)
        elif verdict.next_predicate is not None and 1 <= verdict.next_predicate <= len(options):
            edge = options[verdict.next_predicate - 1]
            decision = DispatchDecision(False, "depth", edge.as_step(), verdict.reason)  # type: ignore[arg-type]
        else:
            decision = DispatchDecision(False, "breadth", None, verdict.reason or "broad scan requested")
        return Reasoned(decision, out.llm_calls, out.tokens)

    def traverse(self, view: TraversalView) -> Reasoned[TraversalDecision]:
        positions = "\n".join(f"{k}. {_path(steps) or '(the topic itself)'}"
                               for k, steps in enumerate(view.positions, 1)) or "(none)"
        out = self._structured("traverse", prompts.TRAVERSE, TraversalOutput, question=view.question,
                               path=_path(view.path) or "(the topic itself)",
                               frontier=", ".join(list(view.frontier_labels.values())[:20]),
                               evidence=_evidence(view.subgraph), options=_numbered(view.options) or "(none)",
                               positions=positions)
        step = out.value
        if step is None:
            return self._instead(out, self.offline.traverse(view))
        if step.action == "forward" and step.option is not None and 1 <= step.option <= len(view.options):
            decision = TraversalDecision("forward", option=step.option - 1, reason=step.reason)
        elif step.action == "backward" and step.position is not None and 1 <= step.position <= len(view.positions):
            decision = TraversalDecision("backward", position=step.position - 1, reason=step.reason)
        elif step.action == "stop":
            decision = TraversalDecision("stop", reason=step.reason)
        else:  # a number out of range: the offline decision, charged with the call
            usage.took_over("traverse")
            return self._instead(out, self.offline.traverse(view))
        return Reasoned(decision, out.llm_calls, out.tokens)

    def summarize(self, question: str, answers: list[Answer], evidence: list[Triple],
                  from_cache: bool) -> Reasoned[str]:
        if from_cache:
            return self.offline.summarize(question, answers, evidence, from_cache)
        out = self._text("summarize", prompts.SUMMARIZE, question=question,
                         answers=", ".join(quoted(a["label"]) for a in answers[:20]),
                         evidence=_evidence(evidence))
        if out.value is None:
            return self._instead(out, self.offline.summarize(question, answers, evidence, from_cache))
        return Reasoned(out.value, out.llm_calls, out.tokens)

    def synthesize(self, entity: str, triples: list[str]) -> Reasoned[list[SynthesizedQuestion]]:
        """Questions about sampled triples (auto-generation); none when the LLM gives nothing usable."""
        out = self._structured("synthesize", prompts.AUTOGEN, SynthesizedQuestions, entity=entity,
                               triples="\n".join(triples))
        return Reasoned(out.value.questions if out.value is not None else [], out.llm_calls, out.tokens)

    def route(self, question: str, descriptions: dict[str, str]) -> Reasoned[tuple[str | None, str]]:
        """The graph to ask first and why; (None, …) when the LLM gives nothing usable."""
        out = self._structured("route", prompts.ROUTE, RouteOutput, question=question,
                               descriptions=_listed(descriptions))
        if out.value is None:
            return Reasoned((None, "the LLM router gave no usable reply"), out.llm_calls, out.tokens)
        return Reasoned((out.value.kg.strip(), out.value.reasoning), out.llm_calls, out.tokens)

    def update_descriptions(self, descriptions: dict[str, str], chosen: str, question: str, reasoning: str,
                            correct: str) -> Reasoned[dict[str, str] | None]:
        """The paper's description update after a wrong routing choice; None when the reply is unusable."""
        out = self._structured("update_descriptions", prompts.UPDATE_DESCRIPTIONS, DescriptionsOutput,
                               descriptions=_listed(descriptions), chosen=chosen, question=question,
                               reasoning=reasoning or "(none)", correct=correct)
        if out.value is None:
            return Reasoned(None, out.llm_calls, out.tokens)
        return Reasoned({d.name: d.description for d in out.value.descriptions}, out.llm_calls, out.tokens)

    def fallback(self, question: str, reason: str) -> Reasoned[str | None]:
        out = self._text("fallback", prompts.FALLBACK, question=question, reason=reason)
        text = out.value or ""
        return Reasoned(None if not text or text.lower().startswith("i don't know") else text,
                        out.llm_calls, out.tokens)


def make_chat_model(model: str, base_url: str | None = None, timeout_s: float | None = None) -> BaseChatModel:
    """A chat model from a provider string through ``init_chat_model`` (e.g. 'openai:gpt-4o-mini').

    The provider's own retries are switched off: the reasoner retries with backoff itself, on every
    provider alike. A missing provider package is a :class:`ProviderNotInstalledError` naming the extra.
    """
    from langchain.chat_models import init_chat_model

    kwargs: dict[str, Any] = {"temperature": 0, "max_retries": 0}
    if timeout_s is not None:
        kwargs["timeout"] = timeout_s
    if base_url:
        kwargs["base_url"] = base_url
    try:
        return init_chat_model(model, **kwargs)
    except (ImportError, ValueError) as exc:  # no provider package; an unknown provider or unreadable string
        raise provider_error("chat model", model, exc) from exc
