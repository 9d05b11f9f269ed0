"""Constraint → predicate grounding over a local schema: lexical overlap first, embeddings second.

Lexical scores are cheap and exact (a question that says "directed" means "directed by"); the dense
score (question vs. predicate label) ranks the rest and breaks ties, and is only computed on a plan
miss, never on a cache hit.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from cacherag.graphs.state import ISR
from cacherag.memory.text import FUNCTION_TERMS, stem, terms, topic_span, written_as_one
from cacherag.nodes.reasoners.phrases import WH_WORDS, from_wh, leading_wh
from cacherag.tools.graph_view import class_text
from cacherag.tools.kg import SchemaEdge, is_through, qualifier, turns_back
from cacherag.tools.lexicon import PLACE_WORDS, TIME_WORDS, lexicon, written_words
from cacherag.tools.linking import STOPWORDS, normalize
from cacherag.tools.terms import is_temporal, lexical_form, year_of

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings

    from cacherag.tools.graph_view import GraphView

UNNAMED = 1 << 30  # the distance of a relation the question does not name
AFTER = 1 << 20  # distances of words after the topic mention start here (they come after all before it)
# Words that say the answers share a relation with the topic ("the films that share actors with <E>", "who
# co-wrote films with <E>"): the first hop is followed there and back. "also" says so only when <E> is not
# the one doing what it qualifies (see :func:`asks_sharing`).
SHARING_WORDS = frozenset(stem(w) for w in ("same", "share", "together", "co"))
ADDITIVE = stem("also")
# A request's frame, its first word or the verb after "can you" ("name the films …", "can you list …"): it
# asks for no relation.
REQUEST = re.compile(r"\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?\w+", re.IGNORECASE)
COORDINATORS = ("and",)  # joins two relations of one entity ("who directed and wrote <E>"); "or" offers answers
POSSESSIVE = "s"  # the term of "'s"
# what may stand between a wh-word and the noun it asks for ("what are *all the* films …")
_COPULA_DETERMINER = frozenset(stem(w) for w in ("is", "are", "was", "were", "the", "a", "an", "all", "every", "each",
                                                 "some", "any"))
_MODALS = frozenset(("can", "could", "will", "would", "may", "might", "shall", "should", "must"))  # end a noun phrase
# Words that carry no meaning inside a predicate label ("has genre", "directed by").
_LABEL_FILLER = STOPWORDS | {"has", "is", "of", "by", "s"}  # "s": a plural mark ("sibling s")
# A question word that history taught names a relation ("other half" -> spouse) stands for that relation as
# the token ALIAS + label: it names the relation exactly, and no other relation that shares its words.
ALIAS = "@"
_DOTTED = re.compile(r"^(?:[^\W\d][\w ]*\.)+(?=[^\W\d])")  # the "domain.type." of "domain.type.property"
_CHAINING = re.compile(r"\bof\b|['’]\s*s\b|['’](?=\s|$)", re.IGNORECASE)  # "of", or a possessive
_POSSESSIVE_START = re.compile(r"\s*['’]\s*s\b|['’](?=\s|$)")
# a clause ending in a preposition it strands: "the country <E> was born *in*", "the team <E> plays *for*"
_STRANDED_END = re.compile(r"\s+[^?.!]*\b(?:in|on|at|for|from|to|with|by|of|about)\s*[?.!]?\s*$", re.IGNORECASE)
_LAST_WORD = re.compile(r"([^\W\d_]+)\s*$")
_AS_THEIR = re.compile(r"\s+as\s+(?:their|its|his|her)\b", re.IGNORECASE)  # "<E> as their home world": <E> the value
WHOSE = re.compile(r"\s*whose\b", re.IGNORECASE)  # "whose home world is <E>": the one whose value <E> is
# "<E> the *mother* of" and nothing after "of" but what is asked: <E> is the answers' mother ("who is <E> the mother
# of", "<E> was the director of which films")
TOPIC_IS_THE = re.compile(r"\s+(?:(?:is|was|are|were)\s+)?(?:the|a|an)\s+"
                           r"((?:[^\W\d_][\w-]*\s+){0,2}?[^\W\d_][\w-]*)\s+of\s*"
                           r"(?:(?:whom|what|which)(?:\s+[^\W\d_][\w-]*){0,2})?\s*[?.!]?\s*$", re.IGNORECASE)


def alias(label: str) -> str:
    return ALIAS + label


TARGET_SAMPLE = 20  # nodes a hop reaches whose classes are looked at
_TIME_TAILS = tuple(map(stem, ("day", "date", "year", "time")))  # time words ending a compound ("birthday")
MIN_HEAD = 4  # letters of the noun before them ("update", "mandate" are no such compounds)
_LETTERS = re.compile(r"[^\W\d_]+")  # a word, without digits or punctuation


@lru_cache(maxsize=4096)
def label_words(label: str) -> tuple[str, ...]:  # labels are few and asked about on every question
    """The meaningful (stemmed) words of a relation label ("directed by" -> "direct")."""
    # A dotted path ("domain.type.property", Freebase's way) names its relation by the last part: the type it
    # is stated on names no relation ("cvg.game version.platform" is a platform, not the games of one).
    name = without_domain(label)
    said = tuple(t for t in terms(name) if t not in _LABEL_FILLER) or tuple(terms(name))
    return tuple(part for t in said for part in _timed_compound(t))


def _timed_compound(term: str) -> tuple[str, ...]:
    """A word written as a noun and a time word ("birthday": birth, day) as itself and those two (stemmed), so
    "when was <E> *born*" names it as "date of birth" is named; any other word as it is."""
    for tail in _TIME_TAILS:
        head = term[:-len(tail)]
        if term.endswith(tail) and len(head) >= MIN_HEAD and lexicon().lemmas(head, "n"):
            return term, stem(head), tail
    return (term,)


def reads_back(label: str) -> bool:
    """A label ending in "of" reads from its value to its subject ("sequel of")."""
    return terms(label)[-1:] == ["of"]


def naming_nouns(text: str, names: Callable[[str], bool]) -> list[str]:
    """The nouns of ``text`` (their dictionary forms, as often as said) whose stems ``names`` accepts: what a
    relation is called by where it is said as a noun — "the *mentor* of the *mentor*" says one twice, "the films
    *directed* by the *director*" one noun and a verb."""
    return [forms[0] for word in re.findall(r"[^\W\d_]+", text.lower())
            if names(stem(word)) and (forms := lexicon().lemmas(word, "n"))]


