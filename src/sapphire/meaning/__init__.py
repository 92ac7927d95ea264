"""meaning stage."""
