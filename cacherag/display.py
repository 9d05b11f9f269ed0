"""Terminal rendering (rich): answers, the pipeline's steps live, progress bars, memory contents."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    DownloadColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.spinner import Spinner
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:  # `cacherag load` shows its bars without importing the engine
    from cacherag.api import Answer

T = TypeVar("T")
EVIDENCE_SHOWN = 10


def print_answer(answer: Answer, console: Console | None = None) -> None:
    console = console or Console()
    style = "green" if answer.status == "answered" else "yellow"
    asked = answer.trace.get("reworded_from")  # "did X direct Y?" is answered as "what did X direct?"
    title = f"{asked} (read as: {answer.question})" if asked else answer.question
    console.print(Panel(answer.answer, title=title, border_style=style))
    if answer.evidence:
        table = Table("evidence", "hop", "found by", show_edge=False, header_style="bold")
        for fact in answer.evidence[:EVIDENCE_SHOWN]:
            table.add_row(fact.text, str(fact.hop), fact.source)
        console.print(table)
        if len(answer.evidence) > EVIDENCE_SHOWN:
            console.print(f"[dim]… and {len(answer.evidence) - EVIDENCE_SHOWN} more facts not shown "
                          f"({len(answer.evidence)} in all; --json lists every one)[/dim]")
    for query in answer.sparql:
        console.print(Syntax(query, "sparql", word_wrap=True))
    trace = answer.trace
    timing = sum((trace.get("node_ms") or {}).values())
    console.print(
        f"[dim]{answer.status}{' — ' + answer.reason if answer.reason else ''} · plan-cache hit: "
        f"{'yes' if answer.plan_cache_hit else 'no'} · LLM calls: {answer.llm_calls} · {timing:.1f} ms[/dim]"
    )


# -- the pipeline, live -----------------------------------------------------------------------------------------
def _steps_text(steps: Iterable[Mapping[str, Any]]) -> str:
    return " → ".join(f"{s.get('label', '?')}{'⁻¹' if s.get('inverse') else ''}" for s in steps) or "(no hops)"


def _names(items: Iterable[str], limit: int = 4) -> str:
    items = list(items)
    shown = ", ".join(items[:limit])
    return shown + (f" (+{len(items) - limit})" if len(items) > limit else "")


def describe_step(node: str, update: Mapping[str, Any], k_depth: int | None = None) -> str:
    """One line saying what a node just did, from its state update (the bounds included)."""
    update = update or {}
    trace = update.get("trace") or {}
    bound = f"/{k_depth}" if k_depth else ""
    if node == "parse_isr":
        isr = update.get("isr") or {}
        if not update.get("mentions"):
            return update.get("reason") or "no entity named"
        found = f"mention “{isr.get('topic_mention', '')}”" if isr.get("topic_mention") else "mentions found"
        return f"{found}{' · aspect ' + repr(isr['aspect']) if isr.get('aspect') else ''}"
    if node == "retrieve_plans":
        topic = (update.get("topic") or {}).get("label", "?")
        return f"topic {topic} · {len(update.get('examples') or [])} cached plan(s)"
    if node == "replay":
        plan = update.get("plan") or {}
        if not update.get("replayed"):
            return "no remembered edge replayed"
        return f"{len(update['replayed'])} remembered edge(s) replayed · plan {_steps_text(plan.get('steps') or [])}"
    if node == "compile_query":
        plan = update.get("plan") or {}
        hit = " · plan-cache hit" if trace.get("plan_cache_hit") else ""
        return f"plan {_steps_text(plan.get('steps') or [])} ({plan.get('source', '?')}){hit}"
    if node in {"execute", "expand_depth", "expand_breadth"}:
        hops = update.get("hops")
        facts = len(update.get("subgraph") or [])
        frontier = len(update.get("frontier") or {})
        head = f"hops {hops}{bound}" if hops is not None else "hops ?"
        return f"{head} · {facts} facts · {frontier} frontier node(s)"
    if node == "dispatch":
        verdict = update.get("verdict", "?")
        reason = update.get("reason") or ""
        if verdict == "INCOMPLETE" and update.get("next_op"):
            step = update.get("next_step") or {}
            wanted = f" → {update['next_op']}{' (' + step['label'] + ')' if step.get('label') else ''}"
            return f"{verdict}{wanted}{' — ' + reason if reason else ''}"
        return f"{verdict}{' — ' + reason if reason else ''}"
    if node == "summarize":
        answers = [a.get("label", "?") for a in update.get("answers") or []]
        return f"{len(answers)} answer(s): {_names(answers)}" if answers else "no answers"
    if node == "memorize":
        return "memorized" if trace.get("memorized") else "not memorized (known, not answered or learning off)"
    if node == "fallback":
        return f"{update.get('status', 'missing')} — {update.get('reason') or update.get('answer', '')}"
    return ""


class LiveSteps:
    """Shows each pipeline node as it starts (spinner) and finishes (✓ and what it did), updating in place.

    Feed it the chunks of ``graph.stream(..., stream_mode=["tasks", "updates", "values"])``; the last
    ``values`` chunk is kept as :attr:`state`.
    """

    MODES = ["tasks", "updates", "values"]

    def __init__(self, console: Console | None = None, *, k_depth: int | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.k_depth = k_depth
        self.rows: list[tuple[str, str, str, str]] = []  # (mark, node, description, ms)
        self.running: str | None = None
        self.state: dict[str, Any] = {}
        self.nodes: list[str] = []
        self._started = time.perf_counter()
        self._live = Live(self._render(), console=self.console, refresh_per_second=12, transient=False)

    def __enter__(self) -> LiveSteps:
        self._live.__enter__()
        return self

    def __exit__(self, kind: Any, error: Any, tb: Any) -> None:
        if error is not None and self.running:
            self.rows.append(("[red]✗[/red]", self.running, f"[red]{type(error).__name__}: {error}[/red]", ""))
            self.running = None
        self._live.update(self._render(final=True))
        self._live.__exit__(kind, error, tb)
        if not self.console.is_terminal:  # Live ends its last frame without a newline when piped
            self.console.line()

    def feed(self, mode: str, chunk: Any) -> None:
        if mode == "tasks" and "result" not in chunk:
            self.running = chunk.get("name")
        elif mode == "updates":
            for node, update in (chunk or {}).items():
                if node.startswith("__"):
                    continue
                ms = ((update or {}).get("trace") or {}).get("node_ms", {}).get(node)
                self.nodes.append(node)
                self.rows.append(("[green]✓[/green]", node, describe_step(node, update or {}, self.k_depth),
                                  f"{ms:.1f} ms" if isinstance(ms, int | float) else ""))
                if self.running == node:
                    self.running = None
        elif mode == "values":
            self.state = dict(chunk)
        self._live.update(self._render())

    def _render(self, final: bool = False) -> RenderableType:
        table = Table.grid(padding=(0, 1))
        table.add_column(width=1)
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(overflow="fold")
        table.add_column(justify="right", style="dim", no_wrap=True)
        for mark, node, text, ms in self.rows:
            table.add_row(mark, node, text, ms)
        if self.running and not final:
            return Group(table, Spinner("dots", text=Text(f"{self.running} …", style="cyan")))
        if final:
            total = (time.perf_counter() - self._started) * 1000
            return Group(table, Text(f"{len(self.rows)} steps · {total:.0f} ms", style="dim"))
        return table


# -- progress bars --------------------------------------------------------------------------------------------
class _Bytes(DownloadColumn):
    """Bytes done of a phase that counts them; nothing for a phase that cannot (an index build)."""

    def render(self, task: Any) -> Text:
        return super().render(task) if task.fields.get("counted", True) else Text("")


class LoadBars:
    """Progress of ``cacherag load`` on stderr, one bar per phase (checking and storing each file, indexing).

    Implements :class:`cacherag.tools.importers.LoadProgress`; a phase without a total shows a spinner and
    the time it has taken, so a long index build never looks frozen.
    """

    def __init__(self, console: Console | None = None) -> None:
        self._progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), _Bytes(),
                                  TimeElapsedColumn(), console=console or Console(stderr=True))
        self._task: Any = None

    def __enter__(self) -> LoadBars:
        self._progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._finish()
        self._progress.__exit__(*exc)  # type: ignore[arg-type]

    def _finish(self) -> None:
        if self._task is not None:
            task = self._progress.tasks[self._task]
            self._progress.update(self._task, total=task.total or task.completed or 1,
                                  completed=task.total or task.completed or 1)

    def phase(self, description: str, total: int | None) -> None:
        self._finish()
        self._task = self._progress.add_task(description, total=total, counted=total is not None)

    def advance(self, amount: int) -> None:
        self._progress.advance(self._task, amount)


def track(items: Iterable[T], description: str, total: int | None = None, *,
          console: Console | None = None) -> Iterator[T]:
    """Iterate ``items`` behind a progress bar (count, rate, ETA) on stderr: for evaluations and warm-ups."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TaskProgressColumn(), TimeElapsedColumn(), TimeRemainingColumn()]
    with Progress(*columns, console=console or Console(stderr=True)) as progress:
        yield from progress.track(items, total=total, description=description)


