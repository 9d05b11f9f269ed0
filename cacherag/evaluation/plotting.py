"""Learning curves with matplotlib (Agg backend; the ``plot`` extra)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from cacherag.evaluation.metrics import rolling
from cacherag.tools.errors import ConfigurationError


def plot_learning_curve(series: Mapping[str, Sequence[float]], path: str | Path, *, window: int = 200,
                        title: str = "Hits@1 while learning online", ceilings: Mapping[str, float | None] | None = None,
                        ) -> Path:
    """One line per series (e.g. per hop): rolling Hits@1 (%) over the questions of that series seen so far."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ConfigurationError("plotting needs matplotlib: pip install 'cacherag[plot]'") from exc
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"]
    for i, (name, values) in enumerate(series.items()):
        if not values:
            continue
        color = colors[i % len(colors)]
        curve = [100 * v for v in rolling(list(values), window)]
        ax.plot(range(1, len(curve) + 1), curve, label=name, color=color, linewidth=1.6)
        ceiling = (ceilings or {}).get(name)
        if ceiling is not None:
            ax.axhline(100 * ceiling, color=color, linestyle=":", linewidth=1)
    ax.set_xlabel("questions seen (of this hop)")
    ax.set_ylabel(f"Hits@1, rolling window of {window} (%)")
    ax.set_ylim(0, 101)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out
