"""Answer metrics: Hits@1, Hits@any, set F1, missing; latency percentiles; per-hop aggregation.

Answers are compared as labels, case- and accent-insensitively with punctuation ignored (the same
normalization the engine's linker uses), so "The Matrix" and "the matrix" are one answer.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cacherag.tools.linking import normalize


def answer_key(label: str) -> str:
    """Comparison form of an answer label ('' never matches anything)."""
    return normalize(label) or label.strip().lower()


def _keys(labels: Iterable[str]) -> list[str]:
    return [k for k in (answer_key(label) for label in labels) if k]


def hits_at_1(predicted: Sequence[str], gold: Iterable[str]) -> float:
    """1.0 if the top-ranked prediction is a gold answer (0.0 with no prediction)."""
    keys = _keys(predicted[:1])
    return 1.0 if keys and keys[0] in set(_keys(gold)) else 0.0


def hits_at_any(predicted: Sequence[str], gold: Iterable[str]) -> float:
    """1.0 if any prediction is a gold answer."""
    golds = set(_keys(gold))
    return 1.0 if any(k in golds for k in _keys(predicted)) else 0.0


def f1(predicted: Iterable[str], gold: Iterable[str]) -> float:
    """Set F1 of the predicted answers against the gold answers (0.0 if either is empty)."""
    pred, golds = set(_keys(predicted)), set(_keys(gold))
    common = len(pred & golds)
    if not common:
        return 0.0
    precision, recall = common / len(pred), common / len(golds)
    return 2 * precision * recall / (precision + recall)


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None


def score(predicted: Sequence[str], gold: Sequence[str], status: str) -> dict[str, float]:
    """Every per-question metric at once, CRAG's included (Yang et al. 2024): an answer is accurate, missing
    or a hallucination, and truthfulness = accuracy - hallucination, so a wrong answer costs more than none.

    A question with no gold answer (the graph cannot answer it) is answered right only by "missing".
    """
    missing = 1.0 if status != "answered" or not predicted else 0.0
    if not _keys(gold):
        return {"hits@1": missing, "hits@any": missing, "f1": missing, "missing": missing,
                "accuracy": missing, "hallucination": 1.0 - missing, "truthfulness": 2 * missing - 1.0}
    accurate = 0.0 if missing else hits_at_1(predicted, gold)
    hallucination = 0.0 if missing else 1.0 - accurate
    return {
        "hits@1": hits_at_1(predicted, gold),
        "hits@any": hits_at_any(predicted, gold),
        "f1": f1(predicted, gold),
        "missing": missing,
        "accuracy": accurate,
        "hallucination": hallucination,
        "truthfulness": accurate - hallucination,
    }


def by_hop(records: Sequence[Mapping[str, Any]], metric: str, hops: Sequence[int] | None = None,
           digits: int = 4) -> dict[str, float | None]:
    """Mean of ``record[metric]`` per hop and over all records: {"1": …, "2": …, "all": …}.

    Records whose value is None (e.g. no gold path for a ceiling) are left out of that mean.
    """
    groups: dict[int, list[float]] = defaultdict(list)
    for record in records:
        value = record.get(metric)
        if value is not None:
            groups[int(record["hop"])].append(float(value))
    hops = sorted(hops if hops is not None else {int(r["hop"]) for r in records})
    out: dict[str, float | None] = {}
    for hop in hops:
        value = mean(groups.get(hop, []))
        out[str(hop)] = round(value, digits) if value is not None else None
    total = mean(v for hop in hops for v in groups.get(hop, []))
    out["all"] = round(total, digits) if total is not None else None
    return out


def counts(records: Sequence[Mapping[str, Any]], hops: Sequence[int] | None = None) -> dict[str, int]:
    hops = sorted(hops if hops is not None else {int(r["hop"]) for r in records})
    out = {str(hop): sum(1 for r in records if int(r["hop"]) == hop) for hop in hops}
    out["all"] = sum(out.values())
    return out


def rolling(values: Sequence[float], window: int) -> list[float]:
    """Mean of the last ``window`` values at every position (shorter at the start)."""
    out, total = [], 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out
