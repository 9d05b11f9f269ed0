"""Models named by LangChain provider strings ('openai:gpt-4o-mini', 'openai:text-embedding-3-small'): the
typed error a user can act on when one cannot be made."""

from __future__ import annotations

from cacherag.tools.errors import ConfigurationError, ProviderNotInstalledError

# Provider packages and the cacherag extra that installs them.
EXTRAS = {"openai": "openai", "anthropic": "anthropic"}


def provider_error(kind: str, model: str, exc: Exception) -> ConfigurationError:
    """The error for a ``kind`` ('chat model', 'embedding model') that ``init_*`` could not make: a missing
    provider package names the extra (or package) to install; an unknown provider or unreadable string says so."""
    if isinstance(exc, ImportError):
        provider = model.split(":", 1)[0] if ":" in model else ""
        extra = EXTRAS.get(provider)
        install = f'pip install "cacherag[{extra}]"' if extra else f"pip install langchain-{provider or '<provider>'}"
        return ProviderNotInstalledError(f"the {kind} {model!r} needs its provider package: {install}")
    reason = "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())  # one line on the shell
    return ConfigurationError(f"cannot use the {kind} {model!r}: {reason}")
