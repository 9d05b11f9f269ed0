"""A third stand-in for a real third-party graph, independent of the saga's and the music scene's: a made-up
fantasy book series (``tests/data/probe*.ttl``, about 270 triples plus an OWL ontology of about 120), asked
cold, as a user would.

Its traits: book titles under ``dcterms:title`` beside ``rdfs:label`` in other languages, labels with English
not first, ``skos:altLabel`` epithets ("The Pale Queen"), ``schema:description`` texts, ``owl:sameAs`` links to
IRIs the graph says nothing about, book credits behind nodes whose role is a plain literal ("illustrator",
"editor", "translator", "cover artist"), award statements with a year and the work they were for, properties
named only by the ontology (with English not first: "Geburtsort" before "place of birth"; a Wikidata-length
"located in the administrative territorial entity"), opaque ids named only there (``P69`` "educated at"),
camelCase properties with no label at all (``eyeColour``, ``hairColour``, ``birthYear``, ``foundingYear``,
``appearsIn``, ``year``), dirty literals ("unknown", "1,200,000", "black, grey") and two language tags a
strict parser refuses.

``probe_questions.tsv`` (30 answerable + 10 the graph cannot answer) and ``probe_repeats.tsv`` (same patterns,
other entities) were written and committed before the first run. Reuses the saga benchmark's runner.

    python benchmarks/probe_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "tests" / "data" / "probe.ttl", ROOT / "tests" / "data" / "probe_ontology.ttl"]


if __name__ == "__main__":
    run(__doc__, lambda _: FILES, "probe")
