"""cacherag as a LangChain tool: the standard tool suites, an agent that calls it, errors an agent can use."""

from __future__ import annotations

import itertools
import socket
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from langchain_tests.integration_tests import ToolsIntegrationTests
from langchain_tests.unit_tests import ToolsUnitTests
from pydantic import Field

from cacherag.api import Answer
from cacherag.tools.langchain_tool import CacheRAGTool

# The standard suites have async tests; pytest-asyncio runs them in its default (strict) mode only when marked.
pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.filterwarnings("ignore:.*is marked with '@pytest.mark.asyncio' but it is not an async function"),
]

# Removed when the test process ends, so test runs leave nothing in the temporary directory.
_SCRATCH = tempfile.TemporaryDirectory(prefix="cacherag-tool-tests-", ignore_cleanup_errors=True)
MEMORY = _SCRATCH.name
_ids = itertools.count(1)


class _ToolUnderTest:
    @property
    def tool_constructor(self) -> type[CacheRAGTool]:
        return CacheRAGTool

    @property
    def tool_constructor_params(self) -> dict[str, Any]:
        return {"kg": "demo", "context": {"memory_dir": MEMORY}}

    @property
    def tool_invoke_params_example(self) -> dict[str, Any]:
        return {"question": "Who directed The Matrix?"}


class TestCacheRAGToolUnit(_ToolUnderTest, ToolsUnitTests):
    pass


class TestCacheRAGToolIntegration(_ToolUnderTest, ToolsIntegrationTests):
    pass


class ScriptedToolCaller(BaseChatModel):
    """A tool-calling chat model with a two-line script: call the cacherag tool, then answer from its reply.

    ``bind_tools`` records the tool schemas it was given, as a provider would send them.
    """

    question: str
    tool_name: str = "cacherag"
    tool_args: dict[str, Any] = Field(default_factory=dict)
    bound: list[dict[str, Any]] = Field(default_factory=list)
    seen: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted-tool-caller"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedToolCaller:  # type: ignore[override]
        self.bound = [convert_to_openai_tool(tool) for tool in tools]
        return self

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        self.seen.append(list(messages))
        replies = [m for m in messages if isinstance(m, ToolMessage)]
        if not replies:
            call = {"name": self.tool_name, "args": {"question": self.question, **self.tool_args},
                    "id": f"call-{next(_ids)}", "type": "tool_call"}
            message = AIMessage(content="", tool_calls=[call])
        else:
            lines = replies[-1].text.splitlines()
            found = next((line.removeprefix("Answer: ") for line in lines if line.startswith("Answer: ")), None)
            message = AIMessage(content=f"According to the knowledge graph: {found}." if found
                                else f"I could not find it: {replies[-1].text}")
        return ChatResult(generations=[ChatGeneration(message=message)])


def _call(tool: CacheRAGTool, **args: Any) -> ToolMessage:
    return tool.invoke({"type": "tool_call", "id": f"call-{next(_ids)}", "name": tool.name, "args": args})


@pytest.fixture(scope="module")
def tool() -> CacheRAGTool:
    return CacheRAGTool(kg="demo", context={"memory_dir": MEMORY})


def test_content_is_compact_and_the_artifact_is_the_full_answer(tool: CacheRAGTool) -> None:
    message = _call(tool, question="Who directed The Matrix?")
    assert message.status == "success"
    lines = message.content.splitlines()
    assert lines[0].startswith("Answer: ")
    assert set(lines[0].removeprefix("Answer: ").split("; ")) == {"Lana Wachowski", "Lilly Wachowski"}
    assert lines[1].startswith("Evidence: ") and "The Matrix —directed by→ Lana Wachowski" in lines[1]
    assert lines[2].startswith("SPARQL: SELECT") and "<http://cacherag.dev/demo/directedBy>" in lines[2]
    assert len(message.content) < 1000
    answer = message.artifact
    assert isinstance(answer, Answer)
    assert answer.status == "answered" and answer.sparql and len(answer.evidence) == 2


