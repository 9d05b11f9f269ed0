"""What the MONDIAL stand-in (``benchmarks/mondial_graph.py``, geography in MONDIAL's RDF layout) taught, on a small
graph in that layout written here: the noun a relation is asked by ("the main *religion* of <E>") names a label's
noun in its common senses only — a religion is an organization only as an institution, a rarer sense."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG

GRAPH = """@prefix mon: <http://www.semwebtech.org/mondial/10/meta#> .
@base <http://www.semwebtech.org/mondial/10/> .
<countries/LS/> a mon:Country ; mon:name "Lussania" ; mon:carCode "LS" ; mon:capital <countries/LS/cities/Orvik/> .
<countries/LS/cities/Orvik/> a mon:City ; mon:name "Orvik" .
<organizations/BU/> a mon:Organization ; mon:name "Borealian Union" ; mon:abbrev "BU" .
<organizations/MTC/> a mon:Organization ; mon:name "Meridian Trade Council" ; mon:abbrev "MTC" .
[] a mon:Membership ; mon:ofMember <countries/LS/> ; mon:inOrganization <organizations/BU/> ; mon:type "member" .
[] a mon:Membership ; mon:ofMember <countries/LS/> ; mon:inOrganization <organizations/MTC/> ; mon:type "observer" .
"""


@pytest.fixture(scope="module")
def geography(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "mondial", GRAPH)


def test_a_relation_noun_names_a_label_in_its_common_senses_only(geography: CacheRAG) -> None:
    assert answered(geography, "What is the main religion of Lussania?") == set()  # (no organization)
    assert answered(geography, "What is the capital of Lussania?") == {"Orvik"}
