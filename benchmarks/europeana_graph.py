"""A twenty-fifth stand-in: a made-up collection of sixteen cultural heritage objects (paintings, a drawing,
sculptures, photographs, maps, a manuscript) from three providers, stated the way **Europeana** serves the real ones
in the **Europeana Data Model** (EDM): RDF/XML as the Record API's ``.rdf`` output and OAI-PMH harvests give them
(``europeana-records.rdf``, its normalised TimeSpans relative ``#…`` IRIs under ``xml:base``), beside the contextual
entities the records point to, as the Entity API and the vocabularies Europeana dereferences give them
(``europeana-entities.rdf``). Every object is an ``edm:ProvidedCHO`` at
``http://data.europeana.eu/item/<dataset>/<local id>`` that states **nothing** itself: its description sits on two
``ore:Proxy`` nodes, each ``ore:proxyFor`` the CHO. The provider proxy (``/proxy/provider/...``,
``edm:europeanaProxy`` "false", ``ore:proxyIn`` the provider's ``ore:Aggregation``, ``edm:type`` IMAGE or TEXT)
holds what the institution sent: ``dc:title`` in several languages (the museum's in English and Dutch, some also in
French and German; the city archives' in Dutch and English, a map's in Latin too; the French library's in French
only, one in Latin too), ``dc:creator`` / ``dc:contributor`` as a literal name ("Joris Vandermeer", "Kessler, Anton",
"Maren, Edda") or as the IRI of an ``edm:Agent``, ``dc:date`` as free text ("ca. 1652", "1660-1665", "11 februari
1906", "janvier 1921") or ``dcterms:created``, ``dc:type`` and ``dc:subject`` as Getty AAT concept IRIs,
``dcterms:medium`` ("oil on canvas"@en) and ``dcterms:extent`` ("94 x 120 cm") as text, ``dcterms:spatial`` as an
``edm:Place`` IRI (the French library: as text), ``edm:currentLocation`` a place, ``dcterms:isPartOf`` as text and
``dc:identifier`` the inventory number. The Europeana proxy (``/proxy/europeana/...``, ``edm:europeanaProxy``
"true", ``ore:proxyIn`` the ``edm:EuropeanaAggregation``, ``ore:lineage`` the provider proxy) holds Europeana's
enrichments: ``dc:creator`` → the ``edm:Agent`` a literal name was matched to (most literals, not all: one of a
painter's three works names him by a literal alone, one by the agent's IRI, one by a literal enriched), ``dc:date``
/ ``dcterms:created`` → the ``edm:TimeSpan`` its date normalisation made (``#1652~``, ``#1660/1665``: a
``skos:prefLabel`` with the EDTF value @zxx, ``skos:notation`` typed EDTF, ``edm:begin`` / ``edm:end``,
``dcterms:isPartOf`` the century) and → the century entity (``http://data.europeana.eu/timespan/17``, "17th
century"@en …), ``dcterms:medium`` → an AAT material, ``dcterms:spatial`` → a place, ``edm:year``, a
``dc:identifier`` with the provider's record id, and for the French library an English ``dc:title`` translation,
the only English title those objects have. Dates written in Dutch or French words are not normalised (only
``edm:year``).

The provider's ``ore:Aggregation`` (``/aggregation/provider/...``) carries ``edm:aggregatedCHO``,
``edm:dataProvider`` — the institution as a ``foaf:Organization`` IRI (two providers, with ``skos:prefLabel`` in
English and the local language, ``edm:acronym``, ``edm:europeanaRole``, ``foaf:homepage``) or as a literal name
("Stadsarchief Brenmouth") —, ``edm:provider`` the aggregator as a literal, ``edm:rights`` a Creative Commons IRI
(public domain mark, CC0, BY, BY-SA, BY-NC), ``edm:isShownAt`` the object's page on the provider's site,
``edm:isShownBy`` and ``edm:object`` its image and for one photograph ``edm:hasView`` the verso. The images are
``edm:WebResource`` nodes with their own ``edm:rights``, ``dcterms:created`` (the digitisation date), for the museum
``dc:creator`` (its photographer), and the technical metadata Europeana's media processing adds:
``ebucore:hasMimeType``, ``ebucore:fileByteSize`` (``xsd:long``), ``ebucore:width`` / ``ebucore:height``
(``xsd:integer``), ``edm:hasColorSpace``, ``ebucore:orientation``. The ``edm:EuropeanaAggregation`` names
"Europeana Foundation" as its own ``edm:dataProvider`` and ``edm:provider`` and carries ``edm:datasetName``,
``edm:country``, ``edm:language``, ``edm:landingPage`` and ``edm:preview``. Agents
(``http://data.europeana.eu/agent/<n>``) have ``skos:prefLabel`` in several languages, ``skos:altLabel`` (the
inverted name), ``rdaGr2:dateOfBirth`` / ``dateOfDeath`` as text (a full date or a year),
``rdaGr2:placeOfBirth`` / ``placeOfDeath`` as a place IRI or as text, ``rdaGr2:professionOrOccupation`` as
language-tagged text, ``rdaGr2:gender``, ``rdaGr2:biographicalInformation`` and ``owl:sameAs`` Wikidata and VIAF;
places (``edm:Place``) have labels in several languages, ``wgs84_pos:lat`` / ``long`` as plain text,
``dcterms:isPartOf`` the country and ``owl:sameAs`` GeoNames and Wikidata; AAT concepts
(``http://vocab.getty.edu/aat/<n>``, ``skos:Concept``) have ``skos:prefLabel`` in English, Dutch, French and German
and ``skos:inScheme``; century entities have labels in four languages, ``edm:begin`` / ``edm:end`` and
``owl:sameAs`` Wikidata.

``europeana_questions.tsv`` (36 answerable + 10 the graph cannot answer) was written before the first run (session
56), by a helper session that had not seen the engine run on this layout. Reuses the saga benchmark's runner.

    python benchmarks/europeana_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from saga_graph import run, written

DATA = "http://data.europeana.eu/"
AAT = "http://vocab.getty.edu/aat/"
XSD = "http://www.w3.org/2001/XMLSchema#"
EDTF = "http://id.loc.gov/datatypes/edtf/EDTF-level1"
PDM = "http://creativecommons.org/publicdomain/mark/1.0/"
CC0 = "http://creativecommons.org/publicdomain/zero/1.0/"
BY = "http://creativecommons.org/licenses/by/4.0/"
BY_SA = "http://creativecommons.org/licenses/by-sa/4.0/"
BY_NC = "http://creativecommons.org/licenses/by-nc/4.0/"
NAMESPACES = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/", "edm": "http://www.europeana.eu/schemas/edm/",
    "ore": "http://www.openarchives.org/ore/terms/", "skos": "http://www.w3.org/2004/02/skos/core#",
    "foaf": "http://xmlns.com/foaf/0.1/", "owl": "http://www.w3.org/2002/07/owl#",
    "rdaGr2": "http://rdvocab.info/ElementsGr2/", "wgs84_pos": "http://www.w3.org/2003/01/geo/wgs84_pos#",
    "ebucore": "http://www.ebu.ch/metadata/ontologies/ebucore/ebucore#",
}

# place key: (number, {language: prefLabel}, altLabels (English), lat, long, country key or None, GeoNames id,
#             Wikidata id)
PLACES: dict[str, tuple[str, dict[str, str], list[str], str, str, str | None, str, str]] = {
    "valdoria": ("216", {"en": "Valdoria", "nl": "Valdorië", "fr": "Valdorie", "de": "Valdorien"}, [],
                 "52.2", "5.6", None, "2790001", "Q130210001"),
    "aurenne": ("217", {"en": "Aurenne", "nl": "Aurenne", "fr": "Aurenne", "de": "Aurennien"}, [],
                "47.8", "4.1", None, "2790002", "Q130210002"),
    "hallevoort": ("1402", {"en": "Hallevoort", "nl": "Hallevoort", "fr": "Hallevoort", "de": "Hallevoort"}, [],
                   "52.3712", "4.9006", "valdoria", "2790110", "Q130210110"),
    "brenmouth": ("1417", {"en": "Brenmouth", "nl": "Brenmonde", "fr": "Brenmouth", "de": "Brenmünde"}, [],
                  "53.0821", "5.4137", "valdoria", "2790124", "Q130210124"),
    "norrhavn": ("1498", {"en": "Norrhavn", "nl": "Norrhaven", "de": "Norrhafen"}, [],
                 "53.441", "6.0212", "valdoria", "2790187", "Q130210187"),
    "saint-aurin": ("2211", {"en": "Saint-Aurin", "nl": "Sint-Aurijn", "fr": "Saint-Aurin", "de": "Sankt Aurin"},
                    ["St. Aurin"], "47.3162", "4.2871", "aurenne", "2790301", "Q130210301"),
    "valcourt": ("2290", {"en": "Valcourt", "fr": "Valcourt", "de": "Valcourt"}, [],
                 "47.1908", "4.4415", "aurenne", "2790355", "Q130210355"),
    "kelby": ("2305", {"en": "Kelby", "fr": "Kelby", "de": "Kelby"}, ["Kelby Abbey"],
              "47.5524", "3.9907", "aurenne", "2790372", "Q130210372"),
}

# agent key: number, prefLabels, altLabels, birth / death as (date or None, place key, ("text", name) or None),
# occupations as (text, language), gender, biography, Wikidata id, VIAF id, a note or None
AGENTS: dict[str, dict] = {
    "vandermeer": {"n": "61534", "labels": dict.fromkeys(("en", "nl", "fr", "de"), "Joris Vandermeer"),
                   "alt": [("Vandermeer, Joris", "en"), ("J. van der Meer", "nl")],
                   "birth": ("1618-03-04", "brenmouth"), "death": ("1671", "hallevoort"),
                   "occupations": [("painter", "en"), ("schilder", "nl")], "gender": "Male",
                   "bio": "Valdorian painter of market scenes, still lifes and dune landscapes, active in Hallevoort "
                          "from 1645.", "wikidata": "Q130311101", "viaf": "312846027"},
    "corvijn": {"n": "61612", "labels": dict.fromkeys(("en", "nl", "fr", "de"), "Aleida Corvijn"),
                "alt": [("Corvijn, Aleida", "en")],
                "birth": ("1625", ("text", "Hallevoort")), "death": ("1689-11-30", "brenmouth"),
                "occupations": [("painter", "en"), ("schilderes", "nl")], "gender": "Female",
                "bio": "Painter of quiet interiors and portraits, the first woman admitted to the Hallevoort painters' "
                       "guild.", "wikidata": "Q130311102", "viaf": "312846114"},
    "delaunoy": {"n": "73020", "labels": dict.fromkeys(("en", "fr", "de", "nl"), "Matthieu Delaunoy"),
                 "alt": [("Delaunoy, Matthieu", "en"), ("M. Delaunoy", "fr")],
                 "birth": ("1840-05-12", "saint-aurin"), "death": ("1902-01-08", "valcourt"),
                 "occupations": [("sculptor", "en"), ("sculpteur", "fr")], "gender": "Male",
                 "bio": "Aurennian sculptor of working people in bronze and marble.", "wikidata": "Q130311103",
                 "viaf": "298107745"},
    "maren": {"n": "88105", "labels": dict.fromkeys(("en", "nl", "de"), "Edda Maren"),
              "alt": [("Maren, Edda", "en")], "birth": ("1872-06-03", "norrhavn"), "death": ("1944", None),
              "occupations": [("photographer", "en"), ("fotografe", "nl")], "gender": "Female",
              "bio": "Photographer of the Brenmouth waterfront and its fishing fleet.", "wikidata": "Q130311104",
              "viaf": "301554090"},
    "haak": {"n": "52871", "labels": {"en": "Cornelis Haak", "nl": "Cornelis Haak", "la": "Cornelius Hakius"},
             "alt": [("Haak, Cornelis", "en")], "birth": ("1590", ("text", "Brenmouth")),
             "death": ("1648-08-17", "hallevoort"), "occupations": [("cartographer", "en"), ("engraver", "en")],
             "gender": "Male", "bio": "Cartographer and engraver who surveyed the counties of Valdoria.",
             "wikidata": "Q130311105", "viaf": "287733519"},
    "oosterbaan": {"n": "52903", "labels": dict.fromkeys(("en", "nl"), "Hendrik Oosterbaan"),
                   "alt": [("Oosterbaan, Hendrik", "en")], "birth": ("1601", None), "death": ("1660", None),
                   "occupations": [("engraver", "en"), ("publisher", "en")], "gender": "Male",
                   "bio": "Engraver and map publisher in Hallevoort.", "wikidata": "Q130311106",
                   "viaf": "287733604"},
    "anselm": {"n": "40117", "labels": {"en": "Anselm of Kelby", "fr": "Anselme de Kelby",
                                        "la": "Anselmus Kelbiensis"},
               "alt": [("Brother Anselm", "en")], "birth": (None, None), "death": (None, None),
               "occupations": [("scribe", "en"), ("illuminator", "en")], "gender": "Male",
               "bio": "Monk of Kelby Abbey, scribe and illuminator of liturgical books.", "wikidata": "Q130311107",
               "viaf": "265012338", "note": "Active at Kelby Abbey about 1425-1460."},
    "ferrand": {"n": "90044", "labels": dict.fromkeys(("en", "fr", "de"), "Lucien Ferrand"),
                "alt": [("Ferrand, Lucien", "en")], "birth": ("1881-07-22", "valcourt"),
                "death": ("1950-03-14", "saint-aurin"), "occupations": [("photographer", "en"), ("photographe", "fr")],
                "gender": "Male", "bio": "Photographer of rural and urban life in the Aurenne valley.",
                "wikidata": "Q130311108", "viaf": "305998127"},
}

# concept key: (AAT id, {language: prefLabel})
CONCEPTS: dict[str, tuple[str, dict[str, str]]] = {
    "paintings": ("300033618", {"en": "paintings", "nl": "schilderijen", "fr": "peintures", "de": "Gemälde"}),
    "drawings": ("300033973", {"en": "drawings", "nl": "tekeningen", "fr": "dessins", "de": "Zeichnungen"}),
    "sculpture": ("300047090", {"en": "sculpture", "nl": "beeldhouwwerken", "fr": "sculptures",
                                "de": "Skulpturen"}),
    "photographs": ("300046300", {"en": "photographs", "nl": "foto's", "fr": "photographies",
                                  "de": "Fotografien"}),
    "maps": ("300028094", {"en": "maps", "nl": "kaarten", "fr": "cartes", "de": "Landkarten"}),
    "books of hours": ("300026667", {"en": "books of hours", "nl": "getijdenboeken", "fr": "livres d'heures",
                                     "de": "Stundenbücher"}),
    "bronze": ("300010957", {"en": "bronze", "nl": "brons", "fr": "bronze", "de": "Bronze"}),
    "marble": ("300011443", {"en": "marble", "nl": "marmer", "fr": "marbre", "de": "Marmor"}),
    "parchment": ("300011851", {"en": "parchment", "nl": "perkament", "fr": "parchemin", "de": "Pergament"}),
    "markets": ("300008032", {"en": "markets", "nl": "markten", "fr": "marchés", "de": "Märkte"}),
    "fish": ("300266740", {"en": "fish", "nl": "vissen", "fr": "poissons", "de": "Fische"}),
    "fruit": ("300266541", {"en": "fruit", "nl": "fruit", "fr": "fruits", "de": "Obst"}),
    "silverware": ("300037591", {"en": "silverware", "nl": "zilverwerk", "fr": "argenterie", "de": "Silberwaren"}),
    "landscapes": ("300015636", {"en": "landscapes", "nl": "landschappen", "fr": "paysages",
                                 "de": "Landschaften"}),
    "dunes": ("300008625", {"en": "dunes", "nl": "duinen", "fr": "dunes", "de": "Dünen"}),
    "women": ("300025943", {"en": "women", "nl": "vrouwen", "fr": "femmes", "de": "Frauen"}),
    "letters": ("300026879", {"en": "letters (correspondence)", "nl": "brieven", "fr": "lettres",
                              "de": "Briefe"}),
    "portraits": ("300015637", {"en": "portraits", "nl": "portretten", "fr": "portraits", "de": "Porträts"}),
    "birds": ("300266619", {"en": "birds", "nl": "vogels", "fr": "oiseaux", "de": "Vögel"}),
    "fishing": ("300054622", {"en": "fishing", "nl": "visserij", "fr": "pêche", "de": "Fischerei"}),
    "viticulture": ("300054611", {"en": "viticulture", "nl": "wijnbouw", "fr": "viticulture", "de": "Weinbau"}),
    "harbours": ("300008748", {"en": "harbours", "nl": "havens", "fr": "ports", "de": "Häfen"}),
    "boats": ("300178749", {"en": "boats", "nl": "boten", "fr": "bateaux", "de": "Boote"}),
    "floods": ("300312201", {"en": "floods", "nl": "overstromingen", "fr": "inondations",
                             "de": "Überschwemmungen"}),
    "harvesting": ("300379565", {"en": "harvesting", "nl": "oogsten", "fr": "moisson", "de": "Ernte"}),
    "cathedrals": ("300007501", {"en": "cathedrals", "nl": "kathedralen", "fr": "cathédrales",
                                 "de": "Kathedralen"}),
    "snow": ("300008866", {"en": "snow", "nl": "sneeuw", "fr": "neige", "de": "Schnee"}),
}

# century: ({language: prefLabel}, begin, end, Wikidata id)
CENTURIES: dict[int, tuple[dict[str, str], str, str, str]] = {
    15: ({"en": "15th century", "nl": "15e eeuw", "fr": "XVe siècle", "de": "15. Jahrhundert"},
         "1401-01-01", "1500-12-31", "Q7018"),
    17: ({"en": "17th century", "nl": "17e eeuw", "fr": "XVIIe siècle", "de": "17. Jahrhundert"},
         "1601-01-01", "1700-12-31", "Q7034"),
    19: ({"en": "19th century", "nl": "19e eeuw", "fr": "XIXe siècle", "de": "19. Jahrhundert"},
         "1801-01-01", "1900-12-31", "Q6955"),
    20: ({"en": "20th century", "nl": "20e eeuw", "fr": "XXe siècle", "de": "20. Jahrhundert"},
         "1901-01-01", "2000-12-31", "Q6927"),
}

# organization key: (number, {language: prefLabel}, acronym, homepage)
ORGANIZATIONS: dict[str, tuple[str, dict[str, str], str, str]] = {
    "hma": ("1482250000001710", {"en": "Hallevoort Museum of Art", "nl": "Museum Hallevoort"}, "HMA",
            "https://www.hallevoort-museum.example/"),
    "brsa": ("1482250000001804", {"en": "Saint-Aurin Regional Library",
                                  "fr": "Bibliothèque régionale de Saint-Aurin"}, "BRSA",
             "https://www.bibliotheque-saint-aurin.example/"),
}

# provider key: dataset id and name, data provider as ("org", key) or ("text", name), aggregator, country and
# language of the Europeana aggregation, page / image / record id URL patterns, the image photographer or None
PROVIDERS: dict[str, dict] = {
    "hma": {"dataset": "2048101", "name": "2048101_Ag_HallevoortMuseum", "data_provider": ("org", "hma"),
            "provider": "Erfgoednet Valdoria", "country": "Valdoria", "language": "nl",
            "page": "https://collectie.hallevoort-museum.example/object/{inv}",
            "image": "https://images.hallevoort-museum.example/iiif/{inv}/full/max/0/default.jpg",
            "record": "oai:collectie.hallevoort-museum.example:{inv}", "photographer": "Pieter Lemaire"},
    "sab": {"dataset": "2048102", "name": "2048102_Ag_StadsarchiefBrenmouth",
            "data_provider": ("text", "Stadsarchief Brenmouth"), "provider": "Erfgoednet Valdoria",
            "country": "Valdoria", "language": "nl",
            "page": "https://beeldbank.stadsarchief-brenmouth.example/detail/{inv}",
            "image": "https://beeldbank.stadsarchief-brenmouth.example/media/{inv}.jpg",
            "record": "https://beeldbank.stadsarchief-brenmouth.example/oai/{inv}", "photographer": None},
    "brsa": {"dataset": "2048103", "name": "2048103_Ag_BibliothequeSaintAurin", "data_provider": ("org", "brsa"),
             "provider": "Patrimoine numérique d'Aurenne", "country": "Aurenne", "language": "fr",
             "page": "https://numerique.bibliotheque-saint-aurin.example/ark:/48291/{inv}",
             "image": "https://numerique.bibliotheque-saint-aurin.example/iiif/{inv}/full/full/0/default.jpg",
             "record": "ark:/48291/{inv}", "photographer": None},
}

# A normalised date: (EDTF label, begin, end, century).
# Objects: provider, inventory number, provider titles [(text, language)], the Europeana proxy's English
# translation or None, creators / contributors as ("text", name, enriched agent or None) or ("agent", key), dates as
# [(property, text, normalised or None)], type and subjects (concept keys), media [(text, language)] and media
# enriched to concepts, extent, spatial as ("place", key) or ("text", text, language, enriched place), current
# location, isPartOf, dc:language, description, edm:type, rights, image (mime type, width, height, bytes,
# digitised), verso (description) or None.
OBJECTS: dict[str, dict] = {
    "herring": {"provider": "hma", "inv": "SK-A-1021",
                "titles": [("The Herring Market at Brenmouth", "en"), ("De haringmarkt te Brenmonde", "nl")],
                "creators": [("text", "Joris Vandermeer", "vandermeer")],
                "dates": [("dc:date", "ca. 1652", ("1652~", "1652-01-01", "1652-12-31", 17))],
                "type": "paintings", "subjects": ["markets", "fish"], "medium": [("oil on canvas", "en")],
                "extent": "94 x 120 cm", "spatial": [("place", "brenmouth")], "location": "hallevoort",
                "description": ("Fishwives and buyers crowd the herring stalls below the weigh house of Brenmouth.",
                                "en"),
                "rights": PDM, "image": ("image/jpeg", 4000, 3133, 3871224, "2019-03-14")},
    "lemons": {"provider": "hma", "inv": "SK-A-1034",
               "titles": [("Still Life with Lemons and a Silver Jug", "en"),
                          ("Stilleven met citroenen en een zilveren kan", "nl")],
               "creators": [("agent", "vandermeer")],
               "dates": [("dc:date", "1655-1660", ("1655/1660", "1655-01-01", "1660-12-31", 17))],
               "type": "paintings", "subjects": ["fruit", "silverware"], "medium": [("oil on panel", "en")],
               "location": "hallevoort", "rights": PDM,
               "image": ("image/jpeg", 3200, 4000, 3012876, "2019-03-14")},
    "dunes": {"provider": "hma", "inv": "SK-A-1102",
              "titles": [("View of Hallevoort from the Dunes", "en"),
                         ("Gezicht op Hallevoort vanuit de duinen", "nl")],
              "creators": [("text", "Joris Vandermeer", None)],
              "dates": [("dc:date", "1664", ("1664", "1664-01-01", "1664-12-31", 17))],
              "type": "paintings", "subjects": ["landscapes", "dunes"], "medium": [("oil on canvas", "en")],
              "extent": "61 x 83 cm", "spatial": [("place", "hallevoort")], "location": "hallevoort",
              "rights": PDM, "image": ("image/jpeg", 4000, 2940, 2655310, "2020-06-02")},
    "letter": {"provider": "hma", "inv": "SK-A-2210",
               "titles": [("Woman Reading a Letter by a Window", "en"), ("Lezende vrouw bij een venster", "nl"),
                          ("Femme lisant une lettre près d'une fenêtre", "fr"), ("Briefleserin am Fenster", "de")],
               "creators": [("text", "Aleida Corvijn", "corvijn")],
               "dates": [("dc:date", "1660-1665", ("1660/1665", "1660-01-01", "1665-12-31", 17))],
               "type": "paintings", "subjects": ["women", "letters"], "medium": [("oil on canvas", "en")],
               "extent": "83 x 65 cm", "location": "hallevoort", "rights": CC0,
               "image": ("image/jpeg", 3130, 4000, 2894415, "2020-06-02")},
    "aalst": {"provider": "hma", "inv": "SK-A-2215",
              "titles": [("Portrait of Maria van Aalst", "en"), ("Portret van Maria van Aalst", "nl")],
              "creators": [("agent", "corvijn")],
              "dates": [("dcterms:created", "1671", ("1671", "1671-01-01", "1671-12-31", 17))],
              "type": "paintings", "subjects": ["portraits"], "medium": [("oil on canvas", "en")],
              "location": "hallevoort", "rights": CC0,
              "image": ("image/jpeg", 3050, 4000, 2480066, "2021-01-19")},
    "gulls": {"provider": "hma", "inv": "RP-T-1965-41",
              "titles": [("Study of Three Gulls", "en"), ("Studie van drie meeuwen", "nl")],
              "creators": [("text", "Aleida Corvijn", "corvijn")],
              "dates": [("dc:date", "ca. 1665", ("1665~", "1665-01-01", "1665-12-31", 17))],
              "type": "drawings", "subjects": ["birds"], "medium": [("black chalk on paper", "en")],
              "extent": "19.2 x 27.5 cm", "location": "hallevoort", "rights": PDM,
              "image": ("image/jpeg", 4000, 2793, 1988302, "2021-01-19")},
    "fisher": {"provider": "hma", "inv": "BK-1988-3",
               "titles": [("The Fisherman's Daughter", "en"), ("De vissersdochter", "nl"),
                          ("La Fille du pêcheur", "fr")],
               "creators": [("text", "Matthieu Delaunoy", "delaunoy")],
               "dates": [("dc:date", "1887", ("1887", "1887-01-01", "1887-12-31", 19))],
               "type": "sculpture", "subjects": ["fishing", "women"], "medium": [("bronze", "en")],
               "medium_concepts": ["bronze"], "extent": "height 142 cm", "location": "hallevoort",
               "rights": PDM, "image": ("image/jpeg", 2667, 4000, 2210754, "2018-11-07")},
    "vintner": {"provider": "hma", "inv": "BK-1990-12",
                "titles": [("Bust of a Vintner", "en"), ("Buste van een wijnboer", "nl"),
                           ("Buste d'un vigneron", "fr")],
                "creators": [("agent", "delaunoy")],
                "dates": [("dc:date", "1894", ("1894", "1894-01-01", "1894-12-31", 19))],
                "type": "sculpture", "subjects": ["viticulture"], "medium": [("marble", "en")],
                "medium_concepts": ["marble"], "location": "hallevoort", "rights": CC0,
                "image": ("image/jpeg", 3000, 4000, 1873409, "2018-11-07")},
    "boats": {"provider": "sab", "inv": "FOTO-00412",
              "titles": [("Vissersboten in de haven van Brenmonde", "nl"),
                         ("Fishing Boats in Brenmouth Harbour", "en")],
              "creators": [("text", "Maren, Edda", "maren")],
              "dates": [("dc:date", "1898", ("1898", "1898-01-01", "1898-12-31", 19))],
              "type": "photographs", "subjects": ["harbours", "boats"], "medium": [("albumen print", "en")],
              "spatial": [("place", "brenmouth")], "rights": BY,
              "image": ("image/jpeg", 2400, 1780, 912044, "2016-09-12")},
    "flood": {"provider": "sab", "inv": "FOTO-01877",
              "titles": [("De grote overstroming op de Kade", "nl"), ("The Great Flood on the Kade", "en")],
              "creators": [("agent", "maren")],
              "dates": [("dc:date", "11 februari 1906", None),
                        ("dcterms:created", "1906-02-11", ("1906-02-11", "1906-02-11", "1906-02-11", 20))],
              "type": "photographs", "subjects": ["floods"], "medium": [("gelatin silver print", "en")],
              "spatial": [("place", "brenmouth")], "rights": BY,
              "image": ("image/jpeg", 2400, 1712, 884120, "2016-09-12"),
              "verso": "Verso with the stamp of the Stadsarchief Brenmouth"},
    "women": {"provider": "sab", "inv": "FOTO-02230",
              "titles": [("Marktvrouwen bij de Vishal", "nl"), ("Market Women at the Fish Hall", "en")],
              "creators": [("text", "Kessler, Anton", None)],
              "dates": [("dc:date", "ca. 1910", ("1910~", "1910-01-01", "1910-12-31", 20))],
              "type": "photographs", "subjects": ["markets", "women"], "medium": [("gelatin silver print", "en")],
              "spatial": [("place", "brenmouth")], "rights": BY_NC,
              "image": ("image/jpeg", 1800, 2400, 701355, "2017-02-20")},
    "map": {"provider": "sab", "inv": "KAART-0088",
            "titles": [("Comitatus Brenmudani nova descriptio", "la"), ("Kaart van het graafschap Brenmonde", "nl"),
                       ("Map of the County of Brenmouth", "en")],
            "creators": [("agent", "haak")], "contributors": [("agent", "oosterbaan")],
            "dates": [("dc:date", "1635", ("1635", "1635-01-01", "1635-12-31", 17))],
            "type": "maps", "subjects": [], "medium": [("engraving, hand-coloured", "en")],
            "extent": "48 x 61 cm", "spatial": [("place", "brenmouth")], "part_of": "Atlas Maior Valdoriae",
            "language": "la", "rights": PDM, "image": ("image/jpeg", 4000, 3148, 4120987, "2017-02-20")},
    "hours": {"provider": "brsa", "inv": "MS-17",
              "titles": [("Livre d'heures de Saint-Aurin", "fr"), ("Horae ad usum Sancti Aurini", "la")],
              "translation": "Book of Hours of Saint-Aurin",
              "creators": [("agent", "anselm")],
              "dates": [("dc:date", "1430-1450", ("1430/1450", "1430-01-01", "1450-12-31", 15))],
              "type": "books of hours", "subjects": [], "medium": [("encre, détrempe et or sur parchemin", "fr")],
              "medium_concepts": ["parchment"], "extent": "212 feuillets ; 18 x 13 cm", "extent_language": "fr",
              "spatial": [("text", "Kelby", "fr", "kelby")], "location": "saint-aurin", "language": "la",
              "edm_type": "TEXT", "rights": PDM, "image": ("image/jpeg", 2900, 4000, 3320871, "2015-05-04")},
    "harvest": {"provider": "brsa", "inv": "PH-2301",
                "titles": [("La Moisson à Valcourt", "fr")], "translation": "The Harvest at Valcourt",
                "creators": [("text", "Lucien Ferrand", "ferrand")],
                "dates": [("dc:date", "1912", ("1912", "1912-01-01", "1912-12-31", 20))],
                "type": "photographs", "subjects": ["harvesting"],
                "medium": [("tirage au gélatino-bromure d'argent", "fr")],
                "spatial": [("text", "Valcourt", "fr", "valcourt")], "rights": BY_SA,
                "image": ("image/jpeg", 4000, 2850, 1577392, "2015-05-04")},
    "cathedral": {"provider": "brsa", "inv": "PH-2344",
                  "titles": [("La cathédrale de Saint-Aurin sous la neige", "fr")],
                  "translation": "Saint-Aurin Cathedral in the Snow",
                  "creators": [("agent", "ferrand")], "dates": [("dc:date", "janvier 1921", None)],
                  "years": ["1921"], "type": "photographs", "subjects": ["cathedrals", "snow"],
                  "medium": [("tirage au gélatino-bromure d'argent", "fr")],
                  "spatial": [("text", "Saint-Aurin", "fr", "saint-aurin")], "rights": BY_SA,
                  "image": ("image/jpeg", 2850, 4000, 1690215, "2015-05-04")},
    "plan": {"provider": "brsa", "inv": "CP-112",
             "titles": [("Plan de la ville de Saint-Aurin", "fr")], "translation": "Plan of the City of Saint-Aurin",
             "creators": [("text", "Cornelis Haak", "haak")],
             "dates": [("dc:date", "1641", ("1641", "1641-01-01", "1641-12-31", 17))],
             "type": "maps", "subjects": [], "medium": [("gravure sur cuivre", "fr")], "extent": "41 x 52 cm",
             "spatial": [("text", "Saint-Aurin", "fr", "saint-aurin")], "rights": PDM,
             "image": ("image/jpeg", 4000, 3154, 3958002, "2015-05-04")},
}


def _attrs(language: str | None = None, datatype: str | None = None) -> str:
    return (f' xml:lang="{language}"' if language else "") + (f' rdf:datatype="{datatype}"' if datatype else "")


def _text(prop: str, value: str, language: str | None = None, datatype: str | None = None) -> str:
    return f"    <{prop}{_attrs(language, datatype)}>{escape(value)}</{prop}>"


def _link(prop: str, iri: str) -> str:
    return f"    <{prop} rdf:resource={quoteattr(iri)}/>"


def _node(cls: str, about: str, lines: list[str]) -> str:
    if not lines:
        return f"  <{cls} rdf:about={quoteattr(about)}/>"
    return "\n".join([f"  <{cls} rdf:about={quoteattr(about)}>", *lines, f"  </{cls}>"])


def _document(nodes: list[str], base: str | None = None) -> str:
    declared = " ".join(f'xmlns:{prefix}="{iri}"' for prefix, iri in NAMESPACES.items())
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF {declared}' + (f' xml:base="{base}"' if base else "")
    return "\n".join([head + ">", *nodes, "</rdf:RDF>"]) + "\n"


def _agent(key: str) -> str:
    return f"{DATA}agent/{AGENTS[key]['n']}"


def _place(key: str) -> str:
    return f"{DATA}place/{PLACES[key][0]}"


def _concept(key: str) -> str:
    return AAT + CONCEPTS[key][0]


def _century(number: int) -> str:
    return f"{DATA}timespan/{number}"


def _organization(key: str) -> str:
    return f"{DATA}organization/{ORGANIZATIONS[key][0]}"


def _ids(key: str) -> dict[str, str]:
    """The record's IRIs: the CHO, both proxies and both aggregations, and its URLs."""
    record = OBJECTS[key]
    provider = PROVIDERS[record["provider"]]
    local = f"{provider['dataset']}/{record['inv'].replace('-', '_')}"
    inv = record["inv"]
    return {"cho": f"{DATA}item/{local}", "proxy": f"{DATA}proxy/provider/{local}",
            "eproxy": f"{DATA}proxy/europeana/{local}", "aggregation": f"{DATA}aggregation/provider/{local}",
            "eaggregation": f"{DATA}aggregation/europeana/{local}", "landing": f"https://www.europeana.eu/item/{local}",
            "page": provider["page"].format(inv=inv), "image": provider["image"].format(inv=inv),
            "record": provider["record"].format(inv=inv)}


