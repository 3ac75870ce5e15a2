"""The pack's first page and its footer line: the scenario, its sides and commanders, victory notes, the contents."""

from __future__ import annotations

from .sections import TITLES


def footer(name: str, title: str, paper: str) -> str:
    """'scenario · rule set', the scenario's name cut short with '…' so that the footer line with
    ' · true scale · page 9999 of 9999' after it stays inside the margins."""
    from ..render import fonts
    from ..render.document import FOOTER_SIZE
    from ..render.paper import MM, PAPERS

    p = PAPERS[paper]
    limit = (p.width_mm - 2 * p.margin_mm) * MM
    font = fonts.font_name("condensed")
    tail = f" · {title} · true scale · page 9999 of 9999"  # the longest line the render layer makes of it
    name = fonts.check_text(name, "condensed")
    if fonts.string_width_pt(name + tail, font, FOOTER_SIZE) <= limit:
        return f"{name} · {title}"
    while name and fonts.string_width_pt(name + "…" + tail, font, FOOTER_SIZE) > limit:
        name = name[:-1]
    return f"{name.rstrip()}… · {title}"


COVER_SIZES = (10.0, 9.0, 8.0, 7.0)  # the cover's free text, largest first


def cover(doc, scenario, ruleset, sides, plan, options, scale: str | None = None,
          notes: dict | None = None) -> None:
    """The first page: the scenario, its sides and commanders, victory notes and the contents.

    Every line is fitted or wrapped to the page width; the free text (commanders, victory notes, the history) is set
    at the largest of COVER_SIZES at which all of it fits above the contents and printing note, which always fit.
    """
    from .. import texts

    page = doc.new_page(bookmark="Cover")
    box = doc.content
    x, y = box.x, box.y + 12
    heading = texts.line("cover_title.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    page.fit_text(x, y, heading, box.w, size=22, weight="bold")
    y += 9
    sub = texts.line("cover_subtitle.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    page.fit_text(x, y, sub, box.w, size=12)
    y += 12
    paper = {"a4": "A4", "letter": "Letter"}.get(str(options.paper).lower(), str(options.paper).upper())
    note = f"Paper: {paper}. Print at 100 % / Actual size: turn off 'fit to page'."
    if "templates" in plan:  # only a pack with templates has true-scale pages and calibration bars
        note += (f" The templates are true scale for {scale} models" if scale else " The templates are true scale") + (
            ": every template page carries a 100 mm calibration bar; measure it before you cut.")
    # room kept at the foot for the contents and the printing note
    reserve = 6 + 5 * len(plan) + 4 + 3 * 9 * 1.2 / 2.8346
    bottom = box.y + box.h - reserve

    def body(y: float, size: float, draw: bool) -> tuple[float, bool]:
        """The sides, their commanders and victory notes, and the history, set at `size` from y; returns where it
        ends and whether every line fitted above `bottom` (when drawing, lines that do not fit are left out)."""
        step = size * 1.2 / 2.8346
        fitted = True

        def wrap(x0: float, y0: float, text: str, width: float, gap: float = 0.0) -> float:
            nonlocal fitted
            for line in page.wrap_lines(text, width, size):
                if y0 > bottom - 6:  # the last line 6 mm clear of the contents
                    fitted = False
                    break
                if draw and line:
                    page.fit_text(x0, y0, line, width, size=size)
                y0 += step
            return y0 + gap

        for side in sides:
            if draw:
                page.fit_text(x, y, side.name, box.w, size=size + 3, weight="bold")
            y += 6
            if side.commander:
                y = wrap(x + 4, y, f"Commander: {side.commander}", box.w - 8)
            count = len(side.units)
            if draw and y <= bottom:
                page.text(x + 4, y, f"{count} unit{'s' if count != 1 else ''}", size=size)
            y += step + 1
            if side.victory:
                y = wrap(x + 4, y, f"Victory: {side.victory}", box.w - 8, gap=2)
            y += 4
        if scenario.notes:
            if draw:
                page.text(x, y, "About the battle", size=size + 3, weight="bold")
            y = wrap(x, y + 6, " ".join(scenario.notes.split()), box.w, gap=6)
        return y, fitted

    # the largest size at which the whole text fits; a text too long even at the smallest loses its last lines
    size = next((s for s in COVER_SIZES if body(y, s, draw=False)[1]), COVER_SIZES[-1])
    y, _ = body(y, size, draw=True)
    y = min(y, bottom)
    page.text(x, y, "Contents", size=13, weight="bold")
    y += 6
    for name in plan:
        page.text(x + 4, y, TITLES[name], size=10)
        page.text(x + 60, y, "page", size=10, colour=0.35)
        page.forward_text(x + 70, y, f"section:{name}", size=10)  # filled in when the section starts
        if notes and notes.get(name):  # what the rule set prints there, in its words
            page.fit_text(x + 80, y, notes[name], box.w - 80, size=10, colour=0.35)
        y += 5
    y += 4
    page.wrap_text(x, y, note, box.w, size=9)
