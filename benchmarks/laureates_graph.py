"""An eleventh stand-in: made-up prize laureates stated the way the Nobel Prize's linked data states the real ones
(data.nobelprize.org): laureates (people, and an organization) named by ``foaf:name`` and ``rdfs:label`` with
``foaf:givenName`` / ``foaf:familyName``, ``foaf:gender`` as a plain literal, ``foaf:birthday`` and
``dbpprop:dateOfDeath`` as dates, birth and death places as ``dbpedia-owl:`` links to city nodes in country nodes;
each prize a labelled ``nobel:NobelPrize`` node ("The Nobel Prize in Physics 1972") with ``nobel:year`` and
``nobel:category`` (a labelled category node), and each laureate's share of it a labelled ``nobel:LaureateAward``
node ("Nobel Prize in Physics 1972") with its own year, category, ``nobel:motivation`` (English-tagged),
``nobel:share`` and ``nobel:university`` (affiliations, labelled); ``nobel:laureateAward`` / ``nobel:nobelPrize``
from the laureate, ``nobel:laureate`` back; ``owl:sameAs`` links out. Properties and classes carry no labels.

``laureates_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 52). Reuses the saga benchmark's runner.

    python benchmarks/laureates_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix nobel: <http://data.nobelprize.org/terms/> .
@prefix res: <http://data.nobelprize.org/resource/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix dbo: <http://dbpedia.org/ontology/> .
@prefix dbpprop: <http://dbpedia.org/property/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""
CATEGORIES = ["Physics", "Chemistry", "Physiology or Medicine", "Literature", "Peace", "Economic Sciences"]
COUNTRIES = {"Ostreva": ["Tessin", "Carrow"], "Velmark": ["Hallum", "Brellin"]}
UNIVERSITIES = {"carrow_u": "Carrow University", "hallum_it": "Hallum Institute of Technology"}
# laureate id: (name, given, family, gender, birthday, birthplace, death date, death place)
PEOPLE = {
    "101": ("Alma Virel", "Alma", "Virel", "female", "1931-02-11", "Tessin", "2009-08-02", "Carrow"),
    "102": ("Benedikt Orsay", "Benedikt", "Orsay", "male", "1925-06-30", "Hallum", None, None),
    "103": ("Corin Maddox", "Corin", "Maddox", "male", "1940-12-01", "Tessin", None, None),
    "104": ("Dalia Fenwright", "Dalia", "Fenwright", "female", "1952-04-17", "Brellin", None, None),
    "105": ("Evander Kosk", "Evander", "Kosk", "male", "1948-09-09", "Hallum", None, None),
    "106": ("Fiona Tarrel", "Fiona", "Tarrel", "female", "1961-03-05", "Carrow", None, None),
    "107": ("Gideon Lark", "Gideon", "Lark", "male", "1958-11-23", "Brellin", None, None),
    "108": ("Hugo Pemble", "Hugo", "Pemble", "male", "1963-07-14", "Tessin", None, None),
}
ORGANIZATIONS = {"501": "Harbor Relief Committee"}
# (category, year): [(laureate id, share, motivation, university)]
PRIZES = {
    ("Physics", 1972): [("101", 2, "for her theory of layered crystals", "carrow_u"),
                        ("102", 2, "for his theory of layered crystals", "hallum_it")],
    ("Chemistry", 1985): [("101", 1, "for the discovery of virelite", "carrow_u")],
    ("Chemistry", 1988): [("103", 1, "for the synthesis of folded polymers", "carrow_u")],
    ("Literature", 1999): [("104", 1, "for her novels of the northern coast", None)],
    ("Peace", 1947): [("501", 1, "for relief given to the harbor towns", None)],
    ("Economic Sciences", 2003): [("105", 1, "for his analysis of market frictions", "hallum_it")],
    ("Physiology or Medicine", 2011): [("106", 3, "for discoveries concerning cell signalling", None),
                                       ("107", 3, "for discoveries concerning cell signalling", None),
                                       ("108", 3, "for discoveries concerning cell signalling", "hallum_it")],
}


def _key(text: str) -> str:
    return text.replace(" ", "_")


def statements() -> str:
    lines = [PREFIXES]
    for category in CATEGORIES:
        lines.append(f'res:category\\/{_key(category)} a nobel:Category ; rdfs:label "{category}"@en .')
    for country, cities in COUNTRIES.items():
        lines.append(f'res:country\\/{country} a dbo:Country ; rdfs:label "{country}"@en .')
        lines += [f'res:city\\/{city} a dbo:City ; rdfs:label "{city}"@en ; dbo:country res:country\\/{country} .'
                  for city in cities]
    for key, name in UNIVERSITIES.items():
        lines.append(f'res:university\\/{key} a dbo:University ; rdfs:label "{name}"@en .')
    for key, (name, given, family, gender, born, place, died, death_place) in PEOPLE.items():
        death = (f' ; dbpprop:dateOfDeath "{died}"^^xsd:date ; dbo:deathPlace res:city\\/{death_place}'
                 if died else "")
        lines.append(f'res:laureate\\/{key} a nobel:Laureate, foaf:Person ; rdfs:label "{name}" ; foaf:name "{name}" ; '
                     f'foaf:givenName "{given}" ; foaf:familyName "{family}" ; foaf:gender "{gender}" ; '
                     f'foaf:birthday "{born}"^^xsd:date ; dbo:birthPlace res:city\\/{place}{death} ; '
                     f'owl:sameAs <http://www.wikidata.org/entity/Q9{key}> .')
    for key, name in ORGANIZATIONS.items():
        lines.append(f'res:laureate\\/{key} a nobel:Laureate, foaf:Organization ; rdfs:label "{name}" ; '
                     f'foaf:name "{name}" .')
    for (category, year), awards in PRIZES.items():
        prize = f"res:nobelprize\\/{_key(category)}\\/{year}"
        title = f"Nobel Prize in {category} {year}" if category != "Peace" else f"Nobel Peace Prize {year}"
        lines.append(f'{prize} a nobel:NobelPrize ; rdfs:label "The {title}"@en ; nobel:year {year} ; '
                     f"nobel:category res:category\\/{_key(category)} .")
        for laureate, share, motivation, university in awards:
            award = f"res:laureateaward\\/{_key(category)}{year}_{laureate}"
            where = f" ; nobel:university res:university\\/{university}" if university else ""
            lines.append(f'{award} a nobel:LaureateAward ; rdfs:label "{title}"@en ; nobel:year {year} ; '
                         f'nobel:category res:category\\/{_key(category)} ; nobel:share {share} ; '
                         f'nobel:motivation "{motivation}"@en ; nobel:laureate res:laureate\\/{laureate}{where} .')
            lines.append(f"res:laureate\\/{laureate} nobel:laureateAward {award} ; nobel:nobelPrize {prize} .")
            lines.append(f"{prize} nobel:laureate res:laureate\\/{laureate} .")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"laureates.ttl": statements()})


if __name__ == "__main__":
    run(__doc__, write_graph, "laureates")
