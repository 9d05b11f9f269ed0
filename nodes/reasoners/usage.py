"""What the LLM cost inside one node: calls, tokens and the steps the offline reasoner took over.

The LLM reasoner reports every chat call here; the graph's node wrapper opens one ledger per node run and
files its figures in the trace per node, so a run shows which node spent what (and where the LLM failed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Ledger:
    """LLM calls, tokens and offline take-overs (per reasoner role) of one node run."""

    llm_calls: int = 0
    tokens: int = 0
    fallbacks: Counter[str] = field(default_factory=Counter)

    def trace(self, node: str) -> dict[str, Any]:
        """Trace entries for ``node`` (nothing when the node did not use the LLM)."""
        if not (self.llm_calls or self.fallbacks):
            return {}
        entries: dict[str, Any] = {"llm_calls_by_node": {node: self.llm_calls},
                                   "tokens_by_node": {node: self.tokens}}
        if self.fallbacks:
            entries["offline_takeovers"] = dict(self.fallbacks)
        return entries


_current: ContextVar[Ledger | None] = ContextVar("cacherag_llm_ledger", default=None)


@contextmanager
def ledger() -> Iterator[Ledger]:
    """Collect what the LLM costs until the block ends."""
    opened = Ledger()
    token = _current.set(opened)
    try:
        yield opened
    finally:
        _current.reset(token)


def spent(tokens: int) -> None:
    """One chat call that used ``tokens`` tokens."""
    if (current := _current.get()) is not None:
        current.llm_calls += 1
        current.tokens += tokens


def took_over(role: str) -> None:
    """The offline reasoner did ``role`` because the LLM's reply was unusable or never came."""
    if (current := _current.get()) is not None:
        current.fallbacks[role] += 1
