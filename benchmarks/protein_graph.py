"""A sixteenth stand-in: made-up proteins stated the way **UniProt** states the real ones (the UniProt core ontology,
what sparql.uniprot.org serves): Turtle, proteins ``up:Protein`` at ``http://purl.uniprot.org/uniprot/<accession>``
with **no label of their own** — named through ``up:recommendedName`` / ``up:alternativeName`` blank nodes holding
``up:fullName`` and ``up:shortName``, and by a ``up:mnemonic`` ("HBX1_HUMAN"); genes by ``skos:prefLabel`` behind
``up:encodedBy``; organisms ``up:Taxon`` named by ``up:scientificName`` and ``up:commonName`` (no label), with a
parent taxon by ``rdfs:subClassOf``; annotations as nodes typed by their kind (``up:Function_Annotation``,
``up:Disease_Annotation``, ``up:Subcellular_Location_Annotation``) carrying an ``rdfs:comment`` or a link on
(``up:disease``, ``up:locatedIn`` a blank node whose ``up:cellularComponent`` is a labelled location); GO terms by
``rdfs:label`` behind ``up:classifiedWith``; sequences as isoform nodes with ``rdf:value`` and ``up:mass``; entry
dates as ``xsd:date``; the core ontology beside the data, labelling classes and properties.

``protein_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
54). Reuses the saga benchmark's runner.

    python benchmarks/protein_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

PREFIXES = """@prefix up: <http://purl.uniprot.org/core/> .
@prefix uniprot: <http://purl.uniprot.org/uniprot/> .
@prefix isoform: <http://purl.uniprot.org/isoforms/> .
@prefix taxon: <http://purl.uniprot.org/taxonomy/> .
@prefix location: <http://purl.uniprot.org/locations/> .
@prefix disease: <http://purl.uniprot.org/diseases/> .
@prefix GO: <http://purl.obolibrary.org/obo/GO_> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""
# accession: mnemonic, full name, short name, alternative names, gene, taxon, function, location, disease,
# GO term, mass, sequence, created
PROTEINS = {
    "Q9ZZ01": ("HBX1_HUMAN", "Hemoglobin subunit xi", "Hb-xi", ["Xi-globin"], "HBX1", "9606",
               "Carries oxygen from the lungs to the peripheral tissues.", "0091", "0001", "0005833", "15258",
               "MVLSPADKTNVKAAWGKVGAHAGEYGAEALERMFLSFPTTKTYFPHF", "1990-01-01"),
    "Q9ZZ02": ("SKZ_HUMAN", "Serine kinase Z", None, ["Stress-activated kinase Z"], "SKZ", "9606",
               "Phosphorylates substrate proteins in response to cellular stress.", "0191", "0002", "0006468",
               "52010", "MSDVAIVKEGWLHKRGEYIKTWRPRYFLLKNDGTFIGYKERP", "1998-05-12"),
    "Q9ZZ03": ("SKZ_MOUSE", "Serine kinase Z", None, [], "Skz", "10090",
               "Phosphorylates substrate proteins in response to cellular stress.", "0191", None, "0006468",
               "51870", "MSDVAIVKEGWLHKRGEYIKTWRPRYFLLKNDGSFIGYKERP", "1998-05-12"),
    "Q9ZZ04": ("OXLR4_HUMAN", "Orexin-like receptor 4", "OXL-R4", [], "OXLR4", "9606",
               "Receptor for neuropeptide signals that regulate feeding behaviour.", "0039", None, "0004930",
               "41200", "MEPSATPGAQMGVPPGSREPSPVPPDYEDEFLRYLWRDYLYPKQ", "2004-07-19"),
    "Q9ZZ05": ("PBPX_STRPN", "Penicillin-binding protein X", "PBP-X", [], "pbpX", "1313",
               "Catalyzes the cross-linking of the peptidoglycan cell wall.", "0039", None, "0009252",
               "82300", "MKKLLLTSLAIAGLSLLGAQPAMAANKQSTTDFSQTKAEIQ", "2001-03-01"),
}
# taxon: scientific name, common name or None, parent taxon or None, rank
TAXA = {
    "9606": ("Homo sapiens", "Human", "9605", "Species"),
    "9605": ("Homo", None, None, "Genus"),
    "10090": ("Mus musculus", "Mouse", "10088", "Species"),
    "10088": ("Mus", None, None, "Genus"),
    "1313": ("Streptococcus pneumoniae", None, None, "Species"),
}
LOCATIONS = {"0091": "Cytoplasm", "0191": "Nucleus", "0039": "Cell membrane"}
# disease: name, mnemonic, description
DISEASES = {
    "0001": ("Xi-thalassemia", "XITHAL", "A blood disorder in which too little xi-globin is made."),
    "0002": ("Veller syndrome", "VELLS", "A disorder of stress responses with episodes of muscle weakness."),
}
GO_TERMS = {"0005833": "hemoglobin complex", "0006468": "protein phosphorylation",
            "0004930": "G protein-coupled receptor activity", "0009252": "peptidoglycan biosynthetic process"}
