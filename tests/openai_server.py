"""A small scripted OpenAI-compatible server on 127.0.0.1: the real chat-completions protocol over HTTP.

It answers ``POST /v1/chat/completions`` as OpenAI does — ``response_format`` json_schema replies as JSON
content, ``tools`` as ``tool_calls``, ``usage`` with token counts — from simple rules over the prompt it
receives (a scripted model: it reads the numbered predicates the compile prompt offers and picks the one
the question names). Faults can be queued: ``429`` (rate limit), ``500``, ``timeout`` (the reply comes
too late) and ``malformed`` (content that is not the requested JSON). ``POST /v1/embeddings`` answers with
character-trigram vectors (cacherag's ``HashingEmbeddings``, 64 dimensions; floats, or base64 when asked).
"""

from __future__ import annotations

import base64
import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

EMBEDDING_DIM = 64
STOP = {"who", "what", "which", "when", "the", "did", "does", "was", "were", "is", "are", "of", "in", "a", "by"}


def _words(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP}


def _question(prompt: str) -> str:
    match = re.search(r"^Question: (.*)$", prompt, re.M)
    return match.group(1) if match else prompt


def _topic(question: str) -> str:
    """The longest run of capitalized words after the first word (a scripted model's entity reading)."""
    runs = re.findall(r"[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*", question.split(" ", 1)[-1])
    return max(runs, key=len, default="")


def _pick(question: str, prompt: str) -> list[int]:
    """The listed predicate sharing most words with the question (the first on ties); none if none does."""
    options = re.findall(r"^(\d+)\. (.+) \((?:incoming|outgoing)\)$", prompt, re.M)
    asked = _words(question)
    best = max(options, key=lambda o: (len(_words(o[1]) & asked), -int(o[0])))
    return [int(best[0])] if _words(best[1]) & asked else []


def _graphs(system: str) -> dict[str, str]:
    return dict(re.findall(r"^\[(.+?)\]: (.*)$", system, re.M))


