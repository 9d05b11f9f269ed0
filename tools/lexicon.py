"""English word knowledge from WordNet 3.0: which question words name a relation of the graph by another word.

A relation labelled "spouse" is asked for as a "wife", "parents" as a "father", "religion" as a "faith",
"directed by" as "led by": words no label of the graph says and no history may have taught yet. WordNet
(Princeton, 3.0) links them: ``wife`` is a kind of ``spouse`` (hypernym), ``faith`` and ``religion`` share a
sense (synonyms). The links are general English, read from a word list bundled with the package
(``cacherag/data/wordnet.tsv.gz``, 1.4 MB, built from WordNet's own files by ``python -m cacherag.tools.lexicon
build DIR``; WordNet's license in ``cacherag/data/WORDNET-LICENSE``) and compiled once per machine into a
SQLite table under ``$CACHERAG_HOME/lexicon``, which every later process opens at no cost — nothing is
downloaded, nothing is specific to a dataset.

Only links WordNet makes among a word's common senses count (the first :data:`SENSES`, by frequency): synonyms
of nouns or verbs, a verb and the noun derived from it ("published": publication date), and nouns a kind of the
label's noun at most :data:`HYPERNYM_DEPTH` levels up (verb
hierarchies are too coarse: "type" is a kind of "write"). A word naming several relations of the graph this
way names none; a word of a multi-word label stands for the label only beside its other words ("the
*reason* of death" for "cause of death", never "reason" alone). A link by a word's first sense is nearer than any by
its rarer ones. Two things English says that WordNet's lists leave out are added when the list is built: a compound
of an adjective and a noun is a kind of that noun ("male sibling": a brother is a sibling), and a noun said with
"person" names that kind of person alone ("married person": a spouse, whom someone is married to). Kin nouns WordNet
opposes that are no kinds of one thing are converses, a word for one naming a relation labelled by the other the
other way round (a child and a parent; see :meth:`Lexicon.converse`).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import itertools
import os
import re
import sqlite3
import sys
import tempfile
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

from cacherag.memory.text import FUNCTION_TERMS, stem, terms
from cacherag.tools.errors import ConfigurationError
from cacherag.tools.linking import STOPWORDS, normalize

SENSES = 5  # a word's senses read, most frequent first (WordNet orders them by tagged frequency)
MAIN_SENSES = 2  # … and those read as its main ones
REVERSE_SENSES = 2  # a label's senses a more general word may name it by ("offspring": a child's second)
HYPERNYM_DEPTH = 2  # "dad" -> "father" -> "parent"; further up every person is a "causal agent"
LIGHT_SENSES = 20  # a verb of this many senses or more says little of its own ("play" 35, "fall" 32; "fly" 14)
TABLE_VERSION = 3  # of the compiled table's layout, in its file name (2: senses indexed by synset; 3: antonyms)
POS = ("n", "v")
# WordNet's detachment rules (morphy), per part of speech: how an inflected form ends, what its lemma ends in.
_SUFFIXES = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
          ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
}
_FILES = {"n": "noun", "v": "verb"}
AGENT = ("er", "or")  # how English agent nouns end ("writer", "director")
# a noun's quality by way of its adjective (nation, national, *nationality*), or the state of being one (*citizenship*)
_DERIVED = ("ality", "ship")
TIME_WORDS = frozenset(stem(w) for w in ("year", "date", "time", "day", "month", "century"))
LOCATION = "location"
GETTING = "get"  # the verb ways of getting something are kinds of ("win", "receive", "earn"): how one comes to have it
PLACE_WORDS = frozenset(stem(w) for w in ("place", LOCATION))  # what "where" asks for ("*place* of death")
_WHERE = re.compile(r"\s*where\b", re.IGNORECASE)
# asks for a time: "*when* published", "in *which year*"
_WHEN = re.compile(r"\bwhen\b|\b(?:which|what)\s+(?:years?|dates?)\b", re.IGNORECASE)
# a wh-word (and the noun it asks for), then an auxiliary: the question's last word is its verb
_AUXILIARY_OPENS = re.compile(r"\s*(?:what|which|where|when|who|whom|how)\b[^?]*?\b(?:did|does|do)\s", re.IGNORECASE)
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
_WHO = ("who", "whom")
_WH = ("which", "what")  # the wh-words that ask for a noun ("which *films*", "what *type* of …")
_COPULAS = frozenset(("is", "are", "was", "were"))
_NOT_BY = frozenset(("of", "from", "in", "into", "out", "at", "on", "with", "for"))  # prepositions saying no doer
_ARTICLES = (["the"], ["a"], ["an"], ["this"], ["that"], ["these"], ["those"])
_DETERMINERS = frozenset(a for (a,) in _ARTICLES) | {"its", "his", "her", "their", "our", "my", "your", "s"}
_TOKEN = re.compile(r"[^\W\d_]+|['’]s?|[^\w\s]")  # words, possessive marks and other punctuation


class Link(NamedTuple):
    way: str  # "n" or "v": as which part of speech the words are linked
    up: int  # levels from the word up to the other (0: synonyms)


def bundled() -> Path:
    return Path(str(resources.files("cacherag") / "data" / "wordnet.tsv.gz"))


def default_cache_dir() -> Path:
    return Path(os.environ.get("CACHERAG_HOME", Path.home() / ".cacherag")) / "lexicon"


class Lexicon:
    """Read-only lookups in the WordNet table; safe to share between threads.

    ``source`` is the word list (:func:`build` writes one); its table is compiled into ``cache_dir`` the first
    time, named by the list's content, or kept in memory for the process where that directory is not writable.
    """

    def __init__(self, source: str | Path | None = None, cache_dir: str | Path | None = None) -> None:
        self.source = Path(source) if source is not None else bundled()
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()

    @cached_property
    def table(self) -> Path:
        """Where the compiled table of this word list lives."""
        try:
            digest = hashlib.sha256(self.source.read_bytes()).hexdigest()[:16]
        except OSError as exc:
            raise _unreadable(self.source, exc) from exc
        return self.cache_dir / f"wordnet-{digest}-{TABLE_VERSION}.sqlite3"

    def prepare(self) -> None:
        """Compile the table now unless a process has: done by ``cacherag load``, so that a machine's first question
        does not pay for it (about a second)."""
        self._db.execute("SELECT 1 FROM sense LIMIT 1")

    @cached_property
    def _db(self) -> sqlite3.Connection:
        # check_same_thread off: the connection only reads, and sqlite3 serializes its own calls
        try:
            db = sqlite3.connect(self.table.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
            db.execute("SELECT 1 FROM sense LIMIT 1")
            return db
        except sqlite3.Error:  # not compiled yet, or a damaged copy: compile it (again)
            pass
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=self.cache_dir, suffix=".tmp", delete=False) as handle:
                partial = Path(handle.name)
            try:
                with contextlib.closing(sqlite3.connect(partial)) as db:
                    _compile(self.source, db)
                partial.replace(self.table)  # whole or not at all, whichever process compiles it
            finally:
                partial.unlink(missing_ok=True)
            return sqlite3.connect(self.table.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
        except (OSError, sqlite3.OperationalError):  # no writable cache: this process keeps its own copy
            db = sqlite3.connect(":memory:", check_same_thread=False)
            _compile(self.source, db)
            return db

    @lru_cache(maxsize=8192)  # noqa: B019 - one lexicon per process; words recur across questions
    def lemmas(self, word: str, pos: str) -> tuple[str, ...]:
        """The dictionary forms of ``word`` as part of speech ``pos`` ("led" -> "lead", "wives" -> "wife")."""
        forms = [word, *(r[0] for r in self._db.execute("SELECT base FROM exception WHERE form=? AND pos=?",
                                                        (word, pos)))]
        forms += [word[: -len(end)] + base for end, base in _SUFFIXES[pos]
                  if word.endswith(end) and len(word) > len(end)]
        known = {r[0] for r in self._db.execute(
            f"SELECT DISTINCT lemma FROM sense WHERE pos=? AND lemma IN ({','.join('?' * len(forms))})", (pos, *forms))}
        return tuple(f for f in dict.fromkeys(forms) if f in known)

    @lru_cache(maxsize=8192)  # noqa: B019
    def senses(self, word: str, pos: str) -> frozenset[int]:
        """The synsets of ``word``'s common senses as ``pos``."""
        return self._ranked(word, pos, SENSES)

    @lru_cache(maxsize=8192)  # noqa: B019
    def kinds(self, word: str, senses: int = SENSES) -> tuple[frozenset[int], ...]:
        """The noun synsets ``word`` is in its first ``senses`` senses, by how far up: its own senses first, then what
        they are kinds of, up to HYPERNYM_DEPTH levels."""
        levels = [self._ranked(word, "n", senses)]
        seen = set(levels[0])
        for _ in range(HYPERNYM_DEPTH):
            up = self._up(levels[-1]) - seen
            seen |= up
            levels.append(frozenset(up))
        return tuple(levels)

    @lru_cache(maxsize=8192)  # noqa: B019
    def synonyms(self, word: str, pos: str) -> frozenset[str]:
        """The words sharing a common sense of ``word`` as ``pos`` ("author": writer)."""
        senses = sorted(self.senses(word, pos))
        return frozenset(r[0] for r in self._db.execute(
            f"SELECT lemma FROM sense WHERE pos=? AND synset IN ({','.join('?' * len(senses))})", (pos, *senses)))

    def links(self, word: str, other: str, classifier: bool = False, general: bool = True,
              kind_asked: bool = False, doer_asked: bool = False) -> Link | None:
        """How ``word`` names what ``other`` names, if it does: as a verb (a synonym, or one whose agent noun
        ``other`` is a synonym of — "wrote" an author), or as a noun (a synonym, the noun one of them derives
        from the other, one whose agent noun is ``other``'s — "author" is a writer, who wrote —, a kind of it,
        so many levels up, or, when ``general``, what ``other`` is a kind of). A ``classifier`` (a word for a
        category asking for one: "what *type* of film") names the kind of category ``other`` is ("genre"). Last,
        a word only ever a verb names ``other`` when it is a way of doing it ("headed": direct), one level down, or,
        where the question names ``other`` as its answers' kind (``kind_asked``), a way of doing what ``other`` in its
        main sense does ("which *actor* *portrayed* <E>"; WordNet's verb hierarchy is too coarse for more: editing
        is a kind of publishing there). Where the question asks who does it (``doer_asked``: "*who won*", "the
        *winner* of"), a way of getting names a kind of one who gets (:meth:`_gets_as`)."""
        if self.senses(word, "v") & self.senses(other, "v"):
            return Link("v", 0)
        if stem(word) != stem(other) and any(s.endswith(AGENT) and stem(s) == stem(other)
                                             for s in self.synonyms(word, "n")):
            return Link("n", 0)
        if self._derived(word, other) or self._derived(other, word) or self.derives(word, other):
            return Link("n", 0)
        if any(set(self.lemmas(other, "n")) & self.synonyms(agent, "n") for agent in (*self.agents(word),
                                                                                      *self._doers(word))):
            # a verb names its doer's noun: "wrote" an "author" (a writer), "directed" a director, "married" a spouse
            return Link("n", 0)
        if any(self.synonyms(doer, "n") & set(self._doers(other)) for doer in self._doers(word)):
            return Link("v", 0)  # verbs whose doers are one kind of person: who studies (a student) is educated
        if any(self.senses(doer, "n") & self.kinds(other)[1] for doer in self._doers(word)):
            return Link("n", 1)  # … or a kind of who does it: who studied somewhere is one of its alumni
        if doer_asked and self._gets_as(word, other):
            return Link("n", 2)  # … or one getting as it does: who won a prize is its laureate, a kind of recipient
        found = self._kind_link(word, nouns := self.senses(other, "n"))
        if found is not None:
            return found
        # a verb whose own noun is someone doing it names what that one is a kind of: who "starred" is a star,
        # an actor (one level up at most)
        found = next((Link("n", up) for noun in self._doing(word) for up, level in enumerate(self.kinds(noun)[:2])
                      if level & nouns), None)
        if found is not None:
            return found
        if classifier and self._category & self.kinds(other)[1] and self.classifies(word):
            return Link("n", 1)
        if classifier and self.classifies(word) and self._names_category(other):
            return Link("n", 1)  # "what *kind* of vehicle": its vehicle *class*, a word for a category too
        if general and self._hypernyms(other) & self.senses(word, "n"):
            return Link("n", 2)  # what the label names is a kind of the word: "offspring" for children
        if not self.lemmas(word, "n") and self._verb_kinds(word) & self.senses(other, "v"):
            # a way of doing the other, said as a verb only: "headed" a film is to direct it, "portrayed" to play
            return Link("v", 1)
        if kind_asked and not self.lemmas(word, "n") and self._kind_doers(word) & self._ranked(other, "n", 1):
            return Link("n", 1)  # a way of doing what the kind asked for does: who "portrayed" a part acted it
        return None

    def converse(self, word: str, other: str) -> Link | None:
        """How the noun ``word`` names what the noun ``other`` names the other way round, if it does: WordNet opposes
        kin nouns, and those of them no kinds of one thing are converses (a child and a parent: <A> is <B>'s child
        where <B> is <A>'s parent), unlike the kinds of one thing told apart by sex (a father and a mother, an aunt
        and an uncle). ``word`` is one side or a kind of it (a *son* is a male child), ``other`` the other side or a
        kind of it (a *father* is a parent); ``Link.up`` counts the levels of kind on both sides."""
        levels = self._converse_levels(word, other)
        return Link("n", sum(levels)) if levels is not None else None

    @lru_cache(maxsize=8192)  # noqa: B019
    def _converse_levels(self, word: str, other: str) -> tuple[int, int] | None:
        """How many levels ``word`` is a kind of one side of a converse pair, and ``other`` of the other side."""
        theirs = self.kinds(other)
        return next(((up, min(i for i, kinds in enumerate(theirs) if kinds & opposite))
                     for up, level in enumerate(self.kinds(word)) for side in sorted(level)
                     if (opposite := self._converses(side)) and any(kinds & opposite for kinds in theirs)), None)

    def converse_words(self, question: str, aliases: Mapping[str, str]) -> dict[str, int]:
        """Of ``aliases`` (stem -> label), the words naming their one-word label only the other way round ("who are
        <E>'s *children*" over "parent"), each with how many levels of kind it says more than the label's converse
        (a *son* is a kind of child, two levels down: the relation does not tell sons from daughters)."""
        said = {stem(w): w for w in normalize(question).split()}
        return {term: levels[0] for term, label in aliases.items()
                if (word := said.get(term)) is not None and len(words := written_words(label)) == 1
                and self.opposed(word) and self.links(word, words[0]) is None
                and (levels := self._converse_levels(word, words[0])) is not None}

    @lru_cache(maxsize=8192)  # noqa: B019
    def narrowing(self, word: str, other: str) -> tuple[str, ...]:
        """The words for what the kin noun ``word`` is a kind of besides what it shares with ``other``: a son is a male
        child, so "son" over "parent" (its converse) or over "child" (a kind of it) gives "male", "wife" over "spouse"
        "female" (with "woman", …): the qualities a relation's answers must have to be what ``word`` names."""
        sides = self._shared_sides(word, other)
        if not sides:
            return ()
        own = [s for s in self.senses(word, "n") if self._above(frozenset([s])) & sides]
        qualities = {q for s in own for q in self._above(frozenset([s])) - self._above(sides)
                     if not self._above(frozenset([q])) & sides}  # (what is a kind of the side says nothing more)
        return tuple(sorted({lemma for (lemma,) in self._db.execute(
            f"SELECT lemma FROM sense WHERE pos='n' AND synset IN ({','.join('?' * len(qualities))})",
            sorted(qualities))})) if qualities else ()

    def _shared_sides(self, word: str, other: str) -> frozenset[int]:
        """What ``word`` is a kind of that ``other`` names: the converse of ``other``'s side, or a sense of ``other``
        itself where the kin noun ``word`` is a kind of it (none where it is one of its senses: nothing more said)."""
        levels = self._converse_levels(word, other)
        if levels is not None:
            return self.kinds(word)[levels[0]] & frozenset().union(
                *(self._converses(o) for o in self.kinds(other)[levels[1]]))
        own, theirs = self.senses(word, "n"), self.senses(other, "n")
        if own & theirs or not self.kin(word):
            return frozenset()
        return frozenset().union(*self.kinds(word)[1:]) & theirs

    @lru_cache(maxsize=8192)  # noqa: B019
    def opposed(self, word: str) -> bool:
        """Whether the noun ``word`` names a relation with a converse (see :meth:`converse`): no one is the *parent* of
        their own parent, so a relation labelled so runs one way, however many of each a node has."""
        return any(self._converses(s) for level in self.kinds(word) for s in sorted(level))

    @lru_cache(maxsize=4096)  # noqa: B019
    def _converses(self, synset: int) -> frozenset[int]:
        """The noun senses opposed to ``synset`` as its converse: both kinds of relative, and of nothing in common
        two levels up (a father and a mother are both parents)."""
        opposed = [other for (other,) in self._db.execute("SELECT other FROM antonym WHERE synset=?", (synset,))]
        if not opposed or not self._relative(synset):
            return frozenset()
        near = self._near_kinds(synset)
        return frozenset(other for other in opposed if self._relative(other) and not near & self._near_kinds(other))

    def _near_kinds(self, synset: int) -> frozenset[int]:
        """What ``synset`` is a kind of, two levels up at most (``synset`` not included)."""
        one = self._up([synset])
        return one | self._up(one)

    @lru_cache(maxsize=4096)  # noqa: B019
    def kin(self, word: str) -> bool:
        """Whether the noun ``word`` in a common sense is a kind of relative ("son", "wife", "kids")."""
        return any(self._relative(s) for s in self.senses(word, "n"))

    def _relative(self, synset: int) -> bool:
        """Whether the noun ``synset`` is a kind of relative (a person related by blood or marriage)."""
        return bool(self._above(frozenset([synset])) & self._first_sense("relative"))

    def _kind_link(self, word: str, nouns: frozenset[int]) -> Link | None:
        """How the noun ``word`` names one of the synsets ``nouns``: in a common sense of its own, or as a kind of one,
        so many levels up — by its first sense nearer than by any other ("sister": a sibling, before a fellow member
        of a union)."""
        if self.senses(word, "n") & nouns:
            return Link("n", 0)
        return next((Link("n", up + further) for senses, further in ((1, 0), (SENSES, HYPERNYM_DEPTH))
                     for up, level in enumerate(self.kinds(word, senses)) if up and level & nouns), None)

    @lru_cache(maxsize=4096)  # noqa: B019
    def common(self, word: str) -> bool:
        """Whether English uses ``word`` as a noun or a verb in a common sense that names no one thing ("hawk", "rise";
        not "luke" nor "tobin", which WordNet knows only as an evangelist and an economist)."""
        senses = self.senses(word, "n")
        return bool(self.senses(word, "v")) or bool(senses) and not all(
            self._db.execute("SELECT 1 FROM instance WHERE synset=?", (s,)).fetchone() for s in senses)

    @lru_cache(maxsize=4096)  # noqa: B019
    def light(self, word: str) -> bool:
        """Whether the verb ``word`` is so general (:data:`LIGHT_SENSES` senses or more) that it says little of its
        own, leaving what is done to its object ("what instrument does <E> *play*", "what genres do the films *fall*
        under"), unlike a verb naming a deed ("which films did <E> *narrate*": a narrator's)."""
        return any(self._db.execute("SELECT 1 FROM light WHERE verb=?", (lemma,)).fetchone()
                   for lemma in self.lemmas(word, "v"))

    @lru_cache(maxsize=4096)  # noqa: B019
    def makes(self, verb: str, noun: str) -> bool:
        """Whether a noun English derives from the verb ``verb`` names, in a common sense, what the noun ``noun``
        does ("speak": speech, a language; "sing": a song; not "narrate" a film)."""
        said = set(self.lemmas(noun, "n"))
        return bool(said) and any(said & self.synonyms(made, "n") for made in self._derived_nouns(verb))

    @lru_cache(maxsize=8192)  # noqa: B019
    def akin(self, word: str, other: str) -> bool:
        """Whether the verbs ``word`` and ``other`` are, in common senses, ways of doing one thing ("won" and
        "received" the prize: ways of getting; not "lost"), or one a way of doing the other."""
        kinds = self._verb_kinds(word)
        return bool(kinds & (self._verb_kinds(other) | self.senses(other, "v")))

    @lru_cache(maxsize=8192)  # noqa: B019
    def same_kind(self, word: str, other: str) -> bool:
        """Whether the nouns ``word`` and ``other`` name one kind of thing in common senses: synonyms, one a kind of
        the other, or kinds of one thing in their first senses ("city" and "town": municipalities; a "country" is
        an administrative district only as the territory, a "city" only as the incorporated body)."""
        mine, theirs = self.senses(word, "n"), self.senses(other, "n")
        return bool(mine & self._above(theirs) or theirs & self._above(mine)
                    or self._up(self._ranked(word, "n", 1)) & self._up(self._ranked(other, "n", 1)))

    @lru_cache(maxsize=1024)  # noqa: B019
    def verbs_only(self, question: str) -> frozenset[str]:
        """The (stemmed) words the question says only as verbs: "who *wrote* <E>", whose stem is the noun "writer"'s,
        says no writer."""
        words = normalize(question).split()
        nouns = {stem(w) for w in words if self.lemmas(w, "n")}
        return frozenset(stem(w) for w in words if self.lemmas(w, "v") and stem(w) not in nouns)

    @lru_cache(maxsize=8192)  # noqa: B019
    def is_a(self, word: str, other: str, senses: int | None = None) -> bool:
        """Whether the noun ``word`` names, in a common sense (of its first ``senses``, when given), what ``other`` does
        in its first sense or a kind of it ("corporation", "firm"), never the other way round ("role" is a
        "character" only in a theatre)."""
        mine = self.senses(word, "n") if senses is None else self._ranked(word, "n", senses)
        return bool(self._ranked(other, "n", 1) & self._above(mine))

    def _above(self, synsets: frozenset[int]) -> frozenset[int]:
        """``synsets`` and everything they are kinds of, however far up."""
        seen, level = set(synsets), set(synsets)
        while level:
            level = self._up(level) - seen
            seen |= level
        return frozenset(seen)

    @lru_cache(maxsize=8192)  # noqa: B019
    def _verb_kinds(self, word: str) -> frozenset[int]:
        """What the common senses of the verb ``word`` are ways of doing, one level up."""
        return self._up(self.senses(word, "v"))

    @lru_cache(maxsize=8192)  # noqa: B019
    def agents(self, word: str) -> tuple[str, ...]:
        """The agent nouns English makes of the verb ``word`` ("wrote": writer, "edited": editor), as WordNet
        knows them; an auxiliary ("done": do) says no deed of its own, so it has none."""
        made = [stem_ + end for lemma in self.lemmas(word, "v") if lemma not in STOPWORDS
                for stem_, end in ((lemma, "er"), (lemma, "or"), (lemma.removesuffix("e"), "er"),
                                   (lemma.removesuffix("e"), "or"))]
        return tuple(a for a in dict.fromkeys(made) if self.senses(a, "n"))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _kind_doers(self, word: str) -> frozenset[int]:
        """The noun senses WordNet derives, sense by sense, from what the verb ``word`` is a way of doing, one level
        up ("portrayed": acting a part, and so an actor, a thespian; not any "actor", who merely acts)."""
        kinds = sorted(self._verb_kinds(word))
        return frozenset(r[0] for r in self._db.execute(
            f"SELECT noun FROM deed WHERE verb IN ({','.join('?' * len(kinds))})", kinds))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _doing(self, word: str) -> tuple[str, ...]:
        """The verb ``word``'s own nouns naming someone in a common sense ("starred": star, "coached": coach)."""
        return tuple(lemma for lemma in self.lemmas(word, "v") if lemma not in STOPWORDS
                     and self.names_people(lemma, SENSES))

    def _gets_as(self, word: str, other: str) -> bool:
        """Whether the noun ``other`` names, in its main sense, a kind of someone (two levels up at most) who gets
        something in a way of getting, as the verb ``word`` is one (or the verb the noun ``word`` names the doer
        of): a laureate is an honoree, a recipient, who receives — so "who *won* <P>" and "the *winner* of <P>"
        ask for its laureate; "who *founded* <P>" does not."""
        acts = [word, *(self._verbs_done_by(word) if self.names_people(word) else ())]
        if not self.names_people(other) or not any(map(self._gets, acts)):
            return False
        nouns = {lemma for level in self.kinds(other, 1)[1:3] for (lemma,) in self._db.execute(
            f"SELECT lemma FROM sense WHERE pos='n' AND synset IN ({','.join('?' * len(level))})", sorted(level))}
        return any(self._gets(done) for noun in sorted(nouns) for done in self._verbs_done_by(noun))

    def _gets(self, verb: str) -> bool:
        """Whether ``verb`` is, in one of its senses, a way of getting ("win", "receive", "earn")."""
        return bool(self.senses(GETTING, "v") & self._verb_kinds(verb))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _verbs_done_by(self, noun: str) -> tuple[str, ...]:
        """The verbs WordNet derives the noun ``noun`` from ("recipient": receive, "winner": win)."""
        return tuple(dict.fromkeys(row[0] for lemma in self.lemmas(noun, "n") for row in self._db.execute(
            "SELECT other FROM derivation WHERE lemma=? AND pos='n' AND other_pos='v'", (lemma,))))

    def _doer_named(self, word: str, label: str, kinds: bool = True) -> bool:
        """Whether a word of ``label`` names who does the verb ``word`` ("author" of "wrote"), or, with ``kinds``, a
        kind of them one level down ("alumni" of "study": an alumnus is a kind of student)."""
        return any(set(self.lemmas(w, "n")) & self.synonyms(doer, "n")
                   or kinds and self.senses(doer, "n") & self.kinds(w)[1]
                   for w in written_words(label) for doer in (*self.agents(word), *self._doers(word)))

    def _doer_said(self, word: str, label: str) -> bool:
        """Whether a word of ``label`` says who does the verb ``word``, as a noun or as the verb the noun is
        ("author of", "authored by" of "wrote": an author, a writer)."""
        doers = {s for doer in (*self.agents(word), *self._doers(word)) for s in self.synonyms(doer, "n")}
        return any(doers & {*self.lemmas(w, "n"), *self.lemmas(w, "v")} for w in written_words(label))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _doers(self, word: str) -> tuple[str, ...]:
        """The nouns of people WordNet derives from the verb ``word`` in its common senses ("study": student,
        "educate": educatee, educator); an auxiliary has none (whoever "has done" it is no "doer", an actor)."""
        return tuple(noun for noun in self._derived_nouns(word) if self.names_people(noun))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _derived_nouns(self, word: str) -> tuple[str, ...]:
        """The nouns WordNet derives from the verb ``word`` in its common senses ("speak": speaker, speaking,
        speech); an auxiliary has none."""
        return tuple(dict.fromkeys(row[0] for lemma in self.lemmas(word, "v") if lemma not in STOPWORDS
                                   for row in self._db.execute(
            "SELECT other FROM derivation WHERE lemma=? AND pos='v' AND other_pos='n'", (lemma,))))

    @lru_cache(maxsize=8192)  # noqa: B019
    def derives(self, word: str, other: str) -> bool:
        """Whether a verb and a noun of ``word`` and ``other`` derive from each other in their common senses
        ("published": publication, "discovered": discovery), as WordNet's derivational links say."""
        return any(self._db.execute(
            "SELECT 1 FROM derivation WHERE lemma=? AND pos=? AND other=? AND other_pos=? LIMIT 1",
            (lemma, pos, other_lemma, other_pos)).fetchone()
            for pos, other_pos in (("v", "n"), ("n", "v"))
            for lemma in self.lemmas(word, pos) for other_lemma in self.lemmas(other, other_pos))

    def _derived(self, word: str, other: str) -> bool:
        """``other`` is the noun English derives from the noun ``word`` by _DERIVED ("nation": nationality,
        "citizen": citizenship, "members": membership), as said or in their dictionary forms."""
        return any(theirs == ours + end for ours in (word, *self.lemmas(word, "n"))
                   for theirs in (other, *self.lemmas(other, "n")) for end in _DERIVED) \
            and bool(self.senses(word, "n")) and bool(self.senses(other, "n"))

    @lru_cache(maxsize=8192)  # noqa: B019
    def _hypernyms(self, word: str) -> frozenset[int]:
        """What the first REVERSE_SENSES senses of the noun ``word`` are kinds of, one level up: a word more general
        than a label names it only in the label's main senses ("music" is no name for genre, a kind of music
        in its fourth sense only)."""
        return frozenset(int(h) for lemma in self.lemmas(word, "n") for row in self._db.execute(
            "SELECT y.hypernyms FROM sense s JOIN synset y ON y.id = s.synset WHERE s.lemma=? AND s.pos='n' "
            "AND s.rank<=?", (lemma, REVERSE_SENSES)) for h in row[0].split())

    @lru_cache(maxsize=4096)  # noqa: B019
    def kinds_above(self, word: str) -> frozenset[int]:
        """What the noun ``word``, in its first sense, is directly a kind of ("father": parent)."""
        return self._up(self._ranked(word, "n", 1))

    def kind_of(self, word: str, synset: int) -> bool:
        """Whether the noun ``word``, in its first sense, is a kind of the noun ``synset``, however far up ("father":
        a relative, by way of parent, genitor, progenitor and ancestor)."""
        return synset in self._first_kinds(word)

    @lru_cache(maxsize=16384)  # noqa: B019 - a graph's every one-word relation label is asked about per kind
    def _first_kinds(self, word: str) -> frozenset[int]:
        return self._above(self._ranked(word, "n", 1))

    @lru_cache(maxsize=4096)  # noqa: B019
    def name(self, synset: int) -> str | None:
        """The one word English names the noun ``synset`` by: a lemma it is the commonest sense of, of those the one
        with the fewest other senses ("spouse" before "partner")."""
        row = self._db.execute(
            "SELECT s.lemma FROM sense s WHERE s.synset=? AND s.pos='n' ORDER BY s.rank, "
            "(SELECT COUNT(*) FROM sense o WHERE o.lemma=s.lemma AND o.pos='n'), s.lemma LIMIT 1", (synset,)).fetchone()
        return row[0] if row else None

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_people(self, word: str, senses: int = 1) -> bool:
        """Whether the noun ``word``, in one of its first ``senses`` senses, is a kind of person ("parents",
        "spouse", "actors"; "founder" in its second), however far up WordNet says so; a word it does not know
        names no people."""
        return self._kind_of(word, senses, self._person)

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_persons(self, word: str) -> bool:
        """Whether the noun ``word``, in its first sense, is a kind of person or people itself, persons together
        ("People" as a graph's class of characters, "residents"; not "country", whose second sense is its people)."""
        return self._kind_of(word, 1, self._persons)

    @cached_property
    def _persons(self) -> frozenset[int]:
        """The first senses of "person" and "people" (persons together)."""
        return self._person | self._first_sense("people")

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_agents(self, word: str, senses: int = 1) -> bool:
        """Whether the noun ``word``, in one of its first ``senses`` senses, is a kind of person or of
        organization: who does deeds ("publisher" a firm, "producer" a person, "team"), not what is done."""
        return self._kind_of(word, senses, self._person | self._organization)

    def names_someone(self, word: str) -> bool:
        """Whether the noun ``word``, in its first sense, is a kind of person, organization or living thing, or persons
        together ("Musician", "members", "human"; not "Instrument")."""
        return self.names_agents(word) or self.names_living(word)

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_no_one(self, word: str) -> bool:
        """Whether the noun ``word`` is known and in none of its common senses a person, an organization or a
        living thing ("album", "song": things; not "band", "human", "character", nor a word WordNet does not
        know, "droid")."""
        return bool(self.senses(word, "n")) and not self._kind_of(
            word, SENSES, self._person | self._organization | self._organism)

    @lru_cache(maxsize=4096)  # noqa: B019
    def alike_as_someone(self, word: str, other: str) -> bool:
        """Whether the nouns ``word`` and ``other``, in common senses, both name living things (persons are:
        "composer" and "human", a hominid) or both organizations ("company" and "manufacturer"), however
        differently WordNet files them below that ("drummer" and "band" are not alike); "people" names persons."""
        def living(noun: str) -> bool:
            return self._kind_of(noun, SENSES, self._organism) or self.names_persons(noun)

        return living(word) and living(other) or \
            self._kind_of(word, SENSES, self._organization) and self._kind_of(other, SENSES, self._organization)

    @cached_property
    def _organism(self) -> frozenset[int]:
        """The first sense of "organism" (a living thing): what a human or a creature is."""
        return self._first_sense("organism")

    @lru_cache(maxsize=4096)  # noqa: B019
    def says_being(self, word: str) -> bool:
        """Whether the verb ``word``, in its first sense, means being, seeming or having, or is a kind of one
        ("appear": seem, "feature": have, "belong": be): it says that a relation holds, not which one."""
        first = self._ranked(word, "v", 1)
        return bool((first | self._up(first)) & self._being)

    def says_relating(self, word: str) -> bool:
        """Whether the verb ``word``, in its first sense, means relating things, in any voice ("associated",
        "linked", "related"): "which diseases is <E> *associated* with" says a relation holds, not which one."""
        return bool(self._ranked(word, "v", 1) & self._relating)

    @cached_property
    def _relating(self) -> frozenset[int]:
        return frozenset(self.senses("relate", "v"))

    @cached_property
    def _being(self) -> frozenset[int]:
        return frozenset().union(*(self.senses(w, "v") for w in ("be", "have", "seem", "exist")))

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_beings(self, word: str) -> bool:
        """Whether the noun ``word``, in a common sense, is a kind of living thing, person or group ("human",
        "species", "band"; not "film", "starship", "album"): what comes from somewhere."""
        return self._kind_of(word, SENSES, self._organism | self._person | self._first_sense("group"))

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_anyone(self, word: str) -> bool:
        """Whether the noun ``word``, in its first sense, is the most general word for someone: a person, people, a
        human, a living thing ("individuals", "humans"; not "poet", a kind of person)."""
        return bool(self._ranked(word, "n", 1) & (self._persons | self._organism | self._first_sense("human")))

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_living(self, word: str) -> bool:
        """Whether the noun ``word``, in its first sense, is a kind of living thing or of person, or persons together
        ("human", "musician", "people"; not "company", "species")."""
        return self._kind_of(word, 1, self._organism | self._person) or self.names_persons(word)

    @lru_cache(maxsize=4096)  # noqa: B019
    def someone_not_place(self, word: str) -> bool:
        """Whether the noun ``word`` names a living thing or a person, in its first sense or in a common one where
        none of its common senses is a place or an organization ("character": a fictional person; not "country",
        whose second sense is its people, nor "company", in one sense a band of people): what no "where" asks for."""
        return self.names_living(word) or self._kind_of(word, SENSES, self._organism | self._person) \
            and not self.names_place(word) and not self._kind_of(word, SENSES, self._organization)

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_place(self, word: str) -> bool:
        """Whether the noun ``word``, in a common sense, is a kind of location or of heavenly body ("city", "country",
        "planet"): what one comes from."""
        return self._kind_of(word, SENSES, self._places)

    @cached_property
    def _places(self) -> frozenset[int]:
        """The first sense of "location", and what a planet is a kind of (a heavenly body; WordNet's lemmas of many
        words are not compiled in)."""
        return self._first_sense(LOCATION) | self._up(self._first_sense("planet"))

    def timed(self, label: str) -> bool:
        """Whether a relation's label says a time: a time word ("release *year*"), or a word for a kind of date
        ("birthday")."""
        return bool(set(terms(label)) & TIME_WORDS) or any(self._kind_of(w, SENSES, self._date)
                                                           for w in written_words(label))

    @cached_property
    def _date(self) -> frozenset[int]:
        """The first sense of "date" (the day of the month, the year): what a birthday is, in one of its senses."""
        return self._first_sense("date")

    @lru_cache(maxsize=4096)  # noqa: B019
    def names_unit(self, word: str) -> bool:
        """Whether the noun ``word``, in its first sense, is a unit of measurement ("centimeters", "kg"); a verb's
        inflected form is none ("who *won*": win, not the currency)."""
        verbs = set(self.lemmas(word, "v"))
        return self._kind_of(word, 1, self._unit) and not (verbs and verbs.isdisjoint(self.lemmas(word, "n")))

    def _kind_of(self, word: str, senses: int, roots: frozenset[int]) -> bool:
        """Whether one of the first ``senses`` senses of the noun ``word`` is one of ``roots``, however far up."""
        return bool(self._above(self._ranked(word, "n", senses)) & roots)

    def _ranked(self, word: str, pos: str, senses: int) -> frozenset[int]:
        """The synsets of the first ``senses`` senses of ``word`` as part of speech ``pos``."""
        return frozenset(r[0] for lemma in self.lemmas(word, pos) for r in self._db.execute(
            "SELECT synset FROM sense WHERE lemma=? AND pos=? AND rank<=?", (lemma, pos, senses)))

    def _up(self, synsets: Iterable[int]) -> frozenset[int]:
        """What ``synsets`` are kinds of (nouns) or ways of doing (verbs), one level up."""
        return frozenset(int(h) for s in synsets for row in self._db.execute(
            "SELECT hypernyms FROM synset WHERE id=?", (s,)) for h in row[0].split())

    def _first_sense(self, lemma: str) -> frozenset[int]:
        return frozenset(r[0] for r in self._db.execute(
            "SELECT synset FROM sense WHERE lemma=? AND pos='n' AND rank=1", (lemma,)))

    @cached_property
    def _person(self) -> frozenset[int]:
        """The first sense of "person" (individual, someone, somebody, mortal): what every kind of person is."""
        return self._first_sense("person")

    @cached_property
    def _unit(self) -> frozenset[int]:
        """The first sense of "unit" (unit of measurement): what a centimeter or a kilogram is."""
        return self._first_sense("unit")

    @cached_property
    def _organization(self) -> frozenset[int]:
        """The first sense of "organization" (a group of people who work together): firms, teams, institutions."""
        return self._first_sense("organization")

    def _names_category(self, word: str) -> bool:
        """Whether the noun ``word`` says a category itself: a kind of one ("type", "genre") or, in a common sense, a
        synonym of the word ("class")."""
        return self.classifies(word) or "category" in self.synonyms(word, "n")

    def classifies(self, word: str, senses: int = SENSES) -> bool:
        """Whether the noun ``word`` is a word for a category in one of its first ``senses`` senses: "kind" itself or
        a kind of it ("type", "sort")."""
        kinds = self.kinds(word, senses)
        return bool(self._category & (kinds[0] | kinds[1]))

    @cached_property
    def _category(self) -> frozenset[int]:
        """The sense of "kind" (kind, sort, form, variety): what a genre or a style is a kind of."""
        return self.senses("kind", "n")

    @lru_cache(maxsize=8192)  # noqa: B019
    def _label_verbs(self, label: str) -> frozenset[str]:
        """The words of a relation label said as verbs: an inflected verb before a preposition ("*works* for",
        "*lives* in"), which no noun of the same spelling names ("publications" are works, but no one's employer)."""
        words = normalize(label).split()
        return frozenset(w for w, after in itertools.pairwise(words) if after in _NOT_BY | {"by", "to"}
                         and (forms := self.lemmas(w, "v")) and w not in forms)

    def aliases(self, question: str, labels: Sequence[str], understood: Collection[str],
                asked: Iterable[str] = (), phrases: Sequence[Iterable[str]] | None = None,
                taught: Mapping[str, Collection[str]] | None = None,
                joined: Collection[str] = ()) -> dict[str, str]:
        """Question word (stemmed, as :func:`terms` spells it) -> the one relation label it names by another
        word.

        ``understood`` are the (stemmed) words the question needs no lexicon for: the labels' own words, the
        entity's name, words remembered questions say (history knows better than a dictionary what a word
        means in this domain: "words" asks for tags there, not languages). The lexicon only completes what is
        otherwise understood: a word is read as a relation only when every other word of its relation phrase
        (``phrases``, stemmed; the whole question when they are not known) is placed — "who *composed* the
        *music* of <E>" gets no alias, compose being a synonym of write; a noun saying what kind of things are meant
        is placed (see :meth:`kind_nouns`). ``asked`` are the (stemmed) words of
        the noun the wh-word asks for: a verb saying the relation that noun names says it once more ("the
        *director* who *led* <E>"), not a second hop. ``taught`` are, per label, words as questions wrote them that
        history taught name it ("describe": has tags), which English links name it as the label's own words do
        ("description"), standing for it alone. ``joined`` are the labels of relations joining others of a kind
        (see :attr:`cacherag.tools.graph_view.GraphView.unions`): named by a word of their own sense only, never by
        a kind of it — an uncle is a relative, yet neither the sibling nor the spouse the graph joins as relatives.
        """
        said, asked, kinds = set(terms(question)), set(asked), self.kind_nouns(question)
        literal = set(said)  # what a word modifying another is beside: "when was <E> *first* released" is no birth
        when = _WHEN.search(question) is not None
        if when:
            said |= TIME_WORDS  # beside "when", a time word of the label is said: "when published" (release year)
        if _WHERE.match(question):
            said |= PLACE_WORDS  # beside "where", a place word is: "where is <E> headquartered" (headquarters location)
        words = normalize(question).split()
        # A word for a category asks for one before "of" ("what *type* of film") or when said of something
        # ("what *types* are the films …").
        of_what = {w for w, after in itertools.pairwise(words) if after == "of"}
        sorting = set(of_what)
        # … not said of a name, where a relation has the word for its label ("the *description* of the Seafood
        # category" is that relation's value, not Seafood's kind)
        of_names = {w for w in sorting if re.search(rf"\b(?i:{re.escape(w)})\s+(?i:of)\s+(?:(?i:the|an?)\s+)?[A-Z0-9]",
                                                    question)}
        sorting -= {w for w in of_names if any(len(kept := written_words(label)) == 1 and stem(kept[0]) == stem(w)
                                               for label in labels)}
        # … nor, said of a name, by a word a category only in a rare sense: "the short *description* of Wren" is its
        # text, not its kind
        classifiers = {w for w in sorting if w not in of_names or self.classifies(w, MAIN_SENSES)} | {
            w for before, w, after in zip(words, words[1:], words[2:], strict=False)
            if before in _WH and after in _COPULAS}
        # A word before another content word may only modify it ("the *principal* language"): no head noun.
        modifiers = {w for w, after in itertools.pairwise(words) if after.isalpha() and after not in STOPWORDS}
        # … unless part of a name ("the *Halvard* Prize"): a capitalized word after the first
        capitalized = {normalize(w) for w in question.split()[1:] if w[:1].isupper()}
        found: dict[str, str | None] = {}  # stem -> the label it names (None: placed, named nothing new)
        unplaced: dict[str, str] = {}  # stem -> the word as said
        timed_labels = [label for label in labels if self.timed(label)] if when else []
        # A verb of being said right after a noun, with no article, is the verb ("which films *feature* <E>"),
        # however its noun ("a feature": a film) would name a relation.
        being = {w for before, w in itertools.pairwise(words)  # (not one someone doing it is named by: a "star")
                 if before not in _DETERMINERS and before not in _WH and self.says_being(w) and not self._doing(w)}
        # the question's words of its own (not the name's, nor function words), which may say a label's verb
        own = [w for w in words if w not in STOPWORDS and stem(w) not in FUNCTION_TERMS and stem(w) not in understood]
        # "how many *people* live in <E>": what is counted may be named by the number a relation holds (its
        # population), however well the graph knows the word as a class's
        counted = {w for before, w in itertools.pairwise(words) if before == "many" and _HOW_MANY.search(question)
                   and not self._said_in(w, labels)}  # not a label's own word ("pages": number of pages)
        verb = words[-1] if words and _AUXILIARY_OPENS.match(question) else None
        # who does it is asked: the verb right after "who" ("*who won* <P>"), or a noun naming them ("the *winner*")
        doers = {w for before, w in itertools.pairwise(words) if before in _WHO} \
            | {w for w in words if self.names_people(w) and not self.lemmas(w, "v")}
        before_preposition = {w: after in _NOT_BY for w, after in itertools.pairwise(words)}
        for word in dict.fromkeys(words):
            term = stem(word)
            if len(word) < 3 or not word.isalpha() or word in STOPWORDS or term in FUNCTION_TERMS or term in found \
                    or word in being:
                continue
            if self.names_unit(word):
                continue  # a unit says what the values are counted in, no relation ("the height *in cm*")
            if term in understood and word not in counted:
                # Asked when, a word naming only relations without a time names the one with a time English
                # derives it from ("when was <E> *published*": the publication date, not the publisher), or from
                # a synonym of it (the release date)
                own = {label for label in labels if term in terms(label)} if timed_labels else set()
                if own and not own & set(timed_labels):
                    timed = [label for label in timed_labels if any(self.derives(word, w) for w in written_words(label))
                             ] or self._timed_by_kin(word, timed_labels)
                    if len(timed) == 1:
                        found[term] = timed[0]
                # (however a label of its own says the word: "type")
                if word in sorting and len(sorted_by := self._sorted_by(word, labels, said)) == 1:
                    found[term] = sorted_by[0]
                continue
            # (a word first of all for a category: nearer than a label saying another kind of thing's, "type of
            # union"; not "the *colour* of", a category in a rarer sense)
            if word in sorting and self._category & (self.kinds(word, 1)[0] | self.kinds(word, 1)[1]) \
                    and len(sorted_by := self._sorted_by(word, labels, said, first_sense=True)) == 1:
                found[term] = sorted_by[0]
                continue
            # A word history taught links only as itself: a synonym, a noun derived from it — the kinds above such
            # words, often light verbs and vague nouns ("act", "type"), are far from naming the relation; and a light
            # verb links to none: who "made" a film may have written, directed or produced it.
            light = self.light(word)
            if light and before_preposition.get(word):
                # "what is <E> *made of*", "made in": what it is of, or where, not who made it ("made by") — a word
                # left unplaced, as one naming nothing the graph has
                unplaced[term] = word
                continue
            by_history = {label: link for label, words in (taught or {}).items() if not light and (
                link := min((k for w in words if (k := self.links(word, w)) and not k.up), default=None))}
            # A noun saying what kind of things are meant ("which *person* …") is no more general name of a relation;
            # nor is a light verb another verb of a label (to "take" is to direct, in one of its many senses).
            named = {label: min(ways) for label in labels
                     if (ways := [link for w in written_words(label)
                                  if (link := self.links(word, w, word in classifiers, term not in kinds,
                                                         stem(w) in asked, word in doers))
                                  and not (link.way == "v" and light)
                                  and not (link.way == "n" and w in self._label_verbs(label))]
                         + ([by_history[label]] if label in by_history else []))}
            named = {label: link for label, link in named.items() if label not in joined or not link.up}
            # … or one it names the other way round, more nearly than any it names as it is ("<E>'s *children*" are
            # those <E> is the parent of, nearer than persons, a kind of which they are) — said of something, not as
            # the kind of things meant ("which *girl* is …" asks for no one's daughter)
            nearest_up = min((link.up for link in named.values()), default=None)
            if (nearest_up is None or nearest_up > 0) and self.opposed(word) and _said_of(question, word):
                # (a relation joining others names its converse's kinds too: a *son* is one whose parent <E> is)
                converse = {label: Link("n", sum(levels)) for label in labels if len(kept := written_words(label)) == 1
                            and (levels := self._converse_levels(word, kept[0])) and (label not in joined
                                                                                       or not levels[1])}
                if converse and (nearest_up is None or min(link.up for link in converse.values()) < nearest_up):
                    named = converse
            if word in modifiers or word in of_what:
                # a word said before a noun is read in its common senses only: the "*real* name" is no coin, a kind of
                # specie (species) in a rare sense of the noun; so is the noun a relation is asked by, "the main
                # *religion* of <E>" being no organization (an institution, in a rarer sense), nor "the short
                # *description* of <E>" a category
                named = {label: link for label, link in named.items() if link.up <= HYPERNYM_DEPTH}
            doer = {label: link for label, link in named.items() if self._doer_said(word, label)}
            if not when and doer:
                # not asked when, a verb names the relation its doer is ("author of", "authored by"), not a date or
                # a venue: "who *wrote* <E>", "which books did <E> *write*" ask for the author, not when or where
                # it was published, writing being publishing in one sense — by its noun where the graph says both
                # ways (the same relation either way round)
                named = {label: link for label, link in doer.items() if len(written_words(label)) == 1
                         and self._doer_named(word, label, kinds=False)} or doer
            if term in kinds and any(link.way == "n" for link in named.values()):
                # a word a wh-word asks for is read as the noun it can be: "which *prizes*" is no verb "value"
                # (and "which *led* <E>", where the noun LED names nothing, the verb)
                named = {label: link for label, link in named.items() if link.way == "n"}
            elif word == verb:
                # the verb ending a question its auxiliary opens: "where did <E> *study*" (educated), no work — nor,
                # where no verb names one, the work a noun "study" is in a sense of its own: the label its doer is
                # ("alumni of": an alumnus, a kind of student)
                verbs = {label: link for label, link in named.items() if link.way == "v"}
                named = verbs or {label: link for label, link in named.items() if self._doer_named(word, label)}
            # The nearest link decides ("faith" is religion itself, and religion a kind of institution).
            nearest = [label for label, link in named.items() if link.up == min(n.up for n in named.values())]
            if when and len(timed := [label for label in nearest if self.timed(label)]) == 1:
                nearest = timed  # "when" asks for a time: "when published" is the release year, not the writer
            elif when and not timed and len(timed := self._timed_by_kin(word, timed_labels)) == 1:
                named, nearest = {timed[0]: Link("v", 0)}, timed
            if not named and (term in kinds or word in modifiers and word not in capitalized):
                continue  # placed: it says what kind of things are meant ("the *movies* directed by"), or how
                # what follows it is ("*first* published")
            head = word not in modifiers and not self.lemmas(word, "v")  # a noun heading its phrase, no verb
            others = [w for w in own if w != word]
            if len(nearest) > 1:  # of labels named alike, the one another word of which is said: "the *eye* colour",
                # or done the like of ("which *prizes* did <E> *win*": the award received, not the award statement)
                beside = [label for label in nearest if {stem(w) for w in written_words(label)} & said
                          or self._said_by_kin(label, others, verbs_only=True)]
                nearest = beside if len(beside) == 1 else nearest
            if len(nearest) > 1:  # … else the one word English derives it from: "located" the location, no birth
                # place (not any one-word label: an "area" is a country as much as a region)
                whole = [label for label in nearest if len(words := written_words(label)) == 1
                         and self.derives(word, words[0])]
                nearest = whole if len(whole) == 1 else nearest
            if len(nearest) > 1 and (word in doers or self._doing(word)):  # … else, asked who does it, or said by a
                # verb whose own noun is one doing it ("the films <E> *starred* in": a star, an actor, no "performance
                # actor"), the one whose words the others all hold: "who *won*" the laureate, no "laureate award" (not
                # "the *area* of <E>" its "country" beside "country of citizenship", a kind of area as both are)
                whole = [label for label in nearest
                         if all(set(written_words(label)) <= set(written_words(other)) for other in nearest)]
                nearest = whole if len(whole) == 1 else nearest
            if len(nearest) > 1 and word in sorting:  # … else, said before "of", the one said so too ("*part* of
                # <E>": a member of it, no cast member)
                said_of = [label for label in nearest if normalize(label).split()[-1:] == ["of"]]
                nearest = said_of if len(said_of) == 1 else nearest
            # (a word history taught stands for its relation alone: the label's other words need not be said)
            if len(nearest) != 1 or not ((label := nearest[0]) in by_history or self._beside(
                    label, said | self._said_by_kin(label, others), head)):
                unplaced[term] = word
            elif word in modifiers and not self._beside(label, literal, head):
                found[term] = None  # placed beside the time words "when" adds, but naming none of its own
            elif named[label].way == "n" or not {stem(w) for w in written_words(label)} <= asked:
                found[term] = label
            else:
                found[term] = None
        # A verb doing what a named relation's verb does is placed beside it ("which *prizes* did <E> *win*": the
        # award received, winning and receiving being ways of getting).
        named_words = [w for label in found.values() if label is not None for w in written_words(label)]
        left = {term for term, word in unplaced.items() if not any(self.akin(word, w) for w in named_words)}
        groups = [set(p) for p in phrases] if phrases is not None else [said]
        # (a word of no relation phrase names none: "the *movie* <E>" says what kind of thing the topic is)
        return {term: label for term, label in found.items() if label is not None
                and any(term in group for group in groups) and not any(term in group and group & left
                                                                       for group in groups)}

    def _sorted_by(self, word: str, labels: Sequence[str], said: set[str], first_sense: bool = False) -> list[str]:
        """The labels a category word asking for one of a noun said with it may name: the relation saying that noun's
        category, the one with that noun ("what *type* of starship": its *starship* class, beside a "model"), else
        one word saying a category alone ("what *kind* of film": its genre), not the word's own label; none for a
        word saying no category (nor "what *genre* is <E>": its own relation). With ``first_sense``, of several such
        words one a category in its first sense (a genre, not a "description", one only in a rare sense)."""
        if not self.classifies(word):
            return []
        alone = [label for label in labels if len(kept := written_words(label)) == 1
                 and stem(kept[0]) != stem(word) and self._names_category(kept[0])]
        first = [label for label in alone if self._category & self.kinds(written_words(label)[0], 1)[1]]
        return [label for label in labels if len(kept := written_words(label)) > 1
                and any(map(self._names_category, kept)) and self._beside(label, said, head=False)
                ] or (first if first_sense and len(first) == 1 else alone)

    def kind_nouns(self, question: str, topic: tuple[int, int] | None = None) -> frozenset[str]:
        """The (stemmed) nouns the question says what kind of things it means with, not which relation: a noun a
        wh-word asks for ("which *films* did …") or a plural one heading its phrase ("the *movies* starred by
        <E>", "<E> acted *films*"). A noun before "of" or after a possessive names a relation ("the *budget* of
        <E>", "<E>'s *children*"), as does one said to be something ("what *genre* is <E>", "what *types* are
        the films …"); a singular one may modify the noun after it ("the *death* date"). ``topic`` is the span
        of the entity's name, whose words are no nouns of the question's."""
        if topic is not None:
            question = f"{question[:topic[0]]} @ {question[topic[1]:]}"
        tokens = _TOKEN.findall(question.lower())
        found = set()
        for i, word in enumerate(tokens):
            after = tokens[i + 1:i + 3]
            if len(word) < 3 or not word.isalpha() or word in STOPWORDS or after[:1] == ["of"] \
                    or (after[:1] and after[0] in _COPULAS and after[1:] in ([], ["@"], *_ARTICLES)):
                continue
            before = tokens[i - 1] if i else ""
            if before.startswith(("'", "’")):
                continue
            lemmas = self.lemmas(word, "n")
            if lemmas and (before in _WH or word not in lemmas):
                found.update(terms(word))
        return frozenset(found)

    def _said_in(self, word: str, labels: Sequence[str]) -> bool:
        """Whether the noun ``word`` is, as a dictionary word, a word of one of the ``labels`` ("pages": number of
        pages; "people" is no "person", which stems alike)."""
        lemmas = set(self.lemmas(word, "n")) or {word}
        return any(lemmas & (set(self.lemmas(w, "n")) or {w}) for label in labels for w in written_words(label))

    def _timed_by_kin(self, word: str, timed_labels: Sequence[str]) -> list[str]:
        """The labels with a time whose noun English derives from a synonym of the verb ``word`` ("when was <E>
        *issued*": publish, and so the publication date)."""
        kin = self.synonyms(word, "v") if self.lemmas(word, "v") else frozenset()
        return [label for label in timed_labels if any(self.derives(verb, w) for verb in kin
                                                       for w in written_words(label))]

    def _said_by_kin(self, label: str, words: Sequence[str], verbs_only: bool = False) -> set[str]:
        """The label's words a verb of ``words`` does the like of ("win" says "received"); with ``verbs_only``, of
        its words only ever verbs (not "film" and "style", which are nouns too)."""
        return {stem(w) for w in written_words(label) if not (verbs_only and self.lemmas(w, "n"))
                and any(self.akin(word, w) for word in words)}

    def _beside(self, label: str, said: set[str], head: bool = True) -> bool:
        """Whether the question says the label's other words (every word of a label but the one replaced) — but
        for words that are no nouns, when the word is a noun heading its phrase (``head``): "the *players* in
        <E>" need not say "starred", which only modifies the actors, while "the *reason* of <E>" is no "cause
        of death"."""
        unsaid = [w for w in written_words(label) if stem(w) not in said]
        return len(unsaid) <= 1 or head and sum(bool(self.lemmas(w, "n")) for w in unsaid) <= 1