def without_domain(label: str) -> str:
    """The label less the type a dotted path states it on ("people.person.parents" -> "parents")."""
    return _DOTTED.sub("", label)


@lru_cache(maxsize=64)
def relation_words(labels: tuple[str, ...]) -> frozenset[str]:
    """Every meaningful word of the given relation labels (the words that name relations as they are)."""
    return frozenset(t for label in labels for t in label_words(label))


def labels_named(word: str, labels: Sequence[str]) -> list[str]:
    """The relation labels a (stemmed) word names word for word ("direct" names "directed by")."""
    return [label for label in labels if word in label_words(label)]


def content_terms(text: str) -> list[str]:
    """Meaningful stemmed words of a question or constraint (no function words, no placeholder)."""
    return [t for t in terms(text) if _is_content(t)]


def _is_content(term: str) -> bool:
    return term not in FUNCTION_TERMS and term != "e"


def asked_terms(isr: ISR) -> Counter[str]:
    """The content words of the question's constraints, counted as often as they name a relation.

    The noun a wh-word asks for names the answers' type, not a hop of its own, when the question names the
    same relation again: "which screenwriter wrote the script for <E>" and "who is the director that
    directed <E>" follow one relation once, "the films written by the writer of <E>" twice; or when it was
    read as a class of the graph (``isr["kind"]``).
    """
    words: Counter[str] = Counter()
    aliases = isr.get("aliases") or {}
    # A word naming a relation by another word names that one, though it be some other relation's word too
    # ("when was <E> *published*": the publication date, not the publisher).
    renamed = {t for t, label in aliases.items() if t not in label_words(label)}
    for constraint in isr.get("constraints", []):
        found = terms(constraint)
        counted = _COUNTED.match(constraint)
        if counted and aliases.get(stem(counted.group(1).lower())) is not None:
            # "how many *people* live on <E>": the number a relation holds (the population) counts them, and
            # what they do there only says who is counted
            found = terms(constraint[:counted.end()])
        words.update(t for t in found if _is_content(t) and t not in renamed)
        # … once with the label's own word beside it ("page *count*": number of pages, not twice), or being one
        # ("the *genre*" of "literary genre", counted as the word it is)
        runs = [label for i, label in _alias_runs(found, aliases).items()
                if not {*found[i - 1:i + 2]} & set(label_words(label))]
        words.update(map(alias, runs))
        asked = _asked_noun(found)
        if asked is None and isr.get("kind") and _asked_noun(found, chained=True) == isr["kind"]:
            asked = isr["kind"]  # "what are the *films* of <E>", read as the answers' kind
        named = aliases.get(asked or "")
        again = asked is not None and any(asked in label_words(label) for label in runs)  # "which *country* is
        # <E> a citizen of": a word of "country of citizenship", which "citizen" names by another word
        if asked is not None and (words[asked] > 1 or asked == isr.get("kind") or asked in TIME_WORDS or again):
            words[asked] -= 1  # … and "what *year*" asks for a time, as "when" does: no relation named "year"
        elif named and words[alias(named)] > 0 and any(words[t] > 0 for t in label_words(named)):
            words[alias(named)] -= 1  # "which *actor* played <E>": the noun names "played by" by another word
    return +words


def _alias_runs(found: Sequence[str], aliases: Mapping[str, str]) -> dict[int, str]:
    """Position -> label for each run of adjacent words naming one relation by what history taught ("other
    half" names spouse once, not twice). "of" ends a run: "the darling of the couple of <E>" is spouse twice."""
    runs: dict[int, str] = {}
    previous = None
    for i, term in enumerate(found):
        label = aliases.get(term)
        if label is not None:
            if label != previous:
                runs[i] = label
            previous = label
        elif term not in FUNCTION_TERMS or term == "of":  # other function words do not ("a man or a woman")
            previous = None
    return runs


_PLACE_OR_AGENT = frozenset(stem(w) for w in ("who", "whom", "where"))
# "the *name* of the father of <E>": a node is shown by its name, so the word asks for no relation of its own.
NAME_OF = re.compile(r"\bnames?\s+of\b", re.IGNORECASE)
_NAME_TERMS = frozenset(map(stem, ("name", "title", "label")))  # how a thing is shown (not "synonym")
_HOW_MUCH = re.compile(r"\s*how\s+(?:much|long|old)\b", re.IGNORECASE)  # an amount a date may give (not a count)
_COUNTED = re.compile(r"\s*how\s+many\s+([^\W\d_]+)", re.IGNORECASE)  # what a number is asked of
_WHICH_TIME = re.compile(r"\b(?:which|what)\s+(?:years?|dates?|decades?|centur(?:y|ies))\b", re.IGNORECASE)


def counted_noun(text: str) -> str | None:
    """The noun "how many" asks a number of, stemmed ("how many *targets* does <E> have": target), if it asks one."""
    counted = _COUNTED.match(text)
    return stem(counted.group(1).lower()) if counted else None


