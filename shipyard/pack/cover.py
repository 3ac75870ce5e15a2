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


def cover(doc, scenario, ruleset, sides, plan, options, scale: str | None = None,
          notes: dict | None = None) -> None:
    """The first page: the scenario, its sides and commanders, victory notes and the contents.

    Every line is fitted or wrapped to the page width, and the free text (commanders, victory notes, the
    history) is cut short with '…' rather than run off the page: the contents and printing note always fit.
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

    def wrap(x0: float, y0: float, text: str, width: float, size: float, gap: float = 0.0) -> float:
        step = size * 1.2 / 2.8346
        lines = page.wrap_lines(text, width, size)
        room = max(0, int((bottom - 6 - y0) // step) + 1)  # the last line 6 mm clear of what follows
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1] + " …"
        for line in lines:
            if line:
                page.fit_text(x0, y0, line, width, size=size)
            y0 += step
        return y0 + gap

    for side in sides:
        if y > bottom:
            break
        page.fit_text(x, y, side.name, box.w, size=13, weight="bold")
        y += 6
        if side.commander:
            y = wrap(x + 4, y, f"Commander: {side.commander}", box.w - 8, 10)
        count = len(side.units)
        if y <= bottom:
            page.text(x + 4, y, f"{count} unit{'s' if count != 1 else ''}", size=10)
        y += 5
        if side.victory:
            y = wrap(x + 4, y, f"Victory: {side.victory}", box.w - 8, 10, gap=2)
        y += 4
    if scenario.notes and y + 6 < bottom:
        page.text(x, y, "About the battle", size=13, weight="bold")
        y = wrap(x, y + 6, " ".join(scenario.notes.split()), box.w, 10, gap=6)
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
