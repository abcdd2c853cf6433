"""Skills: the human-managed categories (store), how items are placed in them (the archive,
tool and LLM classifiers), the skills' vectors, and the new-skill review queue."""
