"""A twenty-sixth stand-in: a made-up university library's catalogue in **BIBFRAME 2.0**
(``http://id.loc.gov/ontologies/bibframe/``) as libraries publish theirs (the Library of Congress's id.loc.gov, the
output of LC's marc2bibframe2 conversion), with its name, place and subject authorities in **MADS/RDF**
(``http://www.loc.gov/mads/rdf/v1#``) and **SKOS-XL** as id.loc.gov serves them. Three Turtle files: the catalogue
(works, instances, series), the authorities (names, subjects, genre forms and the real-world objects behind the
names, minted on the library's own authority server in id.loc.gov's paths: ``authorities/names/n79043112``,
``rwo/agents/n79043112``, ``authorities/subjects/sh…``, ``authorities/genreForms/gf…``) and an excerpt of LC's
real controlled vocabularies (relators, languages, carriers, media, description status, the cataloguing agency).

A book is two nodes: a ``bf:Work`` (also ``bf:Text``) and its ``bf:Instance`` (also ``bf:Print``) joined by
``bf:instanceOf`` from every instance and ``bf:hasInstance`` from most works; one work has two instances (a first
edition and a reissue). Neither is named by ``rdfs:label`` but by ``bf:title`` → a blank ``bf:Title`` with
``bf:mainTitle`` (in cataloguers' sentence case: "The whaler's daughter", "Harbour lights") and, for some, a
``bf:subtitle``; the work and the instance each have their own Title node with the same main title, one instance
also a ``bf:VariantTitle``. Four works carry an ``rdfs:label`` in LC's authorized-access-point form ("Aske,
Ragnhild, 1921-1988. Hvalfangerens datter", a translation "… Hvalfangerens datter. English") and three instances the
transcribed title and statement of responsibility ("Harbour lights / Tobias Marsh ; illustrated by Maja
Lindqvist."); the rest have none. Who made a work sits on n-ary blank ``bf:Contribution`` nodes
(``bf:contribution``; the main author's also typed ``bf:PrimaryContribution``) with ``bf:agent`` → the name
authority's IRI and ``bf:role`` → a relator IRI (``relators:aut`` / ``ill`` / ``trl`` / ``edt``, each a ``bf:Role``
with ``rdfs:label`` "author", "illustrator", "translator", "editor" in the catalogue and
``madsrdf:authoritativeLabel`` "Author"@en … in the vocabulary excerpt); one contribution has two roles (an
author-illustrator), an anthology has only an editor and no primary contribution. The catalogue types each agent
``bf:Person`` or ``bf:Organization`` and gives five of them an ``rdfs:label``; the authority file makes each a
``madsrdf:PersonalName`` / ``madsrdf:CorporateName`` and ``madsrdf:Authority`` named by
``madsrdf:authoritativeLabel`` as LC writes a heading — surname, comma, forenames, comma, dates ("Aske, Ragnhild,
1921-1988", "Brekke, Sindre, 1947-") — with ``madsrdf:hasVariant`` → blank variant nodes (``madsrdf:variantLabel``:
a pseudonym, a maiden name, initials), some names also ``skosxl:prefLabel`` / ``skosxl:altLabel`` → a blank
``skosxl:Label`` with ``skosxl:literalForm`` (three variants only there), and ``madsrdf:identifiesRWO`` → a
``madsrdf:RWO`` / ``foaf:Person`` node (half of them with an ``rdfs:label``) holding ``madsrdf:birthDate`` and
``madsrdf:deathDate`` as EDTF-typed literals ("1921-03-14", or a bare year), ``madsrdf:birthPlace`` → a geographic
authority ("Brenholm (Norway)") or a blank node with an ``rdfs:label``, and ``madsrdf:occupation`` → a topic.

Subjects are ``bf:subject`` → an authority IRI the catalogue types only ``bf:Topic`` / ``bf:Place`` (its
labels are in the authority file): ``madsrdf:Topic``, ``madsrdf:Geographic``, a ``madsrdf:PersonalName`` (a biography's
subject) or ``madsrdf:ComplexSubject`` ("Whaling--Norway--History", "Lighthouses--Fiction") whose
``madsrdf:componentList`` is an RDF list of the component topic / geographic authorities and blank subdivision nodes
(``madsrdf:Topic`` "History", ``madsrdf:GenreForm`` "Fiction"); most complex subjects are authorities, three are
blank nodes built inline by the conversion with an ``rdfs:label`` beside the authoritative label. Genre is
``bf:genreForm`` → a ``madsrdf:GenreForm`` authority ("Novels", "Picture books"); ``bf:language`` → LC's
``vocabulary/languages/nor`` IRIs named by ``madsrdf:authoritativeLabel`` "Norwegian"@en; ``bf:content`` → LC's
content type "text"; translations state ``bf:translationOf`` their original (one original ``bf:translation``
back); three picture books ``bf:hasSeries`` a series work, their instances a ``bf:seriesStatement`` and
``bf:seriesEnumeration``. Works also have ``bf:classification`` (``bf:ClassificationLcc``) and ``bf:adminMetadata``
→ a blank ``bf:AdminMetadata`` with its own ``bf:date`` (the cataloguing date, ``xsd:date``), ``bf:agent`` (the
cataloguing library) and ``bf:status``. The instance holds the publication: ``bf:provisionActivity`` → a blank
``bf:Publication`` with ``bf:agent`` (the publisher: two are name authorities, two blank ``bf:Agent`` nodes with only
an ``rdfs:label``, repeated per book), ``bf:place`` → a blank ``bf:Place`` with ``rdfs:label`` ("Ostermoor") and
``bf:date`` as transcribed ("1954", "[1938?]", some typed EDTF); beside it a ``bf:provisionActivityStatement``
("Ostermoor : Lanternhouse Press, 1961") and ``bf:responsibilityStatement`` (names in natural order).
``bf:identifiedBy`` → blank ``bf:Isbn`` (ISBN-10 or -13, some with a ``bf:qualifier``) and ``bf:Lccn`` nodes with
``rdf:value``; ``bf:extent`` → a blank ``bf:Extent`` with ``rdfs:label`` "412 pages : illustrations, maps ; 25 cm";
``bf:note`` → a blank ``bf:Note`` with ``rdfs:label``; ``bf:editionStatement``; ``bf:carrier`` and ``bf:media``.

``library_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run, by a
helper session that had not seen the engine run on this layout. Reuses the saga benchmark's runner.

    python benchmarks/library_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

CATALOGUE = "https://data.tvub.example.org/resources/"
AUTHORITIES = "https://id.tvub.example.org/"
EDTF = "<http://id.loc.gov/datatypes/edtf/EDTF>"
EDTF_DATE = "<http://id.loc.gov/datatypes/edtf>"  # the datatype marc2bibframe2 gives a provision activity's date
PREFIXES = """@prefix bf: <http://id.loc.gov/ontologies/bibframe/> .
@prefix madsrdf: <http://www.loc.gov/mads/rdf/v1#> .
@prefix skosxl: <http://www.w3.org/2008/05/skos-xl#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix relators: <http://id.loc.gov/vocabulary/relators/> .
@prefix languages: <http://id.loc.gov/vocabulary/languages/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""

