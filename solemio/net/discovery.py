"""Tables on the local network, listed without typing an address (zeroconf: mDNS/DNS-SD).

A hosting window advertises each of its open tables as a ``_solemio._tcp`` service named
after the table code; a joining window browses for them and lists what it finds.  The
records carry only what the list shows (the protocol version, the code, the edition, the
host's name, the free seats) and never a token; what arrives from the network is checked
before it is shown (``table_from_info``), so a stray or hostile record is ignored.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

from solemio.net import protocol as P
from solemio.net.tables import EDITIONS

SERVICE = "_solemio._tcp.local."


@dataclass(frozen=True)
class LanTable:
    """A table found on the local network: where to connect, and what to show."""

    code: str
    address: str
    port: int
    edition: str
    host_name: str
    free: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def table_info(code: str, port: int, addresses: list[str], edition: str, host_name: str,
               free: int) -> ServiceInfo:
    """The service record advertising one table."""
    return ServiceInfo(
        SERVICE, f"{code}.{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses], port=port,
        properties={"v": str(P.VERSION), "table": code, "edition": edition,
                    "host": host_name[:40], "free": str(free)},
        server=f"solemio-{code.lower()}.local.")


def table_from_info(info: ServiceInfo | None) -> LanTable | None:
    """The table a record advertises, or None when it is not one this game can join."""
    if info is None:
        return None
    try:
        props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
    except (AttributeError, UnicodeDecodeError):
        return None
    code = props.get("table", "")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if (props.get("v") != str(P.VERSION) or not P.valid_code(code) or not addresses
            or props.get("edition") not in EDITIONS or not props.get("free", "").isdigit()
            or not info.port):
        return None
    host = " ".join(props.get("host", "").split())[:40]
    return LanTable(code, addresses[0], info.port, props["edition"],
                    host if host.isprintable() else "", int(props["free"]))


class Advertiser:
    """Advertise tables while they are open (one zeroconf instance for all of them)."""

    def __init__(self, interfaces: Any = None) -> None:
        self.zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
        self.infos: dict[str, ServiceInfo] = {}

    def advertise(self, info: ServiceInfo) -> None:
        code = info.properties[b"table"].decode()
        if code in self.infos:
            self.zc.update_service(info)
        else:
            self.zc.register_service(info)
        self.infos[code] = info

    def withdraw(self, code: str) -> None:
        info = self.infos.pop(code, None)
        if info is not None:
            self.zc.unregister_service(info)

    def close(self) -> None:
        for code in list(self.infos):
            self.withdraw(code)
        self.zc.close()


class Browser:
    """The tables seen on the local network, kept up to date in the background."""

    def __init__(self, interfaces: Any = None) -> None:
        self.zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
        self._names: set[str] = set()
        self._lock = threading.Lock()
        self._browser = ServiceBrowser(self.zc, SERVICE, self)

    # ServiceListener
    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._names.discard(name)

    def tables(self, timeout_ms: int = 1000) -> list[LanTable]:
        """The joinable tables found so far (each record asked for, up to ``timeout_ms``)."""
        with self._lock:
            names = sorted(self._names)
        found = []
        for name in names:
            table = table_from_info(self.zc.get_service_info(SERVICE, name, timeout_ms))
            if table is not None:
                found.append(table)
        return found

    def wait_for(self, code: str, timeout: float = 5.0) -> LanTable | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for t in self.tables(500):
                if t.code == code:
                    return t
            time.sleep(0.1)
        return None

    def close(self) -> None:
        self._browser.cancel()
        self.zc.close()
