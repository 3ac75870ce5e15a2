"""`shipyard serve`: the designer in a browser. Pages rendered on the server (they read without JavaScript);
htmx, vendored as a static file, makes the editor live. Every number comes from the application layer that the
command line calls; this module holds no rules and no layout of its own.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..paths import fonts_dir
from .. import app as core
from ..errors import Problem, ShipyardError
from ..rules import all_scales, default_ruleset, rule_set_names
from ..rules.contract import ANY_SCALE
from ..rules.play_aids import DEFAULT_TURNS
from ..pack.sections import SECTIONS
from ..library.model import MAX_TURNS
from . import builder, forms
from .cards import routes as cards_routes
from .forms import data_from_form, fields_for
from .games import game_routes
from .guard import MAX_BODY, Guard, TooLarge
from .service import FONTS_URL, Conflict, Workshop, safe_id, version_of
from .work import OffLoop
from . import reach

HERE = Path(__file__).parent
PACK_SECTIONS = [(s.name, s.title) for s in SECTIONS]  # the pack form's section choices, in pack order
CHECK_DELAY_MS = 25  # the editor checks this long after the last keystroke: the result follows within 300 ms
PACK_FORM = {"rules": "Rule sets", "paper": "Paper", "scale": "Models", "colour": "Ink", "copies": "Copies",
             "turns": "Turns"}  # the pack form's labels, for its mistakes


# ---------------------------------------------------------------------------------------------- the app


def create_app(user_dir: Path, extra: list[Path] | None = None, allowed_hosts: set[str] | None = None,
               key: str | None = None) -> Starlette:
    """The app behind its Guard: `allowed_hosts` the names the server answers to (None: any, for tests calling it
    directly), `key` the access key every request must carry (None on loopback)."""
    shop = Workshop(Path(user_dir), extra)
    off_loop = OffLoop()  # drawing, rasterising and checking: on a worker thread, so the pages stay responsive
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.do"])
    env.filters["num"] = _num
    env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=1, ensure_ascii=False)

    def page(name: str, request: Request, status: int = 200, **kw) -> HTMLResponse:
        body = env.get_template(name).render(request=request, shop=shop, rulesets=shop.rulesets(), scales=all_scales(),
                                             default_rules=default_ruleset().key, **kw)
        return HTMLResponse(body, status_code=status)

    page.env = env  # the game pages render their fragments from the same templates

    def unit_or_404(ident: str):
        try:
            return shop.library.find(ident) if ident in shop.library.units else None
        except ShipyardError:
            return None

    def error_page(request, status, message):
        return page("error.html", request, status=status, message=message)

    async def read_text(request: Request) -> str:
        body = await request.body()
        if len(body) > MAX_BODY:
            raise TooLarge()
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            raise ShipyardError("the body is not UTF-8 text") from None

    # -- pages -------------------------------------------------------------------------------------

    async def library_page(request: Request):
        rows = _library_rows(shop, request.query_params)
        template = "library_rows.html" if request.headers.get("hx-request") else "library.html"
        return page(template, request, rows=rows, q=request.query_params,
                    navies=sorted({u.navy.value for u in shop.library.units.values()}),
                    types=sorted({row["type"] for row in core.unit_rows(shop.library)}))  # "fort" too

    async def ship_page(request: Request):
        """A ship's page: her stat card for the chosen rule set (tabs), her record sheet, every page, and her history;
        `?as_of=` shows her as she stood on a date (her refits to that day)."""
        unit = unit_or_404(request.path_params["ident"])
        if unit is None:
            return error_page(request, 404, f"no ship or fort {request.path_params['ident']!r} in the library")
        entry = shop.library.origin[unit.id]
        rules, paper = request.query_params.get("rules", default_ruleset().key), request.query_params.get("paper", "a4")
        when, when_error, shown = request.query_params.get("as_of") or None, None, unit
        try:
            shown = core.as_of(shop.library, unit, when, "As of")
        except ShipyardError as exc:
            when, when_error = None, str(exc)
        card, title, rs, scale, scale_error = None, rules, None, request.query_params.get("scale") or None, None
        try:
            rs = core.ruleset(rules)
        except ShipyardError:
            pass  # said where the card would be and under the sheet's heading
        if rs is not None and scale is not None and (ANY_SCALE in rs.scales or not rs.takes_scale(scale)):
            if ANY_SCALE not in rs.scales:
                scale_error = f"Models {scale!r}: {rs.title} plays at {' or '.join(rs.scales)}"
            scale = None  # a rule set that measures alike at any scale has nothing to change
        card_error = None
        if rs is not None:
            try:
                card, title = core.stat_card(rs, shop.library, shown, scale=scale), rs.title
            except ShipyardError as exc:  # her figures do not derive under it: said where the card would be
                card_error = str(exc)
        try:  # every page of her sheet, as it prints
            sheet, sheet_error = await off_loop(shop.sheet_svg, shown, rules, paper, scale), None
        except ShipyardError as exc:
            sheet, sheet_error = [], str(exc)
        return page("ship.html", request, unit=shown, user=shop.is_user(unit.id),
                    text=Path(entry.path).read_text(encoding="utf-8"), rules=rules, paper=paper, sheet=sheet,
                    sheet_error=sheet_error, card=card, ruleset_title=title, when=when, when_error=when_error,
                    scale=scale, scale_error=scale_error, card_error=card_error,
                    chosen=rs.key if rs else None,  # named by an alias, its tab is chosen all the same
                    rule_scales=[s for s in (rs.scales if rs else ()) if s != ANY_SCALE],
                    provenance=core.PROVENANCE_WORDS,
                    sails_in=[s for s in shop.library.scenarios.values()
                              if any(su.id == unit.id for side in s.sides for su in side.units)])

    async def editor_page(request: Request):
        ident = request.path_params.get("ident")
        like = request.query_params.get("like")
        opened = None
        if ident is not None:
            unit = unit_or_404(ident)
            opened = shop.opened(unit.id) if unit is not None else None
            if opened is None:
                return error_page(request, 404, f"no ship {ident!r} to edit")
            data = dict(opened.shown)
        elif like:
            sister = unit_or_404(like)
            known = shop.opened(sister.id) if sister is not None else None
            if known is None:
                return error_page(request, 404, f"no ship {like!r} to start from")
            from ..library.library import Library

            data = {k: v for k, v in known.shown.items() if k not in Library.NOT_INHERITED}  # never a sister's own
            data.update(id="", name="", refits=[], notes=f"New ship, started from {sister.name}.")
        else:
            data = {"navy": "USN", "type": "screw-sloop", "propulsion": {"kind": "screw"}}
        checked, preview = None, None
        if opened is not None:  # a ship of the library: her cards and sheet beside the form at once, not after a keystroke
            checked = await off_loop(shop.check_text, opened.text)
            preview = await off_loop(shop.sheet_svg, checked.unit, default_ruleset().key) if checked.ok else None
        return _editor(request, data, checked, opened, opened.version if opened else None, text=opened.text if opened else "",
                       preview=preview)

    def _editor(request, data, checked, opened, version, status=200, question=None, text="", seen=None, preview=None,
                rules=None, focus=None, template="editor.html", **extra):
        """The editor page: the form filled from `data` (its empty rows kept), carrying the file it was opened from,
        its version and the sister's values it shows (`seen`: as the form that was sent showed them); `text` is the
        file the form makes (shown with a check's result); `focus` the field a row's button left the user at.
        `template`: a page extending the editor's (with `extra` for it)."""
        from ..library.model import Vessel

        fields = fields_for(Vessel, data, gun_list="guns")
        if opened is not None and opened.sister:
            for f in fields:
                if f.key in opened.inherited:
                    f.inherited = opened.sister
        errors = _said(checked, fields, data) if checked else {}
        if focus is None and errors:  # a check without JavaScript: the user is taken to the first field to mend
            focus = next((name for name in _in_page_order(fields) if errors.get(name)), None)
        names = _gun_names()
        return page(template, request, status=status, fields=fields, data=data, checked=checked, **extra,
                    errors_by_field=errors, preview=preview, field_names=[], text=text,
                    rules=rules or default_ruleset().key,
                    form_sections=forms.sections(fields, errors),
                    row_titles={f"{f.name}.{i}": forms.row_title(f, row, names)
                                for f in fields if f.kind == "records" for i, row in enumerate(f.rows + f.blanks)},
                    check_delay_ms=CHECK_DELAY_MS, focus=focus,
                    opened=opened, version=version or "", question=question,
                    sister_values=seen if seen is not None else json.dumps(shop.sister_values(opened), ensure_ascii=False),
                    guns=sorted(shop.library.ordnance.values(), key=lambda g: g.name))

    def _gun_names() -> dict[str, str]:
        """Each gun's full name by every name a row may give it: its id, its name, its aliases."""
        out = {}
        for g in shop.library.ordnance.values():
            out.update({a: g.name for a in g.aliases})
            out[g.name] = out[g.id] = g.name
        return out

    def _said(checked, fields, shown) -> dict[str, list[str]]:
        """The check's mistakes in the editor's words (forms.said): by form field for the slots, and in the check's
        list as where and what (no line of a file the user never sees)."""
        words = forms.said(checked.problems, fields, shown)
        checked.problems = [Problem(None, None, w.where or None, w.message) for w in words]
        out: dict[str, list[str]] = {}
        for w in words:
            out.setdefault(w.name, []).append(w.message)
        return out

    def _opened_by(form):
        """The file the editor's form was opened from (its hidden _from), None for a new ship."""
        from_id = str(form.get("_from") or "")
        return shop.opened(safe_id(from_id)) if from_id else None

    def _made_by(form, opened, data) -> str:
        """The file the form makes, against the sister's values as the form showed them (hidden _sister)."""
        try:
            seen = json.loads(form.get("_sister") or "null")
        except ValueError:
            seen = None
        return shop.edited_text(opened, data, seen if isinstance(seen, dict) else None)

    async def editor_check(request: Request):
        """The live part of the editor: the form's values checked, derived and previewed. Without JavaScript a row's
        button (`_row`: add, remove, up, down) posts here too, and the form comes back with its rows so changed."""
        from ..library.model import Vessel

        form = await request.form()
        shown = data_from_form(Vessel, list(form.multi_items()), keep_empty_rows=True)
        action = str(form.get("_row") or "")
        if action:
            shown = forms.row_action(Vessel, shown, action)
        data = forms.without_empty_rows(Vessel, shown)
        opened = _opened_by(form)
        text = _made_by(form, opened, data)
        rules = form.get("_rules") or default_ruleset().key
        if request.headers.get("hx-request"):
            checked, preview = await off_loop(shop.check_and_preview, text, rules)
            errors = _said(checked, fields_for(Vessel, shown, gun_list="guns"), shown)
            names = _slots(form, errors)
            return page("editor_result.html", request, checked=checked, text=text, rules=rules, preview=preview,
                        errors_by_field=errors, field_names=names, question=None)
        checked, preview = await off_loop(shop.check_and_preview, text, rules)  # without script too
        return _editor(request, shown, checked, opened, form.get("_version"),
                       status=200 if checked.ok or action else 422, text=text, seen=form.get("_sister"),
                       preview=preview, rules=rules, focus=forms.row_focus(Vessel, shown, action))

    async def editor_save(request: Request):
        """Save the form into your library. It replaces only the version it was opened from (else both are shown
        and you choose), and asks before it replaces a ship of yours or takes a bundled ship's place."""
        from ..library.model import Vessel

        form = await request.form()
        shown = data_from_form(Vessel, list(form.multi_items()), keep_empty_rows=True)
        data = forms.without_empty_rows(Vessel, shown)
        opened = _opened_by(form)
        text = _made_by(form, opened, data)
        ident = data.get("id", "")
        version = form.get("_over") if "_over" in form else form.get("_version")  # _over: "keep mine" over theirs
        same_file = opened is not None and ident == opened.unit_id
        if_match = [version] if same_file and version else None
        question = None
        try:
            safe_id(ident)
            path, checked = shop.save(ident, text, if_match=if_match, replace=form.get("_replace") == "1")
        except Conflict as conflict:
            question, path = conflict, None
            checked = shop.check_text(text, with_stats=False)
        except ShipyardError as exc:
            checked = shop.check_text(text, with_stats=False)
            checked.ok = False
            checked.problems = list(exc.problems)
            path = None
        if path is None:
            if request.headers.get("hx-request"):  # htmx swaps only a 2xx: the refusal is said in the page
                errors = _said(checked, fields_for(Vessel, shown, gun_list="guns"), shown)
                names = _slots(form, errors)
                return page("editor_result.html", request, checked=checked, text=text, rules=default_ruleset().key, preview=None,
                            errors_by_field=errors, field_names=names, question=question,
                            ident=ident)
            return _editor(request, shown, checked, opened, form.get("_version"),
                           status=question.status if question else 422, question=question, text=text,
                           seen=form.get("_sister"))
        if request.headers.get("hx-request"):
            return Response(status_code=204, headers={"HX-Redirect": f"/ships/{ident}?saved=1"})
        return RedirectResponse(f"/ships/{ident}?saved=1", status_code=303)

    async def scenarios_page(request: Request):
        lib = shop.library
        return page("scenarios.html", request, scenarios=sorted(lib.scenarios.values(), key=lambda s: s.date))

    async def scenario_page(request: Request):
        ident = request.path_params["ident"]
        scen = shop.library.scenarios.get(ident)
        if scen is None:
            return error_page(request, 404, f"no scenario {ident!r}")
        units = shop.library.units
        rules, paper = _picked(request)
        plan, plan_error = [], None
        if scen.setup is not None:  # the set-up pages as the pack prints them, the table plan first
            try:
                plan = await off_loop(shop.setup_svg, ident, rules, paper)
            except ShipyardError as exc:
                plan_error = str(exc)
        return page("scenario.html", request, scenario=scen, default_turns=scen.turns or (f"its {scen.minutes} minutes in each rule set's turns" if scen.minutes else DEFAULT_TURNS), max_turns=MAX_TURNS,
                    aids=core.AIDS, offered={rs.key: core.aids_offered(rs, scen) for rs in shop.rulesets()},
                    names={su.id: units[su.id].name for side in scen.sides for su in side.units if su.id in units},
                    rules=rules, paper=paper, plan=plan, plan_error=plan_error, sections=PACK_SECTIONS,
                    **reach.scenario_extras(shop, request, scen))  # reach24: its aids' choices, its zip

    async def scenario_new(request: Request):
        """The scenario builder (builder.py): each of its buttons (find, add, remove, up, down, plan) posts the form
        and is answered with the form so changed; Save writes the scenario once it is one `validate` passes."""
        lib = shop.library
        if request.method == "GET":
            return _builder(request, {}, builder.Sides())
        form = await request.form()
        sides = builder.sides_from(form)
        action = str(form.get("_act") or "")
        if action:
            focus = "find" if action == "find" else builder.act(sides, action, lib)
            plan, problems = [], []
            if action == "plan":
                try:
                    plan = await off_loop(shop.setup_svg_of, str(form.get("id") or "my-scenario"),
                                          builder.scenario_data(form, sides, _setup_from_text),
                                          form.get("_rules") or default_ruleset().key)
                except ShipyardError as exc:
                    problems = exc.problems
            return _builder(request, form, sides, focus=focus, action=action, plan=plan, problems=problems)
        ident = str(form.get("id", "")).strip()
        try:
            data = builder.scenario_data(form, sides, _setup_from_text)
            shop.save_scenario(ident, data, replace=form.get("_replace") == "1")
        except Conflict as conflict:  # asks before it replaces one of yours; never stands beside a bundled one
            return _builder(request, form, sides, status=conflict.status, question=conflict)
        except ShipyardError as exc:
            return _builder(request, form, sides, status=422, problems=exc.problems)
        return RedirectResponse(f"/scenarios/{ident}", status_code=303)

    def _builder(request, form, sides, status=200, problems=(), question=None, focus=None, action="", plan=()):
        lib = shop.library
        query, navy = str(form.get("q") or ""), str(form.get("q_navy") or "")
        hits = builder.found(lib, query, navy)
        return page("scenario_new.html", request, status=status, form=form, sides=sides, units=lib.units,
                    found=hits[:builder.MOST_FOUND], more_found=max(0, len(hits) - builder.MOST_FOUND),
                    navies=sorted({u.navy.value for u in lib.units.values()}), problems=list(problems),
                    setup_problems=[p for p in problems if _about_setup(p.field)], question=question,
                    focus=focus, action=action, plan=plan, area=builder.DEFAULT_AREA)

    async def pack_start(request: Request):
        ident = request.path_params["ident"]
        form = await request.form()
        rules = form.getlist("rules")
        options = {"paper": form.get("paper", "a4"), "colour": form.get("colour", "colour") != "bw",
                   "copies": form.get("copies") or "blank"}
        if form.get("scale"):  # blank: the rule set's own scale
            options["scale"] = form.get("scale")
        if form.get("per_side"):  # one file for each side
            options["per_side"] = True
        if form.get("sides_apart"):  # each side's sheets from a page of their own
            options["sides_apart"] = True
        if form.get("_sections"):  # the form offered the sections: each one not ticked is left out, as --no does
            ticked = form.getlist("sections")
            options.update({name: False for name, _ in PACK_SECTIONS if name not in ticked})
        try:
            turns = core.check_turns(form.get("turns"), name="Turns")  # blank: the scenario's own length, else 12
            if turns is not None:
                options["turns"] = turns
            core.pack_options({**options, "rules": rules or None}, names=PACK_FORM)  # as the command line checks them
        except ShipyardError as exc:
            if request.headers.get("hx-request"):  # htmx swaps only a 2xx: the message goes under the form
                return page("pack_error.html", request, message=str(exc))
            return error_page(request, 422, str(exc))
        job = shop.start_pack(ident, rules, options)
        if request.headers.get("hx-request"):
            return page("pack_progress.html", request, job=job)
        return RedirectResponse(f"/packs/{job.id}", status_code=303)

    async def pack_status(request: Request):
        job = shop.packs.get(request.path_params["job"])
        if job is None:
            return error_page(request, 404, "no such pack build (a finished pack is kept for an hour)")
        template = "pack_progress.html" if request.headers.get("hx-request") else "pack.html"
        return page(template, request, job=job)

    async def pack_cancel(request: Request):
        job = shop.packs.cancel(request.path_params["job"])
        if job is None:
            return error_page(request, 404, "no such pack build")
        if request.headers.get("hx-request"):
            return page("pack_progress.html", request, job=job)
        return RedirectResponse(f"/packs/{job.id}", status_code=303)

    async def pack_download(request: Request):
        job = shop.packs.get(request.path_params["job"])
        if job is None or not job.ready:
            return error_page(request, 404, "that pack is not ready")
        return FileResponse(job.zip_path, media_type="application/zip", filename=f"{job.scenario}-pack.zip")

    # -- the JSON API ------------------------------------------------------------------------------

    async def api_vessels(request: Request):
        return JSONResponse(core.unit_rows(shop.library, shop.is_user))

    def _rules_param(request):
        rules = request.query_params.get("rules")
        if not rules:
            raise ShipyardError(f"say which rule set: ?rules={rule_set_names(sep=', ', last=' or ')}")
        return shop.rulesets(), rules

    async def api_stats(request: Request):
        unit = unit_or_404(request.path_params["ident"])
        if unit is None:
            return JSONResponse({"error": f"no vessel {request.path_params['ident']!r}"}, status_code=404)
        _, rules = _rules_param(request)
        return JSONResponse(shop.stats_json(unit, rules))

    async def api_check(request: Request):
        text = await read_text(request)
        checked = await off_loop(shop.check_text, text)
        keys = {rs.key: _short_key(rs) for rs in shop.rulesets()}
        return JSONResponse({"ok": checked.ok, "errors": checked.errors_json(),
                             "stats": {keys[k]: v for k, v in checked.stats.items()}},
                            status_code=200)

    async def api_sheet_pdf(request: Request):
        unit = unit_or_404(request.path_params["ident"])
        if unit is None:
            return JSONResponse({"error": "no such vessel"}, status_code=404)
        _, rules = _rules_param(request)
        unit = core.as_of(shop.library, unit, request.query_params.get("as_of") or None)  # as she stood that day
        data, name = await off_loop(shop.aid_pdf, "sheets", rules, (), _aid_options(request), units=[unit])
        return _pdf(data, name)

    async def api_scenario_aid(request: Request):
        """Any aid of a scenario the command line prints: its sheets, roster, counters, templates or reference."""
        ident, aid = request.path_params["ident"], request.path_params["aid"]
        if ident not in shop.library.scenarios or aid not in core.AIDS:
            return JSONResponse({"error": f"no {aid!r} of a scenario {ident!r} to print"}, status_code=404)
        _, rules = _rules_param(request)
        return _pdf(*await off_loop(shop.aid_pdf, aid, rules, [ident], _aid_options(request)))

    async def api_rules_aid(request: Request):
        """A rule set's aids that need no scenario: its templates and gauges, its blank counters."""
        rules, aid = request.path_params["rules"], request.path_params["aid"]
        if core.AIDS.get(aid) is None or core.AIDS[aid].needs != "nothing":
            return JSONResponse({"error": f"{aid!r}: a rule set alone prints its templates, counters and quick "
                                          "reference"}, status_code=404)
        return _pdf(*await off_loop(shop.aid_pdf, aid, rules, (), _aid_options(request)))

    def _sheet_page_params(request: Request):
        """(rules, page number, paper) of a sheet page's query, each checked in words."""
        _, rules = _rules_param(request)
        try:
            number = int(request.query_params.get("page", "1"))
        except ValueError:
            raise ShipyardError("page: expected a whole number") from None
        return rules, number, core.check_paper(request.query_params.get("paper", "a4"))

    async def api_sheet_svg(request: Request):
        """A page of the record sheet as SVG: the PDF's page, drawn from the same layout for a screen."""
        unit = unit_or_404(request.path_params["ident"])
        if unit is None:
            return JSONResponse({"error": "no such vessel"}, status_code=404)
        rules, number, paper = _sheet_page_params(request)
        svg = await off_loop(shop.sheet_svg_page, unit, rules, number, paper, request.query_params.get("scale"))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def api_setup_svg(request: Request):
        """A page of a scenario's set-up (page 1: the table plan) as SVG, drawn from the layout its PDF is drawn from."""
        ident = request.path_params["ident"]
        if ident not in shop.library.scenarios:
            return JSONResponse({"error": f"no scenario {ident!r}"}, status_code=404)
        rules, number, paper = _sheet_page_params(request)
        pages = await off_loop(shop.setup_svg, ident, rules, paper, request.query_params.get("scale") or None)
        if not 1 <= number <= len(pages):
            raise ShipyardError(f"page {number}: the set-up has {len(pages)} page{'s' if len(pages) != 1 else ''}")
        return Response(pages[number - 1], media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def api_sheet_png(request: Request):
        unit = unit_or_404(request.path_params["ident"])
        if unit is None:
            return JSONResponse({"error": "no such vessel"}, status_code=404)
        rules, number, paper = _sheet_page_params(request)
        return Response(await off_loop(shop.sheet_png, unit, rules, number, paper), media_type="image/png",
                        headers={"Cache-Control": "no-store"})

    async def editor_preview(request: Request):
        """The preview of an unsaved ship: the editor posts its YAML, gets page 1 as PNG."""
        text = await read_text(request)
        checked = await off_loop(shop.check_text, text, with_stats=False)
        if not checked.ok:
            return JSONResponse({"ok": False, "errors": checked.errors_json()}, status_code=422)
        rules = request.query_params.get("rules", default_ruleset().key)
        return Response(await off_loop(shop.sheet_png, checked.unit, rules, 1, request.query_params.get("paper", "a4")),
                        media_type="image/png", headers={"Cache-Control": "no-store"})

    def _library_id(request):
        ident = request.path_params["ident"]
        try:
            return safe_id(ident), None
        except ShipyardError as exc:
            return None, JSONResponse({"ok": False, "errors": [{"line": None, "field": "id", "message": str(exc)}]},
                                      status_code=400)

    async def api_library_get(request: Request):
        """Your file of a ship as it is on disk, with its version as ETag (send it back as If-Match to save)."""
        ident, refused = _library_id(request)
        if refused:
            return refused
        own = shop.read_own(ident)
        if own is None:
            return JSONResponse({"error": f"no file {ident!r} in your library"}, status_code=404)
        _, raw = own
        return Response(raw, media_type="application/yaml", headers={"ETag": _etag(version_of(raw)),
                                                                     "Cache-Control": "no-cache"})

    async def api_save(request: Request):
        """Save a vessel file into your library. Replacing your file needs If-Match with the ETag you read (412 if
        the file has changed since) or ?replace=1; taking a bundled ship's place needs ?replace=1 (else 409)."""
        ident, refused = _library_id(request)
        if refused:
            return refused
        text = await read_text(request)
        header = request.headers.get("if-match")
        # If-Match compares strongly (RFC 9110): a weak tag (W/"…") never matches, so it cannot stand for a version
        if_match = None if header is None else [t.strip().strip('"') for t in header.split(",")
                                                if not t.strip().startswith("W/")]
        replace = request.query_params.get("replace", "").lower() in ("1", "yes", "true")
        try:
            path, checked = shop.save(ident, text, if_match=if_match, replace=replace)
        except Conflict as conflict:
            return JSONResponse({"ok": False, "reason": conflict.reason, "error": conflict.message,
                                 "etag": _etag(conflict.version) if conflict.version else None},
                                status_code=conflict.status,
                                headers={"ETag": _etag(conflict.version)} if conflict.version else None)
        if path is None:
            return JSONResponse({"ok": False, "errors": checked.errors_json()}, status_code=422)
        return JSONResponse({"ok": True, "id": ident, "path": str(path)}, status_code=201 if checked.created else 200,
                            headers={"ETag": _etag(checked.version)})

    routes = [
        Route("/", library_page),
        Route("/ships/{ident}", ship_page),
        Route("/ships/{ident}/edit", editor_page),
        Route("/new", editor_page),
        Route("/editor/check", editor_check, methods=["POST"]),
        Route("/editor/save", editor_save, methods=["POST"]),
        Route("/editor/preview.png", editor_preview, methods=["POST"]),
        Route("/scenarios", scenarios_page),
        Route("/scenarios/new", scenario_new, methods=["GET", "POST"]),
        Route("/scenarios/{ident}", scenario_page),
        Route("/scenarios/{ident}/pack", pack_start, methods=["POST"]),
        Route("/packs/{job}", pack_status),
        Route("/packs/{job}/download", pack_download),
        Route("/packs/{job}/cancel", pack_cancel, methods=["POST"]),
        Route("/api/vessels", api_vessels),
        Route("/api/vessels/{ident}/stats", api_stats),
        Route("/api/vessels/{ident}/sheet.pdf", api_sheet_pdf),
        Route("/api/vessels/{ident}/sheet.svg", api_sheet_svg),
        Route("/api/vessels/{ident}/sheet.png", api_sheet_png),
        Route("/api/scenarios/{ident}/setup.svg", api_setup_svg),
        Route("/api/scenarios/{ident}/{aid}.pdf", api_scenario_aid),
        Route("/api/rules/{rules}/{aid}.pdf", api_rules_aid),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/library/{ident}", api_library_get, methods=["GET"]),
        Route("/api/library/{ident}", api_save, methods=["PUT"]),
        *game_routes(shop, page),  # games at the table (issue 25): web/games.py
        *reach.routes(shop, page, _editor, error_page, off_loop),  # reach24: every aid and every share (web/reach.py)
        # cards24: two ships, or one on two dates, side by side
        *cards_routes(shop, page),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
        Mount(FONTS_URL.rstrip("/"), app=StaticFiles(directory=fonts_dir()), name="fonts"),
    ]

    async def shipyard_error(request: Request, exc: ShipyardError):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": str(exc), "errors": [{"line": p.line, "field": p.field, "message": p.message}
                                                               for p in exc.problems]}, status_code=400)
        return error_page(request, 400, str(exc))

    async def too_large(request: Request, exc: TooLarge):
        return PlainTextResponse(f"the request is larger than {MAX_BODY // 1024} kB", status_code=413)

    async def not_found(request: Request, exc):
        status = getattr(exc, "status_code", 404)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": getattr(exc, "detail", "not found")}, status_code=status)
        return error_page(request, status, getattr(exc, "detail", "not found"))

    @contextlib.asynccontextmanager
    async def warm(app):
        """Load the library and register the fonts before the first page is asked for."""
        from ..render.fonts import register_all

        shop.library
        register_all()
        try:
            yield
        finally:
            shop.packs.close()  # running builds stopped, the packs' temporary folder removed

    app = Starlette(routes=routes, lifespan=warm, exception_handlers={ShipyardError: shipyard_error,
                                                                     TooLarge: too_large, 404: not_found,
                                                                     405: not_found})
    app.state.shop = shop
    return Guard(app, allowed_hosts or set(), key)


