"""A second stand-in for a real third-party graph, independent of the saga's: a made-up music scene of about
40k triples, written by this script (deterministic, nothing downloaded) and asked cold, as a user would.

Its shape differs from the saga's on purpose: a hash-namespace vocabulary in an RDF/XML ontology, a gzipped
Turtle data file, band memberships as n-ary nodes (band → membership → musician, instrument, start and end
year), album contributions behind role nodes (producer, recording engineer, cover artist), award wins with a
year, property names that are camelCase local names without any label (``formedIn``, ``heightCm``,
``locatedIn``), spaced labels ("Home town"), ``skos:prefLabel``/``altLabel`` (stage names), untagged labels
and labels only in Japanese or German, homonyms (two people called Ada Stone, a band and an album called
Northern Lights, title tracks), dirty literals (a height written "1.83 m", "c. 1955" as a birth date, a
population with thousands separators, language tags a strict parser refuses, an IRI with a space) and a few
thousand generated bands, people, albums and tracks around the entities the questions ask about.

``music_questions.tsv`` (30 answerable + 10 the graph cannot answer) and ``music_repeats.tsv`` (same patterns,
other entities) were written and committed before the first run. Reuses the saga benchmark's runner.

    python benchmarks/music_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path

from saga_graph import run

ID = "http://example.org/music/id/"
MO = "http://example.org/music/ontology#"
PREFIXES = f"""@prefix : <{ID}> .
@prefix mo: <{MO}> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""

# The vocabulary: classes and properties, labelled in several styles; a property without a label is named only
# by its IRI (``locatedIn``, ``heightCm``).
ONTOLOGY = """@prefix mo: <{MO}> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
mo:Band a owl:Class ; rdfs:label "Band"@en ; rdfs:label "Groupe"@fr .
mo:Musician a owl:Class ; rdfs:label "Musician"@en ; rdfs:label "Musiker"@de .
mo:Person a owl:Class ; skos:prefLabel "Person"@en . mo:Album a owl:Class ; rdfs:label "Album"@en .
mo:Track a owl:Class . mo:RecordLabel a owl:Class ; rdfs:label "Record label"@en ; rdfs:label "Plattenlabel"@de .
mo:City a owl:Class ; rdfs:label "City"@en ; rdfs:label "Stadt"@de .
mo:Country a owl:Class ; rdfs:label "Country"@en . mo:Genre a owl:Class ; rdfs:label "Music genre"@en .
mo:Membership a owl:Class ; rdfs:label "Band membership"@en .
mo:Instrument a owl:Class ; rdfs:label "Instrument"@en .
mo:Contribution a owl:Class ; rdfs:label "Contribution"@en . mo:Role a owl:Class ; rdfs:label "Role"@en .
mo:Award a owl:Class ; rdfs:label "Award"@en . mo:AwardWin a owl:Class ; rdfs:label "Award win"@en .
mo:genre a owl:ObjectProperty ; rdfs:label "genre"@en ; rdfs:label "genre musical"@fr .
mo:homeTown a owl:ObjectProperty ; rdfs:label "Home town"@en ; rdfs:label "Heimatstadt"@de .
mo:locatedIn a owl:ObjectProperty .
mo:birthPlace a owl:ObjectProperty ; skos:prefLabel "place of birth"@en ; skos:altLabel "birthplace"@en ;
    rdfs:label "Geburtsort"@de .
mo:dateOfBirth a owl:DatatypeProperty ; skos:prefLabel "date of birth"@en ; rdfs:label "Geburtsdatum"@de .
mo:heightCm a owl:DatatypeProperty .
mo:performer a owl:ObjectProperty ; rdfs:label "performer"@en ; rdfs:label "Interpret"@de .
mo:recordLabel a owl:ObjectProperty ; rdfs:label "record label"@en .
mo:releaseDate a owl:DatatypeProperty ; rdfs:label "release date" .
mo:track a owl:ObjectProperty ; rdfs:label "track"@en .
mo:duration a owl:DatatypeProperty ; rdfs:label "duration (s)"@en . mo:trackNumber a owl:DatatypeProperty .
mo:formedIn a owl:DatatypeProperty .
mo:hasMember a owl:ObjectProperty ; rdfs:label "member"@en ; rdfs:label "Mitglied"@de .
mo:person a owl:ObjectProperty ; rdfs:label "person"@en .
mo:instrument a owl:ObjectProperty ; rdfs:label "instrument"@en .
mo:startYear a owl:DatatypeProperty ; rdfs:label "start time"@en .
mo:endYear a owl:DatatypeProperty ; rdfs:label "end time"@en .
mo:contribution a owl:ObjectProperty ; rdfs:label "contribution"@en .
mo:contributor a owl:ObjectProperty ; rdfs:label "contributor"@en .
mo:role a owl:ObjectProperty ; rdfs:label "role"@en .
mo:award a owl:ObjectProperty ; rdfs:label "award received"@en .
mo:prize a owl:ObjectProperty ; rdfs:label "prize"@en . mo:year a owl:DatatypeProperty ; rdfs:label "year"@en .
mo:founder a owl:ObjectProperty ; rdfs:label "founded by"@en .
mo:headquarters a owl:ObjectProperty ; rdfs:label "headquarters location"@en .
mo:population a owl:DatatypeProperty ; rdfs:label "population"@en ; rdfs:label "Einwohner"@de .
mo:capital a owl:ObjectProperty ; rdfs:label "capital"@en ; rdfs:label "Hauptstadt"@de .
"""

