"""A twentieth stand-in: a made-up museum's collection as museums publish it in **Linked Art** (the Getty, the Yale
Center for British Art, the Rijksmuseum): CIDOC-CRM in JSON-LD, one document per record as the museum serves them
(objects, people, groups, places, sets, visual works, provenance activities), each with the needed part of Linked
Art's context written inline (JSON-LD 1.1, with its type-scoped ``part`` / ``part_of`` / ``member_of``), since the
real context URL cannot be fetched offline. Every record has an opaque ``id``, a ``type`` and a ``_label``
(``rdfs:label``) that agrees with its primary name: a ``Name`` node ``identified_by`` it, ``classified_as``
aat:300404670 "primary name", the text in ``content``; an accession number is an ``Identifier`` classified
aat:300312355. Objects (``HumanMadeObject``) are ``classified_as`` AAT types that are themselves classified as "type
of work", and as "artwork"; their making is a ``produced_by`` → ``Production`` node (no ``id``) with
``carried_out_by``, ``took_place_at``, ``technique`` and a ``timespan`` holding only ``begin_of_the_begin`` /
``end_of_the_end`` as ``xsd:dateTime`` without a zone (``1654-01-01T00:00:00`` … ``1654-12-31T23:59:59`` for a year,
as in linked.art's earlier examples; a ``Z`` would be rewritten ``+00:00`` by rdflib). A work by two artists has a
``Production`` with two ``part`` productions, each with its artist and technique; a work possibly by an artist is
carried out by an "unidentified" ``Group`` and ``attributed_by`` an ``AttributeAssignment`` classified "possibly by"
that ``assigned`` a part ``Production`` carried out by that person. Objects are ``made_of`` ``Material`` nodes, have
``dimension`` nodes (``value`` as a JSON number, ``unit`` centimeters, ``classified_as`` height / width / depth), a
``current_owner``, a ``current_location`` (a gallery ``Place``), ``member_of`` collection ``Set`` records,
statements ``referred_to_by`` (``LinguisticObject`` with ``content``, classified description / materials statement /
provenance statement, each type classified "brief text") and ``shows`` a ``VisualItem`` record that ``represents``
the people, places or concepts depicted. Ownership history is in separate provenance ``Activity`` records
(classified "provenance activity") whose ``part`` ``Acquisition`` nodes have ``transferred_title_of`` the object,
``transferred_title_from`` and ``transferred_title_to``; the object's record does not point to them. People
(``Person``) have ``born`` → ``Birth`` / ``died`` → ``Death`` with ``timespan`` and ``took_place_at``, a sort name,
a nationality and an occupation (types classified "nationality" / "occupation"), ``member_of`` a guild ``Group`` and
a biography statement; places are ``part_of`` their country.

``museum_questions.tsv`` (34 answerable + 10 the graph cannot answer) was written before the first run (session 55).
Reuses the saga benchmark's runner.

    python benchmarks/museum_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from saga_graph import run, written

BASE = "https://data.veldmere.example.org/"
AAT = "http://vocab.getty.edu/aat/"
_SET = {"@type": "@id", "@container": "@set"}
_ONE = {"@type": "@id"}


def _term(iri: str, many: bool = True) -> dict[str, str]:
    return {"@id": iri, **(_SET if many else _ONE)}


def _scoped(iri: str, part: str | None, part_of: str | None, member_of: str) -> dict[str, Any]:
    """A class with Linked Art's type-scoped meanings of ``part``, ``part_of`` and ``member_of``."""
    scoped = {"member_of": _term(member_of)}
    if part and part_of:
        scoped |= {"part": _term(part), "part_of": _term(part_of)}
    return {"@id": iri, "@context": scoped}


