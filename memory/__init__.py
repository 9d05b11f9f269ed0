"""cacherag.memory."""