def _entities(text: str) -> list[str]:
    """Runs of capitalized words (a scripted model's named-entity reading), function words left out."""
    runs = re.findall(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*", text)
    return list(dict.fromkeys(r for r in runs if r.lower() not in STOP))


def _relations(text: str, entities: list[str]) -> list[dict[str, str]]:
    """'A <a few words> B' inside one sentence: subject A, predicate the words between, object B."""
    found = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for a in entities:
            for b in entities:
                match = re.search(rf"{re.escape(a)} ((?:[a-z]+ ){{1,4}}){re.escape(b)}", sentence)
                if a != b and match:
                    found.append({"subject": a, "predicate": match.group(1).strip(), "object": b,
                                  "sentence": match.group(0) + "."})
    return found


def reply_for(request: dict[str, Any]) -> dict[str, Any]:
    """The assistant message for ``request``: JSON for a schema, a tool call for tools, else text."""
    messages = request["messages"]
    last = messages[-1]
    prompt = last.get("content") or ""
    if isinstance(prompt, list):
        prompt = " ".join(part.get("text", "") for part in prompt)
    schema = (request.get("response_format") or {}).get("json_schema", {}).get("name")
    system = messages[0].get("content") or ""
    if schema == "RouteOutput":  # a naive router: the first graph listed
        first = next(iter(_graphs(system)))
        return {"content": json.dumps({"reasoning": f"{first} is listed first", "kg": first})}
    if schema == "DescriptionsOutput":  # adds the question to the description of the graph that answered it
        correct = re.search(r"answered by (.+?)\. Based on", system)[1]  # type: ignore[index]
        question = re.search(r"for the question (.+?)\. Your reasoning", system)[1]  # type: ignore[index]
        updated = [{"name": name, "description": text + (f" It answers: {question}" if name == correct else "")}
                   for name, text in _graphs(system).items()]
        return {"content": json.dumps({"descriptions": updated})}
    if schema in {"EntitiesOutput", "RelationsOutput"}:  # document ingestion (prompts/extraction.py)
        text = prompt.split("Text:\n", 1)[-1]
        if schema == "EntitiesOutput":
            return {"content": json.dumps({"entities": _entities(text)})}
        listed = json.loads(re.search(r"entities: (\[.*?\])\.", system)[1])  # type: ignore[index]
        return {"content": json.dumps({"relations": _relations(text, listed)})}
    if schema == "ISROutput":
        question = _question(prompt)
        value: dict[str, Any] = {"main_entity": _topic(question), "constraints": [question], "aspect": ""}
        return {"content": json.dumps(value)}
    if schema == "PlanOutput":
        return {"content": json.dumps({"reasoning": "the question names this relation",
                                       "hops": _pick(_question(prompt), prompt)})}
    if schema == "DispatchOutput":  # complete when the path followed names what the question asks
        path = re.search(r"^Path so far: (.*)$", prompt, re.M)
        complete = bool(path and _words(path.group(1)) & _words(_question(prompt)))
        return {"content": json.dumps({"complete": complete, "reason": "judged from the path's relations"})}
    if request.get("tools"):
        if last["role"] == "tool":
            return {"content": f"From the knowledge graph: {prompt.splitlines()[0]}"}
        name = request["tools"][0]["function"]["name"]
        return {"tool_calls": [{"name": name, "arguments": {"question": prompt}}]}
    if "Ranked answers:" in prompt:
        answers = re.search(r"^Ranked answers: (.*)$", prompt, re.M)
        return {"content": f"The answer is {answers.group(1) if answers else 'unknown'}."}
    return {"content": "I don't know."}


class ScriptedOpenAI:
    """The server's state: requests seen, faults still to inject, how long a 'timeout' fault stalls."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.embedded: list[dict[str, Any]] = []  # embedding requests
        self.faults: list[str] = []
        self.stall_s = 3.0
        self.url = ""
        self.plans: list[list[str]] = []  # scripted plans: the listed options to pick, by their text, in order

    def completion(self, request: dict[str, Any]) -> dict[str, Any]:
        schema = (request.get("response_format") or {}).get("json_schema", {}).get("name")
        reply = self._scripted_plan(request) if schema == "PlanOutput" and self.plans else reply_for(request)
        calls = [{"id": f"call_{len(self.requests)}_{i}", "type": "function",
                  "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])}}
                 for i, c in enumerate(reply.get("tool_calls", []))]
        message: dict[str, Any] = {"role": "assistant", "content": reply.get("content")}
        if calls:
            message["tool_calls"] = calls
        prompt_tokens = sum(len(str(m.get("content") or "").split()) for m in request["messages"])
        completion_tokens = len(str(reply.get("content") or "").split()) + 5 * len(calls)
        return {
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
            "model": request.get("model", "scripted"),
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
        }

    def embedding(self, request: dict[str, Any]) -> dict[str, Any]:
        from cacherag.memory.embedding_models import HashingEmbeddings

        texts = [request["input"]] if isinstance(request["input"], str) else list(request["input"])
        vectors = HashingEmbeddings(dim=EMBEDDING_DIM).vectors(texts)
        as_base64 = request.get("encoding_format") == "base64"
        return {"object": "list", "model": request.get("model", "scripted"),
                "data": [{"object": "embedding", "index": i,
                          "embedding": base64.b64encode(v.tobytes()).decode() if as_base64 else v.tolist()}
                         for i, v in enumerate(vectors)],
                "usage": {"prompt_tokens": sum(len(t.split()) for t in texts),
                          "total_tokens": sum(len(t.split()) for t in texts)}}

    def _scripted_plan(self, request: dict[str, Any]) -> dict[str, Any]:
        """The next scripted plan, as the numbers the compile prompt lists its options under (none when an
        option is not listed: a model cannot pick what it is not offered)."""
        prompt = request["messages"][-1].get("content") or ""
        listed = {text: int(number) for number, text in re.findall(r"^(\d+)\. (.+)$", prompt, re.M)}
        wanted = self.plans.pop(0)
        hops = [listed[text] for text in wanted] if all(text in listed for text in wanted) else []
        return {"content": json.dumps({"reasoning": "scripted", "hops": hops})}


def _handler(state: ScriptedOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def _send(self, status: int, body: dict[str, Any] | str, headers: dict[str, str] | None = None) -> None:
            data = (body if isinstance(body, str) else json.dumps(body)).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            if self.path.rstrip("/").endswith("/embeddings"):
                state.embedded.append(request)
                self._send(200, state.embedding(request))
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "invalid_request_error"}})
                return
            state.requests.append(request)
            fault = state.faults.pop(0) if state.faults else None
            if fault == "429":
                self._send(429, {"error": {"message": "Rate limit reached", "type": "rate_limit_exceeded"}},
                           {"Retry-After": "0"})
            elif fault == "500":
                self._send(500, {"error": {"message": "upstream overloaded", "type": "server_error"}})
            elif fault == "timeout":
                time.sleep(state.stall_s)
                self._send(200, state.completion(request))
            elif fault == "malformed":
                body = state.completion(request)
                body["choices"][0]["message"]["content"] = '{"main_entity": "The Matr'  # cut-off JSON
                self._send(200, body)
            else:
                self._send(200, state.completion(request))

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that gave up on a stalled reply (a timeout fault) closed the connection: expected


@contextmanager
def serve() -> Iterator[ScriptedOpenAI]:
    """Run the server on a free loopback port for the block; ``state.url`` is its ``/v1`` base URL."""
    state = ScriptedOpenAI()
    server = _Server(("127.0.0.1", 0), _handler(state))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