# person key: (LCCN-style authority number, authoritative label, rdfs:label in the catalogue?,
#              variants as (label, "mads" | "skosxl"), skosxl:prefLabel too?,
#              RWO: (rdfs:label?, birth date, death date or None, birth place as (place key, "iri" | "blank") or None,
#                    occupation topic key))
PEOPLE: dict[str, tuple] = {
    "aske": ("n79043112", "Aske, Ragnhild, 1921-1988", True,
             [("Holm, Kari, 1921-1988", "mads"), ("Aske-Lund, Ragnhild, 1921-1988", "skosxl")], False,
             (True, "1921-03-14", "1988-11-02", ("tindrevik", "iri"), "novelists")),
    "brekke": ("n85217340", "Brekke, Sindre, 1947-", False, [("Brekke, S. (Sindre), 1947-", "mads")], False,
               (False, "1947-07-09", None, ("kvaldborg", "blank"), "illustrators")),
    "farrow": ("n80066251", "Farrow, Edith Lane, 1930-2011", True,
               [("Lane, Edith, 1930-2011", "skosxl"), ("Farrow, Edith, 1930-2011", "mads")], True,
               (False, "1930", "2011-05-19", ("ostermoor", "iri"), "translators")),
    "vold": ("n50031874", "Vold, Halvard, 1899-1962", False, [("Vold, H. (Halvard), 1899-1962", "mads")], False,
             (False, "1899-12-01", "1962-02-08", ("brenholm", "iri"), "historians")),
    "marsh": ("n2008041922", "Marsh, Tobias, 1965-", True, [("Marsh, Toby, 1965-", "mads")], False,
              (True, "1965-04-22", None, ("carrowby", "blank"), "authors")),
    "nyhus": ("n90712458", "Nyhus, Ingeborg, 1958-", False, [], True,
              (True, "1958-02-17", None, ("tindrevik", "iri"), "poets")),
    "quill": ("n2001093317", "Quill, Adrian, 1972-", False, [("Quill, A. J. (Adrian James), 1972-", "mads")], False,
              (False, "1972", None, None, "translators")),
    "strand": ("n72011845", "Strand, Oddny, 1936-2004", True, [("Strand-Eide, Oddny, 1936-2004", "mads")], False,
               (True, "1936-08-05", "2004-01-23", ("brenholm", "blank"), "authors")),
    "lindqvist": ("n2010187420", "Lindqvist, Maja, 1981-", False, [("Lindqvist, Maja Elin, 1981-", "skosxl")], True,
                  (False, "1981-09-30", None, ("norrhamn", "iri"), "illustrators")),
    "pell": ("n2011052283", "Pell, Harriet, 1954-", False, [], False,
             (True, "1954-10-11", None, ("carrowby", "iri"), "biographers")),
}
# publisher key: (authority number or None for a blank bf:Agent, name, rdfs:label in the catalogue?,
#                 skosxl:prefLabel too?, variant names)
PUBLISHERS: dict[str, tuple[str | None, str, bool, bool, list[str]]] = {
    "kvaldborg": ("no95012034", "Kvaldborg Forlag", True, False, ["Forlaget Kvaldborg"]),
    "lanternhouse": ("n82031877", "Lanternhouse Press", False, True, ["Lanternhouse Press Ltd."]),
    "grafjord": (None, "Gråfjord Forlag", True, False, []),
    "tvup": (None, "Tindrevik universitetsforlag", True, False, []),
}
# geographic authorities (in the name file, as LC keeps them): key: (number, authoritative label)
PLACES: dict[str, tuple[str, str]] = {
    "norway": ("n78089021", "Norway"),
    "tindrevik": ("n81130462", "Tindrevik (Norway)"),
    "kvaldborg": ("n83047715", "Kvaldborg (Norway)"),
    "brenholm": ("n86102359", "Brenholm (Norway)"),
    "ostermoor": ("n79058830", "Ostermoor (England)"),
    "carrowby": ("n82117604", "Carrowby (England)"),
    "norrhamn": ("n2002061148", "Norrhamn (Sweden)"),
}
# topical authorities: key: (number, authoritative label, variant labels)
TOPICS: dict[str, tuple[str, str, list[str]]] = {
    "whaling": ("sh85146374", "Whaling", ["Whale fishing"]),
    "whaling-stations": ("sh85146391", "Whaling stations", []),
    "fathers-daughters": ("sh85047632", "Fathers and daughters", ["Daughters and fathers"]),
    "lighthouses": ("sh85076940", "Lighthouses", ["Light-houses"]),
    "islands": ("sh85068560", "Islands", []),
    "puffins": ("sh85108720", "Puffins", []),
    "friendship": ("sh85052192", "Friendship", []),
    "storms": ("sh85128327", "Storms", []),
    "winter": ("sh85147194", "Winter", []),
    "coasts": ("sh85027486", "Coasts", ["Coastlines", "Seashore"]),
    "fishing-villages": ("sh85049395", "Fishing villages", []),
    "women": ("sh85147274", "Women", []),
    "women-authors": ("sh85147289", "Women authors, Norwegian", ["Norwegian women authors"]),
    "shipwrecks": ("sh85121833", "Shipwrecks", []),
    "sea-birds": ("sh85119234", "Sea birds", ["Seabirds"]),
    "short-stories": ("sh85121796", "Short stories, Norwegian", ["Norwegian short stories"]),
    "novelists": ("sh85093225", "Novelists", []),
    "illustrators": ("sh85064301", "Illustrators", []),
    "translators": ("sh85137115", "Translators", []),
    "historians": ("sh85061091", "Historians", []),
    "authors": ("sh85009840", "Authors", []),
    "poets": ("sh85103732", "Poets", []),
    "biographers": ("sh85014187", "Biographers", []),
}
# free-floating subdivisions, blank nodes in a component list: key: (MADS class, label)
SUBDIVISIONS: dict[str, tuple[str, str]] = {
    "fiction": ("GenreForm", "Fiction"), "history": ("Topic", "History"), "poetry": ("GenreForm", "Poetry"),
    "biography": ("GenreForm", "Biography"), "social-life": ("Topic", "Social life and customs"),
}
# complex subjects: key: (authority number, or None when the conversion built it inline as a blank node,
#                         components as (kind, key) with kind topic / place / sub)
COMPLEX: dict[str, tuple[str | None, list[tuple[str, str]]]] = {
    "whaling-fiction": ("sh2008113520", [("topic", "whaling"), ("sub", "fiction")]),
    "fathers-daughters-fiction": (None, [("topic", "fathers-daughters"), ("sub", "fiction")]),
    "lighthouses-fiction": ("sh2008106784", [("topic", "lighthouses"), ("sub", "fiction")]),
    "islands-norway-fiction": ("sh2010117305", [("topic", "islands"), ("place", "norway"), ("sub", "fiction")]),
    "whaling-norway-history": ("sh85146380", [("topic", "whaling"), ("place", "norway"), ("sub", "history")]),
    "winter-poetry": (None, [("topic", "winter"), ("sub", "poetry")]),
    "norway-social-life-fiction": ("sh2009125640", [("place", "norway"), ("sub", "social-life"), ("sub", "fiction")]),
    "women-norway-fiction": (None, [("topic", "women"), ("place", "norway"), ("sub", "fiction")]),
    "fishing-villages-fiction": ("sh2008103592", [("topic", "fishing-villages"), ("sub", "fiction")]),
    "women-authors-biography": ("sh2007008913", [("topic", "women-authors"), ("sub", "biography")]),
    "shipwrecks-norway-history": ("sh85121845", [("topic", "shipwrecks"), ("place", "norway"), ("sub", "history")]),
}
# genre / form authorities: key: (number, authoritative label)
GENRES: dict[str, tuple[str, str]] = {
    "novels": ("gf2015026020", "Novels"), "picture-books": ("gf2016026040", "Picture books"),
    "poetry": ("gf2014026481", "Poetry"), "short-stories": ("gf2015026065", "Short stories"),
    "biographies": ("gf2014026049", "Biographies"), "histories": ("gf2014026115", "Histories"),
}
LANGUAGES = {"nor": "Norwegian", "eng": "English", "swe": "Swedish"}
ROLES = {"aut": "author", "ill": "illustrator", "trl": "translator", "edt": "editor"}
# work key: {number, title: (main, subtitle or None), label (rdfs:label) or None, language,
#            contributions: [(agent key, [roles], primary?)], subjects: [(kind, key)], genre, translation of,
#            series: (work key, number) or None, lcc: (class, item), catalogued (date), has instance stated?}
WORKS: dict[str, dict] = {
    "hvalfangerens-datter": dict(
        number="20741831", title=("Hvalfangerens datter", None),
        label="Aske, Ragnhild, 1921-1988. Hvalfangerens datter", language="nor",
        contributions=[("aske", ["aut"], True)],
        subjects=[("complex", "whaling-fiction"), ("complex", "fathers-daughters-fiction")], genre="novels",
        lcc=("PT8950.A77", "H83 1954"), catalogued="2019-04-02", has_instance=True),
    "whalers-daughter": dict(
        number="20741832", title=("The whaler's daughter", None),
        label="Aske, Ragnhild, 1921-1988. Hvalfangerens datter. English", language="eng",
        contributions=[("aske", ["aut"], True), ("farrow", ["trl"], False)],
        subjects=[("complex", "whaling-fiction"), ("complex", "fathers-daughters-fiction")], genre="novels",
        translation_of="hvalfangerens-datter", lcc=("PT8950.A77", "H8313 1961"), catalogued="2019-04-02",
        has_instance=True),
    "fyret": dict(
        number="20741840", title=("Fyret på Skjærholmen", None), label=None, language="nor",
        contributions=[("aske", ["aut"], True), ("brekke", ["ill"], False)],
        subjects=[("complex", "lighthouses-fiction"), ("complex", "islands-norway-fiction")], genre="novels",
        lcc=("PT8950.A77", "F97 1969"), catalogued="2019-04-05", has_instance=False),
    "hvalfangst": dict(
        number="20741855", title=("Hvalfangst langs kysten", "fra de første stasjonene til 1930"),
        label="Vold, Halvard, 1899-1962. Hvalfangst langs kysten", language="nor",
        contributions=[("vold", ["aut"], True)],
        subjects=[("complex", "whaling-norway-history"), ("topic", "whaling-stations")], genre="histories",
        lcc=("SH383.5.N8", "V65 1938"), catalogued="2020-01-14", has_instance=True),
    "skipsforlis": dict(
        number="20741856", title=("Skipsforlis ved Brenholm", None), label=None, language="nor",
        contributions=[("vold", ["aut"], True)],
        subjects=[("complex", "shipwrecks-norway-history"), ("place", "brenholm")], genre="histories",
        lcc=("G525", ".V65 1952"), catalogued="2020-01-14", has_instance=True),
    "harbour-lights": dict(
        number="20741870", title=("Harbour lights", None), label=None, language="eng",
        contributions=[("marsh", ["aut"], True), ("lindqvist", ["ill"], False)],
        subjects=[("topic", "lighthouses"), ("topic", "puffins")], genre="picture-books",
        series=("outer-skerries", "1"), lcc=("PZ7.1.M3745", "Har 2009"), catalogued="2021-06-30",
        has_instance=True),
    "puffin-who-stayed": dict(
        number="20741871", title=("The puffin who stayed", None), label=None, language="eng",
        contributions=[("marsh", ["aut"], True), ("lindqvist", ["ill"], False)],
        subjects=[("topic", "puffins"), ("topic", "friendship")], genre="picture-books",
        series=("outer-skerries", "2"), lcc=("PZ7.1.M3745", "Pu 2011"), catalogued="2021-06-30",
        has_instance=True),
    "storm-over-brenholm": dict(
        number="20741872", title=("Storm over Brenholm", None), label=None, language="eng",
        contributions=[("marsh", ["aut"], True), ("brekke", ["ill"], False)],
        subjects=[("topic", "storms"), ("place", "brenholm")], genre="picture-books",
        series=("outer-skerries", "3"), lcc=("PZ7.1.M3745", "St 2014"), catalogued="2021-07-01",
        has_instance=False),
    "saltvinter": dict(
        number="20741880", title=("Saltvinter", "dikt"), label=None, language="nor",
        contributions=[("nyhus", ["aut"], True)],
        subjects=[("complex", "winter-poetry"), ("topic", "coasts")], genre="poetry",
        translation="salt-winter", lcc=("PT8951.24.Y48", "S25 1994"), catalogued="2020-03-09", has_instance=True),
    "salt-winter": dict(
        number="20741881", title=("Salt winter", "poems"), label=None, language="eng",
        contributions=[("nyhus", ["aut"], True), ("quill", ["trl"], False)],
        subjects=[("complex", "winter-poetry"), ("topic", "coasts")], genre="poetry",
        translation_of="saltvinter", lcc=("PT8951.24.Y48", "S2513 2003"), catalogued="2020-03-09",
        has_instance=True),
    "stemmer": dict(
        number="20741890", title=("Stemmer fra kysten", "noveller fra Norge 1950-1990"), label=None,
        language="nor", contributions=[("nyhus", ["edt"], False)],
        subjects=[("complex", "norway-social-life-fiction"), ("topic", "short-stories")], genre="short-stories",
        lcc=("PT8714", ".S74 1996"), catalogued="2020-03-11", has_instance=True),
    "kvinnene": dict(
        number="20741900", title=("Kvinnene i Brenholm", "noveller"),
        label="Strand, Oddny, 1936-2004. Kvinnene i Brenholm", language="nor",
        contributions=[("strand", ["aut"], True)],
        subjects=[("complex", "women-norway-fiction"), ("complex", "fishing-villages-fiction")],
        genre="short-stories", lcc=("PT8951.29.T7", "K85 1971"), catalogued="2019-11-20", has_instance=True),
    "women-of-brenholm": dict(
        number="20741901", title=("Women of Brenholm", "stories"), label=None, language="eng",
        contributions=[("strand", ["aut"], True), ("farrow", ["trl"], False)],
        subjects=[("complex", "women-norway-fiction"), ("complex", "fishing-villages-fiction")],
        genre="short-stories", translation_of="kvinnene", lcc=("PT8951.29.T7", "K8513 1980"),
        catalogued="2019-11-20", has_instance=True),
    "oddny-strand": dict(
        number="20741910", title=("Oddny Strand", "a life on the edge of the sea"), label=None, language="eng",
        contributions=[("pell", ["aut"], True)],
        subjects=[("person", "strand"), ("complex", "women-authors-biography")], genre="biographies",
        lcc=("PT8951.29.T7", "Z83 2012"), catalogued="2022-02-17", has_instance=True),
    "faglar": dict(
        number="20741920", title=("Fåglar vid havet", None), label=None, language="swe",
        contributions=[("lindqvist", ["aut", "ill"], True)],
        subjects=[("topic", "sea-birds"), ("topic", "coasts")], genre="picture-books",
        lcc=("QL690.N8", "L56 2016"), catalogued="2022-09-05", has_instance=True),
}
# series: key: (number, title)
SERIES = {"outer-skerries": ("20741869", "Tales of the Outer Skerries")}
# instance number: {work, publisher, place, date (value, EDTF-typed?), extent, isbn [(value, qualifier or None)],
#                   lccn, label (rdfs:label) or None, responsibility, statement (provision statement) or None,
#                   note, edition, variant title}
INSTANCES: dict[str, dict] = {
    "207418310001": dict(
        work="hvalfangerens-datter", publisher="kvaldborg", place="Kvaldborg", date=("1954", True),
        extent="287 pages ; 21 cm", lccn="54012877", label="Hvalfangerens datter / Ragnhild Aske.",
        responsibility="Ragnhild Aske", statement="Kvaldborg : Kvaldborg Forlag, 1954"),
    "207418310002": dict(
        work="hvalfangerens-datter", publisher="kvaldborg", place="Kvaldborg", date=("1978", False),
        extent="287 pages ; 20 cm", isbn=[("820311234X", "innbundet")], responsibility="Ragnhild Aske",
        edition="2. utgave", note="Reissue of the 1954 edition, with a new afterword by the author."),
    "207418320001": dict(
        work="whalers-daughter", publisher="lanternhouse", place="Ostermoor", date=("1961", False),
        extent="256 pages ; 22 cm", lccn="61009342",
        responsibility="Ragnhild Aske ; translated from the Norwegian by Edith Lane Farrow",
        statement="Ostermoor : Lanternhouse Press, 1961", note="Translation of: Hvalfangerens datter."),
    "207418400001": dict(
        work="fyret", publisher="kvaldborg", place="Kvaldborg", date=("1969", True),
        extent="198 pages : illustrations ; 21 cm", responsibility="Ragnhild Aske ; tegninger av Sindre Brekke"),
    "207418550001": dict(
        work="hvalfangst", publisher="tvup", place="Tindrevik", date=("[1938?]", False),
        extent="412 pages : illustrations, maps ; 25 cm", lccn="38004417", responsibility="av Halvard Vold",
        statement="Tindrevik : Tindrevik universitetsforlag, [1938?]",
        note="Includes bibliographical references (pages 401-408) and index."),
    "207418560001": dict(
        work="skipsforlis", publisher="kvaldborg", place="Kvaldborg", date=("1952", True),
        extent="230 pages : illustrations ; 23 cm", lccn="52011093", responsibility="Halvard Vold"),
    "207418700001": dict(
        work="harbour-lights", publisher="lanternhouse", place="Ostermoor", date=("2009", False),
        extent="32 unnumbered pages : color illustrations ; 27 cm", isbn=[("9781907214035", None)],
        label="Harbour lights / Tobias Marsh ; illustrated by Maja Lindqvist.",
        responsibility="Tobias Marsh ; illustrated by Maja Lindqvist",
        series_statement="Tales of the Outer Skerries ; 1", series_number="1",
        statement="Ostermoor : Lanternhouse Press, 2009"),
    "207418710001": dict(
        work="puffin-who-stayed", publisher="lanternhouse", place="Ostermoor", date=("2011", False),
        extent="32 unnumbered pages : color illustrations ; 27 cm", isbn=[("9781907214110", "hardback")],
        responsibility="Tobias Marsh ; illustrated by Maja Lindqvist",
        series_statement="Tales of the Outer Skerries ; 2", series_number="2"),
    "207418720001": dict(
        work="storm-over-brenholm", publisher="lanternhouse", place="Ostermoor", date=("2014", False),
        extent="40 unnumbered pages : color illustrations ; 27 cm", isbn=[("9781907214271", None)],
        responsibility="Tobias Marsh ; pictures by Sindre Brekke",
        series_statement="Tales of the Outer Skerries ; 3", series_number="3"),
    "207418800001": dict(
        work="saltvinter", publisher="grafjord", place="Tindrevik", date=("1994", True), extent="86 pages ; 20 cm",
        isbn=[("8290417128", None)], responsibility="Ingeborg Nyhus", statement="Tindrevik : Gråfjord, 1994"),
    "207418810001": dict(
        work="salt-winter", publisher="lanternhouse", place="Ostermoor", date=("2003", False),
        extent="101 pages ; 21 cm", isbn=[("0953881245", "paperback")],
        responsibility="Ingeborg Nyhus ; translated by Adrian Quill"),
    "207418900001": dict(
        work="stemmer", publisher="grafjord", place="Tindrevik", date=("1996", False), extent="xii, 264 pages ; 22 cm",
        isbn=[("8290417209", None)], responsibility="redigert av Ingeborg Nyhus",
        label="Stemmer fra kysten : noveller fra Norge 1950-1990 / redigert av Ingeborg Nyhus."),
    "207419000001": dict(
        work="kvinnene", publisher="kvaldborg", place="Kvaldborg", date=("1971", False), extent="176 pages ; 20 cm",
        lccn="71523308", responsibility="Oddny Strand", statement="Kvaldborg : Kvaldborg, 1971"),
    "207419010001": dict(
        work="women-of-brenholm", publisher="lanternhouse", place="Ostermoor", date=("1980", False),
        extent="168 pages ; 21 cm", isbn=[("0851123317", None)], lccn="80140522",
        responsibility="Oddny Strand ; translated by Edith Lane Farrow"),
    "207419100001": dict(
        work="oddny-strand", publisher="lanternhouse", place="Ostermoor", date=("2012", False),
        extent="xiv, 342 pages : illustrations ; 24 cm", isbn=[("9781907214196", None)],
        responsibility="Harriet Pell", variant_title="Life on the edge of the sea",
        note="Includes bibliographical references (pages 321-334) and index."),
    "207419200001": dict(
        work="faglar", publisher="grafjord", place="Tindrevik", date=("2016", False),
        extent="36 pages : color illustrations ; 24 x 28 cm", isbn=[("9788290417555", None)],
        responsibility="text och bild: Maja Lindqvist"),
}


