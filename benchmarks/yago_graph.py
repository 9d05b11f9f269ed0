"""A twenty-third stand-in: a made-up world stated the way **YAGO 4.5** ships the real one
(``yago-knowledge.org``, built from Wikidata by the ``yago-naga/yago-4.5`` scripts): several files, each a Turtle
file opened by YAGO's full block of ``@prefix`` lines and then one fact a line, its terms **tab-separated** and
ending ``\\t.`` (``TsvUtils.TsvFileWriter``): ``yago-facts.ttl`` (entities with an English Wikipedia article and the
facts between them), ``yago-beyond-wikipedia.ttl`` (entities without one, and every fact with such an entity as
object), ``yago-taxonomy.ttl`` (only ``rdfs:subClassOf``, from schema.org's top classes down through the kept part
of Wikidata's taxonomy), ``yago-schema.ttl`` (the SHACL shapes) and the meta facts. Resources are
``http://yago-knowledge.org/resource/<Name>``: the English Wikipedia title, a character outside letters, digits,
``_`` and ``-`` written ``_uXXXX_`` (``Orla_Venn__u0028_writer_u0029_``, ``Veldaran_Workers_u0027__Party``), else
the English label and the Wikidata id (``Ilse_Dray_Q130100026``), else the id alone (``Q130100009``, a village with
no English label). An entity's first fact is followed by ``owl:sameAs`` its Wikidata IRI; it has
``rdfs:label`` in several languages (one a language), ``rdfs:comment`` descriptions, ``schema:alternateName``
aliases, ``schema:mainEntityOfPage`` its Wikipedia page and for some ``schema:sameAs`` Freebase ids as strings and
``schema:url``. Types are only the most specific classes (a shortcut type is dropped): occupations, positions held
and genres are classes too, so a novelist is ``rdf:type yago:Novelist`` and a Person only through the taxonomy, a
prime minister ``rdf:type yago:Prime_Minister_of_Veldara``, a film ``rdf:type yago:Drama_film``; classes are
described in the facts file (``rdf:type rdfs:Class``, labels, comments). Properties are schema.org's
(``schema:birthPlace``, ``birthDate``, ``deathDate``, ``deathPlace``, ``spouse``, ``children`` — there is no parent
relation — ``alumniOf``, ``award``, ``nationality``, ``memberOf``, ``worksFor``, ``gender``, ``knowsLanguage``,
``author``, ``director``, ``actor``, ``publisher``, ``dateCreated``, ``inLanguage``, ``location`` for what a place
or organisation lies in) and YAGO's own (``yago:beliefSystem``, ``academicDegree``, ``notableWork``,
``studentOf``, ``leader``, ``capital``, ``officialLanguage``, ``populationNumber``, ``demonym``, ``conferredBy``);
dates are ``xsd:dateTime`` at midnight UTC or ``xsd:gYear``, populations ``xsd:decimal``. The schema file is
SHACL as YAGO's scripts print it: node shapes with ``rdfs:subClassOf``, ``owl:disjointWith`` and ``ys:fromClass``
Wikidata classes, property shapes as named blank nodes (``_:Person_property_7``) with ``sh:path``, ``sh:class`` /
``sh:datatype`` / ``sh:or`` lists, ``sh:maxCount``, ``ys:fromProperty`` and an ``rdfs:comment`` (no property is
declared or labelled anywhere else).

YAGO 4.5 states temporal scope (spouses, leaders, memberships, employment, award years, the date of a population)
in RDF-star, ``<<\\ts\\tp\\to\\t>>\\tschema:startDate\\t"…"`` a line with no closing ``.`` (``05-make-ids.py``), in
``yago-meta-facts.ntx``. ``cacherag load`` refuses that file: "cannot tell the RDF format of yago-meta-facts.ntx from
its extension", and named ``.ttl`` "no statement could be read (… A dot is expected at the end of statements)";
YAGO 4's N-Triples-star form (``.nt``, lines closed) is refused too ("The subject of a triple must be an IRI or a
blank node"). So ``write_graph`` writes that file beside the others but returns in its place the meta facts as
YAGO2s / YAGO3 stated them (the "N4" form): each annotated fact is preceded in its file by a comment ``#@ <id_…>``
naming it, and ``yago-meta-facts.ttl`` states ``<id_…> schema:startDate "…"`` — valid Turtle whose link from a fact
to its dates lives only in comments, so once loaded the dates hang off identifiers nothing else mentions.

``yago_questions.tsv`` (35 answerable + 10 the graph cannot answer) was written before the first run (session 56).
Reuses the saga benchmark's runner.

    python benchmarks/yago_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import unicodedata
import zlib
from pathlib import Path

from saga_graph import run, written

# the prefixes YAGO 4.5's Prefixes.py prints at the head of every file, in its order
PREFIXES: dict[str, str] = {
    "yago": "http://yago-knowledge.org/resource/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "xsd": "http://www.w3.org/2001/XMLSchema#", "ontolex": "http://www.w3.org/ns/lemon/ontolex#",
    "dct": "http://purl.org/dc/terms/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#", "wikibase": "http://wikiba.se/ontology#",
    "skos": "http://www.w3.org/2004/02/skos/core#", "schema": "http://schema.org/",
    "cc": "http://creativecommons.org/ns#", "geo": "http://www.opengis.net/ont/geosparql#",
    "prov": "http://www.w3.org/ns/prov#", "wd": "http://www.wikidata.org/entity/",
    "data": "https://www.wikidata.org/wiki/Special:EntityData/", "sh": "http://www.w3.org/ns/shacl#",
    "s": "http://www.wikidata.org/entity/statement/", "ref": "http://www.wikidata.org/reference/",
    "v": "http://www.wikidata.org/value/", "wdt": "http://www.wikidata.org/prop/direct/",
    "wpq": "http://www.wikidata.org/prop/quant/", "wdtn": "http://www.wikidata.org/prop/direct-normalized/",
    "p": "http://www.wikidata.org/prop/", "ps": "http://www.wikidata.org/prop/statement/",
    "psv": "http://www.wikidata.org/prop/statement/value/",
    "psn": "http://www.wikidata.org/prop/statement/value-normalized/",
    "pq": "http://www.wikidata.org/prop/qualifier/", "pqv": "http://www.wikidata.org/prop/qualifier/value/",
    "pqn": "http://www.wikidata.org/prop/qualifier/value-normalized/", "pr": "http://www.wikidata.org/prop/reference/",
    "prv": "http://www.wikidata.org/prop/reference/value/",
    "prn": "http://www.wikidata.org/prop/reference/value-normalized/", "wdno": "http://www.wikidata.org/prop/novalue/",
    "ys": "http://yago-knowledge.org/schema#",
}

# key: (English Wikipedia title or None, Wikidata id, {language: label}, {language: description}, aliases (text,
#       language), classes (keys of CLASSES or schema: names), Freebase id or None)
ENTITIES: dict[str, tuple] = {
    "veldara": ("Veldara", "Q130100001", {"en": "Veldara", "de": "Veldarien", "fr": "Veldarie", "es": "Veldaria"},
                {"en": "sovereign state on the Brisk Sea", "de": "Staat an der Briskensee"},
                [("Republic of Veldara", "en"), ("Republik Veldarien", "de")], ["sovereign_state"], "/m/0vq2k71"),
    "carvenia": ("Carvenia", "Q130100002", {"en": "Carvenia", "de": "Karwenien", "fr": "Carvénie", "es": "Carvenia"},
                 {"en": "sovereign state south of Veldara"}, [("Carvenian Republic", "en")], ["sovereign_state"],
                 "/m/0vq2k9c"),
    "marrowick": ("Marrowick", "Q130100003", {"en": "Marrowick", "de": "Marrowick", "fr": "Marrowick"},
                  {"en": "capital and largest city of Veldara", "fr": "capitale de la Veldarie"}, [],
                  ["capital_city"], "/m/0vq2kd4"),
    "brennholm": ("Brennholm", "Q130100004", {"en": "Brennholm", "de": "Brennholm"},
                  {"en": "port town in Haskel Province, Veldara"}, [], ["town"], None),
    "haskel": ("Haskel Province", "Q130100005",
               {"en": "Haskel Province", "de": "Provinz Haskel", "fr": "Province de Haskel"},
               {"en": "province of Veldara"}, [("Haskel", "en")], ["province"], None),
    "lisandra": ("Lisandra (city)", "Q130100006", {"en": "Lisandra", "es": "Lisandra", "fr": "Lisandre"},
                 {"en": "capital city of Carvenia"}, [], ["capital_city"], "/m/0vq2kk8"),
    "villarrosa": (None, "Q130100009", {"es": "Villarrosa del Monte", "it": "Villarossa del Monte"},
                   {"es": "municipio de Carvenia"}, [], ["village"], None),
    "orla": ("Orla Venn (writer)", "Q130100020", {"en": "Orla Venn", "de": "Orla Venn", "fr": "Orla Venn"},
             {"en": "Veldaran novelist (1931–2002)", "de": "veldarische Schriftstellerin"},
             [("Orla Margarethe Venn", "en")], ["novelist"], "/m/0vq3a12"),
    "tobias": ("Tobias Keel", "Q130100021", {"en": "Tobias Keel", "de": "Tobias Keel"},
               {"en": "Carvenian painter (1927–1995)"}, [], ["painter"], None),
    "mara": ("Mara Keel", "Q130100022", {"en": "Mara Keel", "fr": "Mara Keel"}, {"en": "Veldaran film director"}, [],
             ["film_director"], "/m/0vq3a5x"),
    "lukas": (None, "Q130100024", {"en": "Lukas Keel"}, {"en": "son of Orla Venn and Tobias Keel"}, [],
              ["schema:Person"], None),
    "ansel": ("Ansel Dray", "Q130100025", {"en": "Ansel Dray", "de": "Ansel Dray"},
              {"en": "Prime Minister of Veldara from 2003 to 2011"}, [("Ansel J. Dray", "en")],
              ["yago:Politician", "pm_veldara"], "/m/0vq3b02"),
    "ilse": (None, "Q130100026", {"en": "Ilse Dray"}, {}, [], ["schema:Person"], None),
    "greta": ("Greta Hollis", "Q130100027", {"en": "Greta Hollis"}, {"en": "Veldaran politician"}, [],
              ["yago:Politician", "pm_veldara"], None),
    "piet": ("Piet Oman", "Q130100028", {"en": "Piet Oman", "de": "Piet Oman"}, {"en": "Veldaran politician"}, [],
             ["yago:Politician", "pm_veldara"], None),
    "kasimir": ("Kasimir Holt", "Q130100029", {"en": "Kasimir Holt"}, {"en": "Carvenian physicist"}, [],
                ["physicist"], "/m/0vq3c47"),
    "edda": ("Edda Lorne", "Q130100030", {"en": "Edda Lorne", "es": "Edda Lorne"},
             {"en": "Carvenian physicist (1921–1999)"}, [], ["physicist"], None),
    "pell": ("Pell Marsh", "Q130100031", {"en": "Pell Marsh"}, {"en": "Veldaran actor"}, [], ["film_actor"], None),
    "sina": ("Sina Varro", "Q130100032", {"en": "Sina Varro", "es": "Sina Varro"}, {"en": "Carvenian actress"},
             [("Sinaida Varrova", "en")], ["film_actor"], None),
    "jonas": (None, "Q130100033", {"en": "Jonas Brisk", "es": "Jonás Brisk"}, {"es": "actor carvenio"}, [],
              ["film_actor"], None),
    "rune": ("Rune Adler", "Q130100034", {"en": "Rune Adler", "de": "Rune Adler"}, {"en": "Carvenian poet"}, [],
             ["poet"], None),
    "salt_orchard": ("The Salt Orchard", "Q130100040",
                     {"en": "The Salt Orchard", "de": "Der Salzgarten", "fr": "Le Verger de sel"},
                     {"en": "1967 novel by Orla Venn", "de": "Roman von Orla Venn"}, [], ["novel"], None),
    "nine_bridges": ("Nine Bridges (novel)", "Q130100041", {"en": "Nine Bridges", "de": "Neun Brücken"},
                     {"en": "1974 novel by Orla Venn"}, [], ["novel"], None),
    "glass_meridian": ("Glass Meridian", "Q130100042", {"en": "Glass Meridian", "es": "Meridiano de vidrio"},
                       {"en": "1999 poetry collection by Rune Adler"}, [], ["poetry_collection"], None),
    "lantern": ("Lantern (2004 film)", "Q130100043", {"en": "Lantern", "fr": "La Lanterne"},
                {"en": "2004 film directed by Mara Keel"}, [], ["drama_film", "crime_film"], "/m/0vq3d88"),
    "winter_quay": ("Winter Quay", "Q130100044", {"en": "Winter Quay"}, {"en": "2011 film directed by Mara Keel"},
                    [], ["drama_film"], None),
    "univ_marrowick": ("University of Marrowick", "Q130100050",
                       {"en": "University of Marrowick", "de": "Universität Marrowick"},
                       {"en": "public university in Marrowick, Veldara"}, [("UoM", "en")], ["public_university"],
                       "/m/0vq3e10"),
    "lisandra_poly": ("Lisandra Polytechnic", "Q130100051", {"en": "Lisandra Polytechnic"},
                      {"en": "institute of technology in Lisandra"}, [], ["institute_of_technology"], None),
    "workers_party": ("Veldaran Workers' Party", "Q130100052", {"en": "Veldaran Workers' Party"},
                      {"en": "political party in Veldara"}, [("VWP", "en")], ["political_party"], None),
    "liberal_union": ("Veldaran Liberal Union", "Q130100053", {"en": "Veldaran Liberal Union"},
                      {"en": "political party in Veldara"}, [], ["political_party"], None),
    "marrowick_press": ("Marrowick Press", "Q130100054", {"en": "Marrowick Press"},
                        {"en": "Veldaran publishing house"}, [], ["publishing_company"], None),
    "academy_letters": ("Veldaran Academy of Letters", "Q130100055", {"en": "Veldaran Academy of Letters"},
                        {"en": "learned society"}, [], ["learned_society"], None),
    "maritime_league": ("Northern Maritime League", "Q130100056", {"en": "Northern Maritime League"},
                        {"en": "intergovernmental organization"}, [], ["igo"], None),
    "halvren_prize": ("Halvren Prize", "Q130100060", {"en": "Halvren Prize", "de": "Halvren-Preis"},
                      {"en": "Veldaran literary award"}, [], ["literary_award"], None),
    "silver_gull": ("Order of the Silver Gull", "Q130100061", {"en": "Order of the Silver Gull"},
                    {"en": "highest order of merit of Veldara"}, [], ["order"], None),
    "ferrand_medal": ("Ferrand Medal", "Q130100062", {"en": "Ferrand Medal"}, {"en": "award in physics"}, [],
                      ["science_award"], None),
    "golden_quay": ("Golden Quay Award", "Q130100063", {"en": "Golden Quay Award"},
                    {"en": "film award of Marrowick"}, [], ["film_award"], None),
    "phd": ("Doctor of Philosophy", "Q752297", {"en": "Doctor of Philosophy", "de": "Doctor of Philosophy"},
            {"en": "doctoral degree"}, [("PhD", "en")], ["doctorate"], "/m/014mlp"),
    "veldaran": ("Veldaran language", "Q130100070", {"en": "Veldaran", "de": "Veldarisch"},
                 {"en": "language of Veldara"}, [], ["schema:Language"], None),
    "carvenian": ("Carvenian language", "Q130100071", {"en": "Carvenian", "es": "carvenio"},
                  {"en": "language of Carvenia"}, [], ["schema:Language"], None),
    "aldine_church": ("Aldine Church", "Q130100072", {"en": "Aldine Church"},
                      {"en": "Christian denomination of Veldara"}, [], ["christian_denomination"], None),
    "female": ("Female", "Q6581072", {"en": "female", "de": "weiblich", "fr": "féminin"},
               {"en": "sex or gender"}, [], ["yago:Gender"], None),
    "male": ("Male", "Q6581097", {"en": "male", "de": "männlich", "fr": "masculin"},
             {"en": "sex or gender"}, [], ["yago:Gender"], None),
}

# key: (English Wikipedia title, Wikidata id, English label, description, superclasses); a superclass that is not a
# key is a class of the schema (schema:… or yago:… named in SHAPES)
CLASSES: dict[str, tuple[str, str, str, str, list[str]]] = {
    "novelist": ("Novelist", "Q6625963", "novelist", "writer of novels", ["writer"]),
    "writer": ("Writer", "Q36180", "writer", "person who uses written words", ["yago:Creator"]),
    "poet": ("Poet", "Q49757", "poet", "person who writes poetry", ["writer"]),
    "painter": ("Painter", "Q1028181", "painter", "person who creates paintings", ["visual_artist"]),
    "visual_artist": ("Visual artist", "Q3391743", "visual artist", "artist who creates visual works", ["artist"]),
    "artist": ("Artist", "Q483501", "artist", "person who creates art", ["yago:Creator"]),
    "film_director": ("Film director", "Q2526255", "film director", "person who directs films", ["filmmaker"]),
    "filmmaker": ("Filmmaker", "Q1414443", "filmmaker", "person who makes films", ["yago:Creator"]),
    "film_actor": ("Film actor", "Q10800557", "film actor", "actor who acts in films", ["actor"]),
    "actor": ("Actor", "Q33999", "actor", "person who acts in a dramatic production", ["artist"]),
    "physicist": ("Physicist", "Q169470", "physicist", "scientist who does research in physics", ["scientist"]),
    "scientist": ("Scientist", "Q901", "scientist", "person who does scientific research", ["yago:Academic"]),
    "pm_veldara": ("Prime Minister of Veldara", "Q130100080", "Prime Minister of Veldara",
                   "head of government of Veldara", ["head_of_government"]),
    "head_of_government": ("Head of government", "Q2285706", "head of government",
                           "chief officer of the executive branch of a government", ["yago:Politician"]),
    "sovereign_state": ("Sovereign state", "Q3624078", "sovereign state", "state with its own government",
                        ["schema:Country"]),
    "capital_city": ("Capital city", "Q5119", "capital city", "seat of government of a country or region",
                     ["schema:City"]),
    "town": ("Town", "Q3957", "town", "settlement larger than a village", ["schema:AdministrativeArea"]),
    "village": ("Village", "Q532", "village", "small settlement", ["schema:AdministrativeArea"]),
    "province": ("Province", "Q34876", "province", "administrative division", ["schema:AdministrativeArea"]),
    "university": ("University", "Q3918", "university", "institution of higher education",
                   ["schema:EducationalOrganization"]),
    "public_university": ("Public university", "Q875538", "public university", "university funded by the state",
                          ["university"]),
    "institute_of_technology": ("Institute of technology", "Q1371037", "institute of technology",
                                "university of technology", ["university"]),
    "political_party": ("Political party", "Q7278", "political party",
                        "organization that seeks to influence government", ["schema:Organization"]),
    "publishing_company": ("Publishing company", "Q2085381", "publishing company", "company that publishes",
                           ["schema:Corporation"]),
    "learned_society": ("Learned society", "Q955824", "learned society", "organization promoting a discipline",
                        ["schema:Organization"]),
    "igo": ("Intergovernmental organization", "Q245065", "intergovernmental organization",
            "organization of sovereign states", ["schema:Organization"]),
    "literary_award": ("Literary award", "Q378427", "literary award", "award for literary works", ["yago:Award"]),
    "order": ("Order (honour)", "Q193622", "order", "honour conferred by a state", ["yago:Award"]),
    "science_award": ("Science award", "Q11448906", "science award", "award for scientific work", ["yago:Award"]),
    "film_award": ("Film award", "Q4220917", "film award", "award for films", ["yago:Award"]),
    "academic_degree": ("Academic degree", "Q189533", "academic degree", "qualification awarded by a university",
                        ["yago:Award"]),
    "doctorate": ("Doctorate", "Q849697", "doctorate", "academic degree of the highest level", ["academic_degree"]),
    "literary_work": ("Literary work", "Q7725634", "literary work", "written work of literature",
                      ["schema:CreativeWork"]),
    "novel": ("Novel", "Q8261", "novel", "long work of narrative fiction", ["literary_work"]),
    "poetry_collection": ("Poetry collection", "Q12106333", "poetry collection", "collection of poems",
                          ["literary_work"]),
    "drama_film": ("Drama film", "Q130232", "drama film", "film genre", ["schema:Movie"]),
    "crime_film": ("Crime film", "Q959790", "crime film", "film genre", ["schema:Movie"]),
    "religion": ("Religion", "Q9174", "religion", "system of beliefs and practices", ["yago:BeliefSystem"]),
    "christian_denomination": ("Christian denomination", "Q13414953", "Christian denomination",
                               "religious body within Christianity", ["religion"]),
}
# schema classes and their superclass, as the taxonomy file restates them
SCHEMA_TAXONOMY: dict[str, str] = {
    "schema:Person": "schema:Thing", "yago:Worker": "schema:Person", "yago:Creator": "yago:Worker",
    "yago:Academic": "yago:Worker", "yago:Politician": "yago:Worker", "schema:Organization": "schema:Thing",
    "schema:EducationalOrganization": "schema:Organization", "schema:Corporation": "schema:Organization",
    "schema:CreativeWork": "schema:Thing", "schema:Book": "schema:CreativeWork", "schema:Movie": "schema:CreativeWork",
    "schema:Place": "schema:Thing", "schema:AdministrativeArea": "schema:Place",
    "schema:City": "schema:AdministrativeArea", "schema:Country": "schema:AdministrativeArea",
    "schema:Intangible": "schema:Thing", "yago:Award": "schema:Intangible", "yago:BeliefSystem": "schema:Intangible",
    "yago:Gender": "schema:Intangible", "schema:Language": "schema:Intangible",
}


def _dt(day: str) -> str:
    return f'"{day}T00:00:00Z"^^xsd:dateTime'


def _year(year: str) -> str:
    return f'"{year}"^^xsd:gYear'


def _decimal(number: str) -> str:
    return f'"{number}"^^xsd:decimal'


# (subject, property, object key or literal, start date or None, end date or None) — dates as literals
FACTS: list[tuple[str, str, str, str | None, str | None]] = [
    ("veldara", "yago:capital", "marrowick", None, None),
    ("veldara", "yago:officialLanguage", "veldaran", None, None),
    ("veldara", "yago:populationNumber", _decimal("6120000"), _year("2021"), _year("2021")),
    ("veldara", "yago:leader", "ansel", _dt("2003-05-12"), _dt("2011-06-01")),
    ("veldara", "yago:leader", "greta", _dt("2011-06-01"), _dt("2019-09-30")),
    ("veldara", "yago:leader", "piet", _dt("2019-09-30"), None),
    ("veldara", "schema:memberOf", "maritime_league", _year("1994"), None),
    ("veldara", "yago:demonym", '"Veldaran"@en', None, None),
    ("veldara", "schema:dateCreated", _year("1921"), None, None),
    ("carvenia", "yago:capital", "lisandra", None, None),
    ("carvenia", "yago:officialLanguage", "carvenian", None, None),
    ("carvenia", "yago:populationNumber", _decimal("4480000"), _year("2021"), _year("2021")),
    ("carvenia", "schema:memberOf", "maritime_league", _year("1998"), None),
    ("carvenia", "yago:demonym", '"Carvenian"@en', None, None),
    ("marrowick", "schema:location", "haskel", None, None),
    ("marrowick", "schema:location", "veldara", None, None),
    ("marrowick", "yago:populationNumber", _decimal("1204000"), _year("2020"), _year("2020")),
    ("brennholm", "schema:location", "haskel", None, None),
    ("brennholm", "schema:location", "veldara", None, None),
    ("brennholm", "yago:populationNumber", _decimal("48200"), _year("2019"), _year("2019")),
    ("haskel", "schema:location", "veldara", None, None),
    ("haskel", "yago:capital", "brennholm", None, None),
    ("lisandra", "schema:location", "carvenia", None, None),
    ("lisandra", "yago:populationNumber", _decimal("2950000"), _year("2020"), _year("2020")),
    ("villarrosa", "schema:location", "carvenia", None, None),
    ("orla", "schema:gender", "female", None, None),
    ("orla", "schema:birthPlace", "brennholm", None, None),
    ("orla", "schema:birthDate", _dt("1931-05-14"), None, None),
    ("orla", "schema:deathPlace", "marrowick", None, None),
    ("orla", "schema:deathDate", _dt("2002-11-03"), None, None),
    ("orla", "schema:spouse", "tobias", _dt("1955-06-18"), _dt("1995-02-07")),
    ("orla", "schema:children", "mara", None, None),
    ("orla", "schema:children", "lukas", None, None),
    ("orla", "schema:alumniOf", "univ_marrowick", None, None),
    ("orla", "schema:award", "halvren_prize", _year("1978"), _year("1978")),
    ("orla", "schema:award", "silver_gull", _year("1990"), _year("1990")),
    ("orla", "schema:nationality", "veldara", None, None),
    ("orla", "schema:knowsLanguage", "veldaran", None, None),
    ("orla", "yago:notableWork", "salt_orchard", None, None),
    ("tobias", "schema:gender", "male", None, None),
    ("tobias", "schema:birthPlace", "lisandra", None, None),
    ("tobias", "schema:birthDate", _dt("1927-09-02"), None, None),
    ("tobias", "schema:deathDate", _dt("1995-02-07"), None, None),
    ("tobias", "schema:spouse", "orla", _dt("1955-06-18"), _dt("1995-02-07")),
    ("tobias", "schema:children", "mara", None, None),
    ("tobias", "schema:children", "lukas", None, None),
    ("tobias", "schema:nationality", "carvenia", None, None),
    ("mara", "schema:gender", "female", None, None),
    ("mara", "schema:birthPlace", "marrowick", None, None),
    ("mara", "schema:birthDate", _dt("1958-02-20"), None, None),
    ("mara", "schema:alumniOf", "univ_marrowick", None, None),
    ("mara", "schema:award", "golden_quay", _year("2005"), _year("2005")),
    ("mara", "schema:nationality", "veldara", None, None),
    ("mara", "yago:notableWork", "lantern", None, None),
    ("lukas", "schema:gender", "male", None, None),
    ("lukas", "schema:birthPlace", "marrowick", None, None),
    ("lukas", "schema:birthDate", _year("1961"), None, None),
    ("ansel", "schema:gender", "male", None, None),
    ("ansel", "schema:birthPlace", "brennholm", None, None),
    ("ansel", "schema:birthDate", _dt("1949-08-30"), None, None),
    ("ansel", "schema:spouse", "ilse", _dt("1976-09-04"), None),
    ("ansel", "schema:memberOf", "workers_party", _year("1972"), None),
    ("ansel", "schema:alumniOf", "univ_marrowick", None, None),
    ("ansel", "yago:beliefSystem", "aldine_church", None, None),
    ("ansel", "schema:award", "silver_gull", _year("2012"), _year("2012")),
    ("ansel", "schema:nationality", "veldara", None, None),
    ("ilse", "schema:gender", "female", None, None),
    ("ilse", "schema:spouse", "ansel", _dt("1976-09-04"), None),
    ("greta", "schema:gender", "female", None, None),
    ("greta", "schema:birthPlace", "marrowick", None, None),
    ("greta", "schema:birthDate", _dt("1961-04-03"), None, None),
    ("greta", "schema:memberOf", "workers_party", _year("1985"), None),
    ("greta", "schema:alumniOf", "lisandra_poly", None, None),
    ("greta", "schema:nationality", "veldara", None, None),
    ("piet", "schema:gender", "male", None, None),
    ("piet", "schema:birthPlace", "brennholm", None, None),
    ("piet", "schema:birthDate", _dt("1970-12-11"), None, None),
    ("piet", "schema:memberOf", "liberal_union", _year("1994"), None),
    ("piet", "schema:nationality", "veldara", None, None),
    ("kasimir", "schema:gender", "male", None, None),
    ("kasimir", "schema:birthPlace", "lisandra", None, None),
    ("kasimir", "schema:birthDate", _dt("1952-01-17"), None, None),
    ("kasimir", "yago:studentOf", "edda", None, None),
    ("kasimir", "yago:academicDegree", "phd", None, None),
    ("kasimir", "schema:worksFor", "univ_marrowick", _year("1990"), _year("2015")),
    ("kasimir", "schema:alumniOf", "lisandra_poly", None, None),
    ("kasimir", "schema:award", "ferrand_medal", _year("2008"), _year("2008")),
    ("kasimir", "schema:nationality", "carvenia", None, None),
    ("edda", "schema:gender", "female", None, None),
    ("edda", "schema:birthPlace", "lisandra", None, None),
    ("edda", "schema:birthDate", _dt("1921-03-09"), None, None),
    ("edda", "schema:deathDate", _year("1999"), None, None),
    ("edda", "schema:worksFor", "lisandra_poly", None, None),
    ("edda", "schema:award", "ferrand_medal", _year("1985"), _year("1985")),
    ("edda", "schema:nationality", "carvenia", None, None),
    ("pell", "schema:gender", "male", None, None),
    ("pell", "schema:birthPlace", "marrowick", None, None),
    ("pell", "schema:birthDate", _dt("1966-07-21"), None, None),
    ("pell", "schema:nationality", "veldara", None, None),
    ("sina", "schema:gender", "female", None, None),
    ("sina", "schema:birthPlace", "lisandra", None, None),
    ("sina", "schema:birthDate", _dt("1972-10-05"), None, None),
    ("sina", "schema:nationality", "carvenia", None, None),
    ("jonas", "schema:gender", "male", None, None),
    ("jonas", "schema:birthPlace", "villarrosa", None, None),
    ("jonas", "schema:birthDate", _year("1980"), None, None),
    ("rune", "schema:gender", "male", None, None),
    ("rune", "schema:birthPlace", "lisandra", None, None),
    ("rune", "schema:birthDate", _dt("1964-06-30"), None, None),
    ("rune", "schema:award", "halvren_prize", _year("2001"), _year("2001")),
    ("rune", "schema:nationality", "carvenia", None, None),
    ("rune", "yago:notableWork", "glass_meridian", None, None),
    ("salt_orchard", "schema:author", "orla", None, None),
    ("salt_orchard", "schema:dateCreated", _year("1967"), None, None),
    ("salt_orchard", "schema:inLanguage", "veldaran", None, None),
    ("nine_bridges", "schema:author", "orla", None, None),
    ("nine_bridges", "schema:dateCreated", _year("1974"), None, None),
    ("nine_bridges", "schema:inLanguage", "veldaran", None, None),
    ("nine_bridges", "schema:publisher", "marrowick_press", None, None),
    ("glass_meridian", "schema:author", "rune", None, None),
    ("glass_meridian", "schema:dateCreated", _year("1999"), None, None),
    ("glass_meridian", "schema:inLanguage", "carvenian", None, None),
    ("lantern", "schema:director", "mara", None, None),
    ("lantern", "schema:actor", "pell", None, None),
    ("lantern", "schema:actor", "sina", None, None),
    ("lantern", "schema:dateCreated", _year("2004"), None, None),
    ("lantern", "schema:inLanguage", "veldaran", None, None),
    ("lantern", "schema:award", "golden_quay", _year("2005"), _year("2005")),
    ("winter_quay", "schema:director", "mara", None, None),
    ("winter_quay", "schema:actor", "pell", None, None),
    ("winter_quay", "schema:actor", "jonas", None, None),
    ("winter_quay", "schema:dateCreated", _year("2011"), None, None),
    ("univ_marrowick", "schema:location", "marrowick", None, None),
    ("univ_marrowick", "schema:dateCreated", _year("1832"), None, None),
    ("univ_marrowick", "schema:url", '"https://www.uni-marrowick.example/"^^xsd:anyURI', None, None),
    ("lisandra_poly", "schema:location", "lisandra", None, None),
    ("lisandra_poly", "schema:dateCreated", _year("1888"), None, None),
    ("workers_party", "schema:location", "veldara", None, None),
    ("workers_party", "yago:leader", "greta", _year("2009"), None),
    ("workers_party", "schema:dateCreated", _year("1919"), None, None),
    ("liberal_union", "schema:location", "veldara", None, None),
    ("liberal_union", "yago:leader", "piet", _year("2015"), None),
    ("marrowick_press", "schema:location", "marrowick", None, None),
    ("academy_letters", "schema:location", "marrowick", None, None),
    ("halvren_prize", "yago:conferredBy", "academy_letters", None, None),
]

# node shape: (superclass, disjoint classes, Wikidata classes, label or None,
#              [(path, range, max count, Wikidata properties, comment)]); a range is sh:class / sh:datatype,
# or several joined by "|" (an sh:or list)
DATES = "xsd:dateTime|xsd:date|xsd:gYearMonth|xsd:gYear"
AWARD = "An award won by a Person, Organization, CreativeWork, or Product"
SHAPES: dict[str, tuple[str | None, list[str], list[str], str | None, list[tuple[str, str, int, str, str]]]] = {
    "schema:Thing": (None, [], [], None, [
        ("schema:alternateName", "rdf:langString", 0, "skos:altLabel", "An alternative name for the entity"),
        ("rdfs:comment", "rdf:langString", 0, "schema:description",
         "Provides a comment or description of an entity in a specific language"),
        ("rdfs:label", "rdf:langString", 0, "", "Provides a human-readable label for an entity in a specific language"),
        ("schema:mainEntityOfPage", "xsd:anyURI", 0, "", "The Wikipedia page about the entity"),
        ("schema:url", "xsd:anyURI", 0, "wdt:P856", "A URL associated with the entity"),
        ("schema:sameAs", "xsd:string", 0, "wdt:P646", "An identifier of the same entity in another knowledge base"),
    ]),
    "schema:Person": ("schema:Thing", ["schema:CreativeWork", "schema:Organization"], ["wd:Q5"], None, [
        ("yago:studentOf", "schema:Person", 0, "wdt:P1066", "A Person who was a student of an Academic"),
        ("yago:beliefSystem", "yago:BeliefSystem", 0, "wdt:P140", "The belief system (e.g., religion) of a Person"),
        ("yago:academicDegree", "yago:Award", 0, "wdt:P512", "An academic degree (Award) held by a Person"),
        ("schema:worksFor", "schema:Organization", 0, "wdt:P108", "An Organization that a Person works for"),
        ("schema:alumniOf", "schema:Organization", 0, "wdt:P69",
         "An Organization that a Person is an alumnus of (typically an educational institution)"),
        ("schema:award", "yago:Award", 0, "wdt:P166", AWARD),
        ("schema:birthDate", DATES, 1, "wdt:P569", "The date of birth of a Person"),
        ("schema:birthPlace", "schema:Place", 1, "wdt:P19", "The place where a Person was born"),
        ("schema:children", "schema:Person", 0, "wdt:P40", "A child of the Person"),
        ("schema:deathDate", DATES, 1, "wdt:P570", "The date of death of a Person"),
        ("schema:deathPlace", "schema:Place", 1, "wdt:P20", "The place where a Person died"),
        ("schema:gender", "yago:Gender", 1, "wdt:P21", "The gender of a Person"),
        ("schema:homeLocation", "schema:Place", 0, "wdt:P551", "A location associated with a Person's home"),
        ("schema:knowsLanguage", "schema:Language", 0, "wdt:P1412", "A language known by a Person or PerformingGroup"),
        ("schema:memberOf", "schema:Organization", 0, "wdt:P463, wdt:P54, wdt:P102",
         "An Organization that a Person or another Organization is a member of"),
        ("schema:nationality", "schema:Country", 0, "wdt:P27", "The nationality of a Person (links to a Country)"),
        ("schema:spouse", "schema:Person", 0, "wdt:P26", "The spouse of a Person"),
    ]),
    "yago:Worker": ("schema:Person", [], ["wd:Q702269", "wd:Q327055"], None, []),
    "yago:Creator": ("yago:Worker", [], ["wd:Q2500638"], None, [
        ("yago:notableWork", "schema:CreativeWork", 0, "wdt:P800",
         "A notable CreativeWork by a Creator or PerformingGroup"),
    ]),
    "yago:Academic": ("yago:Worker", [], ["wd:Q66666685"], None, [
        ("yago:doctoralAdvisor", "schema:Person", 0, "wdt:P184", "The doctoral advisor of an Academic"),
    ]),
    "yago:Politician": ("yago:Worker", [], ["wd:Q82955"], None, [
        ("yago:candidateIn", "schema:Event", 0, "wdt:P3602", "An Election that a Politician was a candidate in"),
    ]),
    "schema:Organization": ("schema:Thing", ["schema:CreativeWork"], ["wd:Q43229"], None, [
        ("schema:award", "yago:Award", 0, "wdt:P166", AWARD),
        ("schema:location", "schema:Place", 0, "wdt:P131, wdt:P276, wdt:P17, wdt:P159",
         "The location of an Organization, Event, or Place"),
        ("schema:dateCreated", DATES, 1, "wdt:P571",
         "The date something was created (used for CreativeWorks, Organizations, Products, AdministrativeAreas, etc.)"),
        ("schema:founder", "schema:Person|schema:Organization", 0, "wdt:P112",
         "The founder of an Organization or Administrative Area"),
        ("yago:leader", "schema:Person", 0, "wdt:P35, wdt:P6, wdt:P488",
         "The leader of an Organization or AdministrativeArea"),
        ("schema:memberOf", "schema:Organization", 0, "wdt:P463",
         "An Organization that a Person or another Organization is a member of"),
    ]),
    "schema:EducationalOrganization": ("schema:Organization", [], ["wd:Q5341295"], None, [
        ("yago:studentsCount", "xsd:decimal", 0, "wdt:P2196",
         "The number of students in an EducationalOrganization"),
    ]),
    "schema:Corporation": ("schema:Organization", [], ["wd:Q783794", "wd:Q4830453"], None, []),
    "schema:CreativeWork": ("schema:Thing", [], ["wd:Q17537576", "wd:Q386724"], None, [
        ("schema:about", "schema:Thing", 0, "wdt:P921", "Indicates what a CreativeWork is about"),
        ("schema:award", "yago:Award", 0, "wdt:P166", AWARD),
        ("schema:author", "schema:Organization|schema:Person", 0, "wdt:P50, wdt:P170",
         "The author of a CreativeWork or FictionalEntity"),
        ("schema:contentLocation", "schema:Place", 0, "wdt:P840",
         "The location depicted or described in the CreativeWork"),
        ("schema:dateCreated", DATES, 1, "wdt:P571",
         "The date something was created (used for CreativeWorks, Organizations, Products, AdministrativeAreas, etc.)"),
        ("schema:inLanguage", "schema:Language", 0, "wdt:P407", "The language of a CreativeWork"),
    ]),
    "schema:Book": ("schema:CreativeWork", [], ["wd:Q571"], None, [
        ("schema:publisher", "schema:Organization|schema:Person", 1, "wdt:P123",
         "The publisher of a Book or Newspaper"),
        ("schema:numberOfPages", "xsd:decimal", 1, "wdt:P1104", "The number of pages in a Book"),
    ]),
    "schema:Movie": ("schema:CreativeWork", [], ["wd:Q11424"], None, [
        ("schema:actor", "schema:Person", 0, "wdt:P161", "Indicates an actor who appeared in a Movie or TV Series"),
        ("schema:director", "schema:Person", 0, "wdt:P57", "The director of a Movie, TV Series, or PerformingGroup"),
        ("schema:musicBy", "schema:MusicGroup|schema:Person", 0, "wdt:P86",
         "The composer or musician for a Movie, TV Series, or MusicComposition"),
        ("schema:productionCompany", "schema:Organization", 0, "wdt:P272",
         "The production company for a Movie or TV Series"),
    ]),
    "schema:Place": ("schema:Thing", ["schema:CreativeWork", "schema:Person"], [], None, [
        ("schema:location", "schema:Place", 0, "wdt:P131, wdt:P276, wdt:P706, wdt:P17",
         "The location of an Organization, Event, or Place"),
        ("yago:area", "yago:UnitOfArea", 0, "wdt:P2046", ""),
        ("yago:neighbors", "schema:Place", 0, "wdt:P47", "A neighboring Place"),
        ("schema:geo", "geo:wktLiteral", 1, "wdt:P625",
         "The geographic coordinates of a Place (in WKT literal format)"),
    ]),
    "schema:AdministrativeArea": ("schema:Place", [], ["wd:Q56061", "wd:Q486972"], None, [
        ("schema:dateCreated", DATES, 1, "wdt:P571",
         "The date something was created (used for CreativeWorks, Organizations, Products, AdministrativeAreas, etc.)"),
        ("yago:demonym", "rdf:langString", 0, "wdt:P1549", ""),
        ("yago:leader", "schema:Person", 0, "wdt:P6, wdt:P35", "The leader of an Organization or AdministrativeArea"),
        ("yago:populationNumber", "xsd:decimal", 0, "wdt:P1082", "Population count."),
        ("schema:memberOf", "schema:Organization", 0, "wdt:P463",
         "An Organization that a Person or another Organization is a member of"),
        ("yago:capital", "schema:City", 0, "wdt:P36", "The capital City of an AdministrativeArea"),
    ]),
    "schema:City": ("schema:AdministrativeArea", [], ["wd:Q7930989", "wd:Q515"], None, []),
    "schema:Country": ("schema:AdministrativeArea", [], ["wd:Q6256"], None, [
        ("yago:officialLanguage", "schema:Language", 0, "wdt:P37", "An official Language of a Country"),
    ]),
    "schema:Intangible": ("schema:Thing", ["schema:Organization", "schema:Person", "schema:Place"], [], None, []),
    "yago:Award": ("schema:Intangible", [], ["wd:Q618779", "wd:Q38033430"], None, [
        ("yago:conferredBy", "schema:Organization|schema:Person", 0, "wdt:P1027",
         "The organization or person that conferred an award"),
    ]),
    "yago:BeliefSystem": ("schema:Intangible", [], ["wd:Q5390013"], None, []),
    "yago:Gender": ("schema:Intangible", [], ["wd:Q48264"], None, []),
    "schema:Language": ("schema:Intangible", [], ["wd:Q34770"], None, []),
}


def yago_id(name: str) -> str:
    """A YAGO 4.5 local name: letters, digits, ``_`` and ``-`` kept, a space an ``_``, any other character
    ``_uXXXX_``."""
    return "".join(c if c in "_-" or unicodedata.category(c)[0] in "LN" else "_" if c == " " else f"_u{ord(c):04X}_"
                   for c in name)


def _name(key: str) -> str:
    """The YAGO term of an entity or class key: its Wikipedia title, else English label and Wikidata id, else the id."""
    if key in CLASSES:
        return "yago:" + yago_id(CLASSES[key][0])
    if key.startswith(("schema:", "yago:")):
        return key
    title, qid, labels = ENTITIES[key][:3]
    if title:
        return "yago:" + yago_id(title)
    return "yago:" + (f"{yago_id(labels['en'])}_{qid}" if "en" in labels else qid)


def _text(value: str, language: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + f'"@{language}'


def _fact(*terms: str) -> str:
    return "\t".join(terms) + "\t."


def _fact_id(subject: str, predicate: str, obj: str) -> str:
    """A YAGO2s / YAGO3 fact identifier: ``id_`` and base-36 hashes of subject, predicate and object."""
    def b36(text: str) -> str:
        n, digits = zlib.crc32(text.encode()), ""
        while n:
            n, r = divmod(n, 36)
            digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
        return digits or "0"
    return f"id_{b36(subject)}_{b36(predicate)}_{b36(obj)}"


def _header() -> str:
    return "".join(f"@prefix {p}: <{iri}> .\n" for p, iri in PREFIXES.items())


def _statements() -> list[tuple[str, str, str, bool, tuple[str | None, str | None]]]:
    """Every entity and class fact in file order: (subject, predicate, object, in yago-facts, (start, end))."""
    def wiki(key: str) -> bool:
        return key in CLASSES or key.startswith(("schema:", "yago:")) or bool(ENTITIES[key][0])

    rows: list[tuple[str, str, str, bool, tuple[str | None, str | None]]] = []
    for key, (title, qid, labels, descriptions, aliases, classes, freebase) in ENTITIES.items():
        facts: list[tuple[str, str, bool, tuple[str | None, str | None]]] = []
        facts += [("rdf:type", _name(c), True, (None, None)) for c in classes]
        facts += [("rdfs:label", _text(text, lang), True, (None, None)) for lang, text in labels.items()]
        facts += [("rdfs:comment", _text(text, lang), True, (None, None)) for lang, text in descriptions.items()]
        facts += [("schema:alternateName", _text(text, lang), True, (None, None)) for text, lang in aliases]
        if title:
            facts.append(("schema:mainEntityOfPage", f"<https://en.wikipedia.org/wiki/{title.replace(' ', '_')}>",
                          True, (None, None)))
        if freebase:
            facts.append(("schema:sameAs", f'"{freebase}"', True, (None, None)))
        for subject, predicate, obj, start, end in FACTS:
            if subject == key:
                literal = obj.startswith('"')
                facts.append((predicate, obj if literal else _name(obj), literal or wiki(obj), (start, end)))
        for number, (predicate, obj, to_wiki, dates) in enumerate(facts):
            in_facts = bool(title) and to_wiki
            rows.append((_name(key), predicate, obj, in_facts, dates))
            if not number:  # the Wikidata id follows the entity's first fact, in that fact's file
                rows.append((_name(key), "owl:sameAs", f"wd:{qid}", in_facts, (None, None)))
    for key, (_, qid, label, description, _) in CLASSES.items():
        name = _name(key)
        rows += [(name, "rdf:type", "rdfs:Class", True, (None, None)),
                 (name, "owl:sameAs", f"wd:{qid}", True, (None, None)),
                 (name, "rdfs:label", _text(label, "en"), True, (None, None)),
                 (name, "rdfs:comment", _text(description, "en"), True, (None, None))]
    return rows


def facts_files(n4: bool) -> dict[str, str]:
    """``yago-facts.ttl`` and ``yago-beyond-wikipedia.ttl`` (``n4``: each annotated fact after a ``#@ <id_…>``)."""
    texts = {True: [_header()], False: [_header()]}
    for subject, predicate, obj, in_facts, dates in _statements():
        if n4 and any(dates):
            texts[in_facts].append(f"#@ <{_fact_id(subject, predicate, obj)}>\n")
        texts[in_facts].append(_fact(subject, predicate, obj) + "\n")
    return {"yago-facts.ttl": "".join(texts[True]), "yago-beyond-wikipedia.ttl": "".join(texts[False])}


def meta_rdf_star() -> str:
    """The meta facts as YAGO 4.5 writes them (``05-make-ids.py``): RDF-star, tab-separated, no closing ``.``."""
    lines = [_header()]
    for subject, predicate, obj, _, (start, end) in _statements():
        for scope, date in (("schema:startDate", start), ("schema:endDate", end)):
            if date:
                lines.append("\t".join(["<<", subject, predicate, obj, ">>", scope, date]) + "\n")
    return "".join(lines)


def meta_n4() -> str:
    """The meta facts as YAGO2s / YAGO3 stated them: facts about the fact identifiers, each with its own."""
    lines = [f"@base <{PREFIXES['yago']}> .\n", _header()]
    for subject, predicate, obj, _, (start, end) in _statements():
        fact = f"<{_fact_id(subject, predicate, obj)}>"
        for scope, date in (("schema:startDate", start), ("schema:endDate", end)):
            if date:
                lines.append(f"#@ <{_fact_id(fact, scope, date)}>\n{_fact(fact, scope, date)}\n")
    return "".join(lines)


def taxonomy() -> str:
    lines = [_header()]
    lines += [_fact(cls, "rdfs:subClassOf", sup) + "\n" for cls, sup in SCHEMA_TAXONOMY.items()]
    lines += [_fact(_name(key), "rdfs:subClassOf", _name(sup)) + "\n"
              for key, (*_, supers) in CLASSES.items() for sup in supers]
    return "".join(lines)


def schema() -> str:
    """``yago-schema.ttl``: the SHACL shapes as YAGO's TurtleUtils prints them, property shapes as named blank nodes."""
    out, counter = [_header(), '\nys: rdfs:label "Manual YAGO 4.5 shapes declaration"@en .\n'], 0
    for shape, (superclass, disjoint, wikidata, label, properties) in SHAPES.items():
        local = shape.split(":")[1]
        names = []
        for _ in properties:
            counter += 1
            names.append(f"_:{local}_property_{counter}")
        head = [f"\n{shape} rdf:type sh:NodeShape"]
        if disjoint:
            head.append(f"owl:disjointWith {', '.join(disjoint)}")
        if wikidata:
            head.append(f"ys:fromClass {', '.join(wikidata)}")
        if superclass:
            head.append(f"rdfs:subClassOf {superclass}")
        if label:
            head.append(f'rdfs:label "{label}"@en')
        if names:
            head.append(f"sh:property {', '.join(names)}")
        out.append(" ;\n\t".join(head) + " .\n")
        for name, (path, ranges, most, from_property, comment) in zip(names, properties, strict=True):
            body = [f"\n{name} sh:path {path}"]
            kinds = ranges.split("|")
            if len(kinds) == 1:
                body.append(("sh:datatype " if kinds[0].startswith(("xsd:", "rdf:", "geo:", "yago:Unit"))
                             else "sh:class ") + kinds[0])
            else:
                elements = []
                for kind in kinds:
                    counter += 1
                    elements.append((f"_:element_{counter}", kind))
                body.append(f"sh:or ({' '.join(e for e, _ in elements)})")
            if most:
                body.append(f"sh:maxCount {most}")
            if from_property:
                body.append(f"ys:fromProperty {from_property}")
            if path in ("rdfs:label", "rdfs:comment"):
                body.append("sh:uniqueLang true")
            if comment:
                body.append(f'rdfs:comment "{comment}"@en')
            out.append(" ;\n\t".join(body) + " .\n")
            if len(kinds) > 1:
                out += [f"\n{element} {'sh:datatype' if kind.startswith('xsd:') else 'sh:class'} {kind} .\n"
                        for element, kind in elements]
    for scope, wikidata in (("startDate", "P580"), ("endDate", "P582")):
        out.append(f"\nys:{scope}Annotation rdf:type ys:AnnotationPropertyShape ;\n\tsh:path schema:{scope} ;\n\t"
                   f"sh:maxCount 1 ;\n\tys:fromProperty wpq:{wikidata} ;\n\t"
                   f'rdfs:comment "The {scope[:-4]} date of a fact"@en .\n')
    return "".join(out)


def write_graph(out: Path) -> list[Path]:
    """Write YAGO 4.5's files; return all but ``yago-meta-facts.ntx`` (which ``cacherag load`` refuses), and in its
    place the meta facts in YAGO3's form, the facts files then carrying the ``#@`` fact identifiers."""
    written(out, {"yago-meta-facts.ntx": meta_rdf_star()})
    return written(out, {"yago-schema.ttl": schema(), "yago-taxonomy.ttl": taxonomy(), **facts_files(n4=True),
                         "yago-meta-facts.ttl": meta_n4()})


if __name__ == "__main__":
    run(__doc__, write_graph, "yago")
