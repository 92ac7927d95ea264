"""ground stage."""
