"""Columns that name a graph's nodes where no label predicate does.

A graph made from tables (the W3C Direct Mapping, R2RML, a CSV converted by hand) often labels nothing: a row is
named by one of its columns — ``<Products#ProductName>``, ``ex:name``, ``ex:title``. Unknown, no question links to
the row and an answer is shown by its IRI ("ProductID=3"). A predicate is read as such a name when its local name
ends in the word "name", "title" or "label" (a convention, not a vocabulary), its values are literals that (nearly)
all differ (a job title repeats, a name does not) and the nodes it describes carry no label already — or carry
labels that hold its values inside them (dblp labels a paper "A, B: Title. (2019)"; people say its title). Of several
on the same nodes (a supplier's CompanyName and ContactName), one names them, the others stay relations: the one
whose other words name the nodes' class (ProductName for Products), else the one more of them have, else the bare
word, else the first by name. Names may also be held in a node of their own (UniProt's structured names): see
:func:`name_paths`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cacherag.tools.errors import QueryTimeoutError
from cacherag.tools.graph_view import singulars
from cacherag.tools.kg import values_of
from cacherag.tools.terms import (
    NON_TRAVERSABLE,
    RDF_TYPE,
    glossed,
    humanize,
    iri,
    iri_value,
    is_iri,
    lexical_form,
    local_name,
    name_part,
    name_words,
    names_otherwise,
    redirects,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cacherag.tools.kg import KnowledgeGraph
    from cacherag.tools.label_index import DiskLabelIndex

SCANNED = 200_000  # statements whose predicates are candidates
SAMPLE = 500  # statements of a candidate read to judge it
DISTINCT_SHARE = 0.9  # of its values, at least this share differ
BARE_DISTINCT_SHARE = 0.5  # … or more than this share, for a bare "name" (see _distinct)
LABELLED_SHARE = 0.5  # nodes already labelled beyond this share: the graph names them; nothing to add


def naming_predicates(kg: KnowledgeGraph, candidates: Sequence[str] | None = None) -> list[str]:
    """The predicates (IRIs) naming nodes of ``kg`` that its label predicates leave unnamed or name only at length,
    preferred first (none when the graph is too slow to tell: names are a convenience, opening the graph is not), of
    ``candidates`` (see :func:`name_candidates`)."""
    try:
        candidates = name_candidates(kg) if candidates is None else candidates
        judged = [(p, subjects) for p in candidates if (subjects := _named_subjects(kg, p))]
        ranked = sorted(judged, key=lambda found: _preference(kg, *found))
    except QueryTimeoutError:
        return []
    chosen: list[tuple[str, set[str]]] = []
    for predicate, subjects in ranked:
        if all(len(subjects & taken) <= len(min(subjects, taken, key=len)) // 2 for _, taken in chosen):
            chosen.append((predicate, subjects))
    return [predicate for predicate, _ in chosen]


def name_paths(kg: KnowledgeGraph, candidates: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The (predicate, name predicate) pairs by which nodes hold their names in a node of their own, preferred first:
    UniProt names a protein by ``up:recommendedName`` / ``up:alternativeName`` blank nodes holding ``up:fullName``
    and ``up:shortName``, and gives it no label. A holder is a node no label names whose every statement but its
    type is a name; its names are those of the node pointing to it. The way most nodes hold a name comes first (each
    protein has a recommended name, few an alternative one), then the name most holders have (a full name). Of
    ``candidates`` (see :func:`name_candidates`)."""
    try:
        found: list[tuple[int, int, str, str]] = []
        for name in name_candidates(kg) if candidates is None else candidates:
            # (of a bounded sample of its statements: a graph naming its people by a family name and a label has
            # millions of them, none a holder)
            holders = (f"{{ SELECT DISTINCT ?h WHERE {{ ?h {iri(name)} ?v }} LIMIT {SAMPLE} }} FILTER(!isLiteral(?h)) "
                       f"FILTER NOT EXISTS {{ ?h ?lp ?l {kg.labelling.filter()} }}")
            said = [iri_value(row["q"]) for row in kg._select(f"SELECT DISTINCT ?q WHERE {{ {holders} ?h ?q ?v }}")]
            if not said or any(q != RDF_TYPE and name_words(q) is None for q in said):
                continue
            held = kg._select(f"SELECT ?p (COUNT(DISTINCT ?x) AS ?n) (COUNT(DISTINCT ?h) AS ?m) WHERE {{ {holders} "
                              f"?x ?p ?h FILTER(isIRI(?x)) }} GROUP BY ?p")
            found += [(int(lexical_form(row["n"])), int(lexical_form(row["m"])), iri_value(row["p"]), name)
                      for row in held]
    except QueryTimeoutError:
        return []
    return [(way, name) for _, _, way, name in sorted(found, key=lambda f: (-f[0], -f[1], f[2], f[3]))]


