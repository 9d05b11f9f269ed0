"""The reasoner interface: every LLM role of the pipeline is one method here.

Two implementations share it: :class:`~cacherag.nodes.reasoners.offline.OfflineReasoner` (deterministic,
the default) and :class:`~cacherag.nodes.reasoners.llm.LLMReasoner` (any LangChain chat model). Methods
return a :class:`Reasoned` value so nodes can account for LLM calls and tokens in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cacherag.graphs.state import ISR, Answer, Example, Step, Triple
from cacherag.memory.text import clipped
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import Mention

T = TypeVar("T")
# The longest value a summary or a prompt quotes: the answers carry the whole value, the prose a readable part
# (a 50 MB literal quoted whole, twice, made a summary of 200 MB).
QUOTED_CHARS = 1_000


def quoted(text: str) -> str:
    """``text`` as a summary or a prompt quotes it: at most :data:`QUOTED_CHARS` characters, the cut marked."""
    return clipped(text, QUOTED_CHARS)


def quoted_fact(triple: Triple) -> tuple[str, str, str]:
    """The subject, predicate and object labels of ``triple``, each as quoted."""
    return quoted(triple["s_label"]), quoted(triple["p_label"]), quoted(triple["o_label"])


@dataclass(frozen=True)
class Reasoned(Generic[T]):
    """A reasoner's result with what it cost."""

    value: T
    llm_calls: int = 0
    tokens: int = 0

    def cost(self) -> dict[str, Any]:
        return {"llm_calls": self.llm_calls, "tokens": self.tokens}


@dataclass(frozen=True)
class DispatchDecision:
    """The dispatcher's verdict; when INCOMPLETE, which operator to run next and along which edge."""

    complete: bool
    next_op: str | None = None  # "depth" | "breadth"
    next_step: Step | None = None
    reason: str = ""


@dataclass(frozen=True)
class PlanView:
    """What the dispatcher sees: the question, the plan so far and the current frontier."""

    question: str
    isr: ISR
    topic: str
    steps: list[Step]
    from_cache: bool  # adapted, composed or replayed, fitting the question and grounded: no decision needed
    frontier: dict[str, float]
    frontier_labels: dict[str, str]
    frontier_schema: list[SchemaEdge]
    subgraph: list[Triple]
    graph: GraphView
    source: str = ""  # where the plan came from (Plan.source)

    def intermediate_nodes(self) -> list[str]:
        """Nodes strictly between the topic and the frontier along the plan."""
        last = len(self.steps)
        inner = {n for t in self.subgraph if t["hop"] < last for n in (t["s"], t["o"])}
        return sorted(inner - {self.topic})


@dataclass(frozen=True)
class TraversalView:
    """What one guided-traversal step sees (ReMindRAG B.3): the current position (the path from the topic),
    the untried edges forward from it with what edge memory says of each, and the visited positions before it."""

    question: str
    isr: ISR
    path: list[Step]
    frontier_labels: dict[str, str]
    options: list[SchemaEdge]
    remembered: dict[tuple[str, bool], float]  # (predicate, inverse) -> best q·v of its remembered edges here
    positions: list[list[Step]]  # visited positions one can go back to (shorter paths), with ...
    position_options: list[list[SchemaEdge]]  # ... the untried edges forward from each
    subgraph: list[Triple]


@dataclass(frozen=True)
class TraversalDecision:
    """Forward along ``options[option]``, backward to ``positions[position]``, or stop."""

    action: str  # "forward" | "backward" | "stop"
    option: int | None = None
    position: int | None = None
    reason: str = ""


class Reasoner(Protocol):
    name: str
    # Whether it can judge a neighbourhood scan: a hop σ_breadth found that the question does not name. The
    # offline reasoner cannot (such a plan never passes the judge), so its misses end without the scan.
    reads_neighbourhoods: bool
    # Whether a question whose phrases name relations word for word (or by the lexicon's words) is planned by
    # rule, with no decision, when history taught nothing: the offline reasoner does; an LLM reads the
    # question itself.
    plans_by_words: bool

    def parse(self, question: str, mentions: list[Mention], view: GraphView, domain: str) -> Reasoned[ISR]:
        """Extract the ISR (topic mention, constraints, domain, aspect) in the user's own words."""

    def refine_isr(self, question: str, isr: ISR) -> Reasoned[ISR]:
        """Second look at the ISR on a plan miss (the LLM reasoner's schema-agnostic parse)."""

    def compile(self, question: str, isr: ISR, schema: list[SchemaEdge],
                examples: list[Example]) -> Reasoned[list[Step]]:
        """Ground the constraints to predicates of the local schema; may return an empty plan."""

    def dispatch(self, view: PlanView) -> Reasoned[DispatchDecision]:
        """Judge whether the subgraph answers the question, else pick the next expansion."""

    def traverse(self, view: TraversalView) -> Reasoned[TraversalDecision]:
        """One guided-traversal step on a miss: forward, backward or stop (ReMindRAG §3.1, B.3)."""

    def rank_edges(self, question: str, isr: ISR, edges: list[SchemaEdge]) -> list[tuple[SchemaEdge, float]]:
        """Order a star's predicates by relevance to the question (σ_breadth's top-K pruning)."""

    def summarize(self, question: str, answers: list[Answer], evidence: list[Triple],
                  from_cache: bool) -> Reasoned[str]:
        """Answer text from ranked answers and evidence."""

    def fallback(self, question: str, reason: str) -> Reasoned[str | None]:
        """Last resort when the graph gave no complete answer; None means 'say we don't know'."""