# The entities the questions ask about, written out by hand so their answers are known.
ANCHORS = """
:estria a mo:Country ; rdfs:label "Estria"@en , "Estrien"@de ; mo:capital :lowmere .
:norveland a mo:Country ; rdfs:label "Norveland"@en , "Норвеланд"@ru ; mo:capital :valdris .
:asahara a mo:Country ; rdfs:label "Asahara"@en , "朝原"@ja .
:brackwater a mo:City ; rdfs:label "Brackwater"@en , "Brackwasser"@de ; mo:locatedIn :estria ;
    mo:population "84000"^^xsd:integer .
:lowmere a mo:City ; rdfs:label "Lowmere"@en ; mo:locatedIn :estria ; mo:population "1,250,000" .
:valdris a mo:City ; rdfs:label "Вальдрис"@ru , "Valdris"@en ; mo:locatedIn :norveland ;
    mo:population "512000"^^xsd:integer .
:kesselburg a mo:City ; rdfs:label "Kesselburg"@de , "Kesselburg" ; mo:locatedIn :norveland .
:okabe a mo:City ; rdfs:label "岡部"@ja , "Okabe" ; mo:locatedIn :asahara .

:indie_folk a mo:Genre ; rdfs:label "indie folk"@en , "Indie-Folk"@de .
:post_metal a mo:Genre ; rdfs:label "post-metal"@en .
:noise_pop a mo:Genre ; rdfs:label "noise pop"@en , "ノイズポップ"@ja .
:synth_pop a mo:Genre ; rdfs:label "synth-pop"@en , "Synthpop"@de .

:vocals a mo:Instrument ; rdfs:label "lead vocals"@en , "Gesang"@de .
:lead_guitar a mo:Instrument ; rdfs:label "lead guitar"@en , "Leadgitarre"@de .
:bass_guitar a mo:Instrument ; rdfs:label "bass guitar"@en , "E-Bass"@de .
:drums a mo:Instrument ; rdfs:label "drums"@en , "Schlagzeug"@de .
:keyboards a mo:Instrument ; rdfs:label "keyboards"@en .

:producer a mo:Role ; rdfs:label "producer"@en , "Produzent"@de .
:engineer a mo:Role ; rdfs:label "recording engineer"@en , "Toningenieur"@de .
:cover_artist a mo:Role ; rdfs:label "cover artist"@en .

:amber_reed a mo:Award ; rdfs:label "Amber Reed Award"@en .
:obsidian_prize a mo:Award ; rdfs:label "Obsidian Prize"@en , "Obsidian-Preis"@de .

:driftwood a mo:RecordLabel ; rdfs:label "Driftwood Records"@en ; mo:founder :ruben_okafor ;
    mo:headquarters :lowmere .
:black_anvil a mo:RecordLabel ; rdfs:label "Black Anvil Records"@en ; mo:founder :selma_varg ;
    mo:headquarters :valdris .

:mara_quell a mo:Musician ; rdfs:label "Mara Quell"@en , "Мара Квелл"@ru ;
    mo:dateOfBirth "1975-08-14"^^xsd:date ; mo:heightCm "168"^^xsd:integer ; mo:birthPlace :brackwater .
:tobias_renn a mo:Musician ; rdfs:label "Tobias Renn"@en ; mo:dateOfBirth "1972-02-01"^^xsd:date ;
    mo:heightCm "181"^^xsd:integer ; mo:birthPlace :brackwater .
:ada_stone a mo:Musician ; rdfs:label "Ada Stone"@en ; mo:dateOfBirth "1979-11-30"^^xsd:date ;
    mo:heightCm "175"^^xsd:integer ; mo:birthPlace :lowmere .
:ada_stone_producer a mo:Person ; rdfs:label "Ada Stone"@en , "Ada Stone"@de ; mo:dateOfBirth "c. 1955" ;
    mo:birthPlace :kesselburg .
:liesl_ahn a mo:Musician ; rdfs:label "Liesl Ahn"@en ; mo:dateOfBirth "1985-04-22"^^xsd:date ;
    mo:birthPlace :valdris .
:jonah_weller a mo:Musician ; rdfs:label "Jonah Weller"@en ; skos:altLabel "Jonny Lux"@en ;
    mo:dateOfBirth "1981-06-09"^^xsd:date ; mo:heightCm "1.83 m" ; mo:birthPlace :valdris .
:petra_solberg a mo:Musician ; skos:prefLabel "Petra Solberg"@en ; rdfs:label "Petra Solberg" ;
    mo:dateOfBirth "1983-01-17"^^xsd:date ; mo:heightCm "172"^^xsd:integer ; mo:birthPlace :kesselburg .
:kai_brennick a mo:Musician ; rdfs:label "Kai Brennick"@en ; mo:dateOfBirth "1980"^^xsd:gYear ;
    mo:birthPlace :valdris .
:yui_tanabe a mo:Musician ; rdfs:label "田辺ゆい"@ja , "Yui Tanabe"@en ; mo:dateOfBirth "1970-10-10"^^xsd:date ;
    mo:birthPlace :okabe .
:ruben_okafor a mo:Person ; rdfs:label "Ruben Okafor"@en ; mo:dateOfBirth "1968-03-03"^^xsd:date ;
    mo:birthPlace :lowmere .
:selma_varg a mo:Person ; rdfs:label "Selma Varg"@en , "Сельма Варг"@ru ; mo:dateOfBirth "1977-12-24"^^xsd:date ;
    mo:birthPlace :kesselburg .
:finn_calder a mo:Musician ; rdfs:label "Finn Calder"@en ; mo:birthPlace :lowmere .
:oskar_lind a mo:Musician ; rdfs:label "Oskar Lind"@en ; mo:birthPlace :valdris .

:hollow_pines a mo:Band ; rdfs:label "Холлоу Пайнс"@ru , "The Hollow Pines"@en ; mo:genre :indie_folk ;
    mo:homeTown :brackwater ; mo:formedIn "1998"^^xsd:gYear ; mo:hasMember :m1 , :m2 , :m3 , :m4 .
:m1 a mo:Membership ; mo:person :mara_quell ; mo:instrument :vocals ; mo:startYear "1998"^^xsd:gYear .
:m2 a mo:Membership ; mo:person :tobias_renn ; mo:instrument :drums ; mo:startYear "1998"^^xsd:gYear ;
    mo:endYear "2006"^^xsd:gYear .
:m3 a mo:Membership ; mo:person :ada_stone ; mo:instrument :bass_guitar ; mo:startYear "2001"^^xsd:gYear .
:m4 a mo:Membership ; mo:person :liesl_ahn ; mo:instrument :drums ; mo:startYear "2006"^^xsd:gYear .
:iron_meridian a mo:Band ; rdfs:label "Iron Meridian"@en , "Eiserner Meridian"@de ; mo:genre :post_metal ;
    mo:homeTown :valdris ; mo:formedIn "2003"^^xsd:gYear ; mo:hasMember :m5 , :m6 , :m7 .
:m5 a mo:Membership ; mo:person :jonah_weller ; mo:instrument :lead_guitar ; mo:startYear "2003"^^xsd:gYear .
:m6 a mo:Membership ; mo:person :petra_solberg ; mo:instrument :vocals ; mo:startYear "2003"^^xsd:gYear .
:m7 a mo:Membership ; mo:person :kai_brennick ; mo:instrument :drums ; mo:startYear "2004"^^xsd:gYear .
:shonen_kaze a mo:Band ; rdfs:label "少年風"@ja , "Shonen Kaze" ; mo:genre :noise_pop ; mo:homeTown :okabe ;
    mo:formedIn "1991"^^xsd:gYear ; mo:hasMember :m8 .
:m8 a mo:Membership ; mo:person :yui_tanabe ; mo:instrument :vocals ; mo:startYear "1991"^^xsd:gYear .
:northern_lights_band a mo:Band ; rdfs:label "Northern Lights"@en ; mo:genre :synth_pop ;
    mo:homeTown :lowmere ; mo:formedIn "1999"^^xsd:gYear ; mo:hasMember :m9 , :m10 .
:m9 a mo:Membership ; mo:person :finn_calder ; mo:instrument :vocals ; mo:startYear "1999"^^xsd:gYear .
:m10 a mo:Membership ; mo:person :oskar_lind ; mo:instrument :keyboards ; mo:startYear "1999"^^xsd:gYear .

:glass_harbor a mo:Album ; rdfs:label "Glass Harbor"@en , "Gläserner Hafen"@de ; mo:performer :hollow_pines ;
    mo:recordLabel :driftwood ; mo:releaseDate "2004-03-15"^^xsd:date ; mo:track :t1 , :t2 , :t3 ;
    mo:contribution :c1 , :c2 ; mo:award :w1 .
:t1 a mo:Track ; rdfs:label "Glass Harbor"@en ; mo:trackNumber 1 ; mo:duration "254"^^xsd:integer .
:t2 a mo:Track ; rdfs:label "Saltwater"@en ; mo:trackNumber 2 ; mo:duration "231"^^xsd:integer .
:t3 a mo:Track ; rdfs:label "Low Tide"@en ; mo:trackNumber 3 ; mo:duration "198"^^xsd:integer .
:c1 a mo:Contribution ; mo:contributor :ada_stone_producer ; mo:role :producer .
:c2 a mo:Contribution ; mo:contributor :ruben_okafor ; mo:role :engineer .
:w1 a mo:AwardWin ; mo:prize :amber_reed ; mo:year "2005"^^xsd:gYear .
:paper_lanterns a mo:Album ; rdfs:label "Paper Lanterns"@en ; mo:performer :hollow_pines ;
    mo:recordLabel :driftwood ; mo:releaseDate "2009-10-02"^^xsd:date ; mo:track :t4 , :t5 ;
    mo:contribution :c3 .
:t4 a mo:Track ; rdfs:label "Paper Lanterns"@en ; mo:trackNumber 1 ; mo:duration "242"^^xsd:integer .
:t5 a mo:Track ; rdfs:label "Ember Road"@en ; mo:trackNumber 2 ; mo:duration "305"^^xsd:integer .
:c3 a mo:Contribution ; mo:contributor :ruben_okafor ; mo:role :producer .
:northern_lights_album a mo:Album ; rdfs:label "Northern Lights"@en , "Nordlicht"@de ;
    mo:performer :iron_meridian ; mo:recordLabel :black_anvil ; mo:releaseDate "2011-05-20"^^xsd:date ;
    mo:track :t6 ; mo:contribution :c4 .
:t6 a mo:Track ; rdfs:label "Northern Lights"@en ; mo:trackNumber 1 ; mo:duration "412"^^xsd:integer .
:c4 a mo:Contribution ; mo:contributor :selma_varg ; mo:role :producer .
:cinder_psalms a mo:Album ; rdfs:label "Cinder Psalms"@en ; mo:performer :iron_meridian ;
    mo:recordLabel :black_anvil ; mo:releaseDate "2015-09-11"^^xsd:date ; mo:contribution :c5 ; mo:award :w2 .
:c5 a mo:Contribution ; mo:contributor :petra_solberg ; mo:role :producer .
:w2 a mo:AwardWin ; mo:prize :obsidian_prize ; mo:year "2016"^^xsd:gYear .
:aoi_shingo a mo:Album ; rdfs:label "青い信号"@ja , "Aoi Shingo" ; mo:performer :shonen_kaze ;
    mo:recordLabel :driftwood ; mo:releaseDate "1996"^^xsd:gYear .
:aurora_drift a mo:Album ; rdfs:label "Aurora Drift"@en ; mo:performer :northern_lights_band ;
    mo:recordLabel :black_anvil ; mo:releaseDate "2001-07-07"^^xsd:date .
"""