def asks_time(question: str) -> bool | None:
    """True if the question asks for a time ("when was <E> born", "… were released in which years"), False if for
    someone or somewhere ("where was <E> born"), None if it does not say."""
    first = terms(question)[:1]
    if first == ["when"]:
        return True
    if first and first[0] in _PLACE_OR_AGENT:
        return False
    return True if _WHICH_TIME.search(question) else None


_STRANDED = re.compile(r"\b(?:from|in|at|to|on|of|by|with|for|into|until|since)\s*[?.!]*\s*$", re.IGNORECASE)


def wh_relation(question: str, words: Mapping[str, int], schema: Sequence[SchemaEdge]) -> SchemaEdge | None:
    """The one relation of its own (no hop through a node of its own: an offer's date of sale) the topic has that says a
    place (asked where) or a time (asked when), where the question's (stemmed) ``words`` are light verbs at most
    ("where is <E> *held*", "when is <E>"); else None."""
    when = asks_time(question)
    if when is None or (when is False and terms(question)[:1] != [stem("where")]) or _STRANDED.search(question):
        return None  # (a preposition left at the end asks for more: "where is <E> *from*" asks where it comes from)
    if not all(lexicon().light(w) for w in normalize(question).split() if stem(w) in words):
        return None
    fitting = [e for e in schema if not e.inverse and not is_through(e.predicate)
               and (lexicon().timed(e.label) if when else bool(set(label_words(e.label)) & PLACE_WORDS))]
    return fitting[0] if len(fitting) == 1 else None


def event_words(question: str, words: Iterable[str], labels: Sequence[str], held: Iterable[str]) -> set[str]:
    """Of the (stemmed) ``words``, those naming only relations that date something ("release date") in a question
    asking for no time, one of which the topic or the answers have (``held``, their relations' labels): they say
    the event, not a hop ("which record label *released* <E>": its record label; "which albums did <E>
    *release*": the albums it performed; but no starship is released)."""
    if asks_time(question) or set(terms(question)) & TIME_WORDS or _HOW_MUCH.match(question):
        return set()  # a time is asked ("when", "the release *year*", "how long")
    dating = {label for label in labels if set(terms(label)) & TIME_WORDS}
    held = set(held)
    return {w for w in words if (named := {label for label in labels if lexical_score(label, Counter([w])) > 0})
            and named <= dating and named & held}


def timed_first(view: GraphView, question: str, nodes: list[str],
                ranked: list[tuple[SchemaEdge, float]]) -> list[tuple[SchemaEdge, float]]:
    """``ranked`` (best first) with, among edges named as well, those reaching a date or year first for a question
    asking when ("when was <E> born": the date of birth), last for one asking who or where (the place of birth);
    for "where", edges whose label says a place first ("where did <E> die": the place of death, not the cause);
    for "who" or a noun for someone, edges reaching nodes of a class called by a word for someone first ("who are
    the members of <E>", "how many members": the member persons, not the member instruments); for a wh-noun naming
    a class, edges reaching its nodes first ("which *city* was <E> born in": the place of birth, not the date)."""
    if len(ranked) < 2:
        return ranked  # nothing to order: no graph lookups for it
    # an amount before its unit, unless a unit is said ("the height of <E>": its value, not "height has unit")
    if not any(map(lexicon().names_unit, normalize(question).split())):
        ranked = sorted(ranked, key=lambda pair: (-pair[1], _of_unit(pair[0].label)))
    wanted = asks_time(question)
    noun = _asked_noun(terms(question))
    kinds = view.classes_named([noun]) if noun else set()
    # "who", or a noun for someone ("how many *members* does <E> have"; WordNet, main sense)
    said = as_said(question, [noun]).lower() if noun else ""
    who = leading_wh(question) == "who" or bool(said) and lexicon().names_someone(said)
    if wanted is None and not kinds and not who:
        return ranked
    # "where" asks for a place before anything the words name better: the nearest naming decides first anyway
    # (see nearest_named), so this only orders edges named alike ("die": cause of death, place of death).
    where = terms(question)[:1] == [stem("where")]

    def key(pair: tuple[SchemaEdge, float]) -> tuple[bool, float, bool, bool]:
        return (where and not set(terms(pair[0].label)) & PLACE_WORDS, -pair[1],
                bool(kinds) and not view.reaches(nodes, pair[0].as_step(), kinds),
                wanted is not None and view.reaches_time(nodes, pair[0].as_step()) != wanted)

    keys = {id(pair): key(pair) for pair in ranked}
    # "when", not "which year": of the first alike, a day before a year alone (DBpedia's "release date" before its
    # infobox's "released"), looked up only where several are alike
    first = min(keys.values())
    alike = [pair for pair in ranked if keys[id(pair)] == first] if wanted is True \
        and stem("year") not in terms(question) else []
    yearly = {id(pair) for pair in alike if not view.reaches_day(nodes, pair[0].as_step())} if len(alike) > 1 else set()
    return sorted(ranked, key=lambda pair: (keys[id(pair)], id(pair) in yearly,
                                            who and not _reaches_someone(view, nodes, pair[0].as_step())))


def _of_unit(label: str) -> bool:
    """Whether the label says a unit of measurement ("height has unit", "length in cm")."""
    return any(map(lexicon().names_unit, normalize(label).split()))