def name_parts(kg: KnowledgeGraph, predicates: Sequence[str]) -> list[tuple[str, str]]:
    """The (first part, last part) pairs of ``predicates`` (IRIs) by which nodes are named in two parts, a person's
    given name and family name (FOAF's ``givenName`` and ``familyName``, schema.org's, vCard's ``given-name``): each
    pair that some node has both of, as literals. Many a directory names its people so alone, with no label."""
    firsts = [p for p in predicates if name_part(p) == "first"]
    lasts = [p for p in predicates if name_part(p) == "last"]
    try:
        return [(first, last) for first in firsts for last in lasts if kg._ask(
            f"ASK {{ ?s {iri(first)} ?f . ?s {iri(last)} ?l FILTER(isLiteral(?f) && isLiteral(?l)) }}")]
    except QueryTimeoutError:
        return []


def name_candidates(kg: KnowledgeGraph) -> list[str]:
    """The predicates (IRIs) of a bounded sample of statements whose local name says they name (every column of a
    table of some size is among them), less the label predicates and bookkeeping."""
    return _candidates(kg, [iri_value(p) for p in kg.sampled_predicates(SCANNED) if is_iri(p)])


def _candidates(kg: KnowledgeGraph, predicates: Sequence[str]) -> list[str]:
    return [p for p in predicates if name_words(p) is not None and p not in kg.labelling.predicates
            and p not in NON_TRAVERSABLE]


def _named_subjects(kg: KnowledgeGraph, predicate: str) -> set[str]:
    """The sampled nodes ``predicate`` names, when it names nodes; else an empty set."""
    rows = kg._select(f"SELECT ?s ?o WHERE {{ ?s {iri(predicate)} ?o }} LIMIT {SAMPLE}")
    values = [row["o"] for row in rows]
    if not values or not all(v.startswith('"') for v in values) or not _distinct(predicate, values):
        return set()
    subjects = {row["s"] for row in rows if is_iri(row["s"])}
    if not subjects:
        return set()
    labels: dict[str, list[str]] = {}
    for row in kg._select(f"SELECT ?s ?l WHERE {{ {values_of('s', subjects)} ?s ?lp ?l {kg.labelling.filter()} }}"):
        labels.setdefault(row["s"], []).append(lexical_form(row["l"]).casefold())
    # (an alias is another name whatever the label says: Freebase's ``common.topic.alias``, "Tally" for "Talia")
    if len(labels) <= LABELLED_SHARE * len(subjects) or names_otherwise(predicate):
        return subjects
    # Labelled nodes keep their labels; a column whose values the labels hold inside them is a shorter name people
    # say (a paper's title in dblp's citation form "A, B: Title. (2019)"), one more name to link by — not a part
    # they start or end with (a family name of "Gideon Lark": a relation asked about, no name of its own).
    held = sum(any(_inside(lexical_form(row["o"]).casefold(), label) for label in labels.get(row["s"], ()))
               for row in rows)
    return subjects if held >= DISTINCT_SHARE * len(rows) else set()


def _distinct(predicate: str, values: Sequence[str]) -> bool:
    """Whether ``values`` differ as a name column's do: nearly all of them; or, for a bare "name", more than half —
    things share a name now and then (LUBM names a course "Course0" in each department), while a column most of whose
    values repeat is a category ("stable", "beta"). (Not a bare "title": a person's is a courtesy or a job.)"""
    share = len(set(values)) / len(values)
    return share >= DISTINCT_SHARE or humanize(local_name(predicate)) == "name" and share > BARE_DISTINCT_SHARE


