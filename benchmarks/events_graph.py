"""A twenty-ninth stand-in: a made-up city's event listings as websites mark them up for search engines — **schema.org
in JSON-LD**, one document per event page (``event-<n>.jsonld``), each naming the remote context
``"@context": "https://schema.org"`` as Google's structured-data guidelines show it. Nothing has an ``@id``: the
``Event`` (``name``, ``description``, ``startDate`` / ``endDate`` as ISO text, ``eventStatus`` and
``eventAttendanceMode`` as schema.org URLs written as text) holds its ``location`` (a ``Place`` with a ``name`` and a
``PostalAddress``: ``streetAddress``, ``postalCode``, ``addressLocality``, ``addressCountry``; or a
``VirtualLocation`` with a ``url``), ``performer`` (a ``Person`` or ``MusicGroup``), ``organizer`` (an
``Organization`` with a ``url``) and ``offers`` (an ``Offer``: ``price``, ``priceCurrency``, ``availability``,
``validFrom``, ``url``) inline — so a venue, a band or an organizer on two pages is two nodes of one name.

``events_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 58). Reuses the saga benchmark's runner.

    python benchmarks/events_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from saga_graph import run, written

SCHEMA = "https://schema.org/"
# name: (street, postal code, town, country)
PLACES = {"Harbour Hall": ("Kaigata 4", "4021", "Varnholm", "NO"),
          "City Library Auditorium": ("Torget 1", "4010", "Varnholm", "NO"),
          "Cinema Aurora": ("Storgata 22", "9008", "Brenholm", "NO"),
          "Brenholm Concert House": ("Havnegata 9", "9010", "Brenholm", "NO")}
ORGANIZERS = {"Varnholm Jazz Society": "https://varnholmjazz.example", "Varnholm Public Library":
              "https://library.varnholm.example", "Brenholm Film Club": "https://filmclub.brenholm.example"}
# name: start, end, place (or an online URL), performer (name, type), organizer, price, ticket sale from,
#       ticket URL, status, description
EVENTS: list[dict[str, Any]] = [
    dict(name="Harbour Jazz Night", start="2026-03-14T20:00", place="Harbour Hall",
         performer=("The Tide Quartet", "MusicGroup"), organizer="Varnholm Jazz Society", price="25",
         sale="2026-01-10", tickets="https://tickets.example/harbour-jazz",
         description="Four sets of modern jazz by the harbour."),
    dict(name="Spring Poetry Reading", start="2026-04-02T18:30", place="City Library Auditorium",
         performer=("Mira Solberg", "Person"), organizer="Varnholm Public Library", price="0",
         description="An evening of new poems read by their author."),
    dict(name="Northern Lights Film Festival", start="2026-05-08", end="2026-05-12", place="Cinema Aurora",
         organizer="Brenholm Film Club", price="60", tickets="https://tickets.example/northern-lights",
         description="Five days of films from the far north."),
    dict(name="Harbour Blues Evening", start="2026-06-20T20:00", place="Harbour Hall",
         performer=("Jonas Eklund Trio", "MusicGroup"), organizer="Varnholm Jazz Society", price="30",
         tickets="https://tickets.example/harbour-blues", description="Blues standards and new songs."),
    dict(name="Tide Quartet Farewell Concert", start="2026-09-05T19:00", place="Brenholm Concert House",
         performer=("The Tide Quartet", "MusicGroup"), organizer="Brenholm Film Club", price="40",
         status="EventPostponed", description="The quartet's last concert together."),
    dict(name="Children's Science Fair", start="2026-10-17T10:00", online="https://fair.varnholm.example/live",
         organizer="Varnholm Public Library", price="0", description="Experiments and demonstrations for children."),
]


def page(event: dict[str, Any]) -> dict[str, Any]:
    """The event's JSON-LD, as its page embeds it."""
    markup: dict[str, Any] = {"@context": "https://schema.org", "@type": "Event", "name": event["name"],
                              "description": event["description"], "startDate": event["start"],
                              "eventStatus": SCHEMA + event.get("status", "EventScheduled")}
    if "end" in event:
        markup["endDate"] = event["end"]
    if "online" in event:
        markup["eventAttendanceMode"] = SCHEMA + "OnlineEventAttendanceMode"
        markup["location"] = {"@type": "VirtualLocation", "url": event["online"]}
    else:
        street, code, town, country = PLACES[event["place"]]
        markup["eventAttendanceMode"] = SCHEMA + "OfflineEventAttendanceMode"
        markup["location"] = {"@type": "Place", "name": event["place"], "address": {
            "@type": "PostalAddress", "streetAddress": street, "postalCode": code, "addressLocality": town,
            "addressCountry": country}}
    if "performer" in event:
        name, kind = event["performer"]
        markup["performer"] = {"@type": kind, "name": name}
    markup["organizer"] = {"@type": "Organization", "name": event["organizer"], "url": ORGANIZERS[event["organizer"]]}
    offer = {"@type": "Offer", "price": event["price"], "priceCurrency": "EUR", "availability": SCHEMA + "InStock"}
    if "sale" in event:
        offer["validFrom"] = event["sale"]
    if "tickets" in event:
        offer["url"] = event["tickets"]
    markup["offers"] = offer
    return markup


def write_graph(out: Path) -> list[Path]:
    """One JSON-LD document per event page, in ``out``; the files written."""
    return written(out, {f"event-{n}.jsonld": json.dumps(page(event), indent=2) for n, event in enumerate(EVENTS, 1)})


if __name__ == "__main__":
    run(__doc__, write_graph, "events")
