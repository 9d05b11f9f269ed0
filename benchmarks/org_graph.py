"""A twenty-fourth stand-in: a made-up ministry's own org chart and staff directory stated the way government bodies
and companies publish theirs in the **W3C Organization Ontology** (ORG, ``http://www.w3.org/ns/org#``) with FOAF,
vCard, SKOS, OWL-Time and PROV, as the UK government's organogram linked data (``reference.data.gov.uk``) or the
EU's Whoiswho do: one Turtle file of data with ``@base <http://reference.data.gov.nv/id/>`` and opaque numbered
posts, people and memberships (``department/mwcr/post/6``, ``person/9``, ``membership/5``), beside an excerpt of
``org.ttl`` (the ORG terms used, with their ``rdfs:label`` in English, French, Italian and Spanish as the real file
has them — "has Unit", "unit Of", "site Address", "member During" —, a paraphrased English ``rdfs:comment``,
``rdfs:domain`` / ``rdfs:range``, ``owl:inverseOf`` and ``rdfs:subPropertyOf``; ``org:reportsTo``'s domain and
range are ``owl:unionOf`` blank nodes, foaf:Agent or org:Post).

Organizations are ``org:FormalOrganization`` (the ministry, an executive agency and the two bodies merged into the
ministry), ``org:OrganizationalUnit`` (directorates and teams) or a plain ``org:Organization`` (a forum whose
members are stated with ``org:hasMember``), named only by ``skos:prefLabel`` (English, and French for the formal
ones) with the acronym or unit code as ``skos:altLabel`` — no ``rdfs:label``. The ministry states ``org:hasUnit``
for its four directorates and each directorate ``org:unitOf`` back; teams state only ``org:subOrganizationOf``
their directorate, and the agency ``org:subOrganizationOf`` the ministry. Each has ``org:classification`` (a SKOS
concept of the scheme "Public body types"), formal ones an ``org:identifier`` and units a ``skos:notation``, both
typed by a datatype naming the code list; most an ``org:purpose`` (a concept of "Government functions"). Sites are
``org:Site`` (``rdfs:label``) reached by ``org:hasSite``, whose ``org:siteAddress`` is a blank ``vcard:Address``
with ``vcard:street-address``, ``vcard:locality``, ``vcard:postal-code`` and ``vcard:country-name``. Posts
(``org:Post``, ``skos:prefLabel``) are ``org:postIn`` a unit and ``org:reportsTo`` another post; ``org:heldBy``
states who holds each (one post is vacant), and only some people state ``org:holds`` back. People are
``foaf:Person`` and never carry an ``rdfs:label`` except four: some are named by ``foaf:name`` beside
``foaf:givenName`` / ``foaf:familyName``, others by the given and family names alone. They have ``vcard:hasEmail``
or ``foaf:mbox`` (``mailto:`` IRIs) and ``vcard:hasTelephone`` (``tel:`` IRIs), ``org:headOf`` for some heads,
``org:memberOf`` for some members only, ``org:basedAt`` a site for two, and expertise through the directory's own
``dir:expertise`` (labelled "expertise") to concepts of "Staff expertise" with ``skos:altLabel`` and
``skos:broader``. Who is in which unit in which role and since when sits on ``org:Membership`` nodes: ``org:member``,
``org:organization``, ``org:role`` (an ``org:Role`` concept with ``skos:prefLabel``) and ``org:memberDuring`` → a
blank ``time:Interval`` with ``time:hasBeginning`` (and for ended ones ``time:hasEnd``) → a blank ``time:Instant``
with ``time:inXSDDate``. A merger and a renaming are ``org:ChangeEvent`` nodes (no name, a ``dcterms:description``)
with ``org:originalOrganization``, ``org:resultingOrganization`` and ``prov:startedAtTime``, the old bodies stating
``org:changedBy`` and the ministry ``org:resultedFrom``. Projects are ``prov:Activity`` / ``foaf:Project`` with
``dcterms:title``, ``dcterms:description``, ``prov:startedAtTime`` (one also ``prov:endedAtTime``) and
``prov:wasAssociatedWith`` the people working on them.

``org_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run, by a helper
session that had not seen the engine run on this layout. Reuses the saga benchmark's runner.

    python benchmarks/org_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

DEF = "http://reference.data.gov.nv/def/"
PUBLIC_BODY_CODE = f"<{DEF}identifier#PublicBodyCode>"
UNIT_CODE = f"<{DEF}identifier#UnitCode>"
PREFIXES = """@prefix org: <http://www.w3.org/ns/org#> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix vcard: <http://www.w3.org/2006/vcard/ns#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix time: <http://www.w3.org/2006/time#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""