def _reaches_someone(view: GraphView, nodes: list[str], step: dict) -> bool:
    """Whether walking ``step`` from (a sample of) ``nodes`` lands on nodes the graph types by a class called by a
    word for a person, an organization or a living thing in its main sense ("Musician", "Human"; not
    "Instrument")."""
    targets = [dst for _, dst in view.kg.follow(nodes[:TARGET_SAMPLE], step)][:TARGET_SAMPLE]
    heads = class_heads(view, view.types_of(targets)).values() if targets else ()
    return any(head and lexicon().names_someone(head) for head in heads)


def class_heads(view: GraphView, classes: set[str]) -> dict[str, str]:
    """Each class's label -> the word heading it ("Musical instrument": instrument; "" for a label of no word)."""
    return {label: class_head(node, label) for node, label in view.labels_of(sorted(classes)).items()}


def alike_kinds(view: GraphView, wanted: set[str], found: set[str]) -> bool:
    """Whether things of the classes ``found`` are what the classes ``wanted`` name: a class of both, or heads of
    their labels one kind of thing ("City", "Town"), or the wanted one the most general word for someone and the
    found one for a living being (the "People" and the "Human" of a graph built from two sources)."""
    if wanted & found:
        return True
    lex = lexicon()
    # … but a kind of what they are is not what they are: "which *poets*" are no mere writers, nor humans
    return any((lex.same_kind(a, b) or lex.names_anyone(a) and lex.names_living(b)) and not lex.is_a(a, b)
               for a in class_heads(view, wanted).values() if a for b in class_heads(view, found).values() if b)


def class_head(node: str, label: str) -> str:
    """The word heading the label of the class ``node`` (see :func:`class_heads`)."""
    return next(iter(_LETTERS.findall(class_text(label, lexical_form(node)))[-1:]), "")


def classes_headed(view: GraphView, named: Callable[[str], bool]) -> set[str]:
    """The graph's classes whose label's head word is one ``named`` says so of."""
    return {node for node, label in view.classes.items() if named(class_head(node, label))}


def asked_nouns(isr: ISR, chained: bool = False) -> list[str]:
    """The nouns the question's wh-words ask for ("which <films> did …"): the answers' type; with ``chained``, one
    heading a chain too, the last hop the answers are reached by ("who is the <singer> of <E>")."""
    return [noun for c in isr.get("constraints", []) if (noun := _asked_noun(terms(c), chained)) is not None]


def asked_phrase(isr: ISR, chained: bool = False) -> list[str]:
    """The words of the noun phrase a leading wh-word asks for ("which <educational institution> does …"): each
    may name the answers' relation, the head noun or not; one heading a chain ("what are the <tracks> of …")
    only when ``chained``."""
    out = []
    for constraint in isr.get("constraints", []):
        found = _asking(terms(constraint))
        if _asked_noun(found, chained) is None:
            continue
        start = next(i for i in range(1, len(found)) if found[i] not in _COPULA_DETERMINER)
        # A possessive ends it: "what is <E> 's parent 's spouse" asks for no phrase, only a chain.
        out += itertools.takewhile(lambda t: t not in FUNCTION_TERMS and t not in _MODALS and t != POSSESSIVE,
                                   found[start:])
    return out


def _asking(found: list[str]) -> list[str]:
    """The question's words from its leading wh-word, "how many" read as "which": it asks for a number of the
    noun after it ("how many <passengers> can <E> carry")."""
    found = from_wh(found)
    return ["which", *found[2:]] if found[:2] == ["how", "many"] else found


def _asked_noun(found: list[str], chained: bool = False) -> str | None:
    """The noun right after a leading wh-word (past a copula and article): "which <screenwriter>", "who is
    the <director>", "in which <films>", "how many <passengers>"; one heading a chain ("what is the <tracks>
    of …") only when ``chained``."""
    found = _asking(found)
    if not found or found[0] not in WH_WORDS:
        return None
    if found[0] == "who" and found[1:2] and found[1] not in _COPULA_DETERMINER:
        return None  # "who *directed* the films …": a verb, which names a relation like any other word
    rest = [i for i in range(1, min(5, len(found))) if found[i] not in _COPULA_DETERMINER]
    if rest and found[rest[0]] == POSSESSIVE:
        # "what is <E> 's species": the topic's, a relation; with ``chained``, a noun ending the question there heads
        # a chain as one before "of" does ("what are <E> 's starships": the starships of <E>)
        after = found[rest[0] + 1:]
        return after[0] if chained and len(after) == 1 and after[0] not in FUNCTION_TERMS else None
    if not rest or found[rest[0]] in FUNCTION_TERMS:
        return None
    # "what is the <tracks> of …" heads a chain of relations: that noun is a hop, not the answers' type — and so
    # does a noun after a word modifying it ("what is the *broader* concept of …": no "broader" asked for).
    heads_chain = found[rest[0] + 1:rest[0] + 2] == ["of"] \
        or (found[rest[0] + 2:rest[0] + 3] == ["of"] and found[rest[0] + 1] not in FUNCTION_TERMS)
    return None if heads_chain and not chained else found[rest[0]]


def as_said(question: str, stems: Sequence[str]) -> str:
    """Stemmed words shown as the question says them, in its order ("act" -> "acted")."""
    said: dict[str, tuple[int, str]] = {}
    for i, word in enumerate(re.findall(r"[\w'-]+", question)):
        for term in terms(word)[:1]:
            said.setdefault(term, (i, word))
    return " ".join(w for _, w in sorted(said.get(t, (len(said), t)) for t in dict.fromkeys(stems)))


