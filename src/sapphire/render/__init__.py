"""Answers drawn for people: SVG pictures of digits, shading, regions and loops."""

from sapphire.render.svg import Panel, edge_map, panel_of, svg

__all__ = ["Panel", "edge_map", "panel_of", "svg"]