# concept schemes: scheme key: (scheme label, {concept key: (prefLabel, altLabels, broader key or None)})
SCHEMES: dict[str, tuple[str, dict[str, tuple[str, list[str], str | None]]]] = {
    "public-body-type": ("Public body types", {
        "ministerial-department": ("Ministerial department", [], None),
        "executive-agency": ("Executive agency", [], None),
        "ndpb": ("Non-departmental public body", ["NDPB"], None),
        "directorate": ("Directorate", [], None),
        "team": ("Team", [], None),
        "forum": ("Partnership forum", [], None),
    }),
    "function": ("Government functions", {
        "water-resources": ("Water resources management", [], None),
        "flood-risk": ("Flood risk management", [], None),
        "drinking-water": ("Drinking water regulation", [], None),
        "fisheries": ("Fisheries management", [], None),
        "hydrography": ("Hydrographic surveying", [], None),
        "corporate-support": ("Corporate support services", [], None),
    }),
    "expertise": ("Staff expertise", {
        "earth-sciences": ("Earth sciences", [], None),
        "hydrology": ("Hydrology", ["Hydrological science"], "earth-sciences"),
        "flood-modelling": ("Flood modelling", ["Flood modeling"], "hydrology"),
        "engineering": ("Engineering", [], None),
        "coastal-engineering": ("Coastal engineering", [], "engineering"),
        "information-technology": ("Information technology", ["IT"], None),
        "software-engineering": ("Software engineering", ["Software development"], "information-technology"),
        "data-science": ("Data science", [], "information-technology"),
        "water-chemistry": ("Water chemistry", ["Aquatic chemistry"], None),
    }),
}
# role key: (prefLabel, altLabels); org:Role concepts of the scheme "Staff roles"
ROLES: dict[str, tuple[str, list[str]]] = {
    "permanent-secretary": ("Permanent Secretary", []),
    "director": ("Director", []),
    "team-leader": ("Team Leader", ["Team Lead"]),
    "hydrologist": ("Hydrologist", []),
    "software-developer": ("Software Developer", []),
    "hr-adviser": ("HR Adviser", ["Human Resources Adviser"]),
    "chief-executive": ("Chief Executive", []),
}
# site key: (label, street address, locality, postal code, country name)
SITES: dict[str, tuple[str, str, str, str, str]] = {
    "harbour-house": ("Harbour House", "1 Quayside", "Portvale", "PV1 2QA", "Norvania"),
    "kelby": ("Kelby Field Office", "14 Mill Lane", "Kelby", "KB4 7RT", "Norvania"),
    "millbrook": ("Millbrook Laboratory", "3 Station Road", "Millbrook", "MB2 9LE", "Norvania"),
    "saltmere": ("Saltmere Quay", "Dock Road", "Saltmere", "SM1 1DD", "Norvania"),
    "vellmont": ("Vellmont Liaison Office", "22 rue des Tanneurs", "Vellmont", "4410", "Estavia"),
}
# org key: (IRI, class, {language: prefLabel}, altLabel or None, code or None, classification, purpose or None,
#           sites)
ORGS: dict[str, tuple] = {
    "mwcr": ("department/mwcr", "FormalOrganization", {"en": "Ministry of Water and Coastal Resources",
                                                       "fr": "Ministère de l'Eau et des Ressources côtières"},
             "MWCR", "NV-PB-0412", "ministerial-department", "water-resources", ["harbour-house"]),
    "frd": ("department/mwcr/unit/flood-risk", "OrganizationalUnit", {"en": "Flood Risk Directorate"}, "FRD",
            "FRD", "directorate", "flood-risk", ["kelby"]),
    "wqd": ("department/mwcr/unit/water-quality", "OrganizationalUnit", {"en": "Water Quality Directorate"}, "WQD",
            "WQD", "directorate", "drinking-water", ["millbrook"]),
    "csd": ("department/mwcr/unit/corporate-services", "OrganizationalUnit",
            {"en": "Corporate Services Directorate"}, "CSD", "CSD", "directorate", "corporate-support",
            ["harbour-house"]),
    "fid": ("department/mwcr/unit/fisheries", "OrganizationalUnit", {"en": "Fisheries Directorate"}, "FID", "FID",
            "directorate", "fisheries", ["harbour-house", "vellmont"]),
    "fft": ("department/mwcr/unit/flood-forecasting", "OrganizationalUnit", {"en": "Flood Forecasting Team"}, None,
            "FRD-FF", "team", None, []),
    "cdt": ("department/mwcr/unit/coastal-defence", "OrganizationalUnit", {"en": "Coastal Defence Team"}, None,
            "FRD-CD", "team", None, []),
    "rmt": ("department/mwcr/unit/river-monitoring", "OrganizationalUnit", {"en": "River Monitoring Team"}, None,
            "WQD-RM", "team", None, []),
    "dst": ("department/mwcr/unit/digital-services", "OrganizationalUnit", {"en": "Digital Services Team"}, None,
            "CSD-DS", "team", None, []),
    "hrt": ("department/mwcr/unit/human-resources", "OrganizationalUnit", {"en": "Human Resources Team"}, None,
            "CSD-HR", "team", None, []),
    "nha": ("public-body/nha", "FormalOrganization", {"en": "National Hydrographic Agency",
                                                      "fr": "Agence hydrographique nationale"},
            "NHA", "NV-PB-2207", "executive-agency", "hydrography", ["saltmere"]),
    "diw": ("department/diw", "FormalOrganization", {"en": "Department of Inland Waterways",
                                                     "fr": "Département des Voies navigables intérieures"},
            "DIW", "NV-PB-0187", "ministerial-department", None, []),
    "cpa": ("public-body/cpa", "FormalOrganization", {"en": "Coastal Protection Agency",
                                                      "fr": "Agence de protection côtière"},
            "CPA", "NV-PB-0233", "ndpb", None, []),
    "sfu": ("department/diw/unit/sea-fisheries", "OrganizationalUnit", {"en": "Sea Fisheries Unit"}, "SFU", "SFU",
            "directorate", "fisheries", []),
    "forum": ("organisation/tidal-rivers-forum", "Organization", {"en": "Tidal Rivers Forum"}, None, None, "forum",
              "flood-risk", []),
}
HAS_UNIT = {"mwcr": ["frd", "wqd", "csd", "fid"]}  # stated from the formal organization
UNIT_OF = {"frd": "mwcr", "wqd": "mwcr", "csd": "mwcr", "fid": "mwcr", "sfu": "diw"}  # stated from the unit
SUB_ORG_OF = {"fft": "frd", "cdt": "frd", "rmt": "wqd", "dst": "csd", "hrt": "csd", "nha": "mwcr"}
HAS_MEMBER = {"forum": ["mwcr", "nha"]}
ORG_CONTACTS = {"mwcr": ("enquiries@mwcr.gov.nv", "+99-20-555-0100")}
# person number: (rdfs:label?, foaf:name or None, given name, family name, email as (property, address) or None,
#                 telephone or None, expertise keys)
PEOPLE: dict[str, tuple] = {
    "1": (True, "Helena Varga", "Helena", "Varga", ("vcard", "helena.varga@mwcr.gov.nv"), "+99-20-555-0101", []),
    "2": (False, "Tomasz Brenner", "Tomasz", "Brenner", ("mbox", "tomasz.brenner@mwcr.gov.nv"), None,
          ["flood-modelling"]),
    "3": (True, "Amara Okafor", "Amara", "Okafor", ("vcard", "amara.okafor@mwcr.gov.nv"), None, ["water-chemistry"]),
    "4": (False, "Lucas Ferreira", "Lucas", "Ferreira", None, "+99-20-555-0140", []),
    "5": (False, None, "Ingrid", "Solberg", ("mbox", "ingrid.solberg@mwcr.gov.nv"), None, []),
    "6": (False, "Priya Raman", "Priya", "Raman", ("vcard", "priya.raman@mwcr.gov.nv"), "+99-31-555-0162",
          ["flood-modelling", "data-science"]),
    "7": (False, None, "Owen", "Gallagher", ("vcard", "owen.gallagher@mwcr.gov.nv"), None, ["coastal-engineering"]),
    "8": (False, None, "Mei", "Zhou", ("mbox", "mei.zhou@mwcr.gov.nv"), "+99-20-555-0188", ["software-engineering"]),
    "9": (False, "Jonas Eklund", "Jonas", "Eklund", ("vcard", "jonas.eklund@mwcr.gov.nv"), "+99-31-555-0177",
          ["hydrology", "flood-modelling"]),
    "10": (True, "Rafael Duarte", "Rafael", "Duarte", ("vcard", "rafael.duarte@nha.gov.nv"), "+99-44-555-0110",
           ["hydrology"]),
    "11": (False, None, "Sofia", "Marchetti", ("vcard", "sofia.marchetti@mwcr.gov.nv"), None, ["water-chemistry"]),
    "12": (False, "Daniel Osei", "Daniel", "Osei", ("mbox", "daniel.osei@mwcr.gov.nv"), None,
           ["software-engineering", "data-science"]),
    "13": (True, "Clara Whitfield", "Clara", "Whitfield", ("vcard", "clara.whitfield@mwcr.gov.nv"), None,
           ["coastal-engineering"]),
    "14": (False, None, "Nikolai", "Petrov", None, None, []),
}
HEAD_OF = {"1": "mwcr", "2": "frd", "3": "wqd", "6": "fft", "8": "dst", "10": "nha"}
MEMBER_OF = {"4": ["csd"], "7": ["cdt"], "12": ["dst"], "13": ["cdt"]}
BASED_AT = {"1": "harbour-house", "9": "kelby"}
# post IRI: (prefLabel, organization, reports to (post IRI) or None, held by (person) or None, stated by the holder)
POSTS: dict[str, tuple[str, str, str | None, str | None, bool]] = {
    "department/mwcr/post/1": ("Permanent Secretary", "mwcr", None, "1", True),
    "department/mwcr/post/2": ("Director of Flood Risk", "frd", "department/mwcr/post/1", "2", False),
    "department/mwcr/post/3": ("Director of Water Quality", "wqd", "department/mwcr/post/1", "3", False),
    "department/mwcr/post/4": ("Director of Corporate Services", "csd", "department/mwcr/post/1", "4", False),
    "department/mwcr/post/5": ("Director of Fisheries", "fid", "department/mwcr/post/1", "5", False),
    "department/mwcr/post/6": ("Head of Flood Forecasting", "fft", "department/mwcr/post/2", "6", True),
    "department/mwcr/post/7": ("Head of Coastal Defence", "cdt", "department/mwcr/post/2", "7", False),
    "department/mwcr/post/8": ("Head of River Monitoring", "rmt", "department/mwcr/post/3", "11", False),
    "department/mwcr/post/9": ("Head of Digital Services", "dst", "department/mwcr/post/4", "8", True),
    "department/mwcr/post/10": ("Senior Hydrologist", "fft", "department/mwcr/post/6", "9", True),
    "department/mwcr/post/11": ("Water Quality Analyst", "rmt", "department/mwcr/post/8", None, False),
    "public-body/nha/post/1": ("Chief Executive, National Hydrographic Agency", "nha", "department/mwcr/post/1",
                               "10", True),
}
# membership number: (person, organization, role, from, to or None)
MEMBERSHIPS: dict[str, tuple[str, str, str, str, str | None]] = {
    "1": ("1", "mwcr", "permanent-secretary", "2021-04-01", None),
    "2": ("2", "frd", "director", "2021-04-01", None),
    "3": ("3", "wqd", "director", "2022-01-10", None),
    "4": ("6", "fft", "team-leader", "2022-03-14", None),
    "5": ("9", "fft", "hydrologist", "2021-06-07", None),
    "6": ("9", "cpa", "hydrologist", "2016-03-01", "2021-03-31"),
    "7": ("12", "dst", "software-developer", "2023-02-20", None),
    "8": ("8", "dst", "team-leader", "2022-08-01", None),
    "9": ("14", "hrt", "hr-adviser", "2021-09-01", "2024-05-31"),
    "10": ("10", "nha", "chief-executive", "2020-11-16", None),
    "11": ("11", "rmt", "team-leader", "2021-05-17", None),
}
# event IRI: (original organizations, resulting organization, started, description, stated back by the result)
EVENTS: dict[str, tuple[list[str], str, str, str, bool]] = {
    "change-event/2021-merger": (["diw", "cpa"], "mwcr", "2021-04-01T00:00:00",
                                 "Merger of the Department of Inland Waterways and the Coastal Protection Agency "
                                 "into a single ministry.", True),
    "change-event/2022-fisheries-rename": (["sfu"], "fid", "2022-01-01T00:00:00",
                                           "The Sea Fisheries Unit was renamed the Fisheries Directorate and moved "
                                           "into the new ministry.", False),
}
# project key: (title, description, started, ended or None, people)
PROJECTS: dict[str, tuple[str, str, str, str | None, list[str]]] = {
    "flood-warning-platform": ("National Flood Warning Platform",
                               "A single national service issuing flood warnings from river and tide gauges.",
                               "2022-09-01T00:00:00", None, ["6", "9", "12"]),
    "portvale-tidal-barrier": ("Portvale Tidal Barrier Upgrade",
                               "Raising and strengthening the Portvale tidal barrier against a one-in-200-year "
                               "storm surge.", "2023-04-03T00:00:00", None, ["7", "13"]),
    "river-nitrate-survey": ("River Nitrate Survey 2024",
                             "A year-long survey of nitrate levels in the twelve largest rivers.",
                             "2024-02-01T00:00:00", "2024-12-20T00:00:00", ["11", "3"]),
    "directory-migration": ("Staff Directory Migration",
                            "Moving the staff directory and org chart to linked data.",
                            "2024-06-03T00:00:00", None, ["8", "12", "14"]),
}


