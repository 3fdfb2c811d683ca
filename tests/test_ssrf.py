"""The SSRF guard's table of refused ranges, range by range.

Every range is tried as an IP literal in the URL and behind a host name; so are IPv4 addresses
embedded in IPv6 ones, and public addresses that must pass. Only the check runs: nothing here
connects. Host names are resolved by the operating system (`socket.getaddrinfo`), which the
`dns` fixture replaces with a table of its own: the guard has no resolver setting, and the
system call is its boundary.
"""

from __future__ import annotations

import ipaddress
import re
import socket

import httpx
import pytest

from research.providers import addresses
from research.providers.http import BlockedURL, check_url, fetch

NAME = "inside.example.test"

# (an address in the range, the range as the table writes it, the refusal's words for it)
IN_RANGES = [
    ("0.1.2.3", "0.0.0.0/8", '"this network" (RFC 791)'),
    ("0.0.0.0", "0.0.0.0/32", '"this host on this network" (RFC 1122)'),
    ("10.0.0.1", "10.0.0.0/8", "private-use (RFC 1918)"),
    ("10.255.255.255", "10.0.0.0/8", "private-use (RFC 1918)"),
    ("100.64.0.1", "100.64.0.0/10", "shared address space (carrier-grade NAT) (RFC 6598)"),
    ("100.127.255.254", "100.64.0.0/10", "shared address space (carrier-grade NAT) (RFC 6598)"),
    ("127.0.0.1", "127.0.0.0/8", "loopback (RFC 1122)"),
    ("127.255.255.254", "127.0.0.0/8", "loopback (RFC 1122)"),
    ("169.254.169.254", "169.254.0.0/16", "link-local (RFC 3927)"),
    ("172.16.0.1", "172.16.0.0/12", "private-use (RFC 1918)"),
    ("172.31.255.254", "172.16.0.0/12", "private-use (RFC 1918)"),
    ("192.0.0.9", "192.0.0.0/24", "IETF protocol assignments (RFC 6890)"),
    ("192.0.0.255", "192.0.0.0/24", "IETF protocol assignments (RFC 6890)"),
    ("192.0.0.1", "192.0.0.0/29", "IPv4 service continuity prefix (RFC 7335)"),
    ("192.0.0.8", "192.0.0.8/32", "IPv4 dummy address (RFC 7600)"),
    ("192.0.0.170", "192.0.0.170/32", "NAT64/DNS64 discovery (RFC 8880)"),
    ("192.0.0.171", "192.0.0.171/32", "NAT64/DNS64 discovery (RFC 8880)"),
    ("192.0.2.1", "192.0.2.0/24", "documentation (TEST-NET-1) (RFC 5737)"),
    ("192.88.99.1", "192.88.99.0/24", "deprecated 6to4 relay anycast (RFC 7526)"),
    ("192.168.1.1", "192.168.0.0/16", "private-use (RFC 1918)"),
    ("198.18.0.1", "198.18.0.0/15", "benchmarking (RFC 2544)"),
    ("198.19.255.254", "198.18.0.0/15", "benchmarking (RFC 2544)"),
    ("198.51.100.7", "198.51.100.0/24", "documentation (TEST-NET-2) (RFC 5737)"),
    ("203.0.113.9", "203.0.113.0/24", "documentation (TEST-NET-3) (RFC 5737)"),
    ("224.0.0.1", "224.0.0.0/4", "multicast (RFC 5771)"),
    ("239.255.255.250", "224.0.0.0/4", "multicast (RFC 5771)"),
    ("240.0.0.1", "240.0.0.0/4", "reserved (RFC 1112)"),
    ("255.255.255.254", "240.0.0.0/4", "reserved (RFC 1112)"),
    ("255.255.255.255", "255.255.255.255/32", "limited broadcast (RFC 919, RFC 8190)"),
    ("::", "::/128", "the unspecified address (RFC 4291)"),
    ("::1", "::1/128", "loopback (RFC 4291)"),
    ("64:ff9b:1::7f00:1", "64:ff9b:1::/48", "local-use IPv4/IPv6 translation (RFC 8215)"),
    ("64:ff9b:1:ffff::5db8:d822", "64:ff9b:1::/48", "local-use IPv4/IPv6 translation (RFC 8215)"),
    ("100::1", "100::/64", "discard-only (RFC 6666)"),
    ("100:0:0:1::1", "100:0:0:1::/64", "dummy IPv6 prefix (RFC 9780)"),
    ("2001:1::1", "2001::/23", "IETF protocol assignments (RFC 2928)"),
    ("2001:1ff:ffff::1", "2001::/23", "IETF protocol assignments (RFC 2928)"),
    # A Teredo address of a public server (93.184.216.34) and client (93.184.34.34).
    ("2001:0:5db8:d822::a247:dddd", "2001::/32", "Teredo (RFC 4380)"),
    ("2001:2::1", "2001:2::/48", "benchmarking (RFC 5180)"),
    ("2001:10::1", "2001:10::/28", "deprecated ORCHID (RFC 4843)"),
    ("2001:db8::1", "2001:db8::/32", "documentation (RFC 3849)"),
    ("3fff::1", "3fff::/20", "documentation (RFC 9637)"),
    ("3fff:fff::1", "3fff::/20", "documentation (RFC 9637)"),
    ("5f00::1", "5f00::/16", "segment routing (SRv6) SIDs (RFC 9602)"),
    ("fc00::1", "fc00::/7", "unique-local (RFC 4193)"),
    ("fd12:3456::1", "fc00::/7", "unique-local (RFC 4193)"),
    ("fe80::1", "fe80::/10", "link-local (RFC 4291)"),
    ("febf::1", "fe80::/10", "link-local (RFC 4291)"),
    ("fec0::1", "fec0::/10", "deprecated site-local (RFC 3879)"),
    ("feff::1", "fec0::/10", "deprecated site-local (RFC 3879)"),
    ("ff02::1", "ff00::/8", "multicast (RFC 4291)"),
    ("ff0e::1", "ff00::/8", "multicast (RFC 4291)"),
]

