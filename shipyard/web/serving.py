"""`shipyard serve`'s start-up: where to listen, which names to answer to, the access key, the link to print.

On loopback (127.0.0.1, localhost, ::1) only this machine can connect: the server answers to the loopback names and
needs no key. Anywhere else (`--host 0.0.0.0` to reach it from a tablet) it keeps the Host check, with the
machine's own names and addresses added, and every request must carry a key made afresh at each start: the server
prints a link that carries it and the same link as a QR code to scan.
"""

from __future__ import annotations

import dataclasses
import errno
import ipaddress
import secrets
import socket
from pathlib import Path

from ..errors import ShipyardError

LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1"}


@dataclasses.dataclass
class Plan:
    """What one `shipyard serve` listens on and answers to."""

    host: str  # as given to --host
    port: int
    allowed_hosts: set[str]
    key: str | None  # None on loopback
    url: str  # the link to print (and to open, on loopback)
    local_url: str  # the link this machine's browser opens


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """A host as it is written in a URL: an IPv6 address in brackets."""
    host = host.strip("[]")
    return f"[{host}]" if ":" in host else host


def plan(host: str, port: int) -> Plan:
    host = host.strip("[]")
    if is_loopback(host):
        host = "127.0.0.1" if host.lower() == "localhost" else host  # listen where the printed link leads
        url = f"http://{url_host(host)}:{port}/"
        return Plan(host, port, LOOPBACK_NAMES | {host.lower()}, None, url, url)
    key = secrets.token_urlsafe(16)
    names = machine_names()
    wildcard = host in ("0.0.0.0", "::")
    allowed = LOOPBACK_NAMES | names | ({host.lower()} if not wildcard else set())
    reach = lan_address() if wildcard else host
    url = f"http://{url_host(reach or socket.gethostname())}:{port}/?key={key}"
    local = f"http://127.0.0.1:{port}/?key={key}" if host != "::" else f"http://[::1]:{port}/?key={key}"
    return Plan(host, port, allowed, key, url, local if wildcard else url)


def machine_names() -> set[str]:
    """This machine's names and addresses, as another device on the network would write them in a URL."""
    out: set[str] = set()
    name = socket.gethostname().lower()
    for candidate in {name, socket.getfqdn().lower()}:
        if not candidate:
            continue
        out.add(candidate)
        try:
            for *_, sockaddr in socket.getaddrinfo(candidate, None):
                out.add(str(sockaddr[0]).split("%")[0].lower())
        except OSError:
            pass
    found = lan_address()
    if found:
        out.add(found)
    return out


def lan_address() -> str | None:
    """The address this machine reaches the network from (a UDP socket 'connected' to a documentation address
    sends nothing; it only asks the routing table), else None."""
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, or the reason in one line (a port in use, an address this machine does not have)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as exc:
        raise ShipyardError(f"--host {host}: not an address of this machine ({exc.strerror})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait for old connections
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ShipyardError(f"--port {port}: the port is already in use on {host} (is another shipyard serve "
                                f"running?); stop that one or choose another port with --port") from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise ShipyardError(f"--port {port}: not allowed to listen on it (ports below 1024 need root); "
                                "choose another with --port") from None
        raise ShipyardError(f"--host {host} --port {port}: cannot listen there: {exc.strerror or exc}") from None
    return sock


def qr_lines(text: str) -> list[str]:
    """`text` as a QR code for a terminal, two modules a character with Unicode half blocks (ReportLab's encoder,
    no new dependency). Light modules are drawn, as `qrencode -t UTF8` does: on a dark terminal the code reads
    dark-on-light, as a phone's camera expects, inside a quiet zone of four modules."""
    from ..render.qr import qr_modules

    modules = qr_modules(text)
    quiet = 4
    size = len(modules) + 2 * quiet
    dark = [[False] * size for _ in range(quiet)]
    dark += [[False] * quiet + list(row) + [False] * quiet for row in modules]
    dark += [[False] * size for _ in range(quiet + 1)]  # one more: an even number of rows
    glyph = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return ["".join(glyph[(top[c], bottom[c])] for c in range(size)) for top, bottom in zip(dark[::2], dark[1::2])]


GRACE_S = 3  # seconds a stopping server gives the requests under way


def serve(port: int = 8600, user_dir: Path | None = None, extra: list[Path] | None = None, host: str = "127.0.0.1",
          open_browser: bool = True, say=print) -> None:
    """Listen (or fail in one line), say where, run the server until Ctrl-C."""
    import threading
    import webbrowser

    import uvicorn

    from .server import create_app

    where = plan(host, port)
    sock = listen(where.host, port)
    user_dir = user_dir or Path("ships")
    app = create_app(user_dir, extra, allowed_hosts=where.allowed_hosts, key=where.key)
    if where.key is not None:
        say(f"warning: serving beyond this machine on {host}: anyone who has the link below can read and write your "
            "ship library (it carries a key made for this start; other addresses and names are refused)")
    say(f"shipyard is at {where.url} — Ctrl-C stops it; your ships are saved in {user_dir}")
    if where.key is not None:
        names = sorted(where.allowed_hosts - LOOPBACK_NAMES) + ["this machine's loopback"]
        say(f"it answers to {', '.join(names)} (a link under another name, as DNS rebinding would make, is refused)")
        say("scan this with the tablet's camera to open it:\n" + "\n".join(qr_lines(where.url)))
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(where.local_url)).start()
    # the live sheets' event streams never end of themselves: on Ctrl-C (or SIGTERM) the requests under way get this
    # long to finish, then the streams are closed (each page says at once that it lost the server)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=GRACE_S))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
