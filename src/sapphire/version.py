"""Sapphire's version, in the bottom layer so that every module may read it (`--version`, the
definition cache's stamp of the code that read a definition)."""

__version__ = "0.1.0"