_ACT = ("crm:P9_consists_of", "crm:P9i_forms_part_of", "la:member_of")
_THING = ("crm:P46_is_composed_of", "crm:P46i_forms_part_of", "la:member_of")
_INFO = ("crm:P106_is_composed_of", "crm:P106i_forms_part_of", "la:member_of")
# The part of https://linked.art/ns/v1/linked-art.json these records use, as Linked Art defines it.
CONTEXT: dict[str, Any] = {
    "@version": 1.1,
    "crm": "http://www.cidoc-crm.org/cidoc-crm/", "la": "https://linked.art/ns/terms/",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#", "skos": "http://www.w3.org/2004/02/skos/core#",
    "xsd": "http://www.w3.org/2001/XMLSchema#", "id": "@id", "type": "@type",
    "Activity": _scoped("crm:E7_Activity", *_ACT), "Acquisition": _scoped("crm:E8_Acquisition", *_ACT),
    "Production": _scoped("crm:E12_Production", *_ACT),
    "AttributeAssignment": _scoped("crm:E13_Attribute_Assignment", *_ACT),
    "Birth": _scoped("crm:E67_Birth", *_ACT), "Death": _scoped("crm:E69_Death", *_ACT),
    "Formation": _scoped("crm:E66_Formation", *_ACT),
    "HumanMadeObject": _scoped("crm:E22_Human-Made_Object", *_THING),
    "LinguisticObject": _scoped("crm:E33_Linguistic_Object", *_INFO),
    "VisualItem": _scoped("crm:E36_Visual_Item", *_INFO),
    "Identifier": _scoped("crm:E42_Identifier", *_INFO),
    "Name": _scoped("crm:E33_E41_Linguistic_Appellation", *_INFO),
    "Person": _scoped("crm:E21_Person", None, None, "crm:P107i_is_current_or_former_member_of"),
    "Group": _scoped("crm:E74_Group", None, None, "crm:P107i_is_current_or_former_member_of"),
    "Place": _scoped("crm:E53_Place", "crm:P89i_contains", "crm:P89_falls_within", "la:member_of"),
    "TimeSpan": _scoped("crm:E52_Time-Span", "crm:P86i_contains", "crm:P86_falls_within", "la:member_of"),
    "Type": _scoped("crm:E55_Type", "skos:narrower", "skos:broader", "la:member_of"),
    "Material": _scoped("crm:E57_Material", "skos:narrower", "skos:broader", "la:member_of"),
    "MeasurementUnit": _scoped("crm:E58_Measurement_Unit", "skos:narrower", "skos:broader", "la:member_of"),
    "Set": {"@id": "la:Set", "@context": {"member": _term("la:has_member"), "member_of": _term("la:member_of")}},
    "Dimension": {"@id": "crm:E54_Dimension"},
    "identified_by": _term("crm:P1_is_identified_by"), "classified_as": _term("crm:P2_has_type"),
    "timespan": _term("crm:P4_has_time-span", many=False), "took_place_at": _term("crm:P7_took_place_at"),
    "carried_out_by": _term("crm:P14_carried_out_by"),
    "transferred_title_to": _term("crm:P22_transferred_title_to"),
    "transferred_title_from": _term("crm:P23_transferred_title_from"),
    "transferred_title_of": _term("crm:P24_transferred_title_of"),
    "technique": _term("crm:P32_used_general_technique"), "dimension": _term("crm:P43_has_dimension"),
    "made_of": _term("crm:P45_consists_of"), "current_owner": _term("crm:P52_has_current_owner"),
    "current_location": _term("crm:P55_has_current_location", many=False),
    "shows": _term("crm:P65_shows_visual_item"), "referred_to_by": _term("crm:P67i_is_referred_to_by"),
    "value": {"@id": "crm:P90_has_value"}, "unit": _term("crm:P91_has_unit", many=False),
    "formed_by": _term("crm:P95i_was_formed_by", many=False), "born": _term("crm:P98i_was_born", many=False),
    "died": _term("crm:P100i_died_in", many=False), "produced_by": _term("crm:P108i_was_produced_by", many=False),
    "about": _term("crm:P129_is_about"), "represents": _term("crm:P138_represents"),
    "attributed_by": _term("crm:P140i_was_attributed_by"), "assigned": _term("crm:P141_assigned"),
    "assigned_property": {"@id": "crm:P177_assigned_property_of_type", "@type": "@vocab"},
    "content": {"@id": "crm:P190_has_symbolic_content"},
    "begin_of_the_begin": {"@id": "crm:P82a_begin_of_the_begin", "@type": "xsd:dateTime"},
    "end_of_the_end": {"@id": "crm:P82b_end_of_the_end", "@type": "xsd:dateTime"},
    "_label": {"@id": "rdfs:label"},
}