def _text(value: str, language: str | None = None) -> str:
    body = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{body}"' + (f"@{language}" if language else "")


def _block(subject: str, pairs: list[tuple[str, str]]) -> str:
    """One Turtle subject with its predicate-object pairs, ``;``-separated."""
    body = " ;\n    ".join(f"{predicate} {value}" for predicate, value in pairs)
    return f"{subject}\n    {body} .\n"


def _blank(pairs: list[tuple[str, str]], indent: str = "        ") -> str:
    body = f" ;\n{indent}".join(f"{predicate} {value}" for predicate, value in pairs)
    return f"[ {body} ]"


def _name(number: str) -> str:
    return f"<{AUTHORITIES}authorities/names/{number}>"


def _person(key: str) -> str:
    return _name(PEOPLE[key][0])


def _place(key: str) -> str:
    return _name(PLACES[key][0])


def _topic(key: str) -> str:
    return f"<{AUTHORITIES}authorities/subjects/{TOPICS[key][0]}>"


def _genre(key: str) -> str:
    return f"<{AUTHORITIES}authorities/genreForms/{GENRES[key][0]}>"


def _work(key: str) -> str:
    number = WORKS[key]["number"] if key in WORKS else SERIES[key][0]
    return f"<{CATALOGUE}works/{number}>"


