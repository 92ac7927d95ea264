"""`auto`: the backend for one ground model, chosen from its features."""

from __future__ import annotations

from sapphire.ground.model import GroundModel


def choose(gm: GroundModel, answer_vars: list[int]) -> str:
    """The backend `auto` runs on `gm`."""
    return "cpsat"
