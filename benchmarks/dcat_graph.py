"""A twenty-eighth stand-in: a made-up city's open data portal catalogued in **DCAT** (``http://www.w3.org/ns/dcat#``)
the way **DCAT-AP** portals publish theirs (data.europa.eu, data.gov's harvest, a CKAN's ``/catalog.ttl``). Turtle,
two files. ``catalog.ttl``: a ``dcat:Catalog`` with ``dct:title``, ``dct:publisher``, ``foaf:homepage`` and
``dcat:dataset`` to five ``dcat:Dataset`` nodes, each with ``dct:title`` and ``dct:description`` (English-tagged),
``dct:identifier``, ``dcat:keyword`` (plain English-tagged words, several), ``dcat:theme`` (an EU data theme),
``dct:issued`` / ``dct:modified`` (``xsd:date``), ``dct:publisher`` (a ``foaf:Organization`` named by
``foaf:name``), ``dct:language``, ``dct:accrualPeriodicity`` (an EU frequency), ``dct:spatial`` (a place),
``dct:temporal`` (a blank ``dct:PeriodOfTime`` with ``dcat:startDate`` / ``dcat:endDate``), ``dcat:contactPoint``
(a blank ``vcard:Kind`` with ``vcard:fn`` and ``vcard:hasEmail``) and ``dcat:distribution`` to ``dcat:Distribution``
IRIs (``dct:title``, ``dct:format`` an EU file type, ``dcat:mediaType`` an IANA IRI, ``dcat:downloadURL`` /
``dcat:accessURL``, ``dcat:byteSize``, ``dct:license`` an EU licence). ``vocabularies.ttl``: the excerpts of the EU
Publications Office's authority tables the catalogue points to (data themes, languages, frequencies, file types,
licences), ``skos:Concept`` nodes with ``skos:prefLabel`` in English, German and French, as the portals ship them.
Properties and classes carry no labels.

``dcat_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 58). Reuses the saga benchmark's runner.

    python benchmarks/dcat_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix eu: <http://publications.europa.eu/resource/authority/> .
@prefix org: <https://data.varnholm.example/org/> .
@prefix ds: <https://data.varnholm.example/dataset/> .
"""
# authority table: code -> (English, German, French)
THEMES = {"ENVI": ("Environment", "Umwelt", "Environnement"), "TRAN": ("Transport", "Verkehr", "Transports"),
          "EDUC": ("Education, culture and sport", "Bildung, Kultur und Sport", "Éducation, culture et sport"),
          "GOVE": ("Government and public sector", "Regierung und öffentlicher Sektor",
                   "Gouvernement et secteur public")}
LANGUAGES = {"ENG": ("English", "Englisch", "anglais"), "NOR": ("Norwegian", "Norwegisch", "norvégien")}
FREQUENCIES = {"DAILY": ("daily", "täglich", "quotidien"), "ANNUAL": ("annual", "jährlich", "annuel"),
               "IRREG": ("irregular", "unregelmäßig", "irrégulier")}
FILE_TYPES = {"CSV": ("CSV", "CSV", "CSV"), "JSON": ("JSON", "JSON", "JSON"),
              "GEOJSON": ("GeoJSON", "GeoJSON", "GeoJSON"), "PDF": ("PDF", "PDF", "PDF"),
              "SHP": ("Esri Shapefile", "Esri Shapefile", "Esri Shapefile")}
MEDIA = {"CSV": "text/csv", "JSON": "application/json", "GEOJSON": "application/geo+json", "PDF": "application/pdf",
         "SHP": "application/zip"}
LICENCES = {"CC_BY_4_0": ("Creative Commons Attribution 4.0 International", "Creative Commons Namensnennung 4.0",
                          "Creative Commons Attribution 4.0 International"),
            "CC0": ("Creative Commons CC0 1.0 Universal", "Creative Commons CC0 1.0 Universell",
                    "Creative Commons CC0 1.0 Universel")}
ORGANIZATIONS = {"city": "City of Varnholm", "environment": "Environment Office", "transport": "Transport Department",
                 "culture": "Culture Department", "parks": "Parks Department", "clerk": "City Clerk's Office"}
