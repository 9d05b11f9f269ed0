"""A fifteenth stand-in: made-up drugs and their targets stated the way **Bio2RDF** states DrugBank (its
``drugbank.php`` converter; bio2rdf.org's SPARQL endpoints serve the same shape): gzipped N-Quads in a named graph,
IRIs ``http://bio2rdf.org/<namespace>:<id>``, every resource labelled ``"<name> [<namespace>:<id>]"`` with the bare
name as ``dct:title`` (and ``dct:identifier``, ``bio2rdf_vocabulary:namespace`` / ``identifier``), vocabulary
terms labelled the same way ("target [drugbank_vocabulary:target]"), hyphenated property names
(``ddi-interactor-in``, ``half-life``, ``calculated-property``), a drug's type, groups and categories all under one
``category`` literal, synonyms, brands and manufacturers as plain literals, drug–drug interactions as nodes both
drugs point to (labelled "DDI between A and B - <what happens>"), drug–target interactions as nodes joining drug,
target and the action, calculated and experimental properties as nodes labelled "Molecular Weight: 212.2 from
ChemAxon [...]" whose kind is a class linked by the property's own name, dosages as nodes labelled "<form> by
<route>" with the route and form as linked classes, products with a price, targets' gene names and cell locations
as literals, species and cross-references as links to IRIs the graph says nothing else about.

``pharma_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
54). Reuses the saga benchmark's runner.

    python benchmarks/pharma_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

from saga_graph import run

B2R = "http://bio2rdf.org/"
VOC = f"{B2R}drugbank_vocabulary:"
RES = f"{B2R}drugbank_resource:"
GRAPH = f"<{RES}bio2rdf.dataset.drugbank.R3>"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SUBCLASS = "http://www.w3.org/2000/01/rdf-schema#subClassOf"
DCT = "http://purl.org/dc/terms/"
B2V = f"{B2R}bio2rdf_vocabulary:"
# target id: (name, gene name, cellular location, taxon, UniProt accession)
TARGETS = {
    "9101": ("Prostanoid synthase 3", "PTGS3X", "Endoplasmic reticulum membrane", "9606", "Q9X101"),
    "9102": ("Thromboxane receptor B", "TBXRB", "Cell membrane", "9606", "Q9X102"),
    "9103": ("Vitamin K epoxide reductase 2", "VKOR2X", "Endoplasmic reticulum membrane", "9606", "Q9X103"),
    "9104": ("Hepatic kinase activator 1", "HKA1", "Cytoplasm", "9606", "Q9X104"),
    "9105": ("Cytochrome P450 9Z1", "CYP9Z1", "Endoplasmic reticulum membrane", "9606", "Q9X105"),
    "9106": ("Sterol reductase 5", "SRD5X", "Endoplasmic reticulum membrane", "9606", "Q9X106"),
    "9107": ("Growth factor receptor 9", "GFR9", "Cell membrane", "9606", "Q9X107"),
    "9108": ("Penicillin-binding protein 2X", "pbpX", "Cell membrane", "1313", "Q9X108"),
}
# drug id: name, type, groups, categories, synonyms, brands, manufacturers, indication, half-life, CAS number,
# affected organism, {target: action}, enzymes, calculated {kind: value}, experimental {kind: value},
# dosages (form, route), products (description, price)
DRUGS: dict[str, dict] = {
    "DB90001": dict(
        name="Veloxaprin", type="small molecule", groups=["approved"],
        categories=["Anti-inflammatory Agents", "Analgesics"], synonyms=["Velox acid", "Acetylveloxate"],
        brands=["Veloxin", "Painaway"], manufacturers=["Harrow Pharma"],
        indication="For the relief of mild to moderate pain and fever.", half_life="3 to 4 hours",
        cas="90001-11-2", organism="Humans and other mammals",
        targets={"9101": "inhibitor", "9102": "antagonist"}, enzymes=["9105"],
        calculated={"Molecular Weight": "212.2", "logP": "1.4", "Molecular Formula": "C11H12O4"},
        experimental={"Melting Point": "141 °C", "Water Solubility": "3.1 mg/mL"},
        dosages=[("Tablet", "Oral"), ("Suppository", "Rectal")], products=[("Veloxaprin 300 mg tablet", "0.21")]),
    "DB90002": dict(
        name="Tarnazol", type="small molecule", groups=["approved", "investigational"],
        categories=["Anticoagulants"], synonyms=["Tarnazole sodium"], brands=["Clotstop"],
        manufacturers=["Brightwell Laboratories"], indication="For the prevention of blood clots after surgery.",
        half_life="40 hours", cas="90002-27-5", organism="Humans and other mammals",
        targets={"9103": "inhibitor"}, enzymes=["9105"], calculated={"Molecular Weight": "308.3"}, experimental={},
        dosages=[("Tablet", "Oral")], products=[]),
    "DB90003": dict(
        name="Quelamide", type="small molecule", groups=["approved"], categories=["Antidiabetic Agents"],
        synonyms=[], brands=["Glucora"], manufacturers=["Harrow Pharma"],
        indication="For the control of blood sugar in type 2 diabetes.", half_life="6.2 hours", cas="90003-40-1",
        organism="Humans and other mammals", targets={"9104": "activator"}, enzymes=[],
        calculated={"Molecular Weight": "129.2"}, experimental={}, dosages=[("Tablet", "Oral")], products=[]),
    "DB90004": dict(
        name="Orvistatin", type="small molecule", groups=["approved"], categories=["Lipid-lowering Agents"],
        synonyms=[], brands=["Lipovel", "Orvicor"], manufacturers=["Brightwell Laboratories"],
        indication="For lowering cholesterol in adults.", half_life="14 hours", cas="90004-52-8",
        organism="Humans and other mammals", targets={"9106": "inhibitor"}, enzymes=["9105"],
        calculated={"Molecular Weight": "558.6"}, experimental={}, dosages=[("Tablet", "Oral")], products=[]),
    "DB90005": dict(
        name="Dorimab", type="biotech", groups=["approved", "investigational"],
        categories=["Monoclonal antibodies", "Antineoplastic Agents"], synonyms=[], brands=["Dorivance"],
        manufacturers=["Keller Biologics"], indication="For the treatment of metastatic colorectal cancer.",
        half_life="18 days", cas=None, organism="Humans and other mammals", targets={"9107": "antagonist"},
        enzymes=[], calculated={}, experimental={}, dosages=[("Injection, solution", "Intravenous")], products=[]),
    "DB90006": dict(
        name="Brenacillin", type="small molecule", groups=["withdrawn"], categories=["Anti-Bacterial Agents"],
        synonyms=[], brands=["Brenox"], manufacturers=[], indication="For the treatment of bacterial infections.",
        half_life="1 hour", cas="90006-66-3", organism="Enteric bacteria and other eubacteria",
        targets={"9108": "inhibitor"}, enzymes=[], calculated={"Molecular Weight": "349.4"}, experimental={},
        dosages=[("Capsule", "Oral")], products=[]),
}
# (drug, drug, what happens)
INTERACTIONS = [
    ("DB90001", "DB90002", "Veloxaprin may increase the anticoagulant activities of Tarnazol."),
    ("DB90001", "DB90003", "Veloxaprin may increase the hypoglycemic activities of Quelamide."),
    ("DB90002", "DB90004", "The metabolism of Tarnazol can be decreased when combined with Orvistatin."),
    ("DB90002", "DB90006", "Brenacillin may increase the anticoagulant activities of Tarnazol."),
]


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()  # noqa: S324 - Bio2RDF's own ids, not security


class Quads:
    """The dump being written: statements in Bio2RDF's one named graph, resources described its way."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.described: set[str] = set()

    def link(self, subject: str, predicate: str, obj: str) -> None:
        self.lines.append(f"<{subject}> <{predicate}> <{obj}> {GRAPH} .")

    def text(self, subject: str, predicate: str, value: str, language: str = "") -> None:
        tag = f"@{language}" if language else ""
        self.lines.append(f"<{subject}> <{predicate}> {_literal(value)}{tag} {GRAPH} .")

    def describe(self, iri: str, name: str, kind: str | None = None) -> None:
        """Bio2RDF's ``describeIndividual``: the label carries the prefixed id, the title the bare name."""
        if iri in self.described:
            return
        self.described.add(iri)
        qname = iri.removeprefix(B2R)
        namespace, identifier = qname.split(":", 1)
        self.text(iri, LABEL, f"{name} [{qname}]", "en")
        self.text(iri, f"{DCT}title", name, "en")
        self.text(iri, f"{DCT}identifier", qname)
        self.text(iri, f"{B2V}namespace", namespace)
        self.text(iri, f"{B2V}identifier", identifier)
        if kind:
            self.link(iri, RDF_TYPE, kind)
            self.describe(kind, kind.removeprefix(VOC))

    def typify(self, iri: str, kind_name: str, superclass: str) -> None:
        """Bio2RDF's ``typify``: a class per kind, linked by the superclass's name in lower case."""
        kind = f"{VOC}{_md5(kind_name)}"
        self.link(iri, f"{VOC}{superclass.lower()}", kind)
        if kind not in self.described:
            self.describe(kind, kind_name)
            self.link(kind, SUBCLASS, f"{VOC}{superclass}")

    def vocabulary(self) -> None:
        """Every property used, labelled the way Bio2RDF labels its vocabulary terms."""
        used = {line.split(" ", 2)[1][1:-1] for line in self.lines}
        for predicate in sorted(used):
            if predicate.startswith(VOC) and predicate not in self.described:
                self.describe(predicate, predicate.removeprefix(VOC))