# key: (IRI, label, class, key of its meta-type or None); AAT where Linked Art's documentation names the term,
# the museum's own concept records otherwise.
CONCEPTS: dict[str, tuple[str, str, str, str | None]] = {
    "type of work": (AAT + "300435443", "type of work", "Type", None),
    "brief text": (AAT + "300418049", "brief text", "Type", None),
    "nationality": (AAT + "300379842", "nationality", "Type", None),
    "occupation": (AAT + "300263369", "occupation", "Type", None),
    "painting": (AAT + "300033618", "painting", "Type", "type of work"),
    "sculpture": (AAT + "300047090", "sculpture", "Type", "type of work"),
    "print": (AAT + "300041273", "print", "Type", "type of work"),
    "drawing": (AAT + "300033973", "drawing", "Type", "type of work"),
    "artwork": (AAT + "300133025", "artwork", "Type", None),
    "primary name": (AAT + "300404670", "primary name", "Type", None),
    "sort name": (AAT + "300451544", "sort name", "Type", None),
    "accession number": (AAT + "300312355", "accession number", "Type", None),
    "description": (AAT + "300435416", "description", "Type", "brief text"),
    "materials statement": (AAT + "300435429", "materials statement", "Type", "brief text"),
    "provenance statement": (AAT + "300435438", "provenance statement", "Type", "brief text"),
    "biography": (AAT + "300080102", "biography statement", "Type", "brief text"),
    "height": (AAT + "300055644", "height", "Type", None),
    "width": (AAT + "300055647", "width", "Type", None),
    "depth": (AAT + "300072633", "depth", "Type", None),
    "cm": (AAT + "300379098", "centimeters", "MeasurementUnit", None),
    "oil": (AAT + "300015050", "oil paint", "Material", None),
    "canvas": (AAT + "300014078", "canvas", "Material", None),
    "oak": (AAT + "300012264", "oak", "Material", None),
    "paper": (AAT + "300014109", "paper", "Material", None),
    "bronze": (AAT + "300010957", "bronze", "Material", None),
    "marble": (AAT + "300011443", "marble", "Material", None),
    "terracotta": (AAT + "300010669", "terracotta", "Material", None),
    "gold leaf": (AAT + "300264831", "gold leaf", "Material", None),
    "tempera": (AAT + "300015062", "tempera", "Material", None),
    "watercolor": (AAT + "300015045", "watercolor", "Material", None),
    "chalk": (AAT + "300011727", "chalk", "Material", None),
    "ink": (BASE + "concept/ink", "ink", "Material", None),
    "painting technique": (AAT + "300054216", "painting (image-making)", "Type", None),
    "carving": (BASE + "concept/carving", "carving", "Type", None),
    "modelling": (BASE + "concept/modelling", "modelling", "Type", None),
    "etching": (BASE + "concept/etching", "etching", "Type", None),
    "lithography": (BASE + "concept/lithography", "lithography", "Type", None),
    "lost-wax casting": (BASE + "concept/lost-wax-casting", "lost-wax casting", "Type", None),
    "city": (AAT + "300008389", "city", "Type", None),
    "country": (AAT + "300128207", "country", "Type", None),
    "gallery": (AAT + "300240057", "gallery (place)", "Type", None),
    "museum": (AAT + "300312281", "museum", "Type", None),
    "organization": (AAT + "300025948", "organization", "Type", None),
    "guild": (BASE + "concept/guild", "guild", "Type", None),
    "art dealer": (BASE + "concept/art-dealer", "art dealer", "Type", None),
    "collection": (AAT + "300025976", "collection", "Type", None),
    "provenance activity": (AAT + "300055863", "provenance activity", "Type", None),
    "purchasing": (AAT + "300077989", "purchasing", "Type", None),
    "possibly by": (AAT + "300404272", "possibly by", "Type", None),
    "artist": (AAT + "300025103", "artist", "Type", "occupation"),
    "collector": (AAT + "300025234", "collector", "Type", "occupation"),
    "Aldmarkish": (BASE + "concept/aldmarkish", "Aldmarkish", "Type", "nationality"),
    "Sorrennese": (BASE + "concept/sorrennese", "Sorrennese", "Type", "nationality"),
    "landscape": (AAT + "300015636", "landscape", "Type", None),
    "portrait": (AAT + "300015637", "portrait", "Type", None),
    "card game": (BASE + "concept/card-game", "card game", "Type", None),
}

# key: (name, type, part of, description)
PLACES: dict[str, tuple[str, str, str | None, str | None]] = {
    "aldmark": ("Aldmark", "country", None, "A maritime kingdom on the northern coast."),
    "sorrenne": ("Sorrenne", "country", None, None),
    "kellhaven": ("Kellhaven", "city", "aldmark", "The capital and chief port of Aldmark, seat of the museum."),
    "tarrow": ("Tarrow", "city", "aldmark", None),
    "osk": ("Osk", "city", "aldmark", "A river town where a ferry crosses the Osk estuary."),
    "varenne": ("Varenne", "city", "sorrenne", None),
    "castel mora": ("Castel Mora", "city", "sorrenne", None),
    "gallery 2": ("Gallery 2", "gallery", "kellhaven", None),
    "gallery 4": ("Gallery 4", "gallery", "kellhaven", None),
    "gallery 7": ("Gallery 7", "gallery", "kellhaven", None),
    "gallery 9": ("Gallery 9", "gallery", "kellhaven", None),
    "sculpture court": ("Sculpture Court", "gallery", "kellhaven", None),
    "print room": ("Print Study Room", "gallery", "kellhaven", None),
}