async def test_async_call_answers_a_two_hop_question(tool: CacheRAGTool) -> None:
    message = await tool.ainvoke({"type": "tool_call", "id": "a1", "name": "cacherag",
                                  "args": {"question": "Who wrote the films directed by Ridley Scott?"}})
    assert message.status == "success"
    assert "Dan O'Bannon" in message.content.splitlines()[0]
    assert {e.hop for e in message.artifact.evidence} == {1, 2}


def test_schema_an_agent_binds(tool: CacheRAGTool) -> None:
    function = convert_to_openai_tool(tool)["function"]
    assert function["name"] == "cacherag"
    assert function["parameters"]["required"] == ["question"]
    assert set(function["parameters"]["properties"]) == {"question", "kg"}

    several = CacheRAGTool(kgs={"movies": "demo", "films": "demo"}, context={"memory_dir": MEMORY})
    kg = convert_to_openai_tool(several)["function"]["parameters"]["properties"]["kg"]
    assert {"enum": ["movies", "films"], "type": "string"} in kg["anyOf"]
    assert "movies, films" in several.description
    assert several.kg_names == ["movies", "films"]


def test_an_agent_calls_the_tool_and_receives_the_answer(tool: CacheRAGTool) -> None:
    model = ScriptedToolCaller(question="Who directed The Matrix?")
    agent = create_agent(model, tools=[tool])
    result = agent.invoke({"messages": [HumanMessage("Who directed The Matrix?")]})
    assert [tool["function"]["name"] for tool in model.bound] == ["cacherag"]
    messages = result["messages"]
    assert [type(m).__name__ for m in messages] == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage"]
    reply = messages[2]
    assert reply.status == "success" and isinstance(reply.artifact, Answer)
    assert reply.tool_call_id == messages[1].tool_calls[0]["id"]
    assert "Lana Wachowski" in messages[-1].content and "Lilly Wachowski" in messages[-1].content
    assert len(model.seen) == 2 and isinstance(model.seen[1][-1], ToolMessage)


async def test_an_async_agent_gets_an_actionable_error_not_a_traceback(tmp_path: Path) -> None:
    broken = CacheRAGTool(kgs={"movies": str(tmp_path / "gone.ttl")}, context={"memory_dir": MEMORY})
    model = ScriptedToolCaller(question="Who directed The Matrix?")
    result = await create_agent(model, tools=[broken]).ainvoke({"messages": [HumanMessage("Who directed it?")]})
    reply = result["messages"][2]
    assert reply.status == "error"
    assert reply.content.startswith("Error from knowledge graph 'movies': StoreError:")
    assert "Hint:" in reply.content and "Traceback" not in reply.content
    assert result["messages"][-1].content.startswith("I could not find it")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_typed_errors_become_error_messages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    down = f"http://127.0.0.1:{_free_port()}/sparql"  # nothing listens there
    tool = CacheRAGTool(kgs={"demo": "demo", "remote": down, "gone": str(tmp_path / "gone")},
                        context={"memory_dir": MEMORY, "query_timeout_s": 2})
    started = time.monotonic()
    unreachable = _call(tool, question="Who directed The Matrix?", kg="remote")
    assert time.monotonic() - started < 10
    assert unreachable.status == "error"
    assert "EndpointUnavailableError" in unreachable.content and "retry later" in unreachable.content
    missing = _call(tool, question="Who directed The Matrix?", kg="gone")
    assert missing.status == "error" and "StoreError" in missing.content
    unknown = _call(tool, question="Who directed The Matrix?", kg="wikidata")
    assert unknown.status == "error"
    assert "kg: Input should be 'demo', 'remote' or 'gone'" in unknown.content
    no_question = _call(tool, kg="demo")
    assert no_question.status == "error" and "question: Field required" in no_question.content
    for message in (unreachable, missing, unknown, no_question):
        assert "Traceback" not in message.content


def test_no_answer_is_a_plain_reply_with_the_reason(tool: CacheRAGTool) -> None:
    message = _call(tool, question="What is the capital of Mars?")
    assert message.status == "success"
    assert message.content.startswith("No answer in knowledge graph 'demo': no entity")
    assert message.artifact.status == "missing"


def test_misconfiguration_fails_at_construction() -> None:
    from cacherag.tools.errors import ConfigurationError

    with pytest.raises(ConfigurationError):
        CacheRAGTool(context={"memory_dir": MEMORY, "k_depth": 7})
