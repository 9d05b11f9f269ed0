"""Passages behind evidence: the text of the document chunks that state it (graphs built by ``cacherag ingest``).

An evidence triple is stated by a chunk when the chunk is one of its ends (``chunk —mentions→ entity``) or
mentions both of its ends (``entity —relation→ entity`` extracted from that chunk). One bounded query per
answer, none at all on a graph that holds no passages; a graph failing to answer it costs the passages,
never the answer.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from cacherag.graphs.state import Triple
from cacherag.tools.errors import KGError
from cacherag.tools.kg import KnowledgeGraph
from cacherag.tools.terms import DOC_MENTIONS, DOC_TEXT, iri, is_iri, lexical_form

if TYPE_CHECKING:
    from cacherag.tools.label_index import DiskLabelIndex

MAX_PASSAGES = 3
MAX_TRIPLES = 50  # the evidence triples looked at (the first ones: those supporting the top answers)
_holds_passages: weakref.WeakKeyDictionary[KnowledgeGraph, bool] = weakref.WeakKeyDictionary()


def holds_passages(kg: KnowledgeGraph, index: DiskLabelIndex | None = None) -> bool:
    """Whether ``kg`` has any chunk text: asked once per graph and process, or once per graph when its disk
    label ``index`` remembers the answer."""
    if kg not in _holds_passages:
        def asked() -> bool:
            return kg._ask(f"ASK {{ ?c {iri(DOC_TEXT)} ?t }}")

        try:
            _holds_passages[kg] = bool(asked() if index is None else index.fact("holds passages", asked))
        except KGError:
            return False  # asked again next time
    return _holds_passages[kg]


def passages_for(kg: KnowledgeGraph, evidence: list[Triple], limit: int = MAX_PASSAGES,
                 index: DiskLabelIndex | None = None) -> list[Triple]:
    """``chunk —text→ its text`` for the chunks that state ``evidence``, the evidence's first triples first
    (``index``: the graph's disk label index, which remembers whether it holds passages at all)."""
    triples = [t for t in evidence if is_iri(t["s"]) and is_iri(t["o"])][:MAX_TRIPLES]
    if not triples or not holds_passages(kg, index):
        return []
    ends = " ".join(dict.fromkeys(n for t in triples for n in (t["s"], t["o"])))
    pairs = " ".join(dict.fromkeys(f"({t['s']} {t['o']})" for t in triples))
    mentions, text = iri(DOC_MENTIONS), iri(DOC_TEXT)
    query = (
        f"SELECT DISTINCT ?c ?s ?o ?t ?l WHERE {{ {{ VALUES ?c {{ {ends} }} }} UNION "
        f"{{ VALUES (?s ?o) {{ {pairs} }} ?c {mentions} ?s . ?c {mentions} ?o . }} ?c {text} ?t "
        f"OPTIONAL {{ ?c ?lp ?l {kg.labelling.filter()} }} }} LIMIT {kg.max_rows}")
    try:
        rows = kg._select(query)
    except KGError:
        return []
    first_pair: dict[tuple[str, str], int] = {}
    first_end: dict[str, int] = {}
    for i, t in enumerate(triples):
        first_pair.setdefault((t["s"], t["o"]), i)
        first_end.setdefault(t["s"], i)
        first_end.setdefault(t["o"], i)

    def supported(row: dict[str, str]) -> int:
        """Position of the first evidence triple the row's chunk states."""
        return first_pair[row["s"], row["o"]] if "s" in row else first_end[row["c"]]

    found: dict[str, Triple] = {}
    for row in sorted(rows, key=supported):
        label = lexical_form(row.get("l", row["c"]))
        found.setdefault(row["c"], Triple(s=row["c"], p=text, o=row["t"], s_label=label, p_label="text",
                                          o_label=lexical_form(row["t"]), hop=triples[supported(row)]["hop"],
                                          source="passage"))
    return list(found.values())[:limit]
