"""`discovery eval`: the agent's figures (intent accuracy, search relevance)."""