def _people(prop: str, specs: list[tuple]) -> tuple[list[str], list[str]]:
    """Lines for the provider proxy and for the Europeana proxy (the enrichments) of creators or contributors."""
    provided, enriched = [], []
    for spec in specs:
        if spec[0] == "agent":
            provided.append(_link(prop, _agent(spec[1])))
        else:
            provided.append(_text(prop, spec[1]))
            if spec[2]:
                enriched.append(_link(prop, _agent(spec[2])))
    return provided, enriched


def _record(key: str) -> list[str]:
    record, ids = OBJECTS[key], _ids(key)
    provider = PROVIDERS[record["provider"]]
    creators, enriched_creators = _people("dc:creator", record["creators"])
    contributors, enriched_contributors = _people("dc:contributor", record.get("contributors", []))
    proxy = [*creators, *contributors]
    eproxy = [_text("dc:identifier", ids["record"]), *enriched_creators, *enriched_contributors]
    if record.get("translation"):
        eproxy.append(_text("dc:title", record["translation"], "en"))
    timespans, years = [], list(record.get("years", []))
    for prop, text, normalised in record["dates"]:
        proxy.append(_text(prop, text))
        if normalised:
            label, begin, end, century = normalised
            eproxy += [_link(prop, f"#{label}"), _link(prop, _century(century))]
            timespans.append(_node("edm:TimeSpan", f"#{label}", [
                _text("skos:prefLabel", label, "zxx"), _text("skos:notation", label, datatype=EDTF),
                _link("dcterms:isPartOf", _century(century)), _text("edm:begin", begin), _text("edm:end", end)]))
            years += sorted({begin[:4], end[:4]})
    if "description" in record:
        proxy.append(_text("dc:description", *record["description"]))
    proxy.append(_text("dc:identifier", record["inv"]))
    if "language" in record:
        proxy.append(_text("dc:language", record["language"]))
    proxy += [_text("dc:title", title, language) for title, language in record["titles"]]
    proxy.append(_link("dc:type", _concept(record["type"])))
    proxy += [_link("dc:subject", _concept(subject)) for subject in record["subjects"]]
    if "extent" in record:
        proxy.append(_text("dcterms:extent", record["extent"], record.get("extent_language")))
    if "part_of" in record:
        proxy.append(_text("dcterms:isPartOf", record["part_of"]))
    proxy += [_text("dcterms:medium", text, language) for text, language in record["medium"]]
    eproxy += [_link("dcterms:medium", _concept(material)) for material in record.get("medium_concepts", [])]
    for spatial in record.get("spatial", []):
        if spatial[0] == "place":
            proxy.append(_link("dcterms:spatial", _place(spatial[1])))
        else:
            proxy.append(_text("dcterms:spatial", spatial[1], spatial[2]))
            eproxy.append(_link("dcterms:spatial", _place(spatial[3])))
    if "location" in record:
        proxy.append(_link("edm:currentLocation", _place(record["location"])))
    proxy += [_text("edm:europeanaProxy", "false"), _link("ore:proxyFor", ids["cho"]),
              _link("ore:proxyIn", ids["aggregation"]), _text("edm:type", record.get("edm_type", "IMAGE"))]
    eproxy += [_text("edm:europeanaProxy", "true"), _link("ore:proxyFor", ids["cho"]),
               _link("ore:proxyIn", ids["eaggregation"]), _link("ore:lineage", ids["proxy"])]
    eproxy += [_text("edm:year", year) for year in sorted(set(years))]
    kind, who = provider["data_provider"]
    data_provider = _link("edm:dataProvider", _organization(who)) if kind == "org" else _text("edm:dataProvider", who)
    verso = f"{ids['image'].rsplit('.', 1)[0]}_verso.jpg" if record.get("verso") else None
    aggregation = [_link("edm:aggregatedCHO", ids["cho"]), data_provider, _link("edm:isShownAt", ids["page"]),
                   _link("edm:isShownBy", ids["image"]), _link("edm:object", ids["image"]),
                   _text("edm:provider", provider["provider"]), _link("edm:rights", record["rights"])]
    if verso:
        aggregation.append(_link("edm:hasView", verso))
    thumbnail = f"https://api.europeana.eu/thumbnail/v2/url.json?uri={quote(ids['image'], safe='')}&type=IMAGE"
    europeana_aggregation = [
        _link("edm:aggregatedCHO", ids["cho"]), _text("edm:dataProvider", "Europeana Foundation", "en"),
        _text("edm:provider", "Europeana Foundation", "en"), _text("edm:datasetName", provider["name"]),
        _text("edm:country", provider["country"]), _text("edm:language", provider["language"]),
        _link("edm:landingPage", ids["landing"]), _link("edm:preview", thumbnail)]
    nodes = [_node("edm:ProvidedCHO", ids["cho"], []), _node("ore:Proxy", ids["proxy"], proxy),
             _node("ore:Proxy", ids["eproxy"], eproxy), _node("ore:Aggregation", ids["aggregation"], aggregation),
             _node("edm:EuropeanaAggregation", ids["eaggregation"], europeana_aggregation)]
    mime, width, height, size, digitised = record["image"]
    resources = [(ids["image"], None, (width, height, size))]
    if verso:
        resources.append((verso, record["verso"], (width, height, size // 2)))
    for iri, description, (w, h, n) in resources:
        lines = [_text("dc:creator", provider["photographer"])] if provider["photographer"] else []
        if description:
            lines.append(_text("dc:description", description, "en"))
        lines += [_text("dcterms:created", digitised), _link("edm:rights", record["rights"]),
                  _text("ebucore:hasMimeType", mime), _text("ebucore:fileByteSize", str(n), datatype=f"{XSD}long"),
                  _text("ebucore:width", str(w), datatype=f"{XSD}integer"),
                  _text("ebucore:height", str(h), datatype=f"{XSD}integer"), _text("edm:hasColorSpace", "sRGB"),
                  _text("ebucore:orientation", "landscape" if w > h else "portrait")]
        nodes.append(_node("edm:WebResource", iri, lines))
    return nodes + timespans


def records() -> str:
    """Every object's record as the Record API serves it; normalised TimeSpans are relative (``#1652~``)."""
    nodes, seen = [], set()
    for key in OBJECTS:
        for node in _record(key):
            if node not in seen:  # a TimeSpan two records share is stated once
                seen.add(node)
                nodes.append(node)
    return _document(nodes, base=DATA)


def _agent_node(key: str) -> str:
    agent = AGENTS[key]
    lines = [_text("skos:prefLabel", label, language) for language, label in agent["labels"].items()]
    lines += [_text("skos:altLabel", label, language) for label, language in agent["alt"]]
    if agent.get("note"):
        lines.append(_text("skos:note", agent["note"], "en"))
    lines.append(_text("rdaGr2:biographicalInformation", agent["bio"], "en"))
    for event in ("birth", "death"):
        date, place = agent[event]
        prop = "Birth" if event == "birth" else "Death"
        if date:
            lines.append(_text(f"rdaGr2:dateOf{prop}", date))
        if isinstance(place, str):
            lines.append(_link(f"rdaGr2:placeOf{prop}", _place(place)))
        elif place:
            lines.append(_text(f"rdaGr2:placeOf{prop}", place[1], "en"))
    lines.append(_text("rdaGr2:gender", agent["gender"]))
    lines += [_text("rdaGr2:professionOrOccupation", text, language) for text, language in agent["occupations"]]
    lines += [_link("owl:sameAs", f"http://www.wikidata.org/entity/{agent['wikidata']}"),
              _link("owl:sameAs", f"http://viaf.org/viaf/{agent['viaf']}")]
    return _node("edm:Agent", _agent(key), lines)


def _place_node(key: str) -> str:
    _, labels, alternatives, lat, long, country, geonames, wikidata = PLACES[key]
    lines = [_text("skos:prefLabel", label, language) for language, label in labels.items()]
    lines += [_text("skos:altLabel", label, "en") for label in alternatives]
    lines += [_text("wgs84_pos:lat", lat), _text("wgs84_pos:long", long)]
    if country:
        lines.append(_link("dcterms:isPartOf", _place(country)))
    lines += [_link("owl:sameAs", f"https://sws.geonames.org/{geonames}/"),
              _link("owl:sameAs", f"http://www.wikidata.org/entity/{wikidata}")]
    return _node("edm:Place", _place(key), lines)


def _concept_node(key: str) -> str:
    labels = CONCEPTS[key][1]
    lines = [_text("skos:prefLabel", label, language) for language, label in labels.items()]
    return _node("skos:Concept", _concept(key), [*lines, _link("skos:inScheme", AAT)])


def _century_node(number: int) -> str:
    labels, begin, end, wikidata = CENTURIES[number]
    lines = [_text("skos:prefLabel", label, language) for language, label in labels.items()]
    lines += [_text("edm:begin", begin), _text("edm:end", end),
              _link("owl:sameAs", f"http://www.wikidata.org/entity/{wikidata}")]
    return _node("edm:TimeSpan", _century(number), lines)


def _organization_node(key: str) -> str:
    _, labels, acronym, homepage = ORGANIZATIONS[key]
    lines = [_text("skos:prefLabel", label, language) for language, label in labels.items()]
    lines += [_text("edm:acronym", acronym, "en"),
              _link("edm:europeanaRole", f"{DATA}vocabulary/role/ProvidingInstitution"),
              _link("foaf:homepage", homepage)]
    return _node("foaf:Organization", _organization(key), lines)


def entities() -> str:
    """The contextual entities the records point to: agents, places, concepts, centuries and organizations."""
    return _document([*map(_agent_node, AGENTS), *map(_place_node, PLACES), *map(_concept_node, CONCEPTS),
                      *map(_century_node, CENTURIES), *map(_organization_node, ORGANIZATIONS)])


def write_graph(out: Path) -> list[Path]:
    """The records and the contextual entities as two RDF/XML files in ``out``; the files written."""
    return written(out, {"europeana-records.rdf": records(), "europeana-entities.rdf": entities()})


if __name__ == "__main__":
    run(__doc__, write_graph, "europeana")