def _component(kind: str, key: str) -> str:
    if kind == "topic":
        return _topic(key)
    if kind == "place":
        return _place(key)
    cls, label = SUBDIVISIONS[key]
    return f"[ a madsrdf:{cls} ; madsrdf:authoritativeLabel {_text(label, 'en')} ]"


def _complex_label(key: str) -> str:
    labels = {"topic": lambda k: TOPICS[k][1], "place": lambda k: PLACES[k][1], "sub": lambda k: SUBDIVISIONS[k][1]}
    return "--".join(labels[kind](k) for kind, k in COMPLEX[key][1])


def _complex_pairs(key: str) -> list[tuple[str, str]]:
    components = " ".join(_component(kind, k) for kind, k in COMPLEX[key][1])
    return [("madsrdf:authoritativeLabel", _text(_complex_label(key), "en")),
            ("madsrdf:componentList", f"( {components} )")]


def _subject(kind: str, key: str) -> tuple[str, str]:
    """A subject as the catalogue states it: the authority's IRI (typed there), or an inline complex subject."""
    if kind == "topic":
        return _topic(key), "bf:Topic"
    if kind == "place":
        return _place(key), "bf:Place"
    if kind == "person":
        return _person(key), "bf:Person"
    number = COMPLEX[key][0]
    if number:
        return f"<{AUTHORITIES}authorities/subjects/{number}>", "bf:Topic"
    pairs = [("a", "bf:Topic, madsrdf:ComplexSubject"), ("rdfs:label", _text(_complex_label(key))),
             *_complex_pairs(key), ("bf:source", "<http://id.loc.gov/authorities/subjects>")]
    return _blank(pairs), ""