def _inside(value: str, label: str) -> bool:
    # (or the whole label but a gloss in brackets: LinkedMDB's "Ilsa Brandt (Director)", named by director_name)
    return value in label and not label.startswith(value) and not label.endswith(value) or glossed(label, value)


def _preference(kg: KnowledgeGraph, predicate: str, subjects: set[str]) -> tuple[int, int, int, str]:
    """Sort key: a name whose words name its nodes' class first, then the name more nodes have (UniProt's taxa all
    have a scientific name, few a common one), then a bare name word, then by local name."""
    words = name_words(predicate) or []
    sample = sorted(subjects)[:50]
    classes = kg._select(f"SELECT DISTINCT ?t WHERE {{ {values_of('s', sample)} ?s {iri(RDF_TYPE)} ?t }} LIMIT 20")
    kinds = {kind for row in classes for word in humanize(local_name(iri_value(row["t"]))).split()
             for kind in (word, *singulars(word))}
    said = any(word in kinds for word in words)
    return (not said, -len(subjects), bool(words), local_name(predicate))


Naming = tuple[list[str], list[tuple[str, str]], list[tuple[str, str]]]  # (predicates, paths, parts) of :func:`named`


def naming(kg: KnowledgeGraph) -> Naming:
    """What names the unlabelled nodes of ``kg``: the predicates naming them (see :func:`naming_predicates`), the
    paths by which nodes hold names (:func:`name_paths`, :func:`redirect_paths`) and the names said in two parts
    (:func:`name_parts`); nothing when the graph is too slow to tell."""
    try:
        sampled = [iri_value(p) for p in kg.sampled_predicates(SCANNED) if is_iri(p)]  # (one sample for all three)
    except QueryTimeoutError:
        return [], [], []
    parts = name_parts(kg, sampled)
    # (a part of a name names no one alone: "Gallagher" is Owen Gallagher's family name, not his name)
    candidates = [p for p in _candidates(kg, sampled) if not any(p in pair for pair in parts)]
    paths = name_paths(kg, candidates) + redirect_paths(kg, sampled)
    return naming_predicates(kg, candidates), paths, parts


def named(kg: KnowledgeGraph, found: Naming | None = None) -> KnowledgeGraph:
    """``kg`` with what names its unlabelled nodes (``found``, else asked of it: see :func:`naming`) added to its
    labelling, as every question sees it."""
    predicates, paths, parts = naming(kg) if found is None else found
    kg.labelling = kg.labelling.with_names(predicates, paths, parts)
    return kg


def named_once(kg: KnowledgeGraph, index: DiskLabelIndex) -> KnowledgeGraph:
    """:func:`named` for a SPARQL endpoint: its naming asked of it once per labelling and kept in its label index,
    which every later process reads — a DOAP file names its projects by ``doap:name`` wherever it is served."""
    from cacherag.tools.label_index import labelling_key  # an endpoint's only: a local graph never loads the index

    predicates, paths, parts = index.fact(f"naming {labelling_key(kg.labelling)}", lambda: naming(kg))
    return named(kg, (list(predicates), [(a, b) for a, b in paths], [(a, b) for a, b in parts]))


def redirect_paths(kg: KnowledgeGraph, predicates: Sequence[str]) -> list[tuple[str, str]]:
    """The name paths by which a thing holds the labels of the nodes redirecting to it (see
    :func:`~cacherag.tools.terms.redirects`): ("^" + the redirect predicate, the label predicate those nodes are
    labelled by), so "who is Ellie Vance married to" links Ellery Vance, whose redirect "Ellie Vance" names him."""
    found = []
    try:
        for predicate in (p for p in predicates if redirects(p)):
            rows = kg._select(f"SELECT DISTINCT ?lp WHERE {{ {{ SELECT ?s WHERE {{ ?s {iri(predicate)} ?o }} LIMIT "
                              f"{SAMPLE} }} ?s ?lp ?l {kg.labelling.filter()} }}")
            found += [("^" + predicate, iri_value(row["lp"])) for row in rows]
    except QueryTimeoutError:
        return []
    return found
