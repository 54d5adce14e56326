#!/usr/bin/env python3
"""An MCP server written with the official Python SDK's high-level server (`MCPServer`, named
FastMCP before mcp 2), with
typed tools: what pydantic reads from each tool's signature is all the checking it does."""
import os
from typing import Literal, Optional

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("typed")


@mcp.tool()
def add(a: int, b: int) -> int:
    """The sum of two integers."""
    return a + b


@mcp.tool()
def total(ids: list[int]) -> int:
    """The sum of a list of integers."""
    return sum(ids)


@mcp.tool()
def flag(on: bool) -> bool:
    """The boolean as read."""
    return on


@mcp.tool()
def order(direction: Literal["asc", "desc"]) -> str:
    """The direction as read."""
    return direction


@mcp.tool()
def page(limit: Optional[int] = None) -> str:
    """The limit as read (an optional field)."""
    return f"limit={limit}"


@mcp.tool()
def exit_now() -> str:
    """Exits the server, status 3, in the middle of the call."""
    os._exit(3)


if __name__ == "__main__":
    mcp.run()
