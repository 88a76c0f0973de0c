"""Tables listed on the local network: the records, and a real advertisement found on
loopback (multicast works in this sandbox on 127.0.0.1; the test skips where it does not)."""

from __future__ import annotations

import pytest
from zeroconf import ServiceInfo

from solemio.net import discovery
from solemio.net.tables import new_code


def test_a_record_says_where_the_table_is_and_never_more():
    info = discovery.table_info("K7QX2M", 8765, ["192.168.1.20"], "mamma-mia", "Ann's PC", 2)
    assert set(info.properties) == {b"v", b"table", b"edition", b"host", b"free"}
    table = discovery.table_from_info(info)
    assert table == discovery.LanTable("K7QX2M", "192.168.1.20", 8765, "mamma-mia",
                                       "Ann's PC", 2)
    assert table.url == "ws://192.168.1.20:8765"


@pytest.mark.parametrize("props", [
    {"v": "0", "table": "K7QX2M", "edition": "sole-mio", "free": "1"},  # another version
    {"v": "1", "table": "K7QX2O", "edition": "sole-mio", "free": "1"},  # not a code
    {"v": "1", "table": "K7QX2M", "edition": "chess", "free": "1"},
    {"v": "1", "table": "K7QX2M", "edition": "sole-mio", "free": "-1"},
    {"v": "1", "edition": "sole-mio", "free": "1"},
])
def test_a_stray_record_is_not_listed(props):
    import socket

    info = ServiceInfo(discovery.SERVICE, f"x.{discovery.SERVICE}",
                       addresses=[socket.inet_aton("10.0.0.1")], port=1, properties=props)
    assert discovery.table_from_info(info) is None
    assert discovery.table_from_info(None) is None


def test_an_advertised_table_is_found_on_loopback():
    try:
        ad = discovery.Advertiser(interfaces=["127.0.0.1"])
        browser = discovery.Browser(interfaces=["127.0.0.1"])
    except OSError as exc:  # no multicast here
        pytest.skip(f"multicast is not available: {exc}")
    # a fresh code: another run of this test on the machine (a second worker, a second
    # checkout) advertises on the same loopback, and a taken name is refused
    code = new_code(set())
    try:
        ad.advertise(discovery.table_info(code, 4242, ["127.0.0.1"], "grande", "Ann", 3))
        found = browser.wait_for(code, 10)
        assert found == discovery.LanTable(code, "127.0.0.1", 4242, "grande", "Ann", 3)
        ad.withdraw(code)
    finally:
        browser.close()
        ad.close()


def test_the_windows_default_of_every_network_is_one_zeroconf_takes():
    """The hosting and joining windows advertise and browse on every network (no
    ``interfaces`` given): a value zeroconf refused made both fail silently before."""
    try:
        ad = discovery.Advertiser()
    except OSError as exc:  # a machine with no network to multicast on (the old fault was
        pytest.skip(f"no multicast here: {exc}")  # a TypeError, which still fails)
    browser = discovery.Browser()
    ad.close()
    browser.close()
