"""A fifth stand-in for a real third-party graph: a made-up galaxy shaped like SWAPI (``tests/data/galaxy*.ttl``,
about 340 triples), asked cold, as a user would.

Its traits: snake_case properties named only by their local names (``eye_color``, ``cost_in_credits``,
``starship_class``, ``average_lifespan``), an OWL ontology labelling the classes and the object properties, a
class named like a relation's word ("Starship" beside "starships" and "starship class"), a species "Human" beside
a class "Human", alternative names ("Grakk", "Princess Seren"), labels in several scripts, film credits behind
cast nodes that name a role, literals for every measurement.

``galaxy_questions.tsv`` (40 answerable + 10 the graph cannot answer) was written before the first run (session
31; its first run: 36 correct, 0 wrong, 10/10 unanswerable `missing`); ``galaxy_repeats.tsv`` (same patterns,
other entities) after it. Reuses the saga benchmark's runner.

    python benchmarks/galaxy_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "tests" / "data" / "galaxy.ttl", ROOT / "tests" / "data" / "galaxy_ontology.ttl"]

if __name__ == "__main__":
    run(__doc__, lambda _: FILES, "galaxy")
