"""Which of a node's many labels the engine shows, and which predicates count as labels.

Real graphs label a node in many languages and with several predicates (``rdfs:label``, ``skos:prefLabel``,
``schema:name``, alternative names in ``skos:altLabel``). Every label links a mention — a user may write a
name in any language — but one label is shown: the best by predicate kind (alternative names last), then by
the user's language preference (exact tag, then a regional variant; then untagged, English, any other), then
by predicate order. Relation labels follow the same preference: they are what the question's words are
matched against, so they should be in the language the user asks in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cacherag.tools.terms import LABEL_PREDICATES, SKOS_ALT_LABEL, glossed, iri, iri_value, language, lexical_form

DEFAULT_LANGUAGES = ("en",)


@dataclass(frozen=True)
class Labelling:
    """Label predicates (IRIs, preferred first) and languages (tags, preferred first)."""

    predicates: tuple[str, ...] = LABEL_PREDICATES
    languages: tuple[str, ...] = DEFAULT_LANGUAGES
    # names a node holds through a node of its own (UniProt's protein → recommendedName → fullName), as (IRI, IRI)
    # pairs, preferred first; they rank after the label predicates. A first IRI written "^IRI" is walked back: the
    # labels of the nodes pointing to the node so name it (a wiki's redirects: "Ellie Vance" to Ellery Vance)
    paths: tuple[tuple[str, str], ...] = ()
    # names said in two parts (a person's given and family names, FOAF's or schema.org's), as (IRI, IRI) pairs of the
    # first part and the last: "Owen" and "Gallagher", shown and linked as "Owen Gallagher"; they rank after the paths
    joined: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, predicates: str, languages: str) -> Labelling:
        """From the context's comma-separated settings: extra label predicates, language preference."""
        extra = tuple(p.strip().strip("<>") for p in predicates.split(",") if p.strip())
        tags = tuple(t.strip().lower() for t in languages.split(",") if t.strip())
        merged = tuple(dict.fromkeys(LABEL_PREDICATES[:-1] + extra + LABEL_PREDICATES[-1:]))
        return cls(merged, tags or DEFAULT_LANGUAGES)

    def with_names(self, predicates: Sequence[str], paths: Sequence[tuple[str, str]] = (),
                   joined: Sequence[tuple[str, str]] = ()) -> Labelling:
        """This labelling with ``predicates`` (IRIs: columns naming nodes, see ``tools/naming.py``) as label
        predicates too, after the others except alternative names, ``paths`` (names held through a node) and
        ``joined`` (names said in two parts)."""
        names = tuple(p for p in predicates if p not in self.predicates)
        held = tuple(p for p in paths if p not in self.paths)
        parts = tuple(p for p in joined if p not in self.joined)
        if not names and not held and not parts:
            return self
        last = self.predicates[-1:] if self.predicates[-1:] == (SKOS_ALT_LABEL,) else ()
        return Labelling(self.predicates[:len(self.predicates) - len(last)] + names + last, self.languages,
                         self.paths + held, self.joined + parts)

    @property
    def held(self) -> tuple[str, ...]:
        """The name paths as SPARQL property paths (``<recommendedName>/<fullName>``), preferred first: what a
        triple pattern's predicate may be, a VALUES block's or a FILTER's may not."""
        return tuple(f"^{iri(first[1:])}/{iri(second)}" if first.startswith("^") else f"{iri(first)}/{iri(second)}"
                     for first, second in self.paths)

    @property
    def joins(self) -> tuple[str, ...]:
        """The joined names as the label predicate their rows are said to come from (``<givenName>+<familyName>``)."""
        return tuple(f"{iri(first)}+{iri(last)}" for first, last in self.joined)

    @property
    def values(self) -> str:
        """The label predicates as a SPARQL VALUES body: for scans of every label, where the engine looks each
        predicate up in its index (a FILTER would read every triple)."""
        return " ".join(map(iri, self.predicates))

    def filter(self, var: str = "lp") -> str:
        """A SPARQL FILTER keeping ``?var`` to the label predicates, for the labels of given nodes (a VALUES
        block beside the nodes' own would make rdflib scan the whole graph)."""
        return f"FILTER(?{var} IN ({', '.join(map(iri, self.predicates))}))"

    def rank(self, label: str, predicate: str | None = None) -> tuple[int, int, int, str]:
        """Sort key of a label term (N-Triples) found under ``predicate`` (N-Triples): lower is shown first."""
        if predicate in self.held:
            return 0, self._language_rank(language(label)), len(self.predicates) + self.held.index(predicate), label
        if predicate in self.joins:
            order = len(self.predicates) + len(self.held) + self.joins.index(predicate)
            return 0, self._language_rank(language(label)), order, label
        value = iri_value(predicate) if predicate else self.predicates[0]
        alternative = int(value == SKOS_ALT_LABEL)
        order = self.predicates.index(value) if value in self.predicates else \
            len(self.predicates) + len(self.held) + len(self.joins)
        return alternative, self._language_rank(language(label)), order, label

    def readable(self, label: str) -> bool:
        """Whether a label term is in a language the user reads: a preferred one, untagged or English."""
        return self._language_rank(language(label)) <= 2 * len(self.languages) + 1

    def _language_rank(self, tag: str | None) -> int:
        if tag is None:  # an IRI or blank node used as a label: the least readable
            return 2 * len(self.languages) + 3
        for i, wanted in enumerate(self.languages):
            if tag == wanted:
                return 2 * i
            if tag.startswith(wanted + "-"):
                return 2 * i + 1
        # Then untagged, then English as the common fallback, then any other.
        if tag == "":
            return 2 * len(self.languages)
        return 2 * len(self.languages) + (1 if tag == "en" or tag.startswith("en-") else 2)

    def best(self, rows: Iterable[tuple[str, str, str | None]]) -> dict[str, str]:
        """Node -> its best label term, from (node, label term, label predicate) rows."""
        best: dict[str, str] = {}
        for node, label, _ in self.ordered(list(rows)):
            best.setdefault(node, label)
        return best

    def ordered(self, rows: Sequence[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
        """The rows with each node's best label before its others — of a label and a name it only adds a gloss in
        brackets to, the name: "Ilsa Brandt", not "Ilsa Brandt (Director)"."""
        ranked = sorted(rows, key=lambda row: self.rank(row[1], row[2]))
        said: dict[str, list[str]] = {}
        for node, label, _ in ranked:
            said.setdefault(node, []).append(lexical_form(label))
        first: dict[str, str] = {}
        for node, labels in said.items():
            name = next((other for other in labels[1:] if glossed(labels[0], other)), None)
            if name is not None:
                first[node] = name
        return sorted(ranked, key=lambda row: row[0] not in first or lexical_form(row[1]) != first[row[0]]) \
            if first else ranked
