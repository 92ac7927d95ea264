"""Readers of the shared puzzle corpus formats, for tests and benchmarks."""
