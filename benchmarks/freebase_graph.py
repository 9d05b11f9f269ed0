"""A nineteenth stand-in: a made-up world stated the way the **Freebase RDF dump** states the real one (the
``freebase-rdf-latest`` N-Triples dump that Freebase-based KGQA benchmarks — WebQSP, CWQ, GrailQA — query through
Virtuoso): one gzipped N-Triples file, tab-separated and ending ``\\t.``, every IRI under
``http://rdf.freebase.com/ns/``. Topics are MIDs (``ns:m.0bq2x7``) named by ``ns:type.object.name`` with a
language tag (English and a few others) and an ``rdfs:label`` beside it, with ``ns:common.topic.alias``,
``ns:common.topic.description`` and, for some, keys in ``http://rdf.freebase.com/key/`` (``key:en``,
``key:wikipedia.en``, ``key:wikipedia.en_title``, $-escaped: ``Tomas_Varga_$0028actor$0029``). Every type a topic
has is stated three times: ``ns:type.object.type``, ``rdf:type`` and, from the type, ``ns:type.type.instance``;
every topic is a ``ns:common.topic``. Properties are dotted ``domain.type.property`` IDs, and a property with a twin
is stated in both directions (``film.film.directed_by`` beside ``film.director.film``). Facts with more than two
parts sit on compound value (mediator) nodes: MIDs with types but **no name** and no ``common.topic`` — marriages
(``people.person.spouse_s`` → ``people.marriage`` with both spouses, from, to and type of union), film
performances (``film.film.starring`` → ``film.performance`` with film, actor and character), offices held
(``government.government_position_held`` with holder, office, jurisdiction, basic title, from and to), team
rosters (``sports.sports_team_roster`` with team, player, position, from and to) and dated populations
(``location.statistical_region.population`` → ``measurement_unit.dated_integer`` with number and year). Dates are
``xsd:date`` or ``xsd:gYear``; counts carry the ``xsd:integer`` the official dump leaves off and the Virtuoso
copies add back. The schema rides in the same file: each property a ``type.property`` (and an ``rdfs:Property``, or
an ``owl:FunctionalProperty`` when unique) with its name ("Place of birth"), ``type.property.schema`` /
``rdfs:domain``, ``type.property.expected_type`` / ``rdfs:range``, ``type.property.unique`` and
``type.property.reverse_property`` / ``type.property.master_property`` with ``owl:inverseOf``; each type a
``type.type`` with its name, domain and, for mediators, ``freebase.type_hints.mediator``. Two people share one name
("Tomas Varga", an actor and a footballer), as real Freebase topics do; languages are named as Freebase names them
("Veldorian Language").

``freebase_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
55). Reuses the saga benchmark's runner.

    python benchmarks/freebase_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import gzip
from pathlib import Path

from saga_graph import run, written

NS = "http://rdf.freebase.com/ns/"
KEY = "http://rdf.freebase.com/key/"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"

# key: (MID, {language: name}, types besides common.topic, aliases, description, English Wikipedia title or None)
TOPICS: dict[str, tuple] = {
    "aurelia": ("m.0d4h9r", {"en": "Aurelia", "fr": "Aurélie"}, ["location.location", "location.continent"], [],
                "Aurelia is the continent that holds Veldoria and Ostrevia.", "Aurelia"),
    "veldoria": ("m.07vq2k", {"en": "Veldoria", "fr": "Veldorie", "de": "Veldorien"},
                 ["location.location", "location.country", "location.statistical_region",
                  "government.governmental_jurisdiction"], ["Republic of Veldoria"],
                 "Veldoria is a republic in the west of Aurelia. Its capital and largest city is Marrenport.",
                 "Veldoria"),
    "ostrevia": ("m.05r9tz", {"en": "Ostrevia", "fr": "Ostrévie", "de": "Ostrewien"},
                 ["location.location", "location.country", "location.statistical_region",
                  "government.governmental_jurisdiction"], ["Ostrevian Republic"],
                 "Ostrevia is a parliamentary republic in the east of Aurelia.", "Ostrevia"),
    "harrow": ("m.02pxk8", {"en": "Harrow Province"},
               ["location.location", "location.administrative_division", "government.governmental_jurisdiction"],
               ["Harrow"], "Harrow Province is a province in the north of Veldoria.", "Harrow_Province"),
    "marrenport": ("m.0fvl3b", {"en": "Marrenport", "de": "Marrenhafen"},
                   ["location.location", "location.citytown", "location.statistical_region",
                    "sports.sports_team_location"], [], "Marrenport is the capital of Veldoria, a port on the "
                   "Aurelian coast.", "Marrenport"),
    "oskeln": ("m.0g2c7x", {"en": "Oskeln"}, ["location.location", "location.citytown"], [],
               "Oskeln is a market town in Harrow Province.", "Oskeln"),
    "tarvik": ("m.0j9k3r", {"en": "Tarvik"}, ["location.location", "location.citytown"], [], None, None),
    "kelmora": ("m.03h6qp", {"en": "Kelmora", "fr": "Kelmore"},
                ["location.location", "location.citytown", "location.statistical_region",
                 "sports.sports_team_location"], [], "Kelmora is the capital of Ostrevia.", "Kelmora"),
    "dunmarrow": ("m.0c5wn4", {"en": "Dunmarrow"}, ["location.location", "location.citytown"], [], None, None),
    "veldorian_language": ("m.02q8zh", {"en": "Veldorian Language", "de": "Veldorisch"},
                           ["language.human_language"], ["Veldorian"], None, "Veldorian_language"),
    "ostrevian_language": ("m.06b7nx", {"en": "Ostrevian Language"}, ["language.human_language"], ["Ostrevian"],
                           None, "Ostrevian_language"),
    "crown": ("m.04xl9d", {"en": "Veldorian crown"}, ["finance.currency"], [], None, "Veldorian_crown"),
    "mark": ("m.0b3mz1", {"en": "Ostrevian mark"}, ["finance.currency"], [], None, "Ostrevian_mark"),
    "anselm": ("m.0bq2x7", {"en": "Anselm Drey", "de": "Anselm Drey"}, ["people.person", "government.politician"],
               ["Ans Drey"], "Anselm Drey is a Veldorian politician and lawyer who was President of Veldoria.",
               "Anselm_Drey"),
    "mirela": ("m.0h3tz8", {"en": "Mirela Drey"}, ["people.person"], ["Mirela Sandqvist"], None, None),
    "tobin": ("m.0k7rb2", {"en": "Tobin Drey"}, ["people.person"], [], None, None),
    "elsa": ("m.0k7rcf", {"en": "Elsa Drey"}, ["people.person"], [], None, None),
    "corvin": ("m.0cg8d1", {"en": "Corvin Halloway"}, ["people.person", "government.politician"], [],
               "Corvin Halloway is a Veldorian politician.", "Corvin_Halloway"),
    "ines": ("m.0fj2wq", {"en": "Ines Marlowe"}, ["people.person", "government.politician"], [], None, None),
    "petra": ("m.0n4jh6", {"en": "Petra Skov"}, ["people.person", "government.politician"], [], None, None),
    "lorens": ("m.0dz1y5", {"en": "Lorens Vaak"}, ["people.person", "government.politician"], [],
               "Lorens Vaak is an Ostrevian politician.", "Lorens_Vaak"),
    "halvard": ("m.06k2vb", {"en": "Halvard Brune"}, ["people.person", "film.director"], [],
                "Halvard Brune is an Ostrevian film director and screenwriter.", "Halvard_Brune"),
    "sabine": ("m.0bw4l0", {"en": "Sabine Tollet", "fr": "Sabine Tollet"}, ["people.person", "film.director"], [],
               None, "Sabine_Tollet"),
    "jonah": ("m.04p3gk", {"en": "Jonah Pell"}, ["people.person", "film.actor"], [],
              "Jonah Pell is a Veldorian actor.", "Jonah_Pell"),
    "talia": ("m.07c9rn", {"en": "Talia Vance"}, ["people.person", "film.actor"], ["Tally Vance"],
              "Talia Vance is an Ostrevian actress.", "Talia_Vance"),
    "greta": ("m.0gm6s2", {"en": "Greta Lind"}, ["people.person"], [], None, None),
    "edvin": ("m.0cz8vt", {"en": "Edvin Sarr"}, ["people.person", "film.actor"], [], None, "Edvin_Sarr"),
    "varga_actor": ("m.0bx_5k", {"en": "Tomas Varga", "hu": "Varga Tamás"}, ["people.person", "film.actor"], [],
                    "Tomas Varga is an Ostrevian stage and film actor.", "Tomas_Varga_(actor)"),
    "varga_player": ("m.0j_2hd", {"en": "Tomas Varga"}, ["people.person", "sports.pro_athlete"], [],
                     "Tomas Varga is an Ostrevian footballer who plays as a midfielder.",
                     "Tomas_Varga_(footballer)"),
    "dario": ("m.0fq8kz", {"en": "Dario Flint"}, ["people.person", "sports.pro_athlete"], [], None, "Dario_Flint"),
    "niko": ("m.0l2rw9", {"en": "Niko Brannigan"}, ["people.person", "sports.pro_athlete"], [], None, None),
    "salt_road": ("m.0cr4t1", {"en": "The Salt Road", "fr": "La Route du sel"}, ["film.film"], ["Salt Road"],
                  "The Salt Road is a 2004 Ostrevian adventure drama film.", "The_Salt_Road"),
    "winter": ("m.0gy7kh", {"en": "Winter at Kelmora"}, ["film.film"], [],
               "Winter at Kelmora is a 2011 crime thriller film set in the Ostrevian capital.", "Winter_at_Kelmora"),
    "glass": ("m.0j4n2s", {"en": "Glass Harbour"}, ["film.film"], [], None, "Glass_Harbour"),
    "venn": ("m.0h7rq3", {"en": "Captain Ardo Venn"}, ["film.film_character"], ["Ardo Venn"], None, None),
    "lise": ("m.0h7rr0", {"en": "Lise Morrow"}, ["film.film_character"], [], None, None),
    "nadia": ("m.0gy7lb", {"en": "Nadia Holm"}, ["film.film_character"], [], None, None),
    "kael": ("m.0gy7lw", {"en": "Inspector Kael"}, ["film.film_character"], [], None, None),
    "mattis": ("m.0j4n3k", {"en": "Mattis Crane"}, ["film.film_character"], [], None, None),
    "ferryman": ("m.0j4n40", {"en": "The Ferryman"}, ["film.film_character"], [], None, None),
    "drama": ("m.02l7d9", {"en": "Drama"}, ["film.film_genre"], [], None, None),
    "adventure": ("m.03k9gk", {"en": "Adventure Film"}, ["film.film_genre"], [], None, None),
    "crime": ("m.0lsxs", {"en": "Crime Fiction"}, ["film.film_genre"], [], None, None),
    "thriller": ("m.01jfsc", {"en": "Thriller"}, ["film.film_genre"], [], None, None),
    "rovers": ("m.0k2b9d", {"en": "Marrenport Rovers"}, ["sports.sports_team"], ["The Rovers"],
               "Marrenport Rovers is a football club based in Marrenport.", "Marrenport_Rovers"),
    "united": ("m.0h1f6v", {"en": "Kelmora United"}, ["sports.sports_team"], [], None, "Kelmora_United"),
    "football": ("m.02vx5d", {"en": "Football"}, ["sports.sport"], ["Soccer"], None, None),
    "midfielder": ("m.02sdkb", {"en": "Midfielder"}, ["sports.sports_position"], [], None, None),
    "forward": ("m.02nzbc", {"en": "Forward"}, ["sports.sports_position"], [], None, None),
    "goalkeeper": ("m.02_j2x", {"en": "Goalkeeper"}, ["sports.sports_position"], [], None, None),
    "male": ("m.05zpqz", {"en": "Male"}, ["people.gender"], [], None, None),
    "female": ("m.02zsq", {"en": "Female"}, ["people.gender"], [], None, None),
    "marriage": ("m.04ztk", {"en": "Marriage"}, ["people.marriage_union_type"], [], None, None),
    "politician": ("m.0fj9g", {"en": "Politician"}, ["people.profession"], [], None, None),
    "lawyer": ("m.04gc3", {"en": "Lawyer"}, ["people.profession"], [], None, None),
    "actor": ("m.02hrh2r", {"en": "Actor"}, ["people.profession"], [], None, None),
    "film_director": ("m.02jknr", {"en": "Film director"}, ["people.profession"], [], None, None),
    "screenwriter": ("m.03hfn", {"en": "Screenwriter"}, ["people.profession"], [], None, None),
    "football_player": ("m.0pcqb", {"en": "Football player"}, ["people.profession"], [], None, None),
    "president_of_veldoria": ("m.04lq8c", {"en": "President of Veldoria"},
                              ["government.government_office_or_title"], [], None, None),
    "governor_of_harrow": ("m.0cq2h7", {"en": "Governor of Harrow Province"},
                           ["government.government_office_or_title"], [], None, None),
    "prime_minister_of_ostrevia": ("m.05zf3n", {"en": "Prime Minister of Ostrevia"},
                                   ["government.government_office_or_title"], [], None, None),
    "president": ("m.060c4y", {"en": "President"}, ["government.government_office_category"], [], None, None),
    "governor": ("m.0fkvp", {"en": "Governor"}, ["government.government_office_category"], [], None, None),
    "prime_minister": ("m.060bq", {"en": "Prime minister"}, ["government.government_office_category"], [],
                       None, None),
}
# compound value (mediator) nodes, unnamed: key: (MID, type, [(property, topic key or literal)])
CVTS: dict[str, tuple[str, str, list[tuple[str, str]]]] = {
    "wed_drey": ("m.0gx7v2q", "people.marriage", [
        ("people.marriage.spouse", "anselm"), ("people.marriage.spouse", "mirela"),
        ("people.marriage.from", "1985-06-22"), ("people.marriage.type_of_union", "marriage"),
        ("people.marriage.location_of_ceremony", "oskeln")]),
    "wed_pell_vance": ("m.0h9c1mw", "people.marriage", [
        ("people.marriage.spouse", "jonah"), ("people.marriage.spouse", "talia"),
        ("people.marriage.from", "2006-08-19"), ("people.marriage.to", "2012-03-01"),
        ("people.marriage.type_of_union", "marriage")]),
    "wed_pell_lind": ("m.0wk3q9t", "people.marriage", [
        ("people.marriage.spouse", "jonah"), ("people.marriage.spouse", "greta"),
        ("people.marriage.from", "2014-09-13"), ("people.marriage.type_of_union", "marriage")]),
    "cast_venn": ("m.0k5dq1r", "film.performance", [
        ("film.performance.film", "salt_road"), ("film.performance.actor", "jonah"),
        ("film.performance.character", "venn")]),
    "cast_lise": ("m.0k5dq24", "film.performance", [
        ("film.performance.film", "salt_road"), ("film.performance.actor", "talia"),
        ("film.performance.character", "lise")]),
    "cast_nadia": ("m.0gy7n0j", "film.performance", [
        ("film.performance.film", "winter"), ("film.performance.actor", "talia"),
        ("film.performance.character", "nadia")]),
    "cast_kael": ("m.0gy7n2c", "film.performance", [
        ("film.performance.film", "winter"), ("film.performance.actor", "edvin"),
        ("film.performance.character", "kael")]),
    "cast_mattis": ("m.012bz7qk", "film.performance", [
        ("film.performance.film", "glass"), ("film.performance.actor", "jonah"),
        ("film.performance.character", "mattis")]),
    "cast_ferryman": ("m.012bz7rb", "film.performance", [
        ("film.performance.film", "glass"), ("film.performance.actor", "varga_actor"),
        ("film.performance.character", "ferryman")]),
    "held_drey_governor": ("m.04j6p3x", "government.government_position_held", [
        ("government.government_position_held.office_holder", "anselm"),
        ("government.government_position_held.office_position_or_title", "governor_of_harrow"),
        ("government.government_position_held.jurisdiction_of_office", "harrow"),
        ("government.government_position_held.basic_title", "governor"),
        ("government.government_position_held.from", "1997-01-10"),
        ("government.government_position_held.to", "2005-01-10")]),
    "held_drey_president": ("m.04j6p4b", "government.government_position_held", [
        ("government.government_position_held.office_holder", "anselm"),
        ("government.government_position_held.office_position_or_title", "president_of_veldoria"),
        ("government.government_position_held.jurisdiction_of_office", "veldoria"),
        ("government.government_position_held.basic_title", "president"),
        ("government.government_position_held.from", "2009-01-20"),
        ("government.government_position_held.to", "2017-01-20")]),
    "held_halloway": ("m.0n5k1bz", "government.government_position_held", [
        ("government.government_position_held.office_holder", "corvin"),
        ("government.government_position_held.office_position_or_title", "president_of_veldoria"),
        ("government.government_position_held.jurisdiction_of_office", "veldoria"),
        ("government.government_position_held.basic_title", "president"),
        ("government.government_position_held.from", "2017-01-20")]),
    "held_marlowe": ("m.0bw8f2d", "government.government_position_held", [
        ("government.government_position_held.office_holder", "ines"),
        ("government.government_position_held.office_position_or_title", "governor_of_harrow"),
        ("government.government_position_held.jurisdiction_of_office", "harrow"),
        ("government.government_position_held.basic_title", "governor"),
        ("government.government_position_held.from", "2005-01-10"),
        ("government.government_position_held.to", "2013-01-10")]),
    "held_skov": ("m.0nbs4v1", "government.government_position_held", [
        ("government.government_position_held.office_holder", "petra"),
        ("government.government_position_held.office_position_or_title", "governor_of_harrow"),
        ("government.government_position_held.jurisdiction_of_office", "harrow"),
        ("government.government_position_held.basic_title", "governor"),
        ("government.government_position_held.from", "2013-01-10")]),
    "held_vaak": ("m.0j8t2kq", "government.government_position_held", [
        ("government.government_position_held.office_holder", "lorens"),
        ("government.government_position_held.office_position_or_title", "prime_minister_of_ostrevia"),
        ("government.government_position_held.jurisdiction_of_office", "ostrevia"),
        ("government.government_position_held.basic_title", "prime_minister"),
        ("government.government_position_held.from", "2012-05-01")]),
    "roster_varga": ("m.0j_2hk9", "sports.sports_team_roster", [
        ("sports.sports_team_roster.team", "rovers"), ("sports.sports_team_roster.player", "varga_player"),
        ("sports.sports_team_roster.position", "midfielder"), ("sports.sports_team_roster.from", "2012")]),
    "roster_flint_united": ("m.0fq8l3c", "sports.sports_team_roster", [
        ("sports.sports_team_roster.team", "united"), ("sports.sports_team_roster.player", "dario"),
        ("sports.sports_team_roster.position", "forward"), ("sports.sports_team_roster.from", "2008"),
        ("sports.sports_team_roster.to", "2013")]),
    "roster_flint_rovers": ("m.0w1c8ht", "sports.sports_team_roster", [
        ("sports.sports_team_roster.team", "rovers"), ("sports.sports_team_roster.player", "dario"),
        ("sports.sports_team_roster.position", "forward"), ("sports.sports_team_roster.from", "2013")]),
    "roster_brannigan": ("m.0z7m4xd", "sports.sports_team_roster", [
        ("sports.sports_team_roster.team", "rovers"), ("sports.sports_team_roster.player", "niko"),
        ("sports.sports_team_roster.position", "goalkeeper"), ("sports.sports_team_roster.from", "2015")]),
    "census_marrenport": ("m.0hn5d2v", "measurement_unit.dated_integer", [
        ("measurement_unit.dated_integer.number", "1204000"), ("measurement_unit.dated_integer.year", "2010")]),
    "census_kelmora_2000": ("m.0hn5f7q", "measurement_unit.dated_integer", [
        ("measurement_unit.dated_integer.number", "640500"), ("measurement_unit.dated_integer.year", "2000")]),
    "census_kelmora_2010": ("m.0hn5f8c", "measurement_unit.dated_integer", [
        ("measurement_unit.dated_integer.number", "702300"), ("measurement_unit.dated_integer.year", "2010")]),
    "census_veldoria": ("m.0hn4z1k", "measurement_unit.dated_integer", [
        ("measurement_unit.dated_integer.number", "8310000"), ("measurement_unit.dated_integer.year", "2010")]),
    "census_ostrevia": ("m.0hn4z3w", "measurement_unit.dated_integer", [
        ("measurement_unit.dated_integer.number", "4120000"), ("measurement_unit.dated_integer.year", "2010")]),
}
# the other facts, one direction each (a twin property adds the other): (subject key, property, key or literal)
FACTS: list[tuple[str, str, str]] = [
    ("veldoria", "location.location.containedby", "aurelia"),
    ("ostrevia", "location.location.containedby", "aurelia"),
    ("harrow", "location.location.containedby", "veldoria"),
    ("harrow", "location.administrative_division.country", "veldoria"),
    ("marrenport", "location.location.containedby", "veldoria"),
    ("oskeln", "location.location.containedby", "harrow"),
    ("tarvik", "location.location.containedby", "veldoria"),
    ("kelmora", "location.location.containedby", "ostrevia"),
    ("dunmarrow", "location.location.containedby", "ostrevia"),
    ("veldoria", "location.country.capital", "marrenport"),
    ("ostrevia", "location.country.capital", "kelmora"),
    ("veldoria", "location.country.currency_used", "crown"),
    ("ostrevia", "location.country.currency_used", "mark"),
    ("veldoria", "location.country.official_language", "veldorian_language"),
    ("ostrevia", "location.country.official_language", "ostrevian_language"),
    ("veldoria", "location.country.languages_spoken", "veldorian_language"),
    ("ostrevia", "location.country.languages_spoken", "ostrevian_language"),
    ("ostrevia", "location.country.languages_spoken", "veldorian_language"),
    ("crown", "finance.currency.currency_code", "VDC"),
    ("mark", "finance.currency.currency_code", "OSM"),
    ("marrenport", "location.statistical_region.population", "census_marrenport"),
    ("kelmora", "location.statistical_region.population", "census_kelmora_2000"),
    ("kelmora", "location.statistical_region.population", "census_kelmora_2010"),
    ("veldoria", "location.statistical_region.population", "census_veldoria"),
    ("ostrevia", "location.statistical_region.population", "census_ostrevia"),
    ("rovers", "sports.sports_team.location", "marrenport"),
    ("united", "sports.sports_team.location", "kelmora"),
    ("rovers", "sports.sports_team.sport", "football"),
    ("united", "sports.sports_team.sport", "football"),
    ("salt_road", "film.film.directed_by", "halvard"),
    ("winter", "film.film.directed_by", "halvard"),
    ("glass", "film.film.directed_by", "sabine"),
    ("salt_road", "film.film.initial_release_date", "2004-05-14"),
    ("winter", "film.film.initial_release_date", "2011-10-02"),
    ("glass", "film.film.initial_release_date", "2015-03-20"),
    ("salt_road", "film.film.genre", "drama"),
    ("salt_road", "film.film.genre", "adventure"),
    ("winter", "film.film.genre", "crime"),
    ("winter", "film.film.genre", "thriller"),
    ("glass", "film.film.genre", "drama"),
    ("anselm", "people.person.children", "tobin"),
    ("anselm", "people.person.children", "elsa"),
    ("mirela", "people.person.children", "tobin"),
    ("mirela", "people.person.children", "elsa"),
]
# person: place of birth, date of birth, nationality, gender, professions
PEOPLE: dict[str, tuple[str, str, str, str, list[str]]] = {
    "anselm": ("oskeln", "1958-03-14", "veldoria", "male", ["politician", "lawyer"]),
    "mirela": ("tarvik", "1960-12-01", "veldoria", "female", []),
    "tobin": ("marrenport", "1987-04-09", "veldoria", "male", []),
    "elsa": ("marrenport", "1990-08-15", "veldoria", "female", []),
    "corvin": ("tarvik", "1963-11-02", "veldoria", "male", ["politician"]),
    "ines": ("oskeln", "1955-05-27", "veldoria", "female", ["politician"]),
    "petra": ("oskeln", "1968-02-19", "veldoria", "female", ["politician"]),
    "lorens": ("dunmarrow", "1961-10-30", "ostrevia", "male", ["politician"]),
    "halvard": ("kelmora", "1950-07-09", "ostrevia", "male", ["film_director", "screenwriter"]),
    "sabine": ("marrenport", "1971-01-13", "veldoria", "female", ["film_director"]),
    "jonah": ("marrenport", "1972-02-11", "veldoria", "male", ["actor"]),
    "talia": ("dunmarrow", "1980-09-30", "ostrevia", "female", ["actor"]),
    "greta": ("kelmora", "1978-06-06", "ostrevia", "female", []),
    "edvin": ("tarvik", "1969-04-05", "veldoria", "male", ["actor"]),
    "varga_actor": ("dunmarrow", "1975-01-27", "ostrevia", "male", ["actor"]),
    "varga_player": ("kelmora", "1990-06-18", "ostrevia", "male", ["football_player"]),
    "dario": ("oskeln", "1986-12-03", "veldoria", "male", ["football_player"]),
    "niko": ("marrenport", "1993-03-22", "veldoria", "male", ["football_player"]),
}
# the schema part of the dump: property: (name, expected type, unique, reverse property or None); a reverse
# property is listed too and names its master with a leading "^"
PROPERTIES: dict[str, tuple[str, str, bool, str | None]] = {
    "common.topic.alias": ("Also known as", "type.text", False, None),
    "common.topic.description": ("Description", "type.text", False, None),
    "people.person.place_of_birth": ("Place of birth", "location.location", True,
                                     "location.location.people_born_here"),
    "location.location.people_born_here": ("People born here", "people.person", False,
                                           "^people.person.place_of_birth"),
    "people.person.date_of_birth": ("Date of birth", "type.datetime", True, None),
    "people.person.nationality": ("Country of nationality", "location.country", False, None),
    "people.person.gender": ("Gender", "people.gender", True, None),
    "people.person.profession": ("Profession", "people.profession", False,
                                 "people.profession.people_with_this_profession"),
    "people.profession.people_with_this_profession": ("People With This Profession", "people.person", False,
                                                      "^people.person.profession"),
    "people.person.children": ("Children", "people.person", False, "people.person.parents"),
    "people.person.parents": ("Parents", "people.person", False, "^people.person.children"),
    "people.person.spouse_s": ("Spouse (or domestic partner)", "people.marriage", False, "people.marriage.spouse"),
    "people.marriage.spouse": ("Spouse", "people.person", False, "^people.person.spouse_s"),
    "people.marriage.from": ("From", "type.datetime", True, None),
    "people.marriage.to": ("To", "type.datetime", True, None),
    "people.marriage.type_of_union": ("Type of Union", "people.marriage_union_type", True, None),
    "people.marriage.location_of_ceremony": ("Location of ceremony", "location.location", True, None),
    "film.film.directed_by": ("Directed by", "film.director", False, "film.director.film"),
    "film.director.film": ("Films directed", "film.film", False, "^film.film.directed_by"),
    "film.film.initial_release_date": ("Initial release date", "type.datetime", True, None),
    "film.film.genre": ("Genres", "film.film_genre", False, "film.film_genre.films_in_this_genre"),
    "film.film_genre.films_in_this_genre": ("Films of this genre", "film.film", False, "^film.film.genre"),
    "film.film.starring": ("Performances", "film.performance", False, "film.performance.film"),
    "film.performance.film": ("Film", "film.film", True, "^film.film.starring"),
    "film.actor.film": ("Film performances", "film.performance", False, "film.performance.actor"),
    "film.performance.actor": ("Actor", "film.actor", True, "^film.actor.film"),
    "film.film_character.portrayed_in_films": ("Portrayed in films", "film.performance", False,
                                               "film.performance.character"),
    "film.performance.character": ("Character", "film.film_character", True,
                                   "^film.film_character.portrayed_in_films"),
    "location.location.containedby": ("Contained by", "location.location", False, "location.location.contains"),
    "location.location.contains": ("Contains", "location.location", False, "^location.location.containedby"),
    "location.administrative_division.country": ("Country", "location.country", True,
                                                 "location.country.administrative_divisions"),
    "location.country.administrative_divisions": ("Administrative Divisions", "location.administrative_division",
                                                  False, "^location.administrative_division.country"),
    "location.country.capital": ("Capital", "location.citytown", False, None),
    "location.country.currency_used": ("Currency used", "finance.currency", False, "finance.currency.countries_used"),
    "finance.currency.countries_used": ("Countries used", "location.country", False,
                                        "^location.country.currency_used"),
    "finance.currency.currency_code": ("Currency Code", "type.rawstring", True, None),
    "location.country.official_language": ("Official Language", "language.human_language", False, None),
    "location.country.languages_spoken": ("Languages spoken", "language.human_language", False,
                                          "language.human_language.countries_spoken_in"),
    "language.human_language.countries_spoken_in": ("Countries spoken in", "location.country", False,
                                                     "^location.country.languages_spoken"),
    "location.statistical_region.population": ("Population", "measurement_unit.dated_integer", False, None),
    "measurement_unit.dated_integer.number": ("Number", "type.int", True, None),
    "measurement_unit.dated_integer.year": ("Year", "type.datetime", True, None),
    "government.politician.government_positions_held": ("Government Positions Held",
                                                        "government.government_position_held", False,
                                                        "government.government_position_held.office_holder"),
    "government.government_position_held.office_holder": ("Office holder", "government.politician", True,
                                                           "^government.politician.government_positions_held"),
    "government.government_office_or_title.office_holders": (
        "Office Holders", "government.government_position_held", False,
        "government.government_position_held.office_position_or_title"),
    "government.government_position_held.office_position_or_title": (
        "Office/position/title", "government.government_office_or_title", True,
        "^government.government_office_or_title.office_holders"),
    "government.governmental_jurisdiction.governing_officials": (
        "Governing officials", "government.government_position_held", False,
        "government.government_position_held.jurisdiction_of_office"),
    "government.government_position_held.jurisdiction_of_office": (
        "Jurisdiction of office", "government.governmental_jurisdiction", True,
        "^government.governmental_jurisdiction.governing_officials"),
    "government.government_position_held.basic_title": ("Basic title", "government.government_office_category",
                                                        False, None),
    "government.government_position_held.from": ("From", "type.datetime", True, None),
    "government.government_position_held.to": ("To", "type.datetime", True, None),
    "sports.sports_team.roster": ("Roster", "sports.sports_team_roster", False, "sports.sports_team_roster.team"),
    "sports.sports_team_roster.team": ("Team", "sports.sports_team", True, "^sports.sports_team.roster"),
    "sports.pro_athlete.teams": ("Teams", "sports.sports_team_roster", False, "sports.sports_team_roster.player"),
    "sports.sports_team_roster.player": ("Player", "sports.pro_athlete", True, "^sports.pro_athlete.teams"),
    "sports.sports_team_roster.position": ("Position", "sports.sports_position", False,
                                           "sports.sports_position.players"),
    "sports.sports_position.players": ("Players", "sports.sports_team_roster", False,
                                       "^sports.sports_team_roster.position"),
    "sports.sports_team_roster.from": ("From", "type.datetime", True, None),
    "sports.sports_team_roster.to": ("To", "type.datetime", True, None),
    "sports.sports_team.location": ("Location", "sports.sports_team_location", False,
                                    "sports.sports_team_location.teams"),
    "sports.sports_team_location.teams": ("Teams", "sports.sports_team", False, "^sports.sports_team.location"),
    "sports.sports_team.sport": ("Sport", "sports.sport", True, "sports.sport.teams"),
    "sports.sport.teams": ("Teams", "sports.sports_team", False, "^sports.sports_team.sport"),
}
# type: (name, is a mediator); domains by the first part of the ID
TYPES: dict[str, tuple[str, bool]] = {
    "common.topic": ("Topic", False), "people.person": ("Person", False), "people.marriage": ("Marriage", True),
    "people.profession": ("Profession", False), "people.gender": ("Gender", False),
    "people.marriage_union_type": ("Marriage union type", False), "film.film": ("Film", False),
    "film.actor": ("Film actor", False), "film.director": ("Film director", False),
    "film.performance": ("Film performance", True), "film.film_character": ("Film character", False),
    "film.film_genre": ("Film genre", False), "location.location": ("Location", False),
    "location.country": ("Country", False), "location.citytown": ("City/Town/Village", False),
    "location.administrative_division": ("Administrative Division", False),
    "location.statistical_region": ("Statistical region", False), "location.continent": ("Continent", False),
    "language.human_language": ("Human Language", False), "finance.currency": ("Currency", False),
    "measurement_unit.dated_integer": ("Dated integer", True), "government.politician": ("Politician", False),
    "government.government_position_held": ("Government Position Held", True),
    "government.government_office_or_title": ("Government Office or Title", False),
    "government.governmental_jurisdiction": ("Governmental Jurisdiction", False),
    "government.government_office_category": ("Government Office Category", False),
    "sports.sports_team": ("Sports Team", False), "sports.sports_team_roster": ("Sports team roster", True),
    "sports.pro_athlete": ("Professional Athlete", False), "sports.sports_position": ("Sports position", False),
    "sports.sport": ("Sport", False), "sports.sports_team_location": ("Sports Team Location", False),
}
DOMAINS = {"common": "Common", "people": "People", "film": "Film", "location": "Location", "language": "Language",
           "finance": "Finance", "measurement_unit": "Measurement Unit", "government": "Government",
           "sports": "Sports"}


def _text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _literal(value: str, expected: str) -> str:
    """A value written as the dump writes one of ``expected`` type (counts with the datatype put back)."""
    if expected == "type.datetime":
        kind = {4: "gYear", 7: "gYearMonth"}.get(len(value), "date")
        return f"{_text(value)}^^<{XSD}{kind}>"
    if expected == "type.int":
        return f"{_text(value)}^^<{XSD}integer>"
    return _text(value) + ("@en" if expected == "type.text" else "")


def _key(title: str) -> str:
    """A Freebase key: characters other than letters, digits and ``_`` / ``-`` written ``$XXXX``."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-") else f"${ord(c):04X}" for c in title)


