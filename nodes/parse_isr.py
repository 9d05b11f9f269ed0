"""parse_isr: link candidate topic mentions and extract the intermediate semantic representation."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, resources
from cacherag.graphs.state import (
    NEW_RUN,
    Joined,
    LabelsAsked,
    Membership,
    MentionCandidate,
    NamedEntity,
    OrderedBy,
    QAState,
    Turn,
)
from cacherag.memory.statements import MIN_COUNT
from cacherag.memory.text import FUNCTION_TERMS, stem, terms
from cacherag.nodes.followup import conversation, elide, names_an_entity, resolve
from cacherag.nodes.reasoners.categories import as_members
from cacherag.nodes.reasoners.conjunction import as_either_value, as_shared
from cacherag.nodes.reasoners.converse import read_converse
from cacherag.nodes.reasoners.grounding import NAME_OF, asked_phrase, label_words
from cacherag.nodes.reasoners.idioms import reword
from cacherag.nodes.reasoners.label_questions import as_labels_asked
from cacherag.nodes.reasoners.ordering import Ordered, as_ordered
from cacherag.nodes.reasoners.phrases import hop_phrases
from cacherag.nodes.reasoners.yes_no import (
    Checked,
    as_checked,
    as_flag_checked,
    as_kind_check,
    as_year_checked,
    asks_yes_or_no,
)
from cacherag.tools.errors import InvalidQuestionError
from cacherag.tools.graph_view import VALUE_SCORE, restricted
from cacherag.tools.kg import qualifier
from cacherag.tools.lexicon import lexicon, written_words
from cacherag.tools.linking import (
    NODES_PER_MENTION,
    Mention,
    cased_as_a_name,
    clean_text,
    in_lower_case,
    no_english_word,
    normalize,
)
from cacherag.tools.terms import XSD_BOOLEAN

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

MAX_MENTIONS = 6
MAX_FLAG_NODES = 3  # nodes a flag's subject may name whose relations are looked at
_EITHER = re.compile(r"\bor\b", re.IGNORECASE)  # two values of one relation may be joined ("temperate or arid")

# Everything a previous question on the same thread may have left behind.
FRESH_RUN: dict[str, Any] = {
    "topic": None, "examples": [], "plan": {}, "subgraph": [], "frontier": {}, "hops": 0,
    "verdict": "INCOMPLETE", "next_op": None, "next_step": None, "answers": [], "answer": "",
    "reason": "", "stopped": None, "passages": [], "replayed": [], "traversal": {},
}


def parse_isr(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    ctx = Context.of(runtime)
    res = resources(ctx)
    question = clean_text(state["question"]).strip()
    if len(question) > ctx.max_question_chars:
        raise InvalidQuestionError(f"the question has {len(question):,} characters; at most "
                                   f"{ctx.max_question_chars:,} are accepted (max_question_chars)")
    turns = conversation(state)
    asked_as = question
    mentions = res.view.labels.mentions(question)
    # Read as another question, its names linked again once: "did <S> direct <O>?" as "what did <S> direct?" (<O>
    # looked for among its answers), "which films feature both <A> and <B>" as those of <A> (that <B> reaches the same
    # way too), "which humans come from <E>" as the characters from <E> (of the species Human).
    written = [m for m in mentions if _said_as_name(m, in_lower_case(question))]
    # "who is the *tallest* character", "is <A> *taller than* <B>": read as asking for what is ordered (ordering)
    ordered = as_ordered(question, written, [(m.start, m.end) for m in mentions if m.match in ("exact", "normalized")])
    # "is <E> a planet?": whether the graph types it so, nothing to plan
    kind_check = as_kind_check(question, written, res.view.class_mentions(question)) \
        if ordered is None and asks_yes_or_no(question) else None
    checked = _checked(res, question, mentions, written) if ordered is None and kind_check is None else None
    # "the *French label* of <E>", "*another name for* <E>": its own labels, nothing to plan (the words around it say
    # a name is meant, however common its words: a thesaurus's "maize")
    whole = [m for m in mentions if m.match in ("exact", "normalized")]
    names = as_labels_asked(question, whole, res.view.relation_labels) \
        if ordered is None and kind_check is None and checked is None else None
    shared = as_shared(question, written) if checked is None and ordered is None else None
    if shared is None and checked is None and ordered is None and _EITHER.search(question):
        shared = as_either_value(question, res.view.value_mentions(question))
    read = ordered.question if ordered else checked.question if checked else shared.question if shared else question
    members = as_members(read, res.view) if checked is None else None
    read = members.question if members else read
    if read != question:
        question, mentions = read, res.view.labels.mentions(read)
    classes = res.view.classes
    if not any(m.score >= VALUE_SCORE and set(m.nodes) - set(classes) for m in mentions):
        # no name: a relation's value may be the topic, and a class then says the answers' kind ("which *species*
        # are mammals"), not what the question is about
        values = res.view.value_mentions(question)
        mentions = [*values, *(m for m in mentions if not values or set(m.nodes) - set(classes))]
    question, mentions = _reworded(res, question, mentions)
    mentions = mentions or res.view.class_mentions(question)  # nothing but a kind ("how many *countries* are there")
    resolved = None
    if turns:
        resolved = resolve(question, turns[-1], res.view.schema) if not names_an_entity(mentions, classes) \
            else elide(question, turns[-1], mentions)
        if resolved is not None:
            question, pinned, _ = resolved
            mentions = [pinned, *(m for m in res.view.labels.mentions(question)
                                  if m.end <= pinned.start or m.start >= pinned.end)]
    entities = len({m.nodes for m in mentions})
    if entities > ctx.max_question_entities:
        raise InvalidQuestionError(f"the question names {entities} graph entities; at most "
                                   f"{ctx.max_question_entities} are accepted (max_question_entities)")
    mentions = mentions[:MAX_MENTIONS]
    parsed = res.reasoner.parse(question, mentions, res.view, res.domain)
    isr = parsed.value
    words = terms(question)
    # A relation's words written as one name it ("homeworld": "home world"), and so do the ontology's other
    # labels of it and what history taught; failing those, the word English uses for it ("wife": spouse).
    asked = asked_phrase(isr)
    named = _named(question, mentions)
    aliases = _lexicon_aliases(res, question, mentions, asked, named) if ctx.use_lexicon else {}
    aliases |= {w: label for w in words if (label := res.view.relation_aliases.get(w))}
    if ctx.use_lexicon:  # … and the first word of one written as two, before a noun of its second's kind
        said = normalize(question).split()
        aliases |= {stem(w): compound[0] for w, after in itertools.pairwise(said)
                    if (compound := res.view.compound_modifiers.get(stem(w))) is not None
                    and after.isalpha() and lexicon().same_kind(after, compound[1])}  # "planet": a world
    if ctx.use_cache and ctx.use_statements:
        # a class's name said as a noun names the class, whatever history heard its stem name ("which *writers*":
        # no author, though "who *wrote* <E>" taught that)
        aliases |= res.statements.aliases(res.domain, [w for w in words if not res.view.classes_said(question, [w])],
                                          res.view.relation_labels,
                                          res.memory.word_frequency(res.domain), answers=asked)
        # (a verb walks its relation one way or the other as the topic does the deed or has it done — "who *wrote*
        # <E>", "which books did <E> *write*" —, which the way history walked it does not say)
        verbs = lexicon().verbs_only(question) if ctx.use_lexicon else frozenset()
        isr = {**isr, "directions": res.statements.directions(res.domain, [w for w in words if w not in verbs])}
    if ctx.use_lexicon:
        aliases = _light_verbs_read(res, question, mentions, asked, aliases)
    if aliases:
        isr = {**isr, "aliases": aliases}
        converse, narrowed = read_converse(res.view, question, aliases) if ctx.use_lexicon else ({}, {})
        isr = {**isr, **({"converse": converse} if converse else {}), **({"narrowed": narrowed} if narrowed else {})}
    if named:
        isr = {**isr, "named": named}
    if checked is not None:
        isr = {**isr, "checks": NamedEntity(text=checked.mention.text, nodes=list(checked.mention.nodes))}
    if shared is not None:
        isr = {**isr, "shared_with": Joined(text=shared.other.text, nodes=list(shared.other.nodes), how=shared.how)}
    if ordered is not None:
        isr = {**isr, "ordered_by": _ordered_by(ordered)}
    if kind_check is not None:
        isr = {**isr, "is_a": NamedEntity(text=kind_check[1].text, nodes=list(kind_check[1].nodes))}
    if names is not None:
        isr = {**isr, "labels_asked": LabelsAsked(text=names.mention.text, nodes=list(names.mention.nodes),
                                                language=names.language or "", named=names.named)}
    if members is not None:
        isr = {**isr, "members_of": Membership(text=members.noun, node=members.category.node,
                                               predicate=members.category.predicate)}
    update: dict[str, Any] = {
        **FRESH_RUN,
        "deadline": time.time() + ctx.question_timeout_s,
        "question": question,
        "conversation": [*turns, Turn(question=question, topic=None, answers=[])],
        "resolved_from": resolved[2] if resolved else None,
        "isr": isr,
        "mentions": [
            MentionCandidate(text=m.text, start=m.start, end=m.end, nodes=list(m.nodes), match=m.match,
                             score=round(m.score, 4))
            for m in mentions
        ],
        "trace": {NEW_RUN: True, "reasoner": res.reasoner.name, "kg": res.view.name,
                  "plan_cache_hit": False, **parsed.cost(),
                  **({"reworded_from": asked_as} if question != asked_as and not resolved else {})},
    }
    # the things compared, or the thing whose kind is asked, are named: nothing to plan, only to look up
    named_only = ordered.among if ordered is not None else kind_check[:1] if kind_check is not None \
        else (names.mention,) if names is not None else ()
    if named_only:
        update["frontier"] = dict.fromkeys((n for m in named_only for n in m.nodes), 1.0)
    if not mentions:
        update["reason"] = (f"no entity of the knowledge graph '{res.view.name}' is named in the question"
                            if question else "the question is empty")
    return update


def _said_as_name(mention: Mention, lower: bool = False) -> bool:
    """Whether the span is a name of its node as written, or a part of one name only ("Luke": Luke Skywalker); in a
    question written without capitals (``lower``), a label said whole with a word English does not know as a common
    one ("saruun", "dorran vex")."""
    if mention.match == "partial":
        return len(mention.nodes) == 1
    if not lower:
        return mention.as_written
    # (a label of common words only, as written or not, is no name here: MetaQA's entities "language", "director")
    return mention.match in ("exact", "normalized") and any(map(no_english_word, normalize(mention.text).split()))


def _named(question: str, mentions: list[Mention]) -> list[NamedEntity]:
    """The entities the question names by a label, its own or another of its names ("Princess Leia" for Leia
    Organa), as names are written (with a capital: a common word that is also some entity's label, "director",
    names none), or by a part of one name only ("Luke" for Luke Skywalker), not inside a longer name, and not a
    lone word that opens the question (a capital there says nothing) or is a function word ("Up", "It"). A question
    written without capitals names them as :func:`_said_as_name` reads them ("which starships did arlo venn or
    *dorran vex* pilot")."""
    lower = in_lower_case(question)
    exact = [m for m in mentions if _said_as_name(m, lower) and cased_as_a_name(m, question)]
    return [NamedEntity(text=m.text, nodes=list(m.nodes)) for m in exact
            if not any(o is not m and o.start <= m.start and m.end <= o.end for o in mentions)
            and not all(t in FUNCTION_TERMS for t in terms(m.text))]


def _ordered_by(ordered: Ordered) -> OrderedBy:
    return OrderedBy(measure=asdict(ordered.measure), bound=ordered.bound,
                     than=list(ordered.than.nodes) if ordered.than else [],
                     among=[list(m.nodes) for m in ordered.among], checks=ordered.checks)


def _checked(res: Resources, question: str, mentions: list[Mention], names: list[Mention]) -> Checked | None:
    """The question a yes-no question checks, and what it checks for (see :mod:`yes_no`); ``mentions`` are the
    question's label mentions, ``names`` those of them read as names (:func:`_said_as_name`)."""
    if not asks_yes_or_no(question):
        return None
    # what is checked for may be said in lower case, as words are ("is <E> *human*")
    said_lower = [m for m in mentions if not m.as_written and m.match in ("exact", "normalized")]
    checked = as_checked(question, names, [*res.view.value_mentions(question), *said_lower])
    if checked is None:
        return as_year_checked(question, names) or _flag_checked(res, question, names)
    # asked for by its kind where the graph gives it one ("did <S> direct <F>": "*which film* did <S> direct"), in
    # words the question does not say already ("is <B>'s genre <G>": no "which music genre is <B>'s genre")
    classes = res.view.classes
    kinds = {classes[c] for c in res.view.types_of(list(checked.mention.nodes))
             if c in classes and set(terms(classes[c])).isdisjoint(terms(question))}
    return replace(checked, kind=kinds.pop()) if len(kinds) == 1 else _of_its_relation(res, question, checked, names)


def _flag_checked(res: Resources, question: str, names: list[Mention]) -> Checked | None:
    """"Is <P> discontinued?" where a relation of <P> the word names in full states true or false (see
    :func:`yes_no.as_flag_checked`); None where none does."""
    found = as_flag_checked(question, names)
    if found is None:
        return None
    checked, subject = found
    said = terms(checked.mention.text)
    for node in subject.nodes[:MAX_FLAG_NODES]:
        for edge in res.view.schema(node):
            if not edge.inverse and terms(edge.label) == said and (values := res.view.ends(node, edge.as_step())) \
                    and all(v.endswith(f"^^<{XSD_BOOLEAN}>") for v in values):
                return checked
    return None


def _of_its_relation(res: Resources, question: str, checked: Checked, names: list[Mention]) -> Checked:
    """"Is <E> arid?" names no relation, only the subject and a value: it asks the one relation the graph states that
    value by ("what is <E>'s climate?"), where the subject has it; any other question as it was."""
    verb, said = checked.clause.split(" ", 1)
    subject = next((m for m in names if m.text == said and cased_as_a_name(m, question)), None)
    relations = res.view.relations_valued(checked.mention.nodes[0]) if subject is not None else []
    label = res.view.predicate_labels.get(relations[0]) if len(relations) == 1 else None
    if not label or not res.view.in_relation(list(subject.nodes), relations, as_value=False):
        return checked
    return replace(checked, clause=f"{verb} {said}'s {label}")


def _reworded(res: Resources, question: str, mentions: list[Mention]) -> tuple[str, list[Mention]]:
    """The question with its English idioms said in relational words (see :mod:`idioms`), and its mentions; the
    best-linked names are kept as written."""
    best = max((m.score for m in mentions), default=0.0)
    reworded = reword(question, [(m.start, m.end) for m in mentions if m.score >= best])
    return (question, mentions) if reworded == question else (reworded, res.view.labels.mentions(reworded))


def _read_as_heard(res: Resources, term: str, said: list[str]) -> bool:
    """Whether the dictionary reads the word (``term``, stemmed; ``said``, as the question says it) as one of the
    relations a hop through intermediate nodes joins, which a phrase history heard it in named ("play": the actor of
    "character actor"). Where history heard it name a relation whole, history's reading stands."""
    heard = [set(label_words(label)) for label in res.statements.phrase_labels(res.domain, term)]
    parts = [label for label in res.view.relation_labels if any(set(label_words(label)) < words for words in heard)]
    return any(lexicon().links(word, w) for label in parts for word in said for w in written_words(label))


def _light_verbs_read(res: Resources, question: str, mentions: list[Mention], asked: list[str],
                      aliases: dict[str, str]) -> dict[str, str]:
    """``aliases``, less a light verb's naming a relation no entity the question names has, where the noun asked
    for names a relation: a light verb says little of its own, and "which *director* made <E>" is the director,
    whatever a maker or "who made <AT-AT>" would say — but "what role did <actor> *play*" is still the actor's."""
    if not aliases:
        return aliases
    light = {stem(w) for w in normalize(question).split() if stem(w) in aliases and lexicon().light(w)}
    if not light or not any(w not in light and (w in res.view.relation_words or w in aliases) for w in asked):
        return aliases
    # (a hop through intermediate nodes has each relation it joins: the actor of a cast member)
    had = {t for m in mentions for node in m.nodes[:NODES_PER_MENTION] for e in res.view.schema(node)
           for t in label_words(e.label)}
    return {w: label for w, label in aliases.items() if w not in light or set(label_words(label)) <= had}


def _lexicon_aliases(res: Resources, question: str, mentions: list[Mention], asked: list[str],
                     named: list[NamedEntity]) -> dict[str, str]:
    """The relations the question names by other English words (see :meth:`GraphView.lexicon_aliases`). It needs no
    dictionary for the words remembered questions say, nor for the name of its likeliest entity — the one
    best-linked span, whose relation phrases are then read one by one. When spans tie ("music" and "Boys" in "who
    composed the music of Boys"), which is the name is not known yet, and each is a word like any other. Where the
    lexicon names something, the words of that entity's own hops are understood too (a role its statements pick,
    "producer", names the hop through them, not the more general "person" they lead to); the graph is asked for
    them only then, so a remembered question costs no round trip more."""
    best = max((m.score for m in mentions), default=0.0)
    top = [m for m in mentions if m.score >= best]
    if len(top) > 1:  # a name is written as names are: "Alien" in "who led the film Alien", not "film"
        top = [m for m in top if m.written_as_name] or top
    # … and a span holding every other is the name they are parts of ("Why Did I Get Married *Too*")
    top = [m for m in top if all(m.start <= o.start and o.end <= m.end for o in top)] or top
    if len({(m.start, m.end) for m in top}) == 1:  # one span naming homonyms ("Incom Corporation", two values)
        top = [replace(top[0], nodes=tuple(dict.fromkeys(n for m in top for n in m.nodes)))]
    name = top[0] if len(top) == 1 else None
    phrases = [p.words for p in hop_phrases(question, name.start, name.end)] if name is not None else None
    # History reads a word it has heard as often as statement memory trusts one ("words" asks for tags, not
    # languages, beside "describe"); a word said once is still ours, and so is one the dictionary reads as part of a
    # relation history heard it name ("play": the actor of "character actor").
    said = res.memory.word_frequency(res.domain)
    said_words = normalize(question).split()
    heard = [w for w in set(terms(question)) if said.get(w, 0) >= MIN_COUNT]
    if res.learned_words:
        heard = [w for w in heard if not _read_as_heard(res, w, [s for s in said_words if stem(s) == w])]
    # (every name written as one is a name, no relation's word: "Princess Leia" beside the likeliest entity)
    understood = {*heard, *(terms(name.text) if name is not None else ()),
                  *(t for entity in named for t in terms(entity["text"]))}
    # … and English names a relation by a word linked to one history taught names it ("description": "describe")
    taught = res.statements.taught(res.domain, said) if res.learned_words else None
    # A heard word history has heard name a relation, if too seldom yet to ground it alone, keeps the dictionary's
    # reading where the two agree ("who *won* <P>", heard once naming the laureate, beside "in which categories did
    # <E> *win*" twice): read as a word like any other, its reading is kept when it is one history heard
    # — a word of the graph's own labels too, where history heard it name a relation it does not label ("who *wrote*
    # <E>" heard naming the author, where the graph has a "writer" too; "what year was <P> *published*" heard naming
    # its date of issue, beside "who published <J>", its publisher)
    agreeing = {w: labels for w in heard
                if (labels := res.statements.phrase_labels(res.domain, w)) & set(res.view.relation_labels)
                and (w not in res.view.relation_words or not all(w in label_words(label) for label in labels))}

    def read(*known: Any) -> dict[str, str]:
        found = res.view.lexicon_aliases(question, understood, asked, phrases, taught, *known)
        if agreeing:
            unheard = res.view.lexicon_aliases(question, understood - set(agreeing), asked, phrases, None, *known)
            # (of a word of the graph's own labels, a reading its label does not say: "published" for the date of
            # issue; the one it says is read without history's help)
            found |= {w: label for w, labels in agreeing.items() if (label := unheard.get(w)) in labels
                      and (w not in res.view.relation_words or w not in label_words(label))}
        return found

    aliases = read()
    # Read again knowing the entities' own hops (of each homonym; of each name, where names tie: "who plays <C> in
    # <F>") — a graph taking hints (a remote one) is asked for them only when the lexicon named something, so a
    # remembered question costs it no round trip more
    again = bool(aliases) or not res.view.takes_hints
    edges = [e for m in ([name] if name is not None else top) for node in m.nodes[:NODES_PER_MENTION]
             for e in res.view.schema(node)] if again else []
    # (a relation only an OWL restriction states is a hop of the entity's, no predicate: "located" its location)
    hops = {e.label for e in edges if restricted(e)}
    if edges:
        # … but for a proper name picking statements ("the *Halvard Prize* award received"): no relation's word
        values = res.view.labels_of([v for e in edges if (v := qualifier(e.predicate))])
        names = {t for label in values.values() if label[:1].isupper() for t in terms(label)}
        understood |= {t for edge in edges for t in terms(edge.label)} - names
        aliases = read(hops, {edge.label for edge in edges})
    if NAME_OF.search(question):  # "the *name* of <E>'s homeworld" is how it is called, no "designation"
        aliases.pop(stem("name"), None)
    return aliases
