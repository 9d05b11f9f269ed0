"""Entity linking against a graph's labels: exact, normalized and fuzzy matches of question spans.

The linker proposes every span that names an entity rather than picking one: common words are often
labels too ("drama", "actors"), so which span is the topic is decided jointly with the plan downstream.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz, process


@cache
def _unicode_token() -> re.Pattern[str]:
    """A word of any script with its apostrophes, built at the first text that is not ASCII: the class of every
    combining mark takes a shell question 40-80 ms it rarely needs."""
    word = rf"(?:[^\W_]|[{_marks()}])+"
    return re.compile(rf"{word}(?:['’]{word})*")


def _marks() -> str:
    """A character class body of every combining mark (Mn/Mc/Me): Python's \\w leaves them out, which
    would split 'القَاهِرَة' or a decomposed 'é' inside a word."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, 0x20000):
        if unicodedata.category(chr(code))[0] == "M":
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"{chr(a)}-{chr(b)}" if a != b else chr(a) for a, b in ranges)


_ASCII_TOKEN = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z0-9]+)*")  # _unicode_token() on ASCII text
_POSSESSIVE_END = re.compile(r"['’][sS]$")  # searched up to a token's end: the token ends in a possessive
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
MAX_SPAN_TOKENS = 24  # a paper's title may run to twenty words
FUZZY_MIN_SCORE = 85.0
FUZZY_MAX_TOKENS = 6
PARTIAL_SCORE = 0.4  # a lone word naming one entity by part of its name ("Rask" for "Tobin Rask"): below exact
MIN_UNKNOWN = 4  # letters of a word a question in lower case may name something by alone
# Function words never make a mention on their own, even if some entity is labelled with one.
STOPWORDS = frozenset(
    """a an the of in on at to for by with from and or is are was were be been did do does what which who whom
    whose when where why how that this these those it its as me my i you your he she his her they their them done
    there here than then also has have had not no""".split()
)


def clean_text(text: str) -> str:
    """``text`` as valid Unicode: surrogate pairs joined, lone surrogates (a shell's undecodable byte) and
    control characters other than whitespace replaced by U+FFFD, so it can be embedded and stored."""
    if any("\ud800" <= c <= "\udfff" for c in text):
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return _CONTROL.sub("\ufffd", text)


