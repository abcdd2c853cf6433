"""The write path: parse, normalize, summarize, classify and upsert catalog items."""