# What a strict parser refuses in real dumps: language tags with a subtag over 8 characters, an IRI with a space.
DIRTY = """:glass_harbor rdfs:label "Glass Harbour"@en-britishenglish .
:iron_meridian rdfs:label "Iron Meridian"@de-swissgerman .
<http://example.org/music/id/bad band> <http://www.w3.org/2000/01/rdf-schema#label> "Bad Band"@en .
"""

SYLLABLES = ["ka", "ren", "mo", "li", "sa", "tor", "vel", "an", "du", "mir", "os", "bel", "ta", "no", "gri", "fen"]
FIRST = ["Anna", "Bram", "Cleo", "Dario", "Elin", "Felix", "Greta", "Hugo", "Ines", "Jasper", "Kira", "Lars",
         "Mila", "Nils", "Olga", "Pavel", "Rosa", "Sven", "Tara", "Umberto", "Vera", "Wim", "Xenia", "Yusuf"]
LAST = ["Abbot", "Brook", "Carrow", "Dunmore", "Eskel", "Farrow", "Gale", "Holm", "Ivers", "Jorund", "Kettle",
        "Larkin", "Moss", "Norcott", "Orrel", "Pike", "Quarry", "Rask", "Sorel", "Thorn", "Ulver", "Vane"]
ADJECTIVES = ["Velvet", "Silent", "Broken", "Golden", "Hollow", "Crimson", "Paper", "Electric", "Distant",
              "Wild", "Frozen", "Lonely", "Burning", "Quiet", "Neon", "Wooden"]