# key: title, description, identifier, keywords, theme, issued, modified, publisher, language, frequency,
#      (period start, end) or None, (contact name, email), [(distribution key, format, byte size)], licence
DATASETS = {
    "air-quality-2023": ("Air Quality Measurements 2023",
                         "Hourly readings of particulate matter and nitrogen dioxide from the city's sensors.",
                         "varnholm-air-2023", ["air quality", "pollution", "sensors"], "ENVI", "2023-02-01",
                         "2024-01-15", "environment", "ENG", "ANNUAL", ("2023-01-01", "2023-12-31"),
                         ("Environment Data Team", "env-data@varnholm.example"),
                         [("csv", "CSV", 2400000), ("api", "JSON", None)], "CC_BY_4_0"),
    "bicycle-counts": ("Bicycle Counts", "Daily counts of bicycles passing the city's automatic counters.",
                       "varnholm-bike-counts", ["cycling", "traffic"], "TRAN", "2021-05-10", None, "transport", "ENG",
                       "DAILY", None, ("Transport Open Data", "transport-data@varnholm.example"),
                       [("csv", "CSV", 880000)], "CC0"),
    "library-locations": ("Public Library Locations", "Addresses and opening hours of the public libraries.",
                          "varnholm-libraries", ["libraries"], "EDUC", "2019-09-03", None, "culture", "ENG", "IRREG",
                          None, ("Culture Department Office", "culture@varnholm.example"),
                          [("geojson", "GEOJSON", 56000)], "CC_BY_4_0"),
    "street-trees": ("Street Trees Inventory",
                     "Location, species and size of every street tree maintained by the city.",
                     "varnholm-street-trees", ["trees", "urban forest"], "ENVI", "2020-03-20", "2023-11-02", "parks",
                     "ENG", "ANNUAL", None, ("Parks Data Desk", "parks-data@varnholm.example"),
                     [("csv", "CSV", 3100000), ("shapefile", "SHP", 9800000)], "CC_BY_4_0"),
    "council-minutes": ("Council Meeting Minutes", "Minutes of the city council's meetings since 2010.",
                        "varnholm-council-minutes", ["council", "minutes"], "GOVE", "2018-01-12", None, "clerk", "NOR",
                        "IRREG", None, ("City Clerk's Office", "clerk@varnholm.example"),
                        [("pdf", "PDF", 45000000)], None),
}
BASE = "https://data.varnholm.example"


def _text(value: str) -> str:
    return '"' + value.replace('"', '\\"') + '"'


def _concepts(table: str, entries: dict[str, tuple[str, str, str]]) -> list[str]:
    return [f"eu:{table}\\/{code} a skos:Concept ; skos:prefLabel {_text(en)}@en, {_text(de)}@de, {_text(fr)}@fr ; "
            f"skos:notation {_text(code)} ." for code, (en, de, fr) in entries.items()]


def vocabularies() -> str:
    lines = [PREFIXES]
    for table, entries in (("data-theme", THEMES), ("language", LANGUAGES), ("frequency", FREQUENCIES),
                           ("file-type", FILE_TYPES), ("licence", LICENCES)):
        lines += _concepts(table, entries)
    return "\n".join(lines) + "\n"


def catalog() -> str:
    lines = [PREFIXES]
    lines += [f"org:{key} a foaf:Organization ; foaf:name {_text(name)}@en ." for key, name in ORGANIZATIONS.items()]
    lines.append(f'<{BASE}/place/varnholm> a dct:Location ; skos:prefLabel "Varnholm"@en .')
    lines.append(f'<{BASE}/catalog> a dcat:Catalog ; dct:title "Varnholm Open Data"@en ; dct:publisher org:city ; '
                 f"foaf:homepage <{BASE}> ; dcat:dataset "
                 + ", ".join(f"ds:{key}" for key in DATASETS) + " .")
    for key, (title, description, identifier, keywords, theme, issued, modified, publisher, language, frequency,
              period, (contact, email), distributions, licence) in DATASETS.items():
        facts = [f"ds:{key} a dcat:Dataset", f"dct:title {_text(title)}@en", f"dct:description {_text(description)}@en",
                 f"dct:identifier {_text(identifier)}", "dcat:keyword " + ", ".join(f"{_text(k)}@en" for k in keywords),
                 f"dcat:theme eu:data-theme\\/{theme}", f'dct:issued "{issued}"^^xsd:date',
                 f"dct:publisher org:{publisher}", f"dct:language eu:language\\/{language}",
                 f"dct:accrualPeriodicity eu:frequency\\/{frequency}", f"dct:spatial <{BASE}/place/varnholm>",
                 f'dcat:contactPoint [ a vcard:Kind ; vcard:fn {_text(contact)} ; vcard:hasEmail <mailto:{email}> ]',
                 "dcat:distribution " + ", ".join(f"<{BASE}/dataset/{key}/{d}>" for d, _, _ in distributions)]
        if modified:
            facts.append(f'dct:modified "{modified}"^^xsd:date')
        if period:
            facts.append(f'dct:temporal [ a dct:PeriodOfTime ; dcat:startDate "{period[0]}"^^xsd:date ; '
                         f'dcat:endDate "{period[1]}"^^xsd:date ]')
        lines.append(" ;\n    ".join(facts) + " .")
        for name, file_type, size in distributions:
            node = f"<{BASE}/dataset/{key}/{name}>"
            url = f"{BASE}/files/{key}.{name}" if file_type != "JSON" else f"{BASE}/api/{key}"
            link = "dcat:accessURL" if file_type == "JSON" else "dcat:downloadURL"
            dist = [f"{node} a dcat:Distribution", f"dct:title {_text(f'{title} ({FILE_TYPES[file_type][0]})')}@en",
                    f"dct:format eu:file-type\\/{file_type}",
                    f"dcat:mediaType <https://www.iana.org/assignments/media-types/{MEDIA[file_type]}>",
                    f"{link} <{url}>"]
            if size:
                dist.append(f'dcat:byteSize "{size}"^^xsd:nonNegativeInteger')
            if licence:
                dist.append(f"dct:license eu:licence\\/{licence}")
            lines.append(" ;\n    ".join(dist) + " .")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    """The catalogue and the authority tables' excerpts, as two Turtle files in ``out``; the files written."""
    return written(out, {"catalog.ttl": catalog(), "vocabularies.ttl": vocabularies()})


if __name__ == "__main__":
    run(__doc__, write_graph, "dcat")
