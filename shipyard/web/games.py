"""Games at the table in the browser: the JSON API (POST /api/games, GET /api/games/{id}, POST .../marks, .../undo,
.../redo, .../turn, GET .../events as server-sent events) and the live sheets page (/games/{id}?key=K), which
marks through the same application layer (app/games.py) with htmx and reads without JavaScript.

A game's routes answer to the game's own keys (a side's, the host's, the watcher's), given as `?key=` in a link or
`Authorization: Bearer` from a client; the server's own access key is not needed for them (web/guard.py lets them
through), so a player's tablet needs only the link it was given. Every mark is committed before it is answered,
and each open page hears of it at once: the app's Hub wakes every event stream of the game.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from ..app import games as play
from ..errors import ShipyardError

HEARTBEAT_S = 15.0  # a comment line on a quiet stream, so a dead connection is found
POLL_S = 1.0  # an open stream looks for events made by another process (the command line) this often


class Hub:
    """Wakes the event streams of a game when one of its events is made in this server."""

    def __init__(self):
        self._waiting: dict[str, set[asyncio.Event]] = {}

    def listen(self, game: str) -> asyncio.Event:
        ev = asyncio.Event()
        self._waiting.setdefault(game, set()).add(ev)
        return ev

    def leave(self, game: str, ev: asyncio.Event) -> None:
        self._waiting.get(game, set()).discard(ev)

    def wake(self, game: str) -> None:
        for ev in list(self._waiting.get(game, ())):
            ev.set()


def key_of(request: Request) -> str | None:
    """A game key: the `Authorization: Bearer` header a client sends, else the link's `?key=`."""
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return request.query_params.get("key")


def device_of(request: Request) -> str | None:
    """Which device made a mark (each browser tab names itself), so undo reverses that device's last mark."""
    given = request.headers.get("x-device") or request.query_params.get("device")
    return given[:64] if given else None


