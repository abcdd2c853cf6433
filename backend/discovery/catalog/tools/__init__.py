"""Tools, prompts and resources: reading catalogs and saved MCP list responses, ingesting them,
and syncing live MCP servers."""