def lexical_score(label: str, words: Counter[str]) -> float:
    """Share of the label's meaningful words present in ``words`` (1.0 when history taught a word of the
    question names it)."""
    if words[alias(label)] > 0:
        return 1.0
    wanted = label_words(label)
    # A relation named by another word names its words in a hop through intermediate nodes too ("who *played*
    # <E>": the actor of the cast member whose character <E> is, "character actor").
    renamed = {t for part in _aliased_parts(label, words) for t in label_words(part)}
    matched = {t for t in wanted if words[t] > 0 or t in renamed}
    if not wanted or _by_name_word(matched, wanted):
        return 0.0
    # words written as alternatives count as one ("office/position/title": an office, a position or a title)
    alternatives = [group & set(wanted) for token in without_domain(label).split() if "/" in token
                    and len(group := set(terms(token))) > 1]
    return (len(matched) - sum(max(0, len(group & matched) - 1) for group in alternatives)) \
        / (len(wanted) - sum(max(0, len(group) - 1) for group in alternatives))


def _by_name_word(matched: set[str], wanted: Sequence[str]) -> bool:
    """Whether a label is matched only by a word for a name, which it has besides others: "the *name* of the target
    of <E>" (how the target is shown) names no "gene name", nor do "the brand *names* of <E>"."""
    return bool(matched) and matched <= _NAME_TERMS and not set(wanted) <= _NAME_TERMS


def in_another_form(label: str, forms: frozenset[str]) -> str | None:
    """The word of ``forms`` (a question's words as written) that says the label's word in another form only
    ("release" for "releases", "track" for "tracks"), if the question says none of the label's words as written."""
    written = written_words(label)
    if not written or any(w in forms for w in written):
        return None
    stems = {stem(w) for w in written}
    return next((form for form in sorted(forms) if stem(form) in stems), None)


def _aliased_parts(label: str, words: Counter[str]) -> list[str]:
    """The relations ``words`` name by another word whose words are all the label's (in a hop through intermediate
    nodes, one of the relations it joins, or the same two joined the other way round); whether that names the hop
    is the judge's to say (see :func:`names_part`)."""
    wanted = set(label_words(label))
    return [part for word, n in words.items() if n > 0 and word.startswith(ALIAS)
            and set(label_words(part := word.removeprefix(ALIAS))) <= wanted]


def names_part(part: str, label: str, said: Callable[[str], bool]) -> bool:
    """Whether naming the relation ``part`` names the hop ``label`` through intermediate nodes, the two relations it
    joins being named by their labels' words: ``part`` is the one leading to the answers ("who *played* <E>": the
    actor of "character actor"), or the other's words are ``said`` ("which *character* did <A> *play*": "actor
    character"; a wh-noun may say what it leads to, "which *films* did <A> star in"), or the hop joins the same two
    the other way round. Naming the leg from the topic alone names nothing it leads to ("the *spouse* of <E>", a
    person, is no "person instrument")."""
    wanted, named = label_words(label), label_words(part)
    return set(named) <= set(wanted) and (wanted[len(wanted) - len(named):] == named
                                          or all(said(t) for t in wanted if t not in named))


class Grounder:
    """Scores schema edges against question words; caches predicate-label embeddings."""

    def __init__(self, embeddings: Embeddings | None) -> None:
        self._embeddings = embeddings
        self._label_vectors: dict[str, np.ndarray] = {}

    def _vectors(self, labels: Sequence[str]) -> np.ndarray:
        missing = [label for label in dict.fromkeys(labels) if label not in self._label_vectors]
        if missing and self._embeddings is not None:
            for label, vector in zip(missing, self._embeddings.embed_documents(missing), strict=True):
                self._label_vectors[label] = np.asarray(vector)
        return np.stack([self._label_vectors[label] for label in labels])

    def rank(self, question: str, words: Counter[str], edges: Sequence[SchemaEdge], dense: bool = True,
             directions: Mapping[str, bool] | None = None) -> list[tuple[SchemaEdge, float]]:
        """Edges best first with scores: lexical overlap plus (optionally) a dense tie-breaker in [0, 0.5].

        Among equal scores, the direction history walks a predicate in for these words comes first ("<E> 's
        son": children from the parent, not to the parent), then one whose head word is said ("which *country*":
        the parent country, not the country code, a code), then the more frequent edge.
        """
        directions = directions or {}
        if not edges:
            return []
        scores = np.asarray([lexical_score(e.label, words) for e in edges])
        if dense and self._embeddings is not None and len(edges) > 1:
            query = np.asarray(self._embeddings.embed_query(question))
            cosine = self._vectors([e.label for e in edges]) @ query
            spread = cosine.max() - cosine.min()
            scores = scores + 0.5 * ((cosine - cosine.min()) / spread if spread > 0 else 0.0)
        order = sorted(range(len(edges)), key=lambda i: (
            -scores[i], directions.get(edges[i].predicate, edges[i].inverse) != edges[i].inverse,
            not any(words[t] > 0 for t in label_words(edges[i].label)[-1:]), -edges[i].count, edges[i].predicate))
        return [(edges[i], float(scores[i])) for i in order]


def unconsumed(words: Counter[str], steps: Sequence[dict]) -> Counter[str]:
    """The question's words no plan step accounts for; each step consumes one use of each of its words."""
    left = Counter(words)
    for step in steps:
        wanted = label_words(step["label"])
        # A hop uses the relation's own words where the question still has them, else a word naming it.
        used = wanted if any(left[t] > 0 for t in wanted) else (alias(step["label"]),)
        if is_through(step.get("predicate", "")):  # … and a word naming one of the relations it joins
            used = tuple(dict.fromkeys((*used, *map(alias, _aliased_parts(step["label"], left)))))
        for term in used:
            if left[term] > 0:
                left[term] -= 1
    return +left


