"""A stand-in shaped the way Wikidata publishes RDF (WDQS / dump layout), independent of the saga, music and probe
graphs: a made-up country, Kessaria (towns, provinces, rivers, bridges, scientists), in
``tests/data/wdprobe.ttl`` (about 1,400 triples).

Its traits: items ``wd:Q…`` labelled three times per language (``rdfs:label``, ``skos:prefLabel``,
``schema:name``) in several languages, English not always first, ``skos:altLabel`` and ``schema:description``;
properties as items ``wd:P…`` whose labels name the predicates only through ``wikibase:directClaim`` (``wdt:``),
``wikibase:claim`` (``p:``), ``wikibase:statementProperty`` (``ps:``), ``wikibase:qualifier`` (``pq:``) and the
value / reference predicates; truthy ``wdt:`` claims; full statements ``wds:…`` with ``wikibase:rank``,
``wikibase:BestRank``, qualifiers (point in time, start / end time), ``psv:`` time-value nodes and ``prov``
references; statement-only facts (awards with a year, a position held with start and end, no ``wdt:``); a
deprecated statement and a preferred one among older populations; ``xsd:dateTime`` dates with ``T00:00:00Z``
(year-precision ones on 1 January); quantities as ``xsd:decimal``; page metadata on items
(``schema:dateModified``, ``schema:version``, ``wikibase:statements`` / ``sitelinks``) and Wikipedia sitelink
nodes carrying ``schema:name``.

``wdprobe_questions.tsv`` (30 answerable + 10 the graph cannot answer) and ``wdprobe_repeats.tsv`` (same patterns,
other entities) were written and committed before the first run. Reuses the saga benchmark's runner.

    python benchmarks/wdprobe_graph.py [--backend oxigraph|rdflib] [--repeat]
"""

from __future__ import annotations

from pathlib import Path

from saga_graph import run

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "tests" / "data" / "wdprobe.ttl"]


if __name__ == "__main__":
    run(__doc__, lambda _: FILES, "wdprobe")
