"""The server's defences, one ASGI middleware in front of every route (pages, API, static files, errors).

What a local designer never needs is refused before any route runs:

* a Host that is not one of the names the server was started on (DNS rebinding: a foreign site's name pointed at
  this machine), compared without regard to case, `[::1]:8600` included;
* when the server is reachable beyond this machine, a request without its access key (401): the key arrives once
  in the printed link (`/?key=…`, which sets a cookie so the pages and htmx requests carry it), or as
  `Authorization: Bearer …` from an API client;
* a request another site made the browser send (`Sec-Fetch-Site: cross-site` or `same-site`) unless it is the user
  following a link to a page: a foreign page can neither write, nor load a sheet as an image (which would tell it
  shipyard runs and which ships you have, and make the server draw), nor fetch any other resource;
* a write whose Origin is not exactly this server (scheme, host and port) or is opaque (`null`);
* a body larger than MAX_BODY.

Every response, refusals and static files included, says it may not be framed by another page (clickjacking: a
hidden frame of the editor and a click on Save), must not be sniffed as another type, and sends no Referer out.
"""

from __future__ import annotations

import hmac
import re
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.responses import PlainTextResponse, RedirectResponse

MAX_BODY = 256 * 1024  # bytes: a vessel file is a few kB; a scenario or form well under this
WRITES = ("POST", "PUT", "PATCH", "DELETE")
KEY_COOKIE = "shipyard_key"
KEY_PARAM = "key"

SECURITY_HEADERS = [
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    # same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with a form posted from our own
    # page, which the Origin check below refuses, so no form worked without JavaScript; no other site is sent any
    (b"referrer-policy", b"same-origin"),
]


class TooLarge(Exception):
    """A body past MAX_BODY, met while it is read (a chunked body says no length up front)."""


def host_name(host_header: str) -> str:
    """The name in a Host header, lower case, without the port: 'LOCALHOST:8600' -> 'localhost',
    '[::1]:8600' -> '::1'."""
    host = host_header.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[1:end] if end > 0 else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """The middleware: `allowed_hosts` the names (or addresses) the server answers to, empty for any (only for
    tests that call the app directly); `key` the access key every request must carry, None when the server
    listens on loopback only."""

    def __init__(self, app, allowed_hosts: set[str], key: str | None = None):
        self.app = app
        self.allowed_hosts = {h.strip("[]").lower() for h in allowed_hosts}
        self.key = key

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        refusal = self.refusal(scope)
        if refusal is not None:
            return await refusal(scope, receive, send_with_headers)
        if scope["method"] in WRITES:
            receive = _limited(receive)
        return await self.app(scope, receive, send_with_headers)

    def refusal(self, scope):
        """The response that refuses this request, or None to let it through."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if self.allowed_hosts and host_name(host) not in self.allowed_hosts:
            return _plain(403, "this server answers only on the address it was started on")
        if self.key is not None and not answers_to_game_keys(scope.get("path", "")):
            given = _key_in_query(scope)
            if given is not None and scope["method"] == "GET" and _same(given, self.key):
                return _enter(scope)
            if not (_same(_bearer(headers), self.key) or _same(_cookie(headers, KEY_COOKIE), self.key)):
                return _plain(401, "this server needs its key: open the link (or scan the code) that "
                                   "`shipyard serve` printed when it started")
        site = headers.get("sec-fetch-site", "")
        if site in ("cross-site", "same-site") and not _navigation(scope, headers):
            return _plain(403, "refused: a request another site made your browser send")
        if scope["method"] in WRITES:
            origin = headers.get("origin")
            if origin == "null":
                return _plain(403, "refused: a write from an opaque origin")
            if origin is not None and not _same_origin(origin, scope, host):
                return _plain(403, "refused: a write from another site")
            referer = headers.get("referer")
            if origin is None and referer and not _same_origin(_origin_of(referer), scope, host):
                return _plain(403, "refused: a write from another site")  # no Origin, but the page it came from says
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                return _plain(413, f"the request is larger than {MAX_BODY // 1024} kB")
        return None


GAME_PATH = re.compile(r"^/(api/)?games/[0-9a-f]{8}(/|$)|^/games/(sw\.js|manifest\.webmanifest)$|^/static/")


def answers_to_game_keys(path: str) -> bool:
    """A game's own pages and API answer to the game's keys (a side's, the host's, the watcher's: web/games.py), so a
    player's device needs only the link it was given, not the server's key; the page's scripts and styles are
    public files. Creating a game (POST /api/games) still needs the server's key."""
    return bool(GAME_PATH.match(path))


def _navigation(scope, headers) -> bool:
    """The user following a link from another site to one of our pages (never a write, never a resource)."""
    return (scope["method"] == "GET" and headers.get("sec-fetch-mode") == "navigate"
            and headers.get("sec-fetch-dest", "document") == "document")


def _same_origin(origin: str, scope, host: str) -> bool:
    parts = urlsplit(origin.strip().lower())
    return parts.scheme == scope.get("scheme", "http") and parts.netloc == host.strip().lower() and not parts.path


def _origin_of(url: str) -> str:
    """The scheme://host:port a Referer names (its path dropped)."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}"


def _same(given: str | None, key: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), key.encode("utf-8"))


def _bearer(headers) -> str | None:
    value = headers.get("authorization", "")
    return value[7:].strip() if value[:7].lower() == "bearer " else None


def _cookie(headers, name: str) -> str | None:
    jar = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # noqa: BLE001 - a malformed cookie header is simply no key
        return None
    morsel = jar.get(name)
    return morsel.value if morsel is not None else None


def _key_in_query(scope) -> str | None:
    for name, value in parse_qsl(scope.get("query_string", b"").decode("latin-1")):
        if name == KEY_PARAM:
            return value
    return None


def _enter(scope):
    """The printed link's key: keep it in a cookie (only this site's own requests carry it) and go on to the same
    page without it in the address bar or the history."""
    rest = [(n, v) for n, v in parse_qsl(scope.get("query_string", b"").decode("latin-1")) if n != KEY_PARAM]
    target = scope.get("path", "/") + (f"?{urlencode(rest)}" if rest else "")
    key = _key_in_query(scope)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(KEY_COOKIE, key, httponly=True, samesite="strict", path="/")
    return response


def _plain(status: int, text: str):
    return PlainTextResponse(text, status_code=status)


def _limited(receive):
    seen = 0

    async def wrapped():
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise TooLarge()
        return message

    return wrapped