NOUNS = ["Crows", "Rivers", "Engines", "Sparrows", "Foxes", "Tides", "Mirrors", "Saints", "Orchards", "Comets",
         "Ghosts", "Candles", "Wolves", "Bells", "Kites", "Stones"]
WORDS = ["Night", "Summer", "Glass", "Iron", "Winter", "Dust", "Silver", "Morning", "Salt", "Ash", "River",
         "Cloud", "Rain", "Ember", "Signal", "Garden", "Echo", "Shadow", "Harvest", "Static"]
GENRES = ["shoegaze", "dream pop", "krautrock", "post-punk", "math rock", "darkwave", "alt-country", "trip hop"]
INSTRUMENTS = [":vocals", ":lead_guitar", ":bass_guitar", ":drums", ":keyboards"]
ROLES = [":producer", ":engineer", ":cover_artist"]


def literal(text: str, language: str = "") -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"' + (f"@{language}" if language else "")


def filler(rng: random.Random, reserved: set[str]) -> list[str]:
    """Generated scene around the anchors: its own countries, cities, labels and people (never an anchor's
    name), so every question's answer stays the one written in ``ANCHORS``; shared genres, instruments and
    roles; many homonyms among tracks."""
    lines: list[str] = []

    def name(parts: int) -> str:
        while True:
            word = "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()
            if word not in reserved:
                reserved.add(word)
                return word

    genres = [f":genre_{i}" for i in range(len(GENRES))]
    lines += [f"{g} a mo:Genre ; rdfs:label {literal(text, 'en')} ." for g, text in zip(genres, GENRES, strict=True)]
    genres += [":indie_folk", ":post_metal", ":noise_pop", ":synth_pop"]
    countries = [f":country_{i}" for i in range(8)]
    lines += [f"{c} a mo:Country ; rdfs:label {literal(name(3), 'en')} ." for c in countries]
    cities = [f":city_{i}" for i in range(60)]
    for i, city in enumerate(cities):
        label = name(2)
        population = rng.randrange(5_000, 3_000_000)
        value = f'"{population:,}"' if i % 9 == 0 else f'"{population}"^^xsd:integer'
        lines.append(f"{city} a mo:City ; rdfs:label {literal(label, 'en')} , {literal(label, 'de')} ; "
                     f"mo:locatedIn {countries[i % len(countries)]} ; mo:population {value} .")
    lines += [f"{c} mo:capital {cities[i]} ." for i, c in enumerate(countries)]
    people = [f":person_{i}" for i in range(900)]
    for i, person in enumerate(people):
        label = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        born = (f'"{rng.randrange(1940, 2000)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"^^xsd:date'
                if i % 7 else f'"c. {rng.randrange(1940, 2000)}"')
        height = f'"{rng.randrange(155, 200)}"^^xsd:integer' if i % 11 else f'"1.{rng.randrange(55, 99)} m"'
        lines.append(f"{person} a mo:Musician ; rdfs:label {literal(label, 'en')} ; mo:dateOfBirth {born} ; "
                     f"mo:heightCm {height} ; mo:birthPlace {rng.choice(cities)} .")
    labels = [f":label_{i}" for i in range(20)]
    lines += [f"{lab} a mo:RecordLabel ; rdfs:label {literal(name(2) + ' Records', 'en')} ; "
              f"mo:founder {rng.choice(people)} ; mo:headquarters {rng.choice(cities)} ." for lab in labels]
    awards = [f":award_{i}" for i in range(6)]
    lines += [f"{a} a mo:Award ; rdfs:label {literal(name(2) + ' Award', 'en')} ." for a in awards]
    membership = contribution = win = track = 0
    for b in range(220):
        band = f":band_{b}"
        label = f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}" if b % 3 else name(3)
        if label in reserved:
            label = f"{label} {b}"
        members = rng.sample(people, rng.randrange(2, 6))
        lines.append(f"{band} a mo:Band ; rdfs:label {literal(label, 'en')} ; mo:genre {rng.choice(genres)} ; "
                     f"mo:homeTown {rng.choice(cities)} ; mo:formedIn \"{rng.randrange(1960, 2020)}\"^^xsd:gYear .")
        for person in members:
            membership += 1
            start = rng.randrange(1960, 2020)
            end = f' ; mo:endYear "{start + rng.randrange(1, 15)}"^^xsd:gYear' if rng.random() < 0.3 else ""
            lines.append(f":membership_{membership} a mo:Membership ; mo:person {person} ; "
                         f"mo:instrument {rng.choice(INSTRUMENTS)} ; mo:startYear \"{start}\"^^xsd:gYear{end} .")
            lines.append(f"{band} mo:hasMember :membership_{membership} .")
        for a in range(rng.randrange(1, 4)):
            album = f":album_{b}_{a}"
            title = " ".join(rng.sample(WORDS, rng.randrange(1, 3)))
            released = f"{rng.randrange(1965, 2024)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
            lines.append(f"{album} a mo:Album ; rdfs:label {literal(title, 'en')} ; mo:performer {band} ; "
                         f"mo:recordLabel {rng.choice(labels)} ; mo:releaseDate \"{released}\"^^xsd:date .")
            for role in rng.sample(ROLES, rng.randrange(1, 4)):
                contribution += 1
                lines.append(f":contribution_{contribution} a mo:Contribution ; "
                             f"mo:contributor {rng.choice(people)} ; mo:role {role} .")
                lines.append(f"{album} mo:contribution :contribution_{contribution} .")
            if rng.random() < 0.15:
                win += 1
                lines.append(f":win_{win} a mo:AwardWin ; mo:prize {rng.choice(awards)} ; "
                             f"mo:year \"{released[:4]}\"^^xsd:gYear .")
                lines.append(f"{album} mo:award :win_{win} .")
            for number in range(1, rng.randrange(6, 13)):
                track += 1
                title = " ".join(rng.sample(WORDS, rng.randrange(1, 4)))
                padded = f"  {title} " if track % 97 == 0 else title
                lines.append(f":track_{track} a mo:Track ; rdfs:label {literal(padded, 'en')} ; "
                             f"mo:trackNumber {number} ; mo:duration \"{rng.randrange(90, 600)}\"^^xsd:integer .")
                lines.append(f"{album} mo:track :track_{track} .")
    return lines


def write_graph(directory: Path) -> list[Path]:
    """Write ``music.ttl.gz`` (data, with the dirty statements) and ``music-ontology.owl`` (RDF/XML)."""
    names = set(re.findall(r'"([^"]+)"', ANCHORS))
    data = [PREFIXES, ANCHORS, *filler(random.Random(19), names), DIRTY]
    directory.mkdir(parents=True, exist_ok=True)
    data_file, ontology_file = directory / "music.ttl.gz", directory / "music-ontology.owl"
    with gzip.open(data_file, "wt", encoding="utf-8") as out:
        out.write("\n".join(data))
    from rdflib import Graph

    ontology = Graph().parse(data=ONTOLOGY.replace("{MO}", MO), format="turtle")
    ontology_file.write_text(ontology.serialize(format="pretty-xml"), encoding="utf-8")
    return [data_file, ontology_file]


if __name__ == "__main__":
    run(__doc__, write_graph, "music")
