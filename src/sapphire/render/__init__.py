"""Answers drawn for people: SVG pictures of digits, shading, regions and loops."""

from sapphire.render.svg import Panel, panel_of, svg

__all__ = ["Panel", "panel_of", "svg"]