def says_chain(question: str, isr: ISR) -> bool:
    """Whether the question, its topic's name aside, joins relations by "of" or a possessive ("the dad of the children
    of <E>", "<E> 's son 's father"): such a chain may walk back to where it began, and mean to."""
    span = topic_span(question, isr.get("topic_mention", ""))
    rest = question[:span[0]] + " " + question[span[1]:] if span is not None else question
    return _CHAINING.search(rest) is not None


def possessive_chain(question: str, isr: ISR) -> bool:
    """Whether relations follow the topic by possessives ("<E> 's parent 's father"): a chain, each noun a hop."""
    span = topic_span(question, isr.get("topic_mention", ""))
    return span is not None and _POSSESSIVE_START.match(question[span[1]:]) is not None


def named_again(steps: Sequence[dict], words: Counter[str], predicate_labels: Sequence[str]) -> bool:
    """True if the question names one of the plan's relations more often than the plan follows it ("the films
    directed by the director of <E>", or "<E> 's parent 's father" where history taught "parent" for father, vs one
    hop): all of its words, at least half of them, or a word naming it, left over."""
    left = unconsumed(words, steps)
    used = {step["label"] for step in steps}
    return any(left[alias(label)] > 0 or (wanted := label_words(label)) and sum(
        1 for t in wanted if left[t] > 0) * 2 >= len(wanted) for label in predicate_labels if label in used)


def contradicts(steps: Sequence[dict], words: Counter[str], predicate_labels: Sequence[str]) -> bool:
    """True if the question names a relation the plan does not use ("language" vs a genre plan), or names
    one of the plan's relations more often than the plan follows it ("the films directed by the director of
    <E>" vs a one-hop director plan).

    Named means: all of the relation's words, or at least half of them ("release date" names "release
    year") where the words that matched are not words of the plan's own relations ("imdb" in "imdb rating"
    does not name "imdb votes" against a rating plan).
    """
    used = {step["label"] for step in steps}
    used_terms = at_any_grain({t for label in used for t in label_words(label)})  # "in which *year*": release date
    if named_again(steps, words, predicate_labels):
        return True
    # A hop through intermediate nodes follows the relations its name joins ("award received point in time").
    through_names = [label_words(step["label"]) for step in steps if is_through(step.get("predicate", ""))]
    for label in predicate_labels:
        wanted = label_words(label)
        if label in used or wanted and any(_within(wanted, name) for name in through_names):
            continue
        if words[alias(label)] > 0:
            return True
        matched = {t for t in wanted if words[t] > 0}
        if wanted and len(matched) * 2 >= len(wanted) and not matched <= used_terms \
                and not _by_name_word(matched, wanted):
            return True
    return False


def at_any_grain(words: set[str]) -> set[str]:
    """``words`` with every time word when they have one: a time is said at any grain (the release *date* of a
    "release year" hop); and a span of time is how long something takes ("how *long* is the prep time of <E>": no
    video's duration, though "duration" and "long" both say a length)."""
    timed = words | TIME_WORDS if words & TIME_WORDS else words
    return timed | {_LENGTH} if _TIME in words else timed


_TIME, _LENGTH = stem("time"), stem("long")  # (stems: "tim", "length")