# key: (name, classification, formation year and place or None)
GROUPS: dict[str, tuple[str, str | None, tuple[str, str] | None]] = {
    "museum": ("Veldmere Museum of Art", "museum", ("1899", "kellhaven")),
    "guild": ("Guild of Saint Aurel", "guild", ("1502", "kellhaven")),
    "fenwick": ("The Fenwick Gallery", "art dealer", ("1861", "kellhaven")),
    "council": ("Kellhaven City Council", "organization", None),
    "unidentified": ("Unidentified Aldmarkish painter", None, None),
}

# key: (name, sort name, nationality, occupation, (birth date, place), (death date, place), groups, biography);
# a date is a day "YYYY-MM-DD" or a year "YYYY"
PEOPLE: dict[str, tuple[str, str | None, str | None, str | None, tuple[str, str | None] | None,
                        tuple[str, str | None] | None, list[str], str | None]] = {
    "marwen": ("Ilse Marwen", "Marwen, Ilse", "Aldmarkish", "artist", ("1612-04-03", "kellhaven"),
               ("1671-09-20", "tarrow"), ["guild"],
               "Painter of harbour views and portraits, active in Kellhaven and later in Tarrow."),
    "ashby": ("Corvin Ashby", "Ashby, Corvin", "Aldmarkish", "artist", ("1640-02-14", "tarrow"),
              ("1702-03-11", "kellhaven"), ["guild"],
              "Painter and draughtsman of river scenes and tavern interiors."),
    "corran": ("Elsbeth Corran", "Corran, Elsbeth", "Aldmarkish", "artist", ("1598-06-01", "tarrow"),
               ("1650-11-30", "tarrow"), [], "Painter of still lifes, of whom few signed works survive."),
    "renn": ("Matthias Renn", "Renn, Matthias", "Aldmarkish", "artist", ("1531", "osk"), ("1590-05-02", "osk"),
             [], "Woodcarver who supplied altar figures to the churches of the Osk valley."),
    "vireaux": ("Agathe Vireaux", "Vireaux, Agathe", "Sorrennese", "artist", ("1529", "castel mora"),
                ("1584-08-19", "kellhaven"), [], "Painter and gilder of carved figures."),
    "orme": ("Tessaly Orme", "Orme, Tessaly", "Sorrennese", "artist", ("1788-07-22", "varenne"),
             ("1851-01-05", "varenne"), [], "Sculptor in marble and terracotta."),
    "crane": ("Hollis Crane", "Crane, Hollis", "Aldmarkish", "artist", ("1821-10-09", "kellhaven"),
              ("1889-02-27", "varenne"), [], "Etcher of harbours and coastal towns."),
    "sarrow": ("Yvette Sarrow", "Sarrow, Yvette", "Sorrennese", "artist", ("1856-05-30", "varenne"),
               ("1930-12-12", "castel mora"), [], "Watercolourist and lithographer."),
    "ostrander": ("Bram Ostrander", "Ostrander, Bram", "Aldmarkish", "artist", ("1870-03-17", "osk"),
                  ("1941-06-08", "kellhaven"), [], "Painter of landscapes and of himself."),
    "kessel": ("Dorian Kessel", "Kessel, Dorian", "Sorrennese", "artist", ("1901-09-02", "castel mora"),
               ("1977-04-14", "varenne"), [], "Sculptor in bronze."),
    "dorr": ("Anneke Dorr", None, "Aldmarkish", None, None, None, [], None),
    "aurel": ("Saint Aurel", None, None, None, None, None, [], None),
    "halloway": ("Lord Edric Halloway", "Halloway, Edric", "Aldmarkish", "collector", ("1851-12-01", "tarrow"),
                 ("1929-03-03", "kellhaven"), [], None),
    "solvay": ("Margit Solvay", "Solvay, Margit", "Aldmarkish", "collector", ("1880-08-08", "kellhaven"),
               ("1962-10-10", "kellhaven"), [], None),
    "lotte": ("Lotte Kessel", "Kessel, Lotte", "Sorrennese", None, None, None, [], None),
}

# key: (name, classified as a collection, description)
SETS: dict[str, tuple[str, bool, str]] = {
    "paintings": ("Paintings Collection", True, "Paintings in the care of the museum's department of paintings."),
    "sculpture": ("Sculpture Collection", True, "Sculpture in wood, stone, clay and metal."),
    "prints": ("Prints and Drawings Collection", True, "Works on paper, shown in rotation in the Print Study Room."),
    "highlights": ("Highlights of the Veldmere", False, "Works chosen for the museum's highlights tour."),
}

