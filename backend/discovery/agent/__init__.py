"""The conversational archive search agent: intent first, one focused query, a refinement
middleware around the search tool, and a typed answer (results or a message)."""
