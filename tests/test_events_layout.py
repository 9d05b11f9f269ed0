"""What the events stand-in (``benchmarks/events_graph.py``, event pages' schema.org JSON-LD) taught, on pages written
here: the remote context ``"https://schema.org"`` every page names is read as its vocabulary (nothing is fetched);
things described inline, with no ``@id``, are answers and topics, a venue on two pages as two things of one name;
an address (a ticket page's URL) picks no statement by the words inside it; "where is <E> held" and "when is <E>"
ask for the topic's one relation saying a place or a time, and nothing when it has two."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import answered, engine_over

from cacherag.api import CacheRAG
from cacherag.graphs.resources import close_all
from cacherag.tools.importers import read_source


def _page(name: str, start: str, venue: str, band: str, tickets: str, end: str | None = None) -> dict:
    page = {"@context": "https://schema.org", "@type": "Event", "name": name, "startDate": start,
            "location": {"@type": "Place", "name": venue,
                         "address": {"@type": "PostalAddress", "addressLocality": "Varnholm"}},
            "performer": {"@type": "MusicGroup", "name": band},
            "offers": {"@type": "Offer", "price": "25", "priceCurrency": "EUR",
                       "availability": "https://schema.org/InStock", "url": tickets}}
    return page | ({"endDate": end} if end else {})


PAGES = [_page("Harbour Jazz Night", "2026-03-14T20:00", "Harbour Hall", "The Tide Quartet",
               "https://tickets.example/harbour-jazz"),
         _page("Harbour Blues Evening", "2026-06-20T20:00", "Harbour Hall", "Jonas Eklund Trio",
               "https://tickets.example/harbour-blues"),
         _page("Northern Lights Film Festival", "2026-05-08", "Cinema Aurora", "The Tide Quartet",
               "https://tickets.example/northern-lights", end="2026-05-12")]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    directory = tmp_path_factory.mktemp("events")
    for n, page in enumerate(PAGES, 1):
        (directory / f"event-{n}.jsonld").write_text(json.dumps(page))
    from cacherag.cli import main as cacherag

    with pytest.raises(SystemExit) as done:
        cacherag(["load", *(str(directory / f"event-{n}.jsonld") for n in range(1, len(PAGES) + 1)),
                  "--store", str(directory / "store")])
    assert done.value.code in (0, None)
    engine = CacheRAG(str(directory / "store"), memory_dir=str(directory / "memory"), learn=False)
    yield engine
    engine.close()
    close_all()


def test_the_schema_org_context_is_read_as_its_vocabulary(tmp_path: Path) -> None:
    path = tmp_path / "event.jsonld"
    path.write_text(json.dumps(PAGES[0]))
    source = read_source(path)
    assert source.triples > 10
    assert [fix.problem for fix in source.fixes] == ["remote schema.org @context"]
    path.write_text(json.dumps({**PAGES[0], "@context": "https://example.org/context.jsonld"}))
    with pytest.raises(Exception, match="remote @context"):  # any other remote context is still refused
        read_source(path)


def test_things_described_inline_are_answers_and_topics(site: CacheRAG) -> None:
    assert answered(site, "Who performs at Harbour Blues Evening?") == {"Jonas Eklund Trio"}
    assert answered(site, "Which events does The Tide Quartet perform at?") == {
        "Harbour Jazz Night", "Northern Lights Film Festival"}
    assert answered(site, "Which events are at Harbour Hall?") == {"Harbour Jazz Night", "Harbour Blues Evening"}


def test_an_address_picks_no_statement_by_its_words(site: CacheRAG) -> None:
    # "tickets" is a word of the ticket page's URL, which picked the offer's availability ("InStock")
    assert answered(site, "How much does a ticket to Harbour Jazz Night cost?") == set()


def test_where_and_when_ask_for_the_one_place_or_time(site: CacheRAG) -> None:
    assert answered(site, "Where is Harbour Jazz Night held?") == {"Harbour Hall"}
    assert answered(site, "When is Harbour Jazz Night?") == {"2026-03-14T20:00"}
    assert answered(site, "When is the Northern Lights Film Festival?") == set()  # a start and an end: which?


def test_where_is_asked_for_the_place_after_history_remembered_when(tmp_path: Path) -> None:
    # the remembered "start date" plan, recalled for the wording alike and refused, leaves the place to be compiled
    with engine_over(tmp_path, json.dumps(PAGES[0]), name="event.jsonld", learn=True) as rag:
        assert answered(rag, "When does Harbour Jazz Night start?") == {"2026-03-14T20:00"}
        assert answered(rag, "Where is Harbour Jazz Night held?") == {"Harbour Hall"}
