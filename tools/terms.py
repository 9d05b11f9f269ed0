"""RDF terms as N-Triples strings.

The pipeline state must be JSON-serializable (it goes through checkpointers and the LangGraph server), so
nodes are carried as their N-Triples text: ``<http://…>`` for IRIs, ``"…"`` / ``"…"^^<…>`` / ``"…"@en``
for literals. The same text drops straight into a SPARQL ``VALUES`` clause.
"""

from __future__ import annotations

import re

DEFAULT_BASE = "http://cacherag.dev/kg/"  # the base IRI minted for s|p|o names (`cacherag load --base`)
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_SUBCLASS = "http://www.w3.org/2000/01/rdf-schema#subClassOf"
RDFS_MEMBER = "http://www.w3.org/2000/01/rdf-schema#member"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_XSD = "http://www.w3.org/2001/XMLSchema#"
XSD_INTEGER = _XSD + "integer"
XSD_GYEAR = _XSD + "gYear"
XSD_BOOLEAN = _XSD + "boolean"
# The vocabularies that describe a schema itself: their classes (owl:Class, rdf:Property, owl:ObjectProperty)
# are the kinds of classes and relations, never of the things a question asks about.
SCHEMA_VOCABULARIES = ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://www.w3.org/2000/01/rdf-schema#",
                       "http://www.w3.org/2002/07/owl#")
TEMPORAL_TYPES = frozenset(f"<{_XSD}{name}>" for name in (
    "date", "dateTime", "dateTimeStamp", "gYear", "gYearMonth", "gMonthDay", "gDay", "gMonth", "time"))
# Graphs built from documents (tools/ingest.py): a chunk's text, what was extracted from it, a file's digest.
DOC_TEXT = "http://schema.org/text"
DOC_FACTS = "http://cacherag.dev/doc/vocab#facts"
DOC_SHA256 = "http://cacherag.dev/doc/vocab#sha256"
DOC_MENTIONS = "http://schema.org/mentions"
SKOS_ALT_LABEL = "http://www.w3.org/2004/02/skos/core#altLabel"
# Annotation predicates: they name things, they are not relations worth traversing. In the order a display
# label is chosen; the alternative names come last (they link a mention, they rarely name a thing best).
RDFS_COMMENT = "http://www.w3.org/2000/01/rdf-schema#comment"
# an OWL restriction on a class ("part of some lung"): a blank node naming the property and what it is to
OWL_ON_PROPERTY = "http://www.w3.org/2002/07/owl#onProperty"
OWL_FILLERS = frozenset(f"http://www.w3.org/2002/07/owl#{name}" for name in ("someValuesFrom", "allValuesFrom",
                                                                             "hasValue"))
# the principal value of a structured node (RDF Schema: "the main value … of a structured value")
RDF_VALUE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#value"
LABEL_PREDICATES = (
    RDFS_LABEL,
    "http://www.w3.org/2004/02/skos/core#prefLabel",
    "http://schema.org/name",
    "https://schema.org/name",
    "http://xmlns.com/foaf/0.1/name",
    "http://purl.org/dc/terms/title",
    "http://purl.org/dc/elements/1.1/title",
    SKOS_ALT_LABEL,
)
# Values saying the graph does not know one: dumps write them where a field is empty (SWAPI's mass "unknown", gender
# "n/a"), and even as nodes (a planet "unknown"). "none" is a value ("hair colour: none"), not one of them.
NO_VALUE = frozenset(("unknown", "n/a", "null", "undefined", "unspecified", "not applicable", "not available",
                      "not known"))


_WIKIBASE = "http://wikiba.se/ontology#"
# How a Wikibase (Wikidata) property item names the predicates that state it: wd:P19 "place of birth" declares
# wdt:P19 (the truthy claim), p:P19 / ps:P19 (a statement and its value), pq:P19 (a qualifier), …
PROPERTY_LINKS = tuple(_WIKIBASE + name for name in (
    "directClaim", "claim", "statementProperty", "statementValue", "qualifier", "qualifierValue", "reference",
    "referenceValue", "novalue", "directClaimNormalized", "statementValueNormalized", "qualifierValueNormalized",
    "referenceValueNormalized"))
