"""The cards24 pages: two ships (or one on two dates) compared under one rule set. The figures and the pairing are
the application layer's (app.compare); this module only reads the query and renders."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from .. import app as core
from ..errors import ShipyardError
from ..rules import default_ruleset


def routes(shop, page) -> list[Route]:
    """The compare page's route, for server.py's route list."""

    async def compare_page(request: Request):
        q = request.query_params
        rules = q.get("rules") or default_ruleset().key
        cmp, error = None, None
        if q.get("a") and q.get("b"):
            try:
                cmp = core.compare(shop.library, rules, q["a"], q["b"], q.get("as_of_a") or None, q.get("as_of_b") or None,
                                   date_names=("First: As of", "Second: As of"))
            except ShipyardError as exc:
                error = str(exc)
        units = sorted(shop.library.units.values(), key=lambda u: u.name)
        return page("compare.html", request, status=200 if error is None else 400, cmp=cmp, error=error, rules=rules,
                    q=q, units=units)

    return [Route("/compare", compare_page)]
