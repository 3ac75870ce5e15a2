"""Building one rule set's pack for a scenario: derive every unit, then draw the cover and each section
into one PDF that is written whole or not at all."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from ..app import Built
from ..errors import Problem, ShipyardError, display_path
from .blame import derive_unit, scenario_failure, section_failure
from .cover import cover, footer, note_room, refiled_parts, sharing_note, sheet_sides
from .options import PackOptions, pack_file_name
from .sections import SECTIONS, Job


def pack_job(library, scenario, ruleset, options: PackOptions, ctx=None) -> Job:
    """The context (house rules, scale, options, scenario; or the one given) and every unit of the chosen sides
    (options.sides; all where it names none), derived."""
    from ..app import check_damage, context
    from ..rules.play_aids import in_play

    if ctx is None:
        ctx = context(ruleset, library, options.house_rules, options.scale, options=options, scenario=scenario)
    chosen = list(getattr(options, "sides", None) or [])
    wanted = {s.lower() for s in chosen}
    sides = [s for s in scenario.sides if not wanted or s.name.lower() in wanted]
    if wanted and not sides:
        raise ShipyardError(f"--side: no side named {', '.join(chosen)}; sides are {', '.join(s.name for s in scenario.sides)}")
    # kept on the context, so that the templates and gauges use these very stats
    units = [(side, unit, derived) for side, unit, derived in
             in_play(ctx, lambda unit, c: derive_unit(ruleset, library, unit, c), sides=[s.name for s in sides])
             if ruleset.takes_part(unit.id, ctx)]
    check_damage(library, scenario, ruleset, units, ctx)
    return Job(scenario, units, ctx)


def side_counts(job: Job, ruleset=None) -> dict[str, int | str]:
    """How many units each side has in play (the cover's count): the job's, which a rule set may narrow (plays); in
    the rule set's own words where it has them (count_words: its ships and its counters, where they differ)."""
    counts: dict[str, int | str] = {}
    for side, _, _ in job.units:
        counts[side] = counts.get(side, 0) + 1
    words = getattr(ruleset, "count_words", None)
    if words is not None:
        for side in list(counts):
            said = words(side, [(u, d) for s, u, d in job.units if s == side], job.scenario, job.ctx)
            if said:
                counts[side] = said
    return counts


def build_pack(library, scenario, ruleset, options: PackOptions, step: Callable[[str], None] | None = None) -> Built:
    """Build one rule set's pack for a scenario; returns where it went and how many pages.

    Any failure leaves no file behind (the Document writes atomically) and is reported as a
    ShipyardError naming the rule set, the section and, where one unit is to blame, that unit.
    """
    from ..render import Document

    started = time.perf_counter()
    step = step or (lambda _msg: None)
    job = pack_job(library, scenario, ruleset, options)
    wanted = {s.lower() for s in options.sides}
    sides = [s for s in scenario.sides if not wanted or s.name.lower() in wanted]
    aids = ruleset.aids()
    out_dir = Path(options.output_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ShipyardError([Problem(display_path(out_dir), None, None, "the output folder is a file; give -o a folder")])
    out = out_dir / pack_file_name(scenario.id, ruleset, options)
    plan = [s for s in SECTIONS if getattr(options, s.name) and s.offered_by(aids, scenario)]
    names = [s.name for s in plan]
    current = None
    # the parts inside a section the contents lists under it (SECTION_PARTS: the orders logs), each under the
    # section the drawn pack holds it in (refiled_parts: a roster page that took reference tables); the cover's
    # contents is drawn as the document closes, so the pack is drawn once
    parts = getattr(aids, "SECTION_PARTS", None)
    try:
        with Document(
            out, paper=options.paper, title=f"{scenario.name}: {ruleset.title}",
            subject=f"Game pack for {scenario.name} under {ruleset.title}",
            footer=footer(scenario.name, ruleset.title, options.paper),
        ) as doc:
            # a rule set may say what a section holds beside its contents line (its aids module's SECTION_NOTES:
            # templates that hold its quick reference); the titles stay the sections' own, as in the outline
            contents = cover(doc, scenario, ruleset, sides, names, options, scale=job.ctx.scale,
                             notes=getattr(aids, "SECTION_NOTES", None), counts=side_counts(job, ruleset),
                             parts=parts, units=job.units)
            starts: dict[str, int] = {}
            for section in plan:
                current = section
                step(f"{ruleset.title}: {section.name}")
                doc.section(section.title)
                starts[section.name] = doc.page_count + 1
                doc.resolve(f"section:{section.name}", str(doc.page_count + 1))
                marks = len(doc.marks)
                section.draw(doc, job, aids)
                if section.name == "sheets":  # the cover's contents says which pages, if any, both sides share
                    on = sheet_sides(doc.marks[marks:], job.units)
                    shared = sorted(page for page, sides in on.items() if len(sides) > 1)
                    alone = {page: next(iter(sides)) for page, sides in on.items() if len(sides) == 1}
                    doc.resolve("note:sheets", sharing_note(shared, note_room(doc), alone))
            contents(refiled_parts(doc, names, parts, starts))
            current = "writing"
    except (KeyboardInterrupt, SystemExit):
        raise
    except OSError as exc:
        raise ShipyardError([Problem(display_path(out), None, None,
                                     f"cannot write the pack: {exc.strerror or exc}")]) from exc
    except Exception as exc:
        if current == "writing":
            raise ShipyardError(f"{ruleset.title}: writing {display_path(out)}: {exc}") from exc
        label = f"{ruleset.title}: {current.title.lower() if current else 'cover'}"
        raise section_failure(library, scenario, current, aids, job, options.paper, label, exc) from exc
    return Built(out, doc.page_count, ruleset=ruleset.key, seconds=time.perf_counter() - started)