NON_TRAVERSABLE = frozenset(
    LABEL_PREDICATES
    + PROPERTY_LINKS
    + (
        RDFS_COMMENT,
        "http://www.w3.org/2000/01/rdf-schema#domain",
        "http://www.w3.org/2000/01/rdf-schema#range",
        DOC_TEXT,
        DOC_FACTS,
        DOC_SHA256,
        # a Wikibase dump's bookkeeping: ranks, page metadata, sitelinks and references are no relations
        _WIKIBASE + "rank", _WIKIBASE + "statements", _WIKIBASE + "sitelinks", _WIKIBASE + "identifiers",
        _WIKIBASE + "propertyType", _WIKIBASE + "wikiGroup", _WIKIBASE + "badge",
        "http://schema.org/version", "http://schema.org/dateModified", "http://schema.org/about",
        "http://schema.org/isPartOf", "http://www.w3.org/ns/prov#wasDerivedFrom",
    )
)
_DATE_TIME = "^^<http://www.w3.org/2001/XMLSchema#dateTime>"
# A dateTime that says only a day (as Wikidata writes dates) reads as that date, in UTC however it is written,
# and one that says only a year reads as that year.
_MIDNIGHT = re.compile(r"T00:00:00(?:\.0+)?(?:Z|[+-]00:00)?$")

_ECHAR = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f\x7f"\\]')  # what :func:`literal` escapes; most texts have none
_UNESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", re.S)
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
# (the lexical form as an unrolled loop: one alternation per character took seconds on a 50 MB literal)
_LITERAL = re.compile(r'^"(?P<lex>[^"\\]*(?:\\.[^"\\]*)*)"(?:@(?P<lang>[\w-]+)|\^\^<(?P<dt>[^>]*)>)?$', re.S)
_SUFFIX = re.compile(r'(?:@(?P<lang>[\w-]+)|\^\^<(?P<dt>[^>]*)>)?')


def _literal(term: str) -> tuple[str, str | None] | None:
    """(lexical form, language tag or None) of a literal term in N-Triples form; None for anything else.
    A lexical form with no quote and no trailing backslash is cut out without a regex over its length."""
    if not term.startswith('"'):
        return None
    end = term.rfind('"')
    lex = term[1:end]
    suffix = _SUFFIX.fullmatch(term, end + 1) if end > 0 else None
    if suffix is not None and '"' not in lex and not lex.endswith("\\"):
        return lex, suffix["lang"]
    match = _LITERAL.match(term)
    return (match["lex"], match["lang"]) if match else None


def iri(value: str) -> str:
    """N-Triples form of an IRI."""
    return f"<{value}>"


def literal(lexical: str, datatype: str | None = None, lang: str | None = None) -> str:
    """N-Triples form of a literal."""
    text = '"' + _NEEDS_ESCAPE.sub(_escaped, lexical) + '"'
    if lang:
        return f"{text}@{lang}"
    if datatype and datatype != XSD_STRING:
        return f"{text}^^<{datatype}>"
    return text


def _escaped(match: re.Match[str]) -> str:
    """N-Triples escaping as Oxigraph writes it: named escapes, other control characters as \\uXXXX."""
    char = match[0]
    return _ECHAR.get(char) or f"\\u{ord(char):04X}"


def _unescape(match: re.Match[str]) -> str:
    code = match[1]
    if len(code) > 1:
        return chr(int(code[1:], 16))
    return _SIMPLE.get(code, code)


def language(term: str) -> str | None:
    """The language tag of a literal term, lower-cased ('' when untagged), None for anything else."""
    literal = _literal(term)
    if literal is None:
        return None
    return (literal[1] or "").lower()


def says_no_value(node: str, label: str) -> bool:
    """Whether a value or a node's label says only that the graph does not know it ("unknown", "N/A"); a node
    called so in capitals is a name ("Unknown", a film)."""
    said = label.strip()
    return (said.casefold() if is_literal(node) else said) in NO_VALUE


