"""A thirty-second stand-in: a made-up bibliography in the layout of the **SP²Bench** SPARQL performance benchmark
(Schmidt, Hornung, Lausen, Pinkel, ICDE 2009), written the way its DBLP-modelled data generator ``sp2b_gen`` writes
``sp2b.n3``: one N3 file (kept under that name: ``cacherag load`` reads ``.n3``) that opens with the generator's
nine ``@prefix`` lines (``dc`` — Dublin Core elements — ``dcterms``, ``rdf``, ``rdfs``, ``swrc``
``http://swrc.ontoware.org/ontology#``, ``foaf``, ``bench`` ``http://localhost/vocabulary/bench/``, ``xsd``,
``person`` ``http://localhost/persons/``, declared but never used), then its fixed triples (``bench:Journal``,
``Proceedings``, ``Inproceedings``, ``Article``, ``Www``, ``MastersThesis``, ``PhDThesis``, ``Incollection`` and
``Book`` each ``rdfs:subClassOf foaf:Document``; the power author ``<http://localhost/persons/Paul_Erdoes>``, a
``foaf:Person`` with ``foaf:name "Paul Erdoes"``; ``<http://localhost/misc/UnknownDocument>`` a ``foaf:Document``),
then one triple a line, ``subject predicate object.`` with no space before the dot, documents in full IRIs, every
literal typed ``xsd:string`` or ``xsd:integer``. Year by year (1950, 1951), each proceedings volume followed by its
inproceedings, each journal issue by its articles, then books, incollections, theses and web documents. IRIs:
``http://localhost/publications/journals/Journal1/1950``, ``.../articles/Journal1/1950/Article1``,
``.../procs/Proceeding1/1951``, ``.../inprocs/Proceeding1/1951/Inproceeding1`` (articles and inproceedings numbered
across the year, not per venue), ``.../books/1951/Book1``, ``.../incolls/1951/Incollection1``,
``.../phds/1950/PhDThesis1``, ``.../masters/1951/MastersThesis1``, ``.../wwws/1950/WebDoc1``. A document's
attributes come in the generator's order — ``bench:abstract`` (about 150 random words), ``bench:booktitle``,
``bench:cdrom``, ``rdfs:seeAlso`` (its "ee"), ``swrc:isbn`` (``0-NNNN-NNNN-0``), ``swrc:month`` (1–12),
``swrc:note``, ``swrc:number``, ``swrc:pages`` (one integer, 1–200, not a range), ``dc:publisher`` (a publisher's
name, or for a thesis its school: one random word — the generator has no ``swrc:school``), ``swrc:series``
(1000–1999), ``dc:title``, ``foaf:homepage``, ``swrc:volume``, ``dcterms:issued`` (the year) — and the three URL
attributes are string literals ``"http://www.<word>.tld/<word>/<word>.html"``, not IRIs. Titles (and book titles)
are three random words; journals are titled "Journal 1 (1950)" with a ``swrc:volume`` counting the journal's years
and ``swrc:number`` 1, proceedings "Proceeding 1 (1951)". Articles carry no year of their own (the generator's
probability for it is 0: an article's year is its journal's), link ``swrc:journal`` to their issue; inproceedings
carry ``dcterms:partOf`` their proceedings where the generator draws a crossref (not all do) and always an
unrelated random ``bench:booktitle``. Authors are blank nodes named after the person, ``_:Fabiola_Rindfleisch``
``rdf:type foaf:Person`` and ``foaf:name``, written at their first paper, then ``<doc> dc:creator _:...``; Paul Erdoes
co-authors some papers and edits the first proceedings of the year (``swrc:editor``, as do editors who never wrote a
paper, written like authors after the editor triple). A citing document has ``dcterms:references _:referencesN``,
that bag ``rdf:type rdf:Bag`` with ``rdf:_1``, ``rdf:_2``, … the cited documents (earlier ones, or
``UnknownDocument``). Nothing carries an ``rdfs:label``; no property or class is described beyond the subclass
triples. Details checked against the generator's source; the person names, words, numbers and the triples' exact
interleaving are made up (as its source reads, the generator prints a venue's papers right after it and
the venue's editors after those).

``sp2bench_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 61). Reuses the saga benchmark's runner.

    python benchmarks/sp2bench_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from saga_graph import run, written

HEADER = """@prefix dc: <http://purl.org/dc/elements/1.1/> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdf:  <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix swrc: <http://swrc.ontoware.org/ontology#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix bench: <http://localhost/vocabulary/bench/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix person: <http://localhost/persons/> .
"""
CLASSES = ("Journal", "Proceedings", "Inproceedings", "Article", "Www", "MastersThesis", "PhDThesis", "Incollection",
           "Book")
ERDOES = "<http://localhost/persons/Paul_Erdoes>"
UNKNOWN = "<http://localhost/misc/UnknownDocument>"
PUB = "http://localhost/publications"
# the words abstracts are drawn from, as the generator's title-word list gives them
WORDS = ("quibbled ramekins outfoxed lanyards sternums befogged cobblers unlaced hammocks plinths swindled dewiest "
         "grommets tarpons overbought pinwheels jousted cudgeling farrows mizzens retooled spavins bellwethers "
         "unspooled gaskets waxwings corbels nettled yardarms sluiced kindling foisted burghers scuppers wheedling "
         "tinctures outshone palings riffling soughed").split()
# the attributes a document may carry, in the order the generator relates them: key, predicate, integer-typed
ATTRIBUTES = (("abstract", "bench:abstract", False), ("booktitle", "bench:booktitle", False),
              ("cdrom", "bench:cdrom", False), ("ee", "rdfs:seeAlso", False), ("isbn", "swrc:isbn", False),
              ("month", "swrc:month", True), ("note", "swrc:note", False), ("number", "swrc:number", True),
              ("pages", "swrc:pages", True), ("publisher", "dc:publisher", False), ("school", "dc:publisher", False),
              ("series", "swrc:series", True), ("title", "dc:title", False), ("url", "foaf:homepage", False),
              ("volume", "swrc:volume", True), ("year", "dcterms:issued", True))
URLS = ("cdrom", "ee", "url")  # written "http://www.<w1>.tld/<w2>/<w3>.html" from three words

# (journal number, year): volume, editors
JOURNALS: dict[tuple[int, int], tuple[int, list[str]]] = {
    (1, 1950): (1, ["Wendeline Kossak"]),
    (1, 1951): (2, []),
    (2, 1951): (1, ["Casimir Pfaffinger"]),
}
# (year, article number): journal number, attributes, authors, (reference bag, cited documents) or None
ARTICLES: dict[tuple[int, int], tuple[int, dict[str, str | int], list[str], tuple[int, list[str]] | None]] = {
    (1950, 1): (1, {"ee": "bedrolls fernery quarried", "pages": 37, "title": "unshackled fernery tabulators",
                    "url": "tabulators unshackled hornbeams"}, ["Fabiola Rindfleisch", "Paul Erdoes"], None),
    (1950, 2): (1, {"pages": 112, "title": "gristmills overpaid lutanists", "url": "lutanists gristmills flagons"},
                ["Heribert Wolkenstein", "Fabiola Rindfleisch"], None),
    (1950, 3): (1, {"ee": "bedpost quavering wigwams",
                    "note": "cozening mudflats outjumped lorgnettes parboils reheated",
                    "pages": 64, "title": "quavering bedpost reinvested", "url": "reinvested bedpost sextants"},
                ["Ulrike Trebitsch", "Sieglinde Moosbrugger"], None),
    (1951, 1): (1, {"month": 7, "pages": 151, "title": "mottled cantilevers unhinged",
                    "url": "cantilevers mottled hayforks"}, ["Heribert Wolkenstein", "Paul Erdoes"],
                (2, ["articles/Journal1/1950/Article2", "articles/Journal1/1950/Article3",
                     "phds/1950/PhDThesis1"])),
    (1951, 2): (1, {"abstract": 150, "ee": "outgrowths hairsprings galoshes", "pages": 19,
                    "title": "hairsprings distending outgrowths", "url": "distending outgrowths tollbooths"},
                ["Zenobia Kaltenecker", "Ulrike Trebitsch"], None),
    (1951, 3): (2, {"cdrom": "cudgels spinnakers dormers", "pages": 88, "title": "spinnakers overrode cudgels",
                    "url": "overrode spinnakers ferrules"}, ["Leopold Fassbinder", "Fabiola Rindfleisch"],
                (3, ["articles/Journal1/1950/Article1", "misc/UnknownDocument"])),
    (1951, 4): (2, {"ee": "fiddlers weatherboards lintels", "pages": 140, "title": "weatherboards unsnapped fiddlers",
                    "url": "unsnapped fiddlers seedbeds"}, ["Marisol Eichhorst"], None),
}
# (proceedings number, year): attributes, editors (Paul Erdoes first, as the generator adds him)
PROCEEDINGS: dict[tuple[int, int], tuple[dict[str, str | int], list[str]]] = {
    (1, 1951): ({"booktitle": "crumpets refiled smelters", "isbn": "0-4417-2096-0",
                 "publisher": "Kluwer Academic Publishers", "series": 1342, "title": "Proceeding 1 (1951)",
                 "url": "smelters crumpets outsoared", "volume": 1}, ["Paul Erdoes", "Ottokar Seidlhofer"]),
}
# (year, inproceedings number): proceedings number, part of it (the crossref), attributes, authors, references
INPROCEEDINGS: dict[tuple[int, int],
                    tuple[int, bool, dict[str, str | int], list[str], tuple[int, list[str]] | None]] = {
    (1951, 1): (1, True, {"booktitle": "tweezers hayricks defrosted", "ee": "nonmembers flintlocks gussets",
                          "pages": 45, "title": "flintlocks bewailed nonmembers", "url": "bewailed flintlocks sumacs"},
                ["Marisol Eichhorst", "Leopold Fassbinder"], None),
    (1951, 2): (1, True, {"booktitle": "corsets unbarred snowplows", "pages": 73,
                          "title": "pudgier sandbars oversights", "url": "sandbars pudgier keelhauls"},
                ["Gerlind Oberhuber", "Paul Erdoes"], None),
    (1951, 3): (1, True, {"booktitle": "plaudits crinkled waggoners", "ee": "custodians whirligigs transoms",
                          "pages": 12, "title": "refuelled whirligigs custodians",
                          "url": "whirligigs refuelled abacuses"},
                ["Gerlind Oberhuber", "Zenobia Kaltenecker"],
                (1, ["articles/Journal1/1950/Article3", "articles/Journal1/1950/Article1"])),
    (1951, 4): (1, False, {"booktitle": "gazebos mildewed pinafores", "pages": 190,
                           "title": "tinseled oxbows plenipotentiaries", "url": "oxbows tinseled gimlets"},
                ["Anselm Grubhofer"], None),
}
# IRI path below publications/: class, attributes, authors
OTHERS: dict[int, list[tuple[str, str, dict[str, str | int], list[str]]]] = {
    1950: [("phds/1950/PhDThesis1", "PhDThesis",
            {"school": "tollgates", "title": "marauding bailiwicks inkblots"}, ["Heribert Wolkenstein"]),
           ("wwws/1950/WebDoc1", "Www", {"title": "jangled sorrels feedbags", "url": "sorrels jangled trivets"},
            ["Casimir Pfaffinger", "Gerlind Oberhuber"])],
    1951: [("books/1951/Book1", "Book",
            {"isbn": "0-7352-1189-0", "publisher": "Springer-Verlag, Germany and New York", "series": 1577,
             "title": "ramparts caroling dewlaps"}, ["Anselm Grubhofer", "Sieglinde Moosbrugger"]),
           ("incolls/1951/Incollection1", "Incollection",
            {"booktitle": "lynchpins ferrying tankards", "ee": "eggheads quietudes bunions", "pages": 27,
             "title": "lampooned quietudes eggheads", "url": "quietudes lampooned cupolas"},
            ["Ivo Kranabetter", "Ulrike Trebitsch"]),
           ("masters/1951/MastersThesis1", "MastersThesis",
            {"school": "wickerwork", "title": "sheepfolds renumbered gadabouts", "url": "gadabouts sheepfolds raffia"},
            ["Ivo Kranabetter"])],
}


def _babble(seed: int, count: int) -> str:
    """``count`` words from the dictionary, as the generator's abstracts read."""
    return " ".join(WORDS[hashlib.md5(f"{seed}:{k}".encode()).digest()[0] % len(WORDS)] for k in range(count))


