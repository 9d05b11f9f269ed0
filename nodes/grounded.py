"""The one rule every answer passes: each hop of its plan is grounded in the question, and each relation
phrase of the question is followed by a hop of the plan.

A hop is grounded when the question names its relation — by the relation's own words, by a word history
taught names it (statement memory aliases), or by a phrase that recalls the hop's statement: a phrase
remembered as naming it, or one whose vector is near the statement's above the similarity calibrated on
the memory's own history. A phrase is followed when it names a hop of the plan that way; the noun a wh-word
asks for ("what <movies> did …") and words remembered questions mostly say without naming a relation
("what is the <name> of …", "the <movie> … starred who") need no hop. Cache hits, adapted, composed,
compiled and expanded plans are judged alike, whichever reasoner proposed them: a plan that merely reaches
answers proves nothing about the question ("who produced Jaws?" is not "who directed Jaws?", "the sex of
X's parents" is not "X's parents").
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from functools import cache, lru_cache
from typing import Any

from cacherag.graphs.resources import Resources
from cacherag.graphs.state import ISR
from cacherag.memory.embeddings import unit_vectors
from cacherag.memory.plan_memory import mask, plan_key
from cacherag.memory.text import stem, terms, topic_span, word_forms
from cacherag.nodes.measures import magnitude
from cacherag.nodes.reasoners.converse import narrow_hops
from cacherag.nodes.reasoners.grounding import (
    NAME_OF,
    REQUEST,
    SHARING_WORDS,
    TOPIC_IS_THE,
    WHOSE,
    Asked,
    alias,
    alike_kinds,
    as_said,
    asked_nouns,
    asked_phrase,
    asks_time,
    at_any_grain,
    class_heads,
    classes_headed,
    counted_noun,
    event_words,
    in_another_form,
    label_words,
    lexical_score,
    names_part,
    naming_nouns,
    past_form,
    reads_back,
    relation_words,
    returns,
    said_value,
    says_chain,
    topic_is_value,
    unsaid_date,
    wh_relation,
    without_domain,
)
from cacherag.nodes.reasoners.phrases import CHOICE, HOW_MANY, Phrase, hop_phrases, leading_wh
from cacherag.nodes.reasoners.yes_no import asks_yes_or_no
from cacherag.tools.graph_view import TYPING, dated, is_address
from cacherag.tools.kg import (
    SchemaEdge,
    is_through,
    legs,
    picked_by,
    qualifier,
    turns_back,
    values_of,
    walked_legs,
)
from cacherag.tools.lexicon import (
    AGENT,
    GETTING,
    LOCATION,
    MAIN_SENSES,
    PLACE_WORDS,
    REVERSE_SENSES,
    TIME_WORDS,
    lexicon,
    said_as_had,
    written_words,
)
from cacherag.tools.linking import STOPWORDS
from cacherag.tools.terms import (
    RDF_TYPE,
    RDF_VALUE,
    iri,
    is_iri,
    is_literal,
    is_temporal,
    lexical_form,
    year_of,
)

TYPE_SAMPLE = 20  # answers whose types are looked at
_WHO = re.compile(r"\s*(?:who|whom)\b", re.IGNORECASE)
# "who has been <E>", "who was the <E>": nothing asked but who the topic is
_WHO_BEEN = re.compile(r"\s*who\s+(?:is|was|are|were|has\s+been|have\s+been)\s+(?:the\s+)?[?.!]?\s*", re.IGNORECASE)
_NAMING_YEAR = re.compile(r"\b(\d{4})(?:\s+[^\W\d_]+){0,2}\s+$")  # "the *1980* film <E>"
_WH = re.compile(r"\b(?:who|whom|whose|what|which|when|where|how)\b", re.IGNORECASE)
_SECOND_QUESTION = re.compile(rf"\b(?:and|or)\s+{_WH.pattern}", re.IGNORECASE)
# "how *old*", "how *tall*", "how *much*": a measure (not a count, nor how something is done: "how did <E> die")
_HOW_MEASURED = re.compile(r"\s*how\s+(?!(?:many|did|does|do|is|are|was|were|has|have|had|can|could|will|would)\b)"
                           r"[^\W\d_]+", re.IGNORECASE)
DOER_SAMPLE = 3  # answers whose incoming relations are looked at (a relation reaching one reaches its kind)
_NEGATION = re.compile(r"\b(?:not|never|except|besides|without|other than|apart from)\b|n't\b", re.IGNORECASE)
# "taller than 220", "how many more films … than <E>" — not a relation so named, as written: SKOS's "*narrower* than
# <E>" (the word as said: "taller" is a height's, no relation's)
_COMPARISON = re.compile(r"(?:\b([^\W\d_]+)\s+)?\bthan\b", re.IGNORECASE)
# What a question about a kind's members says besides the kind ("how many *planets* are there", "list all the
# films", "which organizations are in the graph"): English of asking for everything, no relation.
_MEMBERS_ONLY = frozenset(map(stem, (
    "how", "many", "number", "what", "which", "list", "show", "name", "give", "tell", "me", "us", "all", "every",
    "each", "there", "exist", "are", "is", "be", "in", "the", "a", "an", "this", "graph", "knowledge", "database",
    "dataset", "data", "kg", "known", "count", "total", "please", "can", "could", "you", "do", "we", "have")))
_IN_TIME = re.compile(r"\b(?:after|before|since|until|till)\b", re.IGNORECASE)  # "what did <E> do *after* <F>"
# the topic joined to another name or value: "a temperate *or arid* climate", "both <A> *and <B>*"
_JOINED_AFTER = re.compile(r"\s*,?\s*(?:or|and|nor)\s+(?:the\s+)?", re.IGNORECASE)
_JOINED_BEFORE = re.compile(r"\s*,?\s*\b(?:or|and|nor)\s*$", re.IGNORECASE)
_NUMBER = re.compile(r"\b\d+\b")  # a year or a count
_IN_YEAR = re.compile(r"\b(?:in|during)\s+(\d{4})\s*[?.!]?\s*$", re.IGNORECASE)  # "… did <E> write *in 2019*?"
_ASKS_TIME = re.compile(r"\s*(?:when|(?:what|which)\s+(?:year|date))\b", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_EXTREME = re.compile(r"\b(?:maximum|minimum|average|median)\b", re.IGNORECASE)  # of numbers, said of one thing
# Words that pick answers by their order ("the *first* pilot of <E>"), which a plan cannot: it reaches them all.
_ORDER = re.compile(r"\b(?:first|second|third|fourth|fifth|last|latest|earliest|former|previous|next|newest|oldest|"
                    r"youngest|most recent)\b", re.IGNORECASE)
# The relation phrase nearest the topic reads from it: "the capital *of* <E>", "<E> *'s* capital".
_OF_TOPIC = re.compile(r"\bof\s+(?:(?:the|a|an)\s+)?(?:[^\W\d_][\w-]*\s+)?$", re.IGNORECASE)
_PARTICIPLE = ("ed", "en")  # how a verb said as done ends ("directed by", "written by")
_POSSESSIVE_AFTER = re.compile(r"\s*['’]\s*s\b|['’](?=\s|$)")
_HAS_BEFORE = re.compile(r"\b(?:many|which|what)\s+[^\W\d_]+\s+(?:does|do|did)\s+(?:the\s+)?$", re.IGNORECASE)
_HAVE_AFTER = re.compile(r"\s+(?:have|has|had)\s*[?.!]?\s*$", re.IGNORECASE)
# An auxiliary right before the topic ("which award did / has <E> …") and no "been" after it: the topic does the verb.
_AUXILIARY = re.compile(r"\b(?:do|does|did|has|have|had|can|could|will|would)\s+(?:the\s+)?$", re.IGNORECASE)
_DONE_BY = re.compile(r"\b([^\W\d_]+)\s+by\s+(?:the\s+)?$", re.IGNORECASE)  # a verb the topic does: "piloted by <E>"
# a word and a preposition right before the topic ("which posts *report to* the …"); the prepositions a relation's label
# may end with to point at its value ("of" reads back, "by" names the doer: judged apart)
_POINTING = ("to", "in", "into", "for", "at", "on", "onto", "from", "with", "under")
_WORD_AND_PREPOSITION = re.compile(rf"\b([^\W\d_]+)\s+({'|'.join(_POINTING)})\s+(?:(?:the|a|an)\s+)?$", re.IGNORECASE)
_HOW_MUCH = re.compile(r"\s*how\s+(?:much|many)\b", re.IGNORECASE)  # an amount or a number: the plan's values
_AMOUNT = frozenset(("much", "many"))
_AGENT_OR_PLACE = frozenset(("who", "whom", "where"))
_ADDRESSED = ("address", "document", "website", "page", "link", "mail")  # what a URL or a mailbox is, or points at
_NUMBER_WORD = stem("number")
_WHAT = frozenset(map(stem, ("what", "which")))
_PASSIVE = re.compile(r"\s*(?:been|being)\b", re.IGNORECASE)
# "<the director of E> was who was …": what follows "who" is said of the phrase before the topic
_PSEUDOCLEFT = re.compile(r"\W*(?:is|was|are|were)\s+who\s+(?:is|was|are|were)\b", re.IGNORECASE)
# "what types are the films …": the noun a wh-word asks for is what another thing is, no kind of the answers.
_ASKED_OF_ANOTHER = re.compile(r"\s*(?:what|which)\s+[^\W\d_][\w-]*\s+(?:is|are|was|were)\s+"
                               r"(?:the|a|an|this|that|these|those)\b", re.IGNORECASE)
# "what genres do …": the noun a wh-word asks for, then the auxiliary of the clause whose verb ends the question.
_ASKED_THEN_AUXILIARY = re.compile(r"\s*(?:what|which)\s+(?:[^\W\d_][\w-]*\s+){1,3}?(?:do|does|did|has|have|had)\s",
                                   re.IGNORECASE)


def question_phrases(question: str, isr: ISR) -> list[Phrase]:
    return list(_phrases(question, isr.get("topic_mention", "")))


@lru_cache(maxsize=256)  # several checks of one judgement read them, and a question is judged for each plan
def _phrases(question: str, mention: str) -> tuple[Phrase, ...]:
    span = topic_span(question, mention)
    return tuple(hop_phrases(question, *span)) if span else ()


def judge(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]], topic: str,
          asked: Asked | None = None) -> str | None:
    """None when the plan answers what the question asks; else why not (the reason a user is shown).
    ``asked`` is ``Asked.of(question, isr)`` when the caller has it already."""
    asked = asked or Asked.of(question, isr)
    if lists_members(steps):  # a kind's members: judged as a whole
        return None if members_plan(res, question, isr, topic) == list(steps) else \
            "the plan lists the members of a kind; the question asks for more"
    beyond = _beyond_plans(question, isr, res.view.relation_labels) or _joined_topic(res, question, isr)
    if beyond:
        return beyond
    ends = plan_ends(res, topic, steps)
    mistyped = (_nameless(res, topic, ends) or _mistyped(res, isr, topic, steps, ends)
                or _unkinded(res, question, isr, topic, ends)
                or untimed(res, question, steps, ends, isr) or _unplaced(res, question, steps, ends)
                or _counted_kinds(question, steps) or _said_kind(res, question, steps, ends)
                or _uncounted(question, ends) or _no_count(res, question, steps, ends)
                or _no_extreme(_without_names(_without_topic(question, isr), isr), ends)
                or _unmeasured(res, question, ends)
                or _partial_count(res, question, isr, topic, steps, ends)
                or _unpicked_leg(res, question, isr, topic, steps, ends)
                or _against_converse(res, question, isr, steps, asked)
                or _walked_back(res, question, isr, steps, asked) or _joined_at_value(res, topic, steps, asked)
                or _another_form(res, question, isr, topic, steps)
                or _holders(question, isr, steps)
                or _kind_as_hop(question, isr, steps) or _whose_forward(res, question, isr, steps)
                or _unused_number(res, question, isr, topic, steps, ends) or _unused_name(res, isr, topic, steps)
                or _unpicked_value(res, question, isr, topic, steps)
                or unsaid_date(question, steps) or _unsaid_pick(res, question, isr, steps)
                or _unordered(res, question, isr, steps, ends)
                or _backwards(res, question, isr, topic, steps) or _topic_is_the(res, question, isr, steps)
                or _unnarrowed(question, isr, steps)
                or _unchosen(res, question, isr, ends)
                or _not_the_agent(question, isr, steps) or _not_the_doer(question, steps)
                or _made_of(res, question, steps, ends)
                or _with_whom(question, isr, steps)
                or _circular(res, steps, ends)
                or _unpeopled(res, question, isr, topic, steps, ends)
                or _pointed_at(res, question, isr, topic, steps)
                or _there_and_back(res, question, isr, topic, steps, asked)
                or _noun_of_another(res, question, isr, topic, steps))
    if mistyped:
        return mistyped
    unnamed = _unnamed(res, question, isr, steps, topic, asked, ends)
    grounded = unnamed is not None and not isinstance(unnamed, Contrary) \
        and (said_so(res, question, isr, steps) or analogous(res, question, isr, steps))
    # (after the relations: a word no hop follows says more of what is wrong than the answers' kind does)
    return (None if grounded else unnamed) or _no_one(res, question, isr, topic, steps, ends)


def said_so(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> bool:
    """History says this very wording, its topic masked, with this plan and no other (see
    :meth:`PlanMemory.said_as`): what the wording means here, though its words name less ("what is <E> 's dad
    ?" asked for the father's profession every time history asked it)."""
    masked = masked_topic(question, isr) if res.learned_words else None
    found = res.memory.said_as(masked, res.domain) if masked is not None else None
    return found is not None and plan_key(found.steps) == plan_key(steps)


def analogous(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> bool:
    """The question, its topic masked, reads like a remembered question whose plan is ``steps``: nearer to it
    than questions about a plan the memory lacks come to any remembered question (calibrated on the memory's
    own questions, see :meth:`PlanMemory.analogy`). This grounds wordings no word of history names ("who
    are the players in <E>" read as "who acted in <E>"), as a whole — for one hop only: a sentence's vector
    hardly sees word order, and the order of a chain's relations is all that tells "the wife of the heir of
    <E>" from "the heir of the wife of <E>"."""
    masked = masked_topic(question, isr) if res.dense_analogy and len(steps) == 1 else None
    found = res.memory.analogy(masked, res.domain) if masked is not None else None
    return found is not None and plan_key(found.entry.steps) == plan_key(steps)


def masked_topic(question: str, isr: ISR) -> str | None:
    """The question as history remembers it, its topic masked ("who directed <E>"); None where it names no topic."""
    mention = isr.get("topic_mention", "")
    return mask(question, mention) if mention and mention in question else None


class Contrary(str):
    """A refusal no remembered wording overrides: the question's words read as another relation of the topic than the
    plan's ("who wrote the *music*": its composer's credit, however like "who wrote the script" it sounds)."""


def _unnamed(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]], topic: str,
             asked: Asked, ends: Callable[[], list[str]]) -> str | None:
    """Why a hop of the plan is not named by the question, or a relation phrase not followed (None: neither).
    ``ends`` are the plan's end nodes (see :func:`plan_ends`)."""
    phrases = question_phrases(question, isr)
    aliases = isr.get("aliases") or {}
    through_labels = {step["label"] for step in steps if is_through(step["predicate"])}
    question_words = set(terms(question))
    # a wh-noun says what the answers are, and so the leg of the last hop leading to them
    wh_noun = bool(asked_nouns(isr)) and steps[-1]["label"] if steps else None
    said = res.memory.word_frequency(res.domain)
    # the words the topic does to what the wh-word asks for: "who did <A> *play*" (its role, the character), not
    # "who did <A> play *with*"
    after = _after_auxiliary_topic(question, isr)
    done = set(terms(" ".join(after))) if after and after[-1] not in STOPWORDS else set()

    @cache
    def filler(phrase: Phrase) -> bool:
        # (not a word the question's aliases read as part of a hop of the plan: "what role did <A> *play*", the
        # actor of "actor cast member")
        return res.learned_words and all(res.statements.is_filler(res.domain, w, said) and not (
            (named := aliases.get(w)) and any(set(label_words(named)) <= set(label_words(s["label"])) for s in steps))
            for w in phrase.words)

    @cache
    def recalled(phrase: Phrase) -> frozenset[str]:
        # Words questions mostly say without naming a relation ground no hop, as they need none (below).
        if not res.learned_words or filler(phrase):
            return frozenset()
        return frozenset(r.predicate for r in res.statements.recall(res.domain, phrase, said=said))

    def renames(word: str, label: str) -> bool:
        """The word names the relation by another word, or one of the relations a hop through intermediate nodes
        joins ("who *played* <E>": the actor of "character actor"), or, done by the topic, the one its leg is
        ("who did <A> *play*": the actor of "actor character", who played the other, the answers: the last hop)."""
        named = aliases.get(word)
        return named is not None and (named == label or label in through_labels and names_part(
            named, label, lambda t: wh_noun == label or t in question_words or word in done
            and label == steps[-1]["label"] and label_words(label)[:len(label_words(named))] == label_words(named)))

    def literal(phrase: Phrase, label: str, full: bool = False) -> bool:
        """The phrase names the relation by its label's words (``full``: all of them) or a word naming it."""
        return lexical_score(label, Counter(phrase.words)) > (0.99 if full else 0) \
            or any(renames(w, label) for w in phrase.words)

    labels = res.view.relation_labels
    # Phrases naming no relation of the graph as it is labelled: only what history taught can ground them.
    unlabelled = [p for p in phrases if not any(literal(p, label) for label in labels)]

    @cache
    def by_type() -> bool:
        """The plan is the only way to what the question names as its answers' type ("what planet is <E>
        from"); a question that says more must say it in words the graph or its history knows (below)."""
        typed = typed_path(res, isr, topic)
        if typed is None and len(steps) == 1 and not any(lexical_score(edge.label, asked.words)
                                                         for edge in res.view.schema(topic)):
            # "the *films* of <E>", who has no "film": the noun is the answers' kind, however the plan was found (a
            # remembered plan is judged as the compiled one was, see compile_query)
            typed = typed_path(res, isr, topic, chained=True)
        return typed is not None and len(typed) == len(steps) and \
            {p[-1] for p in res.view.paths(topic, steps)} == {p[-1] for p in res.view.paths(topic, typed)}

    @cache
    def only_relation() -> bool:
        """The topic has no relation but the plan's one hop, and the question asks for things of a kind ("which
        films are on <E>" of a tag that films state and nothing else does): it can mean no other. Any other word
        it says must still be one the graph or its history knows (below)."""
        return len(steps) == 1 and bool(asked_nouns(isr)) and \
            {(e.predicate, e.inverse) for e in res.view.schema(topic) if e.predicate != iri(RDF_TYPE)} \
            == {(steps[0]["predicate"], steps[0]["inverse"])}

    @cache
    def wh_only() -> bool:
        """"where is <E> held", "when is <E>": the question asks for the topic's one relation of its own saying a place
        or a time, and says nothing else."""
        found = wh_relation(question, asked.words, res.view.schema(topic)) if len(steps) == 1 else None
        return found is not None and (found.predicate, found.inverse) == (steps[0]["predicate"], steps[0]["inverse"])

    # The last hop may be named by its values: the alternatives the question offers, which the plan reaches
    # (judge has refused a plan reaching none of them).
    chosen = _offered(question, isr) is not None and bool(ends())
    # asked when, a time the named things the plan reaches have ("in which year did <E> win the <P>": its year)
    timed_end = len(steps) > 1 and asks_time(question) is True and lexicon().timed(steps[-1]["label"]) \
        and lexical_score(steps[-2]["label"], asked.words) > 0
    for step in steps:
        # (the answers' type vouches for no first hop of several where the topic does the verb: "which awards did
        # <film> win" asks for the film's own, not the awards of someone it credits)
        typed = by_type() and not (done and step is steps[0] and len(steps) > 1)
        grounded = lexical_score(step["label"], asked.words) > 0 \
            or any(recalled(p) & _as_stated(res, step) for p in unlabelled if recalled(p))
        if not grounded and not typed \
                and not ((chosen or timed_end) and step is steps[-1]) and not only_relation() and not wh_only() \
                or step is not steps[-1] and _half_named(res, step, question_words):
            return (f"the question does not ask for '{step['label']}'"
                    + (f": it asks for '{_listed(unlabelled)}', and no relation of the graph is known to mean that"
                       if unlabelled else ""))
    predicates = {step["predicate"] for step in steps}

    @cache
    def conversed() -> set[str]:
        """The plan's predicates and the converses of the relations it walks (asked of the graph only when needed)."""
        return {p for step in steps for p in _as_stated(res, step)}

    def follows(found: frozenset[str]) -> bool:
        """Whether the plan follows one of the relations ``found``, either way round."""
        return bool(found) and bool(found & predicates or found & conversed())
    followed = {t for step in steps for t in (*label_words(step["label"]), alias(step["label"]))}
    frame = REQUEST.match(question)
    # A word history taught names a relation is followed when that relation is.
    followed |= {w for w, label in aliases.items() if alias(label) in followed
                 or any(renames(w, step["label"]) for step in steps)}
    followed = at_any_grain(followed)
    # The noun "which" / "what" asks for names the answers ("which *actors* starred in films …"); the word
    # after "who" is a verb ("who *acted* in films …").
    predicated = _ASKED_OF_ANOTHER.match(question) is not None
    asks_which = terms(question)[:1] in (["which"], ["what"]) or counts(question)  # "how many *films*": which
    nouns = asked_nouns(isr) if asks_which and not predicated else []
    rest = _without_topic(question, isr)
    # An ordinal saying when a deed was first done ("*first* released") is judged by _unordered, not as a relation.
    spoken = {*SHARING_WORDS, *(terms(frame.group(0)) if frame else ()),
              *(t for m in _ORDER.finditer(rest) if _of_a_deed(res, rest[m.end():]) for t in terms(m.group(0)))}
    # "how much does <E> weigh", "how many pages": an amount or a number, which the plan's values are (or how many
    # things it reaches: "how many films …")
    stated = _HOW_MUCH.match(question) is not None and bool(ends()) and not any(map(is_iri, ends()))
    amount = stated or counts(question) and bool(ends())
    if amount:
        spoken |= _AMOUNT
    if question_words & TIME_WORDS and _all_times(ends()):  # "what *year* was <E> formed": the time the
        # plan's values are
        spoken |= TIME_WORDS
    if _NUMBER_WORD in question_words and _all_numbers(ends()):  # "the episode *number* of <E>": the plan's
        # values are numbers
        spoken.add(_NUMBER_WORD)

    @cache
    def events() -> set[str]:
        """Words naming only relations that date something the topic or the answers have, where the plan reaches
        things: they say the event ("which label *released* <E>": its record label). Asked only of a phrase
        otherwise refused: the answers' relations may cost a round trip."""
        if not ends() or not all(map(is_iri, ends())):
            return set()
        held = [e.label for e in [*res.view.schema(topic), *res.view.frontier_schema(ends())]]
        return event_words(question, {w for p in phrases for w in p.words}, labels, held)

    exempt = {*spoken, *nouns}

    kinds = _kinds(res, question, isr, recalled)

    @cache
    def passed() -> set[str]:
        """The classes of (a sample of) the nodes the plan passes through and reaches."""
        nodes = list(dict.fromkeys(n for path in res.view.paths(topic, steps) for n in path[1:]))
        return res.view.types_of(nodes[:TYPE_SAMPLE])

    wh_nouns = set(asked_nouns(isr))

    @cache
    def vouched() -> set[str]:
        """The nouns a wh-word asks for that name the kind of the answers' classes, in a common sense ("which
        *papers*": things of the class Article)."""
        heads = class_heads(res.view, res.view.types_of(ends()[:TYPE_SAMPLE])).values() if ends() else ()
        return {n for n in wh_nouns
                if any(lexicon().same_kind(as_said(question, [n]).lower(), head) for head in heads if head)}

    def unexplained(word: str, said: set[str] = spoken) -> bool:
        """No hop follows the word, nor is it ``said`` anyway, a number (judged apart, see _unused_number), a
        class's name or a noun the wh-word asks for naming the answers' classes' kind, a noun saying the kind of
        things meant, a word remembered questions say without naming a relation or one they say naming a relation
        the plan follows, either way round."""
        return word not in followed and word not in said and not word.isdigit() and word not in kinds \
            and not res.view.classes_said(question, [word]) \
            and not (res.use_lexicon and word in wh_nouns and word in vouched()) \
            and not (res.learned_words and filler(Phrase((word,), word))) \
            and not follows(recalled(Phrase((word,), word)))

    qualified = [v for step in steps if (v := qualifier(step["predicate"]))]
    values = res.view.labels_of(qualified) if qualified else {}  # the values picking statements -> their labels
    picking = {t for label in values.values() for t in terms(label)}
    # … of which the names of someone, the object of any verb said before them ("who *replaced* <E>")
    someone = {t for value, label in values.items() if _names_someone(res, value) for t in terms(label)}

    names = [n for n in (isr.get("topic_mention", ""), *(e["text"] for e in isr.get("named") or [])) if n]
    contrary: list[str] = []  # phrases reading as another role of the topic than the plan's first hop

    def being(word: str) -> bool:
        """A verb of being beside a relation's or a class's word says only that it holds ("which *characters
        appear* in the films …") — said as a verb, before a function word or last: not modifying a noun (a
        "*sound* engineer" is no seeming) nor a noun itself ("the episode *number* of <E>")."""
        said = as_said(question, [word])
        after = re.search(rf"\b{re.escape(said)}\b\s*([^\W\d_]*)", question)
        follows = after.group(1).lower() if after is not None else "of"
        # (or before a name, its object: "which films *feature* <E>")
        named = after is not None and any(question.startswith(name, after.start(1)) for name in names)
        return (not follows or follows in STOPWORDS and follows != "of" or named) \
            and _being(res, question, Phrase((word,), said))

    def ahead_of_kind(phrase: Phrase) -> list[str]:
        """Words before a class word in the phrase that no hop follows: "who *acted* in films directed by
        <E>" names a relation beyond the films the plan reaches, which their type does not vouch for. So too
        before the name of someone picking the plan's statements: "who *replaced* <E> in <F>" is not the
        instrument <E> played in <F>, however fully the name is said (while "who *plays* drums in <F>" picks by
        a thing, which a verb before it has)."""
        kind = next((i for i, w in enumerate(phrase.words) if res.view.classes_said(question, [w]) or w in someone), 0)
        # of the name picking the plan's statements, a verb doing what the hop's does ("*won* the …": received)
        named = kind and phrase.words[kind] in picking
        # … and a way of getting what a hop the class word names leads to ("in which years did <E> *win* a
        # prize": the prize's year, the prize being a hop of the plan)
        had = kind and any(lexical_score(step["label"], Counter([phrase.words[kind]])) for step in steps[:-1])
        return [w for w in phrase.words[:kind] if unexplained(w, exempt) and not being(w)
                and not (named and _akin(as_said(question, [w]), steps))
                and not (had and res.use_lexicon and lexicon().akin(as_said(question, [w]).lower(), GETTING))]

    def in_place_of(phrase: Phrase) -> list[str]:
        """Words of the phrase no hop follows, where the relations it names are named only in part: "the *death*
        date of <E>" says another word where "date of birth" says "birth". A hop through intermediate nodes is
        named by two labels, which a question seldom says both of ("who *composed* the music": composer person),
        but the value it picks its nodes by is said in full ("the *lead* singer" is no "lead guitar" person), and
        unqualified ("the *executive* producer" is no producer's credit)."""
        kind_asked = {w for w in asked_nouns(isr) if res.view.classes_said(question, [w])} if phrase.before else set()

        def in_full(step: dict[str, Any]) -> bool:
            value = qualifier(step["predicate"])
            said = (res.view.labels_of([value]).get(value, "") if value else
                    _spelt_leg(res, step) if is_through(step["predicate"]) else step["label"])
            if value and said and any(unexplained(w) for w in _modifiers(_without_topic(question, isr), said)):
                return False
            if not said:  # … each word of the phrase by the hop: "which *actor directed* <E>" is no cast member, nor
                # "the *box* office of <E>" a credit's role
                return False
            # (not by the noun the wh-word asks for alone, a class's name: "which *planet* was *destroyed* by <E>"
            # says what the answers are with the label of the films' planets, and the verb is still to be followed)
            own = [w for w in phrase.words if w not in kind_asked]
            return lexical_score(said, Counter(own)) == 1.0 \
                or any(renames(w, step["label"]) for w in own)  # a word history taught names it

        left = [w for w in phrase.words if unexplained(w) and not being(w)]
        full = [step for step in steps if literal(phrase, step["label"]) and in_full(step)]
        # (the words a hop's role leaves unsaid may still say another role of the topic: "who *wrote* the *music*
        # for <F>" reads as its composer's credit, not its screenwriter's; a light verb says none: "which director
        # *made* <F>" — any word the hop leaves unsaid, one history heard without naming anything too: "music" is
        # said of many a composer's credit)
        if steps[0] in full and any(w not in followed and not w.isdigit() and not being(w)
                                    and not (res.use_lexicon and lexicon().light(as_said(question, [w]).lower()))
                                    for w in phrase.words) and _other_role(res, topic, steps[0], phrase.text):
            contrary.append(phrase.text)
            return left
        return [] if full else left

    @cache
    def noun_names_relation(phrase: Phrase) -> bool:
        """The noun a wh-word asks for names the plan's last relation in full ("which *films* did <E> appear in"
        over a relation "films"; "which *prizes*" over "award received", by the lexicon), so the verb ending the
        question, naming no relation of the graph nor one history knows, only says how its subject has it: the
        topic ("what *instrument* does <E> play") or what the plan reaches before ("what *genres* do the films
        directed by <E> fall under")."""
        noun = set(asked_phrase(isr))
        span = topic_span(question, isr.get("topic_mention", ""))
        own = {*label_words(steps[-1]["label"]), *(w for w in noun if aliases.get(w) == steps[-1]["label"])}
        if not noun or span is None or not noun <= own or phrase is not phrases[-1] \
                or _PASSIVE.match(question[span[1]:]):  # a passive verb qualifies the noun ("was <E> nominated")
            return False
        # … too general to say more, a way of doing what the relation's verb says ("which award did <E> *win*":
        # received; not its noun: to *score* is no way of filming) or of getting what its noun names ("which awards
        # did <E> *receive*" over "award"), or making what its noun names ("what language do <E> *speak*": speech);
        # a verb naming a deed of its own does ("which films did <E> *narrate*" are no films of <E>'s) — but of an
        # amount the graph states, the verb only says what it measures ("how many crew does <E> *need*")
        words, label = lexicon(), written_words(steps[-1]["label"])
        verbs = [w for w in label if not words.lemmas(w, "n")] or [GETTING]
        if res.use_lexicon and not stated and not all(
                words.light(w) or any(words.akin(w, v) for v in verbs) or any(words.makes(w, n) for n in label)
                for w in phrase.text.lower().split() if words.lemmas(w, "v")):
            return False
        # Only a verb the topic does ("did <E> win") or, when the auxiliary follows the noun, its subject does.
        return len(steps) == 1 and _AUXILIARY.search(question[:span[0]]) is not None \
            or _ASKED_THEN_AUXILIARY.match(question) is not None

    # "what *types* are the films …" asks what the films are: the noun must be followed, however fully the
    # phrase names the films' own relation.
    unasked = [w for w in asked_nouns(isr) if unexplained(w)] if predicated else []
    if unasked:
        return f"the question asks for '{as_said(question, unasked)}', and no relation the answer follows means that"
    excursion = _unshared_excursion(phrases, steps, asked, literal, followed)
    if excursion:
        return f"the question asks for '{_listed(excursion)}' once, and the plan follows it there and back"
    peers = _unnamed_peers(res, question, steps, topic, asked)
    if peers:
        return f"the question asks for what '{res.view.label(topic)}' has, not for the other '{peers}' sharing it"
    for i, phrase in enumerate(phrases):
        if i and _classifies(res, question, phrase) and any(literal(phrases[i - 1], s["label"]) for s in steps):
            continue  # "the *type* of religion of <E>": the religion, which a hop follows
        if phrase.asks_type and (not res.use_lexicon or lexicon().lemmas(phrase.text.lower(), "n")):
            continue  # a noun names the answers' kind; a verb ("what *killed* <E>") names a relation
        if any(literal(phrase, step["label"]) for step in steps):
            beyond = ahead_of_kind(phrase) or in_place_of(phrase)
            if contrary:
                return Contrary(f"the question asks for '{contrary[0]}', which reads nearer another relation of "
                                f"'{res.view.label(topic)}' than '{steps[0]['label']}'")
            if beyond:
                return (f"the question asks for '{as_said(question, beyond)}', and no relation the answer "
                        "follows means that")
            continue
        if filler(phrase):
            continue  # said in remembered questions mostly without naming a relation
        if wh_only():
            continue  # "where is <E> *held*": a light verb, of the one relation saying a place the topic has
        if all(res.view.classes_said(question, [w]) & passed() for w in phrase.words):
            continue  # "the author of the *book* the film <E> is based on": what the plan passes through is one
        if set(phrase.words) == {isr.get("kind")} and asked_classes(res, isr, chained=True) & passed():
            continue  # the noun read as the answers' kind, of a class of which they are ("<E>'s *occupation*": a
            # Profession, a kind of occupation)
        if phrase.words == (stem("name"),) and NAME_OF.search(question) and ends() \
                and all(map(is_iri, ends())):
            continue  # "the name of" what the rest of the question names: the answers are shown by their names
        if amount and set(phrase.words) <= _AMOUNT:
            continue  # "how much does <E> weigh": the amount the plan's values are
        if _in_units(res, phrase, steps, ends):
            continue  # "the height of <E> *in centimeters*": what the plan's values are counted in
        if _being(res, question, phrase) or all(_placed(res, w, steps) for w in _words(phrase.text)):
            continue  # "which films does <E> *appear* in": its hops are named otherwise (their type's one way)
        if set(phrase.words) <= TIME_WORDS and (followed | spoken) >= TIME_WORDS:
            continue  # "in which *year* was <E> born": the time a hop saying one gives, or its values are
        if phrase in unlabelled and not recalled(phrase) and noun_names_relation(phrase):
            continue  # the verb of the relation the wh-noun names: "what *genre* does <E> play"
        if phrase is phrases[-1] and phrase in unlabelled and not recalled(phrase) \
                and _restated(question, isr, phrases[:-1], steps, literal):
            continue  # "the director of <E> was who was *in charge*": said again of what the plan reaches
        if not follows(recalled(phrase)) and not set(phrase.words) <= events():
            # (an event: "which albums did <E> *release*" asks for what it performed, whatever dates the release)
            return f"the question asks for '{phrase.text}', and no relation the answer follows means that"
    return None


