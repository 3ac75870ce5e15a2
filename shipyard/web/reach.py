"""Every aid and every share from the browser (issue 24, reach): a rule set's page with its printed aids and what
its text leaves open; your ships and scenarios shared as a zip and a friend's zip taken in; a Wikipedia infobox
pasted to start a draft in the editor. Each through the application layer the command line calls (app.build,
app.share_zip, app.import_share, app.infobox_draft): the same choices, the same bytes, the same refusals.

server.py includes these routes in one line: `*reach.routes(shop, page, editor, error_page, off_loop)`.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections import OrderedDict

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from .. import app as core
from ..errors import Problem, ShipyardError
from ..pack.options import safe_name
from ..rules import all_scales
from .guard import MAX_BODY

HELD_UPLOADS = 8  # zips held while the page asks whether to replace (the oldest dropped first)
PASTED = "the pasted infobox"  # an infobox pasted into the page, as its problems name it


def routes(shop, page, editor, error_page, off_loop) -> list[Route]:
    """The routes of this part: `page(template, request, status=, **kw)` renders a page, `editor(request, data,
    ...)` the editor filled from a ship's fields (server._editor), `error_page(request, status, message)`;
    `await off_loop(fn, ...)` runs checking and zipping on the server's worker, off the event loop."""
    held: OrderedDict[str, tuple[str, bytes]] = OrderedDict()  # token -> (the zip's name, its bytes)

    def ruleset_or_none(name: str):
        try:
            return core.ruleset(name)
        except ShipyardError:
            return None

    # -- a rule set's page: its aids, as PDF, and what its text leaves open ------------------------------------

    async def rules_index(request: Request):
        return page("rules.html", request, chosen=None)

    async def rules_page(request: Request):
        rs = ruleset_or_none(request.path_params["rules"])
        if rs is None:
            return error_page(request, 404, f"no rule set {request.path_params['rules']!r}: the rule sets are "
                                            + ", ".join(r.key for r in core.rulesets()))
        offered = [name for name in core.aids_offered(rs) if core.AIDS[name].needs == "nothing"]
        return page("rules.html", request, chosen=rs, offered=offered, aids=core.AIDS, readings=core.readings(rs),
                    print=_print_choices(request, rs), held_in=_held_in(rs))

    # -- sharing: your files as a zip, a friend's zip taken in ---------------------------------------------------

    def yours() -> tuple[list, list]:
        """Your ships and forts, and your scenarios (what a zip can share: bundled ones every copy has)."""
        lib = shop.library
        ships = sorted((u for u in lib.units.values() if shop.is_user(u.id)), key=lambda u: u.name)
        scenarios = sorted((s for s in lib.scenarios.values() if _inside_user(shop, lib.origin["scenario:" + s.id])),
                           key=lambda s: s.name)
        return ships, scenarios

    def share_page(request, status=200, **kw):
        ships, scenarios = yours()
        return page("share.html", request, status=status, ships=ships, scenarios=scenarios,
                    max_kb=min(MAX_BODY, core.MAX_SHARE_ZIP_BYTES) // 1024, **kw)

    async def share(request: Request):
        return share_page(request)

    async def export(request: Request):
        """Your library (or the ships and scenarios ticked, ?id=…) as the zip `shipyard export ships` writes."""
        ids = request.query_params.getlist("id")
        if not ids:
            ships, scenarios = yours()
            ids = [u.id for u in ships] + [s.id for s in scenarios]
            if not ids:
                return share_page(request, 404, export_problem="Your library has no ships or scenarios of your "
                                                               "own to share yet.")
        try:
            data, _ = await off_loop(core.share_zip, shop.library, ids)
        except ShipyardError as exc:
            return share_page(request, 400, export_problem=str(exc))
        name = f"{safe_name(ids[0])}.zip" if len(ids) == 1 else "my-shipyard-library.zip"  # a name the user typed
        return Response(data, media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def import_zip(request: Request):
        """Take in a friend's zip as `shipyard import FILE.zip` does: every file checked before any is written, all
        or none; a file of yours or a bundled ship's id is replaced only when you say so (the page asks)."""
        form = await request.form()
        token = str(form.get("_held") or "")
        upload = form.get("zip")
        if token:
            if token not in held:
                return share_page(request, 410, import_problems=[
                    Problem(None, None, None, "that upload is no longer held: choose the zip again")])
            name, raw = held[token]
        elif upload is None or not hasattr(upload, "read") or not upload.filename:
            return share_page(request, 422, import_problems=[Problem(None, None, None, "choose a zip file to import")])
        else:
            name, raw = upload.filename, await upload.read()
        force, replace = form.get("_force") == "1", form.get("_replace") == "1"
        try:
            written = await off_loop(core.import_share, shop.library, raw, name, shop.user_dir, force=force,
                                     replace=replace, others=list(shop.extra))
        except ShipyardError as exc:
            question, more = await off_loop(_question, shop, raw, name, force, replace)
            if question:
                token = token or secrets.token_urlsafe(16)
                held[token] = (name, raw)
                while len(held) > HELD_UPLOADS:
                    held.popitem(last=False)
            problems = [_in_the_browser(p) for p in exc.problems] + [p for p in more if p not in exc.problems]
            return share_page(request, 409 if question else 422, import_problems=problems,
                              question=question,
                              held=token, zip_name=name, force=force, replace=replace)
        held.pop(token, None)
        shop.library  # the files written are read now, so the page below lists them
        return share_page(request, 200, imported=[p.name for p in written], zip_name=name)

    # -- an infobox pasted: a draft ship in the editor -----------------------------------------------------------

    async def infobox(request: Request):
        """The wikitext of a Wikipedia ship infobox -> the editor, filled with the draft `shipyard import infobox`
        would write (nothing is written until you save it there)."""
        form = await request.form()
        text = str(form.get("wikitext") or "")
        try:
            if not text.strip():
                raise ShipyardError([Problem(None, None, None, "paste the wikitext of a ship's infobox first")])
            draft = await off_loop(core.infobox_draft, shop.library, text, PASTED, "a pasted infobox")
        except ShipyardError as exc:
            return share_page(request, 422, infobox_problems=exc.problems, wikitext=text)
        text = draft.text()  # checked at once: her stats and any problem show beside the form before a key is typed
        return editor(request, draft.data, await off_loop(shop.check_text, text), None, None, text=text,
                      template="infobox_draft.html", draft=draft)

    return [  # == reach24: every aid and every share from the browser ==
        Route("/rules", rules_index),
        Route("/rules/{rules}", rules_page),
        Route("/share", share),
        Route("/share/export.zip", export),
        Route("/share/import", import_zip, methods=["POST"]),
        Route("/share/infobox", infobox, methods=["POST"]),
    ]


def scenario_extras(shop, request: Request, scenario) -> dict:
    """What the scenario page's parts of this module need: its print choices, whether it is yours to share."""
    return {"print": _print_choices(request), "yours": _inside_user(shop, shop.library.origin["scenario:" + scenario.id])}


# the command line's answers to a refusal, and the page's (it asks once the zip's other problems are mended)
CLI_HINTS = (("--force replaces it, or choose another name", "once the zip's other problems are mended, this page asks "
              "before it replaces yours"),
             ("--replace says you mean that, or choose another name", "once the zip's other problems are mended, this "
              "page asks before it takes her place"))


def _in_the_browser(problem: Problem) -> Problem:
    """A problem as the share page says it: the command line's options are no answer in a browser."""
    message = problem.message
    for option, words in CLI_HINTS:
        message = message.replace(option, words)
    return dataclasses.replace(problem, message=message)


def _print_choices(request: Request, rs=None) -> dict:
    """The paper and model scale a page's print form chose (?paper=letter&scale=1/1200), each checked against what
    the rule set takes (any rule set's without one), and the query every PDF link carries."""
    q = request.query_params
    paper = q.get("paper") if q.get("paper") in core.PAPERS else "a4"
    scales = [s for s in all_scales() if rs is None or s in (rs.native_scale, *rs.scales)]
    scale = q.get("scale") if q.get("scale") in scales else ""
    query = "&".join(([f"paper={paper}"] if paper != "a4" else []) + ([f"scale={scale}"] if scale else []))
    # the defaults (A4, the rule set's own scale) add nothing: the link is the one the command line's defaults print
    return {"paper": paper, "scale": scale, "scales": scales, "first": f"?{query}" if query else "",
            "more": f"&{query}" if query else ""}


def _held_in(rs) -> dict[str, str]:
    """Where a rule set prints a part inside another aid (its aids module's SECTION_NOTES): {aid: what it holds}."""
    return dict(getattr(rs.aids(), "SECTION_NOTES", None) or {})


def _inside_user(shop, entry) -> bool:
    from .service import _inside

    return _inside(entry.path, shop.user_dir) or any(_inside(entry.path, d) for d in shop.extra)


def _question(shop, raw: bytes, name: str, force: bool, replace: bool) -> tuple[dict | None, list[Problem]]:
    """What a refused zip may ask before it is taken in: the files of yours it would replace (as --force does)
    and the bundled ships it would take the place of (as --replace does); and the zip's other problems, which
    the refusal stopped before (the import refuses before it checks). No question when there are other
    problems (a file that does not load, a name that is no plain .yaml): they are to be mended first."""
    from ..paths import is_bundled

    try:
        entries = core.share_contents(raw, name)
    except ShipyardError:
        return None, []
    lib = shop.library
    mine = [n for n in entries if (shop.user_dir / n).exists()] if not force else []
    bundled = [n for n in entries if not replace and (e := lib.origin.get(n.rsplit(".", 1)[0])) is not None
               and is_bundled(e.path)]
    if not mine and not bundled:
        return None, []
    try:  # would it be taken in with both said? Only then is there a question worth asking
        import tempfile
        from pathlib import Path
        import shutil

        with tempfile.TemporaryDirectory(prefix="shipyard-ask-") as tmp:
            trial = Path(tmp) / "library"
            if shop.user_dir.is_dir():
                shutil.copytree(shop.user_dir, trial, ignore=shutil.ignore_patterns(".*"), symlinks=False)
            core.import_share(lib, raw, name, trial, force=True, replace=True, others=list(shop.extra))
    except ShipyardError as exc:
        return None, [dataclasses.replace(p, file=p.file.replace(str(trial), str(shop.user_dir))) if p.file else p
                      for p in exc.problems]
    return {"mine": mine, "bundled": bundled}, []
