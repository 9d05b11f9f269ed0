"""A seventh stand-in: a made-up family (the Varennes and the Holms) stated the way Wikidata states one — truthy
``wdt:`` claims of father (P22), mother (P25), spouse (P26), sibling (P3373), sex or gender (P21, items labelled
"male" and "female"), place and date of birth, properties as ``wd:P…`` items labelled through
``wikibase:directClaim``, items labelled by ``rdfs:label``, ``skos:prefLabel`` and ``schema:name`` — and no child
relation: children, sons, daughters and grandchildren are asked for the other way round. One grandchild's sex is
not stated.

``kin_questions.tsv`` (22 answerable + 10 the graph cannot answer) was written before the first run (session 50).
Reuses the saga benchmark's runner.

    python benchmarks/kin_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix wikibase: <http://wikiba.se/ontology#> .
@prefix schema: <http://schema.org/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""
PROPERTIES = {"P31": "instance of", "P21": "sex or gender", "P22": "father", "P25": "mother", "P26": "spouse",
              "P3373": "sibling", "P19": "place of birth", "P569": "date of birth"}
ITEMS = {"Q5": "human", "Q515": "city", "Q6581097": "male", "Q6581072": "female",
         "Q9100001": "Castell", "Q9100002": "Lowmere", "Q9100003": "Arden"}
# Q-id, label, sex (None: not stated), father, mother, place of birth, date of birth
PEOPLE = [
    ("Q9200001", "Aldric Varenne", "Q6581097", None, None, "Q9100001", "1921-03-02"),
    ("Q9200002", "Mirela Varenne", "Q6581072", None, None, "Q9100003", "1924-11-19"),
    ("Q9200003", "Corin Varenne", "Q6581097", "Q9200001", "Q9200002", "Q9100001", "1950-06-07"),
    ("Q9200004", "Elsabet Varenne", "Q6581072", "Q9200001", "Q9200002", "Q9100001", "1952-01-30"),
    ("Q9200005", "Tomas Varenne", "Q6581097", "Q9200001", "Q9200002", "Q9100003", "1957-08-14"),
    ("Q9200006", "Ysolde Marn", "Q6581072", None, None, "Q9100003", "1953-04-22"),
    ("Q9200007", "Gaspard Holm", "Q6581097", None, None, "Q9100002", "1949-12-01"),
    ("Q9200008", "Dario Varenne", "Q6581097", "Q9200003", "Q9200006", "Q9100001", "1978-09-09"),
    ("Q9200009", "Lenna Varenne", "Q6581072", "Q9200003", "Q9200006", "Q9100001", "1981-02-17"),
    ("Q9200010", "Ivo Holm", "Q6581097", "Q9200007", "Q9200004", "Q9100002", "1976-05-05"),
    ("Q9200011", "Petra Quell", "Q6581072", None, None, "Q9100002", "1980-10-10"),
    ("Q9200012", "Rhea Sol", "Q6581072", None, None, "Q9100003", "1977-07-27"),
    ("Q9200013", "Sami Varenne", "Q6581097", "Q9200008", "Q9200011", "Q9100001", "2006-03-15"),
    ("Q9200014", "Nika Holm", "Q6581072", "Q9200010", "Q9200012", "Q9100002", "2004-12-24"),
    ("Q9200015", "Oren Holm", None, "Q9200010", "Q9200012", "Q9100002", "2008-06-30"),
]
SPOUSES = [("Q9200001", "Q9200002"), ("Q9200003", "Q9200006"), ("Q9200004", "Q9200007"), ("Q9200008", "Q9200011"),
           ("Q9200010", "Q9200012")]


def _labelled(node: str, label: str) -> str:
    return (f'{node} rdfs:label "{label}"@en ; skos:prefLabel "{label}"@en ; schema:name "{label}"@en')


def write_graph(out: Path) -> list[Path]:
    """The family as Turtle in ``out``; the files written."""
    lines = [PREFIXES]
    for pid, label in PROPERTIES.items():
        lines.append(_labelled(f"wd:{pid}", label) + f" ; a wikibase:Property ; wikibase:directClaim wdt:{pid} .")
    for qid, label in ITEMS.items():
        kind = " ; wdt:P31 wd:Q515" if qid.startswith("Q91") else ""
        lines.append(_labelled(f"wd:{qid}", label) + f"{kind} .")
    siblings: dict[tuple[str | None, str | None], list[str]] = {}
    for qid, label, sex, father, mother, born, date in PEOPLE:
        claims = ["wdt:P31 wd:Q5", f"wdt:P19 wd:{born}", f'wdt:P569 "{date}T00:00:00Z"^^xsd:dateTime']
        claims += [f"wdt:P21 wd:{sex}"] if sex else []
        claims += [f"wdt:P22 wd:{father}"] if father else []
        claims += [f"wdt:P25 wd:{mother}"] if mother else []
        lines.append(_labelled(f"wd:{qid}", label) + " ; " + " ; ".join(claims) + " .")
        if father or mother:
            siblings.setdefault((father, mother), []).append(qid)
    for one, other in SPOUSES:
        lines.append(f"wd:{one} wdt:P26 wd:{other} .  wd:{other} wdt:P26 wd:{one} .")
    for children in siblings.values():
        lines += [f"wd:{a} wdt:P3373 wd:{b} ." for a in children for b in children if a != b]
    return written(out, {"kin.ttl": "\n".join(lines) + "\n"})


if __name__ == "__main__":
    run(__doc__, write_graph, "kin")