LOOPBACK = "loopback (RFC 1122)"
LINK_LOCAL = "link-local (RFC 3927)"
PRIVATE = "private-use (RFC 1918)"
CGNAT = "shared address space (carrier-grade NAT) (RFC 6598)"
TEREDO_SERVER = "a Teredo address, as its server"
TEREDO_CLIENT = "a Teredo address, as its client"

# (an IPv6 address, the IPv4 address it carries, how it carries it, the refusal's words)
EMBEDDED = [
    ("::127.0.0.1", "127.0.0.1", "an IPv4-compatible address", LOOPBACK),
    ("::10.1.2.3", "10.1.2.3", "an IPv4-compatible address", PRIVATE),
    ("::ffff:0:7f00:1", "127.0.0.1", "an IPv4-translated address", LOOPBACK),
    ("::ffff:0:a9fe:a9fe", "169.254.169.254", "an IPv4-translated address", LINK_LOCAL),
    ("::ffff:127.0.0.1", "127.0.0.1", "an IPv4-mapped address", LOOPBACK),
    ("::ffff:a9fe:a9fe", "169.254.169.254", "an IPv4-mapped address", LINK_LOCAL),
    ("64:ff9b::7f00:1", "127.0.0.1", "a NAT64 address", LOOPBACK),
    ("64:ff9b::a9fe:a9fe", "169.254.169.254", "a NAT64 address", LINK_LOCAL),
    ("64:ff9b::c0a8:101", "192.168.1.1", "a NAT64 address", PRIVATE),
    ("2002:7f00:1::1", "127.0.0.1", "a 6to4 address", LOOPBACK),
    ("2002:a9fe:a9fe::", "169.254.169.254", "a 6to4 address", LINK_LOCAL),
    ("2002:6440:1::1", "100.64.0.1", "a 6to4 address", CGNAT),
    # Teredo: the server in bits 32-64, the client inverted in the last 32 bits.
    ("2001:0:7f00:1::a247:dddd", "127.0.0.1", TEREDO_SERVER, LOOPBACK),
    ("2001:0:5db8:d822:8000:63bf:80ff:fffe", "127.0.0.1", TEREDO_CLIENT, LOOPBACK),
    ("2001:0:5db8:d822::f5ff:fffe", "10.0.0.1", TEREDO_CLIENT, PRIVATE),
]

