"""cacherag.nodes."""
