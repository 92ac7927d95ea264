"""library stage."""
