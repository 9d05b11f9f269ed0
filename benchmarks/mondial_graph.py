"""A thirty-second stand-in: made-up countries in the layout of the **MONDIAL** geography database's RDF version
(Wolfgang May, Göttingen), as its dump ``mondial.rdf`` states them: one RDF/XML file with the ontology's namespace
``http://www.semwebtech.org/mondial/10/meta#`` as the default and ``xml:base`` ``http://www.semwebtech.org/mondial/
10/``, so every resource is a relative path ending in a slash — ``continents/Borealia/``, a country at its car code
(``countries/VD/``), its provinces and their cities under it (``countries/VD/provinces/Nordmark/``,
``countries/VD/provinces/Nordmark/cities/Corvana/``; a country without provinces holds its cities itself,
``countries/PZ/cities/Porvenza/``, a city-state named as its capital), ``rivers/Sarn/``, ``lakes/Lake+Velmar/`` (a
space written ``+``), ``mountains/Kaldr/``, ``seas/Grey+Sea/``, ``organizations/BU/`` (at its abbreviation),
``languages/Valdorian/``, ``ethnicgroups/Dravs/``. Each resource a typed element (``<Country rdf:about=...>``),
named by ``name`` alone (no ``rdfs:label``); numbers carry their XSD datatype (``area``, ``length``, ``elevation``,
``depth``, ``latitude``, ``longitude``, ``percent``, ``gdpTotal``, ``inflation`` ``xsd:decimal``; ``population``,
``year`` and ``value`` ``xsd:nonNegativeInteger``; ``independenceDate`` and ``established`` ``xsd:date``), text is
plain. A ``Country`` has ``carCode``, ``area``, ``capital``, ``population`` (the latest count), ``populationGrowth``,
``infantMortality``, ``gdpTotal``, ``inflation``, ``unemployment``, ``independenceDate`` (not every one),
``government``, ``encompassed`` (its continents) and, per continent, ``encompassedByInfo`` a blank ``Encompassed``
(``encompassedArea`` the country, ``encompassedBy`` the continent, ``percent``), ``hadPopulation`` blank
``PopulationCount`` nodes (``year``, ``value``; the latest repeats ``population``), ``languageInfo`` blank
``SpokenBy`` (``onLanguage``, ``percent``), ``ethnicInfo`` blank ``EthnicProportion`` (``onEthnicGroup``,
``percent``), ``neighbor`` (both ways), ``isMember`` (every organization it has any membership in), ``hasProvince``
and ``hasCity`` (all its cities). A ``Province``: ``name``, ``isProvinceOf``, ``area``, ``population`` with its
``hadPopulation``, ``capital``, ``hasCity``. A ``City``: ``name``, ``cityIn`` its province and its country,
``population`` with ``hadPopulation`` counts, ``latitude``, ``longitude``, ``elevation``, ``locatedAt`` the waters it
lies on. A ``River``: ``length``, ``locatedIn`` each country and province it crosses, ``flowsInto`` a sea, lake or
river, ``flowsThrough`` lakes, ``hasSource`` / ``hasEstuary`` blank ``Source`` / ``Estuary`` nodes (``latitude``,
``longitude``, ``elevation``). ``Lake`` (``area``, ``depth``, ``elevation``, coordinates), ``Mountain``
(``elevation``, coordinates), ``Sea`` (``area``, ``depth``) are ``locatedIn`` countries and provinces; a
``Continent`` has an ``area``; an ``Organization`` ``abbrev``, ``name``, ``established`` and ``hasHeadq`` a city.
Memberships are top-level blank ``Membership`` nodes (``ofMember``, ``inOrganization``, ``type`` "member" or
"observer") and borders top-level blank ``Border`` nodes (``isBorderOf`` both countries, ``length``). The ontology
(``mondial-meta.n3``) is published apart and is not loaded, as a user taking the data alone would not.

``mondial_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 59). Reuses the saga benchmark's runner.

    python benchmarks/mondial_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from saga_graph import run, written

BASE = "http://www.semwebtech.org/mondial/10/"
XSD = "http://www.w3.org/2001/XMLSchema#"
ROOT = ('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        f'xmlns="http://www.semwebtech.org/mondial/10/meta#" xml:base="{BASE}">')
# name: area in km²
CONTINENTS = {"Borealia": 10180000, "Meridia": 14320000}
# car code: the country; populations {year: count}, the last the current one; continents, languages and ethnic
# groups {name: percent}
COUNTRIES: dict[str, dict[str, Any]] = {
    "VD": dict(name="Valdoria", capital="Corvana", area=84210, growth=0.42, infant=3.9, gdp=142500, inflation=2.1,
               unemployment=5.6, independence="1918-11-03", government="parliamentary republic",
               populations={1991: 5702400, 2011: 5981900, 2021: 6124300}, continents={"Borealia": 100},
               languages={"Valdorian": 91, "Kestrian": 9}, ethnic={"Valdorians": 88, "Kestrians": 10}),
    "KS": dict(name="Kestria", capital="Ambrel", area=41370, growth=-0.31, infant=4.4, gdp=61200, inflation=1.4,
               unemployment=7.2, government="constitutional monarchy",
               populations={1991: 3010200, 2021: 2871500}, continents={"Borealia": 100},
               languages={"Kestrian": 97}, ethnic={"Kestrians": 95}),
    "LS": dict(name="Lussania", capital="Ildara", area=128940, growth=0.88, infant=11.2, gdp=98700, inflation=6.8,
               unemployment=9.4, independence="1962-07-14", government="federal republic",
               populations={1990: 7815000, 2020: 9402100}, continents={"Borealia": 35, "Meridia": 65},
               languages={"Lussanian": 74, "Valdorian": 12}, ethnic={"Lussanians": 70, "Dravs": 18}),
    "DR": dict(name="Dravonia", capital="Sefrin", area=213600, growth=2.3, infant=38.5, gdp=44300, inflation=11.3,
               unemployment=14.1, independence="1975-06-25", government="presidential republic",
               populations={1990: 11204000, 2020: 15870200}, continents={"Meridia": 100},
               languages={"Dravic": 83, "Lussanian": 15}, ethnic={"Dravs": 90}),
    "PZ": dict(name="Porvenza", capital="Porvenza", area=61.5, growth=0.6, infant=2.8, gdp=5100, inflation=0.9,
               independence="1860-02-11", government="principality", populations={2011: 36100, 2021: 38400},
               continents={"Borealia": 100}, languages={"Lussanian": 60, "Valdorian": 40}, ethnic={"Lussanians": 55}),
}
# (car code, province): area, capital, populations
PROVINCES: dict[tuple[str, str], dict[str, Any]] = {
    ("VD", "Nordmark"): dict(area=31800, capital="Corvana", populations={2021: 2904100}),
    ("VD", "Sudvale"): dict(area=52410, capital="Tressa", populations={2021: 3220200}),
    ("KS", "Ambrelland"): dict(area=17950, capital="Ambrel", populations={2021: 1688000}),
    ("KS", "Ostmere"): dict(area=23420, capital="Pellin", populations={2021: 1183500}),
    ("LS", "Vessa"): dict(area=40210, capital="Ildara", populations={2020: 4410700}),
    ("LS", "Korthal"): dict(area=88730, capital="Brennik", populations={2020: 4991400}),
    ("DR", "Sefra"): dict(area=96500, capital="Sefrin", populations={2020: 9120000}),
    ("DR", "Lower Oukar"): dict(area=117100, capital="Oukar", populations={2020: 6750200}),
}
# name: car code, province (None in a country without provinces), populations, latitude, longitude, elevation,
#       the waters it lies on
CITIES: dict[str, dict[str, Any]] = {
    "Corvana": dict(country="VD", province="Nordmark", populations={2011: 1150300, 2021: 1204500}, lat=58.42,
                    long=14.37, elevation=38, at=["Sarn"]),
    "Hallisk": dict(country="VD", province="Nordmark", populations={2011: 224100, 2021: 218300}, lat=59.81,
                    long=12.95, elevation=112, at=["Tessel"]),
    "Tressa": dict(country="VD", province="Sudvale", populations={2011: 389500, 2021: 406900}, lat=55.63,
                   long=15.02, elevation=164, at=[]),
    "Ambrel": dict(country="KS", province="Ambrelland", populations={2011: 690200, 2021: 702800}, lat=57.08,
                   long=18.66, elevation=6, at=["Sarn", "Grey Sea"]),
    "Pellin": dict(country="KS", province="Ostmere", populations={2011: 151900, 2021: 143200}, lat=58.95,
                   long=20.41, elevation=71, at=[]),
    "Ildara": dict(country="LS", province="Vessa", populations={2010: 2004300, 2020: 2315600}, lat=49.27,
                   long=17.83, elevation=205, at=["Ilda"]),
    "Zoltsa": dict(country="LS", province="Vessa", populations={2010: 287400, 2020: 311000}, lat=48.52,
                   long=16.94, elevation=310, at=[]),
    "Brennik": dict(country="LS", province="Korthal", populations={2010: 801700, 2020: 874100}, lat=46.11,
                    long=21.06, elevation=455, at=[]),
    "Sefrin": dict(country="DR", province="Sefra", populations={2010: 3120500, 2020: 3902000}, lat=41.35,
                   long=19.74, elevation=88, at=["Lake Orsk"]),
    "Oukar": dict(country="DR", province="Lower Oukar", populations={2010: 904600, 2020: 1127400}, lat=39.88,
                  long=22.51, elevation=42, at=["Ilda"]),
    "Porvenza": dict(country="PZ", province=None, populations={2011: 29800, 2021: 31200}, lat=47.02, long=18.2,
                     elevation=260, at=[]),
}
# name: length in km, countries, provinces, what it flows into, lakes it flows through,
#       source and estuary (latitude, longitude, elevation)
RIVERS: dict[str, dict[str, Any]] = {
    "Sarn": dict(length=812, countries=["VD", "KS"], provinces=[("VD", "Nordmark"), ("KS", "Ambrelland")],
                 into="Grey Sea", through=["Lake Velmar"], source=(60.12, 11.84, 1420), estuary=(57.05, 18.71, 0)),
    "Ilda": dict(length=1436, countries=["LS", "DR"],
                 provinces=[("LS", "Vessa"), ("DR", "Lower Oukar"), ("DR", "Sefra")], into="Lake Orsk", through=[],
                 source=(50.33, 15.92, 1185), estuary=(41.02, 20.36, 96)),
    "Tessel": dict(length=295, countries=["VD"], provinces=[("VD", "Nordmark"), ("VD", "Sudvale")], into="Sarn",
                   through=[], source=(56.21, 14.11, 640), estuary=(58.77, 13.62, 171)),
}
# name: area, depth, elevation, latitude, longitude, countries, provinces
LAKES: dict[str, dict[str, Any]] = {
    "Lake Velmar": dict(area=412, depth=68, elevation=231, lat=59.02, long=14.9, countries=["VD", "KS"],
                        provinces=[("VD", "Nordmark"), ("KS", "Ambrelland")]),
    "Lake Orsk": dict(area=1870, depth=41, elevation=96, lat=41.05, long=20.4, countries=["DR"],
                      provinces=[("DR", "Sefra")]),
}
# name: elevation, latitude, longitude, countries, provinces
MOUNTAINS: dict[str, dict[str, Any]] = {
    "Hallgrat": dict(elevation=2760, lat=59.44, long=19.2, countries=["VD", "KS"],
                     provinces=[("VD", "Nordmark"), ("KS", "Ostmere")]),
    "Kaldr": dict(elevation=3412, lat=46.58, long=21.77, countries=["LS"], provinces=[("LS", "Korthal")]),
}
# name: area, depth, countries
SEAS: dict[str, dict[str, Any]] = {"Grey Sea": dict(area=98000, depth=2150, countries=["VD", "KS"])}
# abbreviation: name, established, headquarters, members {car code: type}
ORGANIZATIONS: dict[str, dict[str, Any]] = {
    "BU": dict(name="Borealian Union", established="1967-05-09", headquarters="Ambrel",
               members={"VD": "member", "KS": "member", "LS": "member", "PZ": "observer"}),
    "MTC": dict(name="Meridian Trade Council", established="1981-10-02", headquarters="Sefrin",
                members={"DR": "member", "LS": "member"}),
}
# the two countries, length in km
BORDERS = [("VD", "KS", 312), ("VD", "LS", 488), ("LS", "DR", 905), ("LS", "PZ", 14)]


def _path(name: str) -> str:
    return name.replace(" ", "+")


def _province(code: str, province: str) -> str:
    return f"countries/{code}/provinces/{_path(province)}/"


def _city(name: str) -> str:
    city = CITIES[name]
    home = _province(city["country"], city["province"]) if city["province"] else f"countries/{city['country']}/"
    return f"{home}cities/{_path(name)}/"


def _water(name: str) -> str:
    kind = "rivers" if name in RIVERS else "lakes" if name in LAKES else "seas"
    return f"{kind}/{_path(name)}/"


def _typed(prop: str, value: object, kind: str = "decimal") -> str:
    return f'<{prop} rdf:datatype="{XSD}{kind}">{value}</{prop}>'


def _ref(prop: str, path: str) -> str:
    return f'<{prop} rdf:resource="{path}"/>'


def _populations(counts: dict[int, int]) -> list[str]:
    """The current count, then one blank ``PopulationCount`` per year."""
    lines = [_typed("population", list(counts.values())[-1], "nonNegativeInteger")]
    lines += [f"<hadPopulation><PopulationCount>{_typed('year', year, 'nonNegativeInteger')}"
              f"{_typed('value', value, 'nonNegativeInteger')}</PopulationCount></hadPopulation>"
              for year, value in counts.items()]
    return lines


def _coordinates(thing: dict[str, Any]) -> list[str]:
    return [_typed("latitude", thing["lat"]), _typed("longitude", thing["long"])]


def _located(thing: dict[str, Any]) -> list[str]:
    return ([_ref("locatedIn", f"countries/{code}/") for code in thing["countries"]]
            + [_ref("locatedIn", _province(code, name)) for code, name in thing.get("provinces", [])])


def _element(kind: str, path: str, lines: list[str]) -> str:
    return f'<{kind} rdf:about="{path}">\n' + "\n".join(f"  {line}" for line in lines) + f"\n</{kind}>"


def country(code: str) -> list[str]:
    """The country's element, then its provinces' and its cities'."""
    c, home = COUNTRIES[code], f"countries/{code}/"
    lines = [f"<name>{c['name']}</name>", f"<carCode>{code}</carCode>", _typed("area", c["area"]),
             _ref("capital", _city(c["capital"]))]
    lines += _populations(c["populations"])
    lines += [_typed("populationGrowth", c["growth"]), _typed("infantMortality", c["infant"]),
              _typed("gdpTotal", c["gdp"]), _typed("inflation", c["inflation"])]
    if "unemployment" in c:
        lines.append(_typed("unemployment", c["unemployment"]))
    if "independence" in c:
        lines.append(_typed("independenceDate", c["independence"], "date"))
    lines.append(f"<government>{c['government']}</government>")
    lines += [_ref("encompassed", f"continents/{name}/") for name in c["continents"]]
    lines += [f"<encompassedByInfo><Encompassed>{_ref('encompassedArea', home)}"
              f"{_ref('encompassedBy', f'continents/{name}/')}{_typed('percent', percent)}"
              "</Encompassed></encompassedByInfo>" for name, percent in c["continents"].items()]
    lines += [f"<languageInfo><SpokenBy>{_ref('onLanguage', f'languages/{name}/')}{_typed('percent', percent)}"
              "</SpokenBy></languageInfo>" for name, percent in c["languages"].items()]
    lines += [f"<ethnicInfo><EthnicProportion>{_ref('onEthnicGroup', f'ethnicgroups/{name}/')}"
              f"{_typed('percent', percent)}</EthnicProportion></ethnicInfo>" for name, percent in c["ethnic"].items()]
    lines += [_ref("neighbor", f"countries/{b if a == code else a}/") for a, b, _ in BORDERS if code in (a, b)]
    lines += [_ref("isMember", f"organizations/{abbrev}/") for abbrev, org in ORGANIZATIONS.items()
              if code in org["members"]]
    provinces = [name for (owner, name) in PROVINCES if owner == code]
    lines += [_ref("hasProvince", _province(code, name)) for name in provinces]
    cities = [name for name, city in CITIES.items() if city["country"] == code]
    lines += [_ref("hasCity", _city(name)) for name in cities]
    elements = [_element("Country", home, lines)]
    for name in provinces:
        p = PROVINCES[(code, name)]
        lines = [f"<name>{name}</name>", _ref("isProvinceOf", home), _typed("area", p["area"])]
        lines += _populations(p["populations"]) + [_ref("capital", _city(p["capital"]))]
        lines += [_ref("hasCity", _city(city)) for city in cities if CITIES[city]["province"] == name]
        elements.append(_element("Province", _province(code, name), lines))
    for name in cities:
        city = CITIES[name]
        lines = [f"<name>{name}</name>"]
        if city["province"]:
            lines.append(_ref("cityIn", _province(code, city["province"])))
        lines.append(_ref("cityIn", home))
        lines += _populations(city["populations"]) + _coordinates(city) + [_typed("elevation", city["elevation"])]
        lines += [_ref("locatedAt", _water(water)) for water in city["at"]]
        elements.append(_element("City", _city(name), lines))
    return elements


