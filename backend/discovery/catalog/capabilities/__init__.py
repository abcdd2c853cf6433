"""Learned capabilities: code that worked, created by its first successful run, with every
later run of it (and of tools) recorded append-only; imported in bulk from JSON Lines."""
