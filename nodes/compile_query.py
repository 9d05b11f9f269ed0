"""compile_query: re-bind a remembered plan (a hit, no LLM) or compile one against the local schema."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, resources
from cacherag.graphs.state import ISR, Example, Plan, QAState, Step, Topic
from cacherag.memory.plan_memory import Retrieved, mask
from cacherag.nodes.compose import compose
from cacherag.nodes.grounded import (
    analogous,
    choosing_hop,
    dated_end,
    judge,
    kind_reading,
    members_plan,
    plan_ends,
    typed_path,
    written_as_said,
)
from cacherag.nodes.reasoners.grounding import (
    Asked,
    asked_nouns,
    asked_phrase,
    asked_terms,
    asks_time,
    label_words,
    lexical_score,
    named_again,
    names_asked,
    possessive_chain,
    timed_first,
    unconsumed,
    wh_relation,
)
from cacherag.tools.kg import SchemaEdge
from cacherag.tools.lexicon import TIME_WORDS

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

_YEAR = re.compile(r"\b\d{4}\b")  # a year a question says ("in 1995")

# ``traversal["replay"]``: memory replay waited for a likely plan-cache hit (DEFERRED); compile_query found none
# and hands the question back to replay (AFTER_MISS); replay ran (REPLAYED), so the plan cache need not be
# searched again.
DEFERRED, AFTER_MISS, REPLAYED = "deferred", "after_miss", "replayed"


def masked_question(state: QAState) -> str:
    return mask(state["question"], state["topic"]["mention"])  # type: ignore[index]


def as_examples(picks: list[Retrieved]) -> list[Example]:
    return [Example(id=p.entry.id, question=p.entry.question, steps=p.entry.steps,  # type: ignore[typeddict-item]
                    answers=p.entry.answers[:5], relevance=round(p.relevance, 4)) for p in picks]


def domain_examples(res: Resources, state: QAState, ctx: Context, first_steps: set[tuple[str, bool]]) -> list[Example]:
    """Examples for the question from the whole domain (its aspect bucket ignored)."""
    return as_examples(res.memory.retrieve(masked_question(state), res.domain, None, k=ctx.k, lam=ctx.mmr_lambda,
                                           min_relevance=ctx.min_relevance, use_mmr=ctx.use_mmr, two_layer=False,
                                           first_steps=frozenset(first_steps)))


def recalled_composition(res: Resources, ctx: Context, question: str, isr: ISR, topic: Topic) -> list[dict[str, Any]]:
    """The plan composed from remembered statements (no reasoner decision), when the context reads them and the
    judge takes it — or a word the plan leaves out names a hop on from where it ends, to be followed ("how many
    *films* did <E> pilot": the starships' films). Its answers are what the wh-word asks for (the "born" of "when
    was <E> born" also says "where was <E> born"; "which characters are <species>" is no "which characters are
    from <planet>", though both say only "characters" besides the topic)."""
    if not (ctx.use_cache and ctx.use_statements):
        return []
    composed = compose(res, question, topic["mention"], topic["node"], ctx.k_depth, isr.get("aliases"),
                       res.reasoner.plans_by_words, asked_phrase(isr), isr.get("converse") or {})
    if not composed or judge(res, question, isr, composed, topic["node"]) is None:
        return composed
    left = unconsumed(asked_terms(isr), composed)
    further = res.view.frontier_schema(plan_ends(res, topic["node"], composed)())
    return composed if any(lexical_score(e.label, left) > 0 for e in further) else []


def _measure_asked(res: Resources, isr: ISR) -> bool:
    """Whether the noun asked for names a relation whose values are measures, numbers or texts ("the *area* of <E>",
    where the graph states the areas of other places): it asks for that measure, which <E> lacks, not for something
    of a class English calls so (a country, "an area")."""
    nouns = asked_nouns(isr, chained=True)[:1]
    # (a noun naming a class of the graph by its own word asks for things of it: "the *tracks* of <E>")
    return bool(nouns) and not res.view.classes_named(nouns) and any(
        label_words(label)[:1] == tuple(nouns) and res.view.valued_by_literals(predicate)
        for predicate, label in res.view.predicate_labels.items())


def _named_alike_first(res: Resources, question: str, topic: str, schema: list[SchemaEdge], step: Step,
                       named: Counter[str]) -> Step:
    """Of the topic's relations the question names as well as ``step``'s, the first by :func:`timed_first` (``step``
    first of all: it stays unless it is of the other kind) — one that can say when, if it asks when, and a day before
    a year alone. Asked when, a time word of a label the question names is said: "when was <E> released" names its
    "release date" in full, beside the infobox's "released"."""
    timed = named + Counter(TIME_WORDS) if asks_time(question) is True else named
    chosen = SchemaEdge(step["predicate"], step["inverse"], step["label"])
    score = lexical_score(chosen.label, timed)
    tied = [(chosen, score)] + [(e, score) for e in schema if lexical_score(e.label, timed) == score
                                and lexical_score(e.label, named) > 0
                                and (e.predicate, e.inverse) != (chosen.predicate, chosen.inverse)]
    return Step(**timed_first(res.view, question, [topic], tied)[0][0].as_step()) if len(tied) > 1 else step


def noun_as_kind(res: Resources, isr: ISR, node: str) -> tuple[list[Step], str] | None:
    """The topic's one way to what the noun asked for names as a kind, with that noun read as the answers' kind ("the
    *films* of <E>", who has no "film"); None where the noun is a measure, or the way is not one hop."""
    if _measure_asked(res, isr) or (typed := typed_path(res, isr, node, chained=True)) is None or len(typed) != 1:
        return None
    return [Step(**s) for s in typed], asked_nouns(isr, chained=True)[0]


def dated_hops(res: Resources, node: str, question: str, mention: str) -> tuple[SchemaEdge, ...]:
    """The node's hops through statements picked by a year the question says ("in 1995"), outside the entity's
    name ("2001: A Space Odyssey" says no year)."""
    years = frozenset(_YEAR.findall(question.replace(mention, " ") if mention else question))
    return res.view.dated_schema(node, years)


def compile_query(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    topic: Topic = state["topic"]  # type: ignore[assignment]
    dated = dated_hops(res, topic["node"], state["question"], topic["mention"])
    schema = [*res.view.schema(topic["node"]), *dated]
    available = {(e.predicate, e.inverse) for e in schema}
    asked = Asked.of(state["question"], state["isr"])
    labels = res.view.relation_labels

    def reusable(examples: list[Example]) -> Example | None:
        """The most relevant example to reuse as is (examples come in MMR order, which trades relevance
        for diversity): relevant enough, within the hop bound, starting where the topic can, naming the
        same relations as the question, and reaching nodes from this topic."""
        fitting = sorted((ex for ex in examples if ex["relevance"] >= ctx.hit_relevance
                          and len(ex["steps"]) <= ctx.k_depth
                          and (ex["steps"][0]["predicate"], ex["steps"][0]["inverse"]) in available),
                         key=lambda ex: -ex["relevance"])

        def judged(ex: Example) -> bool:
            return (judge(res, state["question"], state["isr"], ex["steps"], topic["node"], asked) is None
                    and bool(res.view.paths(topic["node"], ex["steps"])))

        # One naming the question's relations first; else one the question reads like as a whole, which needs
        # no word naming each hop (see analogous) and is only looked for on a miss: it embeds the question — but
        # not one following once a relation a possessive chain names twice ("<E> 's parent 's father").
        chained = possessive_chain(state["question"], state["isr"])
        return (next((ex for ex in fitting if names_asked(ex["question"], ex["steps"], asked, labels)
                      and judged(ex)), None)
                or next((ex for ex in fitting if analogous(res, state["question"], state["isr"], ex["steps"])
                         and not (chained and named_again(ex["steps"], asked.words, labels)) and judged(ex)), None))

    def named_besides(first: dict[str, Any]) -> bool:
        """Whether a word of the question, other than the answers' class, names one of the topic's hops other than
        ``first`` ("which film did <E> *compose* the music for": the composer credits, not every credit)."""
        unclassed = Counter({w: n for w, n in asked.words.items()
                             if not res.view.classes_said(state["question"], [w])})
        taken = (first["predicate"], first["inverse"])
        return any(lexical_score(e.label, unclassed) > 0 and (e.predicate, e.inverse) != taken for e in schema)

    examples = list(state["examples"])
    replayed = (state.get("traversal") or {}).get("replay")
    update: dict[str, Any] = {}
    # Back from a replay that waited for the plan cache: the cache was searched already and had no hit.
    hit = None if replayed == REPLAYED else reusable(examples)
    if hit is None and replayed != REPLAYED and ctx.use_cache and ctx.two_layer and state["isr"].get("aspect"):
        # Nothing in the aspect bucket serves this question: widen to the whole domain (Algorithm 2's
        # relaxation), for a plan filed under another aspect or a case to adapt.
        seen = {ex["id"] for ex in examples}
        examples += [ex for ex in domain_examples(res, state, ctx, available) if ex["id"] not in seen]
        update["examples"] = examples
        hit = reusable(examples)
    if hit is None and replayed != REPLAYED and ctx.use_cache and ctx.use_dense:
        # Hybrid retrieval: remembered questions nearest by meaning, for wordings BM25 cannot match.
        seen = {ex["id"] for ex in examples}
        nearest = res.memory.nearest(masked_question(state), res.domain, ctx.k, frozenset(available))
        examples += [ex for ex in as_examples(nearest) if ex["id"] not in seen]
        update["examples"] = examples
        hit = reusable(examples)
    if hit is not None:
        steps = list(hit["steps"])
        if len(steps) == 1 and asks_time(state["question"]) is True:  # (a remembered "released" may say years only)
            steps = [_named_alike_first(res, state["question"], topic["node"], schema, steps[0], asked.words)]
        plan = Plan(steps=steps, source="cache", example_id=hit["id"])
        return {**update, "plan": plan, "trace": {"plan_cache_hit": True}}
    if replayed == DEFERRED:  # the plan a replay waited for does not serve the question: replay now
        return {**update, "traversal": {"replay": AFTER_MISS}}

    # Neither statements recalled one a phrase nor a traversal pick anything by a date: a year the topic's
    # statements are dated by is compiled ("the population of <E> in 2010").
    if (state.get("traversal") or {}).get("refused") and ctx.use_traversal and not dated:
        # Edge memory recalled a path for this question and the judge refused it, and the plan memory has no
        # hit either: as in ReMindRAG (§3.2.2, B.3) the path expansion loop goes on from the topic, with what
        # replay recalled in mind (guided traversal, one reasoner decision a step), instead of planning from
        # scratch — after the statements, as composing costs no decision. The refused path is not marked as
        # tried: a hop of it may still start a longer path the question names.
        composed = recalled_composition(res, ctx, state["question"], state["isr"], topic)
        if composed:
            return {**update, "plan": Plan(steps=composed, source="composed")}
        typed = typed_path(res, state["isr"], topic["node"])
        if typed is not None and not named_besides(typed[0]):
            # it names only its answers' type: the topic's one way there (judged as compiled)
            return {**update, "plan": Plan(steps=[Step(**s) for s in typed], source="compiled")}
        kind = noun_as_kind(res, state["isr"], topic["node"])
        if kind is not None and not named_besides(kind[0][0]):  # as a miss compiles it (below)
            return {**update, "plan": Plan(steps=kind[0], source="compiled"), "isr": {**state["isr"], "kind": kind[1]}}
        placed = wh_relation(state["question"], asked.words, schema)
        if placed is not None:  # "where is <E> held": the topic's one place (as the reasoner compiles it)
            return {**update, "plan": Plan(steps=[Step(**placed.as_step())], source="compiled")}
        return {**update, "plan": Plan(steps=[], sparql=[], source="replayed"), "frontier": {topic["node"]: 1.0},
                "hops": 0, "subgraph": [], "traversal": {}}

    # A miss: this is where an LLM reasoner spends its calls (re-read the question, then compile).
    refined = res.reasoner.refine_isr(state["question"], state["isr"])
    isr = refined.value
    update["isr"] = isr
    mention = isr.get("topic_mention", "")
    if mention and mention != state["isr"].get("topic_mention", ""):  # the reasoner read another topic
        relinked = res.view.labels.mentions(mention)
        if relinked and relinked[0].nodes[0] != topic["node"]:
            node = relinked[0].nodes[0]
            topic = Topic(node=node, label=res.view.label(node), mention=mention)
            dated = dated_hops(res, node, state["question"], mention)
            schema = [*res.view.schema(node), *dated]
            update["topic"] = topic
    composed = [] if dated else recalled_composition(res, ctx, state["question"], isr, topic)
    named = Asked.of(state["question"], isr).words

    def read_kind(steps: list[Any]) -> list[Step]:
        """``steps``, less a hop only the wh-noun names where that noun is the answers' class (see kind_reading)."""
        kind = kind_reading(res, isr, topic["node"], steps, named)
        if kind is None:
            return steps
        update["isr"] = {**isr, "kind": kind[1]}
        return [Step(**s) for s in kind[0]]

    members = members_plan(res, state["question"], isr, topic["node"])
    if members is not None:  # the question asks for a kind's members and says nothing more: no relation to compile
        update["plan"] = Plan(steps=[Step(**s) for s in members], source="compiled")
        return update
    if composed:  # every phrase of the question recalled the statement of its hop
        update["plan"] = Plan(steps=read_kind(composed), source="composed")
        update["trace"] = refined.cost()
        return update
    compiled = res.reasoner.compile(state["question"], isr, schema, examples)
    steps = compiled.value[: ctx.k_depth]  # the hop bound holds for remembered and compiled plans alike
    if len(steps) == 1 and lexical_score(steps[0]["label"], named) > 0:
        steps = [_named_alike_first(res, state["question"], topic["node"], schema, steps[0], named)]
    if not any(lexical_score(step["label"], named) for step in steps) \
            and (typed := typed_path(res, isr, topic["node"])) is not None:
        steps = [Step(**s) for s in typed]  # no relation is named (a plan is a guess); the type names the way
    if not steps and (kind := noun_as_kind(res, isr, topic["node"])) is not None:
        steps = kind[0]
        update["isr"] = {**isr, "kind": kind[1]}
    if not steps and (offered := choosing_hop(res, state["question"], isr, topic["node"], [])) is not None:
        steps = [Step(**offered)]  # no relation is named, and the alternatives offered name the hop by its values
    # a hop the question names in another form ("the *releases* of" for "release") is the relation written so
    steps = [Step(**s) for s in written_as_said(res, state["question"], isr, topic["node"], read_kind(steps))]
    steps = [Step(**s) for s in dated_end(res, state["question"], topic["node"], steps, ctx.k_depth, named)]
    reused = any(steps == ex["steps"] for ex in examples)
    update["plan"] = Plan(steps=steps, source="adapted" if reused else "compiled")
    update["trace"] = {"llm_calls": refined.llm_calls + compiled.llm_calls,
                       "tokens": refined.tokens + compiled.tokens, "reasoner_calls": 1}
    return update