def _text(value: str, language: str | None = None) -> str:
    body = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{body}"' + (f"@{language}" if language else "")


def _org(key: str) -> str:
    return f"<{ORGS[key][0]}>"


def _concept(scheme: str, key: str) -> str:
    return f"<{DEF}{scheme}/{key}>"


def _block(subject: str, pairs: list[tuple[str, str]]) -> str:
    """One Turtle subject with its predicate-object pairs, ``;``-separated."""
    body = " ;\n    ".join(f"{predicate} {value}" for predicate, value in pairs)
    return f"{subject}\n    {body} .\n"


def _instant(date: str) -> str:
    return f'[ a time:Instant ; time:inXSDDate "{date}"^^xsd:date ]'


def data() -> str:
    blocks = [PREFIXES + "@prefix dir: <http://reference.data.gov.nv/def/directory#> .\n"
              "@base <http://reference.data.gov.nv/id/> .\n"]
    blocks.append(_block("dir:expertise", [
        ("a", "owl:ObjectProperty"), ("rdfs:label", _text("expertise", "en")),
        ("rdfs:comment", _text("A field in which the person is recognised as having expertise.", "en")),
        ("rdfs:domain", "foaf:Person"), ("rdfs:range", "skos:Concept")]))
    for scheme, (label, concepts) in SCHEMES.items():
        blocks.append(_block(f"<{DEF}{scheme}>", [("a", "skos:ConceptScheme"), ("skos:prefLabel", _text(label, "en"))]))
        for key, (pref, alts, broader) in concepts.items():
            pairs = [("a", "skos:Concept"), ("skos:prefLabel", _text(pref, "en"))]
            pairs += [("skos:altLabel", _text(alt, "en")) for alt in alts]
            pairs.append(("skos:inScheme", f"<{DEF}{scheme}>"))
            pairs.append(("skos:broader", _concept(scheme, broader)) if broader
                         else ("skos:topConceptOf", f"<{DEF}{scheme}>"))
            blocks.append(_block(_concept(scheme, key), pairs))
    blocks.append(_block(f"<{DEF}role>", [("a", "skos:ConceptScheme"), ("skos:prefLabel", _text("Staff roles", "en"))]))
    for key, (pref, alts) in ROLES.items():
        pairs = [("a", "org:Role"), ("skos:prefLabel", _text(pref, "en"))]
        pairs += [("skos:altLabel", _text(alt, "en")) for alt in alts]
        blocks.append(_block(_concept("role", key), pairs + [("skos:inScheme", f"<{DEF}role>")]))
    for key, (label, street, locality, postcode, country) in SITES.items():
        address = (f"[ a vcard:Address ;\n        vcard:street-address {_text(street)} ;\n"
                   f"        vcard:locality {_text(locality)} ;\n        vcard:postal-code {_text(postcode)} ;\n"
                   f"        vcard:country-name {_text(country)} ]")
        blocks.append(_block(f"<site/{key}>", [("a", "org:Site"), ("rdfs:label", _text(label, "en")),
                                               ("org:siteAddress", address)]))
    for key, (_, kind, labels, alt, code, classification, purpose, sites) in ORGS.items():
        pairs = [("a", f"org:{kind}")]
        pairs += [("skos:prefLabel", _text(label, language)) for language, label in labels.items()]
        if alt:
            pairs.append(("skos:altLabel", _text(alt)))
        if code and kind == "OrganizationalUnit":
            pairs.append(("skos:notation", f'"{code}"^^{UNIT_CODE}'))
        elif code:
            pairs.append(("org:identifier", f'"{code}"^^{PUBLIC_BODY_CODE}'))
        pairs.append(("org:classification", _concept("public-body-type", classification)))
        if purpose:
            pairs.append(("org:purpose", _concept("function", purpose)))
        pairs += [("org:hasUnit", _org(unit)) for unit in HAS_UNIT.get(key, [])]
        if key in UNIT_OF:
            pairs.append(("org:unitOf", _org(UNIT_OF[key])))
        if key in SUB_ORG_OF:
            pairs.append(("org:subOrganizationOf", _org(SUB_ORG_OF[key])))
        pairs += [("org:hasMember", _org(member)) for member in HAS_MEMBER.get(key, [])]
        pairs += [("org:hasSite", f"<site/{site}>") for site in sites]
        if key in ORG_CONTACTS:
            email, phone = ORG_CONTACTS[key]
            pairs += [("vcard:hasEmail", f"<mailto:{email}>"), ("vcard:hasTelephone", f"<tel:{phone}>")]
        for event, (originals, result, _, _, stated) in EVENTS.items():
            if key in originals:
                pairs.append(("org:changedBy", f"<{event}>"))
            if key == result and stated:
                pairs.append(("org:resultedFrom", f"<{event}>"))
        blocks.append(_block(_org(key), pairs))
    for number, (labelled, name, given, family, email, phone, expertise) in PEOPLE.items():
        pairs = [("a", "foaf:Person")]
        if labelled:
            pairs.append(("rdfs:label", _text(name)))
        if name:
            pairs.append(("foaf:name", _text(name)))
        pairs += [("foaf:givenName", _text(given)), ("foaf:familyName", _text(family))]
        if email:
            pairs.append(("vcard:hasEmail" if email[0] == "vcard" else "foaf:mbox", f"<mailto:{email[1]}>"))
        if phone:
            pairs.append(("vcard:hasTelephone", f"<tel:{phone}>"))
        pairs += [("org:holds", f"<{post}>") for post, (_, _, _, holder, stated) in POSTS.items()
                  if holder == number and stated]
        if number in HEAD_OF:
            pairs.append(("org:headOf", _org(HEAD_OF[number])))
        pairs += [("org:memberOf", _org(org)) for org in MEMBER_OF.get(number, [])]
        if number in BASED_AT:
            pairs.append(("org:basedAt", f"<site/{BASED_AT[number]}>"))
        pairs += [("dir:expertise", _concept("expertise", key)) for key in expertise]
        blocks.append(_block(f"<person/{number}>", pairs))
    for post, (label, org, reports_to, holder, _) in POSTS.items():
        pairs = [("a", "org:Post"), ("skos:prefLabel", _text(label, "en")), ("org:postIn", _org(org))]
        if reports_to:
            pairs.append(("org:reportsTo", f"<{reports_to}>"))
        if holder:
            pairs.append(("org:heldBy", f"<person/{holder}>"))
        blocks.append(_block(f"<{post}>", pairs))
    for number, (person, org, role, start, end) in MEMBERSHIPS.items():
        interval = f"[ a time:Interval ;\n        time:hasBeginning {_instant(start)}"
        interval += f" ;\n        time:hasEnd {_instant(end)} ]" if end else " ]"
        blocks.append(_block(f"<membership/{number}>", [
            ("a", "org:Membership"), ("org:member", f"<person/{person}>"), ("org:organization", _org(org)),
            ("org:role", _concept("role", role)), ("org:memberDuring", interval)]))
    for event, (originals, result, started, description, _) in EVENTS.items():
        pairs = [("a", "org:ChangeEvent"), ("dcterms:description", _text(description, "en"))]
        pairs += [("org:originalOrganization", _org(org)) for org in originals]
        pairs += [("org:resultingOrganization", _org(result)),
                  ("prov:startedAtTime", f'"{started}"^^xsd:dateTime')]
        blocks.append(_block(f"<{event}>", pairs))
    for key, (title, description, started, ended, people) in PROJECTS.items():
        pairs = [("a", "prov:Activity"), ("a", "foaf:Project"), ("dcterms:title", _text(title, "en")),
                 ("dcterms:description", _text(description, "en")),
                 ("prov:startedAtTime", f'"{started}"^^xsd:dateTime')]
        if ended:
            pairs.append(("prov:endedAtTime", f'"{ended}"^^xsd:dateTime'))
        pairs += [("prov:wasAssociatedWith", f"<person/{person}>") for person in people]
        blocks.append(_block(f"<project/{key}>", pairs))
    return "\n".join(blocks)


