"""cacherag: question answering over knowledge graphs that learns from its own history."""
