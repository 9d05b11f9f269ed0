"""A twenty-first stand-in: made-up films stated the way **LinkedMDB** (the Linked Movie Database, a D2R Server at
``data.linkedmdb.org`` over Freebase's film data) states the real ones in its N-Triples dump
(``linkedmdb-latest-dump.nt``): one N-Triples file, every resource at ``http://data.linkedmdb.org/resource/<kind>/<id>``
and its vocabulary under ``http://data.linkedmdb.org/resource/movie/``. A film is a ``movie:film`` named twice, by
``dc:title`` (Dublin Core terms) and an ``rdfs:label`` with the bare title, with ``dc:date``, ``movie:filmid`` (an
``xsd:int``), ``movie:initial_release_date`` and ``movie:runtime`` as untyped text (a release date may be a year
only, "1962"). Its people are links to one resource **per role**: ``movie:director`` → ``director/<id>``,
``movie:actor`` → ``actor/<id>``, ``movie:writer`` → ``writer/<id>``, ``movie:producer`` → ``producer/<id>``; a
person who directs and acts is two resources that share only a name. Each is named by ``movie:director_name``
(``actor_name``, ``writer_name``, ``producer_name``) and carries an ``rdfs:label`` with its role after the name
("Ilsa Brandt (Director)", "Ilsa Brandt (Actor)"), an ``<role>_<role>id`` number, and for some ``owl:sameAs`` to
DBpedia, ``foaf:page`` to Freebase and (actors) ``dbpedia:hasPhotoCollection`` to flickr wrappr; a director
``foaf:made`` the films. Genres are ``movie:genre`` → ``film_genre/<id>`` named by ``movie:film_genre_name``
("Drama (Film Genre)" as label); countries are ``movie:country`` → ``country/<ISO code>`` with GeoNames' country
facts as ``movie:country_*`` text (``country_name``, ``country_capital``, ``country_population``,
``country_areaInSqKm`` an ``xsd:double``) and a label with the code ("Morvania (QM)"); languages are
``movie:language`` → lingvoj IRIs (``http://www.lingvoj.org/lang/fr``), described only by lingvoj's own labels in
several languages. Who played whom sits on ``movie:performance`` nodes (``performance/<id>``, linked from the film
and from the actor) whose ``movie:performance_actor``, ``performance_film`` and ``performance_character`` are
**plain text** — the actor's name and the film's title, not links — and a character may be "" as in the dump.
``movie:sequel`` / ``movie:prequel`` join a film and its sequel; films link out by ``owl:sameAs`` (DBpedia, YAGO) and
``foaf:page`` (IMDb, Freebase, Rotten Tomatoes), and the dump's ``oddlinker`` interlink records say which linkage
run found each DBpedia link. Two films share a title ("The Glass Orchard", 1962 and its 2009 remake, with the same
characters), as real data has.

``moviedb_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
55). Reuses the saga benchmark's runner.

    python benchmarks/moviedb_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run, written

LMDB = "http://data.linkedmdb.org/resource/"
MOVIE = LMDB + "movie/"
ODD = LMDB + "oddlinker/"
DC = "http://purl.org/dc/terms/"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
OWL_SAME = "http://www.w3.org/2002/07/owl#sameAs"
FOAF = "http://xmlns.com/foaf/0.1/"
XSD = "http://www.w3.org/2001/XMLSchema#"
PHOTOS = "http://dbpedia.org/property/hasPhotoCollection"
FREEBASE = "http://www.freebase.com/view/guid/9202a8c04000641f800000000"  # + 7 hex digits: a 32-digit guid

# ISO code: (name, alpha-3, numeric, capital, currency, continent, population, area km², id, FIPS, languages)
COUNTRIES: dict[str, tuple[str, ...]] = {
    "QM": ("Morvania", "QMV", "901", "Tessaly", "MVK", "EU", "6120000", "84300", "251", "MV", "mv-QM,de"),
    "QN": ("Estrelle", "QNE", "902", "Saint-Arlon", "EUR", "EU", "2950000", "31200", "252", "ES", "fr-QN"),
    "QP": ("Calvaro", "QPC", "903", "Orvieta", "CVL", "EU", "4480000", "57900", "253", "CV", "it-QP"),
}
# lingvoj code: its labels as lingvoj publishes them
LANGUAGES: dict[str, dict[str, str]] = {
    "en": {"en": "English", "fr": "anglais", "de": "Englisch"},
    "fr": {"en": "French", "fr": "français", "de": "Französisch"},
    "it": {"en": "Italian", "fr": "italien", "it": "italiano"},
    "de": {"en": "German", "fr": "allemand", "de": "Deutsch"},
}
GENRES: dict[str, str] = {"4": "Drama", "9": "Thriller", "14": "Comedy", "23": "Crime", "27": "Romance",
                          "31": "Science Fiction", "47": "Adventure"}
# role: {key: (id, name, DBpedia title or None, Freebase guid tail or None)}; one resource per person and role
PEOPLE: dict[str, dict[str, tuple[str, str, str | None, str | None]]] = {
    "director": {
        "marek": ("8801", "Marek Osterhaus", "Marek_Osterhaus", "03b7e21"),
        "ilsa": ("8802", "Ilsa Brandt", "Ilsa_Brandt", "03b7e5c"),
        "tomas": ("8803", "Tomas Hale", "Tomas_Hale", None),
        "renee": ("8804", "Renée Castel", "Ren%C3%A9e_Castel", "03b7f08"),
        "joaquin": ("8805", "Joaquin Serrat", None, None),
        "harold": ("8806", "Harold Kemble", "Harold_Kemble", None),
        "edda": ("8807", "Edda Lorenz", "Edda_Lorenz", "03b7f91"),
    },
    "actor": {
        "ilsa": ("29801", "Ilsa Brandt", "Ilsa_Brandt", "04c1a02"),
        "caspar": ("29802", "Caspar Wyn", "Caspar_Wyn", "04c1a17"),
        "lucia": ("29803", "Lucia Ferrand", "Lucia_Ferrand", "04c1a3d"),
        "dmitri": ("29804", "Dmitri Sollan", None, "04c1a46"),
        "nora": ("29805", "Nora Quell", "Nora_Quell", None),
        "felix": ("29806", "Felix Marchetti", "Felix_Marchetti", "04c1a8b"),
        "odile": ("29807", "Odile Saran", None, None),
        "bram": ("29808", "Bram Coster", "Bram_Coster", "04c1ac0"),
        "yvette": ("29809", "Yvette Lamarr", "Yvette_Lamarr", None),
        "kasimir": ("29810", "Kasimir Dolt", None, "04c1af5"),
        "petra": ("29811", "Petra Innis", "Petra_Innis", None),
        "gideon": ("29812", "Gideon Rusk", "Gideon_Rusk", "04c1b2a"),
    },
    "writer": {
        "tomas": ("13401", "Tomas Hale", "Tomas_Hale", None),
        "miriam": ("13402", "Miriam Sorel", "Miriam_Sorel", "05d2c10"),
        "anton": ("13403", "Anton Veil", None, None),
        "ilsa": ("13404", "Ilsa Brandt", "Ilsa_Brandt", None),
    },
    "producer": {
        "renee": ("9101", "Renée Castel", "Ren%C3%A9e_Castel", None),
        "gideon": ("9102", "Gideon Rusk", "Gideon_Rusk", None),
        "viktor": ("9103", "Viktor Amsel", None, None),
        "hanne": ("9104", "Hanne Lindqvist", None, "06e3d44"),
    },
}
# key: (filmid, title, initial release date, runtime, directors, writers, producers, actors, genre ids,
#       country codes, language codes, IMDb number, DBpedia title or None)
FILMS: dict[str, tuple] = {
    "ledger": ("38101", "The Salt Ledger", "2004-09-17", "118", ["marek"], ["miriam"], ["viktor"],
               ["caspar", "lucia", "dmitri"], ["4", "23"], ["QM"], ["en"], "0391744", "The_Salt_Ledger"),
    "reckoning": ("38102", "The Salt Ledger: Reckoning", "2008-03-14", "126", ["marek"], ["miriam", "tomas"],
                  ["viktor"], ["caspar", "lucia", "nora"], ["23", "9"], ["QM"], ["en"], "0855102",
                  "The_Salt_Ledger:_Reckoning"),
    "harbour": ("38103", "Harbour of Small Hours", "1998-05-22", "104", ["ilsa"], ["ilsa"], ["renee"],
                ["ilsa", "felix", "odile"], ["4", "27"], ["QN"], ["fr"], "0140577", "Harbour_of_Small_Hours"),
    "lantern": ("38104", "Northbound Lantern", "2011-10-07", "131", ["tomas"], ["tomas"], ["hanne"],
                ["bram", "yvette", "caspar"], ["31", "47"], ["QM", "QP"], ["en"], "1462930", "Northbound_Lantern"),
    "orchard62": ("38105", "The Glass Orchard", "1962", "97", ["edda"], ["anton"], [], ["kasimir", "petra"],
                  ["4"], ["QP"], ["it"], "0056012", "The_Glass_Orchard_(1962_film)"),
    "orchard09": ("38106", "The Glass Orchard", "2009-11-20", "112", ["joaquin"], ["anton"], ["gideon"],
                  ["lucia", "gideon", "dmitri"], ["4", "9"], ["QP"], ["it", "en"], "1190358",
                  "The_Glass_Orchard_(2009_film)"),
    "velvet": ("38107", "Velvet Circuit", "2015-02-13", "94", ["renee"], ["anton"], ["renee"],
               ["odile", "felix", "nora"], ["14"], ["QN"], ["fr"], "3307246", None),
    "marguerite": ("38108", "A Winter for Marguerite", "2001-12-07", "109", ["harold"], ["miriam"], ["viktor"],
                   ["yvette", "kasimir"], ["27", "4"], ["QM"], ["en"], "0268421", "A_Winter_for_Marguerite"),
    "corvel": ("38109", "Static Over Corvel", "2006-08-25", "101", ["joaquin"], ["tomas"], ["gideon"],
               ["bram", "dmitri", "ilsa"], ["9", "31"], ["QP"], ["en"], "0470913", "Static_Over_Corvel"),
    "cartographer": ("38110", "The Cartographer's Daughter", "2013-04-19", "122", ["ilsa"], ["miriam"],
                     ["renee", "hanne"], ["petra", "felix", "caspar"], ["4", "47"], ["QN", "QM"], ["fr", "de"],
                     "2088734", "The_Cartographer%27s_Daughter"),
    "lemon": ("38111", "Lemon Street Shuffle", "1994-07-01", "89", ["harold"], ["anton"], ["viktor"],
              ["gideon", "nora"], ["14", "23"], ["QM"], ["en"], "0110391", None),
    "ash": ("38112", "Ash and Meridian", "2018-09-28", "138", ["tomas"], ["tomas", "ilsa"], ["hanne"],
            ["yvette", "bram", "lucia"], ["31", "4"], ["QM"], ["en", "de"], "5821604", "Ash_and_Meridian"),
    "quiet": ("38113", "Quiet Rooms", "2020-01-24", "99", ["marek"], ["anton"], ["gideon"], ["odile", "kasimir"],
              ["9"], ["QN"], ["fr"], "8990152", None),
    "ferry": ("38114", "The Ninth Ferry", "1987-03-06", "115", ["edda"], ["miriam"], [], ["petra", "kasimir", "dmitri"],
              ["47"], ["QP"], ["it"], "0093177", "The_Ninth_Ferry"),
}
SEQUELS: list[tuple[str, str]] = [("ledger", "reckoning")]  # (film, its sequel)
# performance id: (film, actor, character as the dump writes it, "" where it has none)
PERFORMANCES: dict[str, tuple[str, str, str]] = {
    "161001": ("ledger", "caspar", "Anselm Roe"), "161002": ("ledger", "lucia", "Greta Vallis"),
    "161003": ("ledger", "dmitri", "Inspector Hollin"), "161004": ("reckoning", "caspar", "Anselm Roe"),
    "161005": ("reckoning", "lucia", "Greta Vallis"), "161006": ("reckoning", "nora", "Sabine Krell"),
    "161007": ("harbour", "ilsa", "Maud Lenoir"), "161008": ("harbour", "felix", "The Harbourmaster"),
    "161009": ("harbour", "odile", "Claire Audet"), "161010": ("lantern", "bram", "Captain Ivo Stenmark"),
    "161011": ("lantern", "yvette", "Dr. Liesl Arno"), "161012": ("lantern", "caspar", ""),
    "161013": ("orchard62", "kasimir", "The Gardener"), "161014": ("orchard62", "petra", "Aurelia Voss"),
    "161015": ("orchard09", "lucia", "Aurelia Voss"), "161016": ("orchard09", "gideon", "Benedikt Voss"),
    "161017": ("orchard09", "dmitri", "The Gardener"), "161018": ("cartographer", "petra", "Ottilie Marsh"),
    "161019": ("cartographer", "felix", "Henrik Marsh"),
}
ROLE_LABELS = {"director": "Director", "actor": "Actor", "writer": "Writer", "producer": "Producer"}


def _text(value: str) -> str:
    """An N-Triples literal, non-ASCII written ``\\uXXXX`` as the dump writes it."""
    body = value.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if ord(c) < 128 else f"\\u{ord(c):04X}" for c in body) + '"'


def _int(value: str) -> str:
    return f'"{value}"^^<{XSD}int>'


def dump() -> str:
    lines: list[str] = []

    def state(subject: str, predicate: str, value: str) -> None:
        lines.append(f"<{subject}> <{predicate}> {value} .")

    def person(role: str, key: str) -> str:
        return f"{LMDB}{role}/{PEOPLE[role][key][0]}"

    film_iri = {key: f"{LMDB}film/{film[0]}" for key, film in FILMS.items()}
    for key, (filmid, title, released, runtime, directors, writers, producers, actors, genres, countries,
              languages, imdb, dbpedia) in FILMS.items():
        film = film_iri[key]
        state(film, RDF_TYPE, f"<{MOVIE}film>")
        state(film, RDFS_LABEL, _text(title))
        state(film, DC + "title", _text(title))
        state(film, DC + "date", _text(released))
        state(film, MOVIE + "filmid", _int(filmid))
        state(film, MOVIE + "initial_release_date", _text(released))
        state(film, MOVIE + "runtime", _text(runtime))
        for role, keys in (("director", directors), ("writer", writers), ("producer", producers), ("actor", actors)):
            for who in keys:
                state(film, MOVIE + role, f"<{person(role, who)}>")
        for genre in genres:
            state(film, MOVIE + "genre", f"<{LMDB}film_genre/{genre}>")
        for country in countries:
            state(film, MOVIE + "country", f"<{LMDB}country/{country}>")
        for language in languages:
            state(film, MOVIE + "language", f"<http://www.lingvoj.org/lang/{language}>")
        state(film, FOAF + "page", f"<http://www.imdb.com/title/tt{imdb}/>")
        state(film, FOAF + "page", f"<http://www.rottentomatoes.com/alias?type=imdbid&s={imdb}>")
        state(film, FOAF + "page", f"<{FREEBASE}{int(filmid) * 7:07x}>")
        if dbpedia:
            state(film, OWL_SAME, f"<http://dbpedia.org/resource/{dbpedia}>")
            state(film, OWL_SAME, f"<http://mpii.de/yago/resource/{dbpedia}>")
    for film, sequel in SEQUELS:
        state(film_iri[film], MOVIE + "sequel", f"<{film_iri[sequel]}>")
        state(film_iri[sequel], MOVIE + "prequel", f"<{film_iri[film]}>")
    for role, people in PEOPLE.items():
        for key, (number, name, dbpedia, guid) in people.items():
            iri = person(role, key)
            state(iri, RDF_TYPE, f"<{MOVIE}{role}>")
            state(iri, RDFS_LABEL, _text(f"{name} ({ROLE_LABELS[role]})"))
            state(iri, f"{MOVIE}{role}_name", _text(name))
            state(iri, f"{MOVIE}{role}_{role}id", _int(number))
            if dbpedia:
                state(iri, OWL_SAME, f"<http://dbpedia.org/resource/{dbpedia}>")
                if role == "actor":
                    state(iri, PHOTOS, f"<http://www4.wiwiss.fu-berlin.de/flickrwrappr/photos/{dbpedia}>")
            if guid:
                state(iri, FOAF + "page", f"<{FREEBASE}{guid}>")
            if role == "director":
                for film, data in FILMS.items():
                    if key in data[4]:
                        state(iri, FOAF + "made", f"<{film_iri[film]}>")
    for number, (film, actor, character) in PERFORMANCES.items():
        iri = f"{LMDB}performance/{number}"
        state(film_iri[film], MOVIE + "performance", f"<{iri}>")
        state(person("actor", actor), MOVIE + "performance", f"<{iri}>")
        state(iri, RDF_TYPE, f"<{MOVIE}performance>")
        state(iri, MOVIE + "performance_actor", _text(PEOPLE["actor"][actor][1]))
        state(iri, MOVIE + "performance_film", _text(FILMS[film][1]))
        state(iri, MOVIE + "performance_character", _text(character))
    for genre, name in GENRES.items():
        iri = f"{LMDB}film_genre/{genre}"
        state(iri, RDF_TYPE, f"<{MOVIE}film_genre>")
        state(iri, RDFS_LABEL, _text(f"{name} (Film Genre)"))
        state(iri, MOVIE + "film_genre_name", _text(name))
    for code, (name, alpha3, numeric, capital, currency, continent, population, area, number, fips,
               spoken) in COUNTRIES.items():
        iri = f"{LMDB}country/{code}"
        state(iri, RDF_TYPE, f"<{MOVIE}country>")
        state(iri, RDFS_LABEL, _text(f"{name} ({code})"))
        for field, value in (("name", name), ("currency", currency), ("fips_code", fips), ("capital", capital),
                             ("iso_numeric", numeric), ("languages", spoken), ("continent", continent),
                             ("population", population), ("iso_alpha2", code), ("iso_alpha3", alpha3)):
            state(iri, f"{MOVIE}country_{field}", _text(value))
        state(iri, MOVIE + "country_areaInSqKm", f'"{area}"^^<{XSD}double>')
        state(iri, MOVIE + "country_id", _int(number))
    for code, labels in LANGUAGES.items():
        for language, label in labels.items():
            state(f"http://www.lingvoj.org/lang/{code}", RDFS_LABEL, f"{_text(label)}@{language}")
    links = [(film_iri[key], FILMS[key][12]) for key in FILMS if FILMS[key][12]]
    links += [(person(role, key), data[2]) for role, people in PEOPLE.items() for key, data in people.items()
              if data[2]]
    for number, (source, target) in enumerate(links, start=36301):
        iri = f"{LMDB}interlink/{number}"
        state(iri, RDF_TYPE, f"<{ODD}interlink>")
        state(iri, ODD + "link_source", f"<{source}>")
        state(iri, ODD + "link_target", f"<http://dbpedia.org/resource/{target}>")
        state(iri, ODD + "linkage_run", f"<{LMDB}linkage_run/1>")
    state(f"{LMDB}linkage_run/1", RDF_TYPE, f"<{ODD}linkage_run>")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"linkedmdb-latest-dump.nt": dump()})


if __name__ == "__main__":
    run(__doc__, write_graph, "moviedb")
