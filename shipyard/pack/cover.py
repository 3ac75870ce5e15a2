"""The pack's first page and its footer line: the scenario, its sides and commanders, victory notes, the contents."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..render.measure import Block
from ..render.flow import Flow
from ..render.figures import Spacer
from ..render.containers import Stack
from ..render.text_blocks import Text
from ..render.kit import Contents, Indent, Later, Line, largest_that_fits, load_style
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


STYLE_PATH = Path(__file__).with_name("cover.yaml")  # the cover's sizes


def style():
    """The sizes the cover picks (cover.yaml)."""
    return load_style(STYLE_PATH)


def printing_note(options, plan, scale: str | None) -> str:
    """How to print the pack: the paper, at 100 %, and the calibration bars when it has true-scale templates."""
    paper = {"a4": "A4", "letter": "Letter"}.get(str(options.paper).lower(), str(options.paper).upper())
    note = f"Paper: {paper}. Print at 100 % / Actual size: turn off 'fit to page'."
    if "templates" in plan:  # only a pack with templates has true-scale pages and calibration bars
        note += (f" The templates are true scale for {scale} models" if scale else " The templates are true scale") + (
            # play 44 (sau31), other defects: p16's bar has a 4 in edge too, and the cover named the 100 mm alone
            ": each true-scale page (its footer says true scale) carries a 100 mm calibration bar, 4 in on its lower "
            "edge; measure it before you cut.")
    return note


def side_block(side, size: float, count: int | str | None = None) -> Block:
    """A side: its name, then its commander, how many units (`count` in play, else all it lists; words: the rule
    set's own count) and its victory note, set in."""
    st = style()
    text = {**st["text"], "size": size}
    count = len(side.units) if count is None else count
    said = count if isinstance(count, str) else f"{count} unit{'s' if count != 1 else ''}"
    lines = [Text(f"Commander: {side.commander}", **text) if side.commander else None,
             Text(said, **text),
             Text(f"Victory: {side.victory}", **text) if side.victory else None]
    return Stack([Line(side.name, size=size + st["heading"]["over"], weight="bold"),
                  Indent(Stack(lines, **st["side_gap"]), **st["side_lines"])], **st["side"])


def free_text(scenario, sides, size: float, counts: dict[str, int | str] | None = None, club: str | None = None) -> Block:
    """The sides, the history and how a club shares it out (`club`) at `size`: the part of the cover that is set
    smaller when it is long."""
    st = style()
    history = None
    if scenario.notes:
        history = Stack([Line("About the battle", size=size + st["heading"]["over"], weight="bold"),
                         Text(" ".join(scenario.notes.split()), **{**st["text"], "size": size})], **st["side"])
    sharing = None
    if club:
        sharing = Stack([Line("Playing it as a club", size=size + st["heading"]["over"], weight="bold"),
                         Text(club, **{**st["text"], "size": size})], **st["side"])
    return Stack([side_block(side, size, (counts or {}).get(side.name)) for side in sides] + [history, sharing],
                 **st["sides"])


def _plain(name: str) -> str:
    """A unit's name without her navy's prefix ('USS Tecumseh' -> 'Tecumseh'): the side is named before it."""
    head, _, rest = name.partition(" ")
    return rest if rest and head.isupper() and len(head) <= 4 else name


def commands(scenario, units, most: int = 4) -> list[tuple[str, list[tuple[str, list[str], bool]]]]:
    """Each side's commands for a club, in the order the side lists its units: a division of ships (the ships a side
    lists without one), split into head and tail where it has more than `most` ships not lashed to another, and the
    forts together; a consort goes with her partner. Only units on the table (those the set-up starts, where it
    starts any). Returns [(side, [(command, her ships' names, has consorts), ...]), ...]."""
    setup = getattr(scenario, "setup", None)
    started = set(setup.starts) if setup is not None and setup.starts else None
    played = {unit.id: unit for _, unit, _ in units}
    out = []
    for side in scenario.sides:
        groups: dict[str, list] = {}
        for su in side.units:
            unit = played.get(su.id)
            if unit is None or (started is not None and su.id not in started and su.lashed_to not in started):
                continue
            key = "the forts" if unit.kind == "fort" else (su.division or "the ships")
            groups.setdefault(key, []).append((su, unit))
        said = []
        for key, members in groups.items():
            partners = {su.lashed_to for su, _ in members if su.lashed_to}
            leaders = [(su.id, unit.name) for su, unit in members if not su.lashed_to]
            parts = 1 if key == "the forts" else -(-len(leaders) // most)
            size = -(-len(leaders) // parts)
            for k in range(parts):
                chunk = leaders[k * size:(k + 1) * size]
                word = ("the head", "the tail")[k] if parts == 2 else f"part {k + 1}"
                name = key if parts == 1 else f"{key}, {word}" if k == 0 else word
                said.append((name, [_plain(n) for _, n in chunk], any(i in partners for i, _ in chunk)))
        if said:
            out.append((side.name, said))
    return out


def club_text(scenario, units, turn_word: str = "turn", turn_counter: str = "", procedure: str = "") -> str | None:
    """How a club shares the game out: a player to each command, and stopping for the evening and playing on. None
    where each side is one command (a duel needs no sharing). A rule set whose units act by a drawn counter
    (`turn_counter`) fires unit by unit at its number, not a side at once (play 32, moment 4: a cover said a side's
    fire is worked at once, its quick reference that each unit fires at her number)."""
    sides = commands(scenario, units)
    players = sum(len(c) for _, c in sides)
    if players <= len(sides):
        return None
    def command(name: str, ships: list[str], mates: bool) -> str:
        consorts = ("" if not mates else ", with their consorts" if len(ships) > 1 else ", with her consort")
        return f"{name} ({', '.join(ships)}{consorts})"

    parts = [f"{side}: " + "; ".join(command(*c) for c in said) for side, said in sides]
    fire = (f"each unit's fire at her {turn_counter}'s number" if turn_counter else
            "and a side's fire is worked at once, player beside player")
    return (f"{players} players, one to a command. " + ". ".join(parts) + f". Each player throws for their own units, {fire}. "
            f"An evening need not hold every {turn_word}: stop at the end "
            f"of one, the models where they lie and the sheets as marked, and play on next time." + (
                f" {procedure}" if procedure else ""))


def contents_entries(plan, notes: dict | None = None, parts: dict | None = None) -> list[tuple[str, str, str]]:
    """The contents' lines: each section of the plan (title, key, note), then the parts a rule set lists inside it
    (its aids module's SECTION_PARTS: {section: (bookmark title, ...)}), keyed `part:<title>` (resolve_parts)."""
    out = []
    for name in plan:
        out.append((TITLES[name], name, (notes or {}).get(name) or ""))
        out += [(part, f"part:{part}", "") for part in (parts or {}).get(name, ())]
    return out


def part_pages(doc, title: str) -> list[int]:
    """The pages of the bookmarks that begin with a part's title (resolve_parts)."""
    return sorted({p for mark, p in doc.marks if mark == title or mark.startswith(title + " ")})


def refiled_parts(doc, plan, parts: dict | None, starts: dict[str, int]) -> dict | None:
    """The parts as the drawn pack holds them: each under the section its first page falls in (`starts`: each
    section's first page), in page order, the rule set's order where pages are equal; a part not printed stays where
    it was listed, after the one listed before it. None where the contents already reads so (play 32, moment 10: a
    rule set's roster page took the quick reference's ramming tables, and the contents listed 'Ramming tables page
    3' under 'Quick reference page 18')."""
    if not parts:
        return None
    listed = [(name, part) for name in plan for part in parts.get(name, ())]
    filed: dict[str, list[tuple[int, int, str]]] = {}
    last: dict[str, int] = {}
    for k, (name, part) in enumerate(listed):
        pages = part_pages(doc, part)
        homes = [n for n in plan if n in starts and pages and starts[n] <= pages[0]]
        where = homes[-1] if homes else name
        at = pages[0] if pages else last.get(name, starts.get(name, 0))
        last[name] = at
        filed.setdefault(where, []).append((at, k, part))
    new = {name: tuple(part for *_, part in sorted(filed[name])) for name in plan if name in filed}
    old = {name: tuple(parts[name]) for name in plan if parts.get(name)}
    return None if new == old else new


def resolve_parts(doc, entries) -> None:
    """Each part's contents line, now the pack is drawn: its title and the page of the first bookmark that begins
    with it, or of each where several begin on pages of their own ('Orders log' finds 'Orders log · Union' on 7 and
    'Orders log · Confederate' on 8: pp. 7, 8); a part not printed keeps a blank line."""
    for title, key, _ in entries:
        if not key.startswith("part:"):
            continue
        pages = part_pages(doc, title)
        if pages:
            doc.resolve(f"{key}:title", title)
            doc.resolve(f"{key}:page", "pp." if len(pages) > 1 else "page")
            doc.resolve(key, ", ".join(map(str, pages)))


def cover(doc, scenario, ruleset, sides, plan, options, scale: str | None = None,
          notes: dict | None = None, counts: dict[str, int | str] | None = None, parts: dict | None = None,
          units=None) -> Callable[[dict | None], None]:
    """The first page: the scenario, its sides and commanders, victory notes and the contents.

    The contents is drawn as the document closes (a Later block, a line for each section and each part), so that
    each part is listed under the section its pages fell in (refiled_parts). Returns what fills it in once the
    pack is drawn: fill(parts), the parts as the drawn pack holds them (None: as given). Every line is fitted or wrapped to the
    page width; the free text (commanders, victory notes, the history) is set
    at the largest of the style's text sizes at which the whole cover fits the page (at the smallest, what is left
    goes on overleaf: nothing is cut).
    """
    from .. import texts

    st = style()
    heading = texts.line("cover_title.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    sub = texts.line("cover_subtitle.txt.j2", options.templates_dir, scenario=scenario, ruleset=ruleset.title)
    # where the sides' sheets may share a page, the contents says which pages once the sheets are drawn (sharing_note)
    later = ("sheets",) if len(sides) > 1 and options.sides_apart is not True else ()
    entries = contents_entries(plan, notes, parts)
    contents = Later("contents", Contents(entries, **st["contents"], later=later).measure(doc.content.w))
    club = club_text(scenario, units, ruleset.turn_word, getattr(ruleset, "turn_counter", ""),
                     getattr(ruleset, "club_procedure", "")) if units and len(sides) > 1 else None

    def page(size: float) -> Block:
        return Stack([Spacer(**st["top"]), Line(heading, **st["title"]), Line(sub, **st["subtitle"]),
                      Spacer(**st["after_title"]), free_text(scenario, sides, size, counts, club),
                      Spacer(**st["before_contents"]), Line("Contents", **st["contents_title"]), contents,
                      Text(printing_note(options, plan, scale), **st["printing"])], **st["page"])

    box = doc.content
    Flow(doc, rule=False).add(largest_that_fits(page, st["text_sizes"]["sizes"], box.w, box.h), bookmark="Cover",
                              new_page=True)

    def fill(drawn: dict | None) -> None:
        filed = contents_entries(plan, notes, parts if drawn is None else drawn)
        doc.fill_later("contents", Contents(filed, **st["contents"], later=later))
        resolve_parts(doc, filed)

    return fill


def sheet_sides(marks: list[tuple[str, int]], units) -> dict[int, set[str]]:
    """The sides whose units are bookmarked on each page (`marks`: a section's bookmarks as (title, page); `units`: the
    pack's (side, unit, derived))."""
    side_of = {name: side for side, unit, derived in units for name in (unit.name, getattr(derived, "unit_name", None))}
    on: dict[int, set[str]] = {}
    for title, page in marks:
        if title in side_of:
            on.setdefault(page, set()).add(side_of[title])
    return on


def _pages_words(pages: list[int]) -> str:
    """'page 5', 'pages 5, 6', 'pages 4–6, 8': pages one after another said as a span."""
    runs: list[list[int]] = []
    for n in pages:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return f"page {pages[0]}" if len(pages) == 1 else "pages " + ", ".join(
        f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def sharing_note(pages: list[int], width: float | None = None, alone: dict[int, str] | None = None) -> str:
    """The contents' note for the record sheets where both sides' share pages ('' where none do): which pages are one
    side's alone (`alone`: page -> side, the sheets' other pages) and which hold both, so a player can print one side's
    sheets for its players. It said "can be printed apart" (the sides-apart option), which replay 17's player read as
    untrue of the pack in hand. Pages one after another are said as a span ("pages 4–6"); where that runs past `width`
    mm (the line the contents leaves it), only the shared pages, then how many and between which."""
    if not pages:
        return ""
    groups: list[tuple[str, list[int]]] = []  # (whose, pages) in page order: a side's alone, or both sides'
    for page in sorted(set(pages) | set(alone or {})):
        # replays r27, r28: "(page 4 Union only; page 5 both sides)" read clumsily after "Record sheets page 4"
        whose = "both sides'" if page in pages else f"{alone[page]}'s alone"
        if groups and groups[-1][0] == whose:
            groups[-1][1].append(page)
        else:
            groups.append((whose, [page]))
    notes = [f"({'; '.join(f'{whose} on {_pages_words(ps)}' for whose, ps in groups)})"] if alone else []
    # play 33: "Record sheets page 4 (both sides on pages 4, 6)" read as garbled where the sheets run on to page 5
    mix = "mixes" if len(pages) == 1 else "mix"
    # play 34: "Record sheets page 4 (pages 4, 6 mix both sides)": 'the sheets run over pp.4–6 ... the page range is
    # wrong': where the sheets run on past the shared pages, the note gives their span first
    span = sorted(set(pages) | set(alone or {}))
    if alone and len(span) > 1:
        notes.append(f"(pages {span[0]}–{span[-1]}: {_pages_words(pages).split(' ', 1)[1]} {mix} both sides)")
    notes += [f"({_pages_words(pages)} {mix} both sides)", f"({len(pages)} pages of {pages[0]}–{pages[-1]} mix both sides)"]
    return next((n for n in notes if width is None or _note_width(n) <= width), notes[-1])


def note_room(doc) -> float:
    """The mm the contents leaves a section's note on this document's cover."""
    return doc.content.w - style()["contents"]["note_at"]


def _note_width(note: str) -> float:
    from ..render.measure import text_width

    return text_width(note, style()["contents"]["size"])


