"""Sapphire: logic-puzzle rules written formally, then solved, counted and checked."""

__version__ = "0.1.0"
