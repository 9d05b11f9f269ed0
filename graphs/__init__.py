"""cacherag.graphs."""