def _picked(request: Request) -> tuple[str, str]:
    """The rule set and paper a page's pickers chose (?rules=R&paper=letter), the defaults where none."""
    q = request.query_params
    return q.get("rules") or default_ruleset().key, q.get("paper") or "a4"


def _aid_options(request: Request):
    """A printed aid's choices from the query (?paper=letter&scale=1/1200&colour=bw&backs=1), checked by the
    application layer in its own words."""
    q = request.query_params
    yes = ("1", "yes", "true", "on")
    layout = q.get("layout", "")  # counters: "backs" or "fold", as a page's one choice of the two
    return core.AidOptions(paper=q.get("paper", "a4"), scale=q.get("scale") or None, colour=q.get("colour") != "bw",
                           turns=q.get("turns") or None, backs=q.get("backs", "").lower() in yes or layout == "backs",
                           fold=q.get("fold", "").lower() in yes or layout == "fold")


def _pdf(data: bytes, name: str) -> Response:
    return Response(data, media_type="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


def _etag(version: str) -> str:
    return f'"{version}"'


def _in_page_order(fields) -> list[str]:
    """The form's field names in the order of the page's sections."""
    return [name for section in forms.sections(fields, {}) for name in forms.flat(section.fields)]


def _slots(form, errors: dict | None = None) -> list[str]:
    """The message slots a check's answer replaces: each field's own and each list's or group's. With JavaScript the
    form says which of them show a message (`_said`): then only those and the ones with a message now, not all of
    its ~150 (each replaced out of band took the browser a millisecond or more)."""
    keys = [k for k in form.keys() if not k.startswith("_")]
    slots = set(keys) | {_parent(k) for k in keys}
    if "_said" in form:
        return sorted(slots & (set(str(form.get("_said")).split()) | set(errors or {})))
    return sorted(slots)


def _parent(name: str) -> str:
    """'armament.0.gun' -> 'armament' (a list's own message slot)."""
    return name.split(".")[0]


def _short_key(rs) -> str:
    return rs.short_name


def _num(v):
    from ..render.text import number

    return number(v) if isinstance(v, (int, float)) else v


def _library_rows(shop, params) -> list[dict]:
    """The library page's rows: the application layer's listing, filtered as the page's form asks."""
    q = (params.get("q") or "").strip().lower()
    navy = params.get("navy") or ""
    typ = params.get("type") or ""
    year = params.get("year") or ""
    rows = []
    for row in core.unit_rows(shop.library, shop.is_user):
        text = " ".join(str(x) for x in (row["id"], row["name"], row["class"] or "", row["type"])).lower()
        if q and q not in text:
            continue
        if navy and row["navy"] != navy:
            continue
        if typ and row["type"] != typ:
            continue
        afloat = str(row["launched"] or row["built"] or "")  # a fort is built, a ship launched
        if year and year.isdigit() and afloat[:4].isdigit() and int(afloat[:4]) > int(year):
            continue
        rows.append({**row, "class": row["class"] or ""})
    return rows


def _about_setup(field: str | None) -> bool:
    """Whether a problem's field is in the set-up ('setup', 'setup.starts.uss-tecumseh.at'): said under its box."""
    return bool(field) and (field == "setup" or field.startswith(("setup.", "setup[")))


def _setup_from_text(text: str) -> dict:
    """The builder's set-up box: YAML, the `setup:` section's fields (with or without the `setup:` line itself)."""
    import yaml

    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1} of the set-up: " if mark is not None else ""
        raise ShipyardError([Problem(None, None, "setup", f"{where}not YAML: {getattr(exc, 'problem', None) or exc}")]) from None
    if isinstance(value, dict) and set(value) == {"setup"}:
        value = value["setup"]
    if not isinstance(value, dict):
        raise ShipyardError([Problem(None, None, "setup", "expected the set-up's fields (area:, starts:, victory: …), "
                                                          "one a line")])
    return value