def _other_role(res: Resources, topic: str, step: dict[str, Any], said: str) -> bool:
    """Whether the words ``said`` read nearer (by the embedding model) to another hop of the topic through the same
    intermediate nodes, picked by another value of the same edge (another credit's role), than to ``step``."""
    if res.embeddings is None or not (value := qualifier(step["predicate"])):
        return False
    name = res.view.labels_of([value])[value]
    if name != name.lower():  # a proper name picks the statements: the question names it (see _unsaid_pick)
        return False
    way, by = legs(step["predicate"]), picked_by(step["predicate"])
    others = sorted({e.label for e in res.view.schema(topic) if e.label != step["label"] and qualifier(e.predicate)
                     not in (None, value) and legs(e.predicate) == way and picked_by(e.predicate) == by})
    if not others:
        return False
    phrase, own, *theirs = unit_vectors(res.embeddings, [said, step["label"], *others])
    return max(float(phrase @ v) for v in theirs) > float(phrase @ own)


def _as_stated(res: Resources, step: dict[str, Any]) -> set[str]:
    """The hop's predicate, and the converse of each relation it walks (see :meth:`GraphView.converse`): a word history
    heard name the prizes' "laureate" ("who *won* <P>") names the laureates' "nobel prize" walked from one of them
    ("how many prizes did <E> *win*"), the same pairs stated the other way round."""
    return {step["predicate"], *res.view.converses(step).values()}