def _title(main: str, subtitle: str | None, cls: str = "bf:Title") -> str:
    pairs = [("a", cls), ("bf:mainTitle", _text(main))]
    return _blank(pairs + ([("bf:subtitle", _text(subtitle))] if subtitle else []))


def _agent_ref(key: str, seen: set[str]) -> str:
    """The publisher as a provision activity states it: its authority's IRI, or a blank agent with a label."""
    number, name, *_ = PUBLISHERS[key]
    if number is None:
        return _blank([("a", "bf:Agent"), ("rdfs:label", _text(name))], indent="            ")
    seen.add(key)
    return _name(number)


def catalogue() -> str:
    blocks = [PREFIXES + f"@base <{CATALOGUE}> .\n"]
    instances_of: dict[str, list[str]] = {}
    for number, instance in INSTANCES.items():
        instances_of.setdefault(instance["work"], []).append(number)
    typed: list[tuple[str, str]] = []  # (subject IRI, class) of the subjects referred to by IRI
    for key, work in WORKS.items():
        pairs = [("a", "bf:Work, bf:Text")]
        if work["label"]:
            pairs.append(("rdfs:label", _text(work["label"])))
        pairs.append(("bf:title", _title(*work["title"])))
        for agent, roles, primary in work["contributions"]:
            cls = "bf:Contribution, bf:PrimaryContribution" if primary else "bf:Contribution"
            contribution = [("a", cls), ("bf:agent", _person(agent))]
            contribution += [("bf:role", f"relators:{role}") for role in roles]
            pairs.append(("bf:contribution", _blank(contribution)))
        pairs.append(("bf:language", f"languages:{work['language']}"))
        pairs.append(("bf:content", "<http://id.loc.gov/vocabulary/contentTypes/txt>"))
        for kind, subject in work["subjects"]:
            node, cls = _subject(kind, subject)
            pairs.append(("bf:subject", node))
            if cls:
                typed.append((node, cls))
        pairs.append(("bf:genreForm", _genre(work["genre"])))
        if work.get("translation_of"):
            pairs.append(("bf:translationOf", _work(work["translation_of"])))
        if work.get("translation"):
            pairs.append(("bf:translation", _work(work["translation"])))
        if work.get("series"):
            pairs.append(("bf:hasSeries", _work(work["series"][0])))
        lcc, item = work["lcc"]
        pairs.append(("bf:classification", _blank([("a", "bf:ClassificationLcc"),
                                                    ("bf:classificationPortion", _text(lcc)),
                                                    ("bf:itemPortion", _text(item))])))
        if work["has_instance"]:
            pairs += [("bf:hasInstance", f"<instances/{number}>") for number in instances_of[key]]
        pairs.append(("bf:adminMetadata", _blank([
            ("a", "bf:AdminMetadata"), ("bf:status", "<http://id.loc.gov/vocabulary/mstatus/n>"),
            ("bf:date", f'"{work["catalogued"]}"^^xsd:date'),
            ("bf:agent", "<http://id.loc.gov/vocabulary/organizations/notvub>"),
            ("bf:identifiedBy", f'[ a bf:Local ; rdf:value "{work["number"]}" ]')])))
        blocks.append(_block(f"<works/{work['number']}>", pairs))
    for number, title in SERIES.values():
        blocks.append(_block(f"<works/{number}>", [
            ("a", "bf:Work, bf:Text"), ("bf:title", _title(title, None)), ("bf:language", "languages:eng"),
            ("bf:content", "<http://id.loc.gov/vocabulary/contentTypes/txt>")]))
    publishers: set[str] = set()
    for number, instance in INSTANCES.items():
        work = WORKS[instance["work"]]
        pairs = [("a", "bf:Instance, bf:Print")]
        if instance.get("label"):
            pairs.append(("rdfs:label", _text(instance["label"])))
        pairs.append(("bf:instanceOf", _work(instance["work"])))
        pairs.append(("bf:title", _title(*work["title"])))
        if instance.get("variant_title"):
            pairs.append(("bf:title", _title(instance["variant_title"], None, "bf:VariantTitle")))
        pairs.append(("bf:responsibilityStatement", _text(instance["responsibility"])))
        if instance.get("edition"):
            pairs.append(("bf:editionStatement", _text(instance["edition"])))
        date, edtf = instance["date"]
        publication = [("a", "bf:Publication"), ("bf:agent", _agent_ref(instance["publisher"], publishers)),
                       ("bf:place", f'[ a bf:Place ; rdfs:label {_text(instance["place"])} ]'),
                       ("bf:date", f'"{date}"^^{EDTF_DATE}' if edtf else _text(date))]
        pairs.append(("bf:provisionActivity", _blank(publication)))
        if instance.get("statement"):
            pairs.append(("bf:provisionActivityStatement", _text(instance["statement"])))
        if instance.get("series_statement"):
            pairs += [("bf:seriesStatement", _text(instance["series_statement"])),
                      ("bf:seriesEnumeration", _text(instance["series_number"]))]
        for isbn, qualifier in instance.get("isbn", []):
            identifier = [("a", "bf:Isbn"), ("rdf:value", _text(isbn))]
            pairs.append(("bf:identifiedBy", _blank(identifier + ([("bf:qualifier", _text(qualifier))]
                                                                   if qualifier else []))))
        if instance.get("lccn"):
            pairs.append(("bf:identifiedBy", _blank([("a", "bf:Lccn"), ("rdf:value", _text(instance["lccn"]))])))
        pairs.append(("bf:extent", _blank([("a", "bf:Extent"), ("rdfs:label", _text(instance["extent"]))])))
        if instance.get("note"):
            pairs.append(("bf:note", _blank([("a", "bf:Note"), ("rdfs:label", _text(instance["note"]))])))
        pairs += [("bf:issuance", "<http://id.loc.gov/vocabulary/issuance/mono>"),
                  ("bf:media", "<http://id.loc.gov/vocabulary/mediaTypes/n>"),
                  ("bf:carrier", "<http://id.loc.gov/vocabulary/carriers/nc>")]
        blocks.append(_block(f"<instances/{number}>", pairs))
    # agents and subjects as the conversion types them, with a label where the MARC heading gave one
    for number, label, labelled, *_ in PEOPLE.values():
        blocks.append(_block(_name(number), [("a", "bf:Person")] + ([("rdfs:label", _text(label))] if labelled
                                                                    else [])))
    for key in sorted(publishers):
        number, name, labelled, _, _ = PUBLISHERS[key]
        blocks.append(_block(_name(number), [("a", "bf:Organization")] + ([("rdfs:label", _text(name))] if labelled
                                                                          else [])))
    for node, cls in dict.fromkeys(typed):
        if cls != "bf:Person":
            blocks.append(_block(node, [("a", cls)]))
    for role in ROLES:
        blocks.append(_block(f"relators:{role}", [("a", "bf:Role"), ("rdfs:label", _text(ROLES[role]))]))
    return "\n".join(blocks)