def said_as_had(question: str, text: str) -> bool:
    """Whether ``question`` says ``text`` as what something has: "…'s <text>", "<text> of …"."""
    said = re.escape(text)
    return re.search(rf"['’]s?\s+{said}\b|\b{said}\s+of\b", question, re.IGNORECASE) is not None


def _said_of(question: str, word: str) -> bool:
    """Whether ``question`` says ``word`` of something: as what something has (:func:`said_as_had`), after "whose",
    or as what "does <E> have" ("<E>'s *children*", "whose *child*", "the *son* of", "how many *children* does <E>
    have")."""
    said = re.escape(word)
    return said_as_had(question, word) or re.search(
        rf"\bwhose\s+{said}\b|\b{said}\s+(?:does|do|did)\s+.+\s+(?:have|has|had)\s*[?.!]?\s*$", question,
        re.IGNORECASE) is not None


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The bundled lexicon, opened once per process."""
    return Lexicon()


@lru_cache(maxsize=4096)
def written_words(label: str) -> tuple[str, ...]:
    """The label's words as written, less function words ("directed by" -> "directed")."""
    from cacherag.nodes.reasoners.grounding import label_words  # the meaningful words, as grounding reads them

    meaningful = set(label_words(label))
    said = normalize(label).split()
    # "<kind> has <relation>" names the relation by what follows "has": the kind is its subject's ("disease has
    # location": a location)
    if (had := next((i for i, w in enumerate(said) if w in ("has", "have") and i), None)) is not None:
        said = said[had + 1:]
    return tuple(w for w in said if stem(w) in meaningful and w.isalpha())


