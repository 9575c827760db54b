"""Which proxies are believed: `X-Forwarded-For` and `X-Forwarded-Proto` count only from TRUSTED_PROXIES.

The client address feeds the log-in and sign-up throttles, and the scheme feeds the app's own origin
(see `origin`). A header any client can send must not decide either, so both are read only when the
connection comes from a configured proxy: `TRUSTED_PROXIES` is a comma-separated list of addresses or
networks (`10.0.0.5`, `172.16.0.0/12`, `::1`), or `*` for every peer (only when no client can reach the
app but through the proxy, as in the compose `scale` profile). The default is none: the peer's own address.

The client is the right-most address of `X-Forwarded-For` that is not itself a trusted proxy (each proxy
appends the address it saw), so a client cannot hide behind an address it wrote in the header itself.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class TrustedProxies:
    networks: tuple[Network, ...] = ()
    everyone: bool = False

    @classmethod
    def parse(cls, setting: str) -> TrustedProxies:
        items = [item.strip() for item in setting.split(",") if item.strip()]
        if "*" in items:
            return cls((), everyone=True)
        try:
            return cls(tuple(ipaddress.ip_network(item, strict=False) for item in items))
        except ValueError as exc:
            raise ValueError(f"TRUSTED_PROXIES: {exc} (give addresses or networks, e.g. 10.0.0.5,172.16.0.0/12)")\
                from None

    def __bool__(self) -> bool:
        return self.everyone or bool(self.networks)

    def trusts(self, host: str | None) -> bool:
        if self.everyone:
            return True
        found = _address(host) if host else None
        return found is not None and any(found in net for net in self.networks)

    def client(self, peer: str | None, forwarded_for: str | None) -> str | None:
        """The client's address: the peer's, or, from a trusted proxy, the one it says it forwards for."""
        if not forwarded_for or not self.trusts(peer):
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        for hop in reversed(hops):
            found = _address(hop)
            if found is None:
                return peer  # a garbled header: believe nothing in it
            if not self.trusts(str(found)):
                return str(found)
        return str(_address(hops[0])) if hops else peer

    def scheme(self, peer: str | None, scheme: str, forwarded_proto: str | None) -> str:
        """The scheme the client used: the connection's, or a trusted proxy's X-Forwarded-Proto."""
        if not forwarded_proto or not self.trusts(peer):
            return scheme
        claimed = forwarded_proto.split(",")[-1].strip().lower()
        return claimed if claimed in ("http", "https") else scheme


def throttle_address(host: str | None) -> str:
    """The address the throttles count: an IPv4 address itself, an IPv6 address its /64 network.

    One IPv6 subscriber usually holds a whole /64 (2^64 addresses): counted one by one, a single
    attacker would never meet the per-address limits.
    """
    found = _address(host) if host else None
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found) if found is not None else (host or "unknown")[:64]