def normalize(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form: 'Amélie!' -> 'amelie', 'بيروت' stays 'بيروت'."""
    return " ".join(token for token, _, _ in tokenize(text))


def _fold(word: str) -> str:
    """Compatibility-decompose, drop combining marks (accents, Arabic harakat), lower-case."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


ARTICLES = ("the", "a", "an")
_ARTICLE = re.compile(rf"^(?:{'|'.join(ARTICLES)}) (?=\S+ \S)")  # a leading article before two words or more


def label_keys(label: str) -> list[str]:
    """The normalized forms a label is looked up by: as written, and without a leading article before two words or
    more, as people often say a title ("empire strikes back"; not "matrix", a word of its own); a name ending in
    a year also as said around it ("nobel prize in physics *in* 1972", "*1972* nobel prize in physics")."""
    key = normalize(label)
    bare = _ARTICLE.sub("", key)
    return ([key, bare] if bare != key else [key]) + dated_keys(key)


def dated_keys(key: str) -> list[str]:
    """The forms of a normalized label ending in a year as questions say it around the year (see
    :func:`label_keys`)."""
    bare = _ARTICLE.sub("", key)
    said = [f"{dated['name']} in {dated['year']}" for k in dict.fromkeys((key, bare))
            if (dated := _NAMED_YEAR.fullmatch(k))]
    return said + [f"{dated['year']} {dated['name']}" for dated in [_NAMED_YEAR.fullmatch(bare)] if dated]


_NAMED_YEAR = re.compile(r"(?P<name>\S+(?: \S+)+) (?P<year>\d{4})")  # a name of two words or more, then a year


def articled(key: str) -> list[str]:
    """The normalized labels of which ``key`` is the form without a leading article (see :func:`label_keys`)."""
    return [f"{article} {key}" for article in ARTICLES] if " " in key else []


def may_name(words: Sequence[str], written: str) -> bool:
    """Whether a span of ``words`` (as ``written`` in the question) may be a name: not function words alone, unless
    several written with capitals inside ("AT-AT", "The Who"; not "at at", "It is")."""
    return not all(w in STOPWORDS for w in words) or len(words) > 1 and any(c.isupper() for c in written[1:])


def tokenize(text: str) -> list[tuple[str, int, int]]:
    """Normalized tokens with their character offsets in ``text`` (letters of every script are kept)."""
    if text.isascii():  # the same tokens without the Unicode classes' cost: folding ASCII is lower-casing
        return [(m.group().lower().replace("'", ""), m.start(), m.end()) for m in _ASCII_TOKEN.finditer(text)]
    return unicode_tokens(text)


def unicode_tokens(text: str) -> list[tuple[str, int, int]]:
    """:func:`tokenize` for text of any script."""
    tokens = []
    for match in _unicode_token().finditer(text):
        token = _folded(match.group())
        if token:
            tokens.append((token, match.start(), match.end()))
    return tokens


@lru_cache(maxsize=65536)
def _folded(word: str) -> str:
    """A matched word normalized (words repeat: each is folded once)."""
    # Folding can reveal separators ('¼' -> '1⁄4'): keep the words it leaves, so normalizing is idempotent.
    return re.sub(r"['’]", "", " ".join(_unicode_token().findall(_fold(word))))


def possessor(question: str, words: list[str], end: int) -> str | None:
    """The normalized name a span of ``words`` ending at ``end`` with a possessive stands for ("Oru-7's": oru-7)."""
    return " ".join([*words[:-1], words[-1][:-1]]) if _POSSESSIVE_END.search(question, 0, end) else None


def lone_names(question: str, tokens: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The words of ``question`` that may be part of a name said alone ("Rask's homeworld" for Tobin Rask's),
    normalized, with their spans (less a possessive): written with a capital after the first word, and not
    beside another such word ("Tom Hanks" is a name of its own, not part of "Tom Vale"). In a question written
    without capitals, a word English knows as no noun nor verb ("where was *anakin* born")."""
    lower = in_lower_case(question)
    found = []
    for i, (word, start, end) in enumerate(tokens):
        if (owner := possessor(question, [word], end)) is not None:
            word, end = owner, end - 2
        # (the first word's capital is the sentence's: "*What's* Rask's homeworld")
        beside = [tokens[k][1] for k in (i - 1, i + 1) if 0 < k < len(tokens)]
        if i and len(word) >= 3 and word not in STOPWORDS and (
                question[start].isupper() and not any(question[b].isupper() for b in beside)
                or lower and len(word) >= MIN_UNKNOWN and no_english_word(word)):
            found.append((word, start, end))
            if owner is None and word.endswith("s") and not word.endswith("ss"):  # a possessive typed without
                found.append((word[:-1], start, end))  # its apostrophe: "lukes sister"
    return found


def in_lower_case(question: str) -> bool:
    """Whether the question is written without capitals (its first letter aside): no name is told by one."""
    return not any(c.isupper() for c in question[1:])


def cased_as_a_name(mention: Mention, question: str) -> bool:
    """Whether the case of ``mention`` lets it be a name: written with a capital (:attr:`Mention.written_as_name`), or
    in a question written without capitals, where case tells no name (the caller keeps the spans read as names then:
    labels with a word English does not know as a common one)."""
    return mention.written_as_name or in_lower_case(question)


def no_english_word(word: str) -> bool:
    """Whether ``word`` is one English does not know as a common noun or verb ("anakin", "saruun"; not "tom")."""
    from cacherag.tools.lexicon import lexicon  # (the lexicon reads this module's words)

    return word.isalpha() and not lexicon().common(word)


def name_words(question: str, tokens: list[tuple[str, int, int]]) -> set[int]:
    """The positions of the tokens written as a name: with a capital, or a number, after the first word."""
    return {i for i, (word, start, _) in enumerate(tokens) if i and (question[start].isupper() or word.isdigit())}


def name_runs(question: str, tokens: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The runs of two or more words written as a name after the first word, each with a capital or a number
    ("Episode IV", "Star Wars Episode VI"), normalized, with their spans: the longest runs only."""
    runs: list[tuple[str, int, int]] = []
    run: list[tuple[str, int, int]] = []
    named = name_words(question, tokens)
    for i, token in enumerate([*tokens, ("", len(question), len(question))]):
        if i in named:
            run.append(token)
            continue
        if len(run) > 1 and any(w not in STOPWORDS for w, _, _ in run):
            runs.append((" ".join(w for w, _, _ in run), run[0][1], run[-1][2]))
        run = []
    return runs


NODES_PER_MENTION = 3  # homonyms of a mention read as its entity, best-linked first


@dataclass(frozen=True)
class Mention:
    """A question span that names one or more graph nodes."""

    text: str
    start: int
    end: int
    nodes: tuple[str, ...]
    match: str  # "exact" | "normalized" | "fuzzy" | "partial"
    score: float  # in [0, 1]: longer, case-exact spans score higher
    as_written: bool = False  # the span is one of the node's labels as written, its own or another ("Chewie")

    @property
    def written_as_name(self) -> bool:
        """With a capital, as names are written ("Alien", not "film"), unless a lone word opening the question."""
        return any(c.isupper() for c in self.text) and not (self.start == 0 and " " not in self.text.strip())

    def masked(self, question: str, placeholder: str = "<E>") -> str:
        return question[: self.start] + placeholder + question[self.end :]


class LabelIndex:
    """Normalized label -> nodes, with a token index for fuzzy lookup."""

    def __init__(self, rows: Iterable[tuple[str, str]]) -> None:
        self.by_norm: dict[str, list[str]] = defaultdict(list)
        self.label_of: dict[str, str] = {}
        self.written: set[str] = set()  # every label as written
        for node, label in rows:
            for key in label_keys(label):
                if key and node not in self.by_norm[key]:
                    self.by_norm[key].append(node)
            if normalize(label):
                self.label_of.setdefault(node, label)
                self.written.add(label)
        self._keys: list[str] | None = None
        self._parts: dict[str, set[str]] | None = None  # first or last word of a label of several -> those labels
        self._holding: dict[str, set[str]] | None = None  # each word of a label of several -> those labels
        self.max_tokens = min(MAX_SPAN_TOKENS, max((k.count(" ") + 1 for k in self.by_norm), default=1))
        # Every proper word-prefix of a label: a span that is neither a label nor such a prefix cannot grow
        # into one, so the scan of longer spans from the same start stops there.
        self._prefixes = {" ".join(words[:n]) for words in (k.split(" ") for k in self.by_norm)
                          for n in range(1, len(words))}

    def __len__(self) -> int:
        return len(self.label_of)

    def mentions(self, question: str, fuzzy: bool = True) -> list[Mention]:
        """Every span of ``question`` that names a node, best first."""
        tokens = tokenize(question)
        found: list[Mention] = []
        for i in range(len(tokens)):
            for j in range(i + 1, min(len(tokens), i + self.max_tokens) + 1):
                words = [t for t, _, _ in tokens[i:j]]
                key = " ".join(words)
                # A name said with a possessive ("Oru-7's height"): the name without it
                end = tokens[j - 1][2]
                if (owner := possessor(question, words, end)) in self.by_norm \
                        and not all(w in STOPWORDS for w in owner.split()):
                    found.append(self._mention(question, tokens[i][1], end - 2, self.by_norm[owner], j - i))
                if key not in self.by_norm and key not in self._prefixes:
                    break
                nodes = self.by_norm.get(key)
                written = question[tokens[i][1]:tokens[j - 1][2]]
                if not may_name(words, written) or not nodes \
                        or all(w in STOPWORDS for w in words) and not self._own_label(written, nodes):
                    continue
                found.append(self._mention(question, tokens[i][1], tokens[j - 1][2], nodes, j - i))
        # a span inside a longer one naming the same nodes is that name again ("lair of the white worm" in "the lair
        # of the white worm", its title without the article), which would tie with it
        found = [m for m in found if not any(o.nodes == m.nodes and o.start <= m.start and m.end <= o.end
                                             and o.end - o.start > m.end - m.start for o in found)]
        if fuzzy and not any(m.text.lower() not in STOPWORDS for m in found):
            found.extend(self._fuzzy(question, tokens))
        elif fuzzy and not any(m.written_as_name for m in found):
            # only common words matched ("planet"): a name written as one may be inflected or misspelt ("Wookiees")
            found.extend(self._fuzzy(question, tokens, written_as_name=True))
        if fuzzy:  # a lone word of a name beside another name or common words ("who played *Luke* in <F>"), not
            # one inside a name found whole ("*wurttemberg*" in "elena pavlovna of wurttemberg")
            found.extend(m for m in self._partial(question, tokens)
                         if not any(o.match != "fuzzy" and o.start <= m.start and m.end <= o.end for o in found))
        if fuzzy and (inner := self._inner(question, tokens)):
            # the longer name the user wrote, not a shorter one inside it ("Star Wars" in "Star Wars Episode VI")
            found = [m for m in found if not any(o.start <= m.start and m.end <= o.end for o in inner)] + inner
        # No span cuts a word an underscore joins: "HBX1" is no name said in "HBX1_HUMAN" (an identifier).
        found = [m for m in found if question[m.start - 1:m.start] != "_" and question[m.end:m.end + 1] != "_"]
        # Of spans as good, a name written as one comes first: "who led the film Alien" is about Alien.
        return sorted(found, key=lambda m: (-m.score, not m.written_as_name, m.start))

    def _own_label(self, text: str, nodes: list[str]) -> bool:
        """Whether ``text`` is a node's own (first) label as written."""
        return any(self.label_of.get(n) == text for n in nodes)

    def _mention(self, question: str, start: int, end: int, nodes: list[str], length: int) -> Mention:
        text = question[start:end]
        exact = self._own_label(text, nodes)
        score = min(1.0, 0.5 + 0.1 * length + (0.1 if exact else 0.0))
        # (a node's label as written is one of all the labels as written: another of its names, or its own)
        return Mention(text, start, end, tuple(nodes), "exact" if exact else "normalized", score, text in self.written)

    def _partial(self, question: str, tokens: list[tuple[str, int, int]]) -> list[Mention]:
        """Lone words naming one entity by the first or last word of its name (see :func:`lone_names`); a word
        some names share ("Skywalker") names none of them."""
        if self._parts is None:
            self._parts = defaultdict(set)
            for key in self.by_norm:
                words = key.split(" ")
                if len(words) > 1:
                    self._parts[words[0]].add(key)
                    self._parts[words[-1]].add(key)
        found: list[Mention] = []
        for word, start, end in lone_names(question, tokens):
            nodes = {n for key in self._parts.get(word, ()) for n in self.by_norm[key]}
            if len(nodes) == 1:
                found.append(Mention(question[start:end], start, end, tuple(nodes), "partial", PARTIAL_SCORE))
        return found

    def _inner(self, question: str, tokens: list[tuple[str, int, int]]) -> list[Mention]:
        """Runs of words written as a name naming one entity by a part of a longer name of its, inside it ("Episode
        IV" for "Star Wars: Episode IV – A New Hope"); a run some names share names none of them, nor does a run
        that is a name of its own."""
        found: list[Mention] = []
        for run, start, end in name_runs(question, tokens):
            if run in self.by_norm:
                continue
            nodes = {n for key in self._holding_all(run.split(" ")) if f" {run} " in f" {key} "
                     for n in self.by_norm[key]}
            if len(nodes) == 1:
                found.append(Mention(question[start:end], start, end, tuple(nodes), "partial",
                                     PARTIAL_SCORE + 0.1 * run.count(" ")))
        return found

    def _holding_all(self, words: list[str]) -> set[str]:
        """The labels of several words holding every one of ``words`` (a word index built on first use: a run is
        looked for in those few labels, not in every label)."""
        if self._holding is None:
            self._holding = defaultdict(set)
            for key in self.by_norm:
                if " " in key:
                    for word in key.split(" "):
                        self._holding[word].add(key)
        return set.intersection(*(self._holding.get(word, set()) for word in words))

    def _fuzzy(self, question: str, tokens: list[tuple[str, int, int]], written_as_name: bool = False) -> list[Mention]:
        """Spans within a small edit distance of a label (only tried when nothing matched exactly; with
        ``written_as_name``, only spans of words written with a capital after the first word: see
        :func:`name_words`)."""
        if self._keys is None:
            self._keys = list(self.by_norm)
        named = name_words(question, tokens) if written_as_name else set(range(len(tokens)))
        found: list[Mention] = []
        for i in range(len(tokens)):
            for j in range(i + 1, min(len(tokens), i + FUZZY_MAX_TOKENS) + 1):
                if not named.issuperset(range(i, j)):
                    break
                words = [t for t, _, _ in tokens[i:j]]
                # Titles may start with a function word ("the matrx"), never end with one.
                if words[-1] in STOPWORDS or all(w in STOPWORDS for w in words) or len(" ".join(words)) < 4:
                    continue
                match = process.extractOne(" ".join(words), self._keys, scorer=fuzz.ratio,
                                           score_cutoff=FUZZY_MIN_SCORE)
                if match:
                    start, end = tokens[i][1], tokens[j - 1][2]
                    found.append(Mention(question[start:end], start, end, tuple(self.by_norm[match[0]]),
                                         "fuzzy", 0.4 * match[1] / 100 + 0.05 * (j - i)))
        return found