def is_temporal(term: str) -> bool:
    """Whether ``term`` is a literal typed as a date or a time (``"1975-08-14"^^xsd:date``)."""
    return term.startswith('"') and term[term.rfind('"') + 1:].removeprefix("^^") in TEMPORAL_TYPES


def is_literal(term: str) -> bool:
    return term.startswith('"')


# Skolem IRIs in the form RDF 1.1 (§3.5) recommends, under a domain no one can own: nothing outside the store they
# were minted in may take them for its own (see ``tools/importers.py``'s skolemize_named).
GENID = "https://cacherag.invalid/.well-known/genid/"


def minted(term: str) -> bool:
    """Whether ``term`` (N-Triples) is a blank node given an IRI at load: its last segment is a number, no name; a
    graph that does not name it by a predicate the engine reads (over an endpoint, DOAP's ``doap:name``) leaves it
    as nameless as the blank node it was."""
    return term.startswith(f"<{GENID}")


def is_iri(term: str) -> bool:
    return term.startswith("<") and term.endswith(">")


def iri_value(term: str) -> str:
    """The IRI inside ``<…>``."""
    return term[1:-1]


def lexical_form(term: str) -> str:
    """Readable text of a term: a literal's lexical form, an IRI's local name."""
    literal = _literal(term)
    if literal is not None:
        if term.endswith(_DATE_TIME) and (midnight := _MIDNIGHT.search(literal[0])):
            day = literal[0][:midnight.start()]
            # the first of January at midnight is how a year alone is written (Wikidata's year precision)
            return day.removesuffix("-01-01") if re.fullmatch(r"-?\d{4,}-01-01", day) else day
        return _UNESCAPE.sub(_unescape, literal[0]) if "\\" in literal[0] else literal[0]
    if is_iri(term):
        return local_name(iri_value(term))
    return term


def year_of(term: str) -> str | None:
    """The year a date or time literal says ("1995" of 1995-06-01 or of Wikidata's 1995-01-01T00:00:00Z), if any."""
    found = re.match(r"\d{4}(?=-|$)", lexical_form(term)) if is_temporal(term) else None
    return found.group(0) if found else None


_ID_SEPARATORS = frozenset("/#:=")
_OWN_ID = re.compile(r"\s*[\[(]([^\[\]()\s]+)[\])]$")


def label_text(node: str, label: str) -> str:
    """The text of ``label`` (a term) naming ``node``: its lexical form without a bracketed tail repeating the node's
    own identifier — Bio2RDF labels every resource "Aspirin [drugbank:DB00945]", its IRI ending in that id; the
    name is what comes before."""
    text = lexical_form(label)
    own = _OWN_ID.search(text)
    if own and own.start() and is_iri(node) and not own.group(1).isdigit():  # "(2022)" is a year, not an id
        before = iri_value(node).removesuffix(own.group(1))
        if before != iri_value(node) and before[-1:] in _ID_SEPARATORS:  # the whole id, not its last digits
            return text[:own.start()]
    return text


def local_name(value: str) -> str:
    """Last segment of an IRI: after '#', else after the last '/' or ':'."""
    for sep in ("#", "/", ":"):
        if sep in value:
            tail = value.rsplit(sep, 1)[1]
            if tail:
                return tail
    return value


NAME_WORDS = frozenset({"name", "title", "label", "synonym", "alias"})  # a synonym is another name
OTHER_NAME_WORDS = frozenset({"synonym", "alias"})  # what names a thing besides its label
REDIRECT_WORDS = frozenset({"redirect", "redirects"})  # a wiki's page for another name of a thing points to its own
_GLOSS_END = re.compile(r"\s*\(([^()]+)\)\s*$")
_CODE = re.compile(r"^[a-z]{1,2}\d+[a-z]?\s+(?=[^\W\d_])")
_DOTTED_NAME = re.compile(r"[^\W\d_]\w*(?:\.[^\W\d_]\w*)+")


