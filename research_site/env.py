"""Strict environment helpers for research_site/settings.py: each reads one variable and stops
start-up with an ImproperlyConfigured error naming it when its value is bad."""

from __future__ import annotations

import ipaddress
import json
import os
import re
from typing import Any

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envstr(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def envbool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no), got {raw!r}")


def envint(
    name: str, default: int, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ImproperlyConfigured(f"{name} must be at most {maximum}, got {value}")
    return value


def envfloat(name: str, default: float, *, minimum: float = 0.0) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, got {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {value}")
    return value


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in envstr(name, default).split(",") if item.strip()]


def envchoice(name: str, default: str, choices: set[str]) -> str:
    value = envstr(name, default).lower()
    if value not in choices:
        allowed = ", ".join(sorted(choices))
        raise ImproperlyConfigured(f"{name} must be one of {allowed}; got {value!r}")
    return value


def envchoices(name: str, default: str, choices: set[str]) -> list[str]:
    """One or more of `choices`, comma separated, each once."""
    values = list(dict.fromkeys(value.lower() for value in envlist(name, default)))
    if not values or set(values) - choices:
        allowed = ", ".join(sorted(choices))
        raise ImproperlyConfigured(
            f"{name} must name one or more of {allowed}, comma separated; got {envstr(name)!r}"
        )
    return values


def envurl(name: str, default: str = "", *, schemes: tuple[str, ...] = ("http", "https")) -> str:
    value = envstr(name, default)
    if value and not any(value.startswith(f"{scheme}://") for scheme in schemes):
        raise ImproperlyConfigured(f"{name} must be a URL starting with {' or '.join(schemes)}://")
    return value


def envhosts(name: str) -> list[str]:
    """Hosts and CIDR networks, comma separated. CIDRs are validated here."""
    items = envlist(name)
    for item in items:
        if "/" in item:
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise ImproperlyConfigured(
                    f"{name}: {item!r} is not a valid CIDR network"
                ) from None
    return items


def envdomains(name: str) -> list[str]:
    """Domain patterns, comma separated, each checked as a project's domains.allow/deny are
    (research/text/scope.py: example.org, *.example.org, example.org/docs/)."""
    from research.text.scope import Pattern  # pure: no Django, no network

    items = envlist(name)
    for item in items:
        try:
            Pattern.parse(item)
        except ValueError as exc:
            raise ImproperlyConfigured(f"{name}: {exc}") from None
    return items


def envengines(name: str, engines: tuple[str, ...]) -> list[str] | None:
    """Search engines by name, comma separated, in order; None when unset (the default
    order), [] for "none"."""
    items = [item.lower() for item in envlist(name)]
    if not items:
        return None
    if items == ["none"]:
        return []
    for item in items:
        if item not in engines:
            raise ImproperlyConfigured(
                f"{name} must list search engines ({', '.join(engines)}) or be none; got {item!r}"
            )
    return list(dict.fromkeys(items))


MCP_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")  # "mcp:" + it fits a result's engine (40)
MCP_DEFAULTS = {"timeout": 30, "max_bytes": 2 * 1024 * 1024, "max_concurrency": 4}
_MCP_KEYS = {"name", "url", "headers", "command", "env", "search_tools", *MCP_DEFAULTS}


def envmcp(name: str) -> list[dict[str, Any]]:
    """MCP servers as sources: a JSON list of objects, each checked here (see the README's
    "MCP servers as sources"). Every server comes back with its limits filled in."""
    raw = envstr(name)
    if not raw:
        return []
    try:
        servers = json.loads(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} is not JSON: {exc}") from None
    if not isinstance(servers, list):
        raise ImproperlyConfigured(f"{name} must be a JSON list of servers")
    checked = [_mcp_server(name, i, server) for i, server in enumerate(servers)]
    names = [server["name"] for server in checked]
    if len(set(names)) != len(names):
        raise ImproperlyConfigured(f"{name}: two servers have the same name")
    return checked


def _mcp_server(setting: str, index: int, server: Any) -> dict[str, Any]:
    def bad(field: str, must: str) -> ImproperlyConfigured:
        return ImproperlyConfigured(f"{setting}[{index}].{field} {must}")

    if not isinstance(server, dict):
        raise bad("", "must be an object")
    if unknown := sorted(set(server) - _MCP_KEYS):
        raise bad(unknown[0], f"is not a server field (known: {', '.join(sorted(_MCP_KEYS))})")
    if not isinstance(server.get("name"), str) or not MCP_NAME.fullmatch(server["name"]):
        raise bad("name", "must be lowercase letters, digits, - or _ (at most 32)")
    if ("url" in server) == ("command" in server):
        raise bad("url", "or command: exactly one of them is needed")
    _mcp_transport(server, bad)
    tools = server.get("search_tools")
    if not isinstance(tools, list) or not tools or not _strings(tools):
        raise bad("search_tools", "must be a non-empty list of tool names")
    limits = {key: server.get(key, default) for key, default in MCP_DEFAULTS.items()}
    for key, value in limits.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise bad(key, "must be a whole number of at least 1")
    return {"headers": {}, "env": {}, **server, **limits}


def _mcp_transport(server: dict[str, Any], bad: Any) -> None:
    if "url" in server:
        url = server["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise bad("url", "must start with http:// or https://")
        if "env" in server:
            raise bad("env", "is for a command's server (stdio), not a URL's")
    else:
        command = server["command"]
        if not isinstance(command, list) or not command or not _strings(command):
            raise bad("command", "must be a non-empty list of strings")
        if "headers" in server:
            raise bad("headers", "are for a URL's server, not a command's")
    for field in ("headers", "env"):
        value = server.get(field, {})
        if not isinstance(value, dict) or not _strings([*value, *value.values()]):
            raise bad(field, "must be an object of strings")


def _strings(values: list[Any]) -> bool:
    return all(isinstance(value, str) and value for value in values)