def _restated(question: str, isr: ISR, earlier: Sequence[Phrase], steps: Sequence[dict[str, Any]],
              literal: Callable[[Phrase, str], bool]) -> bool:
    """The question is "<phrase of the topic> was who was <more>": its end says again, in words naming no
    relation, who the phrase before the topic is, which names the plan's relation ("the director of <E> was who
    was in charge"). A wh-word asking anything else there asks one more thing ("… was what nationality"), and a
    name or a number there picks among the answers ("… was who was born in Ohio")."""
    span = topic_span(question, isr.get("topic_mention", ""))
    said = _PSEUDOCLEFT.match(question[span[1]:]) if span is not None else None
    return said is not None and not re.search(r"\d|\b[A-Z]", question[span[1] + said.end():]) \
        and any(p.before and literal(p, step["label"]) for p in earlier for step in steps)


def _half_named(res: Resources, step: dict[str, Any], said: set[str]) -> bool:
    """An unqualified hop through intermediate nodes, on the way to another, the question names by the leg it leaves
    by only: "which films did <A> *act* in" names the actor of a cast member, not the character it joins (whose
    films are not the actor's). (Of the last hop, the wh-word says what its other leg reaches; a word naming a leg
    by another word is judged by :func:`names_part`.)"""
    pair = legs(step["predicate"])
    if pair is None or qualifier(step["predicate"]):
        return False
    labels = res.view.predicate_labels
    first, second = (labels.get(edge.removeprefix("^"), "") for edge in (reversed(pair) if step["inverse"] else pair))
    return bool(set(label_words(first)) & said) and not set(label_words(second)) & said


def _after_auxiliary_topic(question: str, isr: ISR) -> list[str]:
    """The words after the topic where an auxiliary comes right before it ("who did <A> *play with*"): what the
    topic does; none otherwise."""
    span = topic_span(question, isr.get("topic_mention", ""))
    return _words(question[span[1]:]) if span is not None and _AUXILIARY.search(question[:span[0]]) else []


def _words(text: str) -> list[str]:
    """The words of ``text``, lower case, without digits or punctuation."""
    return re.findall(r"[^\W\d_]+", text.lower())


_COPULA = ("is", "are", "was", "were", "be", "been")


def _being(res: Resources, question: str, phrase: Phrase) -> bool:
    """The phrase says only that a relation holds: a verb of being, seeming or having, said in the active voice
    ("where was <E> *born*" names a birth), or of relating, in any ("which diseases is <E> *associated* with"), with
    the names of the graph's classes ("which *planets appear* in <E>", "which faction does <E> *belong* to")."""
    words = _words(phrase.text)
    # A participle after a copula is the passive ("which city was <E> *born* in"), not a verb of being.
    copula = re.search(rf"\b(?:{'|'.join(_COPULA)})\b", question, re.IGNORECASE) is not None

    def being(word: str) -> bool:
        return word in _COPULA or lexicon().says_being(word) and not (copula and past_form(word)) \
            or lexicon().says_relating(word)

    return res.use_lexicon and any(map(being, words)) and all(
        being(w) or res.view.classes_said(question, terms(w)) for w in words)


def _placed(res: Resources, word: str, steps: Sequence[dict[str, Any]]) -> bool:
    """A verb of being somewhere ("located", whose noun is a location; not "placed", as an order is) beside a last
    hop naming a place ("in which *city* is <E> *located*") says only that it holds."""
    words = lexicon()
    return res.use_lexicon and bool(steps) and words.derives(word, LOCATION) \
        and any(words.names_place(w) for w in written_words(steps[-1]["label"]))


def _all_times(nodes: list[str]) -> bool:
    """The plan's values are all times ("formed in": 1998)."""
    return bool(nodes) and not any(map(is_iri, nodes)) and all(dated([lexical_form(n)]) for n in nodes)


def _all_numbers(nodes: list[str]) -> bool:
    """The plan's values are all numbers ("episode id": 6)."""
    return bool(nodes) and all((key := magnitude(n)) is not None and key[0] == 0 for n in nodes)


def _in_units(res: Resources, phrase: Phrase, steps: Sequence[dict[str, Any]], ends: Callable[[], list[str]]) -> bool:
    """The phrase names units of measurement only, the plan's last relation says it counts in them ("height cm"),
    and reaches numbers: "the height of <E> *in centimeters*". A unit the graph does not say may not be its own
    ("in pounds" of a mass in kilograms)."""
    words = _words(phrase.text)
    if not res.use_lexicon or not words or not steps or not all(map(lexicon().names_unit, words)):
        return False
    said = _words(steps[-1]["label"])
    return all(any(lexicon().senses(w, "n") & lexicon().senses(s, "n") for s in said) for w in words) \
        and _all_times(ends())


def _classifies(res: Resources, question: str, phrase: Phrase) -> bool:
    """The phrase is one word for a category said of what follows ("the *type* of religion")."""
    return len(phrase.words) == 1 and res.use_lexicon and lexicon().classifies(phrase.text.lower()) \
        and re.search(rf"\b{re.escape(phrase.text)}\s+of\b", question, re.IGNORECASE) is not None


def _kinds(res: Resources, question: str, isr: ISR, recalled: Callable[[Phrase], frozenset[str]]) -> frozenset[str]:
    """The nouns the question says the kind of things it means with ("which *films* …", "the *movies* starred by
    <E>"; see :meth:`Lexicon.kind_nouns`) where the graph has no types to check them by (the typed are judged by
    their classes) and the noun names no relation: not of the graph, the lexicon or history."""
    if not res.use_lexicon or res.view.classes_by_term:
        return frozenset()
    relational = {*relation_words(res.view.relation_labels), *res.view.relation_aliases, *(isr.get("aliases") or {})}
    return frozenset(w for w in lexicon().kind_nouns(question, topic_span(question, isr.get("topic_mention", "")))
                     if w not in relational and not recalled(Phrase((w,), w)))


def _spelt_leg(res: Resources, step: dict[str, Any]) -> str:
    """The label of a hop's first leg where it leads to statement nodes a label spells out (see
    ``GraphView.verbalized``): a relation of its own, which a question names in full ("win the *Nobel Prize*": the
    prize's year); "" for a leg into nodes no label names, which names no relation a question says alone."""
    first = (legs(step["predicate"]) or ("",))[0]
    return _leg_label(res, first) if res.view.verbalized(first.removeprefix("^"), first.startswith("^")) else ""


def _leg_label(res: Resources, leg: str) -> str:
    """The label of one leg of a hop through intermediate nodes (``^`` on one walked backwards)."""
    return res.view.predicate_labels.get(leg.removeprefix("^"), "")


def _unshared_excursion(phrases: Sequence[Phrase], steps: Sequence[dict[str, Any]], asked: Asked,
                        literal: Callable[..., bool], followed: set[str]) -> list[Phrase]:
    """The phrases naming a there-and-back hop that the question does not ask for (none: it does).

    Going there and back asks for what shares the first hop's target with the topic. A question asks so with
    a word for sharing ("the films that *share* actors with <E>"), by naming the relation in two phrases ("the
    *couple* of <E>'s *spouse*"), or with a phrase that names what shares it ("who starred *films* for the
    director of <E>", "the *movies* starred by actors in <E>") or, naming the relation in full, nothing further
    ("which films are by the *director* of <E>"). "The release *year* of <E>" does none of these: it is not the
    release dates of what shares <E>'s award year; nor is "which albums did <E> *record*" the albums of its
    record label."""
    if asked.sharing:
        return []
    # (anywhere in the plan: "which film did <E> *direct*" is not the films of the directors of <E>'s films)
    start = next((i for i in range(len(steps) - 1) if turns_back(steps[i], steps[i + 1])), None)
    if start is None:
        return []
    naming = [p for p in phrases if literal(p, steps[start]["label"])]
    if len(naming) != 1 or not set(naming[0].words) <= followed:
        return []
    if len(steps) == start + 2:  # nothing further: only a phrase naming the relation in full asks for what shares it
        return [] if literal(naming[0], steps[start]["label"], full=True) else naming  # "albums did <E> *record*"
    return naming if any(literal(naming[0], step["label"]) for step in steps[start + 2:]) else []


def _unnamed_peers(res: Resources, question: str, steps: Sequence[dict[str, Any]], topic: str,
                   asked: Asked) -> str | None:
    """The class of the topic's peers a there-and-back first hop reaches, where the question names neither them
    nor sharing ("the homeworld of <E> 's *species*" is not where the others of its species live; "which other
    *characters* …" names them): the graph types both alike, and no word of the question names that class."""
    # (walking back by a relation of its own, unless the question says it: "which *children* do <E>'s parents have")
    back = len(steps) > 1 and not set(label_words(steps[1]["label"])) & set(terms(question)) \
        and _walks_back(res, steps)
    if not (returns(steps) or back) or asked.sharing:
        return None
    shared = res.view.types_of([topic]) & res.view.types_of(
        list(dict.fromkeys(path[2] for path in res.view.paths(topic, steps[:2])))[:TYPE_SAMPLE])
    if not shared or shared & res.view.classes_said(question, terms(question)):
        return None
    return min(res.view.labels_of(sorted(shared)).values(), default="")


def _walks_back(res: Resources, steps: Sequence[dict[str, Any]]) -> bool:
    """The second hop walks the first's pairs the other way round by a relation of its own, the first's converse (a
    laureate's "nobel prize", then the prizes' "laureate"; see :meth:`GraphView.converse`)."""
    first, second = steps[0], steps[1]
    return is_iri(first["predicate"]) and first["inverse"] == second["inverse"] \
        and res.view.converse(first["predicate"]) == second["predicate"]


def typed_path(res: Resources, isr: ISR, topic: str, chained: bool = False) -> tuple[dict[str, Any], ...] | None:
    """The hops a question that names only its answers' type asks for ("what planet is <E> from"), where the
    graph types its nodes: the topic's one way to nodes of that type (see :meth:`GraphView.only_way_to`). "Where
    is <E> from" names a type too: a place, the one kind of thing <E> comes from; "who is from <E>" persons. With
    ``chained``, so does a noun heading a chain ("what are the *films* of <E>"), where no relation it names is the
    topic's."""
    wanted = asked_classes(res, isr, chained)
    if wanted:
        # "which characters are from <planet>" asks what comes from the topic, in the widest sense the graph states
        said_from = bool(_said_from(isr))
        origin = said_from and is_place(res, topic) \
            and not any(map(lexicon().names_place, class_heads(res.view, wanted).values()))
        if said_from and not _may_come_from(res, topic) and not origin:
            return None  # "which planet is <vehicle> from": not the planets its films show
        # (so does a wh-noun read as the answers' kind rather than a hop it names, see kind_reading; and of the
        # topic's own edges, one reaching all the others reach: "which characters appear in <F>" are those it lists,
        # of whom its cast plays some, however history walked there before — never a wider way of two hops, the
        # planets of Yoda's films for "what planet is Yoda from")
        path = _way_from(res, isr, topic, frozenset(wanted), said_from, widest=origin or bool(isr.get("kind")),
                         widest_edge=True)
        # a value is said of what has it: "which films are *blue*" names no film of a blue-eyed character; and
        # coming from a place is one relation: not the characters of the films showing it
        return path if path is None or (is_iri(topic) and not origin) or len(path) == 1 else None
    # "who has been <E>", <E> no one (an office: "Governor of Harrow Province"): the people the graph's one way from it
    # reaches, its holders
    if _WHO_BEEN.fullmatch(" ".join(isr.get("constraints", []))):
        people = classes_headed(res.view, lexicon().names_persons)
        if people and not res.view.types_of([topic]) & people:
            path = res.view.only_way_to(topic, frozenset(people))
            return path if path is not None and len(path) == 1 else None
    # coming from somewhere is one relation: not the characters of the films showing a planet; of a planet's ways to
    # its people, the widest, as for "which characters are from <E>"
    origins = _origins(res, isr, topic)
    path = _way_from(res, isr, topic, frozenset(origins), True, widest=is_place(res, topic)) if origins else None
    return path if path is not None and len(path) == 1 else None


