"""A fourteenth stand-in: made-up places stated the way **GeoNames** publishes its features (``about.rdf``, the
GeoNames ontology v3): RDF/XML, one ``gn:Feature`` per place at ``https://sws.geonames.org/<id>/``, named by
``gn:name`` (no ``rdfs:label``), other names as ``gn:alternateName`` with or without a language tag and an
``gn:officialName`` per language, ``gn:featureClass`` / ``gn:featureCode`` as unlabelled ontology IRIs
(``gn:P.PPLA``), ``gn:countryCode``, ``gn:population`` and ``gn:postalCode`` as untyped text, WGS84 ``lat`` /
``long`` / ``alt``, the administrative hierarchy as ``gn:parentFeature``, ``gn:parentCountry`` and
``gn:parentADM1``, and links out (``gn:wikipediaArticle``, ``rdfs:seeAlso``, ``rdfs:isDefinedBy`` the document).

``gazetteer_questions.tsv`` (answerable + ten the graph cannot answer) was written before the first run (session
53). Reuses the saga benchmark's runner.

    python benchmarks/gazetteer_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from saga_graph import run, written

SWS = "https://sws.geonames.org/"
GN = "https://www.geonames.org/ontology#"
# id: (name, feature code, country code, population, postal code, lat, long, alt, parent ADM1 id, parent id,
#      {language: alternate name}, {language: official name}, Wikipedia title)
PLACES: dict[str, tuple] = {
    "3100001": ("Velmark", "A.PCLI", "VM", "5200000", None, "51.5", "9.25", None, None, None,
                {"de": "Welmark", "": "Velmarch"}, {"en": "Republic of Velmark", "de": "Republik Welmark"}, "Velmark"),
    "3100010": ("Lower Marches", "A.ADM1", "VM", "1900000", None, "50.9", "8.7", None, None, "3100001",
                {"de": "Untermarken"}, {}, None),
    "3100011": ("Upper Marches", "A.ADM1", "VM", "2100000", None, "52.1", "9.9", None, None, "3100001",
                {"de": "Obermarken"}, {}, None),
    "3100100": ("Tessin", "P.PPLC", "VM", "812000", "1000", "51.51", "9.31", "112", "3100011", "3100011",
                {"de": "Tessinburg", "fr": "Tessine"}, {}, "Tessin"),
    "3100101": ("Carrow", "P.PPLA", "VM", "182000", "4410", "50.87", "8.66", "74", "3100010", "3100010",
                {"": "Carro"}, {}, "Carrow, Velmark"),
    "3100102": ("Hallum", "P.PPL", "VM", "64500", "5120", "51.23", "9.02", "201", "3100011", "3100011",
                {"de": "Hallheim"}, {}, None),
    "3100103": ("Brellin", "P.PPL", "VM", "23100", "4470", "50.71", "8.95", "95", "3100010", "3100010",
                {}, {}, None),
    "3100200": ("Mount Orrin", "T.MT", "VM", "0", None, "52.31", "10.12", "2431", "3100011", "3100011",
                {"de": "Orrinberg"}, {}, "Mount Orrin"),
    "3100201": ("Lake Senn", "H.LK", "VM", "0", None, "50.66", "8.81", "210", "3100010", "3100010", {}, {}, None),
    "3100300": ("Hallum Airport", "S.AIRP", "VM", "0", None, "51.27", "9.08", "188", "3100011", "3100102",
                {"": "HLM"}, {}, None),
}


def _tagged(language: str) -> str:
    return f' xml:lang="{language}"' if language else ""


def _feature(key: str) -> str:
    (name, code, country, population, postal, lat, long, alt, adm1, parent, alternates, officials,
     wikipedia) = PLACES[key]
    lines = [f'<gn:Feature rdf:about="{SWS}{key}/">',
             f'  <rdfs:isDefinedBy rdf:resource="{SWS}{key}/about.rdf"/>',
             f"  <gn:name>{escape(name)}</gn:name>"]
    lines += [f"  <gn:{kind}{_tagged(lang)}>{escape(text)}</gn:{kind}>"
              for kind, names in (("alternateName", alternates), ("officialName", officials))
              for lang, text in names.items()]
    lines += [f'  <gn:featureClass rdf:resource="{GN}{code.split(".")[0]}"/>',
              f'  <gn:featureCode rdf:resource="{GN}{code}"/>',
              f"  <gn:countryCode>{country}</gn:countryCode>",
              f"  <gn:population>{population}</gn:population>"]
    if postal:
        lines.append(f"  <gn:postalCode>{postal}</gn:postalCode>")
    lines += [f"  <wgs84_pos:lat>{lat}</wgs84_pos:lat>", f"  <wgs84_pos:long>{long}</wgs84_pos:long>"]
    if alt:
        lines.append(f"  <wgs84_pos:alt>{alt}</wgs84_pos:alt>")
    if parent:
        lines.append(f'  <gn:parentFeature rdf:resource="{SWS}{parent}/"/>')
    if key != "3100001":
        lines.append(f'  <gn:parentCountry rdf:resource="{SWS}3100001/"/>')
    if adm1:
        lines.append(f'  <gn:parentADM1 rdf:resource="{SWS}{adm1}/"/>')
    lines.append(f'  <gn:locationMap rdf:resource="https://www.geonames.org/{key}/"/>')
    if wikipedia:
        title = wikipedia.replace(" ", "_")
        lines += [f'  <gn:wikipediaArticle rdf:resource="https://en.wikipedia.org/wiki/{title}"/>',
                  f'  <rdfs:seeAlso rdf:resource="https://dbpedia.org/resource/{title}"/>']
    return "\n".join([*lines, "</gn:Feature>"])


def document() -> str:
    head = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
            'xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" '
            f'xmlns:gn="{GN}" xmlns:wgs84_pos="http://www.w3.org/2003/01/geo/wgs84_pos#">')
    return "\n".join([head, *map(_feature, PLACES), "</rdf:RDF>"]) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"geonames.rdf": document()})


if __name__ == "__main__":
    run(__doc__, write_graph, "gazetteer")