# -- the word list: built from WordNet's files, compiled into the lookup table -------------------------------
def build(wordnet_dir: str | Path, out: str | Path) -> None:
    """Write the word list from a WordNet 3.0 database directory (``data.noun``, ``index.verb``, ``noun.exc``, …;
    Debian's ``wordnet-base`` installs one in /usr/share/wordnet): one-word lemmas of nouns and verbs with their
    first :data:`SENSES` senses (and the kinds of person a noun names said with "person", see
    :func:`_said_of_someone`), the hypernyms of noun senses (and the heads of compounds, see
    :func:`_compound_heads`) and of those verb senses, the exception lists, which verb and noun derive from
    each other in those senses ("publish": publication), which noun senses are one named thing (an instance:
    Luke the evangelist), and which common noun senses WordNet opposes (a child and a parent)."""
    source = Path(wordnet_dir)
    senses = {pos: list(_senses(source / f"index.{_FILES[pos]}", pos)) for pos in POS}
    synsets = {pos: list(_synsets(source / f"data.{_FILES[pos]}", pos)) for pos in POS}
    lines: list[str] = []
    for pos in POS:
        lines += (f"{lemma}\t{pos}\t{rank}\t{synset}" for lemma, pos, rank, synset in senses[pos] if rank <= SENSES)
        lines += (f"!{form}\t{pos}\t{base}" for form, pos, base in _exceptions(source / f"{_FILES[pos]}.exc", pos))
    kinds = {synset: [_synset_id(offset, "n") for symbol, offset, to, _ in pointers
                      if symbol in ("@", "@i") and to == "n"] for synset, _, pointers in synsets["n"]}
    heads = _compound_heads(source / "index.adj", synsets["n"], senses["n"], kinds)
    lines += (f"{word}\tn\t{SENSES}\t{synset}" for word, synset in _said_of_someone(synsets["n"], senses["n"], kinds))
    lines += (f"@{synset}\t{' '.join(map(str, up))}" for synset, direct in kinds.items()
              if (up := direct + heads.get(synset, [])))
    common = {(lemma, synset) for pos in POS for lemma, _, rank, synset in senses[pos] if rank <= SENSES}
    # a verb's common senses, one level up: what kind of doing or being they are ("belong": be)
    said = {synset for _, synset in common}
    lines += (f"@{synset}\t{' '.join(map(str, up))}" for synset, _, pointers in synsets["v"] if synset in said
              and (up := [_synset_id(offset, "v") for symbol, offset, to, _ in pointers
                          if symbol == "@" and to == "v"]))
    lines += sorted({"+" + "\t".join(pair) for pair in _derivations(synsets, common)})
    lines += sorted(f"#{lemma}" for lemma, count in _sense_counts(source / "index.verb") if count >= LIGHT_SENSES)
    # the noun senses that are one named thing, an instance of a kind (Luke the evangelist, Tobin the economist)
    lines += (f"%{synset}" for synset, _, pointers in synsets["n"] if synset in said
              and any(symbol == "@i" for symbol, *_ in pointers))
    # the noun senses WordNet opposes, each common (a child and a parent; a wife and a husband)
    lines += sorted({f"^{synset}\t{other}" for synset, _, pointers in synsets["n"] if synset in said
                     for symbol, offset, to, _ in pointers
                     if symbol == "!" and to == "n" and (other := _synset_id(offset, "n")) in said})
    # which nouns a common verb sense's deed derives, sense by sense ("act" a part: an actor, a thespian)
    lines += sorted({f"={verb}\t{noun}" for verb, _, pointers in synsets["v"] if verb in said
                     for symbol, offset, to, _ in pointers
                     if symbol == "+" and to == "n" and (noun := _synset_id(offset, "n")) in said})
    # mtime 0: the same WordNet gives the same bytes, and so the same compiled table's name
    with gzip.GzipFile(out, "wb", compresslevel=9, mtime=0) as handle:
        handle.write(("\n".join(lines) + "\n").encode())