# key: (label, represents: (kind, key) references, classifications)
VISUALS: dict[str, tuple[str, list[tuple[str, str]], list[str]]] = {
    "harbour": ("Visual content of The Salt Harbour", [("place", "kellhaven")], ["landscape"]),
    "anneke": ("Visual content of Portrait of Anneke Dorr", [("person", "dorr")], ["portrait"]),
    "ferry": ("Visual content of Winter Ferry at Osk", [("place", "osk")], ["landscape"]),
    "cards": ("Visual content of The Card Players", [("concept", "card game")], []),
    "aurel": ("Visual content of Saint Aurel with the Lantern", [("person", "aurel")], []),
    "bust": ("Visual content of Bust of Corvin Ashby", [("person", "ashby")], ["portrait"]),
    "lights": ("Visual content of Harbour Lights, Kellhaven", [("place", "kellhaven")], []),
    "lighthouse": ("Visual content of The Lighthouse at Tarrow", [("place", "tarrow")], []),
    "self": ("Visual content of Self-Portrait in a Blue Coat", [("person", "ostrander")], ["portrait"]),
    "fields": ("Visual content of Evening Fields", [], ["landscape"]),
}

# key: title, accession number, work type, production, materials, dimensions (height, width, depth), owner,
# location, sets, visual item, description, materials statement, provenance statement. A production is
# {"by": [people], "group": group, "possibly": person, "parts": [(person, technique)], "at": place,
#  "date": (begin, end), "technique": concept}.
OBJECTS: dict[str, dict[str, Any]] = {
    "harbour": {"title": "The Salt Harbour", "accession": "VM 1923.4", "type": "painting",
                "production": {"by": ["marwen"], "at": "kellhaven", "date": ("1654", "1654"),
                               "technique": "painting technique"},
                "made_of": ["oil", "canvas"], "dims": (92, 118, None), "location": "gallery 4",
                "sets": ["paintings", "highlights"], "visual": "harbour",
                "description": "Fishing boats unload salt at the quays of Kellhaven under a low evening sky.",
                "materials": "Oil on canvas",
                "provenance": "The Fenwick Gallery, Kellhaven; sold to Lord Edric Halloway, 1890; "
                              "sold by him to the museum, 1923."},
    "anneke": {"title": "Portrait of Anneke Dorr", "accession": "VM 1931.12", "type": "painting",
               "production": {"by": ["marwen"], "at": "tarrow", "date": ("1660", "1662"),
                              "technique": "painting technique"},
               "made_of": ["oil", "oak"], "dims": (64.5, 51, None), "location": "gallery 4",
               "sets": ["paintings"], "visual": "anneke",
               "description": "Half-length portrait of a young woman in a black dress with a lace collar.",
               "materials": "Oil on oak panel", "provenance": "Margit Solvay, Kellhaven; given to the museum, 1931."},
    "ferry": {"title": "Winter Ferry at Osk", "accession": "VM 1950.2", "type": "painting",
              "production": {"by": ["ashby"], "at": "osk", "date": ("1688", "1688"),
                             "technique": "painting technique"},
              "made_of": ["oil", "canvas"], "dims": (71, 97.5, None), "location": "gallery 7",
              "sets": ["paintings", "highlights"], "visual": "ferry",
              "description": "A crowded ferry crosses the frozen estuary while skaters watch from the bank.",
              "materials": "Oil on canvas"},
    "cards": {"title": "The Card Players", "accession": "VM 1950.3", "type": "painting",
              "production": {"by": ["ashby"], "at": "kellhaven", "date": ("1695", "1695"),
                             "technique": "painting technique"},
              "made_of": ["oil", "canvas"], "dims": (80, 104, None), "location": "gallery 7",
              "sets": ["paintings"], "visual": "cards", "materials": "Oil on canvas"},
    "aurel": {"title": "Saint Aurel with the Lantern", "accession": "VM 1908.1", "type": "sculpture",
              "production": {"parts": [("renn", "carving"), ("vireaux", "painting technique")], "at": "osk",
                             "date": ("1562", "1565")},
              "made_of": ["oak", "gold leaf", "tempera"], "dims": (148, 52, 38), "location": "gallery 2",
              "sets": ["sculpture", "highlights"], "visual": "aurel",
              "description": "The guild's patron saint holds up a lantern; the figure keeps much of its original "
                             "colour and gilding.",
              "materials": "Oak, carved, with tempera and gold leaf"},
    "nymph": {"title": "River Nymph", "accession": "VM 1961.7", "type": "sculpture",
              "production": {"by": ["orme"], "at": "varenne", "date": ("1824", "1824"), "technique": "carving"},
              "made_of": ["marble"], "dims": (112, 46, 40), "owner": "council", "location": "gallery 2",
              "sets": ["sculpture"],
              "description": "A seated nymph pours water from an urn; lent to the museum by the city.",
              "materials": "Marble"},
    "bust": {"title": "Bust of Corvin Ashby", "accession": "VM 1966.2", "type": "sculpture",
             "production": {"by": ["orme"], "at": "varenne", "date": ("1830", "1830"), "technique": "modelling"},
             "made_of": ["terracotta"], "dims": (58, 41, 27), "location": "gallery 2", "sets": ["sculpture"],
             "visual": "bust", "materials": "Terracotta"},
    "wanderer": {"title": "The Wanderer", "accession": "VM 1979.3", "type": "sculpture",
                 "production": {"by": ["kessel"], "at": "castel mora", "date": ("1934", "1934"),
                                "technique": "lost-wax casting"},
                 "made_of": ["bronze"], "dims": (203, 61, 70), "location": "sculpture court", "sets": ["sculpture"],
                 "description": "A striding figure with a staff, cast in a single pour.", "materials": "Bronze",
                 "provenance": "Lotte Kessel, the artist's daughter; given to the museum, 1979."},
    "lights": {"title": "Harbour Lights, Kellhaven", "accession": "VM 1902.55", "type": "print",
               "production": {"by": ["crane"], "at": "kellhaven", "date": ("1858", "1858"), "technique": "etching"},
               "made_of": ["paper", "ink"], "dims": (24.5, 31, None), "location": "print room", "sets": ["prints"],
               "visual": "lights", "materials": "Etching in black ink on paper"},
    "lighthouse": {"title": "The Lighthouse at Tarrow", "accession": "VM 1902.56", "type": "print",
                   "production": {"by": ["crane"], "at": "tarrow", "date": ("1862", "1862"), "technique": "etching"},
                   "made_of": ["paper", "ink"], "dims": (27, 35.5, None), "location": "print room",
                   "sets": ["prints"], "visual": "lighthouse", "materials": "Etching on paper"},
    "orchard": {"title": "Orchard in Bloom", "accession": "VM 1955.21", "type": "drawing",
                "production": {"by": ["sarrow"], "at": "castel mora", "date": ("1889", "1889")},
                "made_of": ["watercolor", "paper"], "dims": (38, 54, None), "location": "print room",
                "sets": ["prints"], "materials": "Watercolour on paper"},
    "market": {"title": "Market Day at Varenne", "accession": "VM 1955.22", "type": "print",
               "production": {"by": ["sarrow"], "at": "varenne", "date": ("1894", "1894"),
                              "technique": "lithography"},
               "made_of": ["paper", "ink"], "dims": (45, 60, None), "location": "print room", "sets": ["prints"],
               "description": "Stalls and awnings crowd the square below the church of Varenne.",
               "materials": "Colour lithograph on paper"},
    "self": {"title": "Self-Portrait in a Blue Coat", "accession": "VM 1948.9", "type": "painting",
             "production": {"by": ["ostrander"], "at": "osk", "date": ("1912", "1912"),
                            "technique": "painting technique"},
             "made_of": ["oil", "canvas"], "dims": (61, 50, None), "location": "gallery 9", "sets": ["paintings"],
             "visual": "self", "materials": "Oil on canvas"},
    "fields": {"title": "Evening Fields", "accession": "VM 1948.10", "type": "painting",
               "production": {"by": ["ostrander"], "at": "kellhaven", "date": ("1921", "1923"),
                              "technique": "painting technique"},
               "made_of": ["oil", "canvas"], "dims": (90, 130, None), "location": "gallery 9", "sets": ["paintings"],
               "visual": "fields", "description": "Wheat fields at dusk beneath a wide green sky.",
               "materials": "Oil on canvas"},
    "herring": {"title": "Still Life with Herring", "accession": "VM 1923.5", "type": "painting",
                "production": {"group": "unidentified", "possibly": "corran", "at": "aldmark",
                               "date": ("1640", "1650"), "technique": "painting technique"},
                "made_of": ["oil", "oak"], "dims": (48, 63, None), "location": "gallery 4", "sets": ["paintings"],
                "description": "A herring, a roll and a glass of beer on a pewter plate at the edge of a table.",
                "materials": "Oil on oak panel"},
    "dog": {"title": "Study of a Sleeping Dog", "accession": "VM 1902.80", "type": "drawing",
            "production": {"by": ["ashby"], "at": "kellhaven", "date": ("1690", "1690")},
            "made_of": ["chalk", "paper"], "dims": (21, 29.5, None), "location": "print room", "sets": ["prints"],
            "materials": "Red chalk on paper"},
}

