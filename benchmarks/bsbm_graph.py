"""A thirtieth stand-in: a made-up shop catalogue in the layout of the **Berlin SPARQL Benchmark** (BSBM) e-commerce
dataset, written the way its data generator (``generate -s ttl``) writes ``dataset.ttl``: one Turtle file, every
``@prefix`` first (``rdf``, ``rdfs``, ``foaf``, ``dc`` — Dublin Core elements — ``xsd``, ``rev``
``http://purl.org/stuff/rev#``, ``bsbm`` ``http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/``,
``bsbm-inst`` its ``instances/``, then one ``dataFromProducer<n>:`` / ``dataFromVendor<n>:`` /
``dataFromRatingSite<n>:`` prefix per publisher), then one block per resource, four-space indented, in the
generator's order. Product types ``bsbm-inst:ProductType<n>`` (``rdfs:label``, ``rdfs:subClassOf`` up to the root
``Thing``, "The Product Type of all Products") and product features ``bsbm-inst:ProductFeature<n>``, both published
by ``bsbm-inst:StandardizationInstitution1``; each producer ``dataFromProducer<n>:Producer<n>`` (``foaf:homepage``
``http://www.Producer<n>.com/``, ``bsbm:country`` an unlabelled ISO 3166 IRI ``http://downlode.org/rdf/iso-3166/
countries#DE`` — the generator's, not DBpedia's) followed by its products ``dataFromProducer<n>:Product<m>``, typed
both ``bsbm:Product`` and their leaf product type (no forward chaining), with ``bsbm:producer``,
``bsbm:productFeature`` (several), ``bsbm:productPropertyNumeric1``.. as ``xsd:integer`` and
``bsbm:productPropertyTextual1``.. as ``xsd:string`` (1–3 always, 4–6 on some); each vendor
``dataFromVendor<n>:Vendor<n>`` followed by its offers ``dataFromVendor<n>:Offer<m>`` (``bsbm:product``,
``bsbm:vendor``, ``bsbm:price`` typed ``bsbm:USD``, ``bsbm:validFrom`` / ``bsbm:validTo`` ``xsd:dateTime`` at
midnight, ``bsbm:deliveryDays``, ``bsbm:offerWebpage`` under the vendor's namespace); each rating site's reviewers
``dataFromRatingSite<n>:Reviewer<m>`` (``foaf:Person`` with ``foaf:name`` a single given name,
``foaf:mbox_sha1sum``, ``bsbm:country``), each followed by their reviews ``dataFromRatingSite<n>:Review<m>``
(``bsbm:Review`` with ``bsbm:reviewFor``, ``rev:reviewer``, ``dc:title``, ``rev:text`` tagged with the reviewer's
country's language, ``bsbm:rating1``..``4`` where given, ``bsbm:reviewDate``). Every resource carries
``dc:publisher`` (itself for producers and vendors, its producer, vendor or rating site otherwise; rating sites are
never described) and ``dc:date`` (``xsd:date``). Labels are lower-case made-up words and comments, titles, review
texts and textual properties strings of random words, as the generator's dictionaries give them; offers and reviews
carry no label. Properties and classes carry no labels.

``bsbm_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 59). Reuses the saga benchmark's runner.

    python benchmarks/bsbm_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from saga_graph import run, written

INST = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/"
PREFIXES = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
            "foaf": "http://xmlns.com/foaf/0.1/", "dc": "http://purl.org/dc/elements/1.1/",
            "xsd": "http://www.w3.org/2001/XMLSchema#", "rev": "http://purl.org/stuff/rev#",
            "bsbm": "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/", "bsbm-inst": INST}
COUNTRY = "http://downlode.org/rdf/iso-3166/countries#"
# the generator's language of each country, for review texts
LANGUAGE = {"US": "en", "GB": "en", "JP": "ja", "CN": "zh", "DE": "de", "FR": "fr", "ES": "es", "RU": "ru",
            "KR": "ko", "AT": "de"}
# the words comments, titles, texts and textual properties are drawn from
WORDS = ("gantlets moribund quarrier hectoring sublets brusquer outflanks tamarisk pinwheels overbids lustrums "
         "cudgeled fetlocks mummers reprised bedstead snowiest glazier unclasp wheedled pewters riposted damasks "
         "cozened holdovers archways nubbier plinths scalding trundled varlets gossamers inkwells jouncing keelsons "
         "lambent marbling nosegays oafishly palfreys").split()
# nr: label, parent type (None for the root), dc:date
PRODUCT_TYPES = {1: ("Thing", None, "2000-06-24"), 2: ("strandel", 1, "2000-07-02"),
                 3: ("obrine cadders", 1, "2000-06-29"), 4: ("strandel minikits", 2, "2000-07-11"),
                 5: ("hovelock", 3, "2000-07-05")}
# nr: label, dc:date
FEATURES = {1: ("dorsewick", "2000-06-21"), 2: ("plimsed vantor", "2000-06-23"), 3: ("grellish", "2000-07-01"),
            4: ("outmarrow", "2000-07-08"), 5: ("sennable crofts", "2000-06-27"), 6: ("tuffin", "2000-07-14"),
            7: ("klavering", "2000-07-03"), 8: ("wemblish tarn", "2000-07-19"), 9: ("spordic", "2000-06-30"),
            10: ("halloran fex", "2000-07-22")}
# nr: label, country, dc:date
PRODUCERS = {1: ("kastovin", "DE", "2003-04-11"), 2: ("lummerdal", "US", "2001-09-02"),
             3: ("ferrovique gasp", "JP", "2004-11-19"), 4: ("ostrabel", "US", "2002-02-27")}
# nr: producer, label, product type, features, numeric properties (1.., None where absent),
#     number of textual properties, dc:date
PRODUCTS = {
    1: (1, "velmora tandic", 4, [1, 3, 4], [412, 1187, 96, 1320], 5, "2005-03-14"),
    2: (1, "quorvel", 4, [1, 2], [233, 1702, 540], 3, "2006-08-02"),
    3: (2, "plenko drasti", 5, [6, 7, 9], [1650, 305, 877, 44, 1092], 4, "2004-10-21"),
    4: (2, "tavimar", 4, [2, 3, 5], [88, 940, 1433], 3, "2006-01-09"),
    5: (2, "morvane liska", 5, [6, 8], [702, 1299, 61, None, None, 1815], 3, "2002-12-30"),
    6: (3, "zentrop halvi", 4, [1, 5], [1544, 420, 1010], 3, "2005-07-19"),
    7: (3, "olgrim fesk", 5, [7, 9, 10], [390, 1876, 233, 611], 4, "2003-05-05"),
    8: (4, "pradelko", 5, [6, 10], [955, 12, 1720], 3, "2006-11-28"),
}
# nr: label, country, dc:date
VENDORS = {1: ("nerrifax", "GB", "2008-05-02"), 2: ("talbrook venn", "US", "2008-04-17"),
           3: ("quillamar", "DE", "2008-03-30")}
# nr: vendor, product, price in USD, valid from, valid to, delivery days, dc:date
OFFERS = {
    1: (1, 1, "412.37", "2008-02-11", "2008-06-29", 3, "2008-04-09"),
    2: (1, 4, "1893.05", "2008-03-20", "2008-06-30", 2, "2008-05-01"),
    3: (1, 6, "7120.66", "2008-01-15", "2008-06-14", 5, "2008-03-24"),
    4: (1, 3, "256.18", "2008-04-02", "2008-07-05", 7, "2008-05-27"),
    5: (2, 1, "398.92", "2008-03-05", "2008-06-25", 4, "2008-04-30"),
    6: (2, 5, "5034.71", "2008-02-28", "2008-08-01", 1, "2008-05-19"),
    7: (2, 8, "89.44", "2008-04-18", "2008-07-20", 6, "2008-06-03"),
    8: (3, 1, "455.13", "2008-03-12", "2008-07-11", 2, "2008-04-21"),
    9: (3, 4, "1761.89", "2008-01-30", "2008-05-28", 9, "2008-03-17"),
    10: (3, 7, "3312.47", "2008-03-01", "2008-06-29", 3, "2008-04-14"),
}
# nr: name, country, rating site, dc:date
REVIEWERS = {1: ("Brisamel", "US", 1, "2008-07-02"), 2: ("Kelvane", "DE", 1, "2008-06-28"),
             3: ("Marnic", "GB", 1, "2008-08-15"), 4: ("Sollietta", "JP", 1, "2008-07-21"),
             5: ("Toravin", "US", 2, "2008-09-04"), 6: ("Idrunna", "FR", 2, "2008-08-30")}
# nr: reviewer, product, review date, ratings 1-4 (None where not given), dc:date
REVIEWS = {
    1: (1, 1, "2007-11-03", (8, 7, None, 9), "2008-01-12"),
    2: (1, 4, "2008-02-19", (5, None, 6, 4), "2008-03-02"),
    3: (2, 1, "2008-01-27", (6, 6, 7, None), "2008-02-14"),
    4: (2, 3, "2007-09-15", (9, 8, 10, 9), "2007-10-01"),
    5: (3, 2, "2008-04-08", (3, 4, None, 2), "2008-04-30"),
    6: (4, 6, "2007-12-22", (7, None, 8, 6), "2008-01-09"),
    7: (4, 1, "2008-05-30", (10, 9, 9, 10), "2008-06-11"),
    8: (5, 5, "2008-03-14", (4, 5, 3, None), "2008-04-02"),
    9: (5, 4, "2007-07-08", (None, 6, 7, 5), "2007-08-19"),
    10: (6, 7, "2008-02-03", (8, 7, 6, 8), "2008-02-25"),
}


def _babble(seed: int, count: int) -> str:
    """``count`` words from the dictionary, as the generator's random sentences read."""
    return " ".join(WORDS[hashlib.md5(f"{seed}:{k}".encode()).digest()[0] % len(WORDS)] for k in range(count))