def name_words(predicate: str) -> list[str] | None:
    """The words of a predicate's (IRI's) local name before the word saying it names ([] for a bare "name",
    ["alternate"] for GeoNames' ``alternateName``); None if its last word says no name."""
    words = humanize(undotted(local_name(predicate))).split()
    return words[:-1] if words and words[-1] in NAME_WORDS else None


_OTHER = frozenset({"alternate", "alternative", "other", "additional"})  # "alternateName": another name


FIRST_PARTS = ("given", "first", "fore")  # how the first part of a person's name is called ("givenName", "first_name")
LAST_PARTS = ("family", "last", "sur")  # … and the last ("familyName", "lastName", "surname")


def name_part(predicate: str) -> str | None:
    """"first" or "last" where the predicate (IRI) holds that part of a person's name (FOAF's ``givenName`` and
    ``familyName``, schema.org's, vCard's ``given-name``, ``surname``), else None."""
    words = name_words(predicate) or humanize(undotted(local_name(predicate))).split()
    return "first" if words in ([w] for w in FIRST_PARTS) else "last" if words in (
        [w] for w in LAST_PARTS) or words == ["surname"] else None


def names_otherwise(predicate: str) -> bool:
    """Whether the predicate (IRI) says another name of its subject: an alias, a synonym ("hasExactSynonym"), an
    alternate name (schema.org's and YAGO's ``alternateName``, GeoNames')."""
    words = humanize(undotted(local_name(predicate))).split()
    return bool(words) and (words[-1] in OTHER_NAME_WORDS
                            or len(words) > 1 and words[-1] in NAME_WORDS and words[-2] in _OTHER)


def redirects(predicate: str) -> bool:
    """Whether the predicate (IRI) points a node standing for another name of a thing to the thing: a wiki's redirect
    (DBpedia's ``wikiPageRedirects``, from "Ellie Vance" to Ellery Vance)."""
    words = humanize(undotted(local_name(predicate))).split()
    return bool(words) and words[-1] in REDIRECT_WORDS


def undotted(name: str) -> str:
    """A local name less the domain and type a dotted path states it on (Freebase's "common.topic.alias": "alias")."""
    return name.rsplit(".", 1)[-1] if _DOTTED_NAME.fullmatch(name) else name


def relation_text(name: str) -> str:
    """The words of an unlabelled predicate's local name; a foreign key of a table (the W3C Direct Mapping's
    ``ref-SupplierID``, the reference beside the key's own column) is named by what it refers to: 'supplier'. A
    prefix left in the name is none of its words (Bio2RDF's ``…/drugbank_vocabulary:brand``: 'brand')."""
    name = undotted(name.rsplit(":", 1)[-1] or name)
    text = uncoded(humanize(name))
    if name.startswith("ref-") and text != "ref":
        words = text.split()[1:]
        return " ".join(words[:-1] if len(words) > 1 and words[-1] == "id" else words)
    return text


def gloss_of(label: str) -> tuple[str, str] | None:
    """A label's name and the gloss in brackets after it, if it has one ("Ilsa Brandt (Director)": "Ilsa Brandt",
    "Director"; "painting (image-making)"): the gloss tells homonyms apart, the name is what the thing is called."""
    found = _GLOSS_END.search(label)
    return (label[:found.start()], found.group(1)) if found is not None and found.start() else None


def glossed(label: str, name: str) -> bool:
    """Whether ``label`` is ``name`` with a gloss in brackets after it (see :func:`gloss_of`), in any case."""
    split = gloss_of(label)
    return split is not None and split[0].casefold() == name.casefold()


def uncoded(text: str) -> str:
    """Words less the code a vocabulary numbers its terms by before them (CIDOC-CRM's "P14_carried_out_by",
    "E21_Person": "carried out by", "person"); a code alone stays ("p31")."""
    return _CODE.sub("", text)


def humanize(name: str) -> str:
    """'directedBy' / 'directed_by' -> 'directed by'."""
    # (an acronym before a word stays one word: "hasOBONamespace" -> "has obo namespace")
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name).replace("_", " ").replace("-", " ")
    return re.sub(r"\s+", " ", spaced).strip().lower()