# key: (label, year, purchase, [(object, from, to)] with from / to as (kind, key))
PROVENANCE: dict[str, tuple[str, str, bool, list[tuple[str, tuple[str, str], tuple[str, str]]]]] = {
    "1890-halloway": ("Sale of The Salt Harbour by The Fenwick Gallery to Lord Edric Halloway", "1890", True,
                      [("harbour", ("group", "fenwick"), ("person", "halloway"))]),
    "1923-halloway": ("Sale of two paintings by Lord Edric Halloway to the Veldmere Museum of Art", "1923", True,
                      [("harbour", ("person", "halloway"), ("group", "museum")),
                       ("herring", ("person", "halloway"), ("group", "museum"))]),
    "1931-solvay": ("Gift of Portrait of Anneke Dorr by Margit Solvay", "1931", False,
                    [("anneke", ("person", "solvay"), ("group", "museum"))]),
    "1948-solvay": ("Purchase of Evening Fields from Margit Solvay", "1948", True,
                    [("fields", ("person", "solvay"), ("group", "museum"))]),
    "1950-fenwick": ("Purchase of two paintings from The Fenwick Gallery", "1950", True,
                     [("ferry", ("group", "fenwick"), ("group", "museum")),
                      ("cards", ("group", "fenwick"), ("group", "museum"))]),
    "1979-kessel": ("Gift of The Wanderer by Lotte Kessel", "1979", False,
                    [("wanderer", ("person", "lotte"), ("group", "museum"))]),
}

