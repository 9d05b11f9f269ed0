"""retrieve_plans: choose the topic entity and diverse cached plans jointly (CacheRAG Algorithm 2).

Common words are often entity labels too, so the longest matching span is not always the topic. Each
candidate span is masked in turn; the masked question should read like a remembered question, and the
span's entity should carry the remembered plan's first predicate. The best such pair wins.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, resources
from cacherag.graphs.state import Example, MentionCandidate, QAState, Topic
from cacherag.memory.plan_memory import MASK, Retrieved
from cacherag.memory.text import terms
from cacherag.nodes.reasoners.grounding import (
    Asked,
    alias,
    asked_nouns,
    asked_phrase,
    content_terms,
    contradicts,
    lexical_score,
    names_asked,
)
from cacherag.tools.kg import qualifier
from cacherag.tools.lexicon import lexicon
from cacherag.tools.linking import NODES_PER_MENTION

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

# Weights of the joint score: plan relevance dominates; span quality and schema fit break ties.
MENTION_WEIGHT = 0.2
GROUNDING_WEIGHT = 0.1
AHEAD_PLANS = 4  # remembered plans asked for ahead per span, each with another first hop
TYPE_WEIGHT = 0.3  # a word beside the span names the entity's class: "the album <Northern Lights>"
ASKED_WEIGHT = 1.0  # of homonyms, the one with an edge to what the wh-noun asks for, whatever plans recall
NEAREST_WEIGHT = 0.3  # of homonyms, those whose own relation the word nearest the span names (see _nearest_named)
PICKED_WEIGHT = 0.3  # the entity has statements picked by another entity the question names (see _picked_by)
_NEXT_WORD = re.compile(r"\s+([^\W\d_][\w-]*)")  # the word right after a span
_OF_KIND = re.compile(r"\b(\w+)\s+of\s+(?:the\s+)?$", re.IGNORECASE)  # "the *post* of <E>": the word before "of"
# "what kind of vehicle is <E>": a word for a category, the class of the entity said after it, and a copula
_KIND_OF = re.compile(r"\b([^\W\d_]+)\s+of\s+(?:an?\s+)?([^\W\d_]+)\s+(?:is|are|was|were)\s+(?:the\s+)?$",
                      re.IGNORECASE)


def masked(question: str, mention: MentionCandidate) -> str:
    return question[: mention["start"]] + MASK + question[mention["end"] :]


def _grounding(res: Resources, node: str, words: Counter[str]) -> float:
    return max((lexical_score(e.label, words) for e in res.view.schema(node)), default=0.0)


def _singular(word: str) -> bool:
    """Whether the noun is said in the singular ("the *post* of <E>": <E> is one; "the *tracks* of <E>" are its own)."""
    return word.lower() in lexicon().lemmas(word.lower(), "n")


def _nearest_named(res: Resources, question: str, mention: MentionCandidate, homonyms: list[str],
                   aliases: dict[str, str]) -> frozenset[str]:
    """Of homonyms (a person's resource per role), those whose own relation the word nearest the span names, where
    it names it better for some than for others: "who starred in films *written* by <E>" is about the writer <E>,
    the films' cast only what they have."""
    before, after = content_terms(question[: mention["start"]])[::-1], content_terms(question[mention["end"]:])
    for pair in itertools.zip_longest(before, after):  # by distance from the span, on both sides at once
        said = Counter(word for word in pair if word)
        said.update({alias(label) for word, label in aliases.items() if word in said})
        scores = {node: _grounding(res, node, said) for node in homonyms}
        best = max(scores.values())
        if best > 0:
            return frozenset(n for n, score in scores.items() if score == best) \
                if len(set(scores.values())) > 1 else frozenset()
    return frozenset()


def _picked_by(res: Resources, node: str, mention: MentionCandidate,
               mentions: list[MentionCandidate]) -> frozenset[str]:
    """The words of the other spans whose entity picks some of ``node``'s statements (a hop through intermediate
    nodes picked by it): "when did <Ilsa Brandt> receive the Silver Lens Prize" is about her award received, the
    prize only picking which one."""
    others = [m for m in mentions if m["end"] <= mention["start"] or m["start"] >= mention["end"]]
    if not others:  # most questions name one entity
        return frozenset()
    picks = {qualifier(e.predicate) for e in res.view.schema(node)} - {None}
    return frozenset(w for m in others if picks.intersection(m["nodes"][:NODES_PER_MENTION]) for w in terms(m["text"]))


def _names_kind(res: Resources, question: str, words: list[str], node: str) -> bool:
    wanted = res.view.classes_said(question, words) if words else set()
    return bool(wanted) and bool(res.view.types_of([node]) & wanted)


def _verb_of_asked(before: str) -> bool:
    """Whether the last word of ``before`` follows the noun a wh-word asks for, its verb: "which drugs *target* <E>"
    (a class "Target" of <E>'s) asks for drugs by what they target; "the *album* <E>" says what <E> is."""
    said = re.sub(r"\w+\W*$", "", before)
    return bool(said.strip()) and asked_nouns({"constraints": [said]}) == terms(said)[-1:]


def _typed(res: Resources, question: str, mention: MentionCandidate, node: str) -> bool:
    """The word right before the span, or right after it, names a class of ``node`` ("the album <Northern
    Lights>", "<Northern Lights> album": not the band)."""
    return _names_kind(res, question, terms(question[: mention["start"]])[-1:], node) \
        or _kind_after(res, question, mention, node) is not None


def _reaches_asked(res: Resources, wanted: set[str], node: str) -> bool:
    """An edge of ``node`` reaches things of the ``wanted`` classes: "the *tracks* on <Paper Lanterns>" are the
    album's, not its title track's (which has only a track number and an album)."""
    return any(res.view.reaches([node], e.as_step(), wanted) for e in res.view.schema(node))


def _kind_after(res: Resources, question: str, mention: MentionCandidate, node: str) -> int | None:
    """Where the word right after the span ends when that word names a class of ``node`` ("who directed <The
    Matrix> film"): it says what kind of thing the entity is, and asks for nothing."""
    found = _NEXT_WORD.match(question, mention["end"])
    return found.end() if found is not None and _names_kind(res, question, terms(found.group(1)), node) else None


def _phrasing(mention: MentionCandidate, vocabulary: frozenset[str]) -> bool:
    """All the span's words are words remembered questions are phrased with ("film", "made")."""
    words = terms(mention["text"])
    return bool(vocabulary) and bool(words) and all(w in vocabulary for w in words)


def _secondary(mention: MentionCandidate, mentions: list[MentionCandidate], vocabulary: frozenset[str]) -> bool:
    nested = any(o["start"] <= mention["start"] and mention["end"] <= o["end"]
                 and o["end"] - o["start"] > mention["end"] - mention["start"] for o in mentions)
    return nested or _phrasing(mention, vocabulary)


_POSSESSIVE = re.compile(r"^['’]s?(?!\w)")


def _preference(question: str, candidates: list[tuple[float, MentionCandidate, str, list[Retrieved], bool]],
                vocabulary: frozenset[str], verbatim: Any,
                picking: dict[tuple[int, str], frozenset[str]], classed: Callable[[str], bool] | None = None) -> Any:
    """Order of (span, entity) readings: plausible spans, then things before the graph's classes (``classed``:
    a class named is the kind of things meant, "the home world of <E>'s *species*"), then fewest unexplained
    words, then the joint score.

    A span is set aside when a reading with a usable plan exists for a longer span containing it
    ("Kenny" inside "Kenny Kirkland"), or a longer span containing it is spelled as a label, or when all
    its words are words remembered questions are phrased with ("film", "made") while another span with a usable
    plan is not. Among the rest, the reading that
    leaves the fewest words no remembered question uses wins: those words are most likely the name. Last,
    an entity whose label the question spells exactly ("Moulin Rouge!" rather than "Moulin Rouge").
    """
    fitted = [c[1] for c in candidates if c[4]]
    # a longer span the question spells as a label (any case) is read before any span inside it ("Iron" inside "Iron
    # Meridian"), plan or no plan
    spelled = [c[1] for c in candidates if c[1]["match"] in ("exact", "normalized")]

    def plausible(m: MentionCandidate) -> bool:
        nested = any(o["start"] <= m["start"] and m["end"] <= o["end"]
                     and o["end"] - o["start"] > m["end"] - m["start"] for o in [*fitted, *spelled])
        return not nested and not (_phrasing(m, vocabulary) and any(not _phrasing(o, vocabulary) for o in fitted))

    def unexplained(m: MentionCandidate, node: str) -> int:
        """Words left around the span that no remembered question uses: likely part of a name — but for the name
        of an entity picking the node's statements ("when did <E> receive the *Silver Lens Prize*")."""
        if not vocabulary:
            return 0
        # (the possessive after the span is the name's: "<Chewbacca>'s species" leaves no word "s")
        rest = terms(question[: m["start"]] + " " + _POSSESSIVE.sub("", question[m["end"] :]))
        return sum(1 for w in rest if w not in vocabulary and w not in picking.get((m["start"], node), ()))

    # (of one entity, nothing to ask the graph)
    is_class = classed if classed is not None and len({c[2] for c in candidates}) > 1 else (lambda _: False)
    return lambda c: (plausible(c[1]), not is_class(c[2]), -unexplained(c[1], c[2]), c[0], verbatim(c[2]))


def _ask_ahead(res: Resources, ctx: Context, state: QAState, mentions: list[MentionCandidate]) -> None:
    """Tell the graph what choosing among ``mentions`` will ask: their entities' schemas, and for the first
    entity of each the remembered plans compile_query is likeliest to reuse, executed next when one is chosen.

    Which first hop the entity has is not known before its schema, so the plans are asked for per first hop:
    those of the most relevant plans, and each the other way round (a film is written by someone, a person
    writes films); per first hop the most relevant plan naming the question's relations, else the most
    relevant. A plan whose first hop the entity lacks costs an empty answer. A remote graph answers all of it
    in one round trip; a local one ignores the hint."""
    question, isr = state["question"], state["isr"]
    nodes: list[str] = []
    plans: list[tuple[str, list[dict[str, Any]]]] = []

    def usable(text: str, first_steps: frozenset[tuple[str, bool]] | None) -> list[Retrieved]:
        picks = res.memory.retrieve(text, res.domain, isr.get("aspect", ""), k=ctx.k, lam=ctx.mmr_lambda,
                                    min_relevance=ctx.min_relevance, use_mmr=ctx.use_mmr,
                                    two_layer=ctx.two_layer, relax_below=ctx.hit_relevance,
                                    first_steps=first_steps)
        return sorted((p for p in picks if p.relevance >= ctx.hit_relevance and len(p.entry.steps) <= ctx.k_depth),
                      key=lambda p: -p.relevance)

    for mention in mentions:
        entities = mention["nodes"][:NODES_PER_MENTION]
        nodes += entities
        if not entities:
            continue
        text = masked(question, mention)
        rest = (question[: mention["start"]] + " " + question[mention["end"]:]).strip()
        asked = Asked.of(question, {**isr, "topic_mention": mention["text"], "constraints": [rest]})
        firsts: list[tuple[str, bool]] = []
        for pick in usable(text, None):
            predicate, inverse = pick.entry.first_step
            firsts += [f for f in ((predicate, inverse), (predicate, not inverse)) if f not in firsts]
        for first in firsts[:AHEAD_PLANS]:
            fitting = usable(text, frozenset({first}))
            best = next((p for p in fitting if names_asked(p.entry.question, p.entry.steps, asked,
                                                           res.view.relation_labels)), fitting[0] if fitting else None)
            if best is not None:
                plans.append((entities[0], list(best.entry.steps)))
    res.view.prefetch(nodes, plans)


def retrieve_plans(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    question, aspect = state["question"], state["isr"].get("aspect", "")
    candidates: list[tuple[float, MentionCandidate, str, list[Retrieved], bool]] = []
    picking: dict[tuple[int, str], frozenset[str]] = {}  # (span start, entity) -> words naming what picks it
    vocabulary = res.memory.vocabulary(res.domain) if ctx.use_cache else frozenset()
    # Spans nested in another span, or made only of words questions are phrased with, are read last, and
    # only when no other span gives a usable plan (see _preference).
    readings = sorted(((_secondary(m, state["mentions"], vocabulary), m) for m in state["mentions"]),
                      key=lambda reading: reading[0])
    if ctx.use_cache and ctx.ask_ahead and res.view.takes_hints:  # a local graph needs none: no work for it
        _ask_ahead(res, ctx, state, [m for secondary, m in readings if not secondary]
                   or [m for _, m in readings])
    primary_fits = False  # a span read first has given a usable plan
    for secondary, mention in readings:
        if secondary and primary_fits:
            break
        text = masked(question, mention)
        # Only plans whose first hop one of the span's entities has can be re-bound to it.
        firsts = frozenset((e.predicate, e.inverse) for node in mention["nodes"][:NODES_PER_MENTION]
                           for e in res.view.schema(node))
        picks = res.memory.retrieve(text, res.domain, aspect, k=ctx.k, lam=ctx.mmr_lambda,
                                    min_relevance=ctx.min_relevance, use_mmr=ctx.use_mmr,
                                    two_layer=ctx.two_layer, relax_below=ctx.hit_relevance,
                                    first_steps=firsts) if ctx.use_cache else []
        words = Counter(content_terms(question[: mention["start"]] + " " + question[mention["end"] :]))
        # a word naming a relation by another word grounds it too ("who *wrote* <E>": the book's author, not a film)
        words.update({alias(label) for word, label in (state["isr"].get("aliases") or {}).items() if word in words})
        homonyms = mention["nodes"][:NODES_PER_MENTION]
        # the class the head of the wh-word's noun phrase names ("the *tracks* on", not "the *track* number of")
        wanted = res.view.classes_named(asked_phrase(state["isr"], chained=True)[-1:]) if len(homonyms) > 1 else set()
        nearest = _nearest_named(res, question, mention, homonyms, state["isr"].get("aliases") or {}) \
            if len(homonyms) > 1 else frozenset()
        for node in homonyms:
            schema = {(e.predicate, e.inverse) for e in res.view.schema(node)}
            picked = picking[mention["start"], node] = _picked_by(res, node, mention, state["mentions"])
            # (a plan the question names another relation against is no reason to read the span as this homonym:
            # "which films did <E> *write*" is not about the director <E> a remembered "direct" plan fits)
            fitting = [p for p in picks if p.entry.first_step in schema
                       and not (len(homonyms) > 1 and contradicts(p.entry.steps, words, res.view.relation_labels))]
            score = (max((p.relevance for p in fitting), default=0.0) + MENTION_WEIGHT * mention["score"]
                     + GROUNDING_WEIGHT * _grounding(res, node, words)
                     + TYPE_WEIGHT * _typed(res, question, mention, node)
                     + ASKED_WEIGHT * (bool(wanted) and _reaches_asked(res, wanted, node))
                     + NEAREST_WEIGHT * (node in nearest) + PICKED_WEIGHT * bool(picked))
            fitting_first = sorted(picks, key=lambda p: p.entry.first_step not in schema)  # stable: MMR order kept
            candidates.append((score, mention, node, fitting_first, bool(fitting)))
            primary_fits = primary_fits or (bool(fitting) and not secondary)
    if not candidates:
        return {"topic": None, "examples": []}
    _, mention, node, picks, _ = max(candidates, key=_preference(question, candidates, vocabulary,
                                                                   lambda node: res.view.label(node) in question,
                                                                   picking, lambda node: node in res.view.classes))
    examples = [
        Example(id=p.entry.id, question=p.entry.question, steps=p.entry.steps,  # type: ignore[typeddict-item]
                answers=p.entry.answers[:5], relevance=round(p.relevance, 4))
        for p in picks
    ]
    # The ISR follows the chosen span: its constraints are the question around that mention, less a word
    # naming the entity's own class ("the album <E>" asks for no album).
    before = question[: mention["start"]]
    of_kind = _OF_KIND.search(before)  # "who holds the *post of* <E>", <E> being a post
    if _names_kind(res, question, terms(before)[-1:], node) and not _verb_of_asked(before):
        before = re.sub(r"\w+\W*$", "", before)
    elif of_kind and _singular(of_kind.group(1)) and _names_kind(res, question, terms(of_kind.group(1)), node):
        before = before[:of_kind.start()]
    elif (said := _KIND_OF.search(before)) and _names_kind(res, question, terms(said.group(2)), node) \
            and (not res.use_lexicon or lexicon().classifies(said.group(1).lower())):
        before = before[:said.start(2)] + before[said.end(2):]  # "what kind of *vehicle* is <E>": what it is
    end = _kind_after(res, question, mention, node)
    if end is not None:  # the class word after the name goes with it
        mention = {**mention, "text": question[mention["start"]:end], "end": end}
    rest = (before + " " + question[mention["end"] :]).strip()
    return {
        "isr": {**state["isr"], "topic_mention": mention["text"], "constraints": [rest]},
        "topic": Topic(node=node, label=res.view.label(node), mention=mention["text"]),
        "examples": examples,
        "trace": {"examples": len(examples)},
    }
