"""The README's code runs: every ```python block of the integration sections is executed here.

The Studio section's block needs a running server; tests/test_langgraph_server.py executes it against
`langgraph dev`. Blocks that talk to a chat model use a variable ``model``: the README says which real
model to put there; the tests put a scripted one.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from test_langchain_tool import ScriptedToolCaller

README = Path(__file__).resolve().parents[1] / "README.md"
SECTIONS = ["LangGraph Studio and server", "As a LangChain tool", "As a LangChain retriever",
            "Runnable use and durable threads"]


def section(heading: str) -> str:
    """The text of the README section ``## heading`` (up to the next ``## ``)."""
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(heading)}\s*$(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    if match is None:
        pytest.fail(f"README.md has no section '## {heading}'")
    return match.group(1)


def python_blocks(heading: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", section(heading), flags=re.M | re.S)


class EchoChatModel(BaseChatModel):
    """Replies with the prompt it got: a RAG chain's answer then shows what the retriever put in it."""

    @property
    def _llm_type(self) -> str:
        return "echo"

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=messages[-1].text))])


def run_blocks(heading: str, **namespace: Any) -> dict[str, Any]:
    blocks = python_blocks(heading)
    assert blocks, f"the README section '{heading}' shows no Python code"
    for block in blocks:
        exec(compile(block, f"README.md ({heading})", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("heading", SECTIONS)
def test_section_exists_with_code(heading: str) -> None:
    assert python_blocks(heading)


def test_tool_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    model = ScriptedToolCaller(question="Who directed The Matrix?")
    namespace = run_blocks("As a LangChain tool", model=model)
    messages = namespace["result"]["messages"]
    (reply,) = [m for m in messages if isinstance(m, ToolMessage)]
    assert reply.artifact.status == "answered"
    assert "Lana Wachowski" in messages[-1].content and "Lilly Wachowski" in messages[-1].content


def test_retriever_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace = run_blocks("As a LangChain retriever", model=EchoChatModel())
    reply = namespace["reply"]
    assert "Inception —starring→ Leonardo DiCaprio" in reply.content
    assert "Question: Which actors starred in Inception?" in reply.content


def test_runnable_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace = run_blocks("Runnable use and durable threads")
    assert (tmp_path / "threads.sqlite").is_file()  # the durable thread lives on disk
    assert namespace["later"].values["question"] == "And who directed Inception?"