def _way_from(res: Resources, isr: ISR, topic: str, classes: frozenset[str], said_from: bool,
              **how: bool) -> tuple[dict[str, Any], ...] | None:
    """The topic's one way to things of ``classes`` (see :meth:`GraphView.only_way_to`). Coming from somewhere
    (``said_from``) names no event: where two ways are left, one the place of an event the question does not name
    (see :attr:`GraphView.event_relations`) and the other reaching things of a class its places have too, the other
    ("where is <E> from": the planet of its home world, not the planet of its birth) — never a way of another kind
    that only the event's way kept from being a second one (an office held, for a person's place of birth)."""
    path = res.view.only_way_to(topic, classes, **how)
    if path is not None or not said_from:
        return path
    said = set(terms(" ".join(isr.get("constraints", []))))
    events = frozenset(p for p, words in res.view.event_relations.items() if not words & said)
    other = res.view.only_way_to(topic, classes, last_resort=events, **how) if events else None
    if other is None or len(other) != 1 or other[0]["predicate"] in events:
        return None

    def kinds(step: dict[str, Any]) -> set[str]:
        return res.view.types_among(sorted(res.view.ends(topic, step)), classes) & classes

    places = [of_event for edge in res.view.schema(topic) if edge.predicate in events
              if (of_event := kinds(edge.as_step()))]
    return other if places and all(kinds(other[0]) & of_event for of_event in places) else None


def asked_classes(res: Resources, isr: ISR, chained: bool = False) -> set[str]:
    """The graph's classes the wh-noun asks for: those it names by its word, else those of things of its kind
    ("which *firms*": corporations, a kind of firm); with ``chained``, a noun heading a chain too (see
    :func:`asked_nouns`)."""
    nouns = asked_nouns(isr, chained or bool(isr.get("kind")))
    whole = _compound_asked(res, isr, chained or bool(isr.get("kind")))
    if whole:
        return whole
    # (and, of the classes only a taxonomy states, those its head noun names: "which *awards*")
    named = res.view.classes_named(nouns) | res.view.classes_above_named(
        asked_phrase(isr, chained or bool(isr.get("kind")))[-1:])
    if named or not res.use_lexicon or not nouns:
        return named
    noun = as_said(" ".join(isr.get("constraints", [])), nouns[:1]).lower()
    # a noun heading a chain, which no wh-word asks for, names a class by the class's main senses only: "what is the
    # *occupation* of <E>" is its profession, but "what is the *area* of <E>" no country (a region only as territory)
    senses = None if nouns[0] in asked_nouns(isr) else MAIN_SENSES
    return classes_headed(res.view, lambda head: bool(head) and lexicon().is_a(head, noun, senses))


def _compound_asked(res: Resources, isr: ISR, chained: bool = False) -> set[str]:
    """The graph's classes of several words the wh-noun phrase says in full: "which *concept scheme*" asks for a
    ConceptScheme, not for the Concept its first word names."""
    if not asked_nouns(isr, chained):
        return set()
    phrase = set(asked_phrase(isr, chained))
    return {c for said, classes in res.view.compound_classes.items() if said <= phrase for c in classes}


def _origins(res: Resources, isr: ISR, topic: str) -> set[str]:
    """The classes a question about coming from somewhere names: where the question asks *where* the topic is
    from, the graph's classes of places ("Planet", "City"), if the topic may come from one (see
    :func:`_may_come_from`); where it asks *who* is from the topic, a place, the graph's classes of persons
    ("People", "Human", a fictional "Character")."""
    said = _said_from(isr)
    if not res.use_lexicon or not said:
        return set()
    if said[0][:1] == [stem("where")]:
        return classes_headed(res.view, lexicon().names_place) if _may_come_from(res, topic) else set()
    return classes_headed(res.view, lexicon().someone_not_place) if is_place(res, topic) else set()


def is_place(res: Resources, topic: str) -> bool:
    """Whether the graph types the topic as a place ("Planet", "City"): what things may come from."""
    return res.use_lexicon and any(map(lexicon().names_place, _class_words(res, topic)))


def _class_words(res: Resources, topic: str) -> list[str]:
    """The words heading the labels of the topic's classes."""
    return [word for word in class_heads(res.view, res.view.types_of([topic])).values() if word]


def _said_from(isr: ISR) -> list[list[str]]:
    """The (stemmed) words of the question's constraints that end in "from" ("which planet is <E> from")."""
    return [words for c in isr.get("constraints", []) if (words := terms(c))[-1:] == [stem("from")]]


def _may_come_from(res: Resources, topic: str) -> bool:
    """Whether the topic may come from a place: the graph types it as a being or a group ("Human", "Species",
    "Band") or by a word the lexicon does not know ("Droid"), or not at all — not as a work or a thing ("Film",
    "Vehicle": the planets its films show are not where it is from)."""
    kinds = _class_words(res, topic)
    return not (res.use_lexicon and kinds
                and all(lexicon().senses(word, "n") and not lexicon().names_beings(word) for word in kinds))


def kind_reading(res: Resources, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
                 named: Counter[str]) -> tuple[list[dict[str, Any]], str] | None:
    """The plan and the wh-noun it reads as the answers' kind, where the noun names a relation, and the plan
    without any hop only that noun names reaches nodes of that kind — of a class the noun names, or values of the
    relation it names, holding none themselves ("characters" of films, where no class says what a character is):
    the noun says what the answers are, not where to go ("which *characters* live on <E>" are its residents, not
    the films they appear in; "which *characters* are from <E>" needs no "character" hop after the home world's)."""
    nouns = [noun for noun in asked_nouns(isr) if named[noun] == 1]
    if not nouns or not steps:
        return None
    noun = nouns[0]
    classes = res.view.classes_named([noun])
    shorter = list(steps[:-1]) if len(steps) > 1 and set(label_words(steps[-1]["label"])) <= {noun} else list(steps)
    if any(noun in label_words(step["label"]) for step in shorter):
        # the noun names a hop the plan follows ("what *characters* are in <E>") — unless it names the class of the
        # things the topic links to more widely (the characters a film lists, of which its cast plays some)
        wider = _wider_way(res, topic, classes, shorter)
        return (wider, noun) if wider is not None else None
    ends = plan_ends(res, topic, shorter)()
    named_by = [p for p, label in res.view.predicate_labels.items() if label_words(label) == (noun,)]
    # values of the relation and holding none (the parents of <E> are someone's children, and have children)
    if not (res.view.types_of(ends) & classes if classes else res.view.in_relation(ends, named_by)
            and not res.view.in_relation(ends, named_by, as_value=False)):
        return None
    return shorter, noun