def _end(kind: str, point: tuple[float, float, int]) -> str:
    lat, long, elevation = point
    return (f"<has{kind}><{kind}>{_typed('latitude', lat)}{_typed('longitude', long)}"
            f"{_typed('elevation', elevation)}</{kind}></has{kind}>")


def dump() -> str:
    elements = [_element("Continent", f"continents/{name}/", [f"<name>{name}</name>", _typed("area", area)])
                for name, area in CONTINENTS.items()]
    for code in COUNTRIES:
        elements += country(code)
    for abbrev, org in ORGANIZATIONS.items():
        elements.append(_element("Organization", f"organizations/{abbrev}/", [
            f"<abbrev>{abbrev}</abbrev>", f"<name>{org['name']}</name>",
            _typed("established", org["established"], "date"), _ref("hasHeadq", _city(org["headquarters"]))]))
        elements += [f"<Membership>{_ref('ofMember', f'countries/{code}/')}"
                     f"{_ref('inOrganization', f'organizations/{abbrev}/')}<type>{kind}</type></Membership>"
                     for code, kind in org["members"].items()]
    elements += [f"<Border>{_ref('isBorderOf', f'countries/{a}/')}{_ref('isBorderOf', f'countries/{b}/')}"
                 f"{_typed('length', length)}</Border>" for a, b, length in BORDERS]
    for name, sea in SEAS.items():
        elements.append(_element("Sea", _water(name), [f"<name>{name}</name>", *_located(sea),
                                                       _typed("area", sea["area"]), _typed("depth", sea["depth"])]))
    for name, river in RIVERS.items():
        lines = [f"<name>{name}</name>", *_located(river), _ref("flowsInto", _water(river["into"]))]
        lines += [_ref("flowsThrough", _water(lake)) for lake in river["through"]]
        lines += [_typed("length", river["length"]), _end("Source", river["source"]),
                  _end("Estuary", river["estuary"])]
        elements.append(_element("River", _water(name), lines))
    for name, lake in LAKES.items():
        elements.append(_element("Lake", _water(name), [
            f"<name>{name}</name>", *_located(lake), _typed("area", lake["area"]), _typed("depth", lake["depth"]),
            _typed("elevation", lake["elevation"]), *_coordinates(lake)]))
    for name, mountain in MOUNTAINS.items():
        elements.append(_element("Mountain", f"mountains/{_path(name)}/", [
            f"<name>{name}</name>", *_located(mountain), _typed("elevation", mountain["elevation"]),
            *_coordinates(mountain)]))
    languages = dict.fromkeys(name for c in COUNTRIES.values() for name in c["languages"])
    elements += [_element("Language", f"languages/{name}/", [f"<name>{name}</name>"]) for name in languages]
    groups = dict.fromkeys(name for c in COUNTRIES.values() for name in c["ethnic"])
    elements += [_element("EthnicGroup", f"ethnicgroups/{name}/", [f"<name>{name}</name>"]) for name in groups]
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ROOT + "\n" + "\n".join(elements) + "\n</rdf:RDF>\n"


def write_graph(out: Path) -> list[Path]:
    """The dump, ``mondial.rdf``, in ``out``; the files written."""
    return written(out, {"mondial.rdf": dump()})


if __name__ == "__main__":
    run(__doc__, write_graph, "mondial")
