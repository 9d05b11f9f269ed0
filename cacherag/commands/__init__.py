"""Subcommands of the ``cacherag`` CLI beyond ask/load.

Each module here defines ``register(subparsers)``, adding its parser with ``set_defaults(run=fn)`` where
``fn(args) -> int`` is the exit code; the CLI discovers the modules by itself.
"""
