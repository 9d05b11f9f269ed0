"""A twenty-second stand-in: a made-up world of film people, films, novels, publishers, schools, awards and places
stated the way **full DBpedia** states the real one, as a user gets it from the DBpedia dumps (the 2016-10 English
release: one file per dataset, ``.ttl`` files written as N-Triples lines between ``# started`` / ``# completed``
comments, every resource under ``http://dbpedia.org/resource/``) or from the public SPARQL endpoint that loads them
all together, with the ontology shipped separately as ``dbpedia_2016-10.owl`` (RDF/XML). Not the clean ontology-only
extract of ``books_graph.py``: most facts are stated twice, by a ``dbo:`` ontology property (camel case:
``dbo:director``, ``dbo:starring``, ``dbo:birthPlace`` naming the town and for some the country as well,
``dbo:spouse`` on one spouse's page only, ``dbo:releaseDate`` an ``xsd:date`` with two values for a film with a
festival premiere, ``dbo:runtime`` an ``xsd:double`` of seconds beside ``dbo:Work/runtime`` in
``http://dbpedia.org/datatype/minute``, ``dbo:populationTotal`` an ``xsd:nonNegativeInteger``, ``dbo:areaTotal`` in
m² beside ``dbo:PopulatedPlace/areaTotal`` in km², ``dbo:budget`` in ``datatype/usDollar``, ``dbo:birthYear`` an
``xsd:gYear`` and for one actor the only birth date) and again by the raw infobox ``dbp:`` properties, messily
(``dbp:birthPlace`` "Saltmere, Arvenia"@en or a resource, ``dbp:released`` as "February 14, 2003"@en, an integer
year or a ``gMonthDay``, ``dbp:starring`` a resource list or one comma-separated string, ``dbp:runtime`` "99
minutes"@en, ``dbp:largestCity`` "capital"@en, ``dbp:caption``, ``dbp:wikiPageUsesTemplate``), the infobox
properties described only by ``infobox_property_definitions`` labels. Occupations go through ``dbo:occupation`` to
unlabelled ``dbr:Name__1`` ``dbo:PersonFunction`` nodes. Resources are named by ``rdfs:label`` in English (a film
sharing a place's name as "Saltmere (film)"), German and French, by ``foaf:name`` (and ``foaf:givenName`` /
``foaf:surname`` from persondata), described by ``rdfs:comment`` and ``dbo:abstract`` in several languages, and
carry their Wikipedia page (``foaf:isPrimaryTopicOf`` and back ``foaf:primaryTopic``), revision
(``prov:wasDerivedFrom``), page ID, revision ID and length, images (``foaf:depiction``, ``dbo:thumbnail``), geo
coordinates, ``owl:sameAs`` to Wikidata, YAGO and the German and French chapters (IRIs the graph says nothing else
about), and ``dbo:wikiPageWikiLink`` to everything their article links (the noisy relation that connects all).
Alternative names are redirect resources (``dbr:Ellie_Vance`` with its own label, ``dbo:wikiPageRedirects`` the
main resource, "Nightglass 2", "Republic of Arvenia"); ``dbr:Saltmere_(disambiguation)`` ``dbo:wikiPageDisambiguates``
the town and the film that share the name. Wikipedia categories come through ``dct:subject`` (``dbr:Category:...``,
``skos:Concept`` with ``skos:prefLabel``, ``rdfs:label`` and ``skos:broader``). Every resource has 7 to 22
``rdf:type`` classes: its DBpedia class and superclasses, their ``schema:``, Wikidata and DUL equivalents,
``owl:Thing``, ``foaf:Person`` for people, and YAGO classes (``http://dbpedia.org/class/yago/...``, WordNet
synsets and ``Wikicat...`` from the categories). The ontology file declares the classes and properties used (and a
few unused ones, as the real one declares hundreds: ``dbo:height``, ``dbo:foundedBy``, ``dbo:leaderName``,
``dbo:cinematography``) with labels in three languages, domains, ranges, ``rdfs:subClassOf``,
``owl:equivalentClass`` / ``owl:equivalentProperty`` to schema.org and Wikidata.

``dbpedia_questions.tsv`` (36 answerable + 10 the graph cannot answer) was written before the first run (session 56).
Reuses the saga benchmark's runner.

    python benchmarks/dbpedia_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox
from saga_graph import run, written

DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
DBP = "http://dbpedia.org/property/"
DT = "http://dbpedia.org/datatype/"
YAGO = "http://dbpedia.org/class/yago/"
XSD = "http://www.w3.org/2001/XMLSchema#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
FOAF = "http://xmlns.com/foaf/0.1/"
SKOS = "http://www.w3.org/2004/02/skos/core#"
PROV = "http://www.w3.org/ns/prov#"
GEO = "http://www.w3.org/2003/01/geo/wgs84_pos#"
CURIES = {"dbo": DBO, "dbp": DBP, "dbr": DBR, "dt": DT, "yago": YAGO, "xsd": XSD, "rdf": RDF, "rdfs": RDFS,
          "owl": OWL, "foaf": FOAF, "skos": SKOS, "prov": PROV, "geo": GEO, "schema": "http://schema.org/",
          "wikidata": "http://www.wikidata.org/entity/", "dul": "http://www.ontologydesignpatterns.org/ont/dul/DUL.owl#",
          "dct": "http://purl.org/dc/terms/", "dc": "http://purl.org/dc/elements/1.1/",
          "georss": "http://www.georss.org/georss/"}


def _iri(curie: str) -> str:
    prefix, local = curie.split(":", 1)
    return f"<{CURIES[prefix]}{local}>"


def _text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def en(text: str, lang: str = "en") -> str:
    return f"{_text(text)}@{lang}"


def xsd(value: str, kind: str) -> str:
    return f'{_text(value)}^^<{XSD}{kind}>'


def unit(value: str, name: str) -> str:
    return f'{_text(value)}^^<{DT}{name}>'


def date(value: str) -> str:
    return xsd(value, "date")


def year(value: str) -> str:
    return xsd(value, "gYear")


def integer(value: str) -> str:
    return xsd(value, "integer")


def count(value: str) -> str:
    return xsd(value, "nonNegativeInteger")


# kind: (DBpedia class, YAGO classes); the class's superclasses and equivalents come from CLASSES
KINDS: dict[str, tuple[str, list[str]]] = {
    "person": ("Person", ["Person100007846", "Organism100004475", "LivingThing100004258", "CausalAgent100007347"]),
    "actor": ("Actor", ["Person100007846", "Organism100004475", "Actor109765278", "Performer110415638",
                        "Entertainer109616922"]),
    "writer": ("Writer", ["Person100007846", "Communicator109610660", "Writer110794014", "Novelist110363573"]),
    "screenwriter": ("ScreenWriter", ["Person100007846", "Writer110794014", "Screenwriter110566072"]),
    "composer": ("MusicalArtist", ["Person100007846", "Musician110340312", "Composer109947232"]),
    "film": ("Film", ["Movie106613686", "Show106619065", "Communication100033020"]),
    "book": ("Book", ["Book106410904", "Novel106367879", "Publication106589574", "Work104599396"]),
    "country": ("Country", ["Country108544813", "Region108630985", "Location100027167", "YagoGeoEntity"]),
    "city": ("City", ["City108524735", "Municipality108626283", "Location100027167", "YagoGeoEntity"]),
    "town": ("Town", ["Town108665504", "Municipality108626283", "Location100027167", "YagoGeoEntity"]),
    "village": ("Village", ["Village108672738", "Location100027167", "YagoGeoEntity"]),
    "company": ("Company", ["Company108058098", "Institution108053576", "Organization108008335"]),
    "university": ("University", ["University108286163", "Institution108053576", "Organization108008335"]),
    "college": ("College", ["School108276720", "EducationalInstitution108276342", "Organization108008335"]),
    "award": ("Award", ["Award106696483", "Symbol106806469", "Abstraction100002137"]),
    "language": ("Language", ["Language106282651", "Communication100033020"]),
    "genre": ("Genre", ["Genre105833840", "Kind105839024", "Abstraction100002137"]),
    "sea": ("Sea", ["Sea109426788", "BodyOfWater109225146", "Location100027167", "YagoGeoEntity"]),
}

# page: (kind, labels beyond the English page title, ontology facts, infobox facts, templates, categories,
#        abstracts by language, more pages the article links). A fact's value is a page name, or a literal written
#        as N-Triples; "Work/runtime" and the like are the specific (unit) properties.
W: dict[str, tuple] = {}


def page(name: str, kind: str, labels: dict[str, str], dbo: list[tuple[str, str]], dbp: list[tuple[str, str]],
         templates: list[str], categories: list[str], abstracts: dict[str, str], links: tuple[str, ...] = ()) -> None:
    W[name] = (kind, labels, dbo, dbp, templates, categories, abstracts, links)


def person(born: str, *places: str, died: str = "", where: str = "") -> list[tuple[str, str]]:
    facts = [("birthPlace", p) for p in places] + [("birthDate", date(born)), ("birthYear", year(born[:4]))]
    if died:
        facts += [("deathDate", date(died)), ("deathYear", year(died[:4])), ("deathPlace", where)]
    return facts


def film(seconds: str, minutes: str) -> list[tuple[str, str]]:
    return [("runtime", xsd(seconds, "double")), ("Work/runtime", unit(minutes, "minute"))]


PERSON_TEMPLATES = ["Infobox_person", "Birth_date_and_age", "Reflist", "Authority_control"]
FILM_TEMPLATES = ["Infobox_film", "Film_date", "Reflist", "IMDb_title", "Portal"]

# ---- people
page("Corin_Aldaine", "person", {"de": "Corin Aldaine", "fr": "Corin Aldaine"},
     person("1961-03-14", "Saltmere", "Arvenia")
     + [("almaMater", "Morrowgate_Film_Academy"), ("award", "Golden_Heron_Award"),
        ("activeYearsStartYear", year("1987"))],
     [("name", en("Corin Aldaine")), ("birthDate", date("1961-03-14")), ("birthPlace", en("Saltmere, Arvenia")),
      ("almaMater", "Morrowgate_Film_Academy"), ("occupation", en("Film director, screenwriter")),
      ("yearsActive", en("1987–present")), ("awards", "Golden_Heron_Award"),
      ("caption", en("Aldaine at the 2012 Morrowgate Film Festival"))],
     PERSON_TEMPLATES + ["Corin_Aldaine"],
     ["1961_births", "Living_people", "Arvenian_film_directors", "Arvenian_screenwriters", "People_from_Saltmere",
      "Golden_Heron_Award_winners"],
     {"en": "Corin Aldaine (born 14 March 1961) is an Arvenian film director and screenwriter. Born in Saltmere, he "
            "studied at the Morrowgate Film Academy and made his name with Saltmere (1994), a drama set in his home "
            "town, followed by The Quay Widow (1999). Both films starred his wife, Ellery Vance.",
      "de": "Corin Aldaine (* 14. März 1961 in Saltmere) ist ein arvenischer Filmregisseur und Drehbuchautor."},
     ("Ellery_Vance", "Pellwick_Pictures", "Morrowgate"))
page("Ellery_Vance", "actor", {"de": "Ellery Vance", "fr": "Ellery Vance"},
     person("1966-08-02", "Istrovo")
     + [("birthName", en("Ellery Marguerite Vance")), ("spouse", "Corin_Aldaine"), ("award", "Golden_Heron_Award"),
        ("occupation", "Ellery_Vance__1"), ("activeYearsStartYear", year("1988"))],
     [("name", en("Ellery Vance")), ("birthName", en("Ellery Marguerite Vance")), ("birthDate", date("1966-08-02")),
      ("birthPlace", en("Istrovo, Quellmark")), ("spouse", "Corin_Aldaine"), ("occupation", en("Actress")),
      ("yearsActive", en("1988–present")), ("caption", en("Vance in 2009"))],
     PERSON_TEMPLATES,
     ["1966_births", "Living_people", "Arvenian_film_actresses", "People_from_Istrovo", "Golden_Heron_Award_winners",
      "Quellish_emigrants_to_Arvenia"],
     {"en": "Ellery Marguerite Vance (born 2 August 1966) is an Arvenian actress born in Istrovo, Quellmark. She is "
            "known for her roles in Saltmere (1994), The Quay Widow (1999) and Lantern Season (2011), and won the "
            "Golden Heron Award for The Quay Widow. She is married to the director Corin Aldaine.",
      "fr": "Ellery Vance, née le 2 août 1966 à Istrovo, est une actrice arvénienne."})
page("Mattias_Orlo", "person", {"de": "Mattias Orlo", "fr": "Mattias Orlo"},
     person("1958-10-09", "Brennick", "Quellmark", died="2019-01-27", where="Istrovo")
     + [("almaMater", "University_of_Istrovo")],
     [("name", en("Mattias Orlo")), ("birthDate", date("1958-10-09")), ("birthPlace", en("Brennick, Quellmark")),
      ("deathDate", date("2019-01-27")), ("deathPlace", "Istrovo"), ("almaMater", en("University of Istrovo")),
      ("occupation", en("Film director"))],
     ["Infobox_person", "Death_date_and_age", "Reflist"],
     ["1958_births", "2019_deaths", "Quellish_film_directors", "University_of_Istrovo_alumni",
      "People_from_Brennick"],
     {"en": "Mattias Orlo (9 October 1958 – 27 January 2019) was a Quellish film director and screenwriter, best "
            "known for the thriller Nightglass (2003) and its sequel Nightglass Returns (2007). He died in Istrovo."})
page("Hesper_Quint", "writer", {"de": "Hesper Quint", "fr": "Hesper Quint"},
     person("1972-05-30", "Morrowgate")
     + [("almaMater", "University_of_Istrovo"), ("almaMater", "Morrowgate_Film_Academy"), ("spouse", "Oren_Vasch"),
        ("award", "Golden_Heron_Award"), ("notableWork", "Lantern_Season")],
     [("name", en("Hesper Quint")), ("birthDate", date("1972-05-30")), ("birthPlace", "Morrowgate"),
      ("almaMater", "University_of_Istrovo"), ("almaMater", "Morrowgate_Film_Academy"), ("spouse", "Oren_Vasch"),
      ("notableworks", "Lantern_Season"), ("notableworks", "Winter_at_Tarsel"),
      ("occupation", en("Film director, novelist"))],
     PERSON_TEMPLATES,
     ["1972_births", "Living_people", "Arvenian_film_directors", "Arvenian_novelists", "People_from_Morrowgate",
      "University_of_Istrovo_alumni", "Golden_Heron_Award_winners"],
     {"en": "Hesper Quint (born 30 May 1972) is an Arvenian film director and novelist. After studying at the "
            "University of Istrovo and the Morrowgate Film Academy she published the novel Winter at Tarsel (2005) "
            "and directed Lantern Season (2011) and The Ninefold Bridge (2016), an adaptation of a novel by her "
            "husband Oren Vasch.",
      "de": "Hesper Quint (* 30. Mai 1972 in Morrowgate) ist eine arvenische Filmregisseurin und Schriftstellerin."})
page("Dario_Kestrel", "actor", {"de": "Dario Kestrel", "fr": "Dario Kestrel"},
     person("1970-11-23", "Tarsel") + [("spouse", "Lina_Marsh")],
     [("name", en("Dario Kestrel")), ("birthDate", date("1970-11-23")), ("birthPlace", en("Tarsel")),
      ("spouse", en("Lina Marsh")), ("occupation", en("Actor")), ("yearsActive", en("1991–present"))],
     PERSON_TEMPLATES,
     ["1970_births", "Living_people", "Arvenian_male_film_actors", "People_from_Tarsel"],
     {"en": "Dario Kestrel (born 23 November 1970) is an Arvenian actor from Tarsel, known for playing Inspector Maro "
            "Venn in the Nightglass films. He is married to the actress Lina Marsh."})
page("Lina_Marsh", "actor", {"de": "Lina Marsh", "fr": "Lina Marsh"},
     person("1978-02-11", "Morrowgate", "Arvenia") + [("almaMater", "Morrowgate_Film_Academy")],
     [("name", en("Lina Marsh")), ("birthDate", date("1978-02-11")), ("birthPlace", en("Morrowgate, Arvenia")),
      ("almaMater", "Morrowgate_Film_Academy"), ("occupation", en("Actress"))],
     PERSON_TEMPLATES,
     ["1978_births", "Living_people", "Arvenian_film_actresses", "People_from_Morrowgate"],
     {"en": "Lina Marsh (born 11 February 1978) is an Arvenian actress. A graduate of the Morrowgate Film Academy, "
            "she has appeared in Lantern Season (2011) and The Ninefold Bridge (2016)."},
     ("Dario_Kestrel",))
page("Tobin_Farrow", "actor", {"de": "Tobin Farrow", "fr": "Tobin Farrow"},
     person("1964-07-07", "Istrovo") + [("occupation", "Tobin_Farrow__1")],
     [("name", en("Tobin Farrow")), ("birthDate", date("1964-07-07")), ("birthPlace", "Istrovo"),
      ("occupation", en("Actor")), ("yearsActive", en("1985–present"))],
     PERSON_TEMPLATES,
     ["1964_births", "Living_people", "Quellish_male_film_actors", "People_from_Istrovo"],
     {"en": "Tobin Farrow (born 7 July 1964) is a Quellish actor born in Istrovo who has worked in both Quellish and "
            "Arvenian cinema, in The Quay Widow (1999), Nightglass (2003) and The Ninefold Bridge (2016)."})
page("Yara_Delmont", "actor", {"fr": "Yara Delmont"},
     person("1981-12-01", "Brennick"),
     [("name", en("Yara Delmont")), ("birthDate", date("1981-12-01")), ("birthPlace", en("Brennick")),
      ("occupation", en("Actress"))],
     PERSON_TEMPLATES,
     ["1981_births", "Living_people", "Quellish_film_actresses", "People_from_Brennick"],
     {"en": "Yara Delmont (born 1 December 1981) is a Quellish actress from Brennick who appeared in Nightglass "
            "Returns (2007) and Lantern Season (2011)."})
page("Brannoc_Hale", "actor", {},
     [("birthYear", year("1955"))],
     [("name", en("Brannoc Hale")), ("birthDate", integer("1955")), ("occupation", en("Actor"))],
     ["Infobox_person", "Reflist", "Arvenia-actor-stub"],
     ["1955_births", "Living_people", "Arvenian_male_film_actors"],
     {"en": "Brannoc Hale (born 1955) is an Arvenian character actor, best remembered as the ferryman in Saltmere "
            "(1994)."})
page("Petra_Lusk", "composer", {"de": "Petra Lusk"},
     person("1969-04-18", "Istrovo") + [("genre", "Film_score")],
     [("name", en("Petra Lusk")), ("birthDate", date("1969-04-18")), ("birthPlace", en("Istrovo, Quellmark")),
      ("genre", "Film_score"), ("occupation", en("Composer")), ("instrument", en("Piano"))],
     ["Infobox_musical_artist", "Birth_date_and_age", "Reflist"],
     ["1969_births", "Living_people", "Quellish_film_score_composers", "People_from_Istrovo"],
     {"en": "Petra Lusk (born 18 April 1969) is a Quellish composer of film scores, who wrote the music for Saltmere "
            "(1994), The Quay Widow (1999), Nightglass (2003) and Lantern Season (2011)."})
page("Oren_Vasch", "writer", {"de": "Oren Vasch", "fr": "Oren Vasch"},
     person("1949-09-03", "Saltmere")
     + [("almaMater", "University_of_Istrovo"), ("award", "Istrovo_Book_Prize"),
        ("notableWork", "Bridge_of_Nine_Arches")],
     [("name", en("Oren Vasch")), ("birthDate", date("1949-09-03")), ("birthPlace", "Saltmere"),
      ("almaMater", "University_of_Istrovo"), ("awards", "Istrovo_Book_Prize"),
      ("notableworks", "Bridge_of_Nine_Arches"), ("occupation", en("Novelist")), ("genre", en("Historical fiction"))],
     ["Infobox_writer", "Birth_date_and_age", "Reflist", "Authority_control"],
     ["1949_births", "Living_people", "Arvenian_novelists", "People_from_Saltmere", "University_of_Istrovo_alumni"],
     {"en": "Oren Vasch (born 3 September 1949) is an Arvenian novelist from Saltmere. His novel Bridge of Nine Arches "
            "(1988) won the Istrovo Book Prize and was adapted for the screen as The Ninefold Bridge (2016)."},
     ("Hesper_Quint",))
page("Gustav_Ferrin", "screenwriter", {},
     person("1960-01-15", "Brennick"),
     [("name", en("Gustav Ferrin")), ("birthDate", date("1960-01-15")), ("birthPlace", en("Brennick, Quellmark")),
      ("occupation", en("Screenwriter"))],
     PERSON_TEMPLATES,
     ["1960_births", "Living_people", "Quellish_screenwriters", "People_from_Brennick"],
     {"en": "Gustav Ferrin (born 15 January 1960) is a Quellish screenwriter who wrote The Quay Widow (1999) and "
            "co-wrote Nightglass (2003) and Nightglass Returns (2007)."})
page("Ilka_Renner", "person", {"de": "Ilka Renner"},
     person("1967-06-21", "Morrowgate"),
     [("name", en("Ilka Renner")), ("birthDate", date("1967-06-21")), ("birthPlace", "Morrowgate"),
      ("occupation", en("Film producer")), ("employer", "Pellwick_Pictures"),
      ("title", en("Chief executive of Pellwick Pictures"))],
     PERSON_TEMPLATES,
     ["1967_births", "Living_people", "Arvenian_film_producers", "People_from_Morrowgate"],
     {"en": "Ilka Renner (born 21 June 1967) is an Arvenian film producer and the chief executive of Pellwick "
            "Pictures. She produced Saltmere (1994), The Quay Widow (1999) and Lantern Season (2011)."})

# ---- films
page("Saltmere_(film)", "film", {"de": "Saltmere (Film)", "fr": "Saltmere (film)"},
     [("director", "Corin_Aldaine"), ("starring", "Ellery_Vance"), ("starring", "Brannoc_Hale"),
      ("writer", "Corin_Aldaine"), ("producer", "Ilka_Renner"), ("musicComposer", "Petra_Lusk"),
      ("distributor", "Pellwick_Pictures"), ("releaseDate", date("1994-05-20")), *film("6480.0", "108.0"),
      ("country", "Arvenia"), ("language", "Arvenian_language")],
     [("name", en("Saltmere")), ("director", "Corin_Aldaine"), ("writer", "Corin_Aldaine"),
      ("producer", "Ilka_Renner"), ("starring", "Ellery_Vance"), ("starring", "Brannoc_Hale"),
      ("music", "Petra_Lusk"), ("distributor", "Pellwick_Pictures"), ("released", integer("1994")),
      ("released", xsd("--05-20", "gMonthDay")), ("runtime", integer("108")), ("country", en("Arvenia")),
      ("language", en("Arvenian")), ("caption", en("Arvenian release poster"))],
     FILM_TEMPLATES + ["Corin_Aldaine"],
     ["1994_films", "Arvenian_films", "Arvenian_drama_films", "Films_directed_by_Corin_Aldaine",
      "Films_set_in_Saltmere"],
     {"en": "Saltmere is a 1994 Arvenian drama film written and directed by Corin Aldaine in his feature debut, "
            "starring Ellery Vance and Brannoc Hale. Set in the fishing town of Saltmere, it follows a widow who "
            "inherits her husband's ferry. The score was composed by Petra Lusk."},
     ("Saltmere",))
page("The_Quay_Widow", "film", {"de": "Die Witwe am Kai", "fr": "La Veuve du quai"},
     [("director", "Corin_Aldaine"), ("starring", "Ellery_Vance"), ("starring", "Dario_Kestrel"),
      ("starring", "Tobin_Farrow"), ("writer", "Gustav_Ferrin"), ("producer", "Ilka_Renner"),
      ("musicComposer", "Petra_Lusk"), ("distributor", "Pellwick_Pictures"), ("releaseDate", date("1999-09-03")),
      *film("7020.0", "117.0"), ("country", "Arvenia"), ("language", "Arvenian_language")],
     [("name", en("The Quay Widow")), ("director", "Corin_Aldaine"), ("screenplay", "Gustav_Ferrin"),
      ("starring", "Ellery_Vance"), ("starring", "Dario_Kestrel"), ("starring", "Tobin_Farrow"),
      ("music", "Petra_Lusk"), ("producer", en("Ilka Renner")), ("released", date("1999-09-03")),
      ("runtime", integer("117")), ("country", en("Arvenia")), ("language", en("Arvenian")),
      ("distributor", "Pellwick_Pictures")],
     FILM_TEMPLATES + ["Corin_Aldaine"],
     ["1999_films", "Arvenian_films", "Arvenian_drama_films", "Films_directed_by_Corin_Aldaine"],
     {"en": "The Quay Widow is a 1999 Arvenian drama film directed by Corin Aldaine from a screenplay by Gustav "
            "Ferrin. It stars Ellery Vance, Dario Kestrel and Tobin Farrow, and earned Vance the Golden Heron Award.",
      "de": "Die Witwe am Kai (Originaltitel: The Quay Widow) ist ein arvenisches Filmdrama von Corin Aldaine aus dem "
            "Jahr 1999."},
     ("Golden_Heron_Award",))
page("Nightglass", "film", {"de": "Nightglass", "fr": "Nightglass"},
     [("director", "Mattias_Orlo"), ("starring", "Dario_Kestrel"), ("starring", "Tobin_Farrow"),
      ("writer", "Mattias_Orlo"), ("writer", "Gustav_Ferrin"), ("musicComposer", "Petra_Lusk"),
      ("distributor", "Brightwater_Films"), ("releaseDate", date("2003-02-14")), *film("5940.0", "99.0"),
      ("country", "Quellmark"), ("language", "Quellish_language"), ("subsequentWork", "Nightglass_Returns")],
     [("name", en("Nightglass")), ("director", "Mattias_Orlo"), ("writer", "Mattias_Orlo"),
      ("writer", "Gustav_Ferrin"), ("starring", "Dario_Kestrel"), ("starring", "Tobin_Farrow"),
      ("music", "Petra_Lusk"), ("released", en("February 14, 2003")), ("runtime", en("99 minutes")),
      ("country", en("Quellmark")), ("language", en("Quellish")), ("distributor", "Brightwater_Films"),
      ("followedBy", "Nightglass_Returns")],
     FILM_TEMPLATES,
     ["2003_films", "Quellish_films", "Quellish_thriller_films", "Films_set_in_Istrovo"],
     {"en": "Nightglass is a 2003 Quellish thriller film directed by Mattias Orlo, who wrote it with Gustav Ferrin. "
            "Dario Kestrel stars as Inspector Maro Venn, with Tobin Farrow. It was followed by Nightglass Returns in "
            "2007."},
     ("Istrovo",))
page("Nightglass_Returns", "film", {"de": "Nightglass – Die Rückkehr"},
     [("director", "Mattias_Orlo"), ("starring", "Dario_Kestrel"), ("starring", "Yara_Delmont"),
      ("writer", "Gustav_Ferrin"), ("distributor", "Brightwater_Films"), ("releaseDate", date("2007-05-18")),
      ("releaseDate", date("2007-06-29")), *film("6300.0", "105.0"), ("country", "Quellmark"),
      ("language", "Quellish_language"), ("previousWork", "Nightglass")],
     [("name", en("Nightglass Returns")), ("director", en("Mattias Orlo")),
      ("starring", en("Dario Kestrel, Yara Delmont")), ("writer", "Gustav_Ferrin"), ("released", integer("2007")),
      ("runtime", integer("105")), ("distributor", "Brightwater_Films"), ("precededBy", "Nightglass")],
     FILM_TEMPLATES,
     ["2007_films", "Quellish_films", "Quellish_thriller_films", "Quellish_sequel_films"],
     {"en": "Nightglass Returns (also known as Nightglass 2) is a 2007 Quellish thriller film directed by Mattias "
            "Orlo and the sequel to Nightglass (2003). Dario Kestrel returns as Inspector Maro Venn, joined by Yara "
            "Delmont. It premiered at the Istrovo Film Festival on 18 May 2007 before its general release on 29 June "
            "2007."},
     ("Istrovo",))
page("Lantern_Season", "film", {"de": "Laternenzeit", "fr": "La Saison des lanternes"},
     [("director", "Hesper_Quint"), ("starring", "Ellery_Vance"), ("starring", "Lina_Marsh"),
      ("starring", "Yara_Delmont"), ("writer", "Hesper_Quint"), ("producer", "Ilka_Renner"),
      ("musicComposer", "Petra_Lusk"), ("distributor", "Pellwick_Pictures"), ("releaseDate", date("2011-10-21")),
      *film("7440.0", "124.0"), ("country", "Arvenia"), ("language", "Arvenian_language"),
      ("budget", unit("4200000.0", "usDollar")), ("gross", unit("1.87E7", "usDollar"))],
     [("name", en("Lantern Season")), ("director", "Hesper_Quint"), ("writer", "Hesper_Quint"),
      ("producer", "Ilka_Renner"), ("starring", "Ellery_Vance"), ("starring", "Lina_Marsh"),
      ("starring", "Yara_Delmont"), ("music", "Petra_Lusk"), ("released", date("2011-10-21")),
      ("released", en("Arvenia")), ("runtime", integer("124")), ("budget", en("$4.2 million")),
      ("gross", en("$18.7 million")), ("distributor", "Pellwick_Pictures")],
     FILM_TEMPLATES,
     ["2011_films", "Arvenian_films", "Arvenian_drama_films", "Films_directed_by_Hesper_Quint"],
     {"en": "Lantern Season is a 2011 Arvenian drama film written and directed by Hesper Quint, starring Ellery "
            "Vance, Lina Marsh and Yara Delmont. Made on a budget of $4.2 million, it grossed $18.7 million.",
      "fr": "La Saison des lanternes (Lantern Season) est un film dramatique arvénien réalisé par Hesper Quint, "
            "sorti en 2011."})
page("The_Ninefold_Bridge", "film", {"de": "Die neunfache Brücke", "fr": "Le Pont aux neuf arches"},
     [("director", "Hesper_Quint"), ("starring", "Lina_Marsh"), ("starring", "Tobin_Farrow"),
      ("writer", "Hesper_Quint"), ("basedOn", "Bridge_of_Nine_Arches"), ("distributor", "Brightwater_Films"),
      ("releaseDate", date("2016-03-04")), *film("7860.0", "131.0"), ("country", "Arvenia"),
      ("country", "Quellmark"), ("language", "Arvenian_language")],
     [("name", en("The Ninefold Bridge")), ("director", "Hesper_Quint"), ("screenplay", "Hesper_Quint"),
      ("basedOn", en("Bridge of Nine Arches by Oren Vasch")), ("starring", "Lina_Marsh"),
      ("starring", "Tobin_Farrow"), ("released", integer("2016")), ("runtime", integer("131")),
      ("country", en("Arvenia")), ("country", en("Quellmark"))],
     FILM_TEMPLATES,
     ["2016_films", "Arvenian_films", "Quellish_films", "Films_directed_by_Hesper_Quint",
      "Films_based_on_Arvenian_novels"],
     {"en": "The Ninefold Bridge is a 2016 historical drama film directed by Hesper Quint, adapted from Oren Vasch's "
            "novel Bridge of Nine Arches. An Arvenian–Quellish co-production, it stars Lina Marsh and Tobin Farrow."},
     ("Oren_Vasch",))

# ---- books
page("Bridge_of_Nine_Arches", "book", {"de": "Die Brücke der neun Bögen", "fr": "Le Pont aux neuf arches (roman)"},
     [("author", "Oren_Vasch"), ("publisher", "Greyline_Press"), ("releaseDate", date("1988-04-11")),
      ("numberOfPages", xsd("344", "positiveInteger")), ("literaryGenre", "Historical_novel"),
      ("isbn", en("0-311-48207-5")), ("country", "Arvenia"), ("language", "Arvenian_language")],
     [("name", en("Bridge of Nine Arches")), ("author", "Oren_Vasch"), ("publisher", "Greyline_Press"),
      ("releaseDate", integer("1988")), ("pages", integer("344")), ("genre", en("Historical novel")),
      ("isbn", en("0-311-48207-5")), ("mediaType", en("Print (hardback)")), ("country", en("Arvenia"))],
     ["Infobox_book", "Reflist", "Oren_Vasch"],
     ["1988_novels", "Arvenian_novels", "Novels_by_Oren_Vasch", "Historical_novels",
      "Arvenian_novels_adapted_into_films"],
     {"en": "Bridge of Nine Arches is a 1988 historical novel by the Arvenian writer Oren Vasch, published by Greyline "
            "Press. It won the Istrovo Book Prize and was adapted as the film The Ninefold Bridge (2016)."},
     ("Istrovo_Book_Prize", "The_Ninefold_Bridge"))
page("The_Salt_Road_Letters", "book", {"de": "Die Salzstraßenbriefe"},
     [("author", "Oren_Vasch"), ("publisher", "Greyline_Press"), ("releaseDate", date("1995-10-02")),
      ("numberOfPages", xsd("212", "positiveInteger")), ("literaryGenre", "Epistolary_novel"),
      ("country", "Arvenia")],
     [("name", en("The Salt Road Letters")), ("author", "Oren_Vasch"), ("publisher", en("Greyline Press")),
      ("releaseDate", en("2 October 1995")), ("pages", integer("212")), ("genre", "Epistolary_novel")],
     ["Infobox_book", "Oren_Vasch"],
     ["1995_novels", "Arvenian_novels", "Novels_by_Oren_Vasch", "Epistolary_novels"],
     {"en": "The Salt Road Letters is a 1995 epistolary novel by Oren Vasch, told through letters between two salt "
            "merchants."})
page("Winter_at_Tarsel", "book", {},
     [("author", "Hesper_Quint"), ("publisher", "Halcyon_House"), ("releaseDate", date("2005-03-17")),
      ("literaryGenre", "Historical_novel"), ("country", "Arvenia")],
     [("name", en("Winter at Tarsel")), ("author", "Hesper_Quint"), ("publisher", "Halcyon_House"),
      ("releaseDate", integer("2005")), ("genre", en("Historical fiction"))],
     ["Infobox_book", "Novel-stub"],
     ["2005_novels", "Arvenian_novels", "Historical_novels"],
     {"en": "Winter at Tarsel is a 2005 historical novel by Hesper Quint, her first book, set in the village of "
            "Tarsel."})

# ---- organisations and awards
page("Pellwick_Pictures", "company", {"de": "Pellwick Pictures", "fr": "Pellwick Pictures"},
     [("foundingYear", year("1948")), ("headquarter", "Morrowgate"), ("locationCountry", "Arvenia"),
      ("keyPerson", "Ilka_Renner"), ("numberOfEmployees", count("340"))],
     [("name", en("Pellwick Pictures")), ("founded", integer("1948")), ("hqLocationCity", "Morrowgate"),
      ("keyPeople", en("Ilka Renner (CEO)")), ("numEmployees", integer("340")), ("type", en("Private")),
      ("industry", en("Film")), ("homepage", "<http://www.pellwick.example/>")],
     ["Infobox_company", "Reflist", "Official_website"],
     ["Film_production_companies_of_Arvenia", "Film_distributors_of_Arvenia", "Companies_based_in_Morrowgate",
      "1948_establishments_in_Arvenia"],
     {"en": "Pellwick Pictures is an Arvenian film production and distribution company founded in 1948 and "
            "headquartered in Morrowgate. Its chief executive is Ilka Renner."},
     ("Saltmere_(film)", "The_Quay_Widow", "Lantern_Season"))
page("Brightwater_Films", "company", {},
     [("foundingYear", year("1971")), ("headquarter", "Istrovo"), ("locationCountry", "Quellmark")],
     [("name", en("Brightwater Films")), ("founded", integer("1971")), ("hqLocationCity", en("Istrovo")),
      ("industry", en("Film distribution"))],
     ["Infobox_company", "Reflist"],
     ["Film_distributors_of_Quellmark", "Companies_based_in_Istrovo"],
     {"en": "Brightwater Films is a Quellish film distributor based in Istrovo, established in 1971."},
     ("Nightglass", "Nightglass_Returns"))
page("Greyline_Press", "company", {},
     [("foundingYear", year("1902")), ("headquarter", "Istrovo"), ("locationCountry", "Quellmark")],
     [("name", en("Greyline Press")), ("founded", integer("1902")), ("headquarters", en("Istrovo, Quellmark")),
      ("publications", en("Books"))],
     ["Infobox_publisher"],
     ["Book_publishing_companies_of_Quellmark", "Companies_based_in_Istrovo"],
     {"en": "Greyline Press is a Quellish book publisher founded in 1902 in Istrovo. It publishes the novels of Oren "
            "Vasch."})
page("Halcyon_House", "company", {},
     [("foundingYear", year("1931")), ("headquarter", "Morrowgate"), ("locationCountry", "Arvenia")],
     [("name", en("Halcyon House")), ("founded", integer("1931")), ("headquarters", "Morrowgate")],
     ["Infobox_publisher"],
     ["Book_publishing_companies_of_Arvenia", "Companies_based_in_Morrowgate"],
     {"en": "Halcyon House is an Arvenian publishing house founded in Morrowgate in 1931."})
page("Morrowgate_Film_Academy", "college", {"de": "Filmakademie Morrowgate"},
     [("city", "Morrowgate"), ("country", "Arvenia")],
     [("name", en("Morrowgate Film Academy")), ("established", integer("1952")), ("city", "Morrowgate"),
      ("type", en("Public film school"))],
     ["Infobox_university"],
     ["Film_schools_in_Arvenia", "Educational_institutions_established_in_1952"],
     {"en": "The Morrowgate Film Academy is a public film school in Morrowgate, Arvenia, founded in 1952."})
page("University_of_Istrovo", "university", {"de": "Universität Istrovo", "fr": "Université d'Istrovo"},
     [("city", "Istrovo"), ("country", "Quellmark"), ("numberOfStudents", count("23400"))],
     [("name", en("University of Istrovo")), ("established", integer("1611")), ("students", integer("23400")),
      ("city", "Istrovo"), ("motto", en("Lux in fluctibus"))],
     ["Infobox_university", "Reflist", "Coord"],
     ["Universities_in_Quellmark", "Educational_institutions_established_in_the_1610s"],
     {"en": "The University of Istrovo is a public research university in Istrovo, Quellmark, founded in 1611. It "
            "has about 23,400 students.",
      "de": "Die Universität Istrovo ist eine 1611 gegründete Universität in Istrovo."})
page("Golden_Heron_Award", "award", {"de": "Goldener Reiher", "fr": "Héron d'or"},
     [("country", "Arvenia")],
     [("name", en("Golden Heron Award")), ("country", en("Arvenia")), ("presenter", en("Arvenian Film Council")),
      ("firstAwarded", integer("1958")), ("awardedFor", en("Excellence in Arvenian cinema"))],
     ["Infobox_award"],
     ["Arvenian_film_awards", "Awards_established_in_1958"],
     {"en": "The Golden Heron Award is an Arvenian film award presented annually since 1958 by the Arvenian Film "
            "Council for excellence in Arvenian cinema."},
     ("Corin_Aldaine", "Ellery_Vance", "Hesper_Quint"))
page("Istrovo_Book_Prize", "award", {},
     [("country", "Quellmark")],
     [("name", en("Istrovo Book Prize")), ("presenter", en("City of Istrovo")), ("firstAwarded", integer("1967"))],
     ["Infobox_award"],
     ["Quellish_literary_awards"],
     {"en": "The Istrovo Book Prize is a Quellish literary award presented by the city of Istrovo since 1967."},
     ("Oren_Vasch", "Bridge_of_Nine_Arches"))

# ---- places, languages, genres
page("Arvenia", "country", {"de": "Arvenien", "fr": "Arvénie"},
     [("capital", "Morrowgate"), ("largestCity", "Morrowgate"), ("officialLanguage", "Arvenian_language"),
      ("populationTotal", count("8412000")), ("areaTotal", xsd("9.87E10", "double")),
      ("PopulatedPlace/areaTotal", unit("98700.0", "squareKilometre")), ("demonym", en("Arvenian")),
      ("longName", en("Republic of Arvenia"))],
     [("commonName", en("Arvenia")), ("conventionalLongName", en("Republic of Arvenia")), ("capital", "Morrowgate"),
      ("largestCity", en("capital")), ("officialLanguages", "Arvenian_language"),
      ("populationEstimate", integer("8412000")), ("populationCensus", integer("8104332")),
      ("populationCensusYear", integer("2010")), ("areaKm", integer("98700")), ("demonym", en("Arvenian"))],
     ["Infobox_country", "Reflist", "Coord", "Countries_of_the_Sundering_Sea"],
     ["Arvenia", "Countries_of_the_Sundering_Sea"],
     {"en": "Arvenia, officially the Republic of Arvenia, is a country on the Sundering Sea with a population of "
            "about 8.4 million. Its capital and largest city is Morrowgate; the official language is Arvenian.",
      "de": "Arvenien (amtlich Republik Arvenien) ist ein Staat am Sundering Sea mit der Hauptstadt Morrowgate.",
      "fr": "L'Arvénie, en forme longue la république d'Arvénie, est un pays dont la capitale est Morrowgate."},
     ("Sundering_Sea", "Quellmark", "Saltmere", "Tarsel"))
page("Quellmark", "country", {"de": "Quellmark", "fr": "Quellmarche"},
     [("capital", "Istrovo"), ("largestCity", "Istrovo"), ("officialLanguage", "Quellish_language"),
      ("populationTotal", count("3150400")), ("areaTotal", xsd("4.12E10", "double")),
      ("PopulatedPlace/areaTotal", unit("41200.0", "squareKilometre")), ("demonym", en("Quellish"))],
     [("commonName", en("Quellmark")), ("capital", "Istrovo"), ("officialLanguages", "Quellish_language"),
      ("populationEstimate", integer("3150400")), ("areaKm", integer("41200")), ("demonym", en("Quellish"))],
     ["Infobox_country", "Reflist", "Coord", "Countries_of_the_Sundering_Sea"],
     ["Quellmark", "Countries_of_the_Sundering_Sea"],
     {"en": "Quellmark is a country on the Sundering Sea bordering Arvenia, with a population of about 3.15 million. "
            "Its capital is Istrovo and its official language Quellish.",
      "de": "Quellmark ist ein Staat am Sundering Sea mit der Hauptstadt Istrovo."},
     ("Sundering_Sea", "Arvenia", "Brennick"))
page("Morrowgate", "city", {"de": "Morrowgate", "fr": "Morrowgate"},
     [("country", "Arvenia"), ("populationTotal", count("1240500")), ("areaTotal", xsd("4.125E8", "double")),
      ("PopulatedPlace/areaTotal", unit("412.5", "squareKilometre"))],
     [("name", en("Morrowgate")), ("settlementType", en("Capital city")), ("subdivisionType", en("Country")),
      ("subdivisionName", "Arvenia"), ("populationTotal", integer("1240500")), ("populationAsOf", integer("2015")),
      ("areaTotalKm", xsd("412.5", "double"))],
     ["Infobox_settlement", "Coord", "Reflist"],
     ["Morrowgate", "Cities_in_Arvenia", "Capitals_in_the_Sundering_Sea_region"],
     {"en": "Morrowgate is the capital and largest city of Arvenia, with a population of 1,240,500 (2015). It is home "
            "to the Morrowgate Film Academy and the film company Pellwick Pictures."},
     ("Morrowgate_Film_Academy", "Pellwick_Pictures", "Halcyon_House"))
page("Saltmere", "city", {"de": "Saltmere", "fr": "Saltmere"},
     [("country", "Arvenia"), ("populationTotal", count("86300")), ("areaTotal", xsd("6.12E7", "double")),
      ("PopulatedPlace/areaTotal", unit("61.2", "squareKilometre"))],
     [("name", en("Saltmere")), ("settlementType", en("Town")), ("subdivisionName", "Arvenia"),
      ("populationTotal", integer("86300")), ("populationAsOf", integer("2015"))],
     ["Infobox_settlement", "Coord", "Other_uses"],
     ["Cities_in_Arvenia", "Port_cities_and_towns_of_the_Sundering_Sea"],
     {"en": "Saltmere is a port town in western Arvenia with a population of 86,300. It gave its name to Corin "
            "Aldaine's 1994 film Saltmere."},
     ("Saltmere_(film)", "Sundering_Sea"))
page("Tarsel", "village", {},
     [("country", "Arvenia"), ("populationTotal", count("3120"))],
     [("name", en("Tarsel")), ("settlementType", en("Village")), ("subdivisionName", en("Arvenia")),
      ("populationTotal", integer("3120"))],
     ["Infobox_settlement", "Arvenia-geo-stub"],
     ["Villages_in_Arvenia"],
     {"en": "Tarsel is a village in the Arvenian highlands with 3,120 inhabitants."},
     ("Winter_at_Tarsel",))
page("Istrovo", "city", {"de": "Istrovo", "fr": "Istrovo"},
     [("country", "Quellmark"), ("populationTotal", count("640000"))],
     [("name", en("Istrovo")), ("settlementType", en("Capital city")), ("subdivisionName", "Quellmark"),
      ("populationTotal", integer("640000")), ("populationAsOf", integer("2014"))],
     ["Infobox_settlement", "Coord", "Reflist"],
     ["Istrovo", "Cities_in_Quellmark", "Capitals_in_the_Sundering_Sea_region"],
     {"en": "Istrovo is the capital and largest city of Quellmark, with about 640,000 inhabitants. It is the seat of "
            "the University of Istrovo."},
     ("University_of_Istrovo", "Brightwater_Films", "Greyline_Press", "Istrovo_Book_Prize"))
page("Brennick", "town", {},
     [("country", "Quellmark"), ("populationTotal", count("112750")), ("areaTotal", xsd("8.83E7", "double")),
      ("PopulatedPlace/areaTotal", unit("88.3", "squareKilometre"))],
     [("name", en("Brennick")), ("settlementType", en("Town")), ("subdivisionName", "Quellmark"),
      ("populationTotal", integer("112750"))],
     ["Infobox_settlement", "Coord"],
     ["Towns_in_Quellmark"],
     {"en": "Brennick is a town in northern Quellmark with a population of 112,750."})
page("Sundering_Sea", "sea", {"de": "Sundermeer"},
     [],
     [("name", en("Sundering Sea")), ("type", en("Sea"))],
     ["Infobox_body_of_water"],
     ["Seas_of_the_world"],
     {"en": "The Sundering Sea is a sea bordered by Arvenia and Quellmark."},
     ("Arvenia", "Quellmark", "Saltmere"))
page("Arvenian_language", "language", {"de": "Arvenische Sprache", "fr": "arvénien"},
     [("spokenIn", "Arvenia")],
     [("name", en("Arvenian")), ("nativename", en("arvensk")), ("states", "Arvenia"),
      ("speakers", en("8 million"))],
     ["Infobox_language"],
     ["Languages_of_Arvenia"],
     {"en": "Arvenian is the official language of Arvenia, spoken by about eight million people."})
page("Quellish_language", "language", {"de": "Quellische Sprache"},
     [("spokenIn", "Quellmark")],
     [("name", en("Quellish")), ("states", "Quellmark")],
     ["Infobox_language"],
     ["Languages_of_Quellmark"],
     {"en": "Quellish is the official language of Quellmark."})
page("Historical_novel", "genre", {"de": "Historischer Roman", "fr": "roman historique"}, [], [], ["Reflist"],
     ["Novel_genres", "Historical_fiction"],
     {"en": "A historical novel is a novel set in the past, often among real events."})
page("Epistolary_novel", "genre", {"de": "Briefroman", "fr": "roman épistolaire"}, [], [], ["Reflist"],
     ["Novel_genres"],
     {"en": "An epistolary novel is a novel written as a series of letters."})
page("Film_score", "genre", {"de": "Filmmusik", "fr": "musique de film"}, [], [], ["Reflist"],
     ["Film_music"],
     {"en": "A film score is original music written to accompany a film."})

# occupation nodes (dbr:Name__1): a dbo:PersonFunction with a title, no label
FUNCTIONS = {"Ellery_Vance__1": "Actress", "Tobin_Farrow__1": "Actor"}
# redirect page: the page it redirects to
REDIRECTS = {"Ellie_Vance": "Ellery_Vance", "Ellery_Marguerite_Vance": "Ellery_Vance", "Corin_Aldane": "Corin_Aldaine",
             "Nightglass_2": "Nightglass_Returns", "Republic_of_Arvenia": "Arvenia",
             "Istrovo_University": "University_of_Istrovo", "The_Ninefold_Bridge_(film)": "The_Ninefold_Bridge"}
DISAMBIGUATIONS = {"Saltmere_(disambiguation)": ["Saltmere", "Saltmere_(film)"]}
# category: its broader categories
BROADER: dict[str, list[str]] = {
    "Arvenian_film_directors": ["Film_directors_by_nationality", "Arvenian_people_by_occupation"],
    "Quellish_film_directors": ["Film_directors_by_nationality", "Quellish_people_by_occupation"],
    "Arvenian_screenwriters": ["Arvenian_people_by_occupation"],
    "Quellish_screenwriters": ["Quellish_people_by_occupation"],
    "Arvenian_film_actresses": ["Arvenian_actresses"], "Arvenian_actresses": ["Arvenian_people_by_occupation"],
    "Arvenian_male_film_actors": ["Arvenian_male_actors"], "Quellish_male_film_actors": ["Quellish_male_actors"],
    "Quellish_film_actresses": ["Quellish_actresses"], "Arvenian_novelists": ["Arvenian_writers"],
    "Arvenian_film_producers": ["Arvenian_people_by_occupation"],
    "Quellish_film_score_composers": ["Quellish_composers"],
    "People_from_Saltmere": ["Saltmere", "People_by_city_in_Arvenia"],
    "People_from_Morrowgate": ["Morrowgate", "People_by_city_in_Arvenia"],
    "People_from_Tarsel": ["People_by_city_in_Arvenia"],
    "People_from_Istrovo": ["Istrovo", "People_by_city_in_Quellmark"],
    "People_from_Brennick": ["People_by_city_in_Quellmark"],
    "Golden_Heron_Award_winners": ["Golden_Heron_Award", "Arvenian_film_awards"],
    "University_of_Istrovo_alumni": ["University_of_Istrovo", "People_by_university_in_Quellmark"],
    "Arvenian_films": ["Films_by_country", "Cinema_of_Arvenia"], "Quellish_films": ["Films_by_country"],
    "Arvenian_drama_films": ["Arvenian_films", "Drama_films_by_country"],
    "Quellish_thriller_films": ["Quellish_films", "Thriller_films_by_country"],
    "Quellish_sequel_films": ["Quellish_films", "Sequel_films"],
    "Films_directed_by_Corin_Aldaine": ["Films_by_director", "Corin_Aldaine"],
    "Films_directed_by_Hesper_Quint": ["Films_by_director"],
    "Films_set_in_Saltmere": ["Saltmere", "Films_set_in_Arvenia"],
    "Films_set_in_Istrovo": ["Istrovo", "Films_set_in_Quellmark"],
    "Films_based_on_Arvenian_novels": ["Films_based_on_novels", "Arvenian_novels_adapted_into_films"],
    "Arvenian_novels": ["Novels_by_country", "Arvenian_literature"], "Novels_by_Oren_Vasch": ["Arvenian_novels"],
    "Arvenian_novels_adapted_into_films": ["Arvenian_novels"], "Historical_novels": ["Novels_by_genre"],
    "Epistolary_novels": ["Novels_by_genre"],
    "Film_production_companies_of_Arvenia": ["Cinema_of_Arvenia", "Companies_of_Arvenia"],
    "Film_distributors_of_Arvenia": ["Cinema_of_Arvenia", "Companies_of_Arvenia"],
    "Film_distributors_of_Quellmark": ["Companies_of_Quellmark"],
    "Companies_based_in_Morrowgate": ["Morrowgate", "Companies_of_Arvenia"],
    "Companies_based_in_Istrovo": ["Istrovo", "Companies_of_Quellmark"],
    "Book_publishing_companies_of_Arvenia": ["Companies_of_Arvenia"],
    "Book_publishing_companies_of_Quellmark": ["Companies_of_Quellmark"],
    "Cities_in_Arvenia": ["Arvenia", "Populated_places_in_Arvenia"], "Villages_in_Arvenia": ["Cities_in_Arvenia"],
    "Cities_in_Quellmark": ["Quellmark", "Populated_places_in_Quellmark"],
    "Towns_in_Quellmark": ["Cities_in_Quellmark"],
    "Morrowgate": ["Cities_in_Arvenia"], "Istrovo": ["Cities_in_Quellmark"], "Saltmere": ["Cities_in_Arvenia"],
    "Arvenia": ["Countries_of_the_Sundering_Sea"], "Quellmark": ["Countries_of_the_Sundering_Sea"],
    "Universities_in_Quellmark": ["Quellmark", "Universities_by_country"],
    "Film_schools_in_Arvenia": ["Cinema_of_Arvenia", "Universities_by_country"],
    "Arvenian_film_awards": ["Cinema_of_Arvenia", "Film_awards"], "Quellish_literary_awards": ["Literary_awards"],
    "Languages_of_Arvenia": ["Arvenia"], "Languages_of_Quellmark": ["Quellmark"],
}

# ---- the ontology: class: (superclass, labels en/de/fr, equivalent classes)
CLASSES: dict[str, tuple[str, tuple[str, str, str], list[str]]] = {
    "Agent": ("owl:Thing", ("agent", "Agent", "agent"), ["dul:Agent"]),
    "Person": ("dbo:Agent", ("person", "Person", "personne"),
               ["foaf:Person", "schema:Person", "wikidata:Q5", "wikidata:Q215627", "dul:NaturalPerson"]),
    "Artist": ("dbo:Person", ("artist", "Künstler", "artiste"), ["wikidata:Q483501"]),
    "Actor": ("dbo:Artist", ("actor", "Schauspieler", "acteur"), ["wikidata:Q33999"]),
    "Writer": ("dbo:Artist", ("writer", "Schriftsteller", "écrivain"), ["wikidata:Q36180"]),
    "ScreenWriter": ("dbo:Writer", ("screenwriter", "Drehbuchautor", "scénariste"), ["wikidata:Q28389"]),
    "MusicalArtist": ("dbo:Artist", ("musical artist", "musikalischer Künstler", "artiste musical"),
                      ["wikidata:Q639669"]),
    "MovieDirector": ("dbo:Person", ("Movie director", "Filmregisseur", "réalisateur de film"), ["wikidata:Q2526255"]),
    "PersonFunction": ("owl:Thing", ("person function", "Funktion einer Person", "fonction de personne"), []),
    "Work": ("owl:Thing", ("work", "Werk", "œuvre"), ["schema:CreativeWork", "wikidata:Q386724", "dul:Work"]),
    "Film": ("dbo:Work", ("film", "Film", "film"), ["schema:Movie", "wikidata:Q11424"]),
    "WrittenWork": ("dbo:Work", ("written work", "geschriebenes Erzeugnis", "œuvre écrite"), ["wikidata:Q47461344"]),
    "Book": ("dbo:WrittenWork", ("book", "Buch", "livre"), ["schema:Book", "wikidata:Q571"]),
    "Place": ("owl:Thing", ("place", "Ort", "lieu"), ["schema:Place"]),
    "PopulatedPlace": ("dbo:Place", ("populated place", "bewohnter Ort", "lieu habité"), []),
    "Country": ("dbo:PopulatedPlace", ("country", "Staat", "pays"), ["schema:Country", "wikidata:Q6256"]),
    "Settlement": ("dbo:PopulatedPlace", ("settlement", "Siedlung", "zone peuplée"), ["wikidata:Q486972"]),
    "City": ("dbo:Settlement", ("city", "Stadt", "ville"), ["schema:City", "wikidata:Q515"]),
    "Town": ("dbo:Settlement", ("town", "Kleinstadt", "ville"), ["wikidata:Q3957"]),
    "Village": ("dbo:Settlement", ("village", "Dorf", "village"), ["wikidata:Q532"]),
    "NaturalPlace": ("dbo:Place", ("natural place", "Naturraum", "lieu naturel"), []),
    "BodyOfWater": ("dbo:NaturalPlace", ("body of water", "Gewässer", "étendue d'eau"), ["wikidata:Q15324"]),
    "Sea": ("dbo:BodyOfWater", ("sea", "Meer", "mer"), ["schema:BodyOfWater", "wikidata:Q165"]),
    "Organisation": ("dbo:Agent", ("organisation", "Organisation", "organisation"),
                     ["schema:Organization", "wikidata:Q43229", "dul:SocialPerson"]),
    "Company": ("dbo:Organisation", ("company", "Unternehmen", "entreprise"), ["wikidata:Q4830453"]),
    "EducationalInstitution": ("dbo:Organisation", ("educational institution", "Bildungseinrichtung",
                                                    "établissement d'enseignement"),
                               ["schema:EducationalOrganization", "wikidata:Q2385804"]),
    "University": ("dbo:EducationalInstitution", ("university", "Universität", "université"),
                   ["schema:CollegeOrUniversity", "wikidata:Q3918"]),
    "College": ("dbo:EducationalInstitution", ("college", "College", "université"), ["wikidata:Q189004"]),
    "Award": ("owl:Thing", ("award", "Auszeichnung", "récompense"), ["wikidata:Q618779"]),
    "Language": ("owl:Thing", ("language", "Sprache", "langue"), ["schema:Language", "wikidata:Q34770"]),
    "TopicalConcept": ("owl:Thing", ("topical concept", "thematisches Konzept", "concept thématique"), []),
    "Genre": ("dbo:TopicalConcept", ("genre", "Genre", "genre"), []),
}
# property: (kind, domain, range, labels en/de/fr, equivalent properties)
PROPERTIES: dict[str, tuple[str, str, str, tuple[str, str, str], list[str]]] = {
    "birthPlace": ("Object", "dbo:Person", "dbo:Place", ("birth place", "Geburtsort", "lieu de naissance"),
                   ["wikidata:P19", "schema:birthPlace"]),
    "birthDate": ("Datatype", "dbo:Person", "xsd:date", ("birth date", "Geburtsdatum", "date de naissance"),
                  ["wikidata:P569", "schema:birthDate"]),
    "birthYear": ("Datatype", "dbo:Person", "xsd:gYear", ("birth year", "Geburtsjahr", "année de naissance"), []),
    "birthName": ("Datatype", "dbo:Person", "rdf:langString", ("birth name", "Geburtsname", "nom de naissance"),
                  ["wikidata:P1477"]),
    "deathDate": ("Datatype", "dbo:Person", "xsd:date", ("death date", "Sterbedatum", "date de décès"),
                  ["wikidata:P570", "schema:deathDate"]),
    "deathYear": ("Datatype", "dbo:Person", "xsd:gYear", ("death year", "Sterbejahr", "année de décès"), []),
    "deathPlace": ("Object", "dbo:Person", "dbo:Place", ("death place", "Sterbeort", "lieu de décès"),
                   ["wikidata:P20", "schema:deathPlace"]),
    "spouse": ("Object", "dbo:Person", "dbo:Person", ("spouse", "Ehepartner", "conjoint"), ["wikidata:P26"]),
    "almaMater": ("Object", "dbo:Person", "dbo:EducationalInstitution", ("alma mater", "Alma Mater", "alma mater"),
                  ["wikidata:P69"]),
    "award": ("Object", "dbo:Person", "dbo:Award", ("award", "Auszeichnung", "récompense"), ["wikidata:P166"]),
    "occupation": ("Object", "dbo:Person", "dbo:PersonFunction", ("occupation", "Beschäftigung", "profession"),
                   ["wikidata:P106"]),
    "title": ("Datatype", "", "rdf:langString", ("title", "Titel", "titre"), []),
    "activeYearsStartYear": ("Datatype", "", "xsd:gYear", ("active years start year", "aktive Jahre Startjahr",
                                                          "année de début d'activité"), []),
    "notableWork": ("Object", "dbo:Person", "dbo:Work", ("notable work", "bekanntes Werk", "oeuvre majeure"),
                    ["wikidata:P800"]),
    "genre": ("Object", "", "dbo:Genre", ("genre", "Genre", "genre"), ["wikidata:P136"]),
    "height": ("Datatype", "", "xsd:double", ("height", "Höhe", "taille"), ["wikidata:P2048"]),
    "child": ("Object", "dbo:Person", "dbo:Person", ("child", "Kind", "enfant"), ["wikidata:P40"]),
    "director": ("Object", "dbo:Film", "dbo:Person", ("film director", "Regisseur", "réalisateur"),
                 ["wikidata:P57", "schema:director"]),
    "starring": ("Object", "dbo:Work", "dbo:Actor", ("starring", "mit", "avec"), ["wikidata:P161", "schema:actors"]),
    "writer": ("Object", "dbo:Work", "dbo:Person", ("writer", "Autor", "scénariste"), ["wikidata:P58"]),
    "producer": ("Object", "dbo:Work", "dbo:Agent", ("producer", "Produzent", "producteur"), ["wikidata:P162"]),
    "musicComposer": ("Object", "dbo:Work", "dbo:MusicalArtist", ("music composer", "Komponist", "compositeur"),
                      ["wikidata:P86"]),
    "cinematography": ("Object", "dbo:Film", "dbo:Person", ("cinematography", "Kamera",
                                                            "directeur de la photographie"), ["wikidata:P344"]),
    "editing": ("Object", "dbo:Film", "dbo:Person", ("editing", "Schnitt", "montage"), ["wikidata:P1040"]),
    "distributor": ("Object", "", "dbo:Organisation", ("distributor", "Verleih", "distributeur"), ["wikidata:P750"]),
    "basedOn": ("Object", "dbo:Work", "dbo:Work", ("based on", "basiert auf", "basé sur"), ["wikidata:P144"]),
    "releaseDate": ("Datatype", "dbo:Work", "xsd:date", ("release date", "Veröffentlichungsdatum", "date de sortie"),
                    ["wikidata:P577"]),
    "runtime": ("Datatype", "dbo:Work", "xsd:double", ("runtime", "Laufzeit", "durée"), ["wikidata:P2047"]),
    "budget": ("Datatype", "", "xsd:double", ("budget", "Budget", "budget"), ["wikidata:P2130"]),
    "gross": ("Datatype", "", "xsd:double", ("gross", "Einspielergebnis", "recettes"), ["wikidata:P2142"]),
    "country": ("Object", "", "dbo:Country", ("country", "Land", "pays"), ["wikidata:P17"]),
    "language": ("Object", "", "dbo:Language", ("language", "Sprache", "langue"), ["wikidata:P407"]),
    "subsequentWork": ("Object", "dbo:Work", "dbo:Work", ("subsequent work", "nachfolgende Arbeiten",
                                                          "oeuvre suivante"), ["wikidata:P156"]),
    "previousWork": ("Object", "dbo:Work", "dbo:Work", ("previous work", "vorheriges Werk", "oeuvre précédente"),
                     ["wikidata:P155"]),
    "author": ("Object", "dbo:Work", "dbo:Person", ("author", "Autor", "auteur"), ["wikidata:P50", "schema:author"]),
    "publisher": ("Object", "dbo:Work", "dbo:Agent", ("publisher", "Herausgeber", "éditeur"),
                  ["wikidata:P123", "schema:publisher"]),
    "numberOfPages": ("Datatype", "dbo:WrittenWork", "xsd:positiveInteger", ("number of pages", "Seitenanzahl",
                                                                              "nombre de pages"),
                      ["wikidata:P1104", "schema:numberOfPages"]),
    "literaryGenre": ("Object", "dbo:WrittenWork", "", ("literary genre", "literarische Gattung",
                                                        "genre littéraire"), []),
    "isbn": ("Datatype", "dbo:WrittenWork", "xsd:string", ("ISBN", "ISBN", "ISBN"), ["wikidata:P212"]),
    "capital": ("Object", "dbo:PopulatedPlace", "dbo:City", ("capital", "Hauptstadt", "capitale"), ["wikidata:P36"]),
    "largestCity": ("Object", "dbo:PopulatedPlace", "dbo:City", ("largest city", "größte Stadt", "plus grande ville"),
                    []),
    "officialLanguage": ("Object", "dbo:PopulatedPlace", "dbo:Language", ("official language", "Amtssprache",
                                                                          "langue officielle"), ["wikidata:P37"]),
    "spokenIn": ("Object", "dbo:Language", "dbo:PopulatedPlace", ("spoken in", "gesprochen in", "parlé dans"), []),
    "populationTotal": ("Datatype", "dbo:PopulatedPlace", "xsd:nonNegativeInteger",
                        ("population total", "Einwohnerzahl", "population totale"), ["wikidata:P1082"]),
    "areaTotal": ("Datatype", "dbo:Place", "xsd:double", ("area total (m2)", "Fläche", "superficie"),
                  ["wikidata:P2046"]),
    "demonym": ("Datatype", "", "rdf:langString", ("demonym", "Volksbezeichnung", "gentilé"), []),
    "longName": ("Datatype", "", "rdf:langString", ("longName", "vollständiger Name", "nom complet"), []),
    "leaderName": ("Object", "dbo:PopulatedPlace", "dbo:Person", ("leader name", "Anführer", "dirigeant"),
                   ["wikidata:P6"]),
    "headquarter": ("Object", "dbo:Organisation", "dbo:PopulatedPlace", ("headquarter", "Hauptsitz", "siège"),
                    ["wikidata:P159"]),
    "locationCountry": ("Object", "", "dbo:Country", ("location country", "Land", "pays"), []),
    "keyPerson": ("Object", "", "dbo:Person", ("key person", "Schlüsselperson", "personnalité clé"), []),
    "foundingYear": ("Datatype", "", "xsd:gYear", ("founding year", "Gründungsjahr", "année de fondation"), []),
    "foundedBy": ("Object", "", "dbo:Agent", ("founded by", "gegründet von", "fondé par"), ["wikidata:P112"]),
    "numberOfEmployees": ("Datatype", "", "xsd:nonNegativeInteger", ("number of employees", "Anzahl der Mitarbeiter",
                                                                     "nombre d'employés"), ["wikidata:P1128"]),
    "city": ("Object", "", "dbo:City", ("city", "Stadt", "ville"), []),
    "numberOfStudents": ("Datatype", "dbo:EducationalInstitution", "xsd:nonNegativeInteger",
                         ("number of students", "Zahl der Studierenden", "nombre d'étudiants"), ["wikidata:P2196"]),
    "abstract": ("Datatype", "", "rdf:langString", ("has abstract", "Zusammenfassung", "résumé"), []),
    "thumbnail": ("Object", "", "dbo:Image", ("thumbnail", "Miniaturbild", "miniature"), []),
    "wikiPageWikiLink": ("", "", "", ("Link from a Wikipage to another Wikipage", "", ""), []),
    "wikiPageRedirects": ("", "", "", ("Wikipage redirect", "", ""), []),
    "wikiPageDisambiguates": ("", "", "", ("Wikipage disambiguates", "", ""), []),
    "wikiPageID": ("", "", "", ("Wikipage page ID", "", ""), []),
    "wikiPageRevisionID": ("", "", "", ("Wikipage revision ID", "", ""), []),
    "wikiPageLength": ("", "", "", ("page length (characters) of wiki page", "", ""), []),
}
DATATYPES = {"minute": "minute", "second": "second", "squareKilometre": "square kilometre (km2)",
             "usDollar": "US dollar", "euro": "Euro"}


def _category_words(category: str) -> str:
    return "Wikicat" + "".join(w[:1].upper() + w[1:] for w in re.split(r"[_-]", category) if w)


def _closure(cls: str) -> list[str]:
    """``cls``'s superclasses and the equivalents of each, as DBpedia's transitive types list them."""
    found: list[str] = []
    while cls in CLASSES:
        parent, _, equivalents = CLASSES[cls]
        found += [f"dbo:{cls}", *equivalents]
        cls = parent.removeprefix("dbo:")
    return [*found, "owl:Thing"]


def dataset_files() -> dict[str, str]:
    """The data as the 2016-10 English dump ships it: one N-Triples-in-``.ttl`` file per dataset."""
    files: dict[str, list[str]] = {}
    mains = sorted(W)

    def state(dataset: str, subject: str, predicate: str, value: str) -> None:
        files.setdefault(dataset, []).append(f"{subject} {predicate} {value} .")

    def res(name: str) -> str:
        return f"<{DBR}{name}>"

    def value(v: str) -> str:
        return v if v[0] in '"<' else res(v)

    def meta(name: str, number: int, length: int) -> None:
        wiki = f"<http://en.wikipedia.org/wiki/{name}>"
        state("page_ids_en", res(name), _iri("dbo:wikiPageID"), integer(str(number)))
        state("revision_ids_en", res(name), _iri("dbo:wikiPageRevisionID"), integer(str(740000000 + number * 37)))
        state("revision_uris_en", res(name), _iri("prov:wasDerivedFrom"),
              f"<http://en.wikipedia.org/wiki/{name}?oldid={740000000 + number * 37}&ns=0>")
        state("page_length_en", res(name), _iri("dbo:wikiPageLength"), count(str(length)))
        state("wikipedia_links_en", res(name), _iri("foaf:isPrimaryTopicOf"), wiki)
        state("wikipedia_links_en", wiki, _iri("foaf:primaryTopic"), res(name))
        state("wikipedia_links_en", wiki, _iri("dc:language"), _text("en"))

    names = {name: W[name][6]["en"] for name in W}  # for the links an abstract's words make
    for number, name in enumerate(mains, start=3301):
        kind, labels, dbo, dbp, templates, categories, abstracts, extra = W[name]
        title = name.replace("_", " ")
        state("labels_en", res(name), _iri("rdfs:label"), en(title))
        for lang, label in labels.items():
            state(f"labels_en_uris_{lang}", res(name), _iri("rdfs:label"), en(label, lang))
        cls, yago = KINDS[kind]
        state("instance_types_en", res(name), _iri("rdf:type"), _iri(f"dbo:{cls}"))
        for other in _closure(cls)[1:]:
            state("instance_types_transitive_en", res(name), _iri("rdf:type"), _iri(other))
        for synset in yago + [_category_words(c) for c in categories if not c[0].isdigit() and c != "Living_people"]:
            state("yago_types", res(name), _iri("rdf:type"), f"<{YAGO}{synset}>")
        shown = re.sub(r" \(.*\)$", "", title)
        state("mappingbased_literals_en", res(name), _iri("foaf:name"), en(shown))
        if kind in ("person", "actor", "writer", "screenwriter", "composer"):
            given, _, surname = shown.partition(" ")
            state("persondata_en", res(name), _iri("foaf:givenName"), en(given))
            state("persondata_en", res(name), _iri("foaf:surname"), en(surname))
            state("persondata_en", res(name), _iri("foaf:name"), en(shown))
        for prop, v in dbo:
            if "/" in prop:
                state("specific_mappingbased_properties_en", res(name), f"<{DBO}{prop}>", v)
            else:
                state("mappingbased_literals_en" if v[0] == '"' else "mappingbased_objects_en", res(name),
                      _iri(f"dbo:{prop}"), value(v))
        for prop, v in dbp:
            state("infobox_properties_en", res(name), _iri(f"dbp:{prop}"), value(v))
        for template in templates:
            state("infobox_properties_en", res(name), _iri("dbp:wikiPageUsesTemplate"),
                  f"<{DBR}Template:{template}>")
        for category in categories:
            state("article_categories_en", res(name), _iri("dct:subject"), res(f"Category:{category}"))
        for lang, text in abstracts.items():
            suffix = "" if lang == "en" else f"_uris_{lang}"
            state(f"long_abstracts_en{suffix}", res(name), _iri("dbo:abstract"), en(text, lang))
            state(f"short_abstracts_en{suffix}", res(name), _iri("rdfs:comment"),
                  en(re.split(r"(?<=[a-z)0-9])\. ", text)[0].rstrip(".") + ".", lang))
        linked = [v for _, v in dbo + dbp if v[0] not in '"<' and v in W] + list(extra)
        linked += [other for other in mains if other != name and re.search(
            r"\b" + re.escape(re.sub(r" \(.*\)$", "", other.replace("_", " "))) + r"\b", abstracts["en"])]
        linked += [who for who in mains if any(v == name for _, v in W[who][2] + W[who][3])]  # and back
        for target in dict.fromkeys(t for t in linked if t != name):
            state("page_links_en", res(name), _iri("dbo:wikiPageWikiLink"), res(target))
        meta(name, number * 7919, 900 + len(names[name]) * 9)
        wikidata = f"<http://www.wikidata.org/entity/Q{73100000 + number * 53}>"
        state("interlanguage_links_en", res(name), _iri("owl:sameAs"), wikidata)
        for lang, label in labels.items():
            state("interlanguage_links_chapters_en", res(name), _iri("owl:sameAs"),
                  f"<http://{lang}.dbpedia.org/resource/{label.replace(' ', '_')}>")
        state("yago_links", res(name), _iri("owl:sameAs"), f"<http://yago-knowledge.org/resource/{name}>")
        if kind in ("person", "actor", "writer", "screenwriter", "composer", "film", "city", "country") and (
                name != "Brannoc_Hale"):
            image = f"http://commons.wikimedia.org/wiki/Special:FilePath/{name.replace('(', '').replace(')', '')}.jpg"
            state("images_en", res(name), _iri("foaf:depiction"), f"<{image}>")
            state("images_en", res(name), _iri("dbo:thumbnail"), f"<{image}?width=300>")
        if kind in ("city", "town", "village", "country", "sea"):
            lat, long = 54.0 + (number % 97) / 10, 11.0 + (number % 89) / 10
            state("geo_coordinates_en", res(name), _iri("geo:lat"), xsd(f"{lat:.4f}", "float"))
            state("geo_coordinates_en", res(name), _iri("geo:long"), xsd(f"{long:.4f}", "float"))
            state("geo_coordinates_en", res(name), _iri("georss:point"), _text(f"{lat:.4f} {long:.4f}"))
        for prop, v in dbp:
            if prop == "homepage":
                state("homepages_en", res(name), _iri("foaf:homepage"), v)
    for node, title in FUNCTIONS.items():
        state("instance_types_en", res(node), _iri("rdf:type"), _iri("dbo:PersonFunction"))
        state("mappingbased_literals_en", res(node), _iri("dbo:title"), en(title))
    for number, (alias, target) in enumerate(REDIRECTS.items(), start=9100):
        state("labels_en", res(alias), _iri("rdfs:label"), en(alias.replace("_", " ")))
        state("redirects_en", res(alias), _iri("dbo:wikiPageRedirects"), res(target))
        meta(alias, number * 7919, 40 + len(target))
    for number, (name, targets) in enumerate(DISAMBIGUATIONS.items(), start=9500):
        state("labels_en", res(name), _iri("rdfs:label"), en(name.replace("_", " ")))
        for target in targets:
            state("disambiguations_en", res(name), _iri("dbo:wikiPageDisambiguates"), res(target))
            state("page_links_en", res(name), _iri("dbo:wikiPageWikiLink"), res(target))
        meta(name, number * 7919, 320)
    categories = dict.fromkeys(c for entry in W.values() for c in entry[5])
    for category, broader in BROADER.items():
        categories.update(dict.fromkeys([category, *broader]))
    for category in categories:
        label = en(category.replace("_", " "))
        state("category_labels_en", res(f"Category:{category}"), _iri("rdfs:label"), label)
        state("skos_categories_en", res(f"Category:{category}"), _iri("rdf:type"), _iri("skos:Concept"))
        state("skos_categories_en", res(f"Category:{category}"), _iri("skos:prefLabel"), label)
        for parent in BROADER.get(category, []):
            state("skos_categories_en", res(f"Category:{category}"), _iri("skos:broader"), res(f"Category:{parent}"))
    for prop in sorted({p for entry in W.values() for p, _ in entry[3]} | {"wikiPageUsesTemplate"}):
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", prop).lower()
        state("infobox_property_definitions_en", _iri(f"dbp:{prop}"), _iri("rdf:type"), _iri("rdf:Property"))
        state("infobox_property_definitions_en", _iri(f"dbp:{prop}"), _iri("rdfs:label"), en(words))
    return {f"{dataset}.ttl": "# started 2016-10-20T04:12:09Z\n" + "\n".join(lines)
            + "\n# completed 2016-10-20T05:48:31Z\n" for dataset, lines in sorted(files.items())}


def ontology() -> bytes:
    """The ontology the dump ships beside the data, as RDF/XML (``dbpedia_2016-10.owl``)."""
    lines: list[str] = []

    def state(subject: str, predicate: str, value: str) -> None:
        lines.append(f"{_iri(subject)} {_iri(predicate)} {value} .")

    def labels(subject: str, names: tuple[str, str, str]) -> None:
        for lang, label in zip(("en", "de", "fr"), names, strict=True):
            if label:
                state(subject, "rdfs:label", en(label, lang))

    lines.append(f"<{DBO}> {_iri('rdf:type')} {_iri('owl:Ontology')} .")
    lines.append(f"<{DBO}> {_iri('rdfs:label')} {en('The DBpedia Ontology')} .")
    lines.append(f"<{DBO}> {_iri('owl:versionInfo')} {_text('Version 2016-10')} .")
    for cls, (parent, names, equivalents) in CLASSES.items():
        state(f"dbo:{cls}", "rdf:type", _iri("owl:Class"))
        labels(f"dbo:{cls}", names)
        state(f"dbo:{cls}", "rdfs:subClassOf", _iri(parent))
        for other in equivalents:
            state(f"dbo:{cls}", "owl:equivalentClass", _iri(other))
        state(f"dbo:{cls}", "prov:wasDerivedFrom", f"<http://mappings.dbpedia.org/index.php/OntologyClass:{cls}>")
    for prop, (kind, domain, range_, names, equivalents) in PROPERTIES.items():
        state(f"dbo:{prop}", "rdf:type", _iri(f"owl:{kind}Property") if kind else _iri("rdf:Property"))
        labels(f"dbo:{prop}", names)
        if domain:
            state(f"dbo:{prop}", "rdfs:domain", _iri(domain))
        if range_:
            state(f"dbo:{prop}", "rdfs:range", _iri(range_))
        for other in equivalents:
            state(f"dbo:{prop}", "owl:equivalentProperty", _iri(other))
        state(f"dbo:{prop}", "prov:wasDerivedFrom", f"<http://mappings.dbpedia.org/index.php/OntologyProperty:{prop}>")
    for datatype, label in DATATYPES.items():
        state(f"dt:{datatype}", "rdf:type", _iri("rdfs:Datatype"))
        state(f"dt:{datatype}", "rdfs:label", en(label))
    triples = ox.parse("\n".join(lines), format=ox.RdfFormat.N_TRIPLES)
    return ox.serialize(triples, format=ox.RdfFormat.RDF_XML,
                        prefixes={k: CURIES[k] for k in ("dbo", "rdfs", "owl", "prov", "rdf")})


def write_graph(out: Path) -> list[Path]:
    """The dump's dataset files and the ontology in ``out``; the files written."""
    files = written(out, dataset_files())
    (out / "dbpedia_2016-10.owl").write_bytes(ontology())
    return [*files, out / "dbpedia_2016-10.owl"]


if __name__ == "__main__":
    run(__doc__, write_graph, "dbpedia")
