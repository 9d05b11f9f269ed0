"""A scripted chat model: replays prepared messages, records prompts, can refuse to be called at all."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

_ids = itertools.count()


def tool_call(name: str, **args: Any) -> AIMessage:
    """The message a tool-calling model sends for a structured output ``name``."""
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call-{next(_ids)}"}],
                     usage_metadata={"input_tokens": 50, "output_tokens": 10, "total_tokens": 60})


def text(content: str) -> AIMessage:
    return AIMessage(content=content, usage_metadata={"input_tokens": 40, "output_tokens": 8, "total_tokens": 48})


class ScriptedChatModel(BaseChatModel):
    """Answers each call with the next scripted message; with ``forbid`` set, any call fails the test."""

    script: list[Any] = Field(default_factory=list)  # AIMessage, or a callable(messages) -> AIMessage
    prompts: list[list[BaseMessage]] = Field(default_factory=list)
    forbid: bool = False

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        if self.forbid:
            raise AssertionError("the chat model was called, but this path must not use the LLM")
        self.prompts.append(list(messages))
        if not self.script:
            raise AssertionError("the chat model was called more often than scripted")
        reply = self.script.pop(0)
        message = reply(messages) if callable(reply) else reply
        return ChatResult(generations=[ChatGeneration(message=message)])

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:  # type: ignore[override]
        return self


def ask_failing_on(monkeypatch: Any, word: str) -> None:
    """Make ``CacheRAG.ask`` raise a plain KeyError (a bug of no cacherag kind) for questions saying ``word``."""
    from cacherag.api import CacheRAG

    asked = CacheRAG.ask

    def ask_with_a_bug(self: CacheRAG, question: str, **kwargs: Any) -> Any:
        if word in question:
            raise KeyError("a bug")
        return asked(self, question, **kwargs)

    monkeypatch.setattr(CacheRAG, "ask", ask_with_a_bug)