# The four forms that passed the guard of `is_global` (issue 13), and the words of their refusal.
ISSUE_13 = [
    ("::127.0.0.1", "127.0.0.1 (embedded in ::7f00:1, an IPv4-compatible address) is loopback"),
    (
        "::ffff:0:7f00:1",
        "127.0.0.1 (embedded in ::ffff:0:7f00:1, an IPv4-translated address) is loopback",
    ),
    ("fec0::1", "fec0::1 is deprecated site-local (RFC 3879)"),
    ("64:ff9b:1::7f00:1", "64:ff9b:1::7f00:1 is local-use IPv4/IPv6 translation (RFC 8215)"),
]

PUBLIC = [
    "93.184.216.34",
    "1.1.1.1",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    # Just outside refused ranges.
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "192.0.1.1",
    "192.88.98.255",
    "198.17.255.255",
    "198.20.0.1",
    "223.255.255.255",
    "2001:200::1",
    "2003::1",
    # Globally reachable entries of the registries.
    "192.31.196.1",
    "192.52.193.1",
    "192.175.48.1",
    "2620:4f:8000::1",
    # IPv4 addresses embedded in IPv6 ones, when the IPv4 address is public.
    "64:ff9b::5db8:d822",
    "2002:5db8:d822::1",
    "::ffff:0:5db8:d822",
    "::93.184.216.34",
]


def literal_url(address: str) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}/"


@pytest.fixture(autouse=True)
def no_exemptions(settings) -> None:
    settings.FETCH_ALLOW_HOSTS = []


@pytest.fixture
def no_dns(monkeypatch) -> None:
    def asked(*args, **kwargs):
        raise AssertionError("DNS was asked")

    monkeypatch.setattr(socket, "getaddrinfo", asked)


def refusal(url: str) -> str:
    with pytest.raises(BlockedURL) as refused:
        check_url(url)
    assert refused.value.blocked
    return refused.value.reason


def sample_id(sample: tuple[str, ...]) -> str:
    return sample[0]


# --- Every range of the table ------------------------------------------------------------------


def test_every_range_of_the_table_is_tried_below():
    table = {str(entry.network) for entry in addresses.REFUSED_IPV4 + addresses.REFUSED_IPV6}
    assert {network for _, network, _ in IN_RANGES} == table


@pytest.mark.parametrize("sample", IN_RANGES, ids=sample_id)
def test_the_table_names_the_most_specific_range(sample):
    address, network, words = sample
    found = addresses.refused_range(ipaddress.ip_address(address))
    assert found is not None
    assert (str(found.network), str(found)) == (network, words)


@pytest.mark.parametrize("sample", IN_RANGES, ids=sample_id)
def test_an_ip_literal_in_a_refused_range_is_refused_naming_the_range_and_the_setting(sample):
    address, _, words = sample
    shown = str(ipaddress.ip_address(address))
    reason = refusal(literal_url(address))
    assert reason == (
        f"{shown} is {words}; to fetch from it anyway, add {shown} to the FETCH_ALLOW_HOSTS setting"
    )


@pytest.mark.parametrize("sample", IN_RANGES, ids=sample_id)
def test_a_host_name_that_resolves_into_a_refused_range_is_refused(dns, sample):
    address, _, words = sample
    dns(NAME, address)
    reason = refusal(f"https://{NAME}/page")
    shown = str(ipaddress.ip_address(address))
    assert reason == (
        f"{NAME} resolves to {shown}, which is {words}; "
        f"to fetch from it anyway, add {NAME} to the FETCH_ALLOW_HOSTS setting"
    )


# --- IPv4 addresses embedded in IPv6 addresses -------------------------------------------------


@pytest.mark.parametrize("sample", EMBEDDED, ids=sample_id)
def test_an_ipv6_literal_carrying_a_refused_ipv4_address_is_refused_naming_both(sample):
    outer, inner, how, words = sample
    reason = refusal(literal_url(outer))
    assert reason.startswith(
        f"{inner} (embedded in {ipaddress.ip_address(outer)}, {how}) is {words};"
    )


@pytest.mark.parametrize("sample", EMBEDDED, ids=sample_id)
def test_a_host_name_resolving_to_an_ipv6_address_carrying_a_refused_ipv4_is_refused(dns, sample):
    outer, inner, how, words = sample
    dns(NAME, outer)
    reason = refusal(f"http://{NAME}/")
    embedded = f"{inner} (embedded in {ipaddress.ip_address(outer)}, {how})"
    assert reason.startswith(f"{NAME} resolves to {embedded}, which is {words}")


