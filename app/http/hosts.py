"""The `Host` header check: a request must name one of the allowed hosts, or it is answered 400.

A page served under an attacker's name that resolves to this server (DNS rebinding) would otherwise be
"same-origin" with it in the victim's browser. `ALLOWED_HOSTS` is a comma-separated list of names or
addresses, each with a port (`shelf.lan:8443`: that port only) or without (`shelf.lan`: any port);
IPv6 addresses are written in brackets (`[::1]`). `*` allows any host (and turns the check off).
"""

from __future__ import annotations

from dataclasses import dataclass

LOOPBACK = "localhost,127.0.0.1,[::1]"


def split_host(value: str) -> tuple[str, str | None]:
    """`name[:port]` of a Host header or an ALLOWED_HOSTS entry, as (lower-case name, port or None)."""
    value = value.strip().lower()
    if value.startswith("["):  # [v6] or [v6]:port
        end = value.find("]")
        if end < 0:
            return value, None
        name, rest = value[:end + 1], value[end + 1:]
        return name, (rest[1:] if rest.startswith(":") and rest[1:] else None)
    if value.count(":") == 1:
        name, port = value.split(":")
        return name.rstrip("."), port or None
    return value.rstrip("."), None


@dataclass(frozen=True)
class AllowedHosts:
    """The parsed ALLOWED_HOSTS: `allows(host_header)` says whether a request's Host names this shelf."""

    entries: tuple[tuple[str, str | None], ...]
    any_host: bool = False

    @classmethod
    def parse(cls, setting: str) -> AllowedHosts:
        items = [item.strip() for item in setting.split(",") if item.strip()]
        if "*" in items:
            return cls((), any_host=True)
        return cls(tuple(split_host(item) for item in items))

    def allows(self, host_header: str | None) -> bool:
        if self.any_host:
            return True
        if not host_header:
            return False
        name, port = split_host(host_header)
        if port is not None and not port.isdigit():
            return False
        return any(name == allowed and (allowed_port is None or allowed_port == port)
                   for allowed, allowed_port in self.entries)
