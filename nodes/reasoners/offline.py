"""The offline reasoner: deterministic, fast, no LLM.

Linking against the graph's labels, constraint→predicate grounding over the local schema, case-based
reuse of cached plans, a coverage-based dispatcher and a templated summary with evidence.
"""

from __future__ import annotations

from collections import Counter

from langchain_core.embeddings import Embeddings

from cacherag.graphs.state import ISR, Answer, Example, Step, Triple
from cacherag.nodes.reasoners.base import DispatchDecision, PlanView, Reasoned
from cacherag.nodes.reasoners.grounding import Grounder, content_terms, contradicts, label_terms, lexical_score
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.linking import Mention

MAX_LISTED = 10


def uncovered_terms(isr: ISR, steps: list[Step]) -> Counter[str]:
    """Constraint words no plan step accounts for; each step consumes one use of each of its words."""
    left = Counter(t for c in isr.get("constraints", []) for t in content_terms(c))
    for step in steps:
        for term in label_terms(step["label"]):
            if left[term] > 0:
                left[term] -= 1
    return +left


def predict_aspect(words: Counter[str], predicate_labels: dict[str, str]) -> str:
    """The predicate label the question's words name most completely ('' when none does)."""
    best, best_score = "", 0.0
    for label in sorted(set(predicate_labels.values())):
        score = lexical_score(label, words)
        if score > best_score:
            best, best_score = label, score
    return best


def join_labels(labels: list[str]) -> str:
    shown = labels[:MAX_LISTED]
    text = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    more = len(labels) - len(shown)
    return f"{text} (and {more} more)" if more else text


class OfflineReasoner:
    """Deterministic reasoner; every method is a pure function of its inputs and the graph."""

    name = "offline"

    def __init__(self, embeddings: Embeddings | None = None) -> None:
        self.grounder = Grounder(embeddings)

    def parse(self, question: str, mentions: list[Mention], view: GraphView, domain: str) -> Reasoned[ISR]:
        mention = mentions[0] if mentions else None
        rest = mention.masked(question, " ") if mention else question
        words = Counter(content_terms(rest))
        return Reasoned(ISR(
            topic_mention=mention.text if mention else "",
            constraints=[rest.strip()],
            domain=domain,
            aspect=predict_aspect(words, view.predicate_labels),
        ))

    def refine_isr(self, question: str, isr: ISR) -> Reasoned[ISR]:
        return Reasoned(isr)

    def compile(self, question: str, isr: ISR, schema: list[SchemaEdge],
                examples: list[Example]) -> Reasoned[list[Step]]:
        """Case-based first: the most relevant example whose first hop exists here; else ground one hop."""
        available = {(e.predicate, e.inverse) for e in schema}
        words = uncovered_terms(isr, [])
        fitting = [ex for ex in examples if (ex["steps"][0]["predicate"], ex["steps"][0]["inverse"]) in available]
        # An example the question names every hop of is reused first …
        for example in fitting:
            if all(lexical_score(step["label"], words) > 0 for step in example["steps"]):
                return Reasoned(list(example["steps"]))
        # … then the nearest remembered case (reworded questions rarely name the relations), unless the
        # question fully names a relation here that the example does not use.
        local = sorted({e.label for e in schema})
        nearest = max((ex for ex in fitting if not contradicts(ex["steps"], words, local)),
                      key=lambda ex: ex["relevance"], default=None)
        if nearest is not None:
            return Reasoned(list(nearest["steps"]))
        ranked = [(e, s) for e, s in self.grounder.rank(question, words, schema, dense=False) if s > 0]
        return Reasoned([ranked[0][0].as_step()] if ranked else [])  # type: ignore[list-item]

    def rank_edges(self, question: str, isr: ISR, edges: list[SchemaEdge]) -> list[tuple[SchemaEdge, float]]:
        return self.grounder.rank(question, Counter(content_terms(question)), edges)

    def dispatch(self, view: PlanView) -> Reasoned[DispatchDecision]:
        """Complete when the plan accounts for the question; else the next edge the question still names.

        A plan is only trusted when the question names one of its relations or its answers have the type
        the question asks for: a dense score alone is too weak to tell a right hop from a plausible one,
        and an honest "don't know" beats a confident wrong answer.
        """
        if not view.steps:
            return Reasoned(DispatchDecision(False, "breadth", None, "no constraint grounded to the schema"))
        if not view.frontier:
            return Reasoned(DispatchDecision(False, "breadth", None, "the plan reached no node"))
        if view.from_cache:
            return Reasoned(DispatchDecision(True, reason="a remembered plan reached answers"))
        left = uncovered_terms(view.isr, view.steps)
        ranked = [(e, s) for e, s in self.grounder.rank(view.question, left, view.frontier_schema, dense=False)
                  if s > 0]
        if left and ranked:
            edge = ranked[0][0]
            return Reasoned(DispatchDecision(False, "depth", edge.as_step(),  # type: ignore[arg-type]
                                             f"'{edge.label}' is still asked for"))
        # A type the question names ("films") and no hop has produced yet is still to be reached.
        wanted = view.graph.classes_named(left) - view.graph.types_of(view.intermediate_nodes())
        if wanted:
            nodes = list(view.frontier)
            if view.graph.types_of(nodes) & wanted:
                return Reasoned(DispatchDecision(True, reason="the answers have the type the question asks for"))
            for edge in view.frontier_schema:
                if view.graph.reaches(nodes, edge.as_step(), wanted):
                    return Reasoned(DispatchDecision(False, "depth", edge.as_step(),  # type: ignore[arg-type]
                                                     f"'{edge.label}' leads to the type asked for"))
        words = Counter(t for c in view.isr.get("constraints", []) for t in content_terms(c))
        if any(lexical_score(step["label"], words) > 0 for step in view.steps):
            return Reasoned(DispatchDecision(True, reason="every constraint the graph can ground is covered"))
        return Reasoned(DispatchDecision(False, "breadth", None, "no relation of the plan is named in the question"))

    def summarize(self, question: str, answers: list[Answer], evidence: list[Triple],
                  from_cache: bool) -> Reasoned[str]:
        text = join_labels([a["label"] for a in answers])
        top = {a["node"] for a in answers[:3]}
        shown = [t for t in evidence if t["o"] in top or t["s"] in top][:3] or evidence[:3]
        facts = "; ".join(f"{t['s_label']} —{t['p_label']}→ {t['o_label']}" for t in shown)
        return Reasoned(f"{text}." + (f" Evidence: {facts}." if facts else ""))

    def fallback(self, question: str, reason: str) -> Reasoned[str | None]:
        return Reasoned(None)