def _within(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """``part`` stands in ``whole`` as a run of its words."""
    return any(whole[i:i + len(part)] == part for i in range(len(whole) - len(part) + 1))


def mention_distances(question: str, mention: str, aliases: Mapping[str, str] | None = None) -> dict[str, list[int]]:
    """Each word's distances (in words, nearest first) from the topic mention in the question, in the order
    its relations are walked (see :mod:`~cacherag.nodes.reasoners.phrases`).

    English chains relations outward from the entity ("the director of the films of the writer of <E>"),
    a possessive chain after it binds tighter ("the place of birth of <E> 's other half 's father": spouse,
    parents, place of birth) and another clause after it comes last ("the films directed by <E> were
    released when"). So of the relations a question names, a possessive one is walked first, then the one
    named nearest before the topic, and those of a clause after it last. A word that names a relation by
    what history taught places that relation (its alias token) where the word stands.
    """
    span = topic_span(question, mention)
    if span is None:
        return {}
    distances: dict[str, list[int]] = {}
    start, end = span
    after_text = question[end:]
    before, after = list(reversed(terms(question[:start]))), terms(after_text)
    sides = ((0, after), (len(after), before)) if _POSSESSIVE_START.match(after_text) \
        or _relative_clause(question[:start], after_text) else ((0, before), (AFTER, after))
    for offset, side in sides:
        runs = _alias_runs(side, aliases or {})
        for i, term in enumerate(side, start=1):
            # a time word after a word it is the time of stands where that word does ("the release *year* of <E>":
            # the time of the release, not a relation named "year" nearer the topic)
            timed = side is before and term in TIME_WORDS and i < len(side) and _is_content(side[i]) \
                and side[i] not in TIME_WORDS
            distances.setdefault(term, []).append(offset + i + timed)
            if i - 1 in runs:
                distances.setdefault(alias(runs[i - 1]), []).append(offset + i)
    return {term: sorted(found) for term, found in distances.items()}


def _relative_clause(before: str, after: str) -> bool:
    """Whether the topic opens a clause saying what the noun before it is to the topic ("the country <E> was born in":
    the country of <E>'s birth), whose relation is then walked first, as a possessive's is."""
    noun = _LAST_WORD.search(before)
    return noun is not None and noun.group(1).lower() not in STOPWORDS and noun.group(1).islower() \
        and _STRANDED_END.match(after) is not None


def naming(label: str, distances: dict[str, list[int]], consumed: Counter[str]) -> tuple[int, tuple[str, ...]]:
    """Where the question next names ``label`` past the uses earlier hops consumed, and the words of that
    naming (the relation's own words, or its alias: "the children of <E> 's son" names children twice)."""
    options = []
    lexical = [distances[t][consumed[t]] for t in label_words(label) if consumed[t] < len(distances.get(t, ()))]
    if lexical:
        options.append((min(lexical), label_words(label)))
    token = alias(label)
    if consumed[token] < len(distances.get(token, ())):
        options.append((distances[token][consumed[token]], (token,)))
    return min(options, default=(UNNAMED, ()))


def label_distance(label: str, distances: dict[str, list[int]], consumed: Counter[str]) -> int:
    """How far from the mention the question names ``label``, past the uses earlier hops consumed."""
    return naming(label, distances, consumed)[0]


def consumed_by(steps: Sequence[dict], distances: dict[str, list[int]]) -> Counter[str]:
    """The namings the plan's hops use up, each hop the nearest naming of its relation left."""
    consumed: Counter[str] = Counter()
    for step in steps:
        consumed.update(naming(step["label"], distances, consumed)[1])
    return consumed


def overuses(steps: Sequence[dict], asked: Asked) -> bool:
    """True if the plan follows a relation more often than the question names it ("who directed <E> and
    what else did they direct" aside, a relation is named once per excursion along it).

    A hop straight back along the previous one is part of the same excursion ("the films directed by the
    director of <E>"); but a plan that just goes there and back ends where it started, which only a question
    about what shares a relation with the topic asks for ("who are the actors in <E>" is not one). A
    relation the question does not name at all says nothing: a paraphrase need not name it.
    """
    def named(label: str) -> int:
        """How often the question names the relation: its most repeated word, or twice when its words stand
        on both sides of the topic ("the films starred by <E> actors", but "the film <E> starred which
        actors" once)."""
        wanted = label_words(label)
        most = max((asked.words[t] for t in wanted), default=0)
        sides = {d >= AFTER for t in wanted if asked.words[t] for d in asked.distances.get(t, ())}
        return max(most, len(sides)) + asked.words[alias(label)]  # its own words, then by other words

    if len(steps) == 2 and returns(steps) and not asked.sharing and named(steps[0]["label"]) < 2:
        return True
    uses = Counter(step["label"] for i, step in enumerate(steps) if not (i and returns(steps[i - 1:i + 1])))
    return any(0 < named(label) < n for label, n in uses.items())


def returns(steps: Sequence[dict]) -> bool:
    """True if the second hop goes back along the first (to what shares the first hop's target)."""
    return len(steps) > 1 and turns_back(steps[0], steps[1])


def out_of_order(steps: Sequence[dict], asked: Asked) -> bool:
    """True if the plan follows relations named before the topic in another order than they are named
    outward from it ("the genres of the films directed by the director of <E>": director, films, genres).
    Relations named after the topic are not placed: "<E> starred films" and "films starred by <E>" differ."""
    reached = 0
    for distance in hop_distances(steps, asked.distances):
        if distance < AFTER:
            if distance < reached:
                return True
            reached = distance
    return False


def hop_distances(steps: Sequence[dict], distances: dict[str, list[int]]) -> list[int]:
    """Where the question names each hop of the plan, in hop order, each past the namings earlier hops used."""
    consumed: Counter[str] = Counter()
    out = []
    for step in steps:
        distance, words = naming(step["label"], distances, consumed)
        out.append(distance)
        consumed.update(words)
    return out


def said_value(question: str, value: str) -> bool:
    """Whether the question says the literal ``value``, a date by its year too ("in 2003": 2003-06-01)."""
    return any(re.search(rf"\b{re.escape(t)}\b", question) for t in (lexical_form(value), year_of(value)) if t)


def unsaid_date(question: str, steps: Sequence[dict]) -> str | None:
    """Why the plan picks statements by a date the question does not say ("what awards has <E> received" is not
    the award of 1995 a remembered plan picked)."""
    for step in steps:
        value = qualifier(step.get("predicate", ""))
        if value and is_temporal(value) and not said_value(question, value):
            return f"the plan picks '{step['label']}' by {lexical_form(value)}, which the question does not say"
    return None


def misfits(steps: Sequence[dict], asked: Asked, predicate_labels: Sequence[str]) -> bool:
    """True if the plan does not follow the relations the question names, as often and in the order it
    names them (and there and back first when it asks what shares a relation with the topic)."""
    return (contradicts(steps, asked.words, predicate_labels) or overuses(steps, asked)
            or (asked.sharing and not returns(steps)) or out_of_order(steps, asked) or wrong_way(steps, asked)
            or chains_coordinated(steps, asked)
            # (of a one-hop plan: down a chain, "of" joins the hops whatever way each is walked)
            or len(steps) == 1 and of_reversed(steps[0]["label"], steps[0]["inverse"], asked))


def of_reversed(label: str, inverse: bool, asked: Asked) -> bool:
    """Whether a relation labelled "<noun> of" is walked against the way the question says it: "the *parts of* <E>"
    are what is part of <E> (walked back), "what is <E> *part of*" what <E> is part of (walked forward); never when
    the label is no "<noun> of" or the question says its words on both sides of the topic, or not at all."""
    if label.split()[-1:] != ["of"]:
        return False
    sides = {d >= AFTER for t in (*label_words(label), alias(label)) for d in asked.distances.get(t, ())}
    return len(sides) == 1 and inverse == sides.pop()


def chains_coordinated(steps: Sequence[dict], asked: Asked) -> bool:
    """True if a hop of the plan is named by a word the question joins to another with "and": "who
    directed and wrote <E>" asks two relations of <E> at once, which neither a chain of the two (the second
    of the first's answers) nor either one alone answers."""
    joined = {d for c in COORDINATORS for d in asked.distances.get(c, ())}
    named = set(hop_distances(steps, asked.distances)) if joined else set()
    return any(d - 1 in named or d + 1 in named for d in joined)


def wrong_way(steps: Sequence[dict], asked: Asked) -> bool:
    """True if a hop the question names only by a word history taught walks the relation against the way
    that word walks it ("<E> 's dad" is the parent, not the child a parents edge leads back to); the other way
    where the question says the topic is the relation's value ("*whose* home world is <E>")."""
    for step in steps:
        way = asked.directions.get(step["predicate"])
        if way is not None and (way != asked.valued) != step["inverse"] and asked.words[alias(step["label"])] > 0 \
                and not any(asked.words[t] > 0 for t in label_words(step["label"])) \
                and written_as_one(without_domain(step["label"])) not in asked.distances:  # nor said as one
            return True
    return False


@dataclass(frozen=True)
class Asked:
    """What a question asks for, in the terms plans are checked against."""

    words: Counter[str]  # content words outside the topic mention
    sharing: bool  # asks for what shares a relation with the topic ("films with the same actor as <E>")
    distances: dict[str, list[int]]  # each word's distances from the topic mention
    directions: Mapping[str, bool]  # predicate -> the way the question's words walk it, as history taught
    valued: bool = False  # the topic is the value of the relation named ("*whose* home world is <E>")
    noun: str | None = None  # the noun a leading wh-word asks for ("which *drugs* …"), stemmed

    @classmethod
    def of(cls, question: str, isr: ISR) -> Asked:
        words = asked_terms(isr)
        span = topic_span(question, isr.get("topic_mention", ""))
        if span is not None and not _POSSESSIVE_START.match(question[span[1]:]) \
                and not re.search(r"\bof\b", question[:span[0]], re.IGNORECASE):
            # No chain of relations ("describe the movie <E> in a few words"): the words history taught name a
            # relation by name it once, however many of them the question uses.
            words = Counter({w: (min(n, 1) if w.startswith(ALIAS) else n) for w, n in words.items()})
        # (history taught the way a word walks its relation in the voice it heard: "who *made* <E>" walks from the
        # thing made, "which starships were *made by* <E>" from the maker — a passive's way is the graph's to say)
        return cls(words=words, sharing=asks_sharing(question, span),
                   distances=mention_distances(question, isr.get("topic_mention", ""), isr.get("aliases")),
                   directions={} if span is not None and said_by(question[:span[0]]) else isr.get("directions") or {},
                   valued=span is not None and topic_is_value(question, span),
                   noun=next((noun for c in isr.get("constraints", []) if (noun := _asked_noun(terms(c)))), None))


_BY = re.compile(r"\b([^\W\d_]+)\s+by\s+(?:the\s+)?$", re.IGNORECASE)  # "… made by (the) " before the topic
_BY_REACH = 40  # characters before the topic that can hold it (asked of every plan judged: the rest is not read)


def said_by(before: str) -> bool:
    """Whether ``before`` (the question up to its topic) ends saying the topic does what a passive verb says:
    "which starships were *made by* <E>", "the films *directed by* <E>" — not "the films by <E>"."""
    found = _BY.search(before[-_BY_REACH:])
    return found is not None and past_form(found.group(1).lower())


def past_form(word: str) -> bool:
    """Whether ``word`` is a verb said as done ("made", "directed", "born"): inflected, not its -s or -ing form."""
    lemmas = lexicon().lemmas(word, "v")
    return bool(lemmas) and word not in lemmas and not word.endswith(("s", "ing"))


def topic_is_value(question: str, span: tuple[int, int]) -> bool:
    """Whether the question says the topic (at ``span``) is the value of the relation it names, the answers what
    has it: "which characters have <E> *as their* home world", "*whose* home world is <E>", "<E> *is the* home
    world *of* which characters"."""
    return bool(_AS_THEIR.match(question[span[1]:]) or WHOSE.match(question) or TOPIC_IS_THE.match(question, span[1]))


def asks_sharing(question: str, span: tuple[int, int] | None) -> bool:
    """Whether the question asks what shares a relation with the topic mention at ``span`` (see
    :func:`~cacherag.memory.text.topic_span`; None: not in the question): a
    sharing word ("the films that share actors with <E>", "<E> starred together with who"), or "also" said of
    something related to <E> ("films whose writers also wrote <E>", "the actor of <E> also starred in which
    films") — said of <E> itself, it adds to <E>'s own relation ("which films did <E> also write")."""
    if span is None:
        return False
    before, after = question[:span[0]], question[span[1]:]  # the topic's own name asks nothing ("They Came Together")
    said_before, said_after = terms(before), terms(after)
    if any(t in SHARING_WORDS for t in said_before + said_after) or ADDITIVE in said_before:
        return True
    return ADDITIVE in said_after and (re.search(r"\bof\b", before, re.IGNORECASE) is not None
                                       or _POSSESSIVE_START.match(after) is not None)


def names_asked(remembered: str, steps: Sequence[dict], asked: Asked, predicate_labels: Sequence[str]) -> bool:
    """True if a remembered plan (asked as ``remembered``) follows the relations the question names and names
    none it lacks: the first test a plan to reuse as is must pass."""
    return not misfits(steps, asked, predicate_labels) and not omits(remembered, asked.words, steps)


def omits(remembered: str, words: Counter[str], steps: Sequence[dict]) -> bool:
    """True if the remembered question named a relation of its plan with a word this question lacks.

    "who is the writer of the films directed by the director of <E>" does not answer "who is the writer of
    <E>", however similar the two read: the word that named the extra hops is missing.
    """
    named = set(terms(remembered)) & {t for step in steps for t in label_words(step["label"])}
    return any(words[t] == 0 for t in named)
