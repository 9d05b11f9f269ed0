"""cacherag.tools."""
