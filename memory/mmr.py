"""Maximal Marginal Relevance (CacheRAG Algorithm 2): relevant yet mutually diverse picks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def mmr_select(relevance: Sequence[float], similarity: np.ndarray, k: int, lam: float) -> list[int]:
    """Indices chosen greedily by ``λ·Sim(q, c) − (1−λ)·max_{s∈S} Sim(c, s)`` (paper eq. 1).

    ``similarity[i, j]`` is the similarity between candidates i and j. Ties keep the earlier candidate,
    so the selection is deterministic.
    """
    relevant = lam * np.asarray(relevance, dtype=float)
    redundancy = np.zeros(len(relevant))
    open_ = np.ones(len(relevant), dtype=bool)
    chosen: list[int] = []
    while open_.any() and len(chosen) < k:
        gain = np.where(open_, relevant - (1 - lam) * redundancy, -np.inf)
        best = int(np.argmax(gain))  # the first maximum: ties keep the earlier candidate
        chosen.append(best)
        open_[best] = False
        redundancy = np.maximum(redundancy, similarity[:, best])
    return chosen
