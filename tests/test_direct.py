"""The pipeline run without LangGraph (what ``cacherag ask`` uses) answers as the LangGraph graph does."""

from __future__ import annotations

from pathlib import Path

from langgraph.graph import END

from cacherag import CacheRAG
from cacherag.display import LiveSteps
from cacherag.graphs import direct, flow

# Hits and misses, a count, two hops, a relation the demo graph lacks, a kind check, a comparison, an unknown name.
QUESTIONS = ("Who directed The Matrix?", "Who directed Inception?", "How many films did Steven Spielberg direct?",
             "Which films were directed by the director of Alien?", "Who produced Jaws?", "Is Alien a film?",
             "Which film was released first, Alien or Jaws?", "Who directed Zorblax Quintessa?",
             "Which films did Christopher Nolan also write?", "Who starred in Inception?")
SAME = ("status", "answer", "answers", "total", "reason", "plan", "isr", "topic", "hops", "verdict", "subgraph")


def _runs(memory_dir: Path, *, through_langgraph: bool) -> list[tuple[list[str], dict]]:
    """Each question's nodes in the order they ran and its final state, on one memory (learning on)."""
    rag = CacheRAG("demo", memory_dir=str(memory_dir))
    runs = []
    for question in QUESTIONS:
        chunks = (rag.graph.stream({"question": question}, context=rag.context, stream_mode=LiveSteps.MODES)
                  if through_langgraph else direct.stream({"question": question}, rag.context))
        nodes, state = [], {}
        for mode, chunk in chunks:
            if mode == "updates":
                nodes += [node for node in chunk if not node.startswith("__")]
            elif mode == "values":
                state = chunk
        runs.append((nodes, state))
    rag.close()
    return runs


def test_the_direct_run_takes_the_same_steps_to_the_same_answers(tmp_path) -> None:
    by_langgraph = _runs(tmp_path / "langgraph", through_langgraph=True)
    by_direct = _runs(tmp_path / "direct", through_langgraph=False)
    for question, (graph_nodes, graph_state), (nodes, state) in zip(QUESTIONS, by_langgraph, by_direct, strict=True):
        assert nodes == graph_nodes, question
        assert {k: state.get(k) for k in SAME} == {k: graph_state.get(k) for k in SAME}, question
        assert state["trace"]["node_runs"] == graph_state["trace"]["node_runs"], question
    statuses = [state["status"] for _, state in by_direct]
    assert statuses.count("missing") >= 2 and statuses.count("answered") >= 6  # both kinds of end were compared
    assert any(nodes[-1] == "memorize" for nodes, _ in by_direct)
    assert {"retrieve_plans", "dispatch"} <= {n for nodes, _ in by_direct for n in nodes}


def test_the_flow_ends_where_langgraph_does() -> None:
    assert flow.END == END
    for route in flow.ROUTES.values():
        targets = (route,) if isinstance(route, str) else route[1]
        assert all(t == END or t in direct.STEPS for t in targets)