def _drug(dump: Quads, key: str, drug: dict, counter: list[int]) -> None:
    iri = f"{B2R}drugbank:{key}"
    dump.describe(iri, drug["name"], f"{VOC}Drug")
    dump.link(iri, "http://www.w3.org/2002/07/owl#sameAs", f"http://identifiers.org/drugbank/{key}")
    dump.link(iri, "http://www.w3.org/2000/01/rdf-schema#seeAlso", f"http://www.drugbank.ca/drugs/{key}")
    for value in [drug["type"], *drug["groups"], *drug["categories"]]:
        dump.text(iri, f"{VOC}category", value[0].upper() + value[1:])
    for field, predicate in (("synonyms", "synonym"), ("brands", "brand"), ("manufacturers", "manufacturer")):
        for value in drug[field]:
            dump.text(iri, f"{VOC}{predicate}", value)
    for field, predicate in (("indication", "indication"), ("half_life", "half-life"), ("cas", "cas-number"),
                             ("organism", "affected-organism")):
        if drug[field]:
            dump.text(iri, f"{VOC}{predicate}", drug[field])
    for target, action in drug["targets"].items():
        tid = f"{B2R}drugbank_target:{target}"
        dump.link(iri, f"{VOC}target", tid)
        dti = f"{RES}{key}_{target}"
        dump.describe(dti, f"drug-target interaction {drug['name']} and {TARGETS[target][0]}",
                      f"{VOC}Drug-Target-Interaction")
        dump.link(dti, f"{VOC}drug", iri)
        dump.link(dti, f"{VOC}target", tid)
        dump.text(dti, f"{VOC}action", action)
    for enzyme in drug["enzymes"]:
        dump.link(iri, f"{VOC}enzyme", f"{B2R}drugbank_target:{enzyme}")
    for family, properties in (("Calculated-Property", drug["calculated"]),
                               ("Experimental-Property", drug["experimental"])):
        for kind, value in properties.items():
            counter[0] += 1
            node = f"{RES}{family.lower().replace('-', '_')}_{key}_{counter[0]}"
            dump.link(iri, f"{VOC}{family.lower()}", node)
            source = " from ChemAxon" if family.startswith("Calculated") else ""
            dump.text(node, LABEL, f"{kind}: {value}{source} [{node.removeprefix(B2R)}]")
            dump.text(node, f"{VOC}value", value)
            dump.typify(node, kind, family)
    for form, route in drug["dosages"]:
        node = f"{RES}{_md5(form + route)}"
        dump.link(iri, f"{VOC}dosage", node)
        dump.describe(node, f"{form} by {route}", f"{VOC}Dosage")
        dump.typify(node, route, "Route")
        dump.typify(node, form, "Form")
    for description, price in drug["products"]:
        node = f"{RES}{_md5(description)}"
        dump.link(iri, f"{VOC}product", node)
        dump.describe(node, description, f"{VOC}Pharmaceutical")
        dump.text(node, f"{VOC}price", price)