def _compile(source: Path, db: sqlite3.Connection) -> None:
    """Load the word list into ``db``'s lookup tables."""
    senses: list[tuple[str, str, int, int]] = []
    hypernyms: list[tuple[int, str]] = []
    exceptions: list[tuple[str, str, str]] = []
    derivations: list[tuple[str, str, str, str]] = []
    deeds: list[tuple[int, int]] = []
    light: list[tuple[str]] = []
    instances: list[tuple[int]] = []
    antonyms: list[tuple[int, int]] = []
    try:
        with gzip.open(source, "rt", encoding="utf-8") as lines:
            for line in lines:
                fields = line.rstrip("\n").split("\t")
                if line.startswith("@"):
                    hypernyms.append((int(fields[0][1:]), fields[1]))
                elif line.startswith("!"):
                    exceptions.append((fields[0][1:], fields[1], fields[2]))
                elif line.startswith("+"):
                    derivations.append((fields[0][1:], fields[1], fields[2], fields[3]))
                elif line.startswith("="):
                    deeds.append((int(fields[0][1:]), int(fields[1])))
                elif line.startswith("#"):
                    light.append((fields[0][1:],))
                elif line.startswith("%"):
                    instances.append((int(fields[0][1:]),))
                elif line.startswith("^"):
                    antonyms.append((int(fields[0][1:]), int(fields[1])))
                else:
                    senses.append((fields[0], fields[1], int(fields[2]), int(fields[3])))
    except (OSError, EOFError, ValueError, IndexError) as exc:  # gzip.BadGzipFile is an OSError
        raise _unreadable(source, exc) from exc
    db.executescript("""
        CREATE TABLE sense (lemma TEXT NOT NULL, pos TEXT NOT NULL, rank INTEGER NOT NULL, synset INTEGER NOT NULL);
        CREATE TABLE synset (id INTEGER PRIMARY KEY, hypernyms TEXT NOT NULL);
        CREATE TABLE exception (form TEXT NOT NULL, pos TEXT NOT NULL, base TEXT NOT NULL);
        CREATE TABLE derivation (lemma TEXT NOT NULL, pos TEXT NOT NULL, other TEXT NOT NULL, other_pos TEXT NOT NULL);
        CREATE TABLE deed (verb INTEGER NOT NULL, noun INTEGER NOT NULL);
        CREATE TABLE light (verb TEXT PRIMARY KEY);
        CREATE TABLE instance (synset INTEGER PRIMARY KEY);
        CREATE TABLE antonym (synset INTEGER NOT NULL, other INTEGER NOT NULL);
    """)
    db.executemany("INSERT INTO sense VALUES (?, ?, ?, ?)", senses)
    db.executemany("INSERT INTO synset VALUES (?, ?)", hypernyms)
    db.executemany("INSERT INTO exception VALUES (?, ?, ?)", exceptions)
    db.executemany("INSERT INTO derivation VALUES (?, ?, ?, ?)", derivations)
    db.executemany("INSERT INTO deed VALUES (?, ?)", deeds)
    db.executemany("INSERT INTO light VALUES (?)", light)
    db.executemany("INSERT INTO instance VALUES (?)", instances)
    db.executemany("INSERT INTO antonym VALUES (?, ?)", antonyms)
    db.executescript("""
        CREATE INDEX sense_lemma ON sense (lemma, pos, rank);
        CREATE INDEX sense_synset ON sense (synset, pos);
        CREATE INDEX exception_form ON exception (form, pos);
        CREATE INDEX derivation_lemma ON derivation (lemma, pos);
        CREATE INDEX deed_verb ON deed (verb);
        CREATE INDEX antonym_synset ON antonym (synset);
    """)
    db.commit()