def dump() -> str:
    node = {key: NS + value[0] for key, value in {**TOPICS, **CVTS}.items()}
    lines: list[str] = []

    def state(subject: str, predicate: str, value: str) -> None:
        lines.append(f"<{subject}>\t<{predicate}>\t{value}\t.")

    def fact(subject: str, prop: str, value: str) -> None:
        if value in node:
            state(node[subject], NS + prop, f"<{node[value]}>")
            twin = PROPERTIES[prop][3]
            if twin:
                state(node[value], NS + twin.lstrip("^"), f"<{node[subject]}>")
        else:
            state(node[subject], NS + prop, _literal(value, PROPERTIES[prop][1]))

    def typed(subject: str, kinds: list[str]) -> None:
        for kind in kinds:
            state(subject, NS + "type.object.type", f"<{NS}{kind}>")
            state(subject, RDF_TYPE, f"<{NS}{kind}>")
            state(NS + kind, NS + "type.type.instance", f"<{subject}>")

    for key, (_, names, kinds, aliases, description, title) in TOPICS.items():
        typed(node[key], ["common.topic", *kinds])
        for language, name in names.items():
            state(node[key], NS + "type.object.name", f"{_text(name)}@{language}")
            state(node[key], RDFS + "label", f"{_text(name)}@{language}")
        for alias in aliases:
            state(node[key], NS + "common.topic.alias", f"{_text(alias)}@en")
        if description:
            state(node[key], NS + "common.topic.description", f"{_text(description)}@en")
        if title:
            state(node[key], KEY + "en", _text(_key(title.lower().replace("(", "").replace(")", ""))))
            state(node[key], KEY + "wikipedia.en_title", _text(_key(title)))
            state(node[key], KEY + "wikipedia.en", _text(_key(title)))
    for key, (place, born, nationality, gender, professions) in PEOPLE.items():
        fact(key, "people.person.place_of_birth", place)
        fact(key, "people.person.date_of_birth", born)
        fact(key, "people.person.nationality", nationality)
        fact(key, "people.person.gender", gender)
        for profession in professions:
            fact(key, "people.person.profession", profession)
    for key, (_, kind, statements) in CVTS.items():
        typed(node[key], [kind])
        for prop, value in statements:
            fact(key, prop, value)
    for subject, prop, value in FACTS:
        fact(subject, prop, value)
    lines += schema()
    lines.sort(key=lambda line: line.split("\t", 1)[0])  # grouped by subject, as the dump is
    return "\n".join(lines) + "\n"


