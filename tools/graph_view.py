"""A knowledge graph plus what the pipeline derives from it once: label index and schema caches."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from cachetools import LRUCache

from cacherag.memory.text import FUNCTION_TERMS, stem, terms, written_as_one
from cacherag.tools.errors import QueryTimeoutError
from cacherag.tools.kg import (
    KnowledgeGraph,
    SchemaEdge,
    is_through,
    is_union,
    legs,
    members,
    picked_by,
    qualifier,
    through,
    turns_back,
    union,
    values_of,
    walked_legs,
)
from cacherag.tools.lexicon import PLACE_WORDS, TIME_WORDS, lexicon, written_words
from cacherag.tools.linking import STOPWORDS, LabelIndex, Mention, normalize
from cacherag.tools.terms import (
    NON_TRAVERSABLE,
    OWL_FILLERS,
    OWL_ON_PROPERTY,
    RDF_TYPE,
    RDF_VALUE,
    RDFS_COMMENT,
    RDFS_SUBCLASS,
    SCHEMA_VOCABULARIES,
    gloss_of,
    humanize,
    iri,
    iri_value,
    is_iri,
    is_literal,
    is_temporal,
    lexical_form,
    literal,
    minted,
    name_words,
    relation_text,
    year_of,
)

if TYPE_CHECKING:
    from cacherag.tools.label_index import DiskLabelIndex

SAMPLE = 20
BLANK_SAMPLE = 200  # targets of an edge looked at for blank nodes among named ones (OWL restrictions among parents)
QUALIFIER_CHARS = 40  # the longest literal read as a qualifier's value (a role's name, not a description)
TYPING_SAMPLE = 1000  # typing statements looked at for a predicate stating them again …
RESTATED_SHARE = 0.5  # … most of whose statements link a thing (no class) to a class
CONVERSE_SAMPLE = 100  # pairs of a relation looked at to tell its converse
DATE_WORDS = 2  # words of letters a label saying a time may hold beside its number ("May 1999", "19 BAE")
CONVERSE_MIN, CONVERSE_SHARE = 3, 0.03  # reversed pairs needed: more than chance, on a graph stating few both ways
# What a node is an instance of: rdf:type, and Wikidata's "instance of" (P31) in its truthy layout, with their
# subclass relations (rdfs:subClassOf, P279).
_WHOLE = ("exact", "normalized")  # a label matched whole, as written or but for case and accents
_WIKIDATA_DIRECT = "http://www.wikidata.org/prop/direct/"
TYPING = (iri(RDF_TYPE), f"<{_WIKIDATA_DIRECT}P31>")  # the predicates saying what kind a thing is
_TYPE = f"({'|'.join(TYPING)})"
_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_SUBCLASS = f"({iri(RDFS_SUBCLASS)}|<{_WIKIDATA_DIRECT}P279>)"
VALUE_SPAN = 3  # words in a span read as a relation's value
VALUE_SCORE = 0.5  # a name's mention at least this good (an exact label's) leaves values unasked
VALUE_MENTION_SCORE = 0.3  # a value's mention: below a misspelt name's, which stays the topic ("Arlo Ven")
_NUMBER_TYPES = tuple(f"http://www.w3.org/2001/XMLSchema#{name}" for name in ("gYear", "integer"))
_VALUE_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
SCHEMA_KINDS = tuple(f"<{vocabulary}" for vocabulary in SCHEMA_VOCABULARIES)  # owl:Class, rdf:Property, …
MAX_THROUGH = 40  # hops through intermediate nodes offered per edge that leads to them
# Kinds of relations offered as one (see GraphView.unions): at most so many members each, and no more kinds than this
# in a graph, since whether their members are stated together is asked of the graph, a query a pair
MAX_UNION_MEMBERS, MAX_UNION_KINDS = 6, 32
SHOWN_LABELS = 10_000  # display labels remembered per graph when a disk index links (they are asked of the graph)


@dataclass(frozen=True)
class Category:
    """A node things are linked to by one relation, as members of a category (see :meth:`GraphView.category`)."""

    node: str
    predicate: str
    kind: str  # the label of the class of the things linked; "" when the graph does not type them


def _title_in(text: str, label: str) -> bool:
    """Whether ``text``, of two words or more, is a name ``label`` holds besides more ("Title Words." in "A, B: Title
    Words. (2019)"), not a value or a word of it."""
    return sum(word.isalpha() for word in text.split()) > 1 and text.casefold() in label.casefold() != text.casefold()


def _spelt(part: str, label: str) -> bool:
    """Whether ``part`` (a linked thing's name, case-folded) stands in ``label`` as words of its own."""
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", label) is not None


def singulars(word: str) -> list[str]:
    """The singular of a (lower-case) plural noun: the dictionary's, else without its "s" ("wookiees")."""
    lemmas = [lemma for lemma in lexicon().lemmas(word, "n") if lemma != word][:1]
    return lemmas or ([word[:-1]] if re.fullmatch(r"\w+[^s]s", word) else [])


def class_text(label: str, name: str) -> str:
    """A class's label as words, lower-cased (``name``: the class's local name, read as words where the label is
    only that: "CollegeOrUniversity" -> "college or university")."""
    return humanize(label) if label == name else label.lower()


def class_words(label: str, name: str) -> list[str]:
    """The terms naming a class of this label (see :func:`class_text`): its one word, or that of each one-word part
    of a coordination ("College or university": college, university), and the second noun of one word written as two
    ("Starship": a ship). A compound of two words is said in full, never by its head alone: "the record *label* of
    <E>" names no class "Record label" (a wh-noun finds such classes by their kind: ``asked_classes`` in
    ``nodes/grounded.py``)."""
    ones = [(part, words[0]) for part in re.split(r"\b(?:or|and)\b|[,/&]", class_text(label, name))
            if len(words := terms(part)) == 1]
    return list(dict.fromkeys([*(word for _, word in ones),
                               *(stem(second) for part, _ in ones for _, second in compound_parts(part))]))


def compound_parts(label: str) -> list[tuple[str, str]]:
    """The two dictionary nouns a one-word label is written as ("homeworld": home, world), if it splits one way
    only."""
    if " " in label.strip() or len(label) < 8:
        return []
    word = label.strip().lower()
    splits = [(word[:i], word[i:]) for i in range(4, len(word) - 3)
              if lexicon().lemmas(word[:i], "n") and lexicon().lemmas(word[i:], "n")]
    return splits if len(splits) == 1 else []


class GraphView:
    """Read-side facade the nodes use; caches per-node schemas (graphs are read-only to the engine)."""

    def __init__(self, kg: KnowledgeGraph, index: DiskLabelIndex | None = None, use_lexicon: bool = True) -> None:
        """``index``: a persistent label index to link with instead of reading every label into memory;
        ``use_lexicon``: whether relations English names by one more general word are offered as one (see
        :attr:`unions`)."""
        self.kg = kg
        self.name = kg.name
        self.use_lexicon = use_lexicon
        self.schema = lru_cache(maxsize=100_000)(self._schema)
        self.index = index
        self._shown: LRUCache[str, str] = LRUCache(SHOWN_LABELS)  # display labels asked of the graph
        if index is not None:
            kg.use_predicate_labels(index.predicate_labels)

    @cached_property
    def labels(self) -> LabelIndex | DiskLabelIndex:
        """Linkable nodes: everything labelled except the predicates themselves."""
        if self.index is not None:
            return self.index
        predicates = self.predicate_labels
        return LabelIndex((node, label) for node, label in self.kg.label_rows if node not in predicates)

    @cached_property
    def predicate_labels(self) -> dict[str, str]:
        """Every relation's label: the graph's, and each of its :attr:`unions`."""
        return {**self.kg.predicate_labels, **self.unions}

    @cached_property
    def unions(self) -> dict[str, str]:
        """Relations English names together by one more general word, as one hop along any of them (see
        :func:`union`) -> that word: "father" and "mother" are kinds of "parent", so a graph stating both answers
        "who are <E>'s parents" along either. Only relations labelled by one noun whose first senses are directly
        kinds of one thing, each stated of something together with another of them (a kind's members are said
        of the same things), with nodes as values, where no label of the graph says that word already (a graph's
        own "parents" is the relation asked for) and no relation left out is a kind of it too (sibling and spouse
        are no one's relatives where the graph has fathers). Asked of the graph once, a query a pair of members, so
        only in a graph with at most :data:`MAX_UNION_KINDS` such kinds of at most :data:`MAX_UNION_MEMBERS` (a
        Wikidata-scale schema has hundreds: none there); a disk label index keeps it."""
        if not self.use_lexicon:
            return {}
        return dict(self._kept("unions", self._unions))

    def _unions(self) -> dict[str, str]:
        labels = self.kg.predicate_labels
        # (nor is a relation restating the typing one: Freebase's "type.object.type")
        one_noun = {p: words[0] for p, label in sorted(labels.items())
                    if p not in TYPING and p not in self.typing_restated and len(words := written_words(label)) == 1}
        kinds: dict[int, dict[str, str]] = {}  # a kind -> the relations (predicate -> its noun) directly of it
        for predicate, word in one_noun.items():
            for kind in lexicon().kinds_above(word):
                kinds.setdefault(kind, {})[predicate] = word
        own = {t for label in labels.values() for t in terms(label)}
        # … and only whole: no other relation of the graph is a kind of it, however far up (a father is a relative
        # too, so sibling and spouse alone are no one's relatives)
        candidates = [(kind, nouns, name) for kind, nouns in sorted(kinds.items())
                      if 1 < len(set(nouns.values())) <= MAX_UNION_MEMBERS
                      and (name := lexicon().name(kind)) is not None and stem(name) not in own
                      and not any(lexicon().kind_of(word, kind) for p, word in one_noun.items() if p not in nouns)]
        if len(candidates) > MAX_UNION_KINDS:  # each is asked of the graph: a schema this wide would wait long
            return {}
        found: dict[str, str] = {}
        for _, nouns, name in candidates:
            stated = [p for p in nouns if any(nouns[q] != nouns[p] and self._stated_together(p, q) for q in nouns)]
            if len({nouns[p] for p in stated}) > 1 and len(stated) == len(nouns):
                found[union(stated)] = name
        return found

    def _stated_together(self, predicate: str, other: str) -> bool:
        """Whether something has nodes as values of both relations (a graph too slow to tell has no such union:
        every question reads the relation labels first)."""
        try:
            return bool(self.kg._select(f"SELECT ?x WHERE {{ ?x {predicate} ?y . ?x {other} ?z . "
                                        f"FILTER(isIRI(?y) && isIRI(?z)) }} LIMIT 1"))
        except QueryTimeoutError:
            return False

    @cached_property
    def relation_labels(self) -> tuple[str, ...]:
        """The distinct relation labels of the graph, sorted."""
        return tuple(sorted(set(self.predicate_labels.values())))

    @lru_cache(maxsize=1024)  # noqa: B019 - one view per graph, kept for the process's life
    def only_way_to(self, topic: str, classes: frozenset[str], widest: bool = False, widest_edge: bool = False,
                    last_resort: Collection[str] = ()) -> tuple[dict[str, Any], ...] | None:
        """The topic's one edge to nodes of ``classes`` — or one of several that reach the same such nodes (a home
        world, and the planet listing the topic as resident; of those, one reaching nothing else: a planet's
        residents, not what has it as home world, its species too); None when two reach different ones — but with
        ``widest``, where every other reaches some of those one reaches, that one (the characters from a planet:
        its residents, of whom one was born there too), and with ``widest_edge`` so among the topic's own edges
        only. When no edge does, the one way there in two hops, by the same rule (a band's country: its home town's
        country). Edges of ``last_resort`` count only where no other edge reaches such nodes."""
        reaching: dict[frozenset[str], tuple[dict[str, Any], ...]] = {}
        mixed: set[frozenset[str]] = set()  # reached by an edge reaching other nodes too
        # (a union's relations are ways; what restates the typing is none: Freebase's "type.object.type")
        edges = [edge for edge in self.schema(topic) if not is_union(edge.predicate)
                 and edge.predicate not in self.typing_restated]
        tiers = ([e for e in edges if e.predicate not in last_resort], [e for e in edges if e.predicate in last_resort])
        for tier in tiers:
            if reaching:
                break
            for edge in tier:
                ends = self.ends(topic, edge.as_step())
                if ends and self.types_among(sorted(ends), classes) & classes:
                    kind = frozenset(self.of_kinds(sorted(ends), set(classes)))
                    if kind not in reaching or kind in mixed and kind == ends:
                        reaching[kind] = (edge.as_step(),)
                        if kind == ends:
                            mixed.discard(kind)
                        else:
                            mixed.add(kind)
        own_edges = bool(reaching)
        if not reaching:  # edges the nodes state themselves first (a city's country, not the country's capital), of
            # those the narrowest (the region a city is in, not the people born there, of a graph stating both ways)
            typing = {iri(RDF_TYPE), *self.typing_restated}
            firsts = [(first, sorted(self.ends(topic, first.as_step()))) for first in self.schema(topic)
                      if first.predicate not in typing]
            for first, ends in sorted(firsts, key=lambda found: (found[0].inverse, len(found[1]))):
                middle = ends[:SAMPLE]
                if not middle or not all(is_iri(n) for n in middle):
                    continue
                for second in sorted(self.kg.local_schema(middle), key=lambda e: e.inverse):
                    path = (first.as_step(), second.as_step())
                    if second.predicate in typing or turns_back(*path) \
                            or not self.reaches(middle, second.as_step(), set(classes)):
                        continue
                    reaching.setdefault(frozenset(p[-1] for p in self._walked(topic, path)), path)
        # of ways reaching different such nodes, the one edge reaching nothing else: a link to anything ("wiki page
        # link") that reaches a book too is no way to the books written
        clean = [kind for kind in reaching if kind not in mixed]
        if len(reaching) > 1 and len(clean) == 1:
            return reaching[clean[0]]
        if (widest or widest_edge and own_edges) and reaching \
                and all(kind <= (most := max(reaching, key=len)) for kind in reaching):
            return reaching[most]
        return next(iter(reaching.values())) if len(reaching) == 1 else None

    def _kept(self, key: str, compute: Callable[[], Any]) -> Any:
        """What ``compute`` finds out about the graph: asked once per graph where a disk label index keeps it under
        ``key`` (JSON: a set comes back a list), else asked now."""
        return compute() if self.index is None else self.index.fact(key, compute)

    @cached_property
    def typing_restated(self) -> frozenset[str]:
        """The predicates besides ``rdf:type`` stating what it states, either way round: Freebase's dump types each
        thing by ``type.object.type`` beside ``rdf:type``, and lists a type's things by ``type.type.instance``. One
        such is said of some typed things, and links things to classes (no class to a class, as a subclass does).
        Judged on bounded samples, once per graph when a disk label index keeps the verdict."""
        return frozenset(self._kept(f"typing restated {TYPING_SAMPLE}", lambda: sorted(self._typing_restated())))

    def _typing_restated(self) -> frozenset[str]:
        typed = f"{{ SELECT ?s ?o WHERE {{ ?s {iri(RDF_TYPE)} ?o }} LIMIT {TYPING_SAMPLE} }}"
        return frozenset(row["p"] for forward, pattern in ((True, "?s ?p ?o"), (False, "?o ?p ?s"))
                         for row in self.kg._select(f"SELECT DISTINCT ?p WHERE {{ {typed} {pattern} "
                                                    f"FILTER(?p != {iri(RDF_TYPE)}) }}")
                         if self._types_things(row["p"], forward))

    def _types_things(self, predicate: str, forward: bool) -> bool:
        """Whether most of a sample of the predicate's statements link a thing, no class, to a class (or, not
        ``forward``, a class to a thing)."""
        thing, kind = ("?s", "?o") if forward else ("?o", "?s")
        sample = f"{{ SELECT ?s ?o WHERE {{ ?s {predicate} ?o }} LIMIT {TYPING_SAMPLE} }}"

        def counted(condition: str) -> int:  # (one query each: rdflib evaluates no EXISTS within an aggregate)
            found = self.kg._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {sample} {condition} }}")
            return int(lexical_form(found[0]["n"])) if found else 0

        n = counted("")
        return counted(f"FILTER EXISTS {{ ?x {iri(RDF_TYPE)} {kind} }}") > RESTATED_SHARE * n \
            and counted(f"FILTER EXISTS {{ ?y {iri(RDF_TYPE)} {thing} }}") < RESTATED_SHARE * n

    @cached_property
    def event_relations(self) -> dict[str, frozenset[str]]:
        """The places of an event the graph dates too -> the (stemmed) words naming the event: "place of birth" ->
        {birth}, beside a "date of birth" or a "birth year" (the same words but for the place's and the time's);
        not "home world", which no date is of."""
        labels = {predicate: frozenset(terms(label)) - FUNCTION_TERMS
                  for predicate, label in self.kg.predicate_labels.items()}
        dated = {event for words in labels.values() if words & TIME_WORDS and (event := words - TIME_WORDS)}
        return {predicate: event for predicate, words in labels.items()
                if words & PLACE_WORDS and (event := words - PLACE_WORDS) in dated}

    def ends(self, topic: str, step: dict[str, Any]) -> frozenset[str]:
        """Where one hop from ``topic`` leads."""
        return frozenset(path[-1] for path in self._walked(topic, [step]))

    @cached_property
    def relation_aliases(self) -> dict[str, str]:
        """Question words (stemmed) naming a relation besides its label's own words -> that label: the label's words
        written as one ("homeworld" for "home world", "birthplace" for "place of birth"), and what the ontology's
        other labels of the predicate say in one word, or in several written as one ("inhabitant", "lives on" ->
        resident)."""
        found: dict[str, str] = {}
        names = self.kg.predicate_names if self.index is None else self.index.predicate_names
        for predicate, label in sorted(self.predicate_labels.items()):
            for name in [label, *names.get(predicate, ())]:
                words = [w for w in normalize(name).split() if w not in STOPWORDS]
                compound = written_as_one(name)
                # "placeofbirth" must not stem as its head "birth" would.
                if words and (len(words) == 1 and name != label or compound.startswith(words[0])):
                    found.setdefault(compound, label)
                # "X of Y" is written as one the other way round: "place of birth", a birthplace
                said = normalize(name).split()
                if len(said) == 3 and said[1] == "of" and len(words) == 2:
                    found.setdefault(stem(said[2] + said[0]), label)
        # The words of a relation's IRI its label does not say, where no other relation's IRI says them and no
        # class's label does ("takesCourse", labelled "is taking": a course is no taking): univ-bench labels
        # ub:emailAddress "can be reached at", and people ask for an email address. (A function word says no
        # relation: the "has" of "hasMember" is every question's.)
        unsaid: dict[str, set[str]] = {}
        for predicate, label in self.predicate_labels.items():
            said = {stem(w) for w in normalize(relation_text(lexical_form(predicate))).split() if w not in STOPWORDS}
            for word in said - set(terms(label)):
                unsaid.setdefault(word, set()).add(label)
        kinds = {w for label in self.classes.values() for w in terms(label)}
        for word, labels in sorted(unsaid.items()):
            if len(labels) == 1 and word not in kinds and word.isalpha():
                found.setdefault(word, *labels)
        # A word some label says itself keeps naming that relation.
        own = {w for label in self.relation_labels for w in terms(label)}
        return {word: label for word, label in found.items() if word not in own}

    @cached_property
    def compound_modifiers(self) -> dict[str, tuple[str, str]]:
        """The first word (stemmed) of a one-word label written as two nouns ("homeworld": home, world) -> that
        label and its second noun, where no other label starts so and no label says the word itself: said before
        a noun of the second's kind, it names the relation ("the *home* planet of <E>", not its home town)."""
        modifiers: dict[str, set[tuple[str, str]]] = {}
        for label in self.relation_labels:
            for first, second in compound_parts(label):
                modifiers.setdefault(stem(first), set()).add((label, second))
        own = {w for label in self.relation_labels for w in terms(label)}
        return {word: next(iter(found)) for word, found in modifiers.items() if len(found) == 1 and word not in own}

    def lexicon_aliases(self, question: str, understood: Iterable[str] = (), asked: Iterable[str] = (),
                        phrases: Sequence[Iterable[str]] | None = None,
                        taught: Mapping[str, Collection[str]] | None = None,
                        hops: Iterable[str] = (), held: Collection[str] = ()) -> dict[str, str]:
        """Question words (stemmed) naming one relation of the graph by another English word ("wife": spouse),
        when every other word of their phrase is placed: a relation's or a class's own word, or ``understood``;
        ``taught``: label -> words history said naming it (see :meth:`cacherag.tools.lexicon.Lexicon.aliases`);
        ``hops``: labels of the named entity's hops no predicate has (a relation an OWL restriction states);
        ``held``: those of all its hops (or of each name's, where names tie), which a word naming only relations
        they lack may name by another word."""
        said = set(self.classes_by_term) - lexicon().verbs_only(question)  # "who *wrote* <E>" says no "writer"
        # A category word asking for one of a class, by its word or a synonym ("what *kind of movie* is <E>": a
        # film), asks for no class: the typing relation is not what it names (its genre is)
        # (only the noun after "<category word> of" is looked up: most questions say none)
        words = normalize(question).split()
        sorting = any(after == "of" and lexicon().classifies(w) and self._names_class(kind)
                      for w, after, kind in zip(words, words[1:], words[2:], strict=False))
        typed = {self.predicate_labels.get(p) for p in TYPING}
        # (nor does another word name RDF's own "value", the main value of whatever node holds it: an ISBN's, no
        # "price")
        valued = self.predicate_labels.get(iri(RDF_VALUE))
        labels = tuple(label for label in dict.fromkeys([*self.relation_labels, *hops]) if label != valued
                       and (not sorting or label not in typed))
        understood, asked = set(understood), set(asked)
        found = lexicon().aliases(question, labels, self.relation_words | said | understood, asked,
                                  phrases, taught, joined=set(self.unions.values()))
        # The one word naming a relation, where the named entities lack it, is another word for one they have, if
        # English says so of one only ("who *plays* <C> in <F>": the film's actor, where only teams have players) —
        # not one of several, which may name the hops after theirs ("the *mother* of <E>'s son")
        # (nor is the kind of thing asked for a relation: "which *characters* come from <E>", no type of it)
        foreign = [word for word in dict.fromkeys(words) if (term := stem(word)) not in found
                   and term in self.relation_words and term not in understood | said | asked]
        if held and len(foreign) == 1 and not found:
            held_words = [set(written_words(label)) for label in held]  # (a hop's: "performances actor")
            named = [label for label in self.relation_labels if (words_of := set(written_words(label)))
                     and label not in typed and any(words_of <= hop for hop in held_words)
                     and any((link := lexicon().links(foreign[0], w)) is not None and not link.up for w in words_of)]
            # … which reaches values of the kind the word's own relation does ("the *area* of <E>" is a measure, no
            # country, however English says a country is an area)
            said_by = [p for p, label in self.predicate_labels.items() if stem(foreign[0]) in terms(label)]
            if len(named) == 1 and all(self.valued_by_literals(p) == self.valued_by_literals(q) for p in said_by
                                       for q, label in self.predicate_labels.items() if label == named[0]):
                found[stem(foreign[0])] = named[0]
        return found

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def valued_by_literals(self, predicate: str) -> bool:
        """Whether (a sample of) the relation's values are all literals: numbers, dates, texts, not things."""
        sample = f"SELECT ?o WHERE {{ ?s {predicate} ?o }} LIMIT {SAMPLE}"
        return bool(self._kept(f"valued by literals {SAMPLE} {predicate}",
                               lambda: all(is_literal(row["o"]) for row in self.kg._select(sample))))

    def _names_class(self, word: str) -> bool:
        """Whether ``word`` names one of the graph's classes, by its word or a synonym ("movie": the class Film)."""
        return stem(word) in self.classes_by_term or bool(lexicon().lemmas(word, "n")) and bool(
            lexicon().synonyms(word, "n") & self.class_nouns)

    @cached_property
    def class_nouns(self) -> frozenset[str]:
        """The one-word class labels, lower case, as a dictionary spells them ("film")."""
        return frozenset(words[0] for label in self.classes.values() if len(words := written_words(label)) == 1)

    @cached_property
    def own_words(self) -> frozenset[str]:
        """The words naming relations and classes as they are: their labels' words and the ontology's aliases."""
        return self.relation_words | set(self.classes_by_term)

    @cached_property
    def relation_words(self) -> frozenset[str]:
        """The words naming relations as they are: their labels' words and the ontology's aliases."""
        return frozenset(t for label in self.relation_labels for t in terms(label)) | set(self.relation_aliases)

    def _schema(self, node: str) -> tuple[SchemaEdge, ...]:
        return tuple(self._with_unions(self._through_intermediates([node], self.kg.local_schema([node]))))

    def _with_unions(self, edges: list[SchemaEdge]) -> list[SchemaEdge]:
        """``edges`` and, for each of :attr:`unions` some of them belong to, the hop along any of its relations."""
        found = list(edges)
        for predicate, label in self.unions.items():
            joined = set(members(predicate))
            for inverse in (False, True):
                counts = [e.count for e in edges if e.predicate in joined and e.inverse == inverse]
                if counts:
                    found.append(SchemaEdge(predicate, inverse, label, sum(counts)))
        return found

    # -- intermediate nodes (n-ary relations) -------------------------------------------------------------
    def _through_intermediates(self, nodes: list[str], edges: list[SchemaEdge]) -> list[SchemaEdge]:
        """``edges`` with each one that leads to intermediate nodes replaced by the hops through them, and each one
        that leads to statement nodes a label spells out (see :meth:`verbalized`) or to blank nodes among named ones
        (see :meth:`partly_blank`) kept beside the hops through those."""
        found: list[SchemaEdge] = []
        spelt: list[SchemaEdge] = []  # through statement nodes a label spells out: beside the edge, no duplicates
        for edge in edges:
            if self.intermediate(edge.predicate, edge.inverse):
                found.extend(self._hops_through(nodes, edge))
            else:
                found.append(edge)
                if self.verbalized(edge.predicate, edge.inverse):
                    spelt.extend(self._hops_through(nodes, edge, linked_qualifiers=True))
                elif self.partly_blank(edge.predicate, edge.inverse):
                    spelt.extend(self._hops_through(nodes, edge, blank_only=True))
        # A statement saying what a plain edge says (Wikidata's p:P569/ps:P569 beside wdt:P569, both "date of
        # birth") is the same relation again, with the statements the plain edge leaves out (deprecated, outdated):
        # the plain edge stands for it; a statement picked by a value of its own is no such duplicate.
        plain = {(e.label, e.inverse) for e in found if not is_through(e.predicate)}
        return [e for e in found if not is_through(e.predicate) or qualifier(e.predicate) is not None
                or (e.label, e.inverse) not in plain] + spelt

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def intermediate(self, predicate: str, inverse: bool) -> bool:
        """Whether the edge leads to intermediate nodes: nodes no label names (so no question can, and no
        answer may be one) that relate several things of their own — a film credit, an award received, a
        statement node. Judged on a sample of the edge's targets anywhere in the graph, once per graph when a
        disk label index keeps the verdict."""
        return bool(self._kept(f"intermediate typed {predicate} {int(inverse)}",
                               lambda: self._intermediate(predicate, inverse)))

    def _intermediate(self, predicate: str, inverse: bool) -> bool:
        # Three small queries, not one with OPTIONALs: rdflib evaluates those by scanning the graph.
        if predicate == iri(RDF_TYPE):  # a class's members are no parts of one statement
            return False
        hop = f"?t {predicate} ?s" if inverse else f"?s {predicate} ?t"
        sample = [row["t"] for row in self.kg._select(f"SELECT DISTINCT ?t WHERE {{ {hop} }} LIMIT {SAMPLE}")]
        if not sample or any(t.startswith('"') for t in sample):
            return False
        iris = " ".join(t for t in sample if is_iri(t))  # blank nodes: never labelled, never named
        if not iris:
            return True
        if self.kg.labelled(iris.split()):  # (by a label, or by a name held in a node of its own)
            return False
        # (a class counts: UniProt's annotation says what it is by its type, "Function Annotation", and its text)
        rows = self.kg._select(f"SELECT ?t (COUNT(DISTINCT ?q) AS ?out) WHERE {{ VALUES ?t {{ {iris} }} ?t ?q ?o }} "
                               "GROUP BY ?t")
        return len(rows) == iris.count(" ") + 1 and all(int(lexical_form(row["out"])) >= 2 for row in rows)

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def partly_blank(self, predicate: str, inverse: bool) -> bool:
        """Whether the edge leads to named things and to blank nodes alike: OWL states a class's parents and its
        restrictions both by ``rdfs:subClassOf`` ("lung" is an anatomical entity, and part of some respiratory
        system). The blank ones are statements to walk through, beside the edge as it is. Judged on a bounded
        sample of what the edge leads to (a scan for a blank one would read every statement of a large graph's
        relation), once per graph when a disk label index keeps the verdict."""
        if predicate == iri(RDF_TYPE):
            return False
        return bool(self._kept(f"partly blank {BLANK_SAMPLE} {predicate} {int(inverse)}",
                               lambda: self._partly_blank(predicate, inverse)))

    def _partly_blank(self, predicate: str, inverse: bool) -> bool:
        hop = f"?t {predicate} ?s" if inverse else f"?s {predicate} ?t"
        return any(row["t"].startswith("_:") for row in self.kg._select(
            f"SELECT DISTINCT ?t WHERE {{ {hop} }} LIMIT {BLANK_SAMPLE}"))

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def verbalized(self, predicate: str, inverse: bool) -> bool:
        """Whether the edge leads to statement nodes a label names only by spelling the statement out: Bio2RDF's
        "drug-target interaction Veloxaprin and Prostanoid synthase 3", "Molecular Weight: 212.2", "Tablet by
        Oral" — each sampled node's label holds the names of two or more things it links. They are things a
        question may ask for, and statements it may ask through ("the molecular weight of <E>"): the edge is
        offered both ways. Judged once per graph when a disk label index keeps the verdict."""
        return bool(self._kept(f"verbalized most {SAMPLE} not further untitled unnamed {predicate} {int(inverse)}",
                               lambda: self._verbalized(predicate, inverse)))

    def _verbalized(self, predicate: str, inverse: bool) -> bool:
        if predicate == iri(RDF_TYPE):
            return False
        hop = f"?t {predicate} ?s" if inverse else f"?s {predicate} ?t"
        sample = [row["t"] for row in self.kg._select(f"SELECT DISTINCT ?t WHERE {{ {hop} }} LIMIT {SAMPLE}")]
        if not sample or not all(is_iri(t) for t in sample):
            return False
        block, names = values_of("t", sample), ", ".join(map(iri, self.kg.labelling.predicates))
        linked = [(row["t"], row["q"], row["o"], second[1] == "o") for second in ("?t ?q ?o", "?o ?q ?t")
                  for row in self.kg._select(f"SELECT ?t ?q ?o WHERE {{ {block} {second} FILTER(?q != {iri(RDF_TYPE)}) "
                                             f"FILTER(?q NOT IN ({names})) }} LIMIT {self.kg.max_rows}")]
        # what the edge leads to from another node of the sample is one step further (Bio2RDF links a property
        # node's kind by the property's own name: "calculated-property" leads to both)
        further = {t for t, q, o, inward in linked if inward != inverse and q == predicate and o in sample}
        sample = [t for t in sample if t not in further]
        # (the parts of a name are no parts of a statement: "Dalia Fenwright", her given and family names)
        spelling = [(t, o) for t, q, o, _ in linked if t not in further and name_words(iri_value(q)) is None]
        linked = [(t, o) for t, _, o, _ in linked if t not in further]
        shown = self.labels_of(list(dict.fromkeys([*sample, *(o for _, o in linked if is_iri(o))])))
        parts: dict[str, set[str]] = {}
        for node, other in spelling:
            said = (shown[other] if is_iri(other) else lexical_form(other)).casefold()
            if len(said) > 1 and said != shown[node].casefold():
                parts.setdefault(node, set()).add(said)
        # a node also named by words its label holds (dblp's paper "A, B: Title Words. (2019)", titled "Title
        # Words.") is a thing whose label cites what it links, no statement
        named = self.kg._select(f"SELECT ?t ?o WHERE {{ {block} ?t ?lp ?o {self.kg.labelling.filter()} }} "
                                f"LIMIT {self.kg.max_rows}")
        titled = {node for node, other in [*linked, *((row["t"], row["o"]) for row in named)]
                  if is_literal(other) and node in shown and _title_in(lexical_form(other), shown[node])}
        spelt = sum(node not in titled and sum(_spelt(part, shown[node].casefold()) for part in parts.get(node, ()))
                    >= 2 for node in sample)
        return bool(sample) and 2 * spelt > len(sample)

    @lru_cache(maxsize=1024)  # noqa: B019 - one view per graph, kept for the process's life
    def dated_schema(self, node: str, years: frozenset[str]) -> tuple[SchemaEdge, ...]:
        """The node's hops through intermediate nodes picked by a date in one of ``years`` (the years a question
        says: "the award <E> received *in 1995*"); kept out of :meth:`schema`, whose hops serve every question."""
        if not years:  # most questions say none: nothing to ask the graph
            return ()
        return tuple(hop for edge in self.kg.local_schema([node]) if self.intermediate(edge.predicate, edge.inverse)
                     for hop in self._hops_through([node], edge, years) if is_temporal(qualifier(hop.predicate) or ""))

    def _hops_through(self, nodes: list[str], edge: SchemaEdge, years: frozenset[str] = frozenset(),
                      linked_qualifiers: bool = False, blank_only: bool = False) -> list[SchemaEdge]:
        """The hops from ``nodes`` through the intermediate nodes ``edge`` leads to: to each of their other
        edges, plainly ("award received") and with a value they must have on a third edge, named by that
        value ("director": the credit's person where the credit's role is director), or by a date in ``years``.
        ``linked_qualifiers``: only linked things pick (a kind, a target), no text (a labelled statement's
        identifiers and namespace, which vary from node to node). ``blank_only``: through the blank nodes the edge
        leads to, not the named ones (see :meth:`partly_blank`)."""
        first = f"?m {edge.predicate} ?x" if edge.inverse else f"?x {edge.predicate} ?m"
        first += " FILTER(isBlank(?m))" if blank_only else ""
        rows = [{**row, "dir": direction} for direction, second in (("out", "?m ?q ?v"), ("in", "?v ?q ?m"))
                for row in self.kg._select(  # no UNION: rdflib would evaluate it unbound, over the whole graph
                    f"SELECT ?q ?v (COUNT(*) AS ?n) WHERE {{ {values_of('x', nodes)} {first} . {second} . "
                    f"FILTER(?v != ?x) }} GROUP BY ?q ?v LIMIT {self.kg.max_rows}")]
        # (a statement node's comment is what it says: UniProt's function annotation's text)
        labels = {**self.predicate_labels, iri(RDFS_COMMENT): "comment"}
        # (what restates their typing is no leg of theirs: Freebase's "type.object.type")
        seen = [(row["q"], row["dir"] == "in", row["v"], int(lexical_form(row["n"]))) for row in rows
                if row["q"] in labels and row["q"] not in self.typing_restated
                and (iri_value(row["q"]) not in NON_TRAVERSABLE
                     or row["q"] == iri(RDFS_COMMENT) and row["dir"] == "out")]
        counts: dict[tuple[str, bool], int] = {}
        for q, inverse, _, n in seen:
            if q != iri(RDF_TYPE):
                counts[q, inverse] = counts.get((q, inverse), 0) + n
        start = (edge.predicate, edge.inverse)

        def hop(target: tuple[str, bool], where: tuple[str, str] | None, n: int) -> SchemaEdge:
            # A hop through an OWL restriction is the property it restricts ("part of", not "part of some values
            # from"), and walking both its edges backwards it is that property's converse, said so (inverse): "what
            # is part of the lung" walks back what "what is the lung part of" walks forward.
            flipped = start[1] and target[1]
            restricts = where is not None and where[0] == iri(OWL_ON_PROPERTY) \
                and iri_value(start[0] if flipped else target[0]) in OWL_FILLERS
            if restricts:
                label = names[where[1]].lower()
                if flipped:
                    return SchemaEdge(through((target[0], False), (start[0], False), where), True, label, n)
                return SchemaEdge(through(start, target, where), False, label, n)
            label = _merged(picked(*where) if where else edge.label, labels[target[0]])
            return SchemaEdge(through(start, target, where), False, label, n)

        # A statement picked by its own main value keeps the relation's name: "halvard prize *award received* point
        # in time", where the value's edge says what the edge into the statement says (Wikidata's ps:P166, p:P166),
        # or part of it (an "award" of an "award received"), or the value is a proper name (a "Brass Quill Award"
        # a "prize" of an award statement names); a credit is named by its role alone ("director person").
        def picked(q: str, v: str) -> str:
            # (a gloss in brackets tells homonyms apart, no word of the value's: "painting (image-making)")
            name = (gloss_of(names[v]) or (names[v],))[0]
            return _merged(name.lower(), edge.label) \
                if set(terms(labels[q])) <= set(terms(edge.label)) or name != name.lower() else name.lower()

        hops = [hop(target, None, n) for target, n in counts.items()]
        values: dict[tuple[str, str], int] = {}
        for q, inverse, value, n in seen:
            if not inverse and (is_iri(value) or (_names_a_kind(value) and not linked_qualifiers)
                                or year_of(value) in years):
                values[q, value] = values.get((q, value), 0) + n
        # A third edge qualifies when its values tell such nodes apart: here ("director", "producer" among one
        # film's credits), or anywhere in the graph (an album's one credit is still its producer's).
        here = Counter(q for q, _ in values)
        discriminating = {q for q in here if q != iri(RDF_TYPE) and (here[q] > 1 or self._varies(q))}
        # … and so do the nodes' classes, where they have several a name says (UniProt's "Function Annotation",
        # "Disease Annotation": which annotation a question asks for)
        kinds = self.kg.labelled([v for q, v in values if q == iri(RDF_TYPE)]) if here[iri(RDF_TYPE)] > 1 else set()
        qualifiers = [(q, v, n) for (q, v), n in values.items()
                      if q in discriminating or len(kinds) > 1 and v in kinds and q == iri(RDF_TYPE)]
        names = self.labels_of([v for _, v, _ in qualifiers])
        # A node named at length (a paper in dblp's citation form) is a thing, not a kind a role's name says; nor
        # is a literal copying the name of a node the intermediate nodes link (a dblp signature's "Jonas Weller",
        # its creator's name).
        linked = list(dict.fromkeys([*nodes, *(v for _, _, v, _ in seen if is_iri(v))]))
        reached_names = {label.casefold() for label in self.labels_of(linked).values()} \
            if any(not is_iri(v) for _, v, _ in qualifiers) else set()
        # (nor is an address a kind: a ticket page's URL or a contact's mailbox picks no statement a question names by
        # the words inside it, "tickets" or "data")
        qualifiers = [(q, v, n) for q, v, n in qualifiers if len(names[v]) <= QUALIFIER_CHARS
                      and (is_iri(v) or names[v].casefold() not in reached_names) and not is_address(names[v])]
        # A target edge that reaches the qualifier's own value (the converse of the qualifying edge: a dblp
        # signature's publication, and the publication's signature) answers that value whatever the topic.
        reached = {(q, inverse, value) for q, inverse, value, _ in seen}
        hops.extend(hop(target, (q, v), min(n, total)) for q, v, n in qualifiers for target, total in counts.items()
                    if target[0] != q and (*target, v) not in reached)
        # (OWL restrictions beside named parents are walked as the relations they state, not as their parts)
        restrictions = [h for h in hops if restricted(h)]
        return sorted(restrictions or hops,
                      key=lambda e: (-e.count, e.predicate))[:MAX_THROUGH]

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def converse(self, predicate: str) -> str | None:
        """The predicate the graph states ``predicate``'s pairs the other way round with: another relation
        ("children" for "parents"), the relation itself for one stated both ways ("spouse"), None when a sample
        of its pairs says neither. A graph need not state every pair both ways (a sample of a larger graph
        seldom does): the way most reversed pairs take decides, once it is more than chance. Asked of the graph
        once per process, or once per graph when a disk label index keeps the verdict."""
        key = f"converse unexplained {CONVERSE_SAMPLE} {CONVERSE_MIN} {CONVERSE_SHARE} {predicate}"  # of this rule
        return self._kept(key, lambda: self._converse(predicate))

    def converses(self, step: dict[str, Any]) -> dict[str, str]:
        """Each relation a hop walks (its predicate, or the legs of a hop through intermediate nodes) that the graph
        states the other way round too -> that converse (see :meth:`converse`)."""
        edges = [edge.lstrip("^") for edge in legs(step["predicate"]) or (step["predicate"],)]
        return {edge: other for edge in edges if is_iri(edge) and (other := self.converse(edge))}

    def goes_back(self, first: dict[str, Any], second: dict[str, Any]) -> bool:
        """Whether hop ``second`` walks back along the last edge ``first`` walked: that edge the other way, or the
        graph's converse of it the same way (a laureate's "nobel prize", then the prize's "laureate")."""
        (edge, back), (following, following_back) = walked_legs(first)[-1], walked_legs(second)[0]
        if following == edge:
            return following_back != back
        return following_back == back and is_iri(edge) and self.converse(edge) == following

    def _converse(self, predicate: str) -> str | None:
        pairs = [(row["s"], row["o"]) for row in self.kg._select(
            f"SELECT ?s ?o WHERE {{ ?s {predicate} ?o }} LIMIT {CONVERSE_SAMPLE}")
            if is_iri(row["s"]) and is_iri(row["o"])]
        if not pairs:
            return None
        values = " ".join(f"({s} {o})" for s, o in pairs)
        rows = self.kg._select(f"SELECT ?q (COUNT(*) AS ?n) WHERE {{ VALUES (?s ?o) {{ {values} }} ?o ?q ?s }} "
                               f"GROUP BY ?q")
        found = max(((int(lexical_form(row["n"])), row["q"]) for row in rows), default=(0, ""))
        if found[0] < max(CONVERSE_MIN, CONVERSE_SHARE * len(pairs)):
            return None
        # … unless another relation holds for every pair it reverses: a character's "resident" planet reverses
        # the home world, which is for a few of them where they were born as well.
        rows = self.kg._select(f"SELECT ?r (COUNT(*) AS ?n) WHERE {{ SELECT DISTINCT ?s ?o ?r WHERE {{ "
                               f"VALUES (?s ?o) {{ {values} }} ?o {found[1]} ?s . ?s ?r ?o "
                               f"FILTER(?r != {predicate}) }} }} GROUP BY ?r")
        return None if any(int(lexical_form(row["n"])) == found[0] for row in rows) else found[1]

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def _varies(self, predicate: str) -> bool:
        """Whether ``predicate`` has more than one value in the graph."""
        return len(self.kg._select(f"SELECT DISTINCT ?v WHERE {{ ?m {predicate} ?v }} LIMIT 2")) > 1

    @cached_property
    def hop_vocabulary(self) -> tuple[SchemaEdge, ...]:
        """Every relation in both directions as a hop from anywhere in the graph (what a plan may follow after
        its first hop); an edge that leads to intermediate nodes is offered as the hops through them, found
        from a sample of the nodes it leaves, as a node's own schema offers them."""
        found: list[SchemaEdge] = []
        for predicate, label in sorted(self.predicate_labels.items()):
            for inverse in (False, True):
                edge = SchemaEdge(predicate, inverse, label)
                intermediate = self.intermediate(predicate, inverse)
                blank = not intermediate and not self.verbalized(predicate, inverse) \
                    and self.partly_blank(predicate, inverse)
                if not intermediate:
                    found.append(edge)
                    if not blank and not self.verbalized(predicate, inverse):
                        continue
                hop = f"?m {predicate} ?x" if inverse else f"?x {predicate} ?m"
                sources = [row["x"] for row in self.kg._select(f"SELECT DISTINCT ?x WHERE {{ {hop} }} LIMIT {SAMPLE}")
                           if is_iri(row["x"])]
                found.extend(self._hops_through(sources, edge, linked_qualifiers=not intermediate and not blank,
                                                blank_only=blank) if sources else [])
        return tuple(found)

    @property
    def takes_hints(self) -> bool:
        """Whether the graph uses hints of what a question is about to ask (see :meth:`prefetch`)."""
        return self.kg.takes_hints

    def prefetch(self, nodes: Sequence[str], plans: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> None:
        """Tell the graph what the question is about to ask (see :meth:`KnowledgeGraph.prefetch`)."""
        self.kg.prefetch(nodes, plans)

    def paths(self, topic: str, steps: Sequence[dict[str, Any]]) -> list[list[str]]:
        """The plan's paths from ``topic`` (see :meth:`KnowledgeGraph.paths`), remembered for the few plans
        asked about again within a question (judging a remembered plan, then executing it)."""
        return [list(p) for p in self._walked(topic, steps)]

    def _walked(self, topic: str, steps: Sequence[dict[str, Any]]) -> tuple[tuple[str, ...], ...]:
        """:meth:`paths` as remembered (read, not copied: a film's thousand characters are walked again and again)."""
        return self._paths(topic, tuple((s["predicate"], bool(s["inverse"]), s["label"]) for s in steps))

    @lru_cache(maxsize=64)  # noqa: B019 - one view per graph, kept for the process's life
    def _paths(self, topic: str, steps: tuple[tuple[str, bool, str], ...]) -> tuple[tuple[str, ...], ...]:
        plan = [{"predicate": p, "inverse": inverse, "label": label} for p, inverse, label in steps]
        return tuple(tuple(path) for path in self.kg.paths(topic, plan))

    def frontier_schema(self, nodes: list[str]) -> list[SchemaEdge]:
        """Local schema of a set of nodes (one query; counts add up over the set)."""
        if len(nodes) == 1:
            return list(self.schema(nodes[0]))
        return list(self._frontier_schema(tuple(nodes)))

    @lru_cache(maxsize=1024)  # noqa: B019 - one view per graph, kept for the process's life
    def _frontier_schema(self, nodes: tuple[str, ...]) -> tuple[SchemaEdge, ...]:
        # (a set's schema is asked again at each depth of one question, and a hub's costs a query per member)
        return tuple(self._with_unions(self._through_intermediates(list(nodes), self.kg.local_schema(nodes))))

    def label(self, node: str) -> str:
        return self.labels_of([node])[node]

    def shown_whole(self, nodes: Sequence[str], labels: Mapping[str, str] | None = None) -> dict[str, str]:
        """Those of ``nodes`` shown by their whole IRI, each with it: the graph neither labels them nor says anything of
        them, and no word names them (an ORCID, a DOI, a web page: something outside the graph), where their last
        segment alone ("graft.2024.17" of a DOI) would not say which it is; ``labels`` are their labels if known."""
        labels = labels if labels is not None else self.labels_of(list(nodes))
        # (shown by its last segment, maybe for want of a label: only then is the graph asked whether it says anything
        # of it — the name a value-only IRI is linked by, its last segment, is no label of the graph's)
        bare = [n for n in nodes if is_iri(n) and "#" not in n and labels[n] == lexical_form(n)
                and not labels[n].isalpha()]
        if not bare:
            return {}
        asked = f"SELECT DISTINCT ?e WHERE {{ {values_of('e', bare)} ?e ?p ?o }}"
        described = {row["e"] for row in self.kg._select(asked)}
        return {n: iri_value(n) for n in bare if n not in described}

    def nameless(self, nodes: Sequence[str]) -> set[str]:
        """Those of ``nodes`` no name can reach: blank nodes, and those given an IRI at load (see ``terms.minted``)
        that no label names — a blank node a predicate the engine does not read names (``doap:name`` over an endpoint)
        is as nameless as it was."""
        minted_ones = [n for n in nodes if minted(n)]
        unnamed = set(minted_ones) - self.labelled(minted_ones) if minted_ones else set()
        return {n for n in nodes if n.startswith("_:")} | unnamed

    def labelled(self, nodes: Sequence[str]) -> set[str]:
        """Those of ``nodes`` a label names (the others are shown by their IRI's last segment): as the label index
        knows them, or, while a disk index does not hold every label yet, as the labels shown say (asked once,
        then remembered) and, where one shows the last segment, as the graph says."""
        if self.index is None or self.index.complete:
            return {n for n in nodes if n in self.labels.label_of}
        shown = self.labels_of(list(nodes))
        named = {n for n in nodes if shown[n] != lexical_form(n)}
        rest = [n for n in nodes if n not in named]
        return named | (self.kg.labelled(rest) if rest else set())

    def labels_of(self, nodes: list[str]) -> dict[str, str]:
        """Each node's best label: from the in-memory index (which lists it first), or a complete disk index
        when it is the node's only label, else asked of the graph in one query for all of ``nodes`` (a disk
        index keeps labels in crawl order, not by language) and remembered, so the answers' labels are not
        asked again when the evidence already named them."""
        known: Mapping[str, str] = (self.labels.label_of if self.index is None
                                    else {**self.index.sole_labels(nodes), **self._shown})
        missing = list(dict.fromkeys(n for n in nodes if n not in known))
        fetched = self.kg.labels_for(missing) if missing else {}
        found = {n: fetched[n] if n in fetched else known[n] for n in nodes}
        if self.index is not None:
            self._shown.update(fetched)
        return found

    # -- answer types (rdf:type), where the graph has them ------------------------------------------------
    @cached_property
    def classes(self) -> dict[str, str]:
        """The classes of the graph's things -> their labels. The schema's own kinds (owl:Class, rdf:Property) are
        left out: "the starship *class* of <E>" names no owl:Class."""
        def labelled() -> list[tuple[str, str]]:
            rows = self.kg._select(f"SELECT DISTINCT ?c WHERE {{ ?x {_TYPE} ?c }} LIMIT 10000")
            return list(self.labels_of([row["c"] for row in rows]).items())

        found = self._kept("classes", labelled)
        return {node: label for node, label in found if not node.startswith(SCHEMA_KINDS)}

    def typing_predicate(self, cls: str) -> str | None:
        """The predicate the graph types things as ``cls`` by (rdf:type, or Wikidata's "instance of"); None when
        nothing is typed so."""
        rows = self.kg._select(f"SELECT ?p WHERE {{ VALUES ?p {{ {' '.join(TYPING)} }} ?x ?p {cls} }} LIMIT 1")
        return rows[0]["p"] if rows else None

    @cached_property
    def classes_by_term(self) -> dict[str, set[str]]:
        """Stem of a class label -> classes: how a question's 'films' names the class 'film' (see
        :func:`class_words`)."""
        by_term: dict[str, set[str]] = {}
        for node, label in self.classes.items():
            for word in class_words(label, lexical_form(node)):
                by_term.setdefault(word, set()).add(node)
        return by_term

    @cached_property
    def compound_classes(self) -> dict[frozenset[str], set[str]]:
        """The terms of a class label of several words -> those classes ("concept scheme": ConceptScheme), which
        :attr:`classes_by_term` leaves out: a wh-noun phrase saying them all names them. Only classes of named things:
        one of intermediate nodes ("Cast member", whose members no label names) is no answer's kind."""
        compounds = {node: said for node, label in self.classes.items()
                     if len(said := terms(class_text(label, lexical_form(node)))) > 1}
        kinds = list(compounds)
        members: dict[str, str] = {}  # one member of each class, a few hundred classes a query
        for start in range(0, len(kinds), 500):
            members.update((row["c"], row["x"]) for row in self.kg._select(
                f"SELECT ?c (SAMPLE(?m) AS ?x) WHERE {{ {values_of('c', kinds[start:start + 500])} ?m {_TYPE} ?c }} "
                "GROUP BY ?c"))
        named = self.labelled(list(members.values()))
        found: dict[frozenset[str], set[str]] = {}
        for node, said in compounds.items():
            if members.get(node) in named:
                found.setdefault(frozenset(said), set()).add(node)
        return found

    def class_mentions(self, question: str) -> list[Mention]:
        """Words of ``question`` naming one of the graph's classes as a noun, inflected as English does ("how many
        *countries* are there": the class "Country"), for a question that names nothing else."""
        found = []
        for word in _VALUE_WORD.finditer(question):
            classes = self.classes_said(question, [stem(word.group())])
            if classes:
                found.append(Mention(text=word.group(), start=word.start(), end=word.end(),
                                     nodes=tuple(sorted(classes)), match="normalized", score=VALUE_SCORE))
        return found

    @lru_cache(maxsize=256)  # noqa: B019 - one view per graph; the judge asks it of each plan of a question
    def value_mentions(self, question: str) -> tuple[Mention, ...]:
        """Spans of ``question`` (up to :data:`VALUE_SPAN` words, no function word at either end) that are values of
        some relation as written, lower-cased or in a preferred language ("which characters have *blue* eyes":
        the eye colour "blue"), found with one bounded query; a value's span is a question's topic like a name."""
        tokens = [(m.group(), m.start(), m.end()) for m in _VALUE_WORD.finditer(question)]
        spans: dict[str, tuple[int, int]] = {}
        for i in range(len(tokens)):
            for j in range(i, min(len(tokens), i + VALUE_SPAN)):
                if tokens[i][0].lower() in STOPWORDS or tokens[j][0].lower() in STOPWORDS:
                    continue
                text = question[tokens[i][1]:tokens[j][2]]
                last = tokens[j][0].lower()
                # as written, lower-cased, capitalized as a value opening a sentence is; its last word singular too
                # ("light freighters": "Light freighter")
                singular = [text[:len(text) - len(last)] + lemma for lemma in singulars(last)]  # "starfighters" too
                for form in (text, *singular):
                    for variant in (form, form.lower(), form[:1].upper() + form[1:].lower()):
                        spans.setdefault(variant, (tokens[i][1], tokens[j][2]))
        if not spans:
            return ()
        tags = (None, *self.kg.labelling.languages)
        forms = {literal(text, lang=tag): text for text in spans for tag in tags}
        # a number as a year or an integer ("which bands formed in *1993*")
        forms |= {literal(text, datatype): text for text in spans if text.isdigit() for datatype in _NUMBER_TYPES}
        hidden = ", ".join(iri(p) for p in sorted(NON_TRAVERSABLE))  # names and bookkeeping are no relation's values
        rows = self.kg._select(f"SELECT DISTINCT ?o WHERE {{ VALUES ?o {{ {' '.join(forms)} }} ?s ?p ?o "
                               f"FILTER(?p NOT IN ({hidden})) }} LIMIT {len(forms)}")
        found = sorted((start - end, start, end, row["o"]) for row in rows if row["o"] in forms
                       for start, end in [spans[forms[row["o"]]]])  # longest first, then leftmost
        return tuple(Mention(text=question[start:end], start=start, end=end, nodes=(value,), match="value",
                             score=VALUE_MENTION_SCORE) for _, start, end, value in found)

    @lru_cache(maxsize=256)  # noqa: B019 - one view per graph
    def category(self, word: str) -> Category | None:
        """The node a plural noun names as a category many things are linked to by one relation, where no class is
        labelled by it ("which *humans*": the species Human, of which characters are by "species"), with that
        relation and the class of the things linked (none when the graph does not type them)."""
        forms = {word, *singulars(word.lower())}
        named = {n for form in forms for m in self.labels.mentions(form, fuzzy=False)
                 if m.start == 0 and m.end == len(form) and m.match in _WHOLE for n in m.nodes}
        found = self._members_by([n for n in sorted(named - set(self.classes)) if is_iri(n)][:SAMPLE])
        if found is None:
            return None
        node, predicate = found
        # (Wikidata's "instance of" before rdf:type, which a dump also gives every item: "human", not "Item")
        kinds = self.kg._select(f"SELECT ?c ?t (COUNT(?x) AS ?n) WHERE {{ {{ SELECT ?x WHERE {{ ?x {predicate} "
                                f"{node} }} LIMIT {SAMPLE} }} VALUES ?t {{ {' '.join(TYPING)} }} ?x ?t ?c }} "
                                f"GROUP BY ?c ?t ORDER BY DESC(?t = {TYPING[1]}) DESC(?n) LIMIT 1")
        # (none where they are the schema's own kind: an ontology's subclasses of "disease" are owl:Classes, "class"
        # no word for them)
        kind = self.labels_of([kinds[0]["c"]]).get(kinds[0]["c"], "") \
            if kinds and not kinds[0]["c"].startswith(SCHEMA_KINDS) else ""
        return Category(node=node, predicate=predicate, kind=kind)

    def valued(self, value: str) -> Category | None:
        """The things having ``value`` (a relation's value as the graph writes it: "female") as a category, by the
        relation most of them have it by ("gender")."""
        found = self._members_by([value])
        return Category(node=value, predicate=found[1], kind="") if found is not None else None

    def _members_by(self, nodes: list[str]) -> tuple[str, str] | None:
        """Of ``nodes``, the one most things are linked to by one relation, and that relation (a species' members,
        not what has it as a favourite)."""
        if not nodes:
            return None
        hidden = ", ".join([*TYPING, *(iri(p) for p in sorted(NON_TRAVERSABLE))])
        rows = self.kg._select(f"SELECT ?e ?p (COUNT(DISTINCT ?x) AS ?n) WHERE {{ VALUES ?e {{ {' '.join(nodes)} }} "
                               f"?x ?p ?e FILTER(isIRI(?x) && ?p NOT IN ({hidden})) }} GROUP BY ?e ?p "
                               f"ORDER BY DESC(?n) LIMIT 1")
        return (rows[0]["e"], rows[0]["p"]) if rows else None

    def relations_valued(self, value: str, limit: int = 2) -> list[str]:
        """The relations the graph states ``value`` by (at most ``limit``): "female" that of "gender"."""
        hidden = ", ".join([*TYPING, *(iri(p) for p in sorted(NON_TRAVERSABLE))])
        return [row["p"] for row in self.kg._select(
            f"SELECT DISTINCT ?p WHERE {{ ?x ?p {value} FILTER(?p NOT IN ({hidden})) }} LIMIT {limit}")]

    def linked_to(self, nodes: Sequence[str], predicate: str, target: str) -> set[str]:
        """Those of ``nodes`` the graph links to ``target`` by ``predicate`` — a subclass at any depth, the relation
        being transitive (an ontology's "allergic asthma" is a disease through "asthma"); a thing typed by a class
        below ``target`` as well."""
        if predicate not in (*TYPING, iri(RDFS_SUBCLASS)):
            return self._those(nodes, f"?x {predicate} {target}")
        # a member of a kind of it too (RDFS), or of a class its label says is one ("graduate student")
        kinds = " ".join([target, *self._headed_by(target)])
        path = f"{predicate}/{_SUBCLASS}*" if predicate in TYPING else f"{_SUBCLASS}+|{_TYPE}/{_SUBCLASS}*"
        return self._those(nodes, f"?x {path} ?c VALUES ?c {{ {kinds} }}")

    def _headed_by(self, cls: str) -> list[str]:
        """The graph's classes whose label is the label of ``cls`` with words before it: LUBM's "graduate student" is
        a student, though its ontology says so only by an OWL restriction."""
        head = terms(class_text(self.labels_of([cls]).get(cls, ""), lexical_form(cls)))
        return [kind for kind, label in self.classes.items() if head and kind != cls and len(
            said := terms(class_text(label, lexical_form(kind)))) > len(head) and said[-len(head):] == head]

    def linked_otherwise(self, nodes: Sequence[str], predicate: str, target: str) -> set[str]:
        """Those of ``nodes`` the graph links by ``predicate`` to something other than ``target`` only ("female", where
        ``target`` is "male")."""
        return self._those(nodes, f"?x {predicate} ?v FILTER NOT EXISTS {{ ?x {predicate} {target} }}")

    def _those(self, nodes: Sequence[str], pattern: str) -> set[str]:
        """Those of ``nodes`` (IRIs) that match ``pattern`` as ``?x``, in one query."""
        iris = " ".join(n for n in nodes if is_iri(n))
        return {row["x"] for row in self.kg._select(
            f"SELECT DISTINCT ?x WHERE {{ VALUES ?x {{ {iris} }} {pattern} }}")} if iris else set()

    def classes_named(self, words: Iterable[str]) -> set[str]:
        return {c for w in words for c in self.classes_by_term.get(w, ())}

    def classes_above_named(self, words: Iterable[str]) -> set[str]:
        """The classes above the graph's classes that ``words`` name (see :meth:`classes_named`): YAGO types a prize
        by its most specific class only ("literary award", "order"), and "which *awards*" asks for the things of
        every class its taxonomy puts below "award"."""
        return {c for w in words for c in self._classes_above_by_term.get(w, ())}

    @cached_property
    def _classes_above_by_term(self) -> dict[str, set[str]]:
        def labelled() -> list[tuple[str, str]]:
            used = f"{{ SELECT DISTINCT ?t WHERE {{ ?x {_TYPE} ?t }} LIMIT 10000 }}"
            try:
                rows = self.kg._select(f"SELECT DISTINCT ?c WHERE {{ {used} ?t {_SUBCLASS}+ ?c FILTER(isIRI(?c)) }} "
                                       f"LIMIT 10000")
            except QueryTimeoutError:  # a taxonomy too large to walk in time: the classes things are typed by only
                return []
            return list(self.labels_of([row["c"] for row in rows]).items())

        by_term: dict[str, set[str]] = {}
        for node, label in self._kept("classes above the classes", labelled):
            if node not in self.classes and not node.startswith(SCHEMA_KINDS):
                for word in class_words(label, lexical_form(node)):
                    by_term.setdefault(word, set()).add(node)
        return by_term

    def classes_said(self, question: str, words: Iterable[str]) -> set[str]:
        """The classes ``words`` (stemmed, of ``question``) name where the question says them as nouns: "who
        *wrote* <E>" names no class "Writer", however alike the stems."""
        verbs = lexicon().verbs_only(question) if self.classes_by_term else frozenset()
        return self.classes_named(w for w in words if w not in verbs)

    def dated_by(self, nodes: list[str]) -> dict[str, dict[str, set[str]]]:
        """The relations dating ``nodes``: predicate -> year -> those of the nodes it dates in that year, from dates
        stated as values ("2019"^^xsd:gYear, a date) or as nodes named by a year (a "1999" node)."""
        block = values_of("x", nodes)
        literals = self.kg._select(f"SELECT ?x ?p ?v WHERE {{ {block} ?x ?p ?v FILTER(isLiteral(?v)) }} "
                                   f"LIMIT {self.kg.max_rows}")
        named = self.kg._select(f"SELECT ?x ?p ?l WHERE {{ {block} ?x ?p ?y . ?y ?lp ?l {self.kg.labelling.filter()} "
                                f'FILTER(REGEX(STR(?l), "^[0-9]{{4}}$")) }} LIMIT {self.kg.max_rows}')
        found: dict[str, dict[str, set[str]]] = {}
        for node, predicate, year in [*((r["x"], r["p"], year_of(r["v"])) for r in literals),
                                      *((r["x"], r["p"], lexical_form(r["l"])) for r in named)]:
            if year:
                found.setdefault(predicate, {}).setdefault(year, set()).add(node)
        return found

    def types_of(self, nodes: list[str]) -> set[str]:
        iris = [n for n in nodes[:SAMPLE] if n.startswith("<")]
        if not iris:
            return set()
        rows = self.kg._select(f"SELECT DISTINCT ?c WHERE {{ VALUES ?x {{ {' '.join(iris)} }} ?x {_TYPE} ?c }}")
        return {row["c"] for row in rows}

    def types_among(self, nodes: list[str], classes: set[str] | frozenset[str]) -> set[str]:
        """The classes of a sample of ``nodes`` (see :meth:`types_of`), and of ``classes`` those any of them has or a
        subclass of: a few starships among a film's many characters, a "literary award" of the awards asked for."""
        found = self.types_of(nodes)
        if found >= classes:
            return found
        return found | {c for _, c in self._typed_as(nodes, classes)}

    def of_kinds(self, nodes: list[str], classes: set[str]) -> list[str]:
        """``nodes`` less those the graph types, none as one of ``classes`` or a subclass of one (a starship
        among the vehicles asked for), and less the classes it types things as; all of them when none is of those
        classes."""
        kind = self.of_classes(nodes, classes)
        if not kind:
            return nodes
        typed = self._types(tuple(n for n in nodes if n.startswith("<")))
        # (a class the graph types things as is of a kind, stated or not: BSBM's bsbm:Product is no product type)
        return [n for n in nodes if n in kind or n not in typed and n not in self.classes]

    def of_classes(self, nodes: list[str], classes: set[str] | frozenset[str]) -> set[str]:
        """The ``nodes`` the graph types as one of ``classes`` or a subclass of one."""
        return {x for x, _ in self._typed_as(nodes, classes)}

    def _typed_as(self, nodes: list[str], classes: set[str] | frozenset[str]) -> set[tuple[str, str]]:
        """The (node, class) pairs where the graph types one of ``nodes`` as one of ``classes`` or a subclass of one;
        nothing to ask without either. The nodes' types and the classes' subclasses are asked apart: one query
        walking ``type/subClassOf*`` from each of a thousand nodes took 0.3 s on a 70k-triple graph."""
        iris = tuple(n for n in nodes if n.startswith("<"))
        if not iris or not classes:
            return set()
        under = self._subclasses(frozenset(classes))
        return {(x, c) for x, types in self._types(iris).items() for t in types for c in under.get(t, ())}

    @lru_cache(maxsize=256)  # noqa: B019 - one view per graph, kept for the process's life
    def _types(self, iris: tuple[str, ...]) -> dict[str, frozenset[str]]:
        """Each of ``iris`` the graph types, to its classes (a film's thousand characters are typed again and again
        while a question is judged)."""
        found: dict[str, set[str]] = {}
        for row in self.kg._select(f"SELECT DISTINCT ?x ?t WHERE {{ VALUES ?x {{ {' '.join(iris)} }} ?x {_TYPE} ?t }}"):
            found.setdefault(row["x"], set()).add(row["t"])
        return {x: frozenset(types) for x, types in found.items()}

    @lru_cache(maxsize=1024)  # noqa: B019 - one view per graph, kept for the process's life
    def _subclasses(self, classes: frozenset[str]) -> dict[str, frozenset[str]]:
        """Each of ``classes`` and each subclass of one, to those of ``classes`` it is (or is a subclass of)."""
        rows = self.kg._select(f"SELECT DISTINCT ?s ?c WHERE {{ VALUES ?c {{ {' '.join(sorted(classes))} }} "
                               f"?s {_SUBCLASS}* ?c }}")
        under: dict[str, set[str]] = {}
        for row in rows:
            under.setdefault(row["s"], set()).add(row["c"])
        return {s: frozenset(cs) for s, cs in under.items()}

    @lru_cache(maxsize=1024)  # noqa: B019 - one view per graph, kept for the process's life
    def one_way(self, predicate: str) -> bool:
        """Whether the relation runs one way only: some node has two values of it while no value has two subjects,
        or the reverse — never its own converse (a mother has several children, no one two mothers), unlike a
        "spouse" a graph may state from one partner only. Asked once per graph when a disk label index keeps it."""
        def asked() -> bool:
            values, subjects = (bool(self.kg._select(f"SELECT ?x WHERE {{ {pattern} FILTER(?a != ?b) }} LIMIT 1"))
                                for pattern in (f"?x {predicate} ?a . ?x {predicate} ?b .",
                                                f"?a {predicate} ?x . ?b {predicate} ?x ."))
            return values != subjects
        return bool(self._kept(f"one way {predicate}", asked))

    @lru_cache(maxsize=4096)  # noqa: B019 - one view per graph, kept for the process's life
    def stated_from(self, classes: frozenset[str], predicate: str, inverse: bool = False) -> bool:
        """Whether some node of one of ``classes`` is the subject of a ``predicate`` edge (its object when
        ``inverse``)."""
        edge = f"?o {predicate} ?x" if inverse else f"?x {predicate} ?o"
        return bool(self.kg._select(f"SELECT ?x WHERE {{ VALUES ?c {{ {' '.join(sorted(classes))} }} "
                                    f"?x {_TYPE} ?c . {edge} }} LIMIT 1"))

    def in_relation(self, nodes: list[str], predicates: Sequence[str], as_value: bool = True) -> bool:
        """Whether some of (a sample of) ``nodes`` is the value of one of ``predicates`` ("characters": who is one),
        or, not ``as_value``, has one."""
        iris = " ".join(n for n in nodes[:SAMPLE] if n.startswith("<"))
        if not iris or not predicates:
            return False
        edge = "?o ?p ?x" if as_value else "?x ?p ?o"
        return bool(self.kg._select(f"SELECT ?x WHERE {{ VALUES ?x {{ {iris} }} VALUES ?p {{ {' '.join(predicates)} }} "
                                    f"{edge} }} LIMIT 1"))

    def reaches_time(self, nodes: list[str], step: dict[str, Any]) -> bool:
        """Whether walking ``step`` from (a sample of) ``nodes`` lands on a date or a year: a label with a digit
        ("1975-08-14", "c. 1955", a year node "1999"), which names of places and people hardly have."""
        return dated(self._reached_labels(nodes, step))

    def reaches_day(self, nodes: list[str], step: dict[str, Any]) -> bool:
        """Whether walking ``step`` from (a sample of) ``nodes`` lands on days, a date with its month and day
        ("2007-05-18"), not years alone."""
        return any(_DAY.search(label) for label in self._reached_labels(nodes, step))

    def _reached_labels(self, nodes: list[str], step: dict[str, Any]) -> list[str]:
        """The labels of (a sample of) what walking ``step`` from (a sample of) ``nodes`` lands on."""
        return list(self.labels_of([dst for _, dst in self.kg.follow(nodes[:SAMPLE], step)][:SAMPLE]).values())

    def reaches(self, nodes: list[str], step: dict[str, Any], classes: set[str]) -> bool:
        """Whether walking ``step`` from (a sample of) ``nodes`` lands on nodes of one of ``classes``."""
        targets = [dst for _, dst in self.kg.follow(nodes[:SAMPLE], step)]
        return bool(self.types_of(targets) & classes)


def restricted(hop: SchemaEdge) -> bool:
    """Whether the hop walks an OWL restriction, as the property it restricts (see :meth:`GraphView.schema`)."""
    return picked_by(hop.predicate) == iri(OWL_ON_PROPERTY) \
        and any(iri_value(leg.removeprefix("^")) in OWL_FILLERS for leg in legs(hop.predicate) or ())


# a URL, a mailbox (not a name with a colon: "Alien: Resurrection")
# (a URL, with its scheme or without, "//host/…", RFC 3986 §4.2; a mailbox, a phone, a URN)
_ADDRESS = re.compile(r"^(?:(?:[a-z][a-z0-9+.-]*:)?//|(?:mailto|tel|urn):|[^\s@]+@[^\s@]+\.\w+$)", re.IGNORECASE)


def is_address(label: str) -> bool:
    """Whether a thing shown by ``label`` is shown by an address: a URL, a mailbox, a phone, a URN."""
    return _ADDRESS.match(label) is not None


def _names_a_kind(value: str) -> bool:
    """Whether a literal reads like the name of a kind of thing a qualifier picks nodes by ("illustrator", a
    credit's role written as text): a few words, no digits, no line break."""
    text = lexical_form(value) if value.startswith('"') else ""
    return 0 < len(text) <= QUALIFIER_CHARS and not any(c.isdigit() or c == "\n" for c in text)


def dated(labels: Iterable[str]) -> bool:
    """Whether any of ``labels`` can say when: a number with two words at most beside it, one at most before it
    ("1999", "19 BAE", "May 1999", "1st century BC"), not a name holding one ("Orrin Medal 1990") nor an address
    (a web page's, ".../Offer2/")."""
    return any(_says_when(label.split()) for label in labels if not is_address(label))


def _says_when(words: list[str]) -> bool:
    numbered = [any(ch.isdigit() for ch in word) for word in words]
    return any(numbered) and numbered.index(True) <= 1 and numbered.count(False) <= DATE_WORDS


def _merged(first: str, second: str) -> str:
    """Two labels as one, without repeating words ("award received" + "award" -> "award received")."""
    words = first.split()
    return " ".join(words + [w for w in second.split() if w not in words])