# ORG terms used: (kind, {language: label}, English comment (paraphrased), [(predicate, object)])
ORG_TERMS: dict[str, tuple[str, dict[str, str], str, list[tuple[str, str]]]] = {
    "Organization": ("owl:Class", {"en": "Organization", "fr": "Organisation", "it": "Organizzazione",
                                   "es": "organización"},
                     "A collection of people organized into a community or other social, commercial or political "
                     "structure, with a common purpose beyond its members, able to act as an Agent.",
                     [("rdfs:subClassOf", "foaf:Agent"), ("owl:equivalentClass", "foaf:Organization")]),
    "FormalOrganization": ("owl:Class", {"en": "Formal Organization", "fr": "Organisation Formelle",
                                         "it": "Organizzazione formale", "es": "organización formal"},
                           "An Organization recognized in the world at large, in particular in legal jurisdictions, "
                           "such as a corporation, charity, government or church.",
                           [("rdfs:subClassOf", "org:Organization"), ("rdfs:subClassOf", "foaf:Organization")]),
    "OrganizationalUnit": ("owl:Class", {"en": "OrganizationalUnit", "fr": "Unité opérationnelle",
                                         "it": "Unità Organizzativa", "es": "unidad organizativa"},
                           "An Organization, such as a department or support unit, that is part of a larger "
                           "FormalOrganization and is not a legal entity in its own right.",
                           [("rdfs:subClassOf", "org:Organization")]),
    "Site": ("owl:Class", {"en": "Site", "fr": "Site", "it": "Sede", "es": "sede"},
             "An office or other premise at which the organization is located.", []),
    "Post": ("owl:Class", {"en": "Post", "fr": "Poste", "it": "Impiego", "es": "puesto"},
             "A position within an organization that exists independently of the person or persons filling it.",
             []),
    "Role": ("owl:Class", {"en": "Role", "fr": "Rôle", "it": "Ruolo", "es": "actividad"},
             "A role that a Person or other Agent can take in an organization; a person playing it in a given "
             "organization is described by an org:Membership.", [("rdfs:subClassOf", "skos:Concept")]),
    "Membership": ("owl:Class", {"en": "Membership", "fr": "Engagement", "it": "Appartenenza", "es": "membresía"},
                   "The nature of an Agent's membership of an organization: an n-ary relation between an Agent, an "
                   "Organization and a Role.", []),
    "ChangeEvent": ("owl:Class", {"en": "Change Event", "fr": "Évènement", "it": "Evento di cambiamento",
                                  "es": "evento de cambio"},
                    "An event that resulted in a major change to an organization, such as a merger or complete "
                    "restructuring.", [("rdfs:subClassOf", "prov:Activity")]),
    "hasUnit": ("owl:ObjectProperty", {"en": "has Unit", "fr": "possède une Unité", "it": "ha Unit",
                                       "es": "contiene unidad"},
                "A unit which is part of this Organization, e.g. a Department within a larger FormalOrganization. "
                "Inverse of org:unitOf.",
                [("rdfs:domain", "org:FormalOrganization"), ("rdfs:range", "org:OrganizationalUnit"),
                 ("rdfs:subPropertyOf", "org:hasSubOrganization"), ("owl:inverseOf", "org:unitOf")]),
    "unitOf": ("owl:ObjectProperty", {"en": "unit Of", "fr": "unité de", "it": "unità di", "es": "es unidad de"},
               "An Organization of which this Unit is a part. Inverse of org:hasUnit.",
               [("rdfs:domain", "org:OrganizationalUnit"), ("rdfs:range", "org:FormalOrganization"),
                ("rdfs:subPropertyOf", "org:subOrganizationOf"), ("owl:inverseOf", "org:hasUnit")]),
    "subOrganizationOf": ("owl:ObjectProperty", {"en": "subOrganization of", "fr": "sous-Organization de",
                                                 "it": "sotto-Organization di", "es": "es suborganización de"},
                          "Hierarchical containment of Organizations or OrganizationalUnits: an Organization which "
                          "contains this one. Inverse of org:hasSubOrganization.",
                          [("rdfs:domain", "org:Organization"), ("rdfs:range", "org:Organization"),
                           ("owl:inverseOf", "org:hasSubOrganization")]),
    "hasMember": ("owl:ObjectProperty", {"en": "has member", "fr": "possède un membre", "it": "ha membro",
                                         "es": "tiene miembro"},
                  "An agent who is a member of the subject Organization. Inverse of org:memberOf.",
                  [("rdfs:domain", "org:Organization"), ("rdfs:range", "foaf:Agent"),
                   ("owl:inverseOf", "org:memberOf")]),
    "memberOf": ("owl:ObjectProperty", {"en": "member of", "fr": "membre de", "it": "membro di",
                                        "es": "es miembro de"},
                 "That a person is a member of the Organization, with no indication of the nature of that membership "
                 "or the role played.",
                 [("rdfs:domain", "foaf:Agent"), ("rdfs:range", "org:Organization"),
                  ("owl:inverseOf", "org:hasMember")]),
    "headOf": ("owl:ObjectProperty", {"en": "head of", "fr": "responsable de", "it": "responsabile di",
                                      "es": "es director ejecutivo de"},
               "That a person is the leader or formal head of the Organization.",
               [("rdfs:domain", "foaf:Agent"), ("rdfs:range", "org:Organization"),
                ("rdfs:subPropertyOf", "org:memberOf")]),
    "hasSite": ("owl:ObjectProperty", {"en": "has site", "fr": "a un site", "it": "ha sede", "es": "tiene sede en"},
                "A site at which the Organization has some presence. Inverse of org:siteOf.",
                [("rdfs:domain", "org:Organization"), ("rdfs:range", "org:Site"), ("owl:inverseOf", "org:siteOf")]),
    "siteAddress": ("owl:ObjectProperty", {"en": "site Address", "fr": "adresse du Site",
                                           "it": "indirizzo della sede", "es": "es la dirección de la sede"},
                    "An address for the site, preferably as a vCard.", [("rdfs:domain", "org:Site")]),
    "basedAt": ("owl:ObjectProperty", {"en": "based At", "fr": "basé à", "it": "basata a",
                                       "es": "trabaja en la sede"},
                "The site at which a person is based.", [("rdfs:domain", "foaf:Person"), ("rdfs:range", "org:Site")]),
    "holds": ("owl:ObjectProperty", {"en": "holds", "fr": "occupe", "it": "ricopre", "es": "ocupa"},
              "A Post held by some Agent. Inverse of org:heldBy.",
              [("rdfs:domain", "foaf:Agent"), ("rdfs:range", "org:Post"), ("owl:inverseOf", "org:heldBy")]),
    "heldBy": ("owl:ObjectProperty", {"en": "held by", "fr": "occupé par", "it": "ricoperto da",
                                      "es": "ocupado por"},
               "An Agent which holds a Post.", [("rdfs:domain", "org:Post"), ("rdfs:range", "foaf:Agent")]),
    "postIn": ("owl:ObjectProperty", {"en": "post in", "fr": "poste chez", "it": "impiego in",
                                      "es": "es un puesto en"},
               "The Organization in which the Post exists. Inverse of org:hasPost.",
               [("rdfs:domain", "org:Post"), ("rdfs:range", "org:Organization"), ("owl:inverseOf", "org:hasPost")]),
    "reportsTo": ("owl:ObjectProperty", {"en": "reports to", "fr": "est subordonné à", "it": "riporta a",
                                         "es": "responde ante"},
                  "A reporting relationship as might be depicted on an organizational chart, between agents or the "
                  "posts they hold.",
                  [("rdfs:domain", "[ a owl:Class ; owl:unionOf ( foaf:Agent org:Post ) ]"),
                   ("rdfs:range", "[ a owl:Class ; owl:unionOf ( foaf:Agent org:Post ) ]")]),
    "member": ("owl:ObjectProperty", {"en": "member", "fr": "membre", "it": "membro",
                                      "es": "es condición de miembro sobre agente"},
               "The Person (or other Agent) involved in the Membership. Inverse of org:hasMembership.",
               [("rdf:type", "owl:FunctionalProperty"), ("rdfs:domain", "org:Membership"),
                ("rdfs:range", "foaf:Agent"), ("owl:inverseOf", "org:hasMembership")]),
    "organization": ("owl:ObjectProperty", {"en": "organization", "fr": "organisation", "it": "organizzazione",
                                            "es": "es condición de miembro sobre organización"},
                     "The Organization in which the Agent is a member.",
                     [("rdf:type", "owl:FunctionalProperty"), ("rdfs:domain", "org:Membership"),
                      ("rdfs:range", "org:Organization")]),
    "role": ("owl:ObjectProperty", {"en": "role", "fr": "rôle", "it": "ruolo", "es": "desempeña la actividad de"},
             "The Role that the Agent plays in a Membership relationship with an Organization.",
             [("rdfs:domain", "[ a owl:Class ; owl:unionOf ( org:Membership org:Post ) ]"),
              ("rdfs:range", "org:Role")]),
    "memberDuring": ("owl:ObjectProperty", {"en": "member During", "fr": "durée d'engagement",
                                            "it": "membro durante", "es": "es miembro durante"},
                     "Optional property giving the interval for which the membership is or was valid.",
                     [("rdfs:domain", "org:Membership")]),
    "classification": ("owl:ObjectProperty", {"en": "classification", "fr": "classification",
                                              "it": "classificazione", "es": "pertenece a la clasificación"},
                       "A classification for this Organization within some classification scheme.",
                       [("rdfs:domain", "org:Organization"), ("rdfs:range", "skos:Concept")]),
    "identifier": ("owl:DatatypeProperty", {"en": "identifier", "fr": "identifiant", "it": "identificatore",
                                            "es": "tiene identificador"},
                   "An identifier, such as a company registration number, that uniquely identifies the organization; "
                   "its scheme is given by the datatype of the value.",
                   [("rdfs:domain", "org:Organization"), ("rdfs:subPropertyOf", "skos:notation")]),
    "purpose": ("rdf:Property", {"en": "purpose", "fr": "but", "it": "obiettivo", "es": "tiene objetivo"},
                "The purpose of this Organization, ideally a skos:Concept of a controlled list. Alternative names: "
                "remit, responsibility.", [("rdfs:domain", "org:Organization")]),
    "changedBy": ("owl:ObjectProperty", {"en": "changed by", "fr": "modifiée par", "it": "cambiata da",
                                         "es": "es modificada por"},
                  "A change event which resulted in a change to this organization. Inverse of "
                  "org:originalOrganization.",
                  [("rdfs:domain", "org:Organization"), ("rdfs:range", "org:ChangeEvent"),
                   ("owl:inverseOf", "org:originalOrganization")]),
    "originalOrganization": ("owl:ObjectProperty", {"en": "original organization", "fr": "organisation originelle",
                                                    "it": "organizzazione originale",
                                                    "es": "es organización original"},
                             "One or more organizations that existed before the change event. Inverse of "
                             "org:changedBy.",
                             [("rdfs:domain", "org:ChangeEvent"), ("rdfs:range", "org:Organization"),
                              ("rdfs:subPropertyOf", "prov:used"), ("owl:inverseOf", "org:changedBy")]),
    "resultingOrganization": ("owl:ObjectProperty", {"en": "resulted in", "fr": "a donné naissance à",
                                                     "it": "risultato in", "es": "resulta en"},
                              "An organization which was created or changed as a result of the event. Inverse of "
                              "org:resultedFrom.",
                              [("rdfs:domain", "org:ChangeEvent"), ("rdfs:range", "org:Organization"),
                               ("owl:inverseOf", "org:resultedFrom")]),
    "resultedFrom": ("owl:ObjectProperty", {"en": "resulted from", "fr": "issue de", "it": "risultato da",
                                            "es": "es el resultado de"},
                     "An event which resulted in this organization. Inverse of org:resultingOrganization.",
                     [("rdfs:domain", "org:Organization"), ("rdfs:range", "org:ChangeEvent"),
                      ("rdfs:subPropertyOf", "prov:wasGeneratedBy"),
                      ("owl:inverseOf", "org:resultingOrganization")]),
}


