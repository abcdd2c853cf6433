"""The MCP server: the tools as data (`registry.py`), their adapters (`tools.py`), and serving
them over streamable HTTP and stdio (`server.py`)."""