def _person(name: str) -> str:
    return ERDOES if name == "Paul Erdoes" else "_:" + name.replace(" ", "_")


def _value(key: str, value: str | int, integer: bool) -> str:
    if key in URLS:
        host, path, page = str(value).split()
        value = f"http://www.{host}.tld/{path}/{page}.html"
    return f'"{value}"^^xsd:{"integer" if integer else "string"}'


class Writer:
    """The generator's output lines, a person's own triples written only where the person first appears."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seen: set[str] = {"Paul Erdoes"}

    def triple(self, subject: str, predicate: str, obj: str) -> None:
        self.lines.append(f"{subject} {predicate} {obj}.")

    def person(self, name: str) -> None:
        if name not in self.seen:
            self.seen.add(name)
            self.triple(_person(name), "rdf:type", "foaf:Person")
            self.triple(_person(name), "foaf:name", f'"{name}"^^xsd:string')

    def document(self, iri: str, cls: str, attributes: dict[str, str | int], year: int | None) -> None:
        self.triple(iri, "rdf:type", f"bench:{cls}")
        values = dict(attributes) | ({"year": year} if year else {})
        if "abstract" in values:
            values["abstract"] = _babble(len(iri), int(values["abstract"]))  # a word count in the constants
        for key, predicate, integer in ATTRIBUTES:
            if key in values:
                self.triple(iri, predicate, _value(key, values[key], integer))

    def authors(self, iri: str, names: list[str]) -> None:
        for name in names:
            self.person(name)
            self.triple(iri, "dc:creator", _person(name))

    def editors(self, iri: str, names: list[str]) -> None:
        for name in names:
            self.triple(iri, "swrc:editor", _person(name))
            self.person(name)

    def references(self, iri: str, cites: tuple[int, list[str]] | None) -> None:
        if cites:
            bag, cited = cites
            self.triple(iri, "dcterms:references", f"_:references{bag}")
            self.triple(f"_:references{bag}", "rdf:type", "rdf:Bag")
            for k, path in enumerate(cited, 1):
                target = UNKNOWN if path == "misc/UnknownDocument" else f"<{PUB}/{path}>"
                self.triple(f"_:references{bag}", f"rdf:_{k}", target)


def _proceedings(out: Writer, year: int) -> None:
    for (pnr, pyear), (attributes, editors) in PROCEEDINGS.items():
        if pyear != year:
            continue
        proc = f"<{PUB}/procs/Proceeding{pnr}/{year}>"
        out.document(proc, "Proceedings", attributes, year)
        for (iyear, inr), (of, part, iattributes, authors, cites) in INPROCEEDINGS.items():
            if iyear == year and of == pnr:
                inproc = f"<{PUB}/inprocs/Proceeding{pnr}/{year}/Inproceeding{inr}>"
                out.document(inproc, "Inproceedings", iattributes, year)
                if part:
                    out.triple(inproc, "dcterms:partOf", proc)
                out.authors(inproc, authors)
                out.references(inproc, cites)
        out.editors(proc, editors)


def _journal(out: Writer, jnr: int, year: int) -> None:
    volume, editors = JOURNALS[(jnr, year)]
    journal = f"<{PUB}/journals/Journal{jnr}/{year}>"
    out.document(journal, "Journal", {"number": 1, "title": f"Journal {jnr} ({year})", "volume": volume}, year)
    for (ayear, anr), (of, attributes, authors, cites) in ARTICLES.items():
        if ayear == year and of == jnr:
            article = f"<{PUB}/articles/Journal{jnr}/{year}/Article{anr}>"
            out.document(article, "Article", attributes, None)
            out.triple(article, "swrc:journal", journal)
            out.authors(article, authors)
            out.references(article, cites)
    out.editors(journal, editors)


def dataset() -> str:
    out = Writer()
    for cls in CLASSES:
        out.triple(f"bench:{cls}", "rdfs:subClassOf", "foaf:Document")
    out.triple(ERDOES, "rdf:type", "foaf:Person")
    out.triple(ERDOES, "foaf:name", '"Paul Erdoes"^^xsd:string')
    out.triple(UNKNOWN, "rdf:type", "foaf:Document")
    for year in sorted({y for _, y in JOURNALS}):
        _proceedings(out, year)
        for jnr in sorted(n for n, y in JOURNALS if y == year):
            _journal(out, jnr, year)
        for path, cls, attributes, authors in OTHERS.get(year, []):
            iri = f"<{PUB}/{path}>"
            out.document(iri, cls, attributes, None if cls == "Www" else year)  # a web page's year is rare
            out.authors(iri, authors)
    return HEADER + "\n".join(out.lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    """The generator's one N3 file, in ``out``; the files written."""
    return written(out, {"sp2b.n3": dataset()})


if __name__ == "__main__":
    run(__doc__, write_graph, "sp2bench")