_KINDS: dict[str, tuple[str, dict[str, Any]]] = {
    "object": ("HumanMadeObject", OBJECTS), "person": ("Person", PEOPLE), "group": ("Group", GROUPS),
    "place": ("Place", PLACES), "set": ("Set", SETS), "visual": ("VisualItem", VISUALS),
    "activity": ("Activity", PROVENANCE),
}


def _iri(kind: str, key: str) -> str:
    """The record's opaque URI, as collection systems mint them."""
    return f"{BASE}{kind}/{uuid.uuid5(uuid.NAMESPACE_URL, f'{BASE}{kind}/{key}')}"


def _label(kind: str, key: str) -> str:
    record = _KINDS[kind][1][key]
    return record["title"] if kind == "object" else record[0]


def _ref(kind: str, key: str) -> dict[str, Any]:
    """A reference to another record: its id, type and label, as Linked Art embeds them."""
    if kind == "concept":
        iri, label, cls, meta = CONCEPTS[key]
        ref = {"id": iri, "type": cls, "_label": label}
        return ref | ({"classified_as": [_ref("concept", meta)]} if meta else {})
    return {"id": _iri(kind, key), "type": _KINDS[kind][0], "_label": _label(kind, key)}


def _types(*keys: str) -> list[dict[str, Any]]:
    return [_ref("concept", key) for key in keys]


def _names(name: str, sort: str | None = None) -> list[dict[str, Any]]:
    names = [{"type": "Name", "classified_as": _types("primary name"), "content": name}]
    return names + ([{"type": "Name", "classified_as": _types("sort name"), "content": sort}] if sort else [])


def _statement(kind: str, text: str) -> dict[str, Any]:
    return {"type": "LinguisticObject", "classified_as": _types(kind), "content": text}


def _span(begin: str, end: str) -> dict[str, Any]:
    """A TimeSpan from the first instant of ``begin`` to the last of ``end`` (each a day or a year)."""
    first = begin if len(begin) > 4 else f"{begin}-01-01"
    last = end if len(end) > 4 else f"{end}-12-31"
    return {"type": "TimeSpan", "begin_of_the_begin": f"{first}T00:00:00", "end_of_the_end": f"{last}T23:59:59"}


def _event(cls: str, date: str, place: str | None) -> dict[str, Any]:
    event = {"type": cls, "timespan": _span(date, date)}
    return event | ({"took_place_at": [_ref("place", place)]} if place else {})


def _document(kind: str, key: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"@context": CONTEXT, "id": _iri(kind, key), "type": _KINDS[kind][0], "_label": _label(kind, key), **body}


def _production(spec: dict[str, Any]) -> dict[str, Any]:
    production: dict[str, Any] = {"type": "Production", "timespan": _span(*spec["date"]),
                                  "took_place_at": [_ref("place", spec["at"])]}
    if "by" in spec:
        production["carried_out_by"] = [_ref("person", who) for who in spec["by"]]
    if "group" in spec:
        production["carried_out_by"] = [_ref("group", spec["group"])]
    if "technique" in spec:
        production["technique"] = _types(spec["technique"])
    if "parts" in spec:
        production["part"] = [{"type": "Production", "carried_out_by": [_ref("person", who)],
                               "technique": _types(how)} for who, how in spec["parts"]]
    if "possibly" in spec:
        production["attributed_by"] = [{
            "type": "AttributeAssignment", "classified_as": _types("possibly by"), "assigned_property": "part",
            "assigned": [{"type": "Production", "carried_out_by": [_ref("person", spec["possibly"])]}]}]
    return production


