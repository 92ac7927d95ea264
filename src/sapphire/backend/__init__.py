"""backend stage."""
