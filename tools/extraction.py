"""What a chunk states: its entities and the relations between them (ReMindRAG A.2).

With a chat model, two structured calls per chunk (Tables 18 and 19 in ``prompts/extraction.py``): the
named entities, then the relation triples among them. Offline, the entities are the labels of an existing
graph the chunk mentions (the entity-linking index of ``tools/linking.py``), with no relations. Entity
names with no node of their own are merged as synonyms when their embeddings are close (cosine ≥ 0.7).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field

from cacherag.nodes.reasoners import usage
from cacherag.nodes.reasoners.llm import LLMReasoner
from cacherag.prompts import extraction as prompts
from cacherag.tools.linking import LabelIndex, Mention, clean_text, normalize

SYNONYM_SIMILARITY = 0.7  # ReMindRAG A.2's threshold
MIN_NAMES_TO_MERGE = 8  # centering needs a population of names; below it only identical names merge


class EntitiesOutput(BaseModel):
    """The named entities of one chunk (Table 18)."""

    entities: list[str] = Field(default_factory=list, description="Each entity copied as the text writes it.")


class ExtractedRelation(BaseModel):
    """One relation the chunk states between two of its entities (Table 19)."""

    subject: str = Field(description="The subject entity, copied from the list.")
    predicate: str = Field(description="A short phrase naming the connection, e.g. 'raises'.")
    object: str = Field(description="The object entity, copied from the list.")
    sentence: str = Field(default="", description="The complete sentence: subject, predicate and object.")


class RelationsOutput(BaseModel):
    """The relations one chunk states among its entities (Table 19); empty when it states none."""

    relations: list[ExtractedRelation] = Field(default_factory=list)


@dataclass
class ChunkFacts:
    """Entities (name -> graph nodes it was linked to, none for a new entity) and relations of one chunk."""

    entities: dict[str, list[str]] = field(default_factory=dict)
    relations: list[tuple[str, str, str]] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"entities": self.entities, "relations": self.relations}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> ChunkFacts:
        data = json.loads(text)
        return cls(dict(data.get("entities", {})), [tuple(r) for r in data.get("relations", [])])  # type: ignore[misc]


class Extractor(Protocol):
    """Reads the facts of one chunk."""

    def extract(self, text: str) -> ChunkFacts: ...


def _names(values: Sequence[str]) -> list[str]:
    """Distinct, cleaned, non-empty names in their first order."""
    return list(dict.fromkeys(n for n in (" ".join(clean_text(v).split()) for v in values) if normalize(n)))


def longest_mentions(index: LabelIndex | None, text: str) -> list[Mention]:
    """The labels ``text`` mentions, the longest first, none overlapping another ('New York City', not 'York')."""
    if index is None:
        return []
    kept: list[Mention] = []
    for mention in sorted(index.mentions(text, fuzzy=False), key=lambda m: (m.start - m.end, m.start)):
        if all(mention.end <= k.start or mention.start >= k.end for k in kept):
            kept.append(mention)
    return sorted(kept, key=lambda m: m.start)


class LabelExtractor:
    """Offline: a chunk's entities are the labels of an existing graph it mentions; no relations."""

    def __init__(self, index: LabelIndex) -> None:
        self.index = index

    def extract(self, text: str) -> ChunkFacts:
        entities: dict[str, list[str]] = {}
        for mention in longest_mentions(self.index, text):
            nodes = entities.setdefault(self.index.label_of[mention.nodes[0]], [])
            nodes.extend(n for n in mention.nodes if n not in nodes)
        return ChunkFacts(entities)


class LLMExtractor:
    """Entities, then relations among them, by a chat model with structured output; names an existing graph
    labels exactly (``link``) are linked to its nodes. A chunk the model gives nothing usable for keeps no
    facts (counted in ``failed``); a provider error retrying cannot fix raises :class:`LLMError`."""

    def __init__(self, model: BaseChatModel, link: LabelIndex | None = None, attempts: int = 3) -> None:
        # The reasoner's retrying structured calls; extraction reads no graph, so it is given no view.
        self.reasoner = LLMReasoner(model, view=None, attempts=attempts)  # type: ignore[arg-type]
        self.link = link
        self.failed = 0
        self.ledger = usage.Ledger()

    def extract(self, text: str) -> ChunkFacts:
        with usage.ledger() as spent:
            facts = self._extract(text)
        self.ledger.llm_calls += spent.llm_calls
        self.ledger.tokens += spent.tokens
        return facts

    def _extract(self, text: str) -> ChunkFacts:
        found = self.reasoner._structured("extract_entities", prompts.ENTITIES, EntitiesOutput, text=text)
        if found.value is None:
            self.failed += 1
            return ChunkFacts()
        names = _names(found.value.entities)
        by_norm = {normalize(n): n for n in names}
        relations: list[tuple[str, str, str]] = []
        if len(names) > 1:
            out = self.reasoner._structured("extract_relations", prompts.RELATIONS, RelationsOutput, text=text,
                                            entities=json.dumps(names, ensure_ascii=False))
            if out.value is None:
                self.failed += 1
            for rel in out.value.relations if out.value else []:
                subject, obj = by_norm.get(normalize(rel.subject)), by_norm.get(normalize(rel.object))
                predicate = " ".join(clean_text(rel.predicate).split())
                if subject and obj and subject != obj and normalize(predicate):
                    relations.append((subject, predicate, obj))
        linked = self.link.by_norm if self.link is not None else {}
        return ChunkFacts({n: list(linked.get(normalize(n), [])) for n in names}, list(dict.fromkeys(relations)))


def synonyms(names: Sequence[str], counts: Counter[str], embeddings: Embeddings,
             threshold: float = SYNONYM_SIMILARITY) -> dict[str, str]:
    """Each name -> the name of its synonym group (the group's most mentioned, then longest, name).

    Names with the same normalized form are one entity. Others merge when the cosine of their embeddings,
    centered on the names' mean, reaches ``threshold``: centering removes the direction every embedding
    of a small model shares (e5 puts unrelated names at cosine ≈ 0.8), so the paper's 0.7 keeps its meaning.
    """
    keys = list(dict.fromkeys(normalize(n) for n in names))
    parent = list(range(len(keys)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if len(keys) >= MIN_NAMES_TO_MERGE:
        vectors = np.asarray(embeddings.embed_documents(keys), dtype=np.float32)
        vectors -= vectors.mean(axis=0)
        vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
        for start in range(0, len(keys), 1024):  # blocks keep the similarity matrix small
            block = vectors[start:start + 1024] @ vectors.T
            for i, j in zip(*np.nonzero(block >= threshold), strict=True):
                a, b = root(start + int(i)), root(int(j))
                if a != b:
                    parent[max(a, b)] = min(a, b)
    index = {key: i for i, key in enumerate(keys)}
    groups: dict[int, list[str]] = {}
    for name in dict.fromkeys(names):
        groups.setdefault(root(index[normalize(name)]), []).append(name)
    return {name: max(group, key=lambda n: (counts[n], len(n), n)) for group in groups.values() for name in group}