def _object(key: str) -> dict[str, Any]:
    record = OBJECTS[key]
    dims = [{"type": "Dimension", "classified_as": _types(which), "value": value, "unit": _ref("concept", "cm")}
            for which, value in zip(("height", "width", "depth"), record["dims"], strict=True) if value is not None]
    statements = [_statement(kind, record[field]) for kind, field in
                  (("description", "description"), ("materials statement", "materials"),
                   ("provenance statement", "provenance")) if field in record]
    body: dict[str, Any] = {
        "classified_as": _types(record["type"], "artwork"),
        "identified_by": [*_names(record["title"]), {"type": "Identifier", "classified_as": _types("accession number"),
                                                     "content": record["accession"]}],
        "referred_to_by": statements, "produced_by": _production(record["production"]),
        "made_of": _types(*record["made_of"]), "dimension": dims,
        "current_owner": [_ref("group", record.get("owner", "museum"))],
        "current_location": _ref("place", record["location"]),
        "member_of": [_ref("set", which) for which in record["sets"]],
    }
    if "visual" in record:
        body["shows"] = [_ref("visual", record["visual"])]
    return _document("object", key, body)


def _person(key: str) -> dict[str, Any]:
    name, sort, nationality, occupation, birth, death, groups, biography = PEOPLE[key]
    body: dict[str, Any] = {"identified_by": _names(name, sort)}
    if nationality or occupation:
        body["classified_as"] = _types(*(k for k in (nationality, occupation) if k))
    if birth:
        body["born"] = _event("Birth", *birth)
    if death:
        body["died"] = _event("Death", *death)
    if groups:
        body["member_of"] = [_ref("group", group) for group in groups]
    if biography:
        body["referred_to_by"] = [_statement("biography", biography)]
    return _document("person", key, body)


def _group(key: str) -> dict[str, Any]:
    name, classification, formed = GROUPS[key]
    body: dict[str, Any] = {"identified_by": _names(name)}
    if classification:
        body["classified_as"] = _types(classification)
    if formed:
        body["formed_by"] = _event("Formation", *formed)
    return _document("group", key, body)


def _place(key: str) -> dict[str, Any]:
    name, kind, parent, description = PLACES[key]
    body: dict[str, Any] = {"classified_as": _types(kind), "identified_by": _names(name)}
    if parent:
        body["part_of"] = [_ref("place", parent)]
    if description:
        body["referred_to_by"] = [_statement("description", description)]
    return _document("place", key, body)


def _set(key: str) -> dict[str, Any]:
    name, collection, description = SETS[key]
    body = {"classified_as": _types("collection")} if collection else {}
    return _document("set", key, body | {"identified_by": _names(name),
                                         "referred_to_by": [_statement("description", description)]})


def _visual(key: str) -> dict[str, Any]:
    name, depicted, classes = VISUALS[key]
    body: dict[str, Any] = {"identified_by": _names(name)}
    if classes:
        body["classified_as"] = _types(*classes)
    if depicted:
        body["represents"] = [_ref(kind, which) for kind, which in depicted]
    return _document("visual", key, body)


def _provenance(key: str) -> dict[str, Any]:
    name, year, purchase, transfers = PROVENANCE[key]
    parts = [{"type": "Acquisition", "_label": f"Acquisition of {_label('object', what)} from {_label(*seller)}",
              **({"classified_as": _types("purchasing")} if purchase else {}),
              "transferred_title_of": [_ref("object", what)], "transferred_title_from": [_ref(*seller)],
              "transferred_title_to": [_ref(*buyer)]} for what, seller, buyer in transfers]
    return _document("activity", key, {"classified_as": _types("provenance activity"), "identified_by": _names(name),
                                       "timespan": _span(year, year), "part": parts})


_BUILDERS = {"object": _object, "person": _person, "group": _group, "place": _place, "set": _set,
             "visual": _visual, "activity": _provenance}


def documents() -> dict[str, dict[str, Any]]:
    """Every record's JSON-LD document, by file name."""
    return {f"{kind}-{key.replace(' ', '-')}.jsonld": build(key)
            for kind, build in _BUILDERS.items() for key in _KINDS[kind][1]}


def write_graph(out: Path) -> list[Path]:
    """One JSON-LD file per record, as the museum serves them, in ``out``; the files written."""
    return written(out, {name: json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
                         for name, doc in documents().items()})


if __name__ == "__main__":
    run(__doc__, write_graph, "museum")