def game_routes(shop, page) -> list[Route]:
    """The routes, given the server's Workshop (library and user folder) and its page renderer. A game's work has a
    worker thread of its own, so a mark never waits behind a sheet being drawn for the designer."""
    from .work import OffLoop

    off_loop = OffLoop()
    hub = Hub()
    stores: dict[Path, play.Store] = {}

    def store() -> play.Store:
        folder = Path(shop.user_dir)
        if folder not in stores:
            stores[folder] = play.games_store(folder)
        return stores[folder]

    def refused(exc: ShipyardError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=getattr(exc, "status", 400))

    async def call(fn, *args, **kw):
        return await off_loop(fn, *args, **kw)

    async def body_json(request: Request) -> dict:
        try:
            data = json.loads((await request.body()) or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise play.GameRefused("the body is not JSON") from None
        if not isinstance(data, dict):
            raise play.GameRefused("expected a JSON object")
        return data

    def links(request: Request, made: dict) -> dict:
        base = str(request.base_url).rstrip("/")
        return play.game_links(made["id"], made["keys"], base)

    # -- the JSON API

    async def api_new(request: Request):
        try:
            data = await body_json(request)
            scenario, rules = data.get("scenario"), data.get("rules")
            if not isinstance(scenario, str) or not isinstance(rules, str):
                raise play.GameRefused('expected {"scenario": id, "rules": rule set}')
            made = await call(play.new_game, store(), shop.library, scenario, rules, None,
                              str(request.base_url).rstrip("/"))
        except ShipyardError as exc:
            return refused(exc)
        return JSONResponse({"id": made["id"], "links": links(request, made)}, status_code=201)

    async def api_game(request: Request):
        try:
            view = await call(play.game_view, store(), shop.library, request.path_params["game"], key_of(request))
        except ShipyardError as exc:
            return refused(exc)
        return JSONResponse(view)

    async def api_mark(request: Request):
        game = request.path_params["game"]
        try:
            data = await body_json(request)
            unit = await call(play.mark, store(), shop.library, game, key_of(request), data.get("unit"),
                              data.get("tracker"), data.get("marked"), data.get("seen"), device_of(request))
        except ShipyardError as exc:
            return refused(exc)
        hub.wake(game)
        return JSONResponse(unit)

    def api_step(fn, **kw):
        async def handler(request: Request):
            game = request.path_params["game"]
            try:
                view = await call(fn, store(), shop.library, game, key_of(request), device=device_of(request), **kw)
            except ShipyardError as exc:
                return refused(exc)
            hub.wake(game)
            return JSONResponse(view)
        return handler

    async def api_turn(request: Request):
        game = request.path_params["game"]
        try:
            data = await body_json(request)
            step = data.get("step", 1)
            if step not in (1, -1):
                raise play.GameRefused('"step": 1 (the next turn) or -1 (back one)')
            view = await call(play.next_turn, store(), shop.library, game, key_of(request), step, device_of(request))
        except ShipyardError as exc:
            return refused(exc)
        hub.wake(game)
        return JSONResponse(view)

    async def stream(request: Request, render):
        """Server-sent events of a game from the event after `Last-Event-ID` (or `?after=`, or now)."""
        game = request.path_params["game"]
        key = key_of(request)
        try:
            await call(play.game_view, store(), shop.library, game, key)  # the key is checked before streaming
        except ShipyardError as exc:
            return refused(exc)
        told = request.headers.get("last-event-id") or request.query_params.get("after")
        last = int(told) if told and told.isdigit() else store().last_seq(game)

        async def events():
            nonlocal last
            ev = hub.listen(game)
            try:
                yield "retry: 1000\n\n"
                quiet = 0.0
                while True:
                    new = store().last_seq(game)
                    if new > last:
                        touched = play.touched_units(store(), game, last)
                        view = await call(play.game_view, store(), shop.library, game, key)
                        for chunk in render(view, touched):
                            yield chunk
                        last = view["seq"]
                        quiet = 0.0
                    if await request.is_disconnected():
                        return
                    ev.clear()
                    try:
                        await asyncio.wait_for(ev.wait(), POLL_S)
                    except asyncio.TimeoutError:
                        quiet += POLL_S
                        if quiet >= HEARTBEAT_S:
                            quiet = 0.0
                            yield ": still here\n\n"
            finally:
                hub.leave(game, ev)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def api_events(request: Request):
        def render(view, touched):
            units = [u for u in view["units"] if u["id"] in touched]
            data = {"seq": view["seq"], "turn": view["turn"], "units": units}
            yield f"id: {view['seq']}\nevent: change\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
        return await stream(request, render)

    # -- the live sheets page

    def unit_html(view: dict, unit: dict) -> str:
        return page_fragment("_game_unit.html", view=view, u=unit)

    def page_fragment(name: str, **kw) -> str:
        return page.env.get_template(name).render(**kw)

    async def game_page(request: Request):
        game = request.path_params["game"]
        try:
            view = await call(play.game_view, store(), shop.library, game, key_of(request))
        except ShipyardError as exc:
            return HTMLResponse(page_fragment("game_refused.html", message=str(exc)),
                                status_code=getattr(exc, "status", 400))
        row = store().game(game)
        scenario = shop.library.scenarios.get(row.scenario)
        sides = list(dict.fromkeys(u["side"] for u in view["units"]))
        return HTMLResponse(page_fragment("game.html", view=view, key=key_of(request), sides=sides,
                                          scenario=scenario, rules=_title(view["rules"]),
                                          turn_word=_turn_word(view["rules"])))

    async def page_events(request: Request):
        def render(view, touched):
            for u in view["units"]:  # a new turn: each card holding a turn counter is that turn's
                if u["id"] in touched or (play.TURN in touched and "counter" in u):
                    html = unit_html(view, u).replace("\n", "")
                    yield f"id: {view['seq']}\nevent: unit-{u['id']}\ndata: {html}\n\n"
            turn = page_fragment("_game_turn.html", view=view, turn_word=_turn_word(view["rules"])).replace("\n", "")
            yield f"id: {view['seq']}\nevent: turn\ndata: {turn}\n\n"
        return await stream(request, render)

    def page_refusal(request: Request, exc: ShipyardError) -> HTMLResponse:
        """A mark the page could not make, said where it was tried (htmx) or as a page of its own."""
        status = getattr(exc, "status", 400)
        if request.headers.get("hx-request"):
            return HTMLResponse(f'<p class="game-error" role="alert">{_esc(str(exc))}</p>', status_code=status)
        return HTMLResponse(page_fragment("game_refused.html", message=str(exc)), status_code=status)

    async def page_mark(request: Request):
        """A box tapped: htmx gets the unit's card back; without JavaScript the form's post returns to the page."""
        game = request.path_params["game"]
        form = await request.form()
        key = form.get("key") or key_of(request)
        tracker = form.get("tracker")
        try:
            if form.get("check"):  # a box of her sheet's other boxes: "name|marked|seen", the button's own value
                tracker, marked_s, seen_s = str(form["check"]).rsplit("|", 2)
                marked, seen = int(marked_s), int(seen_s)
            else:
                seen = int(form["seen"]) if form.get("seen", "").lstrip("-").isdigit() else None
                marked = int(form.get("marked", ""))
        except ValueError:
            return HTMLResponse("marked: a whole number of boxes", status_code=400)
        try:
            unit = await call(play.mark, store(), shop.library, game, key, form.get("unit"), tracker,
                              marked, seen, device_of(request) or form.get("device") or None)
        except ShipyardError as exc:
            return page_refusal(request, exc)
        hub.wake(game)
        if request.headers.get("hx-request"):
            view = await call(play.game_view, store(), shop.library, game, key)
            return HTMLResponse(unit_html(view, unit))
        return RedirectResponse(f"/games/{game}?key={key}#unit-{unit['id']}", status_code=303)

    def page_step(fn, **kw):
        async def handler(request: Request):
            game = request.path_params["game"]
            form = await request.form()
            key = form.get("key") or key_of(request)
            try:
                extra = {"step": int(form.get("step", 1))} if fn is play.next_turn else {}
                await call(fn, store(), shop.library, game, key, device=device_of(request) or form.get("device") or None,
                           **kw, **extra)
            except ShipyardError as exc:
                return page_refusal(request, exc)
            hub.wake(game)
            if request.headers.get("hx-request"):
                return HTMLResponse("", status_code=204)
            return RedirectResponse(f"/games/{game}?key={key}", status_code=303)
        return handler

    async def page_new(request: Request):
        """The scenario page's "Play it at the table": a game started, then its links (host's key) to hand round."""
        form = await request.form()
        try:
            made = await call(play.new_game, store(), shop.library, str(form.get("scenario", "")),
                              str(form.get("rules", "")), None, str(request.base_url).rstrip("/"))
        except ShipyardError as exc:
            return page_refusal(request, exc)
        return RedirectResponse(f"/games/{made['id']}/links?key={made['keys']['host']}", status_code=303)

    async def links_page(request: Request):
        """Each of a game's links with its QR code, for the host to hand round (the host's key only)."""
        from ..render.qr import qr_svg

        game = request.path_params["game"]
        key = key_of(request)
        try:
            view = await call(play.game_view, store(), shop.library, game, key)
            if view["role"] != "host":
                raise play.GameRefused("only the host's link shows every side's link", 403)
        except ShipyardError as exc:
            return HTMLResponse(page_fragment("game_refused.html", message=str(exc)),
                                status_code=getattr(exc, "status", 400))
        keys = {k.side if k.role == "side" else k.role: k.key for k in store().keys(game)}
        base = str(request.base_url).rstrip("/")
        links = [(who, url, qr_svg(url, f"QR code of the {who} link")) for who, url in
                 play.game_links(game, keys, base).items()]
        scenario = shop.library.scenarios.get(view["scenario"])
        return page("game_links.html", request, view=view, links=links, scenario=scenario, rules=_title(view["rules"]))

    async def unit_sheet(request: Request):
        """A unit's record sheet as SVG (every page), its boxes named for the live page to mark."""
        game = request.path_params["game"]
        try:
            view = await call(play.game_view, store(), shop.library, game, key_of(request))
        except ShipyardError as exc:
            return refused(exc)
        uid = request.path_params["unit"]
        record = await call(play.unit_record, store(), shop.library, game, uid)
        if record is None:
            return JSONResponse({"error": f"no unit {uid!r} in this game"}, status_code=404)
        pages = await call(shop.sheet_svg, record, view["rules"], scenario=shop.library.scenarios.get(view["scenario"]))
        return Response("".join(pages), media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "private, max-age=3600"})

    async def manifest(request: Request):
        return JSONResponse({"name": "shipyard: the game at the table", "short_name": "shipyard",
                             "start_url": "/", "display": "standalone", "background_color": "#ffffff",
                             "theme_color": "#1d3557",
                             "icons": [{"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"}]},
                            media_type="application/manifest+json")

    async def service_worker(request: Request):
        here = Path(__file__).parent / "static" / "game-sw.js"
        return Response(here.read_text(encoding="utf-8"), media_type="text/javascript",
                        headers={"Service-Worker-Allowed": "/games/", "Cache-Control": "no-cache"})

    page_env_check(page)
    return [
        Route("/games/manifest.webmanifest", manifest),
        Route("/games/sw.js", service_worker),
        Route("/api/games", api_new, methods=["POST"]),
        Route("/api/games/{game}", api_game),
        Route("/api/games/{game}/marks", api_mark, methods=["POST"]),
        Route("/api/games/{game}/undo", api_step(play.undo), methods=["POST"]),
        Route("/api/games/{game}/redo", api_step(play.undo, redo=True), methods=["POST"]),
        Route("/api/games/{game}/turn", api_turn, methods=["POST"]),
        Route("/api/games/{game}/events", api_events),
        Route("/games/new", page_new, methods=["POST"]),
        Route("/games/{game}", game_page),
        Route("/games/{game}/links", links_page),
        Route("/games/{game}/events", page_events),
        Route("/games/{game}/mark", page_mark, methods=["POST"]),
        Route("/games/{game}/undo", page_step(play.undo), methods=["POST"]),
        Route("/games/{game}/redo", page_step(play.undo, redo=True), methods=["POST"]),
        Route("/games/{game}/turn", page_step(play.next_turn), methods=["POST"]),
        Route("/games/{game}/units/{unit}/sheet", unit_sheet),
    ]


