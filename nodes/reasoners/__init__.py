"""cacherag.nodes.reasoners."""
