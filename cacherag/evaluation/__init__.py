"""Evaluation harnesses on real benchmarks (MetaQA)."""
