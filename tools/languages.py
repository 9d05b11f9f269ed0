"""Languages by their English names, as a question names one when it asks for a label in it ("the *French* name of
<E>", "what is <E> in *German*"): ISO 639 from pycountry's bundled data, nothing downloaded."""

from __future__ import annotations

import re
from functools import cache

import pycountry


@cache
def _tags() -> dict[str, str]:
    """English name (case-folded) -> two-letter tag, for the languages that have one ("modern greek", "greek": el)."""
    found: dict[str, str] = {}
    for entry in pycountry.languages:
        tag = getattr(entry, "alpha_2", None)
        if tag is None:
            continue
        for name in entry.name.split(";"):
            plain = re.sub(r"\s*\(.*?\)", "", name).strip().casefold()  # "Modern Greek (1453-)"
            for key in (plain, plain.removeprefix("modern ")):
                found.setdefault(key, tag)
    return found


def language_tag(name: str) -> str | None:
    """The language tag (ISO 639-1, as RDF literals carry it) of the language ``name`` names in English ("French":
    "fr"), if it names one."""
    return _tags().get(name.strip().casefold())
