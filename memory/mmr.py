"""Maximal Marginal Relevance (CacheRAG Algorithm 2): relevant yet mutually diverse picks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def mmr_select(relevance: Sequence[float], similarity: np.ndarray, k: int, lam: float) -> list[int]:
    """Indices chosen greedily by ``λ·Sim(q, c) − (1−λ)·max_{s∈S} Sim(c, s)`` (paper eq. 1).

    ``similarity[i, j]`` is the similarity between candidates i and j. Ties keep the earlier candidate,
    so the selection is deterministic.
    """
    remaining = list(range(len(relevance)))
    chosen: list[int] = []
    while remaining and len(chosen) < k:
        def gain(c: int) -> float:
            redundancy = max((similarity[c, s] for s in chosen), default=0.0)
            return lam * relevance[c] - (1 - lam) * redundancy

        best = max(remaining, key=lambda c: (gain(c), -c))
        chosen.append(best)
        remaining.remove(best)
    return chosen
