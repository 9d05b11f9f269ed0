"""A thirty-first stand-in: a made-up university stated the way the **Lehigh University Benchmark** (LUBM) states
one — OWL in RDF/XML exactly as LUBM's data generator UBA writes it, one file per department (``University0_0.owl``,
``University0_1.owl``), beside the benchmark's ontology ``univ-bench.owl`` (``ub:`` =
``http://swat.cse.lehigh.edu/onto/univ-bench.owl#``). Each data file opens with an ``owl:Ontology`` importing
univ-bench, then one section per instance, typed by its element (``<ub:FullProfessor rdf:about=...>``); the
``ub:University`` section (``http://www.University0.edu``) is in the first department's file only. Instances live
under their department's host (``http://www.Department0.University0.edu/FullProfessor0``, ``.../GraduateCourse1``),
a publication under its first author's IRI (``.../FullProfessor0/Publication1``). ``ub:name`` is the class and an
index for everything but people (``University0``, ``Department0``, ``Course0``, ``Publication0``: every department
has its own Course0, every author's first paper is a Publication0), and research groups have none; people here have
made-up human names where UBA writes "FullProfessor2" (the one difference from UBA). Faculty (``ub:FullProfessor``,
``ub:AssociateProfessor``, ``ub:AssistantProfessor``, ``ub:Lecturer``) carry ``ub:teacherOf`` courses,
``ub:undergraduateDegreeFrom`` / ``ub:mastersDegreeFrom`` / ``ub:doctoralDegreeFrom`` nesting a ``ub:University``
(the two other universities, ``http://www.University84.edu`` and ``http://www.University563.edu``, appear nowhere
else and have no name), ``ub:worksFor`` the department, ``ub:emailAddress`` (``FullProfessor0@Department0.
University0.edu``), ``ub:telephone`` "xxx-xxx-xxxx" (UBA's for everyone), ``ub:researchInterest`` (``Research12``,
professors only) and, for the chair, ``ub:headOf``. Students (``ub:UndergraduateStudent``, ``ub:GraduateStudent``)
carry ``ub:memberOf``, ``ub:emailAddress``, ``ub:telephone``, ``ub:takesCourse``, ``ub:advisor`` (every graduate,
some undergraduates) and, graduates, ``ub:undergraduateDegreeFrom``. A teaching assistant is no node of its own: a
later ``ub:TeachingAssistant`` section about the graduate student's IRI states ``ub:teachingAssistantOf`` (and an
empty ``ub:ResearchAssistant`` section types a research assistant). ``ub:ResearchGroup`` sections state only
``ub:subOrganizationOf`` the department; ``ub:Publication`` sections a name and ``ub:publicationAuthor`` per author.
The ontology declares every class and property with its ``rdfs:label`` ("is being advised by", "teaches", "is
taking", "Works For", "is the head of", "member of", "full professor", "teaching course"), domains, ranges, sub-class
and sub-property axioms and the ``owl:intersectionOf`` restrictions defining Student, Employee, TeachingAssistant
and Chair, as the real one does.

``lubm_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 59). Reuses the saga benchmark's runner.

    python benchmarks/lubm_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from saga_graph import run, written

ONTOLOGY = "http://swat.cse.lehigh.edu/onto/univ-bench.owl"
UNIVERSITY = 0
HEADER = ('<?xml version="1.0" encoding="UTF-8" ?>\n<rdf:RDF\n'
          'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"\n'
          'xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"\n'
          'xmlns:owl="http://www.w3.org/2002/07/owl#"\n'
          f'xmlns:ub="{ONTOLOGY}#">\n\n\n'
          f'<owl:Ontology rdf:about="">\n<owl:imports rdf:resource="{ONTOLOGY}" />\n</owl:Ontology>\n')

# department: [(class, index, name, courses taught, (undergraduate, masters, doctoral) university, research interest)]
FACULTY: dict[int, list[tuple[str, int, str, list[str], tuple[int, int, int], str | None]]] = {
    0: [("FullProfessor", 0, "Margaret Holloway", ["Course0", "GraduateCourse0"], (84, 563, 0), "Research12"),
        ("AssociateProfessor", 0, "Daniel Okonkwo", ["GraduateCourse1"], (0, 0, 84), "Research3"),
        ("AssistantProfessor", 0, "Priya Raman", ["Course1"], (563, 84, 0), "Research21"),
        ("Lecturer", 0, "Thomas Whitfield", ["Course2"], (0, 84, 563), None)],
    1: [("FullProfessor", 0, "Elena Vasquez", ["GraduateCourse0"], (563, 0, 84), "Research7"),
        ("AssociateProfessor", 0, "Samuel Lindqvist", ["Course0"], (84, 84, 0), "Research7"),
        ("Lecturer", 0, "Ruth Abernathy", ["Course1"], (0, 563, 563), None)],
}
HEAD = {0: "FullProfessor0", 1: "FullProfessor0"}  # the chair of each department
# department: [(name, courses taken, advisor or None)], indexed in order
UNDERGRADUATES: dict[int, list[tuple[str, list[str], str | None]]] = {
    0: [("Lucas Bennett", ["Course0", "Course2"], "AssistantProfessor0"),
        ("Hannah Kowalski", ["Course0", "Course1"], None),
        ("Oliver Grant", ["Course1"], None)],
    1: [("Maya Castillo", ["Course0", "Course1"], "FullProfessor0"),
        ("Ethan Brooks", ["Course0"], None)],
}
# department: [(name, courses taken, undergraduate university, advisor)], indexed in order
GRADUATES: dict[int, list[tuple[str, list[str], int, str]]] = {
    0: [("Sofia Marchetti", ["GraduateCourse0", "GraduateCourse1"], 0, "FullProfessor0"),
        ("James Adeyemi", ["GraduateCourse0"], 84, "AssociateProfessor0"),
        ("Chloe Nakamura", ["GraduateCourse1"], 563, "FullProfessor0")],
    1: [("Noah Fitzgerald", ["GraduateCourse0"], 0, "AssociateProfessor0"),
        ("Leila Haddad", ["GraduateCourse0"], 84, "FullProfessor0")],
}
TEACHING_ASSISTANTS = {0: {0: "Course0", 2: "Course1"}, 1: {0: "Course0"}}  # graduate student index: course
RESEARCH_ASSISTANTS = {0: [1], 1: []}  # graduate student indices
RESEARCH_GROUPS = {0: 2, 1: 0}
# department: [(faculty author, publication index, graduate student co-authors)]
PUBLICATIONS: dict[int, list[tuple[str, int, list[int]]]] = {
    0: [("FullProfessor0", 0, [0]), ("FullProfessor0", 1, [2]), ("AssociateProfessor0", 0, [1]),
        ("AssistantProfessor0", 0, [])],
    1: [("FullProfessor0", 0, [1])],
}

# the univ-bench ontology. class: (label, super classes: a class or a (property, class) restriction)
CLASSES: dict[str, tuple[str, list[str | tuple[str, str]]]] = {
    "AdministrativeStaff": ("administrative staff worker", ["Employee"]), "Article": ("article", ["Publication"]),
    "AssistantProfessor": ("assistant professor", ["Professor"]),
    "AssociateProfessor": ("associate professor", ["Professor"]), "Book": ("book", ["Publication"]),
    "Chair": ("chair", ["Professor"]), "ClericalStaff": ("clerical staff worker", ["AdministrativeStaff"]),
    "College": ("school", ["Organization"]), "ConferencePaper": ("conference paper", ["Article"]),
    "Course": ("teaching course", ["Work"]), "Dean": ("dean", ["Professor"]),
    "Department": ("university department", ["Organization"]), "Director": ("director", []),
    "Employee": ("Employee", []), "Faculty": ("faculty member", ["Employee"]),
    "FullProfessor": ("full professor", ["Professor"]), "GraduateCourse": ("Graduate Level Courses", ["Course"]),
    "GraduateStudent": ("graduate student", ["Person", ("takesCourse", "GraduateCourse")]),
    "Institute": ("institute", ["Organization"]), "JournalArticle": ("journal article", ["Article"]),
    "Lecturer": ("lecturer", ["Faculty"]), "Manual": ("manual", ["Publication"]),
    "Organization": ("organization", []), "Person": ("person", []), "PostDoc": ("post doctorate", ["Faculty"]),
    "Professor": ("professor", ["Faculty"]), "Program": ("program", ["Organization"]),
    "Publication": ("publication", []), "Research": ("research work", ["Work"]),
    "ResearchAssistant": ("university research assistant", ["Person", ("worksFor", "ResearchGroup")]),
    "ResearchGroup": ("research group", ["Organization"]), "Schedule": ("schedule", []),
    "Software": ("software program", ["Publication"]), "Specification": ("published specification", ["Publication"]),
    "Student": ("student", []), "SystemsStaff": ("systems staff worker", ["AdministrativeStaff"]),
    "TeachingAssistant": ("university teaching assistant", []), "TechnicalReport": ("technical report", ["Article"]),
    "UndergraduateStudent": ("undergraduate student", ["Student"]), "University": ("university", ["Organization"]),
    "UnofficialPublication": ("unnoficial publication", ["Publication"]),
    "VisitingProfessor": ("visiting professor", ["Professor"]), "Work": ("Work", []),
}
# class: (Person in the intersection too, property, class it has some value of)
DEFINED = {"Chair": (True, "headOf", "Department"), "Dean": (False, "headOf", "College"),
           "Director": (True, "headOf", "Program"), "Employee": (True, "worksFor", "Organization"),
           "Student": (True, "takesCourse", "Course"), "TeachingAssistant": (True, "teachingAssistantOf", "Course")}
# property: (kind, label, domain, range, (subPropertyOf or inverseOf, property))
PROPERTIES: dict[str, tuple[str, str, str | None, str | None, tuple[str, str] | None]] = {
    "advisor": ("ObjectProperty", "is being advised by", "Person", "Professor", None),
    "affiliatedOrganizationOf": ("ObjectProperty", "is affiliated with", "Organization", "Organization", None),
    "affiliateOf": ("ObjectProperty", "is affiliated with", "Organization", "Person", None),
    "age": ("DatatypeProperty", "is age", "Person", None, None),
    "degreeFrom": ("ObjectProperty", "has a degree from", "Person", "University", ("inverseOf", "hasAlumnus")),
    "doctoralDegreeFrom": ("ObjectProperty", "has a doctoral degree from", "Person", "University",
                           ("subPropertyOf", "degreeFrom")),
    "emailAddress": ("DatatypeProperty", "can be reached at", "Person", None, None),
    "hasAlumnus": ("ObjectProperty", "has as an alumnus", "University", "Person", ("inverseOf", "degreeFrom")),
    "headOf": ("ObjectProperty", "is the head of", None, None, ("subPropertyOf", "worksFor")),
    "listedCourse": ("ObjectProperty", "lists as a course", "Schedule", "Course", None),
    "mastersDegreeFrom": ("ObjectProperty", "has a masters degree from", "Person", "University",
                          ("subPropertyOf", "degreeFrom")),
    "member": ("ObjectProperty", "has as a member", "Organization", "Person", None),
    "memberOf": ("ObjectProperty", "member of", None, None, ("inverseOf", "member")),
    "name": ("DatatypeProperty", "name", None, None, None),
    "officeNumber": ("DatatypeProperty", "office room No.", None, None, None),
    "orgPublication": ("ObjectProperty", "publishes", "Organization", "Publication", None),
    "publicationAuthor": ("ObjectProperty", "was written by", "Publication", "Person", None),
    "publicationDate": ("ObjectProperty", "was written on", "Publication", None, None),
    "publicationResearch": ("ObjectProperty", "is about", "Publication", "Research", None),
    "researchInterest": ("DatatypeProperty", "is researching", None, None, None),
    "researchProject": ("ObjectProperty", "has as a research project", "ResearchGroup", "Research", None),
    "softwareDocumentation": ("ObjectProperty", "is documented in", "Software", "Publication", None),
    "softwareVersion": ("ObjectProperty", "is version", "Software", None, None),
    "subOrganizationOf": ("TransitiveProperty", "is part of", "Organization", "Organization", None),
    "takesCourse": ("ObjectProperty", "is taking", None, None, None),
    "teacherOf": ("ObjectProperty", "teaches", "Faculty", "Course", None),
    "teachingAssistantOf": ("ObjectProperty", "is a teaching assistant for", "TeachingAssistant", "Course", None),
    "telephone": ("DatatypeProperty", "telephone number", "Person", None, None),
    "tenured": ("ObjectProperty", "is tenured:", "Professor", None, None),
    "title": ("DatatypeProperty", "title", "Person", None, None),
    "undergraduateDegreeFrom": ("ObjectProperty", "has an undergraduate degree from", "Person", "University",
                                ("subPropertyOf", "degreeFrom")),
    "worksFor": ("ObjectProperty", "Works For", None, None, ("subPropertyOf", "memberOf")),
}


def university(index: int) -> str:
    return f"http://www.University{index}.edu"


def department(index: int) -> str:
    return f"http://www.Department{index}.University{UNIVERSITY}.edu"


def email(token: str, dept: int) -> str:
    return f"{token}@Department{dept}.University{UNIVERSITY}.edu"


def _value(prop: str, value: str) -> str:
    return f"   <ub:{prop}>{escape(value)}</ub:{prop}>"


def _resource(prop: str, iri: str) -> str:
    return f'   <ub:{prop} rdf:resource="{iri}" />'


def _typed(prop: str, kind: str, iri: str) -> str:
    """A property whose value UBA writes as a nested, typed node (as it does for the degree universities)."""
    return f'   <ub:{prop}>\n      <ub:{kind} rdf:about="{iri}" />   </ub:{prop}>'


def _section(kind: str, iri: str, lines: list[str]) -> str:
    return "\n".join([f'\n<ub:{kind} rdf:about="{iri}">', *lines, f"</ub:{kind}>"])


def department_file(dept: int) -> str:
    host = department(dept)
    sections = []
    if dept == 0:
        sections.append(_section("University", university(UNIVERSITY), [_value("name", f"University{UNIVERSITY}")]))
    sections.append(_section("Department", host, [_value("name", f"Department{dept}"),
                                                  _typed("subOrganizationOf", "University", university(UNIVERSITY))]))
    for kind, index, name, courses, degrees, research in FACULTY[dept]:
        token = f"{kind}{index}"
        lines = [_value("name", name)]
        lines += [_resource("teacherOf", f"{host}/{course}") for course in courses if course.startswith("Course")]
        lines += [_resource("teacherOf", f"{host}/{course}") for course in courses if course.startswith("Graduate")]
        lines += [_typed(prop, "University", university(uni)) for prop, uni in
                  zip(["undergraduateDegreeFrom", "mastersDegreeFrom", "doctoralDegreeFrom"], degrees, strict=True)]
        lines += [_resource("worksFor", host), _value("emailAddress", email(token, dept)),
                  _value("telephone", "xxx-xxx-xxxx")]
        if research:
            lines.append(_value("researchInterest", research))
        if HEAD[dept] == token:
            lines.append(_resource("headOf", host))
        sections.append(_section(kind, f"{host}/{token}", lines))
    for index, (name, courses, advisor) in enumerate(UNDERGRADUATES[dept]):
        token = f"UndergraduateStudent{index}"
        lines = [_value("name", name), _resource("memberOf", host), _value("emailAddress", email(token, dept)),
                 _value("telephone", "xxx-xxx-xxxx"), *(_resource("takesCourse", f"{host}/{c}") for c in courses)]
        if advisor:
            lines.append(_resource("advisor", f"{host}/{advisor}"))
        sections.append(_section("UndergraduateStudent", f"{host}/{token}", lines))
    for index, (name, courses, undergraduate, advisor) in enumerate(GRADUATES[dept]):
        token = f"GraduateStudent{index}"
        lines = [_value("name", name), _resource("memberOf", host), _value("emailAddress", email(token, dept)),
                 _value("telephone", "xxx-xxx-xxxx"), *(_resource("takesCourse", f"{host}/{c}") for c in courses),
                 _typed("undergraduateDegreeFrom", "University", university(undergraduate)),
                 _resource("advisor", f"{host}/{advisor}")]
        sections.append(_section("GraduateStudent", f"{host}/{token}", lines))
    sections += [_section("ResearchGroup", f"{host}/ResearchGroup{index}", [_resource("subOrganizationOf", host)])
                 for index in range(RESEARCH_GROUPS[dept])]
    for author, index, students in PUBLICATIONS[dept]:
        sections.append(_section("Publication", f"{host}/{author}/Publication{index}", [
            _value("name", f"Publication{index}"), _resource("publicationAuthor", f"{host}/{author}"),
            *(_resource("publicationAuthor", f"{host}/GraduateStudent{s}") for s in students)]))
    taught = [course for faculty in FACULTY[dept] for course in faculty[3]]
    for kind in ("Course", "GraduateCourse"):
        sections += [_section(kind, f"{host}/{course}", [_value("name", course)])
                     for course in taught if course.rstrip("0123456789") == kind]
    sections += [_section("TeachingAssistant", f"{host}/GraduateStudent{index}",
                          [_resource("teachingAssistantOf", f"{host}/{course}")])
                 for index, course in TEACHING_ASSISTANTS[dept].items()]
    sections += [_section("ResearchAssistant", f"{host}/GraduateStudent{index}", [])
                 for index in RESEARCH_ASSISTANTS[dept]]
    return HEADER + "\n".join(sections) + "\n</rdf:RDF>\n"


def _class(name: str) -> str:
    label, parents = CLASSES[name]
    lines = [f'<owl:Class rdf:ID="{name}">', f"  <rdfs:label>{escape(label)}</rdfs:label>"]
    if name in DEFINED:
        person, prop, value = DEFINED[name]
        lines += ['  <owl:intersectionOf rdf:parseType="Collection">',
                  *(['  <owl:Class rdf:about="#Person"/> '] if person else []),
                  "  <owl:Restriction>", f'  <owl:onProperty rdf:resource="#{prop}"/> ', "  <owl:someValuesFrom>",
                  f'  <owl:Class rdf:about="#{value}"/> ', "  </owl:someValuesFrom>", "  </owl:Restriction>",
                  "  </owl:intersectionOf>"]
    for parent in parents:
        if isinstance(parent, str):
            lines.append(f'  <rdfs:subClassOf rdf:resource="#{parent}"/>')
        else:
            lines += ["  <rdfs:subClassOf>", "  <owl:Restriction>", f'  <owl:onProperty rdf:resource="#{parent[0]}"/> ',
                      "  <owl:someValuesFrom>", f'  <owl:Class rdf:about="#{parent[1]}"/> ', "  </owl:someValuesFrom>",
                      "  </owl:Restriction>", "  </rdfs:subClassOf>"]
    return "\n".join([*lines, "</owl:Class>"])


def _property(name: str) -> str:
    kind, label, domain, range_, relation = PROPERTIES[name]
    lines = [f'<owl:{kind} rdf:ID="{name}">', f"  <rdfs:label>{escape(label)}</rdfs:label>"]
    if domain:
        lines.append(f'  <rdfs:domain rdf:resource="#{domain}"/>')
    if range_:
        lines.append(f'  <rdfs:range rdf:resource="#{range_}"/>')
    if relation:
        axiom, other = relation
        tag = "owl:inverseOf" if axiom == "inverseOf" else "rdfs:subPropertyOf"
        lines.append(f'  <{tag} rdf:resource="#{other}"/>')
    return "\n".join([*lines, f"</owl:{kind}>"])


def ontology_file() -> str:
    head = (f'<?xml version="1.0" encoding="UTF-8"?><rdf:RDF xmlns="{ONTOLOGY}#" '
            'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
            'xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#" '
            f'xml:base="{ONTOLOGY}">\n\n<owl:Ontology rdf:about="">\n'
            "  <rdfs:comment>An university ontology for benchmark tests</rdfs:comment>\n"
            "  <rdfs:label>Univ-bench Ontology</rdfs:label>\n"
            "  <owl:versionInfo>univ-bench-ontology-owl, ver April 1, 2004</owl:versionInfo>\n</owl:Ontology>\n\n")
    return head + "\n\n".join([*map(_class, CLASSES), *map(_property, PROPERTIES)]) + "\n\n</rdf:RDF>\n"


def write_graph(out: Path) -> list[Path]:
    """The ontology and one UBA file per department, in ``out``; the files written."""
    files = {f"University{UNIVERSITY}_{dept}.owl": department_file(dept) for dept in FACULTY}
    return written(out, {"univ-bench.owl": ontology_file()} | files)


if __name__ == "__main__":
    run(__doc__, write_graph, "lubm")
