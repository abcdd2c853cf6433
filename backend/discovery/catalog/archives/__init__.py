"""Heritage archives: reading files (JSON Lines, CSV, JSON arrays) and normalizing museum
records (CMOA's schema out of the box, `--map` for others)."""