@pytest.mark.parametrize("sample", ISSUE_13, ids=sample_id)
def test_the_four_forms_that_passed_is_global_are_refused(dns, sample):
    address, words = sample
    assert refusal(literal_url(address)).startswith(words)
    dns(NAME, address)
    assert f"{NAME} resolves to " in refusal(f"http://{NAME}/")


def test_a_name_is_refused_if_any_address_carries_a_refused_ipv4(dns):
    dns(NAME, "93.184.216.34", "2606:4700::1111", "64:ff9b::a9fe:a9fe")
    assert "169.254.169.254 (embedded in 64:ff9b::a9fe:a9fe, a NAT64 address)" in refusal(
        f"http://{NAME}/"
    )


# --- What passes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_passes_as_a_literal_and_behind_a_name(dns, address):
    expected = [ipaddress.ip_address(address)]
    assert check_url(literal_url(address)) == expected
    dns(NAME, address)
    assert check_url(f"https://{NAME}/") == expected


def test_an_ipv4_mapped_address_is_connected_to_as_the_ipv4_address(dns):
    assert check_url("http://[::ffff:93.184.216.34]/") == [ipaddress.ip_address("93.184.216.34")]
    dns(NAME, "93.184.216.34", "::ffff:93.184.216.34")
    assert check_url(f"http://{NAME}/") == [ipaddress.ip_address("93.184.216.34")]


# --- The allow list ----------------------------------------------------------------------------


@pytest.mark.parametrize("address", [a for a, _ in ISSUE_13] + ["127.0.0.1", "::ffff:127.0.0.1"])
def test_doing_what_the_refusal_says_lets_the_address_through(settings, address):
    reason = refusal(literal_url(address))
    [advice] = re.findall(r"add (\S+) to the FETCH_ALLOW_HOSTS setting", reason)
    settings.FETCH_ALLOW_HOSTS = [advice]
    assert check_url(literal_url(address))


def test_doing_what_the_refusal_says_lets_a_host_name_through(settings, dns):
    dns(NAME, "::ffff:0:7f00:1")
    settings.FETCH_ALLOW_HOSTS = [NAME]
    assert check_url(f"http://{NAME}/") == [ipaddress.ip_address("::ffff:0:7f00:1")]


def test_an_allowed_ipv4_network_covers_ipv4_mapped_addresses_but_no_other_ipv6(settings):
    """As before: the allow list is matched against the address connected to."""
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.0/8"]
    assert check_url("http://[::ffff:127.0.0.1]/") == [ipaddress.ip_address("127.0.0.1")]
    for address in ("::127.0.0.1", "::ffff:0:7f00:1", "2002:7f00:1::1", "64:ff9b::7f00:1"):
        with pytest.raises(BlockedURL, match="127.0.0.1 \\(embedded in"):
            check_url(literal_url(address))


# --- Without DNS, and on redirects -------------------------------------------------------------


@pytest.mark.parametrize("address", [a for a, _ in ISSUE_13] + ["10.0.0.1", "2130706433"])
def test_an_address_written_as_a_literal_is_refused_without_asking_dns(no_dns, address):
    with pytest.raises(BlockedURL, match="FETCH_ALLOW_HOSTS"):
        check_url(literal_url(address))


def test_a_scheme_other_than_http_is_refused_without_asking_dns(no_dns):
    with pytest.raises(BlockedURL, match="only http and https"):
        check_url("file:///etc/passwd")


@pytest.mark.parametrize("address", [a for a, _ in ISSUE_13], ids=str)
def test_a_redirect_to_a_refused_ipv6_form_is_refused_before_connecting(address):
    asked: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(302, headers={"Location": f"{literal_url(address)}admin"})

    with pytest.raises(BlockedURL, match="FETCH_ALLOW_HOSTS"):
        fetch("http://93.184.216.34/start", transport=httpx.MockTransport(handler))
    assert asked == ["http://93.184.216.34/start"]


def test_a_redirect_to_a_name_that_resolves_into_a_refused_range_is_refused(dns):
    dns("public.example.test", "93.184.216.34")
    dns(NAME, "fec0::1")
    asked: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(301, headers={"Location": f"http://{NAME}/next"})

    with pytest.raises(BlockedURL, match=f"{NAME} resolves to fec0::1"):
        fetch("http://public.example.test/", transport=httpx.MockTransport(handler))
    assert asked == ["http://public.example.test/"]
