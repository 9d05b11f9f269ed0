"""A sixth stand-in for a real third-party graph: Star Wars as a graph built from SWAPI and Wikidata would have it,
written from memory (not from any published graph), with generated minor characters and planets for scale.

Its traits: SWAPI's people, films, planets, species, starships and vehicles with camelCase properties labelled by an
OWL ontology ("Home world"); Wikidata-style family, membership, birth places and dates; film credits behind nodes
naming a role and cast members joining an actor and a character; awards behind statement nodes with a year; labels
in six languages and alt labels ("Chewie", "Krieg der Sterne"); a language tag a strict parser rejects; ``pad``
generated characters (1,500 by default: 22,617 triples; 5,000 make 69,850).

``swapi_questions.tsv`` (30 answerable + 10 the graph cannot answer) was written before the first run (session 34;
its first run: 27 correct, 0 wrong, 10/10 unanswerable `missing`); ``swapi_repeats.tsv`` (same patterns, other
entities) after it. Reuses the saga benchmark's runner.

    python benchmarks/swapi_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

import random
from pathlib import Path

from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS, XSD
from saga_graph import run

V = Namespace("https://swapi.example/vocabulary/")
R = "https://swapi.example/resource/"
WD = Namespace("http://www.wikidata.org/entity/")


PAD = 1500  # generated minor characters


def res(kind: str, name: str) -> URIRef:
    return URIRef(R + kind + "/" + name.replace(" ", "_").replace("'", "").replace(".", ""))


def write_graph(out: Path, pad: int = PAD) -> list[Path]:
    """Write data.ttl and ontology.ttl into ``out``; ``pad`` generated minor characters."""
    g = Graph()
    ont = Graph()
    for p, n in (("voc", V), ("owl", OWL), ("skos", SKOS), ("wd", WD)):
        g.bind(p, n)
        ont.bind(p, n)

    CLASSES = {
        "Character": "Character",
        "Film": "Film",
        "Planet": "Planet",
        "Species": "Species",
        "Starship": "Starship",
        "Vehicle": "Vehicle",
        "Person": "Person",
        "Award": "Award",
        "City": "City",
        "Organization": "Organization",
        "Credit": "Film credit",
        "CastMember": "Cast member",
        "AwardStatement": "Award statement",
    }
    for c, lab in CLASSES.items():
        ont.add((V[c], RDF.type, OWL.Class))
        ont.add((V[c], RDFS.label, Literal(lab, lang="en")))

    PROPS = {  # local name: (label, object property?)
        "homeworld": ("Home world", True),
        "birthYear": ("birth year", False),
        "height": ("height", False),
        "mass": ("mass", False),
        "eyeColor": ("eye color", False),
        "hairColor": ("hair color", False),
        "skinColor": ("skin color", False),
        "gender": ("gender", False),
        "species": ("species", True),
        "film": ("film", True),
        "pilot": ("pilot", True),
        "manufacturer": ("manufacturer", False),
        "model": ("model", False),
        "starshipClass": ("starship class", False),
        "vehicleClass": ("vehicle class", False),
        "costInCredits": ("cost in credits", False),
        "length": ("length", False),
        "crew": ("crew", False),
        "passengers": ("passengers", False),
        "hyperdriveRating": ("hyperdrive rating", False),
        "maxAtmospheringSpeed": ("max atmosphering speed", False),
        "climate": ("climate", False),
        "terrain": ("terrain", False),
        "population": ("population", False),
        "diameter": ("diameter", False),
        "gravity": ("gravity", False),
        "rotationPeriod": ("rotation period", False),
        "orbitalPeriod": ("orbital period", False),
        "resident": ("resident", True),
        "releaseDate": ("release date", False),
        "episodeId": ("episode id", False),
        "openingCrawl": ("opening crawl", False),
        "language": ("language", False),
        "averageLifespan": ("average lifespan", False),
        "averageHeight": ("average height", False),
        "classification": ("classification", False),
        "designation": ("designation", False),
        "birthPlace": ("place of birth", True),
        "birthDate": ("date of birth", False),
        "deathDate": ("date of death", False),
        "father": ("father", True),
        "mother": ("mother", True),
        "sibling": ("sibling", True),
        "spouse": ("spouse", True),
        "memberOf": ("member of", True),
        "credit": ("credit", True),
        "role": ("role", False),
        "person": ("person", True),
        "castMember": ("cast member", True),
        "actor": ("actor", True),
        "character": ("character", True),
        "awardStatement": ("award", True),
        "awardReceived": ("award received", True),
        "pointInTime": ("point in time", False),
        "country": ("country", True),
        "wikidataId": ("Wikidata ID", False),
    }
    for p, (lab, obj) in PROPS.items():
        ont.add((V[p], RDF.type, OWL.ObjectProperty if obj else OWL.DatatypeProperty))
        ont.add((V[p], RDFS.label, Literal(lab, lang="en")))
    ont.add((V.homeworld, RDFS.label, Literal("Heimatwelt", lang="de")))
    ont.add((V.birthPlace, RDFS.label, Literal("Geburtsort", lang="de")))

    def ent(kind, name, cls, labels=(), alts=(), qid=None):
        s = res(kind, name)
        g.add((s, RDF.type, V[cls]))
        g.add((s, RDFS.label, Literal(name, lang="en")))
        for lang, lab in labels:
            g.add((s, RDFS.label, Literal(lab, lang=lang) if lang else Literal(lab)))
        for a in alts:
            g.add((s, SKOS.altLabel, Literal(a, lang="en")))
        if qid:
            g.add((s, OWL.sameAs, WD[qid]))
            g.add((s, V.wikidataId, Literal(qid)))
        return s

    def lit(s, p, v, dt=None):
        if v is None:
            return
        g.add((s, V[p], Literal(v, datatype=dt) if dt else Literal(v)))

    PLANETS = [  # name, climate, terrain, population, diameter, gravity, rotation, orbital, labels
        (
            "Tatooine",
            "arid",
            "desert",
            "200000",
            "10465",
            "1 standard",
            "23",
            "304",
            [("ru", "Татуин"), ("ja", "タトゥイーン")],
        ),
        (
            "Alderaan",
            "temperate",
            "grasslands, mountains",
            "2000000000",
            "12500",
            "1 standard",
            "24",
            "364",
            [("ru", "Альдераан")],
        ),
        ("Yavin IV", "temperate, tropical", "jungle, rainforests", "1000", "10200", "1 standard", "24", "4818", []),
        (
            "Hoth",
            "frozen",
            "tundra, ice caves, mountain ranges",
            None,
            "7200",
            "1.1 standard",
            "23",
            "549",
            [("ru", "Хот")],
        ),
        ("Dagobah", "murky", "swamp, jungles", None, "8900", None, "23", "341", []),
        (
            "Bespin",
            "temperate",
            "gas giant",
            "6000000",
            "118000",
            "1.5 (surface), 1 standard (Cloud City)",
            "12",
            "5110",
            [],
        ),
        ("Endor", "temperate", "forests, mountains, lakes", "30000000", "4900", "0.85 standard", "18", "402", []),
        (
            "Naboo",
            "temperate",
            "grassy hills, swamps, forests, mountains",
            "4500000000",
            "12120",
            "1 standard",
            "26",
            "312",
            [("de", "Naboo")],
        ),
        (
            "Coruscant",
            "temperate",
            "cityscape, mountains",
            "1000000000000",
            "12240",
            "1 standard",
            "24",
            "368",
            [("ja", "コルサント")],
        ),
        ("Kamino", "temperate", "ocean", "1000000000", "19720", "1 standard", "27", "463", []),
        (
            "Geonosis",
            "temperate, arid",
            "rock, desert, mountain, barren",
            "100000000000",
            "11370",
            "0.9 standard",
            "30",
            "256",
            [],
        ),
        ("Mustafar", "hot", "volcanoes, lava rivers, mountains, caves", "20000", "4200", "1 standard", "36", "412", []),
        ("Kashyyyk", "tropical", "jungle, forests, lakes, rivers", "45000000", "12765", "1 standard", "26", "381", []),
        (
            "Corellia",
            "temperate",
            "plains, urban, hills, forests",
            "3000000000",
            "11000",
            "1 standard",
            "25",
            "329",
            [],
        ),
        ("Rodia", "hot", "jungles, oceans, urban, swamps", "1300000000", "7549", "1 standard", "29", "305", []),
        ("Nal Hutta", "temperate", "urban, oceans, swamps, bogs", "7000000000", "12150", "1 standard", "87", "413", []),
        ("Stewjon", "temperate", "grass", None, "0", "1 standard", None, None, []),
        ("Socorro", "arid", "deserts, mountains", "300000000", "0", "1 standard", "20", "326", []),
        ("Dathomir", "temperate", "forests, deserts, savannas", "5200", "10480", None, "9", "491", []),
        ("Serenno", None, "rainforests, rivers, mountains", None, None, None, None, None, []),
        ("Haruun Kal", "temperate", "toxic cloudsea, plateaus, volcanoes", "705300", "10120", "0.98", "25", "383", []),
        ("Jakku", None, "deserts", None, None, None, None, None, []),
        (
            "Utapau",
            "temperate, arid, windy",
            "scrublands, savanna, canyons, sinkholes",
            "95000000",
            "12900",
            "1 standard",
            "27",
            "351",
            [],
        ),
        (
            "Kalee",
            "arid, temperate, tropical",
            "rainforests, cliffs, canyons, seas",
            "4000000000",
            "13850",
            "1",
            "23",
            "378",
            [],
        ),
        ("Trandosha", "arid", "mountains, seas, grasslands, deserts", "42000000", "0", "0.62", "25", "371", []),
        ("Iridonia", None, "rocky canyons, acid pools", None, None, None, "29", "413", []),
        ("Polis Massa", "artificial temperate", "airless asteroid", "1000000", "0", "0.56 standard", "24", "590", []),
    ]
    P = {}
    for name, clim, terr, pop, diam, grav, rot, orb, labels in PLANETS:
        s = P[name] = ent("planet", name, "Planet", labels)
        lit(s, "climate", clim)
        lit(s, "terrain", terr)
        lit(s, "population", pop, XSD.integer)
        lit(s, "diameter", diam, XSD.integer)
        lit(s, "gravity", grav)
        lit(s, "rotationPeriod", rot, XSD.integer)
        lit(s, "orbitalPeriod", orb, XSD.integer)

    SPECIES = [  # name, classification, designation, avg height, lifespan, language, homeworld
        ("Human", "mammal", "sentient", "180", "120", "Galactic Basic", "Coruscant"),
        ("Droid", "artificial", "sentient", None, "indefinite", None, None),
        ("Wookiee", "mammal", "sentient", "210", "400", "Shyriiwook", "Kashyyyk"),
        ("Rodian", "sentient", "reptilian", "170", None, "Galactic Basic", "Rodia"),
        ("Hutt", "gastropod", "sentient", "300", "1000", "Huttese", "Nal Hutta"),
        ("Yoda's species", "mammal", "sentient", "66", "900", "Galactic basic", None),
        ("Gungan", "amphibian", "sentient", "190", None, "Gungan basic", "Naboo"),
        ("Zabrak", "mammal", "sentient", "180", None, "Zabraki", "Iridonia"),
        ("Ewok", "mammal", "sentient", "100", None, "Ewokese", "Endor"),
        ("Trandoshan", "reptile", "sentient", "200", None, "Dosh", "Trandosha"),
        ("Kaleesh", "reptile", "sentient", "170", "80", "Kaleesh", "Kalee"),
    ]
    S = {}
    for name, cls, des, ah, life, lang, hw in SPECIES:
        s = S[name] = ent("species", name, "Species", [("de", name.replace("Wookiee", "Wookiee"))])
        lit(s, "classification", cls)
        lit(s, "designation", des)
        lit(s, "averageHeight", ah, XSD.integer)
        lit(s, "averageLifespan", life)
        lit(s, "language", lang)
        if hw:
            g.add((s, V.homeworld, P[hw]))

    FILMS = [  # title, episode, release, director, producers, writers, alts, labels
        (
            "A New Hope",
            4,
            "1977-05-25",
            ["George Lucas"],
            ["Gary Kurtz", "Rick McCallum"],
            ["George Lucas"],
            ["Star Wars", "Star Wars: Episode IV – A New Hope"],
            [("de", "Krieg der Sterne"), ("fr", "La Guerre des étoiles"), ("es", "La guerra de las galaxias")],
        ),
        (
            "The Empire Strikes Back",
            5,
            "1980-05-17",
            ["Irvin Kershner"],
            ["Gary Kurtz", "Rick McCallum"],
            ["Leigh Brackett", "Lawrence Kasdan"],
            ["Star Wars: Episode V – The Empire Strikes Back"],
            [
                ("de", "Das Imperium schlägt zurück"),
                ("fr", "L'Empire contre-attaque"),
                ("es", "El imperio contraataca"),
            ],
        ),
        (
            "Return of the Jedi",
            6,
            "1983-05-25",
            ["Richard Marquand"],
            ["Howard G. Kazanjian", "George Lucas", "Rick McCallum"],
            ["Lawrence Kasdan", "George Lucas"],
            ["Star Wars: Episode VI – Return of the Jedi"],
            [("de", "Die Rückkehr der Jedi-Ritter"), ("fr", "Le Retour du Jedi"), ("es", "El retorno del Jedi")],
        ),
        (
            "The Phantom Menace",
            1,
            "1999-05-19",
            ["George Lucas"],
            ["Rick McCallum"],
            ["George Lucas"],
            ["Star Wars: Episode I – The Phantom Menace"],
            [("de", "Die dunkle Bedrohung"), ("fr", "La Menace fantôme")],
        ),
        (
            "Attack of the Clones",
            2,
            "2002-05-16",
            ["George Lucas"],
            ["Rick McCallum"],
            ["George Lucas", "Jonathan Hales"],
            ["Star Wars: Episode II – Attack of the Clones"],
            [("de", "Angriff der Klonkrieger"), ("fr", "L'Attaque des clones")],
        ),
        (
            "Revenge of the Sith",
            3,
            "2005-05-19",
            ["George Lucas"],
            ["Rick McCallum"],
            ["George Lucas"],
            ["Star Wars: Episode III – Revenge of the Sith"],
            [("de", "Die Rache der Sith"), ("fr", "La Revanche des Sith")],
        ),
        (
            "The Force Awakens",
            7,
            "2015-12-11",
            ["J. J. Abrams"],
            ["Kathleen Kennedy", "J. J. Abrams", "Bryan Burk"],
            ["Lawrence Kasdan", "J. J. Abrams", "Michael Arndt"],
            ["Star Wars: Episode VII – The Force Awakens"],
            [("de", "Das Erwachen der Macht"), ("fr", "Le Réveil de la Force")],
        ),
    ]
    PEOPLE = {  # real persons: birth date, birthplace city, country
        "George Lucas": ("1944-05-14", "Modesto"),
        "Mark Hamill": ("1951-09-25", "Oakland"),
        "Harrison Ford": ("1942-07-13", "Chicago"),
        "Carrie Fisher": ("1956-10-21", "Beverly Hills"),
        "John Williams": ("1932-02-08", "Floral Park"),
        "Irvin Kershner": ("1923-04-29", "Philadelphia"),
        "Richard Marquand": ("1937-09-22", "Cardiff"),
        "J. J. Abrams": ("1966-06-27", "New York City"),
        "Alec Guinness": ("1914-04-02", "London"),
        "Ewan McGregor": ("1971-03-31", "Perth"),
        "Natalie Portman": ("1981-06-09", "Jerusalem"),
        "Liam Neeson": ("1952-06-07", "Ballymena"),
        "Samuel L. Jackson": ("1948-12-21", "Washington, D.C."),
        "Ian McDiarmid": ("1944-08-11", "Carnoustie"),
        "Frank Oz": ("1944-05-25", "Hereford"),
        "Billy Dee Williams": ("1937-04-06", "New York City"),
        "Peter Mayhew": ("1944-05-19", "Barnet"),
        "Anthony Daniels": ("1946-02-21", "Salisbury"),
        "Kenny Baker": ("1934-08-24", "Birmingham"),
        "David Prowse": ("1935-07-01", "Bristol"),
        "James Earl Jones": ("1931-01-17", "Arkabutla"),
        "Hayden Christensen": ("1981-04-19", "Vancouver"),
        "Jake Lloyd": ("1989-03-05", "Fort Collins"),
        "Ray Park": ("1974-08-23", "Glasgow"),
        "Christopher Lee": ("1922-05-27", "London"),
        "Daisy Ridley": ("1992-04-10", "London"),
        "John Boyega": ("1992-03-17", "London"),
        "Oscar Isaac": ("1979-03-09", "Guatemala City"),
        "Adam Driver": ("1983-11-19", "San Diego"),
        "Gary Kurtz": ("1940-07-27", "Los Angeles"),
        "Rick McCallum": ("1954-08-22", "Heidelberg"),
        "Howard G. Kazanjian": ("1942-07-26", "Pasadena"),
        "Kathleen Kennedy": ("1953-06-05", "Berkeley"),
        "Bryan Burk": ("1968-01-30", "Los Angeles"),
        "Leigh Brackett": ("1915-12-07", "Los Angeles"),
        "Lawrence Kasdan": ("1949-01-14", "Miami Beach"),
        "Michael Arndt": ("1965-11-22", "Mount Kisco"),
        "Jonathan Hales": ("1937-04-21", "Bolton"),
    }
    CITY_COUNTRY = {
        "Modesto": "United States",
        "Oakland": "United States",
        "Chicago": "United States",
        "Beverly Hills": "United States",
        "Floral Park": "United States",
        "Philadelphia": "United States",
        "Cardiff": "United Kingdom",
        "New York City": "United States",
        "London": "United Kingdom",
        "Perth": "United Kingdom",
        "Jerusalem": "Israel",
        "Ballymena": "United Kingdom",
        "Washington, D.C.": "United States",
        "Carnoustie": "United Kingdom",
        "Hereford": "United Kingdom",
        "Barnet": "United Kingdom",
        "Salisbury": "United Kingdom",
        "Birmingham": "United Kingdom",
        "Bristol": "United Kingdom",
        "Arkabutla": "United States",
        "Vancouver": "Canada",
        "Fort Collins": "United States",
        "Glasgow": "United Kingdom",
        "Guatemala City": "Guatemala",
        "San Diego": "United States",
        "Los Angeles": "United States",
        "Heidelberg": "Germany",
        "Pasadena": "United States",
        "Berkeley": "United States",
        "Miami Beach": "United States",
        "Mount Kisco": "United States",
        "Bolton": "United Kingdom",
    }
    COUNTRY = {
        c: ent(
            "country",
            c,
            "Organization" if False else "City",
            [
                (
                    "de",
                    {
                        "United States": "Vereinigte Staaten",
                        "United Kingdom": "Vereinigtes Königreich",
                        "Germany": "Deutschland",
                    }.get(c, c),
                )
            ],
        )
        for c in set(CITY_COUNTRY.values())
    }
    for c in COUNTRY.values():  # countries are not cities: retype
        g.remove((c, RDF.type, V.City))
        g.add((c, RDF.type, URIRef(R + "class/Country")))
    CITY = {}
    for c, country in CITY_COUNTRY.items():
        CITY[c] = ent("city", c, "City")
        g.add((CITY[c], V.country, COUNTRY[country]))
    PERSON = {}
    for name, (born, city) in PEOPLE.items():
        s = PERSON[name] = ent("person", name, "Person")
        lit(s, "birthDate", born, XSD.date)
        g.add((s, V.birthPlace, CITY[city]))
    lit(PERSON["Carrie Fisher"], "deathDate", "2016-12-27", XSD.date)
    lit(PERSON["Alec Guinness"], "deathDate", "2000-08-05", XSD.date)
    lit(PERSON["Christopher Lee"], "deathDate", "2015-06-07", XSD.date)
    lit(PERSON["Peter Mayhew"], "deathDate", "2019-04-30", XSD.date)
    F = {}
    for title, ep, rel, dirs, prods, writers, alts, labels in FILMS:
        s = F[title] = ent("film", title, "Film", labels, alts)
        lit(s, "episodeId", str(ep), XSD.integer)
        lit(s, "releaseDate", rel, XSD.date)
        lit(s, "openingCrawl", f"It is a period of civil war. Episode {ep} of the saga begins ...")
        for role, names in (
            ("director", dirs),
            ("producer", prods),
            ("screenwriter", writers),
            ("composer", ["John Williams"]),
        ):
            for n in names:
                c = BNode()
                g.add((s, V.credit, c))
                g.add((c, RDF.type, V.Credit))
                g.add((c, V.role, Literal(role)))
                g.add((c, V.person, PERSON[n]))

    CHARS = [  # name, height, mass, hair, eye, skin, birth year, gender, homeworld, species, films(ep), alts, labels
        (
            "Luke Skywalker",
            "172",
            "77",
            "blond",
            "blue",
            "fair",
            "19BBY",
            "male",
            "Tatooine",
            "Human",
            [4, 5, 6, 3, 7],
            [],
            [("ru", "Люк Скайуокер"), ("ja", "ルーク・スカイウォーカー"), ("de", "Luke Skywalker")],
        ),
        (
            "C-3PO",
            "167",
            "75",
            None,
            "yellow",
            "gold",
            "112BBY",
            None,
            "Tatooine",
            "Droid",
            [4, 5, 6, 1, 2, 3, 7],
            ["See-Threepio"],
            [],
        ),
        (
            "R2-D2",
            "96",
            "32",
            None,
            "red",
            "white, blue",
            "33BBY",
            None,
            "Naboo",
            "Droid",
            [4, 5, 6, 1, 2, 3, 7],
            ["Artoo-Detoo"],
            [],
        ),
        (
            "Darth Vader",
            "202",
            "136",
            "none",
            "yellow",
            "white",
            "41.9BBY",
            "male",
            "Tatooine",
            "Human",
            [4, 5, 6, 3],
            ["Vader"],
            [("ru", "Дарт Вейдер")],
        ),
        (
            "Leia Organa",
            "150",
            "49",
            "brown",
            "brown",
            "light",
            "19BBY",
            "female",
            "Alderaan",
            "Human",
            [4, 5, 6, 3, 7],
            ["Princess Leia", "Leia Skywalker"],
            [("ru", "Лея Органа")],
        ),
        (
            "Owen Lars",
            "178",
            "120",
            "brown, grey",
            "blue",
            "light",
            "52BBY",
            "male",
            "Tatooine",
            "Human",
            [4, 2, 3],
            [],
            [],
        ),
        (
            "Obi-Wan Kenobi",
            "182",
            "77",
            "auburn, white",
            "blue-gray",
            "fair",
            "57BBY",
            "male",
            "Stewjon",
            "Human",
            [4, 5, 6, 1, 2, 3],
            ["Ben Kenobi"],
            [],
        ),
        (
            "Anakin Skywalker",
            "188",
            "84",
            "blond",
            "blue",
            "fair",
            "41.9BBY",
            "male",
            "Tatooine",
            "Human",
            [1, 2, 3],
            [],
            [],
        ),
        (
            "Chewbacca",
            "228",
            "112",
            "brown",
            None,
            "unknown",
            "200BBY",
            "male",
            "Kashyyyk",
            "Wookiee",
            [4, 5, 6, 3, 7],
            ["Chewie"],
            [],
        ),
        (
            "Han Solo",
            "180",
            "80",
            "brown",
            "brown",
            "fair",
            "29BBY",
            "male",
            "Corellia",
            "Human",
            [4, 5, 6, 7],
            [],
            [("ru", "Хан Соло")],
        ),
        ("Greedo", "173", "74", None, "black", "green", "44BBY", "male", "Rodia", "Rodian", [4], [], []),
        (
            "Jabba Desilijic Tiure",
            "175",
            "1358",
            None,
            "orange",
            "green-tan, brown",
            "600BBY",
            "hermaphrodite",
            "Nal Hutta",
            "Hutt",
            [4, 6, 1],
            ["Jabba the Hutt"],
            [],
        ),
        (
            "Wedge Antilles",
            "170",
            "77",
            "brown",
            "hazel",
            "fair",
            "21BBY",
            "male",
            "Corellia",
            "Human",
            [4, 5, 6],
            [],
            [],
        ),
        (
            "Yoda",
            "66",
            "17",
            "white",
            "brown",
            "green",
            "896BBY",
            "male",
            None,
            "Yoda's species",
            [5, 6, 1, 2, 3],
            [],
            [],
        ),
        (
            "Palpatine",
            "170",
            "75",
            "grey",
            "yellow",
            "pale",
            "82BBY",
            "male",
            "Naboo",
            "Human",
            [5, 6, 1, 2, 3],
            ["Darth Sidious", "Emperor Palpatine"],
            [],
        ),
        ("Boba Fett", "183", "78.2", "black", "brown", "fair", "31.5BBY", "male", "Kamino", "Human", [5, 6, 2], [], []),
        (
            "Lando Calrissian",
            "177",
            "79",
            "black",
            "brown",
            "dark",
            "31BBY",
            "male",
            "Socorro",
            "Human",
            [5, 6],
            [],
            [],
        ),
        (
            "Padmé Amidala",
            "165",
            "45",
            "brown",
            "brown",
            "light",
            "46BBY",
            "female",
            "Naboo",
            "Human",
            [1, 2, 3],
            ["Padme Amidala", "Queen Amidala"],
            [],
        ),
        ("Qui-Gon Jinn", "193", "89", "brown", "blue", "fair", "92BBY", "male", None, "Human", [1], [], []),
        ("Mace Windu", "188", "84", "none", "brown", "dark", "72BBY", "male", "Haruun Kal", "Human", [1, 2, 3], [], []),
        ("Jar Jar Binks", "196", "66", "none", "orange", "orange", "52BBY", "male", "Naboo", "Gungan", [1, 2], [], []),
        ("Darth Maul", "175", "80", "none", "yellow", "red", "54BBY", "male", "Dathomir", "Zabrak", [1], [], []),
        (
            "Dooku",
            "193",
            "80",
            "white",
            "brown",
            "fair",
            "102BBY",
            "male",
            "Serenno",
            "Human",
            [2, 3],
            ["Count Dooku", "Darth Tyranus"],
            [],
        ),
        (
            "Grievous",
            "216",
            "159",
            "none",
            "green, yellow",
            "brown, white",
            None,
            "male",
            "Kalee",
            "Kaleesh",
            [3],
            ["General Grievous"],
            [],
        ),
        (
            "Wicket Systri Warrick",
            "88",
            "20",
            "brown",
            "brown",
            "brown",
            "8BBY",
            "male",
            "Endor",
            "Ewok",
            [6],
            ["Wicket"],
            [],
        ),
        ("Bossk", "190", "113", "none", "red", "green", "53BBY", "male", "Trandosha", "Trandoshan", [5], [], []),
        ("Rey", None, None, "brown", "hazel", "light", None, "female", "Jakku", "Human", [7], [], []),
        ("Finn", None, None, "black", "dark", "dark", None, "male", None, "Human", [7], ["FN-2187"], []),
        ("Poe Dameron", None, None, "brown", "brown", "light", None, "male", None, "Human", [7], [], []),
        ("BB8", None, None, "none", "black", "none", None, "none", None, "Droid", [7], ["BB-8"], []),
        ("Kylo Ren", "189", None, "black", "brown", "light", None, "male", None, "Human", [7], ["Ben Solo"], []),
        (
            "Biggs Darklighter",
            "183",
            "84",
            "black",
            "brown",
            "light",
            "24BBY",
            "male",
            "Tatooine",
            "Human",
            [4],
            [],
            [],
        ),
    ]
    EP = {ep: F[t] for t, ep, *_ in FILMS}
    C = {}
    for name, h, m, hair, eye, skin, by, gen, hw, sp, films, alts, labels in CHARS:
        s = C[name] = ent("people", name, "Character", labels, alts)
        lit(s, "height", h, XSD.integer if h and "." not in h else XSD.decimal)
        lit(s, "mass", m, XSD.decimal)
        lit(s, "hairColor", hair)
        lit(s, "eyeColor", eye)
        lit(s, "skinColor", skin)
        lit(s, "birthYear", by)
        lit(s, "gender", gen)
        if hw:
            g.add((s, V.homeworld, P[hw]))
            g.add((P[hw], V.resident, s))
        g.add((s, V.species, S[sp]))
        for ep in films:
            g.add((s, V.film, EP[ep]))
    # Wikidata-derived facts about characters
    for a, rel, b in [
        ("Luke Skywalker", "father", "Anakin Skywalker"),
        ("Leia Organa", "father", "Anakin Skywalker"),
        ("Luke Skywalker", "mother", "Padmé Amidala"),
        ("Leia Organa", "mother", "Padmé Amidala"),
        ("Luke Skywalker", "sibling", "Leia Organa"),
        ("Leia Organa", "sibling", "Luke Skywalker"),
        ("Anakin Skywalker", "spouse", "Padmé Amidala"),
        ("Padmé Amidala", "spouse", "Anakin Skywalker"),
        ("Han Solo", "spouse", "Leia Organa"),
        ("Leia Organa", "spouse", "Han Solo"),
        ("Kylo Ren", "father", "Han Solo"),
        ("Kylo Ren", "mother", "Leia Organa"),
    ]:
        g.add((C[a], V[rel], C[b]))
    for name, place in [
        ("Luke Skywalker", "Polis Massa"),
        ("Leia Organa", "Polis Massa"),
        ("Anakin Skywalker", "Tatooine"),
        ("Padmé Amidala", "Naboo"),
        ("Palpatine", "Naboo"),
    ]:
        g.add((C[name], V.birthPlace, P[place]))
    ORG = {
        o: ent("organization", o, "Organization")
        for o in ["Jedi Order", "Sith", "Rebel Alliance", "Galactic Empire", "Resistance", "First Order"]
    }
    for name, orgs in [
        ("Luke Skywalker", ["Jedi Order", "Rebel Alliance"]),
        ("Darth Vader", ["Sith", "Galactic Empire"]),
        ("Obi-Wan Kenobi", ["Jedi Order"]),
        ("Yoda", ["Jedi Order"]),
        ("Mace Windu", ["Jedi Order"]),
        ("Qui-Gon Jinn", ["Jedi Order"]),
        ("Palpatine", ["Sith", "Galactic Empire"]),
        ("Darth Maul", ["Sith"]),
        ("Dooku", ["Sith"]),
        ("Han Solo", ["Rebel Alliance"]),
        ("Leia Organa", ["Rebel Alliance", "Resistance"]),
        ("Poe Dameron", ["Resistance"]),
        ("Finn", ["First Order", "Resistance"]),
        ("Kylo Ren", ["First Order"]),
    ]:
        for o in orgs:
            g.add((C[name], V.memberOf, ORG[o]))
    CAST = [
        ("A New Hope", "Mark Hamill", "Luke Skywalker"),
        ("A New Hope", "Harrison Ford", "Han Solo"),
        ("A New Hope", "Carrie Fisher", "Leia Organa"),
        ("A New Hope", "Alec Guinness", "Obi-Wan Kenobi"),
        ("A New Hope", "Peter Mayhew", "Chewbacca"),
        ("A New Hope", "Anthony Daniels", "C-3PO"),
        ("A New Hope", "Kenny Baker", "R2-D2"),
        ("A New Hope", "David Prowse", "Darth Vader"),
        ("A New Hope", "James Earl Jones", "Darth Vader"),
        ("The Empire Strikes Back", "Mark Hamill", "Luke Skywalker"),
        ("The Empire Strikes Back", "Harrison Ford", "Han Solo"),
        ("The Empire Strikes Back", "Carrie Fisher", "Leia Organa"),
        ("The Empire Strikes Back", "Billy Dee Williams", "Lando Calrissian"),
        ("The Empire Strikes Back", "Frank Oz", "Yoda"),
        ("The Empire Strikes Back", "Peter Mayhew", "Chewbacca"),
        ("Return of the Jedi", "Mark Hamill", "Luke Skywalker"),
        ("Return of the Jedi", "Harrison Ford", "Han Solo"),
        ("Return of the Jedi", "Carrie Fisher", "Leia Organa"),
        ("Return of the Jedi", "Ian McDiarmid", "Palpatine"),
        ("The Phantom Menace", "Liam Neeson", "Qui-Gon Jinn"),
        ("The Phantom Menace", "Ewan McGregor", "Obi-Wan Kenobi"),
        ("The Phantom Menace", "Natalie Portman", "Padmé Amidala"),
        ("The Phantom Menace", "Jake Lloyd", "Anakin Skywalker"),
        ("The Phantom Menace", "Ray Park", "Darth Maul"),
        ("The Phantom Menace", "Samuel L. Jackson", "Mace Windu"),
        ("Attack of the Clones", "Ewan McGregor", "Obi-Wan Kenobi"),
        ("Attack of the Clones", "Hayden Christensen", "Anakin Skywalker"),
        ("Attack of the Clones", "Natalie Portman", "Padmé Amidala"),
        ("Attack of the Clones", "Christopher Lee", "Dooku"),
        ("Revenge of the Sith", "Ewan McGregor", "Obi-Wan Kenobi"),
        ("Revenge of the Sith", "Hayden Christensen", "Anakin Skywalker"),
        ("Revenge of the Sith", "Ian McDiarmid", "Palpatine"),
        ("The Force Awakens", "Daisy Ridley", "Rey"),
        ("The Force Awakens", "John Boyega", "Finn"),
        ("The Force Awakens", "Oscar Isaac", "Poe Dameron"),
        ("The Force Awakens", "Adam Driver", "Kylo Ren"),
        ("The Force Awakens", "Harrison Ford", "Han Solo"),
        ("The Force Awakens", "Carrie Fisher", "Leia Organa"),
    ]
    for film, actor, char in CAST:
        c = BNode()
        g.add((F[film], V.castMember, c))
        g.add((c, RDF.type, V.CastMember))
        g.add((c, V.actor, PERSON[actor]))
        g.add((c, V.character, C[char]))
    AW = {
        a: ent("award", a, "Award")
        for a in [
            "Academy Award for Best Original Score",
            "Academy Award for Best Visual Effects",
            "Academy Award for Best Film Editing",
            "Academy Award for Best Sound",
            "Special Achievement Academy Award",
            "Saturn Award for Best Science Fiction Film",
        ]
    }
    for film, award, year in [
        ("A New Hope", "Academy Award for Best Original Score", "1978"),
        ("A New Hope", "Academy Award for Best Visual Effects", "1978"),
        ("A New Hope", "Academy Award for Best Film Editing", "1978"),
        ("A New Hope", "Saturn Award for Best Science Fiction Film", "1978"),
        ("The Empire Strikes Back", "Academy Award for Best Sound", "1981"),
        ("The Empire Strikes Back", "Special Achievement Academy Award", "1981"),
        ("Return of the Jedi", "Special Achievement Academy Award", "1984"),
        ("Return of the Jedi", "Saturn Award for Best Science Fiction Film", "1984"),
    ]:
        st = BNode()
        g.add((F[film], V.awardStatement, st))
        g.add((st, RDF.type, V.AwardStatement))
        g.add((st, V.awardReceived, AW[award]))
        g.add((st, V.pointInTime, Literal(year, datatype=XSD.gYear)))
    g.add((PERSON["John Williams"], V.awardReceived, AW["Academy Award for Best Original Score"]))

    SHIPS = [  # name, model, manufacturer, cost, length, crew, hyperdrive, class, pilots, films
        (
            "Millennium Falcon",
            "YT-1300 light freighter",
            "Corellian Engineering Corporation",
            "100000",
            "34.37",
            "4",
            "0.5",
            "Light freighter",
            ["Chewbacca", "Han Solo", "Lando Calrissian"],
            [4, 5, 6, 7],
        ),
        (
            "X-wing",
            "T-65 X-wing",
            "Incom Corporation",
            "149999",
            "12.5",
            "1",
            "1.0",
            "Starfighter",
            ["Luke Skywalker", "Biggs Darklighter", "Wedge Antilles"],
            [4, 5, 6],
        ),
        (
            "TIE Advanced x1",
            "Twin Ion Engine Advanced x1",
            "Sienar Fleet Systems",
            None,
            "9.2",
            "1",
            "1.0",
            "Starfighter",
            ["Darth Vader"],
            [4],
        ),
        (
            "Death Star",
            "DS-1 Orbital Battle Station",
            "Imperial Department of Military Research, Sienar Fleet Systems",
            "1000000000000",
            "120000",
            "342953",
            "4.0",
            "Deep Space Mobile Battlestation",
            [],
            [4],
        ),
        (
            "Star Destroyer",
            "Imperial I-class Star Destroyer",
            "Kuat Drive Yards",
            "150000000",
            "1600",
            "47060",
            "2.0",
            "Star Destroyer",
            [],
            [4, 5, 6],
        ),
        (
            "Slave 1",
            "Firespray-31-class patrol and attack",
            "Kuat Systems Engineering",
            None,
            "21.5",
            "1",
            "3.0",
            "Patrol craft",
            ["Boba Fett"],
            [5, 2],
        ),
        (
            "Imperial shuttle",
            "Lambda-class T-4a shuttle",
            "Sienar Fleet Systems",
            "240000",
            "20",
            "6",
            "1.0",
            "Armed government transport",
            ["Luke Skywalker", "Chewbacca", "Han Solo"],
            [5, 6],
        ),
        (
            "Naboo fighter",
            "N-1 starfighter",
            "Theed Palace Space Vessel Engineering Corps",
            "200000",
            "11",
            "1",
            "1.0",
            "Starfighter",
            ["Anakin Skywalker", "Padmé Amidala"],
            [1, 2],
        ),
        (
            "Jedi starfighter",
            "Delta-7 Aethersprite-class interceptor",
            "Kuat Systems Engineering",
            "180000",
            "8",
            "1",
            "1.0",
            "Starfighter",
            ["Obi-Wan Kenobi"],
            [2, 3],
        ),
    ]

    def craft(kind: str, cls: str, name: str, pilots: list[str], films: list[int], **values: tuple) -> None:
        """A starship or vehicle: its literals (value, datatype), pilots and films."""
        s = ent(kind, name, cls)
        for p, (value, datatype) in values.items():
            lit(s, p, value, datatype)
        for pilot in pilots:
            g.add((s, V.pilot, C[pilot]))
        for ep in films:
            g.add((s, V.film, EP[ep]))

    for name, model, man, cost, length, crew, hd, cls, pilots, films in SHIPS:
        craft("starships", "Starship", name, pilots, films, model=(model, None), manufacturer=(man, None),
              costInCredits=(cost, XSD.integer), length=(length, XSD.decimal), crew=(crew, None),
              hyperdriveRating=(hd, XSD.decimal), starshipClass=(cls, None))
    VEHICLES = [
        ("Sand Crawler", "Digger Crawler", "Corellia Mining Corporation", "150000", "36.8", "wheeled", [], [4, 1]),
        (
            "Snowspeeder",
            "t-47 airspeeder",
            "Incom corporation",
            None,
            "4.5",
            "airspeeder",
            ["Luke Skywalker", "Wedge Antilles"],
            [5],
        ),
        ("AT-AT", "All Terrain Armored Transport", "Kuat Drive Yards", None, "20", "assault walker", [], [5, 6]),
        ("AT-ST", "All Terrain Scout Transport", "Kuat Drive Yards", None, "2", "walker", ["Chewbacca"], [5, 6]),
        (
            "Imperial Speeder Bike",
            "74-Z speeder bike",
            "Aratech Repulsor Company",
            "8000",
            "3",
            "speeder",
            ["Luke Skywalker", "Leia Organa"],
            [6],
        ),
    ]
    for name, model, man, cost, length, cls, pilots, films in VEHICLES:
        craft("vehicles", "Vehicle", name, pilots, films, model=(model, None), manufacturer=(man, None),
              costInCredits=(cost, XSD.integer), length=(length, XSD.decimal), vehicleClass=(cls, None))
    for name, planets in [
        ("A New Hope", ["Tatooine", "Alderaan", "Yavin IV"]),
        ("The Empire Strikes Back", ["Hoth", "Dagobah", "Bespin"]),
        ("Return of the Jedi", ["Tatooine", "Dagobah", "Endor"]),
        ("The Phantom Menace", ["Tatooine", "Naboo", "Coruscant"]),
        ("Attack of the Clones", ["Tatooine", "Naboo", "Coruscant", "Kamino", "Geonosis"]),
        (
            "Revenge of the Sith",
            ["Tatooine", "Alderaan", "Dagobah", "Naboo", "Coruscant", "Utapau", "Mustafar", "Kashyyyk", "Polis Massa"],
        ),
        ("The Force Awakens", ["Jakku"]),
    ]:
        for p in planets:
            g.add((F[name], URIRef(V + "planet"), P[p]))
    ont.add((V.planet, RDF.type, OWL.ObjectProperty))
    ont.add((V.planet, RDFS.label, Literal("planet", lang="en")))

    # distractors: minor characters and planets, English labels only, same relations
    rng = random.Random(34)
    SYL = [
        "ka",
        "ven",
        "dor",
        "mal",
        "tor",
        "rin",
        "sa",
        "bel",
        "vos",
        "nek",
        "ly",
        "tha",
        "gar",
        "zu",
        "ri",
        "mon",
        "pel",
        "ax",
        "oth",
        "ule",
    ]

    def word():
        return "".join(rng.choice(SYL) for _ in range(rng.randint(2, 3))).capitalize()

    extra_planets = []
    for _ in range(120):
        name = word() + rng.choice(["", " Prime", " Minor", " II", " IV"])
        if name in P:
            continue
        s = P[name] = ent("planet", name, "Planet")
        extra_planets.append(name)
        lit(s, "climate", rng.choice(["arid", "temperate", "frozen", "tropical", "murky", "hot"]))
        lit(s, "terrain", rng.choice(["desert", "jungle", "ocean", "mountains", "swamp", "cityscape", "tundra"]))
        lit(s, "population", str(rng.randint(1000, 10**10)), XSD.integer)
        lit(s, "diameter", str(rng.randint(2000, 20000)), XSD.integer)
    names = set(C)
    for _ in range(pad):
        name = word() + " " + word()
        if name in names:
            continue
        names.add(name)
        s = ent("people", name, "Character")
        lit(s, "height", str(rng.randint(90, 230)), XSD.integer)
        lit(s, "mass", str(rng.randint(20, 150)), XSD.decimal)
        lit(s, "eyeColor", rng.choice(["blue", "brown", "yellow", "red", "black", "green", "hazel"]))
        lit(s, "hairColor", rng.choice(["blond", "brown", "black", "none", "white", "grey"]))
        lit(s, "skinColor", rng.choice(["fair", "light", "dark", "green", "blue", "grey"]))
        lit(s, "birthYear", f"{rng.randint(5, 300)}BBY")
        lit(s, "gender", rng.choice(["male", "female"]))
        hw = P[rng.choice(extra_planets + ["Tatooine", "Coruscant", "Naboo", "Corellia"] * 3)]
        g.add((s, V.homeworld, hw))
        g.add((hw, V.resident, s))
        g.add((s, V.species, S[rng.choice(list(S))]))
        for ep in rng.sample(list(EP), rng.randint(1, 2)):
            g.add((s, V.film, EP[ep]))

    out.mkdir(parents=True, exist_ok=True)
    text = g.serialize(format="turtle")
    # a dirty literal, as real dumps have them
    text += f'\n<{res("people", "Yoda")}> <{RDFS.label}> "尤達"@zh-classical .\n'
    (out / "data.ttl").write_text(text)
    (out / "ontology.ttl").write_text(ont.serialize(format="turtle"))
    return [out / "data.ttl", out / "ontology.ttl"]


if __name__ == "__main__":
    run(__doc__, write_graph, "swapi")
