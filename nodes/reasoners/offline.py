"""The offline reasoner: deterministic, fast, no LLM.

Linking against the graph's labels, constraint→predicate grounding over the local schema, case-based
reuse of cached plans, a coverage-based dispatcher and a templated summary with evidence.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from cacherag.graphs.state import ISR, Answer, Example, Step, Triple
from cacherag.memory.text import terms, topic_kind
from cacherag.nodes.reasoners.base import (
    DispatchDecision,
    PlanView,
    Reasoned,
    TraversalDecision,
    TraversalView,
    quoted,
    quoted_fact,
)
from cacherag.nodes.reasoners.grounding import (
    ALIAS,
    Asked,
    Grounder,
    alias,
    alike_kinds,
    as_said,
    asked_terms,
    chains_coordinated,
    consumed_by,
    content_terms,
    contradicts,
    event_words,
    label_distance,
    label_words,
    lexical_score,
    misfits,
    of_reversed,
    overuses,
    said_value,
    timed_first,
    unconsumed,
    unsaid_date,
    wh_relation,
)
from cacherag.tools.graph_view import GraphView
from cacherag.tools.kg import SchemaEdge, picked_by, qualifier, turns_back
from cacherag.tools.linking import Mention
from cacherag.tools.terms import is_iri

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

MAX_LISTED = 10
BRIDGE_SAMPLE = 20  # frontier nodes (and nodes behind them) sampled to look one hop ahead


def uncovered_terms(isr: ISR, steps: list[Step]) -> Counter[str]:
    """Constraint words no plan step accounts for."""
    return unconsumed(asked_terms(isr), steps)


def nearest_named(asked: Asked, steps: list[Step], ranked: list[tuple[SchemaEdge, float]]) -> SchemaEdge:
    """Of the edges the question names (best first), the one named nearest the topic past the hops so far; of
    a relation named with both directions at hand, the one not straight back along the last hop ("X 's kid 's
    kid": the kid's children, not the kid's parents)."""
    consumed = consumed_by(steps, asked.distances)
    order = {id(edge): i for i, (edge, _) in enumerate(ranked)}
    # a relation only the wh-noun names comes after one another word names: "which *drugs* does <E> *interact*
    # with" asks for drugs by the interactions, not for <E>'s "drug"
    besides = asked.words - Counter({asked.noun: asked.words[asked.noun]}) if asked.noun else asked.words
    return min((edge for edge, _ in ranked),
               key=lambda edge: (not lexical_score(edge.label, besides),
                                 label_distance(edge.label, asked.distances, consumed),
                                 bool(steps) and turns_back(steps[-1], edge.as_step()),
                                 of_reversed(edge.label, edge.inverse, asked), order[id(edge)]))


def role_aliases(graph: GraphView, steps: list[Step], aliases: dict[str, str]) -> list[str]:
    """The relations history named (``aliases``' labels) that a hop picked by a role follows, whichever way it walks
    ("direct": the "director person" of a film's credits, and the "director credit" of a person's): those whose
    label opens with the role's name."""
    roles = [label_words(role) for step in steps if (value := qualifier(step["predicate"]))
             and (role := graph.labels_of([value]).get(value))]
    return [label for label in aliases.values()
            if any(role and label_words(label)[:len(role)] == role for role in roles)]


def walked_conversely(graph: GraphView, steps: list[Step], aliases: dict[str, str]) -> list[str]:
    """The relations the question named (``aliases``' labels) that a hop walks by their converse, the same pairs
    stated the other way round (see :meth:`GraphView.converse`): "who *won* the prize in <category>" names the prizes'
    "laureate", which the category's prizes reach back along the laureates' "nobel prize", and "how many prizes did
    <E> *win*" the laureate <E> is, her "nobel prize" — followed already, not a hop still to take."""
    if not aliases:
        return []  # (no graph lookups for it)
    # (a relation its own converse, "spouse", is followed as often as it is walked: "the darling of <E>'s couple" is
    # two hops of it)
    conversed = {graph.predicate_labels.get(other) for step in steps
                 for edge, other in graph.converses(step).items() if other != edge}
    return [label for label in aliases.values() if label in conversed]


def reverse(step: Step) -> Step:
    return Step(predicate=step["predicate"], inverse=not step["inverse"], label=step["label"])


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
    reads_neighbourhoods = False
    plans_by_words = True

    def __init__(self, embeddings: Embeddings | None = None) -> None:
        self.grounder = Grounder(embeddings)
        self._relation_labels: list[str] = []  # every relation of the graph (learned at parse time)
        self._predicates: dict[str, list[str]] = {}  # relation label -> predicates carrying it

    def parse(self, question: str, mentions: list[Mention], view: GraphView, domain: str) -> Reasoned[ISR]:
        if len(self._predicates) != len(set(view.predicate_labels.values())):
            self._predicates = {}
            for predicate, label in sorted(view.predicate_labels.items()):
                self._predicates.setdefault(label, []).append(predicate)
            self._relation_labels = sorted(self._predicates)
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
        """Case-based first (an example the question names every hop of), then one hop grounded in the
        question's words, then the nearest example (an analogy: answered with, remembered only if named)."""
        available = {(e.predicate, e.inverse) for e in schema}
        words = uncovered_terms(isr, [])
        # a word naming only relations that date something says the event, unless a time is asked ("which label
        # *released* <E>")
        words -= Counter(event_words(question, words, self._relation_labels, [e.label for e in schema]))
        # Examples that start where the topic can and do not leave out a relation the question names (the
        # graph's relations and the topic's hops through intermediate nodes, "recording engineer contributor") …
        labels = sorted(set(self._relation_labels) | {e.label for e in schema})
        asked = Asked.of(question, isr)
        fitting = [ex for ex in examples if (ex["steps"][0]["predicate"], ex["steps"][0]["inverse"]) in available
                   and not misfits(ex["steps"], asked, labels) and not unsaid_date(question, ex["steps"])]
        # … one the question names every hop of is reused first …
        for example in fitting:
            if all(lexical_score(step["label"], words) > 0 for step in example["steps"]):
                return Reasoned(list(example["steps"]))
        # … then an example that differs from the question in one relation, with that relation swapped
        # ("… for the screenwriter of <E>" answers "… for the director of <E>" with "directed by" instead) …
        for example in sorted(examples, key=lambda ex: -ex["relevance"]):
            swapped = self._swap_relation(example, words, labels)
            if (swapped and (swapped[0]["predicate"], swapped[0]["inverse"]) in available
                    and not overuses(swapped, asked)):
                return Reasoned(swapped)
        # … then the relation the question names nearest the topic (the dispatcher extends it hop by hop) …
        ranked = [(e, s) for e, s in self.grounder.rank(question, words, schema, dense=False,
                                                         directions=isr.get("directions")) if s > 0]
        # A hop picking its statements by a value the question names uses it ("the award <E> received *in 1995*",
        # "… received the *Halvard Prize*"), where one that ignores it would be refused (see judge).
        named = {n for entity in isr.get("named") or [] for n in entity["nodes"]}
        picked = [(e, s) for e, s in ranked if (q := qualifier(e.predicate)) and
                  (q in named or not is_iri(q) and said_value(question, q))]
        ranked = picked or ranked
        if ranked:
            return Reasoned([nearest_named(asked, [], ranked).as_step()])  # type: ignore[list-item]
        # … then, asked only where or when ("where is <E> held", "when is <E>"), the topic's one relation of its own
        # saying a place or a time (not a hop through a node of its own: an offer's date of sale) …
        placed = wh_relation(question, words, schema)
        if placed is not None:
            return Reasoned([placed.as_step()])  # type: ignore[list-item]
        # … then the topic's only relation, when it has just one: there is nothing else to ask about it …
        if len(schema) == 1:
            return Reasoned([schema[0].as_step()])  # type: ignore[list-item]
        # … else the nearest remembered case: reworded questions often name no relation at all.
        nearest = max(fitting, key=lambda ex: ex["relevance"], default=None)
        return Reasoned(list(nearest["steps"]) if nearest is not None else [])

    def _swap_relation(self, example: Example, words: Counter[str], labels: list[str]) -> list[Step] | None:
        """The example's plan with the one relation its question named, and this question does not, replaced
        by the one relation this question names and the plan lacks; None unless exactly one of each."""
        used = {step["label"] for step in example["steps"]}
        asked = Counter(terms(example["question"]))
        unnamed = [label for label in sorted(used) if lexical_score(label, words) == 0]
        # The relation the example's question named (else the only one this question does not name).
        dropped = [label for label in unnamed if lexical_score(label, asked) > 0] or unnamed
        plan = [{"label": label} for label in used]
        added = [label for label in labels if label not in used and contradicts(plan, words, [label])]
        if len(dropped) != 1 or len(added) != 1 or len(self._predicates.get(added[0], [])) != 1:
            return None
        predicate = self._predicates[added[0]][0]
        return [Step(predicate=predicate, inverse=step["inverse"], label=added[0]) if step["label"] == dropped[0]
                else Step(**step) for step in example["steps"]]

    def rank_edges(self, question: str, isr: ISR, edges: list[SchemaEdge]) -> list[tuple[SchemaEdge, float]]:
        return self.grounder.rank(question, Counter(content_terms(question)), edges,
                                  directions=isr.get("directions"))

    def dispatch(self, view: PlanView) -> Reasoned[DispatchDecision]:
        """Complete when the plan accounts for the question; else the next edge the question still names.

        A plan is only trusted when the question names one of its relations or its answers have the type
        the question asks for: a dense score alone is too weak to tell a right hop from a plausible one,
        and an honest "don't know" beats a confident wrong answer.
        """
        if not view.steps:  # say which words named nothing the graph has ("who *produced* Jaws")
            names = {t for entity in view.isr.get("named") or [] for t in terms(entity["text"])}
            words = uncovered_terms(view.isr, [])
            unknown = [t for t in words if not t.startswith(ALIAS) and t not in names
                       and t not in view.graph.own_words  # a relation or class the topic lacks is still known
                       and len(t) > 1]  # (nor is a possessive's "s" a word)
            # … and which relation it names that the topic lacks, by its words or by the graph's own other name of it
            # ("homeworld"), not by a dictionary's (a "master" is a person)
            plain = Counter({t: n for t, n in words.items() if not t.startswith(ALIAS)})
            other_names = view.graph.relation_aliases
            lacking = [label for label in view.graph.relation_labels if lexical_score(label, plain) == 1.0] \
                or list(dict.fromkeys(label for t, label in (view.isr.get("aliases") or {}).items()
                                      if other_names.get(t) == label))
            said = (f": no relation of the graph is known to mean '{as_said(view.question, unknown)}'" if unknown
                    else f": '{view.graph.label(view.topic)}' has no '{lacking[0]}'" if len(lacking) == 1 else "")
            return Reasoned(DispatchDecision(False, "breadth", None, "no constraint grounded to the schema" + said))
        if not view.frontier:
            return Reasoned(DispatchDecision(False, "breadth", None, "the plan reached no node"))
        if view.from_cache:
            return Reasoned(DispatchDecision(True, reason="a plan composed from the question's relation phrases "
                                             "reached answers" if view.source == "composed"
                                             else "a remembered plan reached answers"))
        asked = Asked.of(view.question, view.isr)
        # A class word the nodes the plan reached have names them, not a relation the plan leaves out ("the
        # *starship* piloted by <E>" over a graph whose people also have "starships"); a word naming only
        # relations that date something says the event, once the plan reaches things ("which label *released*
        # <E>")
        classed = [w for w in asked.words if view.graph.classes_said(view.question, [w])]
        reached = view.graph.types_among([*view.intermediate_nodes(), *view.frontier],
                                         view.graph.classes_named(classed)) if classed else set()
        settled = [w for w in classed if alike_kinds(view.graph, view.graph.classes_named([w]), reached)
                   for _ in range(asked.words[w])]  # (every time: "the broader *concept* of the broader *concept*")
        # … as does one the topic has, said as what it is right before it ("who wrote the *recipe* for <E>")
        kind = topic_kind(view.question, view.isr.get("topic_mention", ""))
        if kind in asked.words and view.graph.of_classes([view.topic], view.graph.classes_named([kind])):
            settled += [kind] * asked.words[kind]
        # … as do the words of a class of several the nodes reached have ("which *concept scheme*": no top concept)
        settled += [w for said, classes in view.graph.compound_classes.items() if said <= set(asked.words)
                    and view.graph.types_among(list(view.frontier), classes) for w in said]
        if all(map(is_iri, view.frontier)):
            held = [e.label for e in [*view.graph.schema(view.topic), *view.frontier_schema]]
            settled += event_words(view.question, asked.words, view.graph.relation_labels, held)
        # a word naming the edge a hop picks its intermediate nodes by is followed ("who did <A> *play* in <F>":
        # the cast members whose actor <A> is)
        settled += [alias(label) for step in view.steps if (edge := picked_by(step["predicate"]))
                    and (label := view.graph.predicate_labels.get(edge))]
        settled += [alias(label) for label in role_aliases(view.graph, view.steps, view.isr.get("aliases") or {})]
        settled += [alias(label) for label in walked_conversely(view.graph, view.steps, view.isr.get("aliases") or {})]
        asked = replace(asked, words=asked.words - Counter(settled)) if settled else asked
        if len(view.steps) == 1 and asked.sharing:
            back = reverse(view.steps[0])
            return Reasoned(DispatchDecision(False, "depth", back,
                                             f"the answers share '{back['label']}' with the topic"))
        left = uncovered_terms(view.isr, view.steps) - Counter(settled)
        ranked = timed_first(view.graph, view.question, list(view.frontier), [
            (e, s) for e, s in self.grounder.rank(view.question, left, view.frontier_schema, dense=False,
                                                  directions=view.isr.get("directions")) if s > 0])
        if left and ranked:
            edge = nearest_named(asked, view.steps, ranked)
            return Reasoned(DispatchDecision(False, "depth", edge.as_step(),  # type: ignore[arg-type]
                                             f"'{edge.label}' is still asked for"))
        bridge = self._bridge(view, left) if left else None
        if bridge is not None:
            return Reasoned(DispatchDecision(False, "depth", bridge.as_step(),  # type: ignore[arg-type]
                                             f"'{bridge.label}' leads to a relation still asked for"))
        # A type the question names ("films") and no hop has produced yet is still to be reached.
        wanted = view.graph.classes_said(view.question, left) - view.graph.types_of(view.intermediate_nodes())
        if wanted:
            nodes = list(view.frontier)
            if view.graph.types_of(nodes) & wanted:
                return Reasoned(DispatchDecision(True, reason="the answers have the type the question asks for"))
            for edge in view.frontier_schema:
                if view.graph.reaches(nodes, edge.as_step(), wanted):
                    return Reasoned(DispatchDecision(False, "depth", edge.as_step(),  # type: ignore[arg-type]
                                                     f"'{edge.label}' leads to the type asked for"))
        # Every hop must be one the question names (the dispatch node checks the grounding itself): a hop a
        # star scan merely found is a guess, and a guess judged complete would be remembered and replayed.
        if not misfits(view.steps, asked, view.graph.relation_labels):
            return Reasoned(DispatchDecision(True, reason="every constraint the graph can ground is covered"))
        if chains_coordinated(view.steps, asked):
            return Reasoned(DispatchDecision(False, "breadth", None, "the question joins two relations of one "
                                             "entity with 'and'; a plan follows one after the other"))
        return Reasoned(DispatchDecision(False, "breadth", None, "the plan does not follow what the question names"))

    @staticmethod
    def _bridge(view: PlanView, left: Counter[str]) -> SchemaEdge | None:
        """The frontier edge behind which a relation the question still names lies ("the genres of the films
        that share actors with X": from the actors, back to films first). Edges the question names win."""
        named = {label for label in set(view.graph.predicate_labels.values()) if lexical_score(label, left) > 0}
        if not named:
            return None
        words = asked_terms(view.isr)
        nodes = sorted(view.frontier, key=lambda n: (-view.frontier[n], n))[:BRIDGE_SAMPLE]
        best: tuple[tuple[float, int], SchemaEdge] | None = None
        for edge in view.frontier_schema:
            targets = list(dict.fromkeys(dst for _, dst in view.graph.kg.follow(nodes, edge.as_step())))
            beyond = {e.label for e in view.graph.frontier_schema(targets[:BRIDGE_SAMPLE])} if targets else set()
            rank = (lexical_score(edge.label, words), edge.count)
            if beyond & named and (best is None or rank > best[0]):
                best = (rank, edge)
        return best[1] if best else None

    def traverse(self, view: TraversalView) -> Reasoned[TraversalDecision]:
        """Forward along an edge the question still names (the one edge memory recalls best among them first),
        else back to the visited position with such an edge, else stop: a hop the question does not name
        would only reach answers the judge refuses, however well remembered."""
        def best(options: list[SchemaEdge], memory: dict[tuple[str, bool], float],
                 path: list[Step]) -> tuple[int, float] | None:
            left = uncovered_terms(view.isr, path)
            named = [(i, lexical_score(e.label, left)) for i, e in enumerate(options)]
            scored = [(i, score + memory.get((options[i].predicate, options[i].inverse), 0.0))
                      for i, score in named if score > 0]
            return max(scored, key=lambda pair: (pair[1], -pair[0]), default=None)

        ahead = best(view.options, view.remembered, view.path)
        if ahead is not None:
            return Reasoned(TraversalDecision("forward", option=ahead[0],
                                              reason=f"'{view.options[ahead[0]].label}' is asked for"))
        # Back at a shorter path, the words its hops do not cover are asked for again: "born" walked to a date
        # the judge refused for "where" still names the place of birth from the topic.
        behind = [(k, found) for k, options in enumerate(view.position_options)
                  if (found := best(options, {}, view.positions[k])) is not None]
        if behind:
            k, _ = max(behind, key=lambda pair: pair[1][1])
            return Reasoned(TraversalDecision("backward", position=k,
                                              reason="a visited position has an edge asked for"))
        return Reasoned(TraversalDecision("stop", reason="no edge around the visited nodes is asked for"))

    def summarize(self, question: str, answers: list[Answer], evidence: list[Triple],
                  from_cache: bool) -> Reasoned[str]:
        text = join_labels([quoted(a["label"]) for a in answers])
        top = {a["node"] for a in answers[:3]}
        shown = [t for t in evidence if t["o"] in top or t["s"] in top][:3] or evidence[:3]
        facts = "; ".join("{} —{}→ {}".format(*quoted_fact(t)) for t in shown)
        # Labels and chunk texts may end a sentence of their own.
        return Reasoned(f"{text.rstrip('.')}." + (f" Evidence: {facts.rstrip('.')}." if facts else ""))

    def fallback(self, question: str, reason: str) -> Reasoned[str | None]:
        return Reasoned(None)
