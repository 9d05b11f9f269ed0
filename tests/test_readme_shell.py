"""The README's shell examples a user copies first run as written: "Your own graph", and the extras it names."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from test_readme_examples import README, section


def test_your_own_graph_block_runs_as_written(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    part = re.search(r"^### Your own graph\s*$(.*?)(?=^## )", text, flags=re.M | re.S)
    assert part is not None
    (block,) = re.findall(r"^```bash\n(.*?)^```", part.group(1), flags=re.M | re.S)[:1]
    env = {**os.environ, "CACHERAG_HOME": str(tmp_path / "home"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-e", "-c", block], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Speed and The Matrix" in done.stdout and "Lana Wachowski" in done.stdout
    assert f"keeps its plans under the domain '{(tmp_path / 'store').resolve()}'" in done.stdout


def test_the_durable_threads_example_names_an_extra_that_installs_its_package() -> None:
    assert 'pip install "cacherag[sqlite]"' in section("Runnable use and durable threads")
    pyproject = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    extra = pyproject["project"]["optional-dependencies"]["sqlite"]
    assert any(requirement.startswith("langgraph-checkpoint-sqlite") for requirement in extra)
