"""The Star Wars stand-in said another way, as another builder of the same graph might have written it: a credit's
role is a node labelled "film director", "film producer", "screenwriter" or "film score composer" (not the literal
"director"), and the ontology labels three relations in the plural ("residents", "pilots", "films"). The same
question files run over it (``swapi_questions.tsv`` by default): what a rule learned from one way of writing the graph
must not need.

    python benchmarks/swapi_variant.py [--questions swapi_questions_more.tsv] [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

from pathlib import Path

from rdflib import Graph, Literal
from rdflib.namespace import OWL, RDF, RDFS
from saga_graph import run
from swapi_graph import V, write_graph

ROLES = {"director": "film director", "producer": "film producer", "screenwriter": "screenwriter",
         "composer": "film score composer"}
PLURAL = {"resident": "residents", "pilot": "pilots", "film": "films"}


def write_variant(out: Path) -> list[Path]:
    """Write the stand-in into ``out``, then say its roles and three relation labels the other way."""
    data_file, ontology_file = write_graph(out)
    data, ontology = Graph().parse(data_file), Graph().parse(ontology_file)
    for credit, _, role in list(data.triples((None, V.role, None))):
        node = V[f"Role_{role}"]
        data.remove((credit, V.role, role))
        data.add((credit, V.role, node))
        data.add((node, RDF.type, V.Role))
        data.add((node, RDFS.label, Literal(ROLES[str(role)], lang="en")))
    ontology.set((V.role, RDF.type, OWL.ObjectProperty))
    ontology.add((V.Role, RDF.type, OWL.Class))
    ontology.add((V.Role, RDFS.label, Literal("Role", lang="en")))
    for name, plural in PLURAL.items():
        ontology.remove((V[name], RDFS.label, Literal(name, lang="en")))
        ontology.add((V[name], RDFS.label, Literal(plural, lang="en")))
    data_file.write_text(data.serialize(format="turtle"))
    ontology_file.write_text(ontology.serialize(format="turtle"))
    return [data_file, ontology_file]


if __name__ == "__main__":
    run(__doc__, write_variant, "swapi")
