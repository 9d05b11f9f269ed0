"""A twelfth stand-in: made-up computer scientists, papers and venues stated the way the dblp Knowledge Graph states
the real ones (dblp.org's RDF dump, served by QLever at sparql.dblp.org): one gzipped N-Triples file, full IRIs, no
ontology beside it (properties and classes carry no labels; their camel-case local names ``authoredBy``,
``yearOfPublication``, ``primaryAffiliation`` are all there is); people ``dblp:Person`` labelled by their name,
homonyms told apart by a number in the name ("Li Zhang 0001"), affiliations as plain text, ORCIDs as IRIs;
publications labelled in dblp's citation form ("Mira Halvorsen, Tobias Renner: Tessellated Indexes .... (2019)")
with the bare title (ending in a full stop) under ``dblp:title``, the year as an ``xsd:gYear``, the venue twice (a
``dblp:publishedIn`` text and a ``dblp:publishedInStream`` link to a labelled conference or journal node), authors
twice (``dblp:authoredBy`` and ordered ``dblp:hasSignature`` blank nodes), ``dblp:authorOf`` back from each
author, page ranges and volumes as text, DOIs as IRIs; citations as OpenCitations states them (a citation node
between two ``dblp:omid`` identifiers).

``scholar_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
53). Reuses the saga benchmark's runner.

    python benchmarks/scholar_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

import gzip
from pathlib import Path

from saga_graph import run

DBLP = "https://dblp.org/"
SCHEMA = "https://dblp.org/rdf/schema#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
CITO = "http://purl.org/spar/cito/"
XSD = "http://www.w3.org/2001/XMLSchema#"
# pid: (name, affiliation or None, ORCID or None)
PEOPLE = {
    "71/1001": ("Mira Halvorsen", "University of Tessin, Department of Computer Science", "0000-0002-1111-2222"),
    "71/1002": ("Tobias Renner", "Carrow Institute of Technology", None),
    "71/1003": ("Aiko Tanabe", "University of Tessin", "0000-0001-3333-4444"),
    "71/1004": ("Lucas Ferreira Duarte", "Hallum Research Labs", None),
    "71/1005": ("Priya Raghunathan", "Carrow Institute of Technology", None),
    "71/1006": ("Jonas Weller", None, None),
    "71/1007": ("Zoë Marchetti", "Velmark Polytechnic", "0000-0003-5555-6666"),
    "71/1008": ("Daniel Okafor", "Hallum Research Labs", None),
    "71/1009-1": ("Li Zhang 0001", "Velmark Polytechnic", None),
    "71/1009-2": ("Li Zhang 0002", "University of Tessin", None),
}
# stream key: (classes, label, full title, ISSN or None)
STREAMS = {
    "conf/quill": (("Conference",), "QUILL", "Symposium on Query Languages and Logic", None),
    "conf/graft": (("Conference",), "GRAFT", "International Conference on Graph Foundations and Tools", None),
    "journals/jder": (("Journal",), "J. Data Eng. Res.", "Journal of Data Engineering Research", "1234-5678"),
    "journals/tkg": (("Journal",), "Trans. Knowl. Graphs", "Transactions on Knowledge Graphs", "2345-6789"),
    "journals/corr": (("Repository",), "CoRR", "Computing Research Repository", "2331-8422"),
}
# record key: (type, title, year, stream, author pids in order, pages, volume, DOI suffix, OMID, editors)
PAPERS = [
    ("conf/quill/HalvorsenR19", "Inproceedings", "Tessellated Indexes for Approximate Nearest Neighbour Search.",
     2019, "conf/quill", ["71/1001", "71/1002"], "112-124", None, "quill.2019.9", "0601", []),
    ("conf/quill/TanabeHD20", "Inproceedings", "SPARQL+Text: Joint Ranking over Graphs and Documents.",
     2020, "conf/quill", ["71/1003", "71/1001", "71/1004"], "45-57", None, "quill.2020.4", "0602", []),
    ("journals/jder/RennerR21", "Article", "Compressing Adjacency Lists with Learned Codes.",
     2021, "journals/jder", ["71/1002", "71/1005"], "201-230", "14", "jder.2021.14.7", "0603", []),
    ("conf/graft/Okafor022", "Inproceedings", "Streaming Triangle Counting on Dynamic Graphs.",
     2022, "conf/graft", ["71/1008", "71/1009-1"], "1-12", None, "graft.2022.1", "0604", []),
    ("conf/graft/0002M22", "Inproceedings", "A Benchmark for Entity Linking in Scholarly Text.",
     2022, "conf/graft", ["71/1009-2", "71/1007"], "88-99", None, "graft.2022.8", "0605", []),
    ("journals/tkg/MarchettiWH23", "Article", "Question Answering over Bibliographic Knowledge Graphs.",
     2023, "journals/tkg", ["71/1007", "71/1006", "71/1001"], "3:1-3:28", "3", "tkg.2023.3.1", "0606", []),
    ("conf/quill/WellerT23", "Inproceedings", "Incremental View Maintenance for Property Paths.",
     2023, "conf/quill", ["71/1006", "71/1003"], "310-322", None, "quill.2023.30", "0607", []),
    ("journals/jder/DuarteO20", "Article", "Cost Models for Federated Query Processing.",
     2020, "journals/jder", ["71/1004", "71/1008"], "17-41", "13", "jder.2020.13.2", "0608", []),
    ("conf/graft/RaghunathanR24", "Inproceedings", "Learned Cardinality Estimation for Graph Patterns.",
     2024, "conf/graft", ["71/1005", "71/1002"], "140-152", None, "graft.2024.17", "0609", []),
    ("books/hp/Halvorsen18", "Book", "Foundations of Similarity Search.",
     2018, None, ["71/1001"], None, None, None, "0610", []),
    ("journals/corr/abs-2101-04417", "Informal", "Tessellated Indexes Revisited.",
     2021, "journals/corr", ["71/1001"], None, "abs/2101.04417", None, "0611", []),
    ("conf/graft/2022", "Editorship", "Proceedings of the 4th International Conference on Graph Foundations and "
     "Tools, GRAFT 2022, Brellin, Velmark.", 2022, "conf/graft", [], None, None, "graft.2022", "0612",
     ["71/1003", "71/1008"]),
]
PUBLISHERS = {"books/hp/Halvorsen18": "Halden Press"}
# (citing record, cited record)
CITATIONS = [("conf/quill/TanabeHD20", "conf/quill/HalvorsenR19"),
             ("journals/tkg/MarchettiWH23", "conf/quill/TanabeHD20"),
             ("journals/tkg/MarchettiWH23", "conf/graft/0002M22"),
             ("conf/graft/RaghunathanR24", "journals/jder/RennerR21"),
             ("conf/quill/WellerT23", "conf/quill/TanabeHD20")]


def _iri(text: str) -> str:
    return f"<{text}>"


def _text(text: str, datatype: str | None = None) -> str:
    quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"{quoted}^^<{XSD}{datatype}>" if datatype else quoted


def _citation_label(key: str) -> str:
    """dblp's label of a record: its creators' names, its title, its year."""
    _, _, title, year, _, authors, *_, editors = next(paper for paper in PAPERS if paper[0] == key)
    names = ", ".join(PEOPLE[pid][0] for pid in authors or editors)
    return f"{names}{' (eds.)' if editors else ''}: {title} ({year})"


def schema(name: str) -> str:
    return _iri(SCHEMA + name)


def person(pid: str) -> str:
    return _iri(f"{DBLP}pid/{pid}")


def record(key: str) -> str:
    return _iri(f"{DBLP}rec/{key}")


def omid(number: str) -> str:
    return _iri(f"https://w3id.org/oc/meta/br/{number}")


def triples() -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for pid, (name, affiliation, orcid) in PEOPLE.items():
        out += [(person(pid), _iri(RDF_TYPE), schema("Person")), (person(pid), _iri(RDF_TYPE), schema("Creator")),
                (person(pid), _iri(LABEL), _text(name)), (person(pid), schema("creatorName"), _text(name)),
                (person(pid), schema("primaryCreatorName"), _text(name))]
        if affiliation:
            out += [(person(pid), schema("affiliation"), _text(affiliation)),
                    (person(pid), schema("primaryAffiliation"), _text(affiliation))]
        if orcid:
            out.append((person(pid), schema("orcid"), _iri(f"https://orcid.org/{orcid}")))
    for key, (classes, label, title, issn) in STREAMS.items():
        stream = _iri(f"{DBLP}streams/{key}")
        out += [(stream, _iri(RDF_TYPE), schema(kind)) for kind in (*classes, "Stream")]
        out += [(stream, _iri(LABEL), _text(label)), (stream, schema("streamTitle"), _text(title)),
                (stream, schema("primaryStreamTitle"), _text(title))]
        if issn:
            out.append((stream, schema("issn"), _text(issn)))
    for key, kind, title, year, stream, authors, pages, volume, doi, number, editors in PAPERS:
        paper = record(key)
        out += [(paper, _iri(RDF_TYPE), schema("Publication")), (paper, _iri(RDF_TYPE), schema(kind)),
                (paper, schema("bibtexType"), _iri(f"http://purl.org/net/nknouf/ns/bibtex#{kind}")),
                (paper, _iri(LABEL), _text(_citation_label(key))), (paper, schema("title"), _text(title)),
                (paper, schema("yearOfPublication"), _text(str(year), "gYear")),
                (paper, schema("numberOfCreators"), _text(str(len(authors or editors)), "integer")),
                (paper, schema("omid"), omid(number))]
        if stream:
            out += [(paper, schema("publishedIn"), _text(STREAMS[stream][1])),
                    (paper, schema("publishedInStream"), _iri(f"{DBLP}streams/{stream}"))]
        if key in PUBLISHERS:
            out.append((paper, schema("publishedBy"), _text(PUBLISHERS[key])))
        if pages:
            out.append((paper, schema("pagination"), _text(pages)))
        if volume:
            out.append((paper, schema("publishedInJournalVolume"), _text(volume)))
        if doi:
            out.append((paper, schema("doi"), _iri(f"https://doi.org/10.1000/{doi}")))
        for role, link, pids in (("Author", "authoredBy", authors), ("Editor", "editedBy", editors)):
            for ordinal, pid in enumerate(pids, 1):
                signature = f"_:sig{number}x{ordinal}"
                out += [(paper, schema(link), person(pid)),
                        (paper, schema("createdBy"), person(pid)), (paper, schema("hasSignature"), signature),
                        (signature, _iri(RDF_TYPE), schema(f"{role}Signature")),
                        (signature, schema("signatureCreator"), person(pid)),
                        (signature, schema("signatureDblpName"), _text(PEOPLE[pid][0])),
                        (signature, schema("signatureOrdinal"), _text(str(ordinal), "integer")),
                        (signature, schema("signaturePublication"), paper),
                        (person(pid), schema(f"{role.lower()}Of"), paper), (person(pid), schema("creatorOf"), paper)]
    numbers = {paper[0]: paper[9] for paper in PAPERS}
    for citing, cited in CITATIONS:
        citation = _iri(f"https://w3id.org/oc/index/ci/{numbers[citing]}-{numbers[cited]}")
        out += [(citation, _iri(RDF_TYPE), _iri(CITO + "Citation")),
                (citation, _iri(CITO + "hasCitingEntity"), omid(numbers[citing])),
                (citation, _iri(CITO + "hasCitedEntity"), omid(numbers[cited]))]
    return out


def write_graph(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "dblp.nt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as file:
        file.writelines(f"{s} {p} {o} .\n" for s, p, o in triples())
    return [path]


if __name__ == "__main__":
    run(__doc__, write_graph, "scholar")
