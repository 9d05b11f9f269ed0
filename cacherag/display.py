"""Human-readable rendering of an answer in the terminal (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table

from cacherag.api import Answer


def print_answer(answer: Answer, console: Console | None = None) -> None:
    console = console or Console()
    style = "green" if answer.status == "answered" else "yellow"
    console.print(Panel(answer.answer, title=answer.question, border_style=style))
    if answer.evidence:
        table = Table("evidence", "hop", "found by", show_edge=False, header_style="bold")
        for fact in answer.evidence[:10]:
            table.add_row(fact.text, str(fact.hop), fact.source)
        console.print(table)
    for query in answer.sparql:
        console.print(Syntax(query, "sparql", word_wrap=True))
    trace = answer.trace
    timing = sum((trace.get("node_ms") or {}).values())
    console.print(
        f"[dim]{answer.status}{' — ' + answer.reason if answer.reason else ''} · plan-cache hit: "
        f"{'yes' if answer.plan_cache_hit else 'no'} · LLM calls: {answer.llm_calls} · {timing:.1f} ms[/dim]"
    )