def _unreadable(source: Path, exc: Exception) -> ConfigurationError:
    return ConfigurationError(f"the WordNet word list {source} is missing or unreadable ({exc}); reinstall cacherag, "
                              "or turn the lexicon off (use_lexicon=False)")


def _synset_id(offset: str, pos: str) -> int:
    return int(offset) * 2 + POS.index(pos)


def _senses(index: Path, pos: str) -> Iterable[tuple[str, str, int, int]]:
    """index.<pos> lines: lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…"""
    for line in index.read_text(encoding="latin-1").splitlines():
        if line.startswith(" ") or "_" in line.split(" ", 1)[0]:
            continue
        fields = line.split()
        pointers = int(fields[3])
        for rank, offset in enumerate(fields[4 + pointers + 2:], start=1):
            yield fields[0], pos, rank, _synset_id(offset, pos)


def _sense_counts(index: Path) -> Iterable[tuple[str, int]]:
    """index.<pos> lines: each one-word lemma and how many senses it has."""
    for line in index.read_text(encoding="latin-1").splitlines():
        if not line.startswith(" ") and "_" not in (fields := line.split())[0]:
            yield fields[0], int(fields[2])


def _synsets(data: Path, pos: str) -> Iterable[tuple[int, list[str], list[tuple[str, str, str, str]]]]:
    """data.<pos> lines: offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (symbol offset pos source/target)…:
    each synset's id, its words (lower case) and its pointers (symbol, offset, part of speech, source/target)."""
    for line in data.read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split(" | ", 1)[0].split()
        count = int(fields[3], 16)
        at = 4 + 2 * count
        pointers = [(fields[at + 1 + 4 * i], fields[at + 2 + 4 * i], fields[at + 3 + 4 * i], fields[at + 4 + 4 * i])
                    for i in range(int(fields[at]))]
        yield _synset_id(fields[0], pos), [fields[4 + 2 * i].lower() for i in range(count)], pointers