# the core ontology's labels of the terms used here
ONTOLOGY = {
    "Protein": "Protein", "Gene": "Gene", "Taxon": "Taxon", "Disease": "Disease", "Structured_Name": "Structured Name",
    "Function_Annotation": "Function Annotation", "Disease_Annotation": "Disease Annotation",
    "Subcellular_Location_Annotation": "Subcellular Location Annotation",
    "Subcellular_Location": "Subcellular Location",
    "Cellular_Component": "Cellular Component", "Simple_Sequence": "Simple Sequence", "Rank": "Rank",
    "recommendedName": "recommended name", "alternativeName": "alternative name", "fullName": "full name",
    "shortName": "short name", "mnemonic": "mnemonic", "encodedBy": "encoded by", "organism": "organism",
    "annotation": "annotation", "disease": "disease", "locatedIn": "located in",
    "cellularComponent": "cellular component", "classifiedWith": "classified with", "sequence": "sequence",
    "mass": "mass", "created": "created", "scientificName": "scientific name", "commonName": "common name",
    "rank": "rank", "reviewed": "reviewed",
}


def _text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _protein(accession: str) -> str:
    (mnemonic, full, short, alternatives, gene, taxon, function, location, disease, go, mass, sequence,
     created) = PROTEINS[accession]
    entry = f"uniprot:{accession}"
    short_part = f" ; up:shortName {_text(short)}" if short else ""
    lines = [f"{entry} a up:Protein ; up:reviewed true ; up:mnemonic {_text(mnemonic)} ;",
             f"    up:recommendedName [ a up:Structured_Name ; up:fullName {_text(full)}{short_part} ] ;"]
    lines += [f"    up:alternativeName [ a up:Structured_Name ; up:fullName {_text(name)} ] ;" for name in alternatives]
    annotations = [f"<http://purl.uniprot.org/uniprot/{accession}#SIP{n}>" for n in (1, 2, 3)]
    lines += [f"    up:encodedBy <http://purl.uniprot.org/uniprot/{accession}#gene-{gene}> ;",
              f"    up:organism taxon:{taxon} ; up:classifiedWith GO:{go} ;",
              f"    up:annotation {', '.join(annotations[:3 if disease else 2])} ;",
              f"    up:sequence isoform:{accession}-1 ; up:created {_text(created)}^^xsd:date .",
              f"<http://purl.uniprot.org/uniprot/{accession}#gene-{gene}> a up:Gene ; skos:prefLabel {_text(gene)} .",
              f"{annotations[0]} a up:Function_Annotation ; rdfs:comment {_text(function)} .",
              f"{annotations[1]} a up:Subcellular_Location_Annotation ;",
              f"    up:locatedIn [ a up:Subcellular_Location ; up:cellularComponent location:{location} ] .",
              f"isoform:{accession}-1 a up:Simple_Sequence ; rdf:value {_text(sequence)} ; "
              f"up:mass {mass} ."]
    if disease:
        lines.append(f"{annotations[2]} a up:Disease_Annotation ; up:disease disease:{disease} ; "
                     f"rdfs:comment {_text('The disease is caused by variants affecting the gene.')} .")
    return "\n".join(lines)


def data() -> str:
    parts = [PREFIXES, *map(_protein, PROTEINS)]
    for key, (scientific, common, parent, rank) in TAXA.items():
        parts.append(f"taxon:{key} a up:Taxon ; up:scientificName {_text(scientific)} ; up:rank up:{rank}"
                     + (f" ; up:commonName {_text(common)}" if common else "")
                     + (f" ; rdfs:subClassOf taxon:{parent}" if parent else "") + " .")
    parts += [f"location:{key} a up:Cellular_Component ; skos:prefLabel {_text(name)} ."
              for key, name in LOCATIONS.items()]
    parts += [f"disease:{key} a up:Disease ; skos:prefLabel {_text(name)} ; up:mnemonic {_text(mnemonic)} ; "
              f"rdfs:comment {_text(about)} ." for key, (name, mnemonic, about) in DISEASES.items()]
    parts += [f"GO:{key} rdfs:label {_text(name)} ." for key, name in GO_TERMS.items()]
    return "\n".join(parts) + "\n"


def ontology() -> str:
    lines = [PREFIXES, "<http://purl.uniprot.org/core/> a owl:Ontology ."]
    for name, label in ONTOLOGY.items():
        kind = "owl:Class" if name[0].isupper() else "owl:ObjectProperty"
        lines.append(f"up:{name} a {kind} ; rdfs:label {_text(label)} .")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"uniprot.ttl": data(), "core.ttl": ontology()})


if __name__ == "__main__":
    run(__doc__, write_graph, "protein")