def _wider_way(res: Resources, topic: str, classes: set[str],
               steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The topic's one edge to things of ``classes`` (see :meth:`GraphView.only_way_to`) where it reaches every
    thing of those the one-hop plan ``steps`` reaches, and more, or the plan reaches only text: a plain edge, the plan
    a hop through intermediate nodes not picked by what the question names (the drums <A> plays in a band are not
    all its instruments)."""
    if not classes or len(steps) != 1 or qualifier(steps[0]["predicate"]) is not None:
        return None
    way = res.view.only_way_to(topic, frozenset(classes), widest=True)
    if way is None or len(way) != 1 or is_through(way[0]["predicate"]) or list(way) == list(steps):
        return None
    wide, narrow = (res.view.ends(topic, step) for step in (way[0], steps[0]))
    # … or none of them, where the hop reaches their names as text (LinkedMDB's performances' "performance film")
    text = bool(narrow) and all(map(is_literal, narrow))
    return list(way) if wide and (text or narrow < wide and res.view.of_kinds(sorted(narrow), classes)) else None


def plan_ends(res: Resources, topic: str, steps: Sequence[dict[str, Any]]) -> Callable[[], list[str]]:
    """The nodes the plan reaches from the topic (a sample), looked up once and only if a check needs them;
    none without a plan."""
    return cache(lambda: list(dict.fromkeys(path[-1] for path in res.view.paths(topic, steps)))[:TYPE_SAMPLE]
                 if steps else [])


def dated_end(res: Resources, question: str, topic: str, steps: list[dict[str, Any]], max_hops: int,
              words: Counter[str]) -> list[dict[str, Any]]:
    """``steps`` and, where the question asks when and they reach things that say no time, the one hop from those
    things to a time they all may have ("in which year did <E> win the Orrin Medal": the medal's year; "when did
    <E> join <O>": the membership's start); ``steps`` as they are where there is none, or more than one, or where
    a hop of the topic's own saying a time is named by the question's ``words`` ("when did <E> win the Obsidian
    Prize": the year of its award statement picked by that prize)."""
    if not steps or len(steps) >= max_hops or asks_time(question) is not True or any(
            lexicon().timed(edge.label) and lexical_score(edge.label, words) > 0 for edge in res.view.schema(topic)):
        return steps
    ends = plan_ends(res, topic, steps)()
    if not ends or not all(map(is_iri, ends)) or dated(res.view.labels_of(ends).values()):
        return steps
    timed = [edge for edge in res.view.frontier_schema(ends) if not edge.inverse and lexicon().timed(edge.label)
             and res.view.reaches_time(ends, edge.as_step())]
    return [*steps, timed[0].as_step()] if len(timed) == 1 else steps


def _leaving(res: Resources, topic: str, steps: Sequence[dict[str, Any]], i: int) -> list[str]:
    """The nodes the plan's hop ``i`` leaves: the topic for the first, else (a sample of) where the hops before
    lead."""
    return plan_ends(res, topic, steps[:i])() if i else [topic]


def _without_topic(question: str, isr: ISR) -> str:
    mention = isr.get("topic_mention", "")
    return question.replace(mention, " ") if mention else question


def _without_names(text: str, isr: ISR) -> str:
    """``text`` without the other names the question says (a name may say "than" or "after": "Bigger Than Life",
    "Friday After Next")."""
    for named in isr.get("named") or []:
        text = text.replace(named["text"], " ")
    return text


def _mistyped(res: Resources, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
              ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are not what the question asks for ("which films did X also write" answered
    with people), where the graph types its nodes and the asked noun names one of its classes — some of them, at
    least: summarize keeps those (the starships among the many things appearing in a film)."""
    head = asked_phrase(isr, chained=True)[-1:]
    wanted = _compound_asked(res, isr) or res.view.classes_named(asked_nouns(isr) or head) \
        | res.view.classes_above_named(head)
    if not wanted or not ends():
        return None
    asked_for = "', '".join(sorted(res.view.labels_of(sorted(wanted)).values()))
    # Values are no things of a class ("the *tracks* on <E>": no track number), where the class's noun heads
    # what the wh-word asks for ("what is the *track number* of <E>" asks for a number).
    if not any(map(is_iri, ends())) and res.view.classes_named(head):
        return f"the question asks for a '{asked_for}', and the plan reaches values"
    found = res.view.types_among(ends(), wanted)
    if found and not found & wanted and len(ends()) == TYPE_SAMPLE:  # a sample: the rest may have the kind
        found = res.view.types_among(list(dict.fromkeys(p[-1] for p in res.view.paths(topic, steps))), wanted)
    if not found or found & wanted or res.use_lexicon and alike_kinds(res.view, wanted, found):
        return None  # "which *city*": a town is one kind with it
    return f"the question asks for a '{asked_for}', and the plan reaches none"


def _unkinded(res: Resources, question: str, isr: ISR, topic: str, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are not of the kind the wh-word's noun asks for, where that noun names no class and
    no relation of the graph and the graph types the answers: "which *tour* did <E> play in 2004" is answered by
    no instrument. A noun of their classes' kind passes: a synonym, a kind of one ("which *actor*": a person) or
    what one is a kind of ("which *group*": a band), the head of a compound ("which *ships*": starships), or
    a word for something living or an organization where a class is one too ("which *composer*": a "Human",
    "which *company*": a "Manufacturer"); as does a word for a category ("which *type*"). A class named by a word the
    lexicon does not know ("Droid") says nothing either way. Answers shown by an address (a web page the graph says
    nothing of, a mailbox) are of the kinds an address is or points at: a page, a site, a link, a document, mail."""
    nouns = _wh_nouns(question, isr)
    if not res.use_lexicon or not nouns or res.view.classes_named(nouns) or not ends() \
            or leading_wh(question) == "who":
        return None  # "who is the *cover* artist of <E>" asks for someone, judged apart (_unpeopled)
    noun = as_said(question, nouns[:1]).lower()
    if not lexicon().lemmas(noun, "n") or lexicon().classifies(noun):
        return None
    sample = ends()[:DOER_SAMPLE]
    shown = [lexical_form(n) for n in sample if is_literal(n)] + list(res.view.shown_whole(sample).values())
    addresses = sorted(shown) if len(shown) == len(sample) and all(map(is_address, shown)) else []
    if not addresses and not all(map(is_iri, ends())):
        return None
    relational = {*relation_words(res.view.relation_labels), *(isr.get("aliases") or {})}
    # (of the words after the wh-word, those said as nouns: "which studio *produced* <E>" names the producer's credit
    # by its verb, and asks for a studio still)
    phrase = set(asked_phrase(isr)) - lexicon().verbs_only(question)
    if addresses:
        # a web page or a mailbox is only what an address is or points at, whatever verb names the relation ("which
        # *exhibitions* has <E> been shown in", "which *museums* show <E>" are not answered by its page, "shown at")
        said = nouns[0] in relational or any(lexicon().same_kind(as_said(question, [word]).lower(), kind)
                                             for word in phrase for kind in _ADDRESSED)
        return None if said else f"the question asks for a '{noun}', and the plan reaches addresses ('{addresses[0]}')"
    if relational & phrase or noun.endswith(_PARTICIPLE) and _inflected_verb(noun):  # "who is <E> *married* to"
        return None  # a phrase naming a relation ("the *cover artist* of") says its values, whatever their class
    # the topic's own classes say nothing of the answers' kind (every node an "Item")
    heads = class_heads(res.view, res.view.types_of(ends()[:DOER_SAMPLE]) - res.view.types_of([topic]))
    if not heads or any(_of_a_kind(noun, word) for word in heads.values()):
        return None
    return f"the question asks for a '{noun}', and the plan reaches a '{min(heads)}'"


def _wh_nouns(question: str, isr: ISR) -> list[str]:
    """The nouns the wh-word asks for (see :func:`asked_nouns`) said before the topic: one after it is a verb the
    topic does ("what made <E> *star* in")."""
    span = topic_span(question, isr.get("topic_mention", ""))
    before = set(terms(question[:span[0]])) if span is not None else set()
    return [noun for noun in asked_nouns(isr) if noun in before]


def _of_a_kind(noun: str, head: str) -> bool:
    """Whether the noun ``noun`` may name a thing of a class headed by the word ``head`` (see :func:`_unkinded`)."""
    lex = lexicon()
    compound = any(len(lemma) > 2 and head.endswith(lemma) for lemma in lex.lemmas(noun, "n"))  # star*ship*
    return not lex.senses(head, "n") or compound or lex.same_kind(noun, head) or lex.alike_as_someone(noun, head)


def untimed(res: Resources, question: str, steps: Sequence[dict[str, Any]],
            ends: Callable[[], list[str]], isr: ISR | None = None) -> str | None:
    """Why the plan's answers (``ends``, see :func:`plan_ends`) do not say what the wh-word asks: when ("when
    was <E> born" answered with a place of birth), or who or where (answered with dates only)."""
    wanted = asks_time(question) if steps else None
    # a last hop saying a time, asked for by a noun phrase that says none ("the release *date*" says one)
    timed_hop = bool(steps) and bool(set(label_words(steps[-1]["label"])) & TIME_WORDS)
    nouns = asked_phrase(isr) if isr is not None and timed_hop else []
    if nouns and not set(nouns) & TIME_WORDS and ends() and _all_dates(res, ends()):
        # "what *award* did <E> receive in 1995" is not answered with the years of its awards
        return f"the question asks for '{as_said(question, nouns)}', and the plan reaches only dates"
    if wanted is None or not ends():
        return None
    is_dated = dated(res.view.labels_of(ends()).values())
    if wanted and not is_dated:
        return "the question asks when, and the plan reaches no date or year"
    # a time hop's values need not be typed as dates ("birth year" ends at "19 BAE")
    if not wanted and (all(is_temporal(end) for end in ends()) or timed_hop and is_dated):
        return "the question asks who or where, and the plan reaches only dates"
    if not wanted and _all_numbers(ends()):
        # a table's key column beside its reference ("ReportsTo" 2 beside "ref-ReportsTo" <Employees/…=2>)
        return "the question asks who or where, and the plan reaches only numbers"
    return None


def _all_dates(res: Resources, nodes: list[str]) -> bool:
    """Whether every one of ``nodes`` says a time: a typed date, or a node named by a number ("2010")."""
    labels = res.view.labels_of(nodes)
    return all(is_temporal(node) or dated([labels.get(node, "")]) for node in nodes)


def _unplaced(res: Resources, question: str, steps: Sequence[dict[str, Any]],
              ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no place where the question asks where: its last hop, walked forward, names a
    kind of person ("where does <E> 's parent come from" is not answered by the parent), or who does a deed
    ("founded by": a founder); or the graph types them all as persons ("where are the characters of <E> from" is
    not answered with the characters, of the class "People" or "Character") or living beings. Where the graph types
    them, their classes say it, not the label: "where did <E> work" is answered by an employer that is an
    observatory."""
    if not res.use_lexicon or not steps or terms(question)[:1] != [stem("where")]:
        return None
    classes = res.view.types_of(ends()[:DOER_SAMPLE]) if ends() else set()
    if not classes and not steps[-1]["inverse"] and _reaches_doers(steps[-1]["label"], lexicon().names_people):
        return f"the question asks where, and the plan reaches people ('{steps[-1]['label']}')"
    called = _all_called(res, classes, lexicon().someone_not_place)  # persons, people, characters, living beings
    if called:
        return f"the question asks where, and the plan reaches people ('{called}')"
    # walked back, a relation reaches what states it: things of no place's kind ("where is the reviewer <E> from" is
    # answered by no review of hers), as the graph types them
    thing = steps[-1]["inverse"] and _all_called(res, classes, lambda w: lexicon().names_no_one(w)
                                                 and not lexicon().names_place(w))
    if thing:
        return f"the question asks where, and the plan reaches a '{thing}', which is no place"
    # values, or things left untyped in a graph that types its things, of a relation whose words name no place
    # ("where does <E>'s language come from": no language; "where did <E> work": no occupation), all words the
    # lexicon knows ("homeworld" it does not); an untyped graph's things may be places ("nationality": a country)
    words = _words(without_domain(steps[-1]["label"]))
    untyped = not classes and (not all(map(is_iri, ends())) or bool(res.view.classes))
    if ends() and untyped and not set(map(stem, words)) & PLACE_WORDS \
            and all(lexicon().senses(w, "n") and not lexicon().names_place(w) for w in words):
        return f"the question asks where, and the plan reaches '{steps[-1]['label']}', which names no place"
    return None


def _all_called(res: Resources, classes: set[str], names: Callable[[str], bool]) -> str | None:
    """The least of the ``classes``' labels when every one is headed by a word ``names`` says so of (a person, no
    one), else None."""
    heads = class_heads(res.view, classes)
    return min(heads) if heads and all(word and names(word) for word in heads.values()) else None


def _reaches_doers(label: str, names: Callable[[str, int], bool]) -> bool:
    """Whether a relation labelled ``label``, walked forward, reaches what ``names`` says of a noun (people, say):
    the label's head noun ("parents", "country of citizenship") or, for a deed ("founded by"), the deed's agent
    noun in its main senses (a founder)."""
    words = _words(without_domain(label))
    head = words[words.index("of") - 1] if "of" in words[1:] else words[-1] if words else ""
    if words[-2:-1] and head == "by":
        return any(names(agent, REVERSE_SENSES) for agent in lexicon().agents(words[-2]))
    return names(head, 1)


def _unpeopled(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
               ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no one where the wh-word asks for someone by a noun of people or organizations
    ("which *publisher* did <E> write for" answered with the books <E> wrote) and the plan's last hop is walked
    back to what states it (a relation's values are what it reaches as such): where the graph types them, no
    class of theirs is called by a word that can name someone ("who is the *singer* of <E>" is no album it
    performed); where it does not, no relation of the graph reaches them as people or organizations (no
    "published by", "author" or "spouse")."""
    if not res.use_lexicon or not steps or not steps[-1]["inverse"] or _role_of_topic(question, isr):
        return None
    nouns = [n for n in asked_nouns(isr, chained=True) if not res.view.classes_named([n])]
    agentive = [word for word in as_said(question, nouns).split()
                if lexicon().names_agents(word.lower()) and not _inflected_verb(word.lower())]
    sample = ends()[:DOER_SAMPLE] if agentive else []
    kinds = res.view.types_of(sample) if sample else set()
    if kinds:  # what their classes are called says it ("the *singer* of <E>" is no album it performed) — when
        # they are not the topic's own (every node an "Item" says nothing)
        if kinds & res.view.types_of([topic]):
            return None
        called = _all_called(res, kinds, lexicon().names_no_one)
        if called:
            return f"the question asks for a '{agentive[0]}', and the plan reaches a '{called}'"
        return None
    # Untyped, only the noun a "which" / "what" asks for is judged, by the relations reaching the answers.
    if not sample or terms(question)[:1] not in (["which"], ["what"]) or not set(nouns) & set(asked_nouns(isr)) \
            or res.view.classes_named(asked_nouns(isr)):
        return None
    if any(_reaches_doers(edge.label, lexicon().names_agents) for edge in res.view.kg.local_schema(sample)
           if edge.inverse):
        return None
    return (f"the question asks for a '{agentive[0]}', and nothing the graph says of the plan's answers makes them "
            "people or organizations")


def _role_of_topic(question: str, isr: ISR) -> bool:
    """Whether the noun a "what" or "which" question chains is the topic's own role, not the answers' ("what is <E>
    the *pilot* of": what <E> pilots; "who is <E> the pilot of" still asks for someone)."""
    span = topic_span(question, isr.get("topic_mention", ""))
    return span is not None and leading_wh(question) != "who" and topic_is_value(question, span)


def _no_one(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
            ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no one where "who" asks for someone: the graph types them all by classes called
    by words naming no one in any common sense, and not as it types the topic (every node an "Item" says nothing).
    Asked of a last hop through intermediate nodes, which join people and things alike ("who did <A> play"
    answered with the films of its cast memberships), or of one a relation walks forward whose own words name no
    one either: "who was in the *sequel* to <E>" is not answered by the sequel, though a film like <E> itself; or of
    a single hop walked back to what states it ("who *reviewed* <E>" is no review of it); or of a longer plan that
    comes back to things of the topic's kind past nodes of none ("who played <C> in <F>" answered with the films of
    <F>'s performer: a "film" class <F> shares says what they are, where the performers are no films)."""
    if not res.use_lexicon or _WHO.match(question) is None or not steps:
        return None
    last = steps[-1]
    said_thing = not last["inverse"] and _reaches_doers(last["label"], lambda word, _: lexicon().names_no_one(word))
    judged = is_through(last["predicate"]) or said_thing or len(steps) == 1 and last["inverse"]
    # (a longer plan history answered this very wording with is not asked of the graph again: one round trip)
    if not judged and (len(steps) == 1 or _worded_so(res, question, isr, steps)):
        return None
    sample = ends()[:DOER_SAMPLE]
    kinds = res.view.types_of(sample) if sample and all(map(is_iri, sample)) else set()
    shared = kinds & res.view.types_of([topic]) if kinds else set()
    if not kinds or judged and shared and not said_thing \
            or not judged and not (shared and _passed_apart(res, topic, steps, kinds)):
        return None
    called = _all_called(res, kinds, lambda word: lexicon().names_no_one(word) and not lexicon().names_persons(word))
    return f"the question asks who, and the plan reaches a '{called}'" if called else None


def _passed_apart(res: Resources, topic: str, steps: Sequence[dict[str, Any]], kinds: set[str]) -> bool:
    """Whether a plan of several hops passes through nodes none of ``kinds`` types (a sample): the kinds its answers
    share with the topic then say what they are, no blanket class every node has (an "Item")."""
    if len(steps) < 2:
        return False
    passed = list(dict.fromkeys(n for path in res.view.paths(topic, steps)[:TYPE_SAMPLE] for n in path[1:-1]))
    return bool(passed) and all(map(is_iri, passed)) and not res.view.types_of(passed[:DOER_SAMPLE]) & kinds


def _names_someone(res: Resources, node: str) -> bool:
    """Whether the graph types ``node`` by a class called by a word for a person or an organization in its main
    sense ("Musician"; not "Award", "Instrument")."""
    if not res.use_lexicon or not is_iri(node):
        return False
    heads = class_heads(res.view, res.view.types_of([node])).values()
    return any(word and lexicon().names_agents(word) for word in heads)


def _akin(word: str, steps: Sequence[dict[str, Any]]) -> bool:
    """The verb ``word`` is a way of doing what a verb of a hop's label does, of one kind with it ("won" and
    "received": ways of getting; "lost" is none)."""
    return any(lexicon().akin(word.lower(), w) for step in steps for w in _words(step["label"]))


def _inflected_verb(word: str) -> bool:
    """A verb's inflected form, whatever noun it also spells ("born": bear, not the physicist)."""
    forms = lexicon().lemmas(word, "v")
    return bool(forms) and word not in forms


def _nameless(res: Resources, topic: str, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are none: it stops at nodes the graph gives no name, though it names the topic —
    blank nodes, or IRIs with statements of their own and no label (a citation between two papers, a statement):
    nodes a relation leads to beside named things, where it was taken for a plain edge. (An unlabelled IRI with
    no statements, an ORCID or a web page, is a value; in a graph that labels nothing, IRIs are the names.)"""
    found = ends()
    # (beside named ones, nameless nodes are left out: OWL's restrictions beside a class's parents)
    nameless = res.view.nameless(found)
    if found and len(nameless) == len(set(found)):
        return "the plan stops at nodes the graph gives no name"
    found = [n for n in found if n not in nameless]
    sample = found[:TYPE_SAMPLE]
    if not sample or not all(map(is_iri, sample)) or res.view.labelled(sample) or not res.view.labelled([topic]):
        return None
    described = res.view.kg._ask(f"ASK {{ {values_of('e', sample)} ?e ?p ?o FILTER(?p != {iri(RDF_TYPE)}) }}")
    return "the plan stops at nodes the graph gives no name" if described else None


def _counted_kinds(question: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are not what "how many" asks to count: the kinds the graph files the topic under
    ("how many *characters* appear in <F>" is no count of what <F> is typed as, whatever "character" means)."""
    if counts(question) and steps and steps[-1]["predicate"] == iri(RDF_TYPE) and not steps[-1]["inverse"]:
        return "the question asks how many; the plan reaches the kinds of things, not things"
    return None


def _said_kind(res: Resources, question: str, steps: Sequence[dict[str, Any]],
               ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no answer: the kinds the graph files the topic under, which the question says
    already ("what type of *planet* is <E>": Planet)."""
    if not steps or steps[-1]["predicate"] not in TYPING or steps[-1]["inverse"]:
        return None
    kinds = set(ends())
    if kinds and kinds <= res.view.classes_said(question, terms(question)):
        return f"the question says what kind of thing it asks about ('{res.view.label(sorted(kinds)[0])}'); the " \
               "graph says no more of its kind"
    return None


def _no_extreme(question: str, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's values are not what a question asking for an extreme or a mean wants: none says a number ("the
    *maximum* daily dose of <E>" is no dosage form, "Tablet by Oral"); ``question`` is said without its names ("An
    *Average* Little Man" asks for no mean)."""
    extreme = _EXTREME.search(question)
    if extreme and ends() and not any(is_literal(v) and _DIGIT.search(lexical_form(v)) for v in ends()):
        return f"the question asks for the {extreme.group(0).lower()} of something; the plan reaches no number"
    return None


def _uncounted(question: str, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's values are not what "how many" asks: none says a number ("how many climates does <P> have":
    "frozen"; nor is a list written in one value, "grassy hills, swamps", a count)."""
    values = ends()
    if counts(question) and values and all(map(is_literal, values)) \
            and not any(_DIGIT.search(lexical_form(v)) for v in values):
        return "the question asks how many; the plan reaches values that say no number"
    return None


_COUNT_WORDS = frozenset(stem(w) for w in ("number", "count", "total", "amount", "quantity"))
_PREPOSITIONS = frozenset(("of", "in", "on", "at", "for", "from", "per", "by", "with"))


def _no_count(res: Resources, question: str, steps: Sequence[dict[str, Any]],
              ends: Callable[[], list[str]]) -> str | None:
    """Why what the plan reaches is no count of what "how many" counts: the relation's label says the counted noun
    only beside its head noun, which the question does not say and is no word for a count — neither the number it
    states ("how many *pages* does <E> have" is no "wiki page *ID*", a number naming a page; a "number of pages", "page
    count", "pages" or "units in stock" is one) nor how many things it reaches (nor the templates of a "wiki page uses
    *template*"; "how many Nobel *Prizes*" does count "nobel prize" links)."""
    noun = counted_noun(question)
    if noun is None or not steps or qualifier(steps[-1]["predicate"]) or not ends():
        return None
    # (a hop through intermediate nodes is labelled by its legs, "distribution download url": what it reaches, by its
    # last; a credit's role picked by a value, "illustrator contributor", names what is counted otherwise)
    via = legs(steps[-1]["predicate"])
    label = _leg_label(res, via[1]) if via else steps[-1]["label"]
    said = _words(without_domain(label))
    before = next((i for i, word in enumerate(said) if i and word in _PREPOSITIONS), len(said))
    head = stem(said[before - 1]) if said else ""  # "*units* in stock", "*number* of pages", "wiki page *id*"
    if noun not in label_words(label) or head in terms(question) or head in _COUNT_WORDS:
        return None
    return f"the question asks how many, and '{label}' is no count of them"


def _partial_count(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
                   ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are not all the question asks to count: "how many *characters* appear in <F>" is no
    count of the characters of <F>'s cast members where the graph relates <F> to more characters by another
    relation ("film") — a list may show some of them, a count must be of all of them. The plan's own route through
    intermediate nodes, picking them otherwise or not at all, is no other relation ("how many films did <E> direct":
    not those of its other credits)."""
    counted, classes = ends(), asked_classes(res, isr) if counts(question) and len(steps) == 1 else set()
    if not classes or not counted or not all(map(is_iri, counted)) or _counts_relation(question, steps[0]):
        return None
    reached = res.view.ends(topic, steps[0])  # all of them: ends() is a sample
    route = (legs(steps[0]["predicate"]) or steps[0]["predicate"], bool(steps[0]["inverse"]))
    for edge in res.view.schema(topic):
        step = edge.as_step()
        other = (legs(step["predicate"]) or step["predicate"], bool(step["inverse"])) != route
        more = sorted(res.view.ends(topic, step) - reached) if other else []
        if more and res.view.of_classes(more, classes):
            return f"the question asks how many, and the graph relates the topic to more of them by '{edge.label}'"
    return None


def _counts_relation(question: str, step: dict[str, Any]) -> bool:
    """Whether the noun counted is the whole name of the relation followed: "how many *targets* does <E> have" counts
    its "target" links, whatever else of that class (its enzymes) it links to."""
    noun = counted_noun(question)
    return noun is not None and label_words(step["label"]) == (noun,)


def _unmeasured(res: Resources, question: str, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no measure where the question asks how old, tall or much: things the graph types
    ("how old was <C> in <F>" is not the actor who played <C> in <F>; an untyped node may be a value, "how popular
    was <F>": famous), or dates."""
    found = _HOW_MEASURED.match(question)
    if found is not None and ends() and not any(map(is_literal, ends())) and res.view.types_of(ends()[:DOER_SAMPLE]):
        return f"the question asks '{found.group(0).strip()}', and the plan reaches things, not a measure"
    # nor is a date ("how much does <V> charge for <P>": no offer's date), though it is a time ("how late")
    if found is not None and ends() and all(map(_a_date, ends())) and found.group(0).split()[-1].lower() not in _TIMES:
        return f"the question asks '{found.group(0).strip()}', and the plan reaches dates, not a measure"
    return None


_TIMES = frozenset(("late", "early", "soon", "recently", "recent"))  # "how late": a time
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?(?:Z|[+-]\d{2}:\d{2})?")


def _a_date(term: str) -> bool:
    """Whether ``term`` is a date: typed as one, or written as ISO 8601 does (not "12 g", nor a duration "PT4M")."""
    return is_temporal(term) or is_literal(term) and _ISO_DATE.fullmatch(lexical_form(term)) is not None


def counts(question: str) -> bool:
    """Whether the question asks how many: of a number the graph states, the number ("how many *pages* does <E>
    have"), else of the things a plan reaches, how many there are ("how many *films* did <E> appear in")."""
    return HOW_MANY.match(question) is not None


def _unpicked_leg(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
                  ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's first hop through intermediate nodes is not the one asked for: the nodes have another leg
    the first edge's words name as well, reaching values of the same sort (things, or values), and the question
    says neither leg's own words ("the *rating* of <E>": its aggregate rating's value or its count?). A wh-noun
    naming the class of the plan's answers picks the leg ("which *awards*": the prize, not the work it was for);
    who, when, where and how pick one by the kind of its values (a member's person, not instrument)."""
    if not steps or qualifier(steps[0]["predicate"]) is not None or leading_wh(question) not in _WHAT:
        return None
    mine = legs(steps[0]["predicate"])
    if mine is None or not ends() or mine[1] == iri(RDF_VALUE) and lexical_score(
            res.view.predicate_labels.get(mine[0].removeprefix("^"), ""), Counter(terms(question))):
        return None  # (a structured node's principal value is what it is: "the *sequence* of <E>", not its mass)
    things = is_iri(ends()[0])
    # (a date is no other value the question may mean where it asks no time: "the population of <E>", not its year)
    timeless = not asks_time(question) and not any(map(is_temporal, ends()))
    others = [e for e in res.view.schema(topic) if e.label != steps[0]["label"] and qualifier(e.predicate) is None
              and (other := legs(e.predicate)) is not None and other[0] == mine[0] and other[1] != mine[1]
              and any(is_iri(n) == things for n in res.view.ends(topic, e.as_step()))
              and not (timeless and all(map(is_temporal, res.view.ends(topic, e.as_step()))))]
    own = set(label_words(steps[0]["label"]))
    shared = set.intersection(own, *(set(label_words(e.label)) for e in others)) if others else own
    # (said, or named by a word read as a relation's: "what *cites* <P>" names its "references")
    said = {*terms(question), *(w for label in (isr.get("aliases") or {}).values() for w in label_words(label))}
    if not others or not own - shared or (own - shared) & said \
            or things and asked_classes(res, isr, chained=True) & res.view.types_of(ends()):
        return None  # the leg named by the first edge's words alone is the plain reading ("award received")
    return f"the question asks for '{as_said(steps[0]['label'], sorted(shared))}' and not which: " \
           f"'{_listed_labels([steps[0]['label'], *(e.label for e in others)])}'"


def _listed_labels(labels: Sequence[str]) -> str:
    return "', '".join(sorted(set(labels)))


def _against_converse(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]],
                      asked: Asked) -> str | None:
    """Why the plan walks a relation the question names against the way the graph states it, where the graph
    names the other way with a relation of its own: "the child of <E>" over "parents" walked back from <E>
    reaches <E>'s parents (the graph's "children" says who <E>'s children are). A hop walked back to share
    the target of the one before ("the people who share a parent with <E>") and a relation stated both ways
    ("spouse") are no such walk, nor is one the question names only by its converse, nor one whose value the
    question says the topic is ("which characters have <E> *as their* home world", "*whose* home world is <E>",
    "<E> *is the* home world *of* which characters", "which planet does <E> live on"), nor one whose label says
    what its subject is to its object ("author of": "who wrote <E>" walks it back from <E>)."""
    span = topic_span(question, isr.get("topic_mention", ""))
    if span is not None and topic_is_value(question, span):
        return None
    aliases = isr.get("aliases") or {}
    # What the topic does, said after an auxiliary ("which planet does <E> *live* on"), names a relation whose
    # values are who does it ("resident") with the topic as its value.
    done = set(terms(" ".join(_after_auxiliary_topic(question, isr))))
    # … and so does a verb said done by the topic ("the starship *piloted* by <E>": one <E> pilots)
    by = _DONE_BY.search(question[:span[0]]) if span is not None else None
    done |= set(terms(by.group(1))) if by is not None else set()
    for i, step in enumerate(steps):
        # (a label "<noun> of" says what its subject is to its object: walked back from <E>, "the author of <E>"
        # reads as the graph states it)
        if not step["inverse"] or is_through(step["predicate"]) or i and turns_back(steps[i - 1], step) \
                or not lexical_score(step["label"], asked.words) or step["label"].split()[-1:] == ["of"]:
            continue
        naming = {*label_words(step["label"]), *(w for w, label in aliases.items() if label == step["label"])}
        if naming & done and res.use_lexicon and _reaches_doers(step["label"], lexicon().names_agents):
            continue
        other = res.view.converse(step["predicate"])
        if other is not None and other != step["predicate"]:
            return (f"the question names '{step['label']}', and the plan walks it back to what the graph calls "
                    f"'{res.view.predicate_labels.get(other, other)}'")
    return None


def _whose_forward(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan walks from the topic the relation a "whose" question says the topic is the value of: "*whose*
    home world is <E>" asks for what has <E> as its home world, not for <E>'s own. A relation stated both ways
    ("whose spouse is <E>") reads either way; a hop through intermediate nodes carries its direction in its path
    and is not judged here."""
    span = topic_span(question, isr.get("topic_mention", ""))
    whose = WHOSE.match(question)
    if whose is None or span is None or not steps or is_through(steps[0]["predicate"]) or returns(steps):
        return None
    step = steps[0]
    way = _said_way(res, isr, step["label"], terms(question[whose.end():span[0]]))
    # (a word naming it the other way round reads it forward: "*whose* child is <E>" asks for <E>'s parents)
    if way is None or bool(step["inverse"]) != (way != reads_back(step["label"])) \
            or res.view.converse(step["predicate"]) == step["predicate"]:
        return None
    return (f"the question asks whose '{step['label']}' the topic is, and the plan walks it "
            f"{'to' if step['inverse'] else 'from'} the topic")


def _kind_as_hop(question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why a plan whose last hop only the wh-noun names is not what the question asks, where that noun is the
    subject of a verb whose object is the topic: "which *planet* won <award>" asks which planet did, not the planets
    of the film that did."""
    span = topic_span(question, isr.get("topic_mention", ""))
    if len(steps) < 2 or span is None:
        return None
    words = re.findall(r"[^\W\d_]+", question[:span[0]].lower())
    if len(words) < 3 or words[0] not in ("which", "what") or words[2] in STOPWORDS \
            or not lexicon().lemmas(words[2], "v") or not all(w in STOPWORDS for w in words[3:]):
        return None
    noun, last = set(terms(words[1])), set(label_words(steps[-1]["label"]))
    if last & noun and last & set(terms(question)) <= noun:
        return f"the question asks which {words[1]} {words[2]} it, not the '{steps[-1]['label']}' of what did"
    return None


def _holders(question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are what has the things the wh-noun asks for: "which *characters* live on <E>"
    walked back along "characters" reaches the films having them. A relation "<noun> of" or "<noun> by" names its
    subject by the noun ("which *members* …" over "member of" walked back are members), as does one the noun only
    modifies ("which *vehicles* are speeders": walked back along "vehicle class", vehicles). A noun naming the
    relation the other way round is what walking it back reaches ("which *children* does <E> have" over "parent"),
    and walking it forward reaches what has them."""
    if not steps or is_through(steps[-1]["predicate"]) or leading_wh(question) not in ("which", "what"):
        return None  # "who was *born* in <E>": no noun, a verb
    label = steps[-1]["label"]
    aliases, converse = isr.get("aliases") or {}, isr.get("converse") or {}
    named = [n for n in _wh_nouns(question, isr) if n in label_words(label)[-1:] or aliases.get(n) == label]
    if not named or bool(steps[-1]["inverse"]) == all(n in converse for n in named) \
            or _words(label)[-1:] in (["of"], ["by"]):
        return None  # … and a noun modifying the label's head names what has it too ("*vehicle* class")
    return f"the question asks for '{as_said(question, named)}', and the plan reaches what has them"


def _walked_back(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]],
                 asked: Asked) -> str | None:
    """Why the plan walks a relation the question names twice by the same noun straight back, where a noun said
    again walks on ("the mentor of the mentor of <E>" is no one who shares a mentor with <E>): unless the
    question asks what shares it, or the relation is its own converse ("the spouse of <E> 's spouse" is <E>).
    Two words for it walk back ("the films *directed* by the *director* of <E>"), and so may a verb said again
    ("who *directed* the films *directed* by the director of <E>")."""
    aliases, converse = isr.get("aliases") or {}, isr.get("converse") or {}
    for before, step in itertools.pairwise(steps):
        if asked.sharing or not turns_back(before, step) or is_through(step["predicate"]):
            continue
        label, named = step["label"], set(label_words(step["label"]))
        said = Counter(naming_nouns(_without_topic(question, isr),
                                    lambda t, label=label, named=named: t in named or aliases.get(t) == label))
        # … or two nouns naming it the other way round ("<E>'s *child*'s *son*": a grandson, no one's parent)
        again = max(said.values(), default=0) >= 2 or sum(n for w, n in said.items() if stem(w) in converse) >= 2
        if again and res.view.converse(step["predicate"]) != step["predicate"]:
            return f"the question says '{step['label']}' again, which walks on from where it led, not back"
    return None


def _another_form(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why a hop named by a word said in another form ("the *release* of …" for "releases") is not the one asked
    for, where the nodes it leaves have a relation written in the form said: the graph tells the two apart, and
    so does the question."""
    found = next(_said_otherwise(res, question, isr, topic, steps), None)
    if found is None:
        return None
    i, word, written = found
    return f"the question says '{word}', which is '{written[0].label}' here, not '{steps[i]['label']}'"


def written_as_said(res: Resources, question: str, isr: ISR, topic: str,
                    steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``steps`` with each hop the question names in another form (see :func:`_another_form`) swapped for the one
    relation of the nodes it leaves written in the form said; as they are from the first hop with several."""
    swapped = [dict(step) for step in steps]
    for _ in steps:  # each pass swaps one hop, the first still said otherwise
        found = next(_said_otherwise(res, question, isr, topic, swapped), None)
        if found is None or len({(e.predicate, e.inverse) for e in found[2]}) != 1:
            break
        swapped[found[0]] = dict(found[2][0].as_step())
    return swapped


def _said_otherwise(res: Resources, question: str, isr: ISR, topic: str,
                    steps: Sequence[dict[str, Any]]) -> Iterator[tuple[int, str, list[SchemaEdge]]]:
    """Each hop (its position) whose label the question says only in another form, the word said, and the relations
    of the nodes the hop leaves written in that form (where there are any)."""
    forms = word_forms(_without_topic(question, isr))
    said = set(terms(_without_topic(question, isr)))
    for i, step in enumerate(steps):
        word = in_another_form(step["label"], forms)
        if word is None:
            continue
        # (asked who or where, the answers are no dates: "who *published* <E>" is its publisher, whatever "date
        # published" says)
        timeless = i == len(steps) - 1 and leading_wh(question) in _AGENT_OR_PLACE
        # … and asked when, they are: "when was <E> *born*" is the date of birth, whatever "people born here" says
        timely = i == len(steps) - 1 and leading_wh(question) == "when"
        # (nor is one the question says fewer words of: "what language do they *speak*" is the languages spoken, not
        # the official language)
        own = len(set(terms(step["label"])) & said)
        written = [edge for edge in res.view.frontier_schema(_leaving(res, topic, steps, i))
                   if edge.predicate != step["predicate"] and word in written_words(edge.label)
                   and len(set(terms(edge.label)) & said) >= own
                   and not (timeless and set(terms(edge.label)) & TIME_WORDS)
                   and not (timely and not set(terms(edge.label)) & TIME_WORDS)]
        # (nor is the same relation stated the other way round another: Freebase's "people born here" beside
        # "place of birth"; asked of the graph only then)
        if written and not is_through(step["predicate"]):
            written = [edge for edge in written if edge.predicate != res.view.converse(step["predicate"])]
        if written:
            yield i, word, written


def _joined_at_value(res: Resources, topic: str, steps: Sequence[dict[str, Any]], asked: Asked) -> str | None:
    """Why the plan walks a relation back from the values a relation reached: "the eye colour of <E>'s wife" is not
    who has eyes of her hair's colour, nor the eye colour of those whose hair is the colour of hers, nor "the height
    of <B>'s drummer" that of the drummers whose membership began the year his did. Things meet at a literal only
    where the question asks what shares it ("who has the same eye colour as <E>")."""
    if asked.sharing:
        return None
    for i, (before, step) in enumerate(itertools.pairwise(steps), 1):
        # (only a hop walked back, or through intermediate nodes reached backwards, leaves a value)
        if not step["inverse"] and not (legs(step["predicate"]) or ("",))[0].startswith("^"):
            continue
        values = [path[-1] for path in res.view.paths(topic, steps[:i])[:TYPE_SAMPLE]]
        if values and all(map(is_literal, values)):
            return f"the plan walks '{step['label']}' back from the values of '{before['label']}'"
    return None


def _beyond_plans(question: str, isr: ISR, relation_labels: Collection[str] = ()) -> str | None:
    """Why no plan can answer the question as asked, whatever it reaches: it negates ("which films did <E>
    not direct": a plan follows relations, it cannot leave them out), or it asks yes or no ("did <E> direct
    <F>", not "is <E> a man or a woman"), or it asks two questions ("who directed <F> *and who* produced it": one
    plan answers one), or it compares ("taller than 220") — unless the word before "than" is one of the
    ``relation_labels``' own ("narrower than <E>")."""
    rest = _without_topic(question, isr)
    second = _SECOND_QUESTION.search(rest)
    if second is not None and _WH.search(rest[:second.start()]):  # (a follow-up opens with "and who …")
        return f"the question asks two things ('{second.group(0)}'); ask them one at a time"
    negation = _NEGATION.search(rest)
    if negation is not None:
        return f"the question asks for what is not so ('{negation.group(0)}'); a plan can only follow relations"
    compared = _COMPARISON.search(_without_names(rest, isr))
    said = (compared.group(1) or "").lower() if compared is not None else ""
    if compared is not None and (said in STOPWORDS or not any(said in label.split() for label in relation_labels)):
        return "the question compares ('than'); a plan reaches answers, it does not compare them"
    if asks_yes_or_no(question, rest):  # (one :mod:`yes_no` could not read as the question it checks)
        return "the question asks yes or no, and ends with no name or value of the graph to look for"
    return None


def lists_members(steps: Sequence[dict[str, Any]]) -> bool:
    """Whether the plan starts by listing a kind's members (the typing hop walked back: see :func:`members_plan`)."""
    return bool(steps) and bool(steps[0]["inverse"]) and steps[0]["predicate"] in TYPING


def members_plan(res: Resources, question: str, isr: ISR, topic: str) -> list[dict[str, Any]] | None:
    """The plan listing the things of a kind, where the topic is one of the graph's classes and the question asks
    for its members and nothing more ("how many planets are there", "list all the films"); else None. Not when
    the plan could not read them all (a count must be whole)."""
    if topic not in res.view.classes or not set(terms(_without_topic(question, isr))) <= _MEMBERS_ONLY:
        return None
    predicate = res.view.typing_predicate(topic)
    if predicate is None:
        return None
    step = {"predicate": predicate, "inverse": True, "label": res.view.label(predicate) or "type"}
    return [step] if len(res.view.paths(topic, [step])) < res.view.kg.max_rows else None


def _joined_topic(res: Resources, question: str, isr: ISR) -> str | None:
    """Why no plan can answer: the topic is joined by "or" / "and" to another name or value the question says
    ("planets with a temperate *or arid* climate", "films with both <A> *and <B>*"); a plan starts from one of
    them, and its answers would be the one's alone."""
    span = topic_span(question, isr.get("topic_mention", ""))
    if span is None:
        return None
    after = _JOINED_AFTER.match(question, span[1])
    before = _JOINED_BEFORE.search(question[:span[0]])
    if after is None and before is None:
        return None
    names = [n["text"] for n in isr.get("named") or []]
    other: str | None = None
    if after is not None:
        window = question[after.end():]
        other = next((n for n in names if window.startswith(n)), None) or next(
            (m.text for m in res.view.value_mentions(window) if m.start == 0), None)
    if other is None and before is not None:
        window = question[:before.start()].rstrip()
        other = next((n for n in names if window.endswith(n)), None) or next(
            (m.text for m in res.view.value_mentions(window) if m.end == len(window)), None)
    return (f"the question joins '{isr.get('topic_mention')}' and '{other}'; a plan starts from one of them"
            if other else None)


def _offered(question: str, isr: ISR) -> tuple[str, str] | None:
    """The two answers the question ends by offering ("is <E> 's parent a *man* or a *woman*")."""
    found = CHOICE.search(_without_topic(question, isr))
    return (found.group(1).lower(), found.group(2).lower()) if found else None


def _reaches_option(res: Resources, options: tuple[str, str], nodes: list[str]) -> bool:
    """Some node is named by an option, word for word or as English links them ("female" is a woman's; not
    by what the node is a kind of: "Eve" is a woman, her name no value of a woman's)."""
    reached = [w for label in res.view.labels_of(nodes).values() for w in label.lower().split()]
    return any(o == w or res.use_lexicon and lexicon().links(o, w, general=False) for o in options for w in reached)


def _unchosen(res: Resources, question: str, isr: ISR, ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are none of the alternatives the question ends by offering ("is <E> 's parent a
    man or a woman": the parent is neither)."""
    options = _offered(question, isr)
    if options is None or not ends() or _reaches_option(res, options, ends()):
        return None
    return f"the question offers '{options[0]}' or '{options[1]}', and the plan reaches neither"


def choosing_hop(res: Resources, question: str, isr: ISR, topic: str,
                 steps: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The one hop from the plan's answers to an alternative the question offers, where they are none ("is
    <E> 's wife a man or a woman": from the wife to her gender; from the topic with no plan: "is <E> male or
    female"); the alternatives name it by its values."""
    options = _offered(question, isr)
    ends = plan_ends(res, topic, steps)() if steps else [topic]
    if options is None or not ends or _reaches_option(res, options, ends):
        return None
    found = [edge for edge in res.view.frontier_schema(ends) if _reaches_option(
        res, options, list(dict.fromkeys(dst for _, dst in res.view.kg.follow(ends, edge.as_step())))[:TYPE_SAMPLE])]
    return found[0].as_step() if len(found) == 1 else None


def _unused_number(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
                   ends: Callable[[], list[str]]) -> str | None:
    """Why the plan leaves out a number the question names ("which films did <E> direct in 1979", where nothing or
    more than one relation dates the films): a plan follows relations from the topic and filters nothing but the
    values its hops pick statements by ("the award <E> received in 1995": the statement dated 1995) and a year
    ending the question its answers are dated in (see :func:`year_kept`). A number the topic itself is related to
    ("the 1979 film <E>") only says which entity is meant, and one the plan reaches is what it answers."""
    numbers = set(_NUMBER.findall(_without_topic(question, isr)))
    if not numbers or not ends():
        return None
    # (its own values, not those of one statement among several: "the award X received *in 1995*" picks one)
    told = [dst for edge in res.view.schema(topic) if not is_through(edge.predicate)
            for _, dst in res.view.kg.follow([topic], edge.as_step())]
    picked_by = [q for step in steps if (q := qualifier(step["predicate"])) and not is_iri(q)]
    known = {*res.view.labels_of(ends() + told[:TYPE_SAMPLE * 10]).values(),
             *(t for q in picked_by for t in (lexical_form(q), year_of(q)) if t)}
    # The year of a date of the topic's, said in the words naming it ("the 1980 film <E>", released 1980-05-17) —
    # not anywhere ("which films did <E> direct in 1944", <E> born in 1944).
    span = topic_span(question, isr.get("topic_mention", ""))
    naming = _NAMING_YEAR.search(question[:span[0]]) if span is not None else None
    if naming is not None and naming.group(1) in set(filter(None, map(year_of, told))):
        known.add(naming.group(1))
    if (kept := year_kept(res, question, isr, steps, ends()[:TYPE_SAMPLE * 10])) is not None:
        if not kept[1]:  # (another plan may pick statements by it: "the award <E> received in 2003")
            return f"none of the answers is dated {kept[0]}"
        known.add(kept[0])  # (it picks the answers: summarize keeps those dated in it)
    unused = sorted(n for n in numbers if n not in known)
    return f"the question names '{unused[0]}', and the plan does not use it" if unused else None


def year_kept(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]],
              nodes: list[str]) -> tuple[str, set[str]] | None:
    """The year ending a question asking for things ("which papers did <E> write *in 2019*", "which films did <E>
    direct in 1979") and those of ``nodes`` it keeps: the ones the one relation dating such answers dates in it.
    None where no year ends the question, the plan picks its statements by it already ("the award <E> received in
    1995"), or the answers are people (a birth year is no year they were cast in) or dated by no relation or by
    several (which one is meant?)."""
    found = _IN_YEAR.search(_without_topic(question, isr))
    if found is None or not nodes or not all(map(is_iri, nodes)) or _WHO.match(question) \
            or _ASKS_TIME.match(question) or asks_yes_or_no(question):
        return None
    year = found.group(1)
    if any(year in (lexical_form(q), year_of(q)) for step in steps if (q := qualifier(step["predicate"]))):
        return None
    if res.use_lexicon and (any(map(lexicon().names_people, asked_nouns(isr)))
                            or any(_names_someone(res, node) for node in nodes[:3])):
        return None
    dating = res.view.dated_by(nodes)
    if len(dating) != 1:
        return None
    return year, next(iter(dating.values())).get(year, set())


def _unused_name(res: Resources, isr: ISR, topic: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan leaves out an entity the question names besides its topic ("what year did <E> win the
    *Brass Quill Award*" answered with every year the award was won): a plan filters by nothing but the values
    its hops pick their intermediate nodes by, so every entity named must be the topic, such a value or a node
    the plan passes through. A class's name says what kind of thing is meant, no entity."""
    named = [n for n in isr.get("named") or []
             if topic not in n["nodes"] and not res.view.classes_named(terms(n["text"]))]
    if not named:
        return None
    used = {topic, *(q for step in steps if (q := qualifier(step["predicate"])))}
    if any(used.isdisjoint(n["nodes"]) for n in named):
        used.update(node for path in res.view.paths(topic, steps)[:TYPE_SAMPLE * 10] for node in path)
    unused = next((n["text"] for n in named if used.isdisjoint(n["nodes"])), None)
    return f"the question names '{unused}', and the plan does not use it" if unused else None


def _unpicked_value(res: Resources, question: str, isr: ISR, topic: str,
                    steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan picks by nothing where the question says a value picking some of the topic's statements ("who
    played *Greta Vallis* in <F>": the one performance of that character, not every actor of <F>), as a plan compiled
    for it does (a name said as text is no entity the question names, see :func:`_unused_name`) — besides the topic's
    own name, which picks nothing ("which gene encodes *PBP-X*")."""
    if any(qualifier(step["predicate"]) for step in steps):
        return None
    rest = _without_topic(question, isr)
    said = next((q for e in res.view.schema(topic) if (q := qualifier(e.predicate)) and not is_iri(q)
                 and not is_temporal(q) and said_value(rest, q)), None)
    return f"the question says '{lexical_form(said)}', and the plan does not pick by it" if said else None


def _unsaid_pick(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan picks its intermediate nodes by a node the question does not name, in any word of its name nor
    by a word naming the hop ("which awards has <E> won" is not the one award a remembered "when did <E> receive
    the *Silver Lens Prize*" picked; "who *directed* <F>" names the credit's role "director")."""
    picking = [(step, value) for step in steps if (value := qualifier(step["predicate"])) and is_iri(value)]
    if not picking:  # most plans pick nothing
        return None
    said = set(terms(question))
    named_hops = set((isr.get("aliases") or {}).values())
    words = [w for w in _words(question) if w not in STOPWORDS]

    def named(name: str) -> bool:
        """By a word of its name, or, for one who does a deed, by another verb English uses for the deed ("led": a
        director). A more general noun is no name of it ("an *award*" is every prize, not the Silver Lens Prize)."""
        if not said.isdisjoint(label_words(name)):
            return True
        deeds = {v[:-len(end)] + e for v in name.lower().split() for end in AGENT if v.endswith(end) for e in ("", "e")}
        return res.use_lexicon and any((link := lexicon().links(w, deed)) is not None and link.way == "v"
                                       for w in words for deed in deeds)

    called = {n for entity in isr.get("named") or [] for n in entity["nodes"]}  # by another of its names: "Chewie"
    for step, value in picking:
        if step["label"] not in named_hops and value not in called and (name := res.view.label(value)) \
                and not named(name):
            return f"the plan picks '{step['label']}' by '{name}', which the question does not name"
    return None


def _unordered(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]],
               ends: Callable[[], list[str]]) -> str | None:
    """Why the plan does not pick what the question asks for by order ("who was the *first* pilot of <E>"),
    unless the word names a relation the plan follows ("the *next* episode"), or says when a deed was first
    done and the plan reaches one value ("when was <E> *first released*": its one release date); or by a time
    before or after another ("what did <E> do *after* <F>")."""
    followed = {w for step in steps for w in label_words(step["label"])}
    rest = _without_topic(question, isr)
    order = next((m.group(0) for m in _ORDER.finditer(rest) if not set(terms(m.group(0))) <= followed
                  and not (_of_a_deed(res, rest[m.end():]) and len(ends()) == 1)), None)
    if order:
        return f"the question picks answers by order ('{order}'); a plan reaches them all"
    # (unless a relation the plan follows says it: "named after")
    when = next((m.group(0) for m in _IN_TIME.finditer(_without_names(rest, isr))
                 if not set(terms(m.group(0))) <= followed), None)
    return f"the question places its answers in time ('{when}'); a plan does not order them" if when else None


def _of_a_deed(res: Resources, after: str) -> bool:
    """The word after an ordinal is a verb said as done, no noun ("*first* released", not "the first *pilot*")."""
    word = next(iter(_words(after)), "")
    return res.use_lexicon and bool(lexicon().lemmas(word, "v")) and not lexicon().lemmas(word, "n") \
        and word.endswith(_PARTICIPLE)


def _backwards(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why a hop walks the relation the other way than the question reads it: "the *capital* of <E>" and "<E>'s
    capital" are what <E> has (<E> -capital-> ?), not what has <E> as its capital; a label ending in "of" reads the
    other way round ("the sequel of <E>": ? -sequel of-> <E>). Judged only where the graph types the nodes a hop
    leaves: the first hop where nothing of <E>'s kind has the relation that way, or the relation runs one way only
    (see :meth:`GraphView.one_way`); a later hop, said as what the nodes before it have ("<E>'s parent's
    *mother*"), where it runs one way only. A hop through intermediate nodes carries its direction in its path and
    is not judged here."""
    span = topic_span(question, isr.get("topic_mention", ""))
    phrases = question_phrases(question, isr)
    # A plan going there and back walks its first hop against the phrase by design ("the co-stars of <E>").
    if span is None or not steps or not phrases or returns(steps):
        return None
    # A relation running one way only is walked the wrong way round unless history walked it so for these words,
    # or said this very wording with this plan (a dataset's "<E> 's versions" may be what has <E> as a version).
    taught = isr.get("directions") or {}

    def runs_one_way(step: dict[str, Any]) -> bool:
        # (or English says so: a parent has several children and a child two parents, yet no one is the parent of
        # their own parent)
        return (taught.get(step["predicate"]) != step["inverse"]
                and never_own_converse(res, step) and not said_so(res, question, isr, steps))

    # (and "how many *children* does <E> have", what <E> has, where a word names the relation the other way round)
    had = _possessed(question, span) or _OF_TOPIC.search(question[:span[0]]) or _had_by(question, span) and (
        _named_way(res, isr, steps[0]["label"], phrases[0].words) not in (None, reads_back(steps[0]["label"])))
    if had and not is_through(steps[0]["predicate"]):
        refusal = _first_backwards(res, isr, topic, steps[0], phrases[0], runs_one_way)
        if refusal is not None:
            return refusal
    if len(phrases) != len(steps):
        return None
    for i, (step, phrase) in enumerate(zip(steps[1:], phrases[1:], strict=True), start=1):
        way = None if is_through(step["predicate"]) else _named_way(res, isr, step["label"], phrase.words)
        if way is None or bool(step["inverse"]) == way or not said_as_had(question, phrase.text):
            continue
        # (a word naming it the other way round says which way itself: "<E>'s child's *son*", however the graph
        # states the relation)
        if way != reads_back(step["label"]) \
                or runs_one_way(step) and res.view.types_of(_leaving(res, topic, steps, i)):
            return f"the question asks for the '{phrase.text}' of what the hop before reaches, and the plan walks " \
                   f"'{step['label']}' to it"
    return None


def _first_backwards(res: Resources, isr: ISR, topic: str, step: dict[str, Any], nearest: Phrase,
                     runs_one_way: Callable[[dict[str, Any]], bool]) -> str | None:
    """:func:`_backwards` for the first hop, the question reading it as what the topic has; ``runs_one_way``:
    whether the hop's relation runs one way only, and history did not walk it so for these words."""
    # Named by the label's words, its other names in the graph ("homeworld") or its converse ("children"); a word
    # history taught names it carries the way history saw it walked (see grounding.wrong_way).
    reads_back = _said_way(res, isr, step["label"], nearest.words)
    if reads_back is None or bool(step["inverse"]) == reads_back:
        return None
    refusal = f"the question asks for the '{nearest.text}' the topic has, and the plan walks '{step['label']}' to it"
    if any((e.predicate, e.inverse) == (step["predicate"], reads_back) for e in res.view.schema(topic)):
        # the topic has it the way the question reads it ("the mother of <E>": <E> has a mother), and the plan's way
        # reaches others (not a relation stated both ways between the same two: "spouse")
        walked, read = ({dst for _, dst in res.view.kg.follow([topic], {**step, "inverse": way})}
                        for way in (step["inverse"], reads_back))
        if walked - read:
            return refusal
    # Only where the graph types the topic and nothing of its kind states the relation the way the question
    # reads it: a graph may state a relation one way only, "spouse" from one partner to the other — but not one
    # that runs one way where the graph types <E> ("the mother of <E>" is never whom <E> is the mother of). A label
    # ending in "of" says its own way ("the sequel of <E>" is never what <E> is the sequel of), and so does one English
    # gives a converse, typed or not ("the parents of <E>" are never <E>'s children).
    kinds = frozenset(res.view.types_of([topic]))
    if not reads_back and not _opposed(res, step["label"]) and (
            not kinds or res.view.stated_from(kinds, step["predicate"], inverse=reads_back) and not runs_one_way(step)):
        return None
    return refusal


def _pointed_at(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the first hop walks from the topic a relation the question says points at the topic: a label of a word and
    the preposition it ends with, other than "of" and "by" ("reports to", "located in"), said so right before the
    topic ("which posts *report to* <E>") asks for what has the relation to <E>, not for what <E> has it to. Judged
    where <E> has it that way, and the relation runs one way only (no pair has it both ways, as spouses may)."""
    span = topic_span(question, isr.get("topic_mention", ""))
    if span is None or not steps or steps[0]["inverse"] or is_through(steps[0]["predicate"]) or returns(steps):
        return None
    label = _words(without_domain(steps[0]["label"]))
    said = _WORD_AND_PREPOSITION.search(question[max(0, span[0] - 40):span[0]])  # (a short tail: read per plan)
    if len(label) < 2 or label[-1] not in _POINTING or said is None or said.group(2).lower() != label[-1] \
            or stem(said.group(1).lower()) != stem(label[-2]):
        return None
    step = steps[0]
    if not any((e.predicate, e.inverse) == (step["predicate"], True) for e in res.view.schema(topic)) \
            or not res.view.one_way(step["predicate"]) or said_so(res, question, isr, steps):
        return None
    return (f"the question asks what '{said.group(1)} {said.group(2)}' the topic, and the plan walks "
            f"'{step['label']}' from it")


def _worded_so(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> bool:
    """History answered this very wording, its topic masked, with this plan (see :meth:`PlanMemory.worded`)."""
    masked = masked_topic(question, isr)
    return masked is not None and any(plan_key(entry.steps) == plan_key(steps)
                                      for entry in res.memory.worded(masked, res.domain))


def _comes_back(res: Resources, topic: str, steps: Sequence[dict[str, Any]], step: dict[str, Any]) -> bool:
    """Whether ``step``, taken after ``steps``, leads from a node they reach back to the node before it (a sample of
    their paths). That alone is no walking back: a director may have written every film he directed."""
    walked = [path for path in res.view.paths(topic, steps)[:TYPE_SAMPLE] if len(path) > len(steps)]
    back = set(res.view.kg.follow([path[-1] for path in walked], step)) if walked else set()
    return any((path[-1], path[-2]) in back for path in walked)


def _noun_of_another(res: Resources, question: str, isr: ISR, topic: str,
                     steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan follows another relation than the topic's own whose label the noun the wh-word asks for heads ("in
    which *volume* did <E> appear": its "published in journal volume", not the journal a remembered "in which journal
    did <E> appear" reached); a noun naming a class of the graph, or a hop of the plan too, says the answers' kind."""
    nouns = _wh_nouns(question, isr)
    if not nouns or not steps or res.view.classes_said(question, nouns):
        return None
    said = Counter(nouns)
    if any(lexical_score(step["label"], said) > 0 for step in steps):
        return None
    headed = [e for e in res.view.schema(topic) if label_words(e.label)[-1:] and label_words(e.label)[-1] in said]
    # (the converses of the plan's relations are asked of the graph only where some relation is so headed)
    followed = {p for step in steps for p in _as_stated(res, step)} if headed else set()
    named = [e.label for e in headed if e.predicate not in followed]
    if not named:
        return None
    return f"the question asks for the topic's '{named[0]}', and the plan follows '{steps[-1]['label']}'"


def _there_and_back(res: Resources, question: str, isr: ISR, topic: str, steps: Sequence[dict[str, Any]],
                    asked: Asked) -> str | None:
    """Why the plan walks back to what it left, where the question asks for nothing sharing a relation with the topic:
    a hop along the converse of the one before ("who won the prize in <category>": the category's laureates, then
    their prizes' laureates, co-winners of other prizes), or straight back along the last edge of a hop through
    intermediate nodes. A relation walked straight back whole is judged with what the question names twice (see
    grounding.overuses), and a converse where the question chains relations by "of" or possessives is walked as
    said. The graph is asked for a converse only where some path of the plan does come back."""
    if asked.sharing:
        return None
    chained = says_chain(question, isr)
    vouched = cache(lambda: _worded_so(res, question, isr, steps))
    for k, (first, second) in enumerate(itertools.pairwise(steps)):
        if turns_back(first, second):
            continue
        along = walked_legs(first)[-1][0] == walked_legs(second)[0][0]
        # (a chain of relations may name a relation and its converse: "the dad of the children of <E>" is <E>; and
        # history answering this very wording with this plan vouches for it, with no round trip more)
        if (along or not (chained or vouched()) and _comes_back(res, topic, steps[:k + 1], second)) \
                and res.view.goes_back(first, second):
            return (f"the plan walks back along '{first['label']}' by '{second['label']}', which the question does "
                    "not ask")
    return None


def _topic_is_the(res: Resources, question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan walks the relation from the topic where the question says the topic *is* that relation of the
    answers ("who is <E> the *mother* of": whose mother <E> is, not <E>'s own mother); a label ending in "of"
    reads the other way round ("what is <E> the sequel of"). A hop through intermediate nodes carries its
    direction in its path and is not judged here."""
    span = topic_span(question, isr.get("topic_mention", ""))
    if span is None or not steps or is_through(steps[0]["predicate"]):
        return None
    said = TOPIC_IS_THE.match(question, span[1])
    reads_back = _said_way(res, isr, steps[0]["label"], terms(said.group(1))) if said is not None else None
    if reads_back is None or bool(steps[0]["inverse"]) != reads_back:
        return None
    return (f"the question says the topic is the '{said.group(1)}' of the answers, and the plan walks to the "
            f"topic's own '{steps[0]['label']}'")


def _unnarrowed(question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are not what a word saying more than its relation's converse asks for ("the *son* of
    <E>" over "parent"): the graph states no value saying so, or the hop is not the last, whose answers alone are
    kept by that value (see :mod:`cacherag.nodes.reasoners.converse`)."""
    narrowed = isr.get("narrowed") or {}
    for i, term in narrow_hops(isr, steps, [p.words for p in question_phrases(question, isr)]):
        if term not in narrowed or i < len(steps) - 1:
            word = next((w for w in _words(question) if stem(w) == term), term)
            return f"the question asks for a '{word}', and '{steps[i]['label']}' does not tell which are one"
    return None


def never_own_converse(res: Resources, step: dict[str, Any]) -> bool:
    """Whether the hop's relation runs one way only, by the graph's statements (:meth:`GraphView.one_way`) or by English
    (a label with a converse: "father"), so that it is never stated from the other end for the same meaning."""
    return res.view.one_way(step["predicate"]) or _opposed(res, step["label"])


def _opposed(res: Resources, label: str) -> bool:
    """Whether the one-word label names a relation English gives a converse ("parent": child), which no two have
    both ways, however many of each a node has."""
    return res.use_lexicon and len(said := written_words(label)) == 1 and lexicon().opposed(said[0])


def _said_way(res: Resources, isr: ISR, label: str, words: Sequence[str]) -> bool | None:
    """:func:`_named_way`, or where ``words`` name a relation of kin English gives a converse (its label one noun for
    a relative: "child", its converse "parent") only as English links them to it ("<E>'s *son*", "whose *daughter*
    is <E>" over "child"), the way the label reads: a noun for a relative is what the relation's value is to its
    subject. A relation of kin that is its own converse ("spouse") reads either way."""
    way = _named_way(res, isr, label, words)
    if way is None and _opposed(res, label) and lexicon().kin(written_words(label)[0]) \
            and any((isr.get("aliases") or {}).get(w) == label for w in words):
        return reads_back(label)
    return way


def _named_way(res: Resources, isr: ISR, label: str, words: Sequence[str]) -> bool | None:
    """None unless ``words`` name the relation ``label`` (see :func:`_named_by`) or name it the other way round (a
    converse word, "children" for parent); else whether they read it from its value to its subject: a label ending in
    "of" ("the sequel of <E>"), or one named by its converse ("the *children* of <E>": those whose parent <E> is)."""
    if _named_by(res, label, words):
        return reads_back(label)
    aliases, converse = isr.get("aliases") or {}, isr.get("converse") or {}
    if any(w in converse and aliases.get(w) == label for w in words):
        return not reads_back(label)
    return None


def _named_by(res: Resources, label: str, words: Sequence[str]) -> bool:
    """Whether ``words`` name the relation ``label``: by the label's words, or its other names in the graph
    ("homeworld")."""
    return bool(lexical_score(label, Counter(words))) or any(res.view.relation_aliases.get(w) == label for w in words)


def _not_the_agent(question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are what its last relation is done to where the phrase naming that hop asks for
    who does it, by an agent noun of the label's verb: "the co-*director* of <E>" is who directed something
    (the object of "directed by", the subject of "directed"), not a film sharing <E>'s director."""
    phrases = question_phrases(question, isr)
    span = topic_span(question, isr.get("topic_mention", ""))
    # Said of the answers: before the topic or after its possessive ("what was <E> the *director* of" says the
    # topic is one, and asks what it directed).
    if not steps or not phrases or span is None or not (phrases[-1].before or _possessed(question, span)):
        return None
    label = terms(steps[-1]["label"])
    # The label's verb said as done ("directed", "written"): "drums person" names no deed of a drummer.
    done = {stem(w) for w in steps[-1]["label"].lower().split() if w.endswith(_PARTICIPLE)}
    said = _words(phrases[-1].text)
    agents = [w for w in said if w.endswith(AGENT) and stem(w) in done]
    # Only an agent noun the phrase asks for, alone: "the films that share a *director* with <E>" ask for films.
    if not agents or set(phrases[-1].words) - SHARING_WORDS - {stem(w) for w in agents}:
        return None
    passive = label[-1:] == ["by"]  # "directed by": the agent is what the hop reaches going forward
    if bool(steps[-1]["inverse"]) != passive:
        return None
    return f"the question asks for a '{agents[0]}', and the plan reaches what is {steps[-1]['label'].split()[0]}"


_WHO_DOES = re.compile(r"\s*who\s+(?:has\s+|had\s+)?([^\W\d_]+)", re.IGNORECASE)


def _not_the_doer(question: str, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are what was done, not who did it, where "who" is the subject of a verb whose doer the
    last hop's label names ("who *wrote* the screenplay for <F>" asks for the screenplay's writer, what a "writer" or
    "written by" reaches going forward, not the works a writer wrote, that relation walked back)."""
    found = _WHO_DOES.match(question)
    if found is None or not steps or not steps[-1]["inverse"]:
        return None
    verb, words = found.group(1).lower(), _words(without_domain(steps[-1]["label"]))
    agents = set(lexicon().agents(verb))
    passive = words[-1:] == ["by"]
    doer = words[-2:-1] if passive else words[-1:]
    # (a label that is the verb done, "teaches", is said of its doer: walked back from the course, it reaches him)
    if not agents or not doer or not (doer[0] in agents or passive and set(lexicon().agents(doer[0])) & agents):
        return None
    return f"the question asks who {verb}, and the plan reaches what '{steps[-1]['label']}' is said of"


_MADE_OF = re.compile(r"^\s*what\b.*\b([^\W\d_]+)\s+(of|from)\W*$", re.IGNORECASE)


def _made_of(res: Resources, question: str, steps: Sequence[dict[str, Any]],
             ends: Callable[[], list[str]]) -> str | None:
    """Why the plan's answers are no stuff where "what is <E> *made of*" asks what it is of, a light verb with its
    preposition: someone who made it (the "creator" a relation names, or of a class for people) is no answer, however
    history heard "made" name the maker."""
    found = _MADE_OF.match(question)
    if found is None or not res.use_lexicon or not lexicon().light(found.group(1).lower()) or not steps or not ends():
        return None
    doers = not steps[-1]["inverse"] and _reaches_doers(steps[-1]["label"],
                                                        lambda word, _: lexicon().names_people(word, REVERSE_SENSES))
    if doers or all(_names_someone(res, node) for node in ends()[:DOER_SAMPLE]):
        return f"the question asks what something is {found.group(1)} {found.group(2)}, and the plan reaches someone"
    return None


def _circular(res: Resources, steps: Sequence[dict[str, Any]], ends: Callable[[], list[str]]) -> str | None:
    """Why the plan answers with what it picks its statements by: "who did <A> play in <F>", read from the film
    as the characters of its cast members whose actor is <A>, then back to their actors, reaches only <A>."""
    values = {value for step in steps if (value := qualifier(step["predicate"]))}
    if not values or not ends() or not set(ends()) <= values:
        return None
    return f"the plan answers with '{res.view.label(ends()[0])}', by which it picks its statements"


def _with_whom(question: str, isr: ISR, steps: Sequence[dict[str, Any]]) -> str | None:
    """Why the plan's answers are no companions of the topic in what it did, where the question asks for them
    ("who did <A> act *with*"): those are reached by walking the relation the plan leaves the topic by straight
    back (the other actors of its films), not by another one (the characters it played)."""
    if not steps or _after_auxiliary_topic(question, isr)[-1:] != ["with"]:
        return None
    def back(edge: str) -> str:
        return edge[1:] if edge.startswith("^") else f"^{edge}"

    def walked(step: dict[str, Any]) -> list[str]:
        edges = list(legs(step["predicate"]) or (step["predicate"],))
        return [back(e) for e in reversed(edges)] if step["inverse"] else edges

    edges = [edge for step in steps for edge in walked(step)]
    if edges[-1] == back(edges[0]):
        return None
    return (f"the question asks who shared what '{isr.get('topic_mention', '')}' did, and the plan reaches what "
            f"it has as '{steps[-1]['label']}'")


def _had_by(question: str, span: tuple[int, int]) -> bool:
    """The question asks for what the topic has: "how many children does <E> have", "which films did <E> have"."""
    return bool(_HAS_BEFORE.search(question[:span[0]]) and _HAVE_AFTER.match(question[span[1]:]))


def _possessed(question: str, span: tuple[int, int]) -> bool:
    """The topic's name is followed by a possessive, or ends in one itself ("Valdris's")."""
    return bool(_POSSESSIVE_AFTER.match(question[span[1]:]) or re.search(r"['’]s?$", question[span[0]:span[1]]))


def _modifiers(question: str, name: str) -> list[str]:
    """The (stemmed) words said between an article and ``name`` in the question ("the *executive* producer")."""
    pattern = r"\b(?:the|a|an)\s+((?:[^\W\d_][\w-]*\s+)+?)" + r"\s+".join(map(re.escape, name.split())) + r"\b"
    return [w for found in re.finditer(pattern, question, re.IGNORECASE) for w in terms(found.group(1))]


def _listed(phrases: Sequence[Phrase]) -> str:
    return "', '".join(p.text for p in phrases)