def schema() -> list[str]:
    """The dump's statements about the types and properties used (named, typed, their domains and ranges)."""
    lines: list[str] = []

    def state(subject: str, predicate: str, value: str) -> None:
        lines.append(f"<{NS}{subject}>\t<{predicate}>\t{value}\t.")

    for prop, (name, expected, unique, twin) in PROPERTIES.items():
        owner = prop.rsplit(".", 1)[0]
        state(prop, NS + "type.object.type", f"<{NS}type.property>")
        state(prop, NS + "type.object.name", f"{_text(name)}@en")
        state(prop, RDFS + "label", f"{_text(name)}@en")
        state(prop, NS + "type.property.schema", f"<{NS}{owner}>")
        state(prop, NS + "type.property.expected_type", f"<{NS}{expected}>")
        state(prop, NS + "type.property.unique", _text("true" if unique else "false"))
        if twin:
            kind = "master_property" if twin.startswith("^") else "reverse_property"
            state(prop, NS + f"type.property.{kind}", f"<{NS}{twin.lstrip('^')}>")
            state(prop, OWL + "inverseOf", f"<{NS}{twin.lstrip('^')}>")
        state(prop, RDF_TYPE, f"<{OWL}FunctionalProperty>" if unique else f"<{RDFS}Property>")
        state(prop, RDFS + "domain", f"<{NS}{owner}>")
        state(prop, RDFS + "range", f"<{NS}{expected}>")
    for kind, (name, mediator) in TYPES.items():
        state(kind, NS + "type.object.type", f"<{NS}type.type>")
        state(kind, NS + "type.object.name", f"{_text(name)}@en")
        state(kind, RDFS + "label", f"{_text(name)}@en")
        state(kind, NS + "type.type.domain", f"<{NS}{kind.split('.')[0]}>")
        state(kind, RDF_TYPE, f"<{RDFS}Class>")
        if mediator:
            state(kind, NS + "freebase.type_hints.mediator", _text("true"))
    for domain, name in DOMAINS.items():
        state(domain, NS + "type.object.type", f"<{NS}type.domain>")
        state(domain, NS + "type.object.name", f"{_text(name)}@en")
        state(domain, RDFS + "label", f"{_text(name)}@en")
    return lines


def write_graph(out: Path) -> list[Path]:
    """Write ``freebase-rdf-latest.nt.gz``: the dump's N-Triples, gzipped as Google published it."""
    [plain] = written(out, {"freebase-rdf-latest.nt": dump()})
    packed = plain.with_name(plain.name + ".gz")
    packed.write_bytes(gzip.compress(plain.read_bytes(), mtime=0))
    plain.unlink()
    return [packed]


if __name__ == "__main__":
    run(__doc__, write_graph, "freebase")
