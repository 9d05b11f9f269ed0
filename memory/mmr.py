"""Maximal Marginal Relevance (CacheRAG Algorithm 2): relevant yet mutually diverse picks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def mmr_select(relevance: Sequence[float], similarity: np.ndarray, k: int, lam: float) -> list[int]:
    """Indices chosen greedily by ``λ·Sim(q, c) − (1−λ)·max_{s∈S} Sim(c, s)`` (paper eq. 1).

    ``similarity[i, j]`` is the similarity between candidates i and j. Ties keep the earlier candidate,
    so the selection is deterministic. Plain floats: with a few dozen candidates, numpy's per-call cost
    would outweigh the arithmetic.
    """
    relevant = [lam * float(r) for r in relevance]
    rows = similarity.tolist()
    redundancy = [0.0] * len(relevant)
    open_ = list(range(len(relevant)))
    chosen: list[int] = []
    while open_ and len(chosen) < k:
        best = max(open_, key=lambda i: relevant[i] - (1 - lam) * redundancy[i])  # the first maximum wins
        chosen.append(best)
        open_.remove(best)
        redundancy = [max(r, row[best]) for r, row in zip(redundancy, rows, strict=True)]
    return chosen
