"""A thirteenth stand-in: an agricultural thesaurus in **SKOS**, the way AGROVOC, EuroVoc or a library's subject
headings publish one: concepts with opaque ids (``c_8373``) named by ``skos:prefLabel`` in lower case and in several
languages ("wheat"@en, "blé"@fr, "Weizen"@de, "trigo"@es) — common nouns, which English also knows as words —,
``skos:altLabel`` synonyms ("corn" for maize), ``skos:broader`` and ``skos:narrower`` both stated, ``skos:related``
both ways, English ``skos:definition`` and ``skos:scopeNote`` texts, ``skos:exactMatch`` links out, ``dcterms``
creation and modification times, a concept scheme with top concepts and a title, and a ``skos:Collection`` with
members. No ontology beside it: the SKOS properties carry no labels in the data.

``thesaurus_questions.tsv`` (30 answerable + 10 the graph cannot answer) was written before the first run (session
53). Reuses the saga benchmark's runner.

    python benchmarks/thesaurus_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix t: <http://aims.example.org/agroterms/> .
"""
# id: ({language: preferred label}, alternative English labels, broader ids, created)
CONCEPTS = {
    "c_1972": ({"en": "crops", "fr": "culture", "de": "Kulturpflanzen"}, [], [], "2003-05-12T10:00:00Z"),
    "c_3032": ({"en": "food products", "fr": "produit alimentaire", "de": "Lebensmittel"}, [], [],
               "2003-05-12T10:00:00Z"),
    "c_1474": ({"en": "cereals", "fr": "céréale", "de": "Getreide"}, [], ["c_1972"], "2004-01-20T09:30:00Z"),
    "c_4259": ({"en": "legumes", "fr": "légumineuse", "de": "Hülsenfrüchte"}, ["pulse crops"], ["c_1972"],
               "2004-01-20T09:30:00Z"),
    "c_8373": ({"en": "wheat", "fr": "blé", "de": "Weizen", "es": "trigo"}, [], ["c_1474"], "2005-03-02T14:12:45Z"),
    "c_12332": ({"en": "maize", "fr": "maïs", "de": "Mais"}, ["corn"], ["c_1474"], "2005-03-02T14:20:10Z"),
    "c_6599": ({"en": "rice", "fr": "riz", "de": "Reis"}, ["paddy"], ["c_1474"], "2005-03-02T14:25:00Z"),
    "c_823": ({"en": "barley", "fr": "orge", "de": "Gerste"}, [], ["c_1474"], "2005-03-02T14:31:09Z"),
    "c_7207": ({"en": "soybeans", "fr": "soja", "de": "Sojabohne"}, ["soya beans"], ["c_4259"],
               "2011-11-20T20:39:27Z"),
    "c_4283": ({"en": "lentils", "fr": "lentille", "de": "Linse"}, [], ["c_4259"], "2006-07-14T08:00:00Z"),
    "c_1605": ({"en": "chickpeas", "fr": "pois chiche", "de": "Kichererbse"}, ["garbanzo"], ["c_4259"],
               "2006-07-14T08:05:00Z"),
    "c_1476": ({"en": "cereal products", "fr": "produit céréalier"}, [], ["c_3032"], "2004-02-01T12:00:00Z"),
    "c_16179": ({"en": "beverages", "fr": "boisson", "de": "Getränk"}, ["drinks"], ["c_3032"],
                "2004-02-01T12:00:00Z"),
    "c_2956": ({"en": "flour", "fr": "farine", "de": "Mehl"}, ["meal"], ["c_1476"], "2007-09-30T16:45:00Z"),
    "c_1071": ({"en": "bread", "fr": "pain", "de": "Brot"}, [], ["c_1476"], "2007-09-30T16:50:00Z"),
    "c_893": ({"en": "beer", "fr": "bière", "de": "Bier"}, [], ["c_16179"], "2008-04-11T11:11:11Z"),
}
RELATED = [("c_8373", "c_2956"), ("c_8373", "c_1071"), ("c_2956", "c_1071"), ("c_823", "c_893")]
DEFINITIONS = {
    "c_12332": "A tall annual cereal grass bearing kernels on large ears, widely grown for food and fodder.",
    "c_7207": "The seeds of an erect bushy leguminous plant, rich in protein and oil.",
    "c_8373": "A cereal grass of the genus Triticum whose grain is milled into flour.",
}
SCOPE_NOTES = {"c_4259": "Use for plants of the pea family grown for their seeds; for the seeds as food use pulses."}
EXACT = {"c_8373": "Q15645384", "c_12332": "Q11575", "c_6599": "Q5090"}
MODIFIED = {"c_8373": "2021-02-18T09:14:03Z"}
COLLECTIONS = {"pulses": ["c_4283", "c_1605"]}
SCHEME = "t:scheme"


def _text(text: str, language: str | None = None) -> str:
    return '"' + text.replace('"', '\\"') + '"' + (f"@{language}" if language else "")


def statements() -> str:
    lines = [PREFIXES, f'{SCHEME} a skos:ConceptScheme ; dcterms:title {_text("AgroTerms", "en")} .']
    narrower: dict[str, list[str]] = {}
    for key, (labels, alternatives, broader, created) in CONCEPTS.items():
        facts = ["a skos:Concept", f"skos:inScheme {SCHEME}", f'dcterms:created "{created}"^^xsd:dateTime']
        facts += [f"skos:prefLabel {_text(label, language)}" for language, label in labels.items()]
        facts += [f"skos:altLabel {_text(label, 'en')}" for label in alternatives]
        facts += [f"skos:broader t:{up}" for up in broader]
        if not broader:
            facts += [f"skos:topConceptOf {SCHEME}"]
            lines.append(f"{SCHEME} skos:hasTopConcept t:{key} .")
        for up in broader:
            narrower.setdefault(up, []).append(key)
        if key in DEFINITIONS:
            facts.append(f"skos:definition {_text(DEFINITIONS[key], 'en')}")
        if key in SCOPE_NOTES:
            facts.append(f"skos:scopeNote {_text(SCOPE_NOTES[key], 'en')}")
        if key in EXACT:
            facts.append(f"skos:exactMatch <http://www.wikidata.org/entity/{EXACT[key]}>")
        if key in MODIFIED:
            facts.append(f'dcterms:modified "{MODIFIED[key]}"^^xsd:dateTime')
        lines.append(f"t:{key} " + " ;\n    ".join(facts) + " .")
    lines += [f"t:{up} skos:narrower t:{down} ." for up, downs in narrower.items() for down in downs]
    lines += [f"t:{a} skos:related t:{b} . t:{b} skos:related t:{a} ." for a, b in RELATED]
    for name, members in COLLECTIONS.items():
        lines.append(f"t:{name} a skos:Collection ; skos:prefLabel {_text(name, 'en')} ; "
                     + " ; ".join(f"skos:member t:{m}" for m in members) + " .")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"agroterms.ttl": statements()})


if __name__ == "__main__":
    run(__doc__, write_graph, "thesaurus")
