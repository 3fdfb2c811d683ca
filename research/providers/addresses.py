"""Which IP addresses the fetcher refuses, and why.

`refusal(address)` says why an address must not be fetched from (None when it may). An address
is refused when it, or an IPv4 address embedded in it, lies in one of the ranges below.

The ranges are our own table, written from the IANA IPv4 and IPv6 Special-Purpose Address
Registries (RFC 6890, RFC 8190): every entry those registries mark as not globally reachable,
and the entries they leave undecided ("N/A"), plus ranges outside them that are never a public
web server: multicast, 240.0.0.0/4, deprecated IPv6 site-local (fec0::/10, RFC 3879, still routed
by some stacks). Where ranges nest, the most specific one names the cause.

Registry entries marked globally reachable are not refused: the NAT64 well-known prefix
64:ff9b::/96 and 6to4 2002::/16 (both judged by the IPv4 address they embed), AS112
(192.31.196.0/24, 192.175.48.0/24, 2620:4f:8000::/48) and AMT (192.52.193.0/24). Inside the
refused 192.0.0.0/24 and 2001::/23 a few anycast, AMT, AS112, ORCHIDv2 and drone-identifier
blocks are globally reachable too; they serve no web pages, so the whole parent block is
refused, as Python's `ipaddress` did before 3.11.10.

Embedded IPv4 addresses are decoded from: IPv4-mapped ::ffff:0:0/96 (RFC 4291; such an address
is the IPv4 address, and the fetcher connects to that), IPv4-compatible ::/96 (RFC 4291,
deprecated; :: and ::1 are refused as themselves), IPv4-translated ::ffff:0:0:0/96 (RFC 2765),
NAT64 64:ff9b::/96 (RFC 6052), 6to4 2002::/16 (RFC 3056, bits 16-48) and Teredo 2001::/32
(RFC 4380: the server in bits 32-64, the client in the last 32 bits, inverted). The local-use
NAT64 prefix 64:ff9b:1::/48 (RFC 8215) is refused whole, whatever it embeds.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Range:
    """A refused range: its network, what it is, and the RFC that says so."""

    network: Network
    name: str
    rfc: str

    def __str__(self) -> str:
        return f"{self.name} ({self.rfc})"


def _ranges(*rows: tuple[str, str, str]) -> tuple[Range, ...]:
    return tuple(Range(ipaddress.ip_network(net), name, rfc) for net, name, rfc in rows)


REFUSED_IPV4 = _ranges(
    ("0.0.0.0/8", '"this network"', "RFC 791"),
    ("0.0.0.0/32", '"this host on this network"', "RFC 1122"),
    ("10.0.0.0/8", "private-use", "RFC 1918"),
    ("100.64.0.0/10", "shared address space (carrier-grade NAT)", "RFC 6598"),
    ("127.0.0.0/8", "loopback", "RFC 1122"),
    ("169.254.0.0/16", "link-local", "RFC 3927"),
    ("172.16.0.0/12", "private-use", "RFC 1918"),
    ("192.0.0.0/24", "IETF protocol assignments", "RFC 6890"),
    ("192.0.0.0/29", "IPv4 service continuity prefix", "RFC 7335"),
    ("192.0.0.8/32", "IPv4 dummy address", "RFC 7600"),
    ("192.0.0.170/32", "NAT64/DNS64 discovery", "RFC 8880"),
    ("192.0.0.171/32", "NAT64/DNS64 discovery", "RFC 8880"),
    ("192.0.2.0/24", "documentation (TEST-NET-1)", "RFC 5737"),
    ("192.88.99.0/24", "deprecated 6to4 relay anycast", "RFC 7526"),
    ("192.168.0.0/16", "private-use", "RFC 1918"),
    ("198.18.0.0/15", "benchmarking", "RFC 2544"),
    ("198.51.100.0/24", "documentation (TEST-NET-2)", "RFC 5737"),
    ("203.0.113.0/24", "documentation (TEST-NET-3)", "RFC 5737"),
    ("224.0.0.0/4", "multicast", "RFC 5771"),
    ("240.0.0.0/4", "reserved", "RFC 1112"),
    ("255.255.255.255/32", "limited broadcast", "RFC 919, RFC 8190"),
)

REFUSED_IPV6 = _ranges(
    ("::/128", "the unspecified address", "RFC 4291"),
    ("::1/128", "loopback", "RFC 4291"),
    ("64:ff9b:1::/48", "local-use IPv4/IPv6 translation", "RFC 8215"),
    ("100::/64", "discard-only", "RFC 6666"),
    ("100:0:0:1::/64", "dummy IPv6 prefix", "RFC 9780"),
    ("2001::/23", "IETF protocol assignments", "RFC 2928"),
    ("2001::/32", "Teredo", "RFC 4380"),
    ("2001:2::/48", "benchmarking", "RFC 5180"),
    ("2001:10::/28", "deprecated ORCHID", "RFC 4843"),
    ("2001:db8::/32", "documentation", "RFC 3849"),
    ("3fff::/20", "documentation", "RFC 9637"),
    ("5f00::/16", "segment routing (SRv6) SIDs", "RFC 9602"),
    ("fc00::/7", "unique-local", "RFC 4193"),
    ("fe80::/10", "link-local", "RFC 4291"),
    ("fec0::/10", "deprecated site-local", "RFC 3879"),
    ("ff00::/8", "multicast", "RFC 4291"),
)

# IPv6 ranges whose last 32 bits are an IPv4 address, and what such an address is called.
_LAST_32_BITS = (
    (ipaddress.IPv6Network("::/96"), "an IPv4-compatible address"),
    (ipaddress.IPv6Network("::ffff:0:0:0/96"), "an IPv4-translated address"),
    (ipaddress.IPv6Network("64:ff9b::/96"), "a NAT64 address"),
)


@dataclass(frozen=True)
class Refusal:
    """Why an address is refused: `address` (itself, or the IPv4 address embedded in
    `embedded_in`, described by `how`) lies in `range`."""

    address: IPAddress
    range: Range
    embedded_in: ipaddress.IPv6Address | None = None
    how: str = ""

    @property
    def subject(self) -> str:
        """`127.0.0.1`, or `127.0.0.1 (embedded in ::ffff:0:7f00:1, an IPv4-translated address)`."""
        if self.embedded_in is None:
            return str(self.address)
        return f"{self.address} (embedded in {self.embedded_in}, {self.how})"

    def __str__(self) -> str:
        return f"{self.subject} is {self.range}"


def refusal(address: IPAddress) -> Refusal | None:
    """Why `address` must not be fetched from, or None when it may.

    An embedded IPv4 address in a refused range is named first: it says more than the range of
    the IPv6 address around it (a Teredo address is refused whatever it embeds).
    """
    if isinstance(address, ipaddress.IPv6Address):
        for ipv4, how in embedded_ipv4(address):
            found = refused_range(ipv4)
            if found is not None:
                return Refusal(ipv4, found, address, how)
    found = refused_range(address)
    return None if found is None else Refusal(address, found)


def refused_range(address: IPAddress) -> Range | None:
    """The most specific refused range that holds `address`, if any."""
    table = REFUSED_IPV4 if isinstance(address, ipaddress.IPv4Address) else REFUSED_IPV6
    holding = [entry for entry in table if address in entry.network]
    return max(holding, key=lambda entry: entry.network.prefixlen, default=None)


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[tuple[ipaddress.IPv4Address, str]]:
    """The IPv4 addresses an IPv6 address carries, each with how it carries it."""
    if address.ipv4_mapped is not None:
        return [(address.ipv4_mapped, "an IPv4-mapped address")]
    if address.sixtofour is not None:
        return [(address.sixtofour, "a 6to4 address")]
    if address.teredo is not None:
        server, client = address.teredo
        return [
            (server, "a Teredo address, as its server"),
            (client, "a Teredo address, as its client"),
        ]
    if int(address) <= 1:  # :: and ::1 are themselves, not IPv4-compatible addresses
        return []
    for network, how in _LAST_32_BITS:
        if address in network:
            return [(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF), how)]
    return []
