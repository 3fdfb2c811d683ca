"""Benchmarks: each script prints figures measured side by side in one run (see README)."""