def _derivations(synsets: dict[str, list[tuple[int, list[str], list[tuple[str, str, str, str]]]]],
                 common: set[tuple[str, int]]) -> Iterable[tuple[str, str, str, str]]:
    """Which verb and noun derive from each other (WordNet's pointer ``+``), each in one of its ``common`` senses
    (word, synset): the word, its part of speech, the other word and its part of speech."""
    words = {synset: names for pos in POS for synset, names, _ in synsets[pos]}
    for pos in POS:
        for synset, names, pointers in synsets[pos]:
            for symbol, offset, to, ends in pointers:
                if symbol != "+" or to == pos or to not in POS:
                    continue
                other_synset = _synset_id(offset, to)
                word, other = names[int(ends[:2], 16) - 1], words[other_synset][int(ends[2:], 16) - 1]
                if (word, synset) in common and (other, other_synset) in common:
                    yield word, pos, other, to


def _compound_heads(adjectives: Path, nouns: list[tuple[int, list[str], list[tuple[str, str, str, str]]]],
                    senses: list[tuple[str, str, int, int]], kinds: dict[int, list[int]]) -> dict[int, list[int]]:
    """Noun synsets named only by an adjective and a noun ("male_sibling") -> that noun's first sense, which English
    makes them a kind of and WordNet does not always say (a "male sibling" is filed under "male relative" only, so a
    brother was no sibling). Only where both are kinds of one thing two levels up at most, so that a compound
    naming something else ("sea lion", no lion) stays apart."""
    modifiers = {line.split(" ", 1)[0] for line in adjectives.read_text(encoding="latin-1").splitlines()
                 if not line.startswith(" ")} if adjectives.exists() else set()
    first = {lemma: synset for lemma, _, rank, synset in senses if rank == 1}
    heads: dict[int, list[int]] = {}
    for synset, names, _ in nouns:
        for name in names if len(names) == 1 else ():  # (an "urban center" is a city, no kind of centre)
            modifier, _, noun = name.partition("_")
            head = first.get(noun) if modifier in modifiers and "_" not in noun else None
            if head is not None and head not in _above(kinds, synset) \
                    and _above(kinds, synset, 2) & (_above(kinds, head, 2) - {head}):
                heads.setdefault(synset, []).append(head)
    return heads