def ontology() -> str:
    blocks = [PREFIXES]
    blocks.append(_block("<http://www.w3.org/ns/org#>", [
        ("a", "owl:Ontology"), ("rdfs:label", _text("Core organization ontology", "en")),
        ("rdfs:label", _text("Ontologie des organisations", "fr")),
        ("rdfs:label", _text("Ontologia delle organizzazioni", "it")),
        ("rdfs:label", _text("Ontología de organizaciones", "es")),
        ("dcterms:title", _text("Core organization ontology", "en")),
        ("rdfs:comment", _text("Vocabulary for describing organizational structures, specializable to a broad "
                               "variety of types of organization.", "en")),
        ("owl:versionInfo", _text("0.8")), ("rdfs:seeAlso", "<http://www.w3.org/TR/vocab-org/>")]))
    for term, (kind, labels, comment, more) in ORG_TERMS.items():
        pairs = [("a", kind)]
        if kind != "owl:Class":
            pairs.append(("a", "rdf:Property"))
        pairs += [("rdfs:label", _text(label, language)) for language, label in labels.items()]
        pairs += [("rdfs:comment", _text(comment, "en")), *more,
                  ("rdfs:isDefinedBy", "<http://www.w3.org/ns/org>")]
        blocks.append(_block(f"org:{term}", pairs))
    return "\n".join(blocks)


def write_graph(out: Path) -> list[Path]:
    """The ministry's data and the ORG excerpt as two Turtle files in ``out``; the files written."""
    return written(out, {"mwcr-organogram.ttl": data(), "org.ttl": ontology()})


if __name__ == "__main__":
    run(__doc__, write_graph, "org")