def _skosxl(label: str) -> str:
    return f"[ a skosxl:Label ; skosxl:literalForm {_text(label, 'en')} ]"


def authorities() -> str:
    names = "<http://id.loc.gov/authorities/names>"
    subjects = "<http://id.loc.gov/authorities/subjects>"
    blocks = [PREFIXES]
    for number, label, _, variants, skosxl_pref, rwo in PEOPLE.values():
        pairs = [("a", "madsrdf:PersonalName, madsrdf:Authority"), ("madsrdf:authoritativeLabel", _text(label, "en"))]
        if skosxl_pref:
            pairs.append(("skosxl:prefLabel", _skosxl(label)))
        for variant, how in variants:
            if how == "mads":
                pairs.append(("madsrdf:hasVariant", _blank([("a", "madsrdf:PersonalName, madsrdf:Variant"),
                                                            ("madsrdf:variantLabel", _text(variant, "en"))])))
            else:
                pairs.append(("skosxl:altLabel", _skosxl(variant)))
        pairs += [("madsrdf:isMemberOfMADSScheme", names),
                  ("madsrdf:identifiesRWO", f"<{AUTHORITIES}rwo/agents/{number}>")]
        blocks.append(_block(_name(number), pairs))
        rwo_labelled, born, died, birthplace, occupation = rwo
        rwo_pairs = [("a", "madsrdf:RWO, foaf:Person")]
        if rwo_labelled:
            rwo_pairs.append(("rdfs:label", _text(label)))
        rwo_pairs.append(("madsrdf:birthDate", f'"{born}"^^{EDTF}'))
        if died:
            rwo_pairs.append(("madsrdf:deathDate", f'"{died}"^^{EDTF}'))
        if birthplace:
            place, how = birthplace
            rwo_pairs.append(("madsrdf:birthPlace", _place(place) if how == "iri"
                              else f'[ a madsrdf:Geographic ; rdfs:label {_text(PLACES[place][1])} ]'))
        rwo_pairs += [("madsrdf:occupation", _topic(occupation)),
                      ("madsrdf:isIdentifiedByAuthority", _name(number))]
        blocks.append(_block(f"<{AUTHORITIES}rwo/agents/{number}>", rwo_pairs))
    for number, name, _, skosxl_pref, variants in PUBLISHERS.values():
        if number is None:
            continue
        pairs = [("a", "madsrdf:CorporateName, madsrdf:Authority"), ("madsrdf:authoritativeLabel", _text(name, "en"))]
        if skosxl_pref:
            pairs.append(("skosxl:prefLabel", _skosxl(name)))
        pairs += [("madsrdf:hasVariant", _blank([("a", "madsrdf:CorporateName, madsrdf:Variant"),
                                                 ("madsrdf:variantLabel", _text(variant, "en"))]))
                  for variant in variants]
        blocks.append(_block(_name(number), pairs + [("madsrdf:isMemberOfMADSScheme", names)]))
    for key, (_, label) in PLACES.items():
        blocks.append(_block(_place(key), [("a", "madsrdf:Geographic, madsrdf:Authority"),
                                           ("madsrdf:authoritativeLabel", _text(label, "en")),
                                           ("madsrdf:isMemberOfMADSScheme", names)]))
    for key, (_, label, variants) in TOPICS.items():
        pairs = [("a", "madsrdf:Topic, madsrdf:Authority"), ("madsrdf:authoritativeLabel", _text(label, "en"))]
        pairs += [("madsrdf:hasVariant", _blank([("a", "madsrdf:Topic, madsrdf:Variant"),
                                                 ("madsrdf:variantLabel", _text(variant, "en"))]))
                  for variant in variants]
        blocks.append(_block(_topic(key), pairs + [("madsrdf:isMemberOfMADSScheme", subjects)]))
    for key, (number, _) in COMPLEX.items():
        if number:
            blocks.append(_block(f"<{AUTHORITIES}authorities/subjects/{number}>", [
                ("a", "madsrdf:ComplexSubject, madsrdf:Authority"), *_complex_pairs(key),
                ("madsrdf:isMemberOfMADSScheme", subjects)]))
    for key, (_, label) in GENRES.items():
        blocks.append(_block(_genre(key), [("a", "madsrdf:GenreForm, madsrdf:Authority"),
                                           ("madsrdf:authoritativeLabel", _text(label, "en")),
                                           ("madsrdf:isMemberOfMADSScheme",
                                            "<http://id.loc.gov/authorities/genreForms>")]))
    return "\n".join(blocks)