def _said_of_someone(nouns: list[tuple[int, list[str], list[tuple[str, str, str, str]]]],
                     senses: list[tuple[str, str, int, int]], kinds: dict[int, list[int]]) -> Iterable[tuple[str, int]]:
    """(word, synset) for the kinds of person WordNet names by a noun and "person" ("married_person": a spouse, where
    "a married" is someone married): the noun alone names them too, as its last common sense ("who is <E> *married*
    to")."""
    known = {lemma for lemma, *_ in senses}
    person = {synset for lemma, _, rank, synset in senses if lemma == "person" and rank == 1}
    for synset, names, _ in nouns:
        said = {name.removesuffix("_person") for name in names if name.endswith("_person")} & known
        if said and _above(kinds, synset) & person:
            yield from ((word, synset) for word in sorted(said))


def _above(kinds: dict[int, list[int]], synset: int, levels: int = 99) -> set[int]:
    """``synset`` and what it is a kind of, ``levels`` up at most (WordNet's noun hierarchy is 20 levels deep at
    most)."""
    seen, level = {synset}, {synset}
    for _ in range(levels):
        level = {up for s in level for up in kinds.get(s, ())} - seen
        seen |= level
    return seen


def _exceptions(exc: Path, pos: str) -> Iterable[tuple[str, str, str]]:
    for line in exc.read_text(encoding="latin-1").splitlines():
        form, *bases = line.split()
        yield from ((form, pos, base) for base in bases if "_" not in base)


if __name__ == "__main__":  # python -m cacherag.tools.lexicon build /usr/share/wordnet [OUT]
    if len(sys.argv) < 3 or sys.argv[1] != "build":
        sys.exit("usage: python -m cacherag.tools.lexicon build WORDNET_DIR [OUT]")
    build(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else bundled())