def _target(dump: Quads, key: str) -> None:
    name, gene, location, taxon, uniprot = TARGETS[key]
    iri = f"{B2R}drugbank_target:{key}"
    dump.describe(iri, name, f"{VOC}Target")
    dump.text(iri, f"{VOC}gene-name", gene)
    dump.text(iri, f"{VOC}cellular-location", location)
    dump.link(iri, f"{VOC}species", f"{B2R}taxon:{taxon}")
    dump.link(iri, f"{VOC}x-uniprot", f"{B2R}uniprot:{uniprot}")


def document() -> str:
    dump, counter = Quads(), [0]
    for key, drug in DRUGS.items():
        _drug(dump, key, drug, counter)
    for key in TARGETS:
        _target(dump, key)
    for first, second, what in INTERACTIONS:
        node = f"{RES}{first}_{second}"
        for drug in (first, second):
            dump.link(f"{B2R}drugbank:{drug}", f"{VOC}ddi-interactor-in", node)
        names = DRUGS[first]["name"], DRUGS[second]["name"]
        dump.describe(node, f"DDI between {names[0]} and {names[1]} - {what}", f"{VOC}Drug-Drug-Interaction")
    dump.vocabulary()
    return "\n".join(dump.lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "drugbank.nq.gz"
    path.write_bytes(gzip.compress(document().encode()))
    return [path]


if __name__ == "__main__":
    run(__doc__, write_graph, "pharma")
