"""Calibrated bounds kept beside a memory's vectors, so a new process does not calibrate again.

The plan memory's analogy bounds and the statement memory's recall threshold are quantiles over the memory's own
remembered records: on a memory of 5,000 plans, calibrating takes a shell question about a second, for the same
figures the last process found. Each is kept in ``<collection>.calibrations.json`` under its domain with a
digest of the records (and settings) it was computed from: the records' ids name their content, so the same
digest means the same result, and a memory that changed calibrates anew. Like the vector file, the file is a
cache: damaged or missing, the value is computed again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
from collections.abc import Callable, Iterable
from pathlib import Path

from cacherag.memory.store import write_json


def records_digest(ids: Iterable[str], *settings: object) -> str:
    """A name for a calibration's input: the records' ids (in any order) and the settings it used."""
    text = json.dumps([sorted(ids), [repr(s) for s in settings]])
    return hashlib.sha1(text.encode()).hexdigest()[:20]


class Calibrations:
    """Values by (domain, what) for one memory collection, each valid for one digest of its input."""

    def __init__(self, directory: Path | None, collection: str) -> None:
        self._path = directory / f"{collection}.calibrations.json" if directory is not None else None

    def get(self, domain: str, what: str, digest: str, compute: Callable[[], list[float]]) -> list[float]:
        """The value kept for ``digest``, else ``compute()``'s, kept for the next process."""
        kept = self._read().get(domain, {}).get(what)
        if isinstance(kept, dict) and kept.get("digest") == digest and isinstance(kept.get("value"), list) \
                and all(v is None or isinstance(v, int | float) for v in kept["value"]):
            return [math.nan if v is None else float(v) for v in kept["value"]]
        value = compute()
        if self._path is not None:
            rows = self._read()  # what other processes kept meanwhile
            rows.setdefault(domain, {})[what] = {"digest": digest,
                                                 "value": [None if math.isnan(v) else v for v in value]}
            with contextlib.suppress(OSError):  # a cache that cannot be written is recomputed next time
                write_json(self._path, rows)
        return value

    def _read(self) -> dict[str, dict[str, object]]:
        if self._path is None:
            return {}
        try:
            rows = json.loads(self._path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # none yet, or damaged: start over
            return {}
        return {d: kept for d, kept in rows.items() if isinstance(kept, dict)} if isinstance(rows, dict) else {}
