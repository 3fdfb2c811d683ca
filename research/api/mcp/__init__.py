"""Dossier as an MCP server: `server.py` (the tools and resources), `tools.py` (what they do,
through the same services as the REST API), `http.py` (streamable HTTP at /mcp, bearer tokens).
The stdio transport is `manage.py mcp --user NAME`."""