# -- memory ---------------------------------------------------------------------------------------------------
def _when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M") if timestamp else "—"


def print_memory_stats(stats: Mapping[str, Mapping[str, int]], location: str,
                       console: Console | None = None) -> None:
    """Plan-memory entry counts per Domain → Aspect bucket."""
    console = console or Console()
    total = sum(n for aspects in stats.values() for n in aspects.values())
    console.print(f"[bold]plan memory[/bold] · {location}")
    table = Table("domain", "aspect", "plans", show_edge=False, header_style="bold")
    for domain, aspects in stats.items():
        for aspect, count in aspects.items():
            table.add_row(domain, aspect, str(count))
    if total:
        console.print(table)
    console.print(f"{total} plan(s) in {sum(len(a) for a in stats.values())} bucket(s) across "
                  f"{len(stats)} domain(s)")


def print_plan_entries(entries: Iterable[Any], console: Console | None = None) -> None:
    """A table of remembered plans: id, masked question, domain/aspect, hits, last use."""
    console = console or Console()
    table = Table("id", "question", "domain / aspect", "hits", "last used", show_edge=False, header_style="bold")
    for entry in entries:
        table.add_row(entry.id[:10], entry.question, f"{entry.domain} / {entry.aspect}", str(entry.hits),
                      _when(entry.last_used))
    console.print(table)


def print_plan_entry(entry: Any, console: Console | None = None) -> None:
    """One remembered plan in full: its question, steps, SPARQL and answers."""
    console = console or Console()
    info = Table.grid(padding=(0, 2))
    info.add_column(style="bold")
    info.add_column(overflow="fold")
    info.add_row("id", entry.id)
    info.add_row("question", entry.question)
    info.add_row("bucket", f"{entry.domain} / {entry.aspect}")
    info.add_row("topic", entry.topic or "—")
    info.add_row("plan", _steps_text(entry.steps))
    info.add_row("answer", "; ".join(entry.answers) or "—")
    info.add_row("hits", f"{entry.hits} (created {_when(entry.created)}, last used {_when(entry.last_used)})")
    console.print(Panel(info, title="remembered plan", border_style="cyan"))
    if entry.sparql:
        console.print(Syntax(entry.sparql, "sparql", word_wrap=True))