def _block(subject: str, facts: list[tuple[str, str]]) -> str:
    lines = [subject] + [f"    {p} {o} ;" for p, o in facts[:-1]] + [f"    {facts[-1][0]} {facts[-1][1]} ."]
    return "\n".join(lines) + "\n"


def _date(value: str) -> str:
    return f'"{value}"^^xsd:date'


def _datetime(value: str) -> str:
    return f'"{value}T00:00:00"^^xsd:dateTime'


def _integer(value: int) -> str:
    return f'"{value}"^^xsd:integer'


def _product(nr: int) -> str:
    return f"dataFromProducer{PRODUCTS[nr][0]}:Product{nr}"


def _reviewer(nr: int) -> str:
    return f"dataFromRatingSite{REVIEWERS[nr][2]}:Reviewer{nr}"


def dataset() -> str:
    institution = f"<{INST}StandardizationInstitution1>"
    head = [f"@prefix {prefix}: <{ns}> ." for prefix, ns in PREFIXES.items()]
    head += [f"@prefix dataFromProducer{n}: <{INST}dataFromProducer{n}/> ." for n in PRODUCERS]
    head += [f"@prefix dataFromVendor{n}: <{INST}dataFromVendor{n}/> ." for n in VENDORS]
    sites = sorted({site for _, _, site, _ in REVIEWERS.values()})
    head += [f"@prefix dataFromRatingSite{n}: <{INST}dataFromRatingSite{n}/> ." for n in sites]
    blocks = []
    for nr, (label, parent, date) in PRODUCT_TYPES.items():
        facts = [("rdf:type", "bsbm:ProductType"), ("rdfs:label", f'"{label}"')]
        if parent:
            facts.append(("rdfs:subClassOf", f"bsbm-inst:ProductType{parent}"))
        comment = "The Product Type of all Products" if parent is None else _babble(nr, 20 + nr)
        facts += [("rdfs:comment", f'"{comment}"'), ("dc:publisher", institution), ("dc:date", _date(date))]
        blocks.append(_block(f"bsbm-inst:ProductType{nr}", facts))
    for nr, (label, date) in FEATURES.items():
        blocks.append(_block(f"bsbm-inst:ProductFeature{nr}", [
            ("rdf:type", "bsbm:ProductFeature"), ("rdfs:label", f'"{label}"'),
            ("rdfs:comment", f'"{_babble(10 + nr, 20 + nr % 5)}"'), ("dc:publisher", institution),
            ("dc:date", _date(date))]))
    for nr, (label, country, date) in PRODUCERS.items():
        producer = f"dataFromProducer{nr}:Producer{nr}"
        blocks.append(_block(producer, [
            ("rdf:type", "bsbm:Producer"), ("rdfs:label", f'"{label}"'),
            ("rdfs:comment", f'"{_babble(30 + nr, 24 + nr)}"'), ("foaf:homepage", f"<http://www.Producer{nr}.com/>"),
            ("bsbm:country", f"<{COUNTRY}{country}>"), ("dc:publisher", producer), ("dc:date", _date(date))]))
        for pnr, (owner, plabel, ptype, features, numeric, textual, pdate) in PRODUCTS.items():
            if owner != nr:
                continue
            facts = [("rdf:type", "bsbm:Product"), ("rdfs:label", f'"{plabel}"'),
                     ("rdfs:comment", f'"{_babble(50 + pnr, 50 + pnr)}"'),
                     ("rdf:type", f"bsbm-inst:ProductType{ptype}")]
            facts += [(f"bsbm:productPropertyNumeric{k}", _integer(value))
                      for k, value in enumerate(numeric, 1) if value is not None]
            facts += [(f"bsbm:productPropertyTextual{k}",
                       f'"{_babble(70 + pnr * 6 + k, 3 + (pnr + k) % 9)}"^^xsd:string') for k in range(1, textual + 1)]
            facts += [("bsbm:productFeature", f"bsbm-inst:ProductFeature{feature}") for feature in features]
            facts += [("bsbm:producer", producer), ("dc:publisher", producer), ("dc:date", _date(pdate))]
            blocks.append(_block(_product(pnr), facts))
    for nr, (label, country, date) in VENDORS.items():
        vendor = f"dataFromVendor{nr}:Vendor{nr}"
        blocks.append(_block(vendor, [
            ("rdf:type", "bsbm:Vendor"), ("rdfs:label", f'"{label}"'),
            ("rdfs:comment", f'"{_babble(40 + nr, 22 + nr)}"'), ("foaf:homepage", f"<http://www.vendor{nr}.com/>"),
            ("bsbm:country", f"<{COUNTRY}{country}>"), ("dc:publisher", vendor), ("dc:date", _date(date))]))
        for onr, (owner, product, price, valid_from, valid_to, days, odate) in OFFERS.items():
            if owner != nr:
                continue
            blocks.append(_block(f"dataFromVendor{nr}:Offer{onr}", [
                ("rdf:type", "bsbm:Offer"), ("bsbm:product", _product(product)), ("bsbm:vendor", vendor),
                ("bsbm:price", f'"{price}"^^bsbm:USD'), ("bsbm:validFrom", _datetime(valid_from)),
                ("bsbm:validTo", _datetime(valid_to)), ("bsbm:deliveryDays", _integer(days)),
                ("bsbm:offerWebpage", f"<{INST}dataFromVendor{nr}/Offer{onr}/>"), ("dc:publisher", vendor),
                ("dc:date", _date(odate))]))
    for nr, (name, country, site, date) in REVIEWERS.items():
        mbox = hashlib.sha1(f"mailto:{name.lower()}@ratingsite{site}.example".encode()).hexdigest()
        publisher = f"dataFromRatingSite{site}:RatingSite{site}"
        blocks.append(_block(_reviewer(nr), [
            ("rdf:type", "foaf:Person"), ("foaf:name", f'"{name}"'), ("foaf:mbox_sha1sum", f'"{mbox}"'),
            ("bsbm:country", f"<{COUNTRY}{country}>"), ("dc:publisher", publisher), ("dc:date", _date(date))]))
        for rnr, (reviewer, product, review_date, ratings, rdate) in REVIEWS.items():
            if reviewer != nr:
                continue
            facts = [("rdf:type", "bsbm:Review"), ("bsbm:reviewFor", _product(product)),
                     ("rev:reviewer", _reviewer(nr)), ("dc:title", f'"{_babble(90 + rnr, 4 + rnr % 8)}"'),
                     ("rev:text", f'"{_babble(110 + rnr, 30 + rnr * 3)}"@{LANGUAGE[country]}')]
            facts += [(f"bsbm:rating{k}", _integer(value)) for k, value in enumerate(ratings, 1) if value is not None]
            facts += [("bsbm:reviewDate", _datetime(review_date)), ("dc:publisher", publisher),
                      ("dc:date", _date(rdate))]
            blocks.append(_block(f"dataFromRatingSite{site}:Review{rnr}", facts))
    return "\n".join(head) + "\n\n" + "".join(blocks)


def write_graph(out: Path) -> list[Path]:
    """The generator's one Turtle file, in ``out``; the files written."""
    return written(out, {"dataset.ttl": dataset()})


if __name__ == "__main__":
    run(__doc__, write_graph, "bsbm")
