"""A seventeenth stand-in: a made-up disease ontology written the way **OBO Foundry ontologies** (Disease Ontology,
MONDO, HPO, UBERON) ship as OWL: one RDF/XML ``.owl`` file, classes at ``http://purl.obolibrary.org/obo/<ID>``
labelled by ``rdfs:label``, the class hierarchy as ``rdfs:subClassOf``, other relations as **OWL restrictions** —
blank nodes ``owl:Restriction`` with ``owl:onProperty`` (an object property such as ``BFO_0000050`` "part of",
labelled in the file) and ``owl:someValuesFrom`` — definitions under ``IAO_0000115`` (an annotation property
labelled "definition"), synonyms as ``oboInOwl:hasExactSynonym`` / ``hasRelatedSynonym`` (no labels: only their
local names), cross-references as ``oboInOwl:hasDbXref`` text ("ICD10CM:I10"), ids as ``oboInOwl:id``
("DOID:10763"), a namespace per class, and an obsolete class (``owl:deprecated``, "obsolete …", replaced by
``IAO_0100001``).

``ontology_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
54). Reuses the saga benchmark's runner.

    python benchmarks/ontology_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from saga_graph import run, written

OBO = "http://purl.obolibrary.org/obo/"
# id: (label, parents, definition, exact synonyms, related synonyms, cross-references, {property id: [class ids]})
CLASSES: dict[str, tuple] = {
    "DOID_4": ("disease", [], "A disposition to undergo pathological processes.", [], [], [], {}),
    "DOID_1287": ("cardiovascular system disease", ["DOID_4"],
                  "A disease of the heart or of the blood vessels.", [], [], ["MESH:D002318"], {}),
    "DOID_10763": ("hypertension", ["DOID_1287"], "A disease in which the pressure of the blood in the arteries "
                   "stays above its normal range.", ["high blood pressure"], ["HTN"], ["ICD10CM:I10"],
                   {"RO_0004026": ["UBERON_0001637"]}),
    "DOID_6432": ("pulmonary hypertension", ["DOID_10763"], "A hypertension in the arteries of the lungs.",
                  [], ["PH"], ["ICD10CM:I27.2"], {"RO_0004026": ["UBERON_0002048"]}),
    "DOID_1579": ("respiratory system disease", ["DOID_4"], "A disease of the organs that move air.",
                  [], [], [], {}),
    "DOID_2841": ("asthma", ["DOID_1579"], "A disease of the bronchi in which the airways narrow and swell.",
                  ["bronchial asthma"], [], ["ICD10CM:J45"],
                  {"RO_0004026": ["UBERON_0002185"], "RO_0002200": ["HP_0030828"]}),
    "DOID_9415": ("allergic asthma", ["DOID_2841"], "An asthma set off by an allergen.", [], ["atopic asthma"],
                  [], {"RO_0002200": ["HP_0030828", "HP_0012735"]}),
    "DOID_0080999": ("Velmark fever", ["DOID_4"], "A made-up fever with episodes of shaking.", [],
                     ["Tessin fever"], [], {"RO_0002200": ["HP_0001945"]}),
    "UBERON_0001062": ("anatomical entity", [], "A part of an organism.", [], [], [], {}),
    "UBERON_0001004": ("respiratory system", ["UBERON_0001062"], "The organs that take in air.", [], [], [], {}),
    "UBERON_0002048": ("lung", ["UBERON_0001062"], "The organ where blood takes up oxygen.", [], ["pulmo"], [],
                       {"BFO_0000050": ["UBERON_0001004"]}),
    "UBERON_0002185": ("bronchus", ["UBERON_0001062"], "An airway of the lung.", ["bronchi"], [], [],
                       {"BFO_0000050": ["UBERON_0002048"]}),
    "UBERON_0001637": ("artery", ["UBERON_0001062"], "A vessel carrying blood away from the heart.", [], [], [], {}),
    "HP_0000118": ("phenotypic abnormality", [], "A deviation from normal.", [], [], [], {}),
    "HP_0030828": ("wheezing", ["HP_0000118"], "A whistling sound while breathing.", [], [], [], {}),
    "HP_0012735": ("cough", ["HP_0000118"], "A sudden expulsion of air from the lungs.", [], [], [], {}),
    "HP_0001945": ("fever", ["HP_0000118"], "A body temperature above the normal range.", ["pyrexia"], [], [], {}),
}
OBSOLETE = {"DOID_0050001": ("obsolete heart catarrh", "DOID_1287")}  # id: (label, replaced by)
PROPERTIES = {"BFO_0000050": "part of", "RO_0004026": "disease has location", "RO_0002200": "has phenotype"}
NAMESPACES = {"DOID": "disease_ontology", "UBERON": "uberon", "HP": "human_phenotype"}


def _class(key: str) -> str:
    label, parents, definition, exact, related, xrefs, restrictions = CLASSES[key]
    prefix, number = key.split("_", 1)
    lines = [f'    <owl:Class rdf:about="{OBO}{key}">',
             f'        <rdfs:label rdf:datatype="http://www.w3.org/2001/XMLSchema#string">{escape(label)}</rdfs:label>',
             f"        <obo:IAO_0000115>{escape(definition)}</obo:IAO_0000115>",
             f"        <oboInOwl:id>{prefix}:{number}</oboInOwl:id>",
             f"        <oboInOwl:hasOBONamespace>{NAMESPACES[prefix]}</oboInOwl:hasOBONamespace>"]
    lines += [f'        <rdfs:subClassOf rdf:resource="{OBO}{parent}"/>' for parent in parents]
    lines += [f"        <oboInOwl:hasExactSynonym>{escape(s)}</oboInOwl:hasExactSynonym>" for s in exact]
    lines += [f"        <oboInOwl:hasRelatedSynonym>{escape(s)}</oboInOwl:hasRelatedSynonym>" for s in related]
    lines += [f"        <oboInOwl:hasDbXref>{escape(x)}</oboInOwl:hasDbXref>" for x in xrefs]
    for prop, fillers in restrictions.items():
        for filler in fillers:
            lines += ["        <rdfs:subClassOf>", "            <owl:Restriction>",
                      f'                <owl:onProperty rdf:resource="{OBO}{prop}"/>',
                      f'                <owl:someValuesFrom rdf:resource="{OBO}{filler}"/>',
                      "            </owl:Restriction>", "        </rdfs:subClassOf>"]
    return "\n".join([*lines, "    </owl:Class>"])


def _obsolete(key: str) -> str:
    label, replacement = OBSOLETE[key]
    prefix, number = key.split("_", 1)
    return "\n".join([f'    <owl:Class rdf:about="{OBO}{key}">',
                      f"        <rdfs:label>{escape(label)}</rdfs:label>",
                      f"        <oboInOwl:id>{prefix}:{number}</oboInOwl:id>",
                      '        <owl:deprecated rdf:datatype="http://www.w3.org/2001/XMLSchema#boolean">true'
                      "</owl:deprecated>",
                      f'        <obo:IAO_0100001 rdf:resource="{OBO}{replacement}"/>',
                      "    </owl:Class>"])


def document() -> str:
    head = ['<?xml version="1.0"?>',
            '<rdf:RDF xmlns="http://purl.obolibrary.org/obo/doid.owl#"',
            '     xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"',
            '     xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"',
            '     xmlns:owl="http://www.w3.org/2002/07/owl#"',
            f'     xmlns:obo="{OBO}"',
            '     xmlns:oboInOwl="http://www.geneontology.org/formats/oboInOwl#">',
            f'    <owl:Ontology rdf:about="{OBO}doid.owl"/>',
            f'    <owl:AnnotationProperty rdf:about="{OBO}IAO_0000115">',
            "        <rdfs:label>definition</rdfs:label>", "    </owl:AnnotationProperty>",
            f'    <owl:AnnotationProperty rdf:about="{OBO}IAO_0100001">',
            "        <rdfs:label>term replaced by</rdfs:label>", "    </owl:AnnotationProperty>",
            '    <owl:AnnotationProperty rdf:about="http://www.geneontology.org/formats/oboInOwl#hasExactSynonym"/>',
            '    <owl:AnnotationProperty rdf:about="http://www.geneontology.org/formats/oboInOwl#hasDbXref"/>']
    head += [f'    <owl:ObjectProperty rdf:about="{OBO}{key}">\n        <rdfs:label>{label}</rdfs:label>\n'
             "    </owl:ObjectProperty>" for key, label in PROPERTIES.items()]
    return "\n".join([*head, *map(_class, CLASSES), *map(_obsolete, OBSOLETE), "</rdf:RDF>"]) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"doid.owl": document()})


if __name__ == "__main__":
    run(__doc__, write_graph, "ontology")
