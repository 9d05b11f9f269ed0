"""A twenty-seventh stand-in: made-up software projects described the way open-source projects describe
themselves in **DOAP** (Description of a Project, ``http://usefulinc.com/ns/doap#``) — the Apache Software
Foundation's ``projects.apache.org`` reads one ``doap_<project>.rdf`` per project, and many other projects ship one
beside their code. RDF/XML, one file per project, ``xml:lang="en"`` on the root, so every literal is English-tagged,
dates included (``doap:created`` "2011-04-02"@en). Each project a ``doap:Project`` at its homepage IRI with
``doap:name``, ``doap:shortdesc``, ``doap:created``, ``doap:homepage``, ``doap:license`` (an SPDX IRI, no label),
``doap:programming-language`` as text, ``doap:category`` (an unlabelled IRI), ``doap:bug-database``,
``doap:mailing-list`` and ``doap:download-page`` IRIs, ``doap:os`` as text, ``doap:implements`` a specification's
IRI, ``doap:release`` blank ``doap:Version`` nodes (``doap:name`` "Apache Quarry 2.1.0", ``doap:revision``,
``doap:created``), ``doap:repository`` a blank ``doap:GitRepository`` / ``doap:SVNRepository`` with
``doap:location`` and ``doap:browse``, and ``doap:maintainer`` / ``doap:developer`` ``foaf:Person`` nodes
(``foaf:name``, ``foaf:mbox``): blank in the one file that names them, an IRI where a person works on several
projects. Apache projects carry ``asfext:pmc`` (their committee, at the project's own IRI, as Apache does), and a
committee file (``committee-info.rdf``) gives each committee ``asfext:name``, ``asfext:charter`` and an
``asfext:chair`` (a blank person). Properties and classes carry no labels.

``doap_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 58). Reuses the saga benchmark's runner.

    python benchmarks/doap_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from saga_graph import run, written

ROOT = ('<rdf:RDF xml:lang="en" xmlns="http://usefulinc.com/ns/doap#" '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:foaf="http://xmlns.com/foaf/0.1/" '
        'xmlns:asfext="http://projects.apache.org/ns/asfext#">')
# people on several projects, at an IRI of their own: name, IRI, mailbox
SHARED = {"Ilse Varga": ("https://people.apache.org/~ivarga#me", "ivarga@apache.org"),
          "Tomas Brenn": ("https://people.apache.org/~tbrenn#me", "tbrenn@apache.org"),
          "Ada Okafor": ("https://github.com/aokafor", "ada@okafor.dev")}
CATEGORY = "https://projects.apache.org/category/"
# name: the project's description; apache projects live at https://<key>.apache.org
PROJECTS = {
    "Apache Quarry": dict(
        key="quarry", created="2011-04-02", shortdesc="A distributed store for columnar logs",
        license="Apache-2.0", languages=["Java", "Scala"], categories=["database", "big-data"],
        maintainers=["Ilse Varga"], developers=["Ilse Varga", "Tomas Brenn"],
        releases=[("1.0.0", "2012-03-01"), ("2.0.0", "2015-06-12"), ("2.1.0", "2016-01-20")],
        repository=("Git", "https://gitbox.apache.org/repos/asf/quarry.git", "https://github.com/apache/quarry"),
        chair="Tomas Brenn",
        charter="the creation and maintenance of software related to columnar log storage"),
    "Apache Lattice": dict(
        key="lattice", created="2018-02-14", shortdesc="Sparse tensor algebra for Python",
        license="Apache-2.0", languages=["Python", "C++"], categories=["library", "machine-learning"],
        maintainers=["Noor Haddad"], developers=[],
        releases=[("0.9.0", "2019-05-05"), ("1.0.0", "2020-09-09")],
        repository=("Git", "https://gitbox.apache.org/repos/asf/lattice.git", "https://github.com/apache/lattice"),
        chair="Noor Haddad", charter="the creation and maintenance of software related to sparse tensor algebra"),
    "Apache Tessellate": dict(
        key="tessellate", created="2014-09-30", shortdesc="A component framework for web maps",
        license="Apache-2.0", languages=["JavaScript"], categories=["web-framework"],
        maintainers=["Tomas Brenn"], developers=[], releases=[("3.2.0", "2021-11-02")],
        repository=("Git", "https://gitbox.apache.org/repos/asf/tessellate.git", None),
        chair="Tomas Brenn", charter="the creation and maintenance of software related to web map components"),
    "Apache Gannet": dict(
        key="gannet", created="2019-07-01", shortdesc="An embeddable SPARQL query engine",
        license="Apache-2.0", languages=["Java"], categories=["database"],
        implements="http://www.w3.org/TR/sparql11-query/",
        maintainers=["Hana Sato"], developers=["Ilse Varga", "Hana Sato"], releases=[("1.4.2", "2023-03-08")],
        repository=("Git", "https://gitbox.apache.org/repos/asf/gannet.git", "https://github.com/apache/gannet"),
        chair="Hana Sato", charter="the creation and maintenance of software related to embeddable query engines"),
    "Wren": dict(
        home="https://wren.dev", created="2020-03-15", shortdesc="A fast static site generator", license="MIT",
        languages=["Rust"], maintainers=["Ada Okafor"], developers=["Pim de Vries"],
        releases=[("0.3.1", "2022-02-14")], repository=("Git", None, "https://github.com/aokafor/wren")),
    "Pebblekit": dict(
        home="https://pebblekit.org", created="2009-11-11", shortdesc="A tiny runtime for sensor boards",
        license="GPL-3.0-or-later", languages=["C"], os="Linux", maintainers=["Ada Okafor"], developers=[],
        releases=[], repository=("SVN", "svn://pebblekit.org/trunk", None)),
}


def _person(name: str) -> str:
    if name in SHARED:
        iri, mail = SHARED[name]
        return (f'<foaf:Person rdf:about="{iri}"><foaf:name>{name}</foaf:name>'
                f'<foaf:mbox rdf:resource="mailto:{mail}"/></foaf:Person>')
    return f"<foaf:Person><foaf:name>{name}</foaf:name></foaf:Person>"


def _home(name: str) -> str:
    project = PROJECTS[name]
    return project.get("home") or f"https://{project['key']}.apache.org"


def project_file(name: str) -> str:
    project, home = PROJECTS[name], _home(name)
    lines = [f'<Project rdf:about="{home}">', f"<name>{escape(name)}</name>",
             f"<shortdesc>{escape(project['shortdesc'])}</shortdesc>", f"<created>{project['created']}</created>",
             f'<homepage rdf:resource="{home}"/>', f'<license rdf:resource="https://spdx.org/licenses/{project["license"]}"/>']
    lines += [f"<programming-language>{language}</programming-language>" for language in project["languages"]]
    lines += [f'<category rdf:resource="{CATEGORY}{category}"/>' for category in project.get("categories", [])]
    if "key" in project:
        key = project["key"]
        lines += [f'<asfext:pmc rdf:resource="{home}"/>',
                  f'<bug-database rdf:resource="https://issues.apache.org/jira/browse/{key.upper()}"/>',
                  f'<mailing-list rdf:resource="https://lists.apache.org/list.html?dev@{key}.apache.org"/>',
                  f'<download-page rdf:resource="{home}/downloads.html"/>']
    if "os" in project:
        lines.append(f"<os>{project['os']}</os>")
    if "implements" in project:
        lines.append(f'<implements rdf:resource="{project["implements"]}"/>')
    for revision, date in project["releases"]:
        lines.append(f"<release><Version><name>{escape(name)} {revision}</name><revision>{revision}</revision>"
                     f"<created>{date}</created></Version></release>")
    kind, location, browse = project["repository"]
    lines.append(f"<repository><{kind}Repository>"
                 + (f'<location rdf:resource="{location}"/>' if location else "")
                 + (f'<browse rdf:resource="{browse}"/>' if browse else "") + f"</{kind}Repository></repository>")
    lines += [f"<maintainer>{_person(person)}</maintainer>" for person in project["maintainers"]]
    lines += [f"<developer>{_person(person)}</developer>" for person in project["developers"]]
    return '<?xml version="1.0"?>\n' + ROOT + "\n" + "\n".join(lines) + "\n</Project>\n</rdf:RDF>\n"


def committee_file() -> str:
    committees = [f'<asfext:pmc rdf:about="{_home(name)}"><asfext:name>{escape(name)}</asfext:name>'
                  f"<asfext:charter>{escape(project['charter'])}</asfext:charter>"
                  f"<asfext:chair><foaf:Person><foaf:name>{project['chair']}</foaf:name></foaf:Person></asfext:chair>"
                  "</asfext:pmc>" for name, project in PROJECTS.items() if "chair" in project]
    return '<?xml version="1.0"?>\n' + ROOT + "\n" + "\n".join(committees) + "\n</rdf:RDF>\n"


def write_graph(out: Path) -> list[Path]:
    """One DOAP file per project and the committee file, in ``out``; the files written."""
    files = {f"doap_{name.split()[-1].lower()}.rdf": project_file(name) for name in PROJECTS}
    return written(out, files | {"committee-info.rdf": committee_file()})


if __name__ == "__main__":
    run(__doc__, write_graph, "doap")