def page_env_check(page) -> None:
    if not hasattr(page, "env"):
        raise TypeError("game_routes needs the page renderer's Jinja environment (page.env)")
    page.env.filters.setdefault("check_rows", check_rows)


def check_rows(checks: dict) -> list[tuple[str, list[tuple[str, dict, str]]]]:
    """A unit's checks as the live card lays them out, in the order printed: a run of three or more one-box checks of
    one tracker that the sheet numbers (labelled by their own names: "Gun 3: …", her guns as the guns table numbers
    them) as one row of boxes headed by the tracker, each box showing its number; every other check a line of its
    own, its printed label at its head ("no Full", "Slow only", "stopped" stay three lines)."""
    rows: list[tuple[str, list[tuple[str, dict, str]]]] = []
    items = list(checks.items())

    def numbered(name: str, c: dict) -> bool:
        return c["boxes"] == 1 and c["label"].lower().startswith(name)

    k = 0
    while k < len(items):
        name, c = items[k]
        run = k
        while run < len(items) and items[run][1]["tracker"] == c["tracker"] and numbered(*items[run]):
            run += 1
        if run - k >= 3:
            head = c["tracker"].replace("_", " ").capitalize() + "s"
            rows.append((head, [(n, v, n.rsplit(" ", 1)[-1]) for n, v in items[k:run]]))
            k = run
            continue
        rows.append((c["label"], [(name, c, "")]))
        k += 1
    return rows


def _title(rules: str) -> str:
    from ..rules import get_ruleset

    return get_ruleset(rules).title


def _turn_word(rules: str) -> str:
    """The rule set's own word for a game turn, as its turn track says it ("Bound 3")."""
    from ..rules import get_ruleset

    return get_ruleset(rules).turn_word


def _esc(text: str) -> str:
    from html import escape

    return escape(text)