def vocabularies() -> str:
    """The entries of LC's controlled vocabularies the catalogue points to, as id.loc.gov serves them."""
    blocks = [PREFIXES]
    for code, label in LANGUAGES.items():
        blocks.append(_block(f"languages:{code}", [("a", "madsrdf:Language, madsrdf:Authority"),
                                                   ("madsrdf:authoritativeLabel", _text(label, "en")),
                                                   ("madsrdf:code", _text(code)),
                                                   ("madsrdf:isMemberOfMADSScheme",
                                                    "<http://id.loc.gov/vocabulary/languages>")]))
    for code, label in ROLES.items():
        blocks.append(_block(f"relators:{code}", [("a", "madsrdf:Authority"),
                                                  ("madsrdf:authoritativeLabel", _text(label.capitalize(), "en")),
                                                  ("madsrdf:code", _text(code)),
                                                  ("madsrdf:isMemberOfMADSScheme",
                                                   "<http://id.loc.gov/vocabulary/relators>")]))
    for iri, label, code in [("contentTypes/txt", "text", "txt"), ("mediaTypes/n", "unmediated", "n"),
                             ("carriers/nc", "volume", "nc"), ("issuance/mono", "single unit", "mono"),
                             ("mstatus/n", "new", "n")]:
        blocks.append(_block(f"<http://id.loc.gov/vocabulary/{iri}>", [
            ("a", "madsrdf:Authority"), ("madsrdf:authoritativeLabel", _text(label, "en")),
            ("madsrdf:code", _text(code))]))
    blocks.append(_block("<http://id.loc.gov/vocabulary/organizations/notvub>", [
        ("a", "bf:Organization, madsrdf:Organization"), ("rdfs:label", _text("Tindrevik universitetsbibliotek")),
        ("madsrdf:authoritativeLabel", _text("Tindrevik universitetsbibliotek")), ("madsrdf:code", _text("No-TvUB"))]))
    return "\n".join(blocks)


def write_graph(out: Path) -> list[Path]:
    """The catalogue, its authorities and the LC vocabulary excerpt as three Turtle files in ``out``."""
    return written(out, {"catalogue.ttl": catalogue(), "authorities.ttl": authorities(),
                         "vocabularies.ttl": vocabularies()})


if __name__ == "__main__":
    run(__doc__, write_graph, "library")
