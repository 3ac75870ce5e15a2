"""Issue 22, Quick Play: the whole bound on paper, read back from the printed Mobile Bay and Cherbourg packs as a player
would (play review play-rs-qp.md: 1b, the Quick Play turns of 2, 3 on the article's order of battle, 4, 5 and the top
ten). Each test names the finding it closes."""

from __future__ import annotations

import contextlib
import functools
import json
import re

import pytest
from conftest import pdf_plumbed_pages

from shipyard.pack import PackOptions, build_pack
from shipyard.rules.quick_play import RULESET

RECORD_CARDS = "record cards"


def _flat(s: str) -> str:
    return " ".join(s.split())


_OPENED: dict = {}


def _opened(path):
    """The PDF at `path` read once for the module as pdfplumber reads its text (conftest's pdf_plumbed_pages: the very
    characters, rectangles and strings, some twice as fast), as a context (`with _opened(path) as pdf`, `pdf.pages`):
    the module's many readings of one pack (whole pages, halves, columns, other word gaps) parse each page once, not
    once a reading. Dropped as the module ends."""
    key = str(path)
    if key not in _OPENED:
        _OPENED[key] = pdf_plumbed_pages(key)
    return contextlib.nullcontext(_OPENED[key])


@pytest.fixture(scope="module", autouse=True)
def _close_opened():
    yield
    _OPENED.clear()
    _READ.clear()


class Pages(list):
    """The pages' text, with the PDF they were read from (`path`)."""
    path = None


def _build(library, scenario: str, out, house=None, halves: bool = True) -> list[str]:
    """The pack's pages as text a player reads: each page whole, then its left and its right half (cards, the quick
    reference's two columns), each flattened to single spaces. `halves=False`: each page whole only, for a test that
    only looks for words a line holds whole (never for one that asserts words are absent: a line wrapped in a column
    reads whole only down its half)."""
    options = PackOptions(rules=["quick-play"], output_dir=out, house_rules=house)
    return _read(build_pack(library, library.scenarios[scenario], RULESET, options).path, halves)


_READ: dict = {}  # (path, halves): the pages' text, read once a module (the Letter pack is read by ~60 tests)


def _read(path, halves: bool = True) -> Pages:
    """A Quick Play pack's pages as _build reads them (a fresh list each call, its text read once per module)."""
    key = (str(path), halves)
    if key not in _READ:
        texts = []
        with _opened(path) as pdf:
            for p in pdf.pages:
                w, h = p.width, p.height
                parts = [p, p.crop((0, 0, w / 2, h)), p.crop((w / 2, 0, w, h))] if halves else [p]
                texts.append(" | ".join(_flat(x.extract_text() or "") for x in parts))
        _READ[key] = tuple(texts)
    pages = Pages(_READ[key])
    pages.path = path
    return pages


def _blocks(library, scenario: str, house=None) -> str:
    """The text of the quick reference and of the readings under the roster as blocks (table cells whole, where the
    PDF wraps them in columns)."""
    from shipyard.render.tags import walk
    from shipyard.rules.quick_play import reference
    from shipyard.rules.quick_play.derive import plays

    ctx = RULESET.context(library, house)
    ctx.scenario = library.scenarios[scenario]
    derived = [RULESET.derive(u, ctx) for _, u in library.scenario_units(ctx.scenario) if plays(u.id, ctx)]
    blocks = [reference.quick_reference_blocks(derived, ctx), reference.readings(ctx)]
    return _flat(" ".join(t for b in blocks for x in walk(b) for t in x.texts()))


@pytest.fixture(scope="module")
def mobile_bay(bundled_packs):
    """The bundled Mobile Bay pack, A4, as `shipyard pack` builds it by default (the run's shared build), read."""
    return _read(bundled_packs.get("mobile-bay-1864", "quick-play", "a4").path)


@pytest.fixture(scope="module")
def cherbourg(bundled_packs):
    return _read(bundled_packs.get("cherbourg-1864", "quick-play", "a4").path)


@pytest.fixture(scope="module")
def hampton_roads(bundled_packs):
    """Hampton Roads' pack as `shipyard pack hampton-roads-1862 -r quick-play` builds it, read: the run's shared build
    at 1/1200, the very bytes of the default (Quick Play measures the same at any model scale; other files read it)."""
    return _read(bundled_packs.get("hampton-roads-1862", "quick-play", "a4", "1/1200").path)


def _page(pages: list[str], words: str) -> str:
    found = [p for p in pages if words in p]
    assert found, words
    return found[0]


def _readings(pages: Pages) -> str:
    """What the rules leave open, both its parts (the set-up's under the roster, the bound's after the cards), each
    page read whole and by halves, at a 1.5 pt word gap: a reading's bold rule and its plain text are a 7 pt space
    apart, which pdfplumber's default tolerance runs together."""
    found = [k for k, p in enumerate(pages) if "What the rules leave open" in p]
    assert found, "no readings"
    return _readings_of(str(pages.path), tuple(found))


@functools.lru_cache(maxsize=8)
def _readings_of(path: str, found: tuple[int, ...]) -> str:
    """_readings' text of one PDF, read once: some thirty tests read the module's pack's readings, and each laid out
    the same pages again (a second each). A pack built in a test has its own path."""
    with _opened(path) as pdf:
        texts = []
        for k in found:
            p = pdf.pages[k]
            w, h = p.width, p.height
            texts += [_flat(x.extract_text(x_tolerance=1.5) or "") for x in (p, p.crop((0, 0, w / 2, h)), p.crop((w / 2, 0, w, h)))]
    return " | ".join(texts)


def _squeezed(s: str) -> str:
    """Text without any spaces: pdfplumber sets spaces round '▸' and '·' by the glyphs' gaps, not by the words."""
    return re.sub(r"\s+", "", s)


def _column(pages: Pages, words: str, left: bool = True) -> str:
    """The quick reference's left column (the cannonade) or its right (the events), read down the column, on the page
    that has `words`."""
    return _column_of(str(pages.path), pages.index(_page(pages, words)), left)


@functools.lru_cache(maxsize=16)
def _column_of(path: str, k: int, left: bool) -> str:
    """_column's text, read once per page and side of one PDF."""
    with _opened(path) as pdf:
        p = pdf.pages[k]
        split = p.width * 0.46
        return _flat(p.crop((0, 0, split, p.height) if left else (split, 0, p.width, p.height)).extract_text() or "")


def _cards(pages: list[str]) -> list[str]:
    return [p for p in pages if RECORD_CARDS in p]


def _markers(pages: Pages) -> list[str]:
    """The speed and state markers on the counters pages, each read alone inside its frame (a note wraps in two lines,
    which a page read row by row runs into its neighbours'), flattened, in order."""
    return list(_markers_of(str(pages.path), tuple(k for k, p in enumerate(pages) if " ORDER " in p)))


@functools.lru_cache(maxsize=8)
def _markers_of(path: str, found: tuple[int, ...]) -> tuple[str, ...]:
    with _opened(path) as pdf:
        out = []
        for k in found:
            page = pdf.pages[k]
            frames = sorted((r for r in page.rects if r["width"] > 1.5 * r["height"]), key=lambda r: (round(r["top"]), r["x0"]))
            out += [_flat(page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text() or "") for r in frames]
    return tuple(out)


def _turn_numbers(pages: list[str]) -> list[int]:
    """The numbers on the turn counters: the rows of numbers and ORDER that open the counters page, in order."""
    words = _page(pages, " ORDER ").split(" | ")[0].split()
    numbers = []
    for w in words:
        if w == "ORDER":
            continue
        if not w.isdigit():
            break
        numbers.append(int(w))
    return sorted(numbers)


def _edna_row(pages: Pages, edna: int) -> str:
    """The first card line that opens "EDNA <edna>", read as one printed line (the fort's smaller boxes set their
    numbers closer than pdfplumber's default word gap, so the characters are read at a 1 pt tolerance)."""
    return _edna_row_of(str(pages.path), edna)


@functools.lru_cache(maxsize=8)
def _edna_row_of(path: str, edna: int) -> str:
    with _opened(path) as pdf:
        for p in pdf.pages:
            for half in (p.crop((0, 0, p.width / 2, p.height)), p.crop((p.width / 2, 0, p.width, p.height))):
                for line in (half.extract_text(x_tolerance=1) or "").splitlines():
                    if line.startswith(f"EDNA {edna} "):
                        return _flat(line)
    raise AssertionError(f"no card line opens EDNA {edna}")


def _half_cards(pages: list[str]) -> str:
    """The card pages' halves only (each card read down its column, not across the page)."""
    return " ".join(" | ".join(p.split(" | ")[1:]) for p in _cards(pages))


# ---------------------------------------------------------------------------------------------- the rules' errors


def test_ramming_adds_the_factor_so_a_heavier_faster_rammer_does_better(mobile_bay, library, tmp_path):
    """Review 3 and top 10 #2: "+1 − (EDNA + speed of the rammer − the same of the target)" printed the article's "+/-"
    backwards. The factor is added; the literal reading is a named house rule that prints its own words."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "Throw 2D6 (a Ram 3D6) + the factor" in ref and "+1 −" not in ref
    assert "Ramming factor = (her EDNA + speed) − (the target's EDNA + speed)" in ref
    assert "rammer does better; the throw: the quick reference (house rule)" in ref  # the reading, marked: the docs name its option (replay 7)
    assert _squeezed("Throw 2D6 (a Ram 3D6) + the factor") in _squeezed(_column(mobile_bay, "— quick reference", left=False))
    house = tmp_path / "literal.json"
    house.write_text(json.dumps({"quick-play": {"ramming": {"rows": {"factor": "subtract", "modifier": 1}}}}))
    assert "Throw 2D6 (a Ram 3D6) +1 − the factor" in _blocks(library, "mobile-bay-1864", house)


def test_rudder_1_to_3_is_no_turning_with_a_box_on_every_ship_card(mobile_bay, library):
    """Review 1b and top 10 #8: 5-5's "1-3 none" read as no effect; the article says No turning, and no card had a box."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "rudder 1D6: 4-6 one turn every 2nd bound, 1-3 no turning" in ref and "1-3 none" not in ref
    cards = _half_cards(mobile_bay)
    ships = len(re.findall(r"\bSlow Cruise Full Turn\b", cards))  # every ship card's speed boxes; a fort has none
    assert ships == 22 and cards.count("no turning") == ships and cards.count("one turn every 2nd bound") == ships


def test_edna_boxes_are_numbered_and_edna_0_is_said(mobile_bay, library):
    """Review 1b and top 10 #7: unnumbered EDNA boxes meant recounting before every test; EDNA 0 was printed nowhere."""
    cards = _half_cards(mobile_bay)
    # play 34, defect: the label is "EDNA" alone (it once repeated her EDNA before the first box: "EDNA 16 16 15")
    assert "EDNA " + " ".join(str(n) for n in range(16, 0, -1)) in cards  # Tecumseh: 16 down to 1
    assert _edna_row(mobile_bay, 22) == "EDNA " + " ".join(str(n) for n in range(22, 0, -1))  # Fort Morgan, as the article rates it
    assert "EDNA 16 16 " not in cards
    for page in _cards(mobile_bay):
        assert _squeezed("the first box left is her EDNA now; at 0 a ship has struck (only a magazine or a hole sinks "
                         "her); a fort is battered into submission, its batteries silenced") in _squeezed(page)
    assert "EDNA 0 a ship has struck (only a magazine or a hole sinks her)" in _blocks(library, "mobile-bay-1864")


def test_holed_counts_bounds_with_a_write_in_for_the_bound_she_sinks(mobile_bay, library):
    """Review 1b and top 10 #7: "sinks in 1D6 moves" had no write-in, and "moves" was undefined."""
    cards = _half_cards(mobile_bay)
    assert cards.count("holed: sinks 1D6 bounds later, in bound ______") == 22
    ref = _blocks(library, "mobile-bay-1864")
    assert "Holed (3-3) 1D6 + this bound, at once: she sinks at its end, firing till then." in ref
    assert "Moves: \"sinks in 1D6 moves\", \"one turn every 2 moves\": bounds" in _blocks(library, "mobile-bay-1864")


# ---------------------------------------------------------------------------------------------- the bound


def test_the_bound_and_the_turn_counter_procedure_are_printed(mobile_bay, cherbourg, library):
    """Review 2 and top 10 #3: the draw, the choice of order, acting by number, the line of battle, the forts' second
    cannonade: all on the quick reference, and the bound as a strip on every card page."""
    for pages, scenario in ((mobile_bay, "mobile-bay-1864"), (cherbourg, "cherbourg-1864")):
        ref = _page(pages, "The bound (sequence of play)")
        for k, row in enumerate(RULESET.tables().sequence_of_play.rows, 1):
            assert f"{k} {row['phase']}" in ref, row["phase"]
        blocks = _blocks(library, scenario)
        assert "a counter per unit (a lashed pair is one) in a cup; the sides draw in turn, blind" in blocks
        assert "Drawing counters: blind, the Union first, in turn till a side holds one a unit" in blocks
        assert "a column follows its roster leader: each moves in his wake at his speed, each half right after his" in blocks
        strip = _squeezed("Bound: 1 Draw counters · 2 Decide the order · 3 Act by number · 4 1st cannonade ▸ fire: the unit "
                          "acting · 5 Move half · 6 Turn · 7 Fort 2nd cannonade ▸ fire: the fort acting")
        assert _cards(pages) and all(strip in _squeezed(page) for page in _cards(pages))


def test_the_roster_carries_no_number_a_turn_counter_also_carries(mobile_bay):
    """Review 2 and top 10 #3: the roster numbered the units 1-26, the very numbers on the turn counters."""
    roster = _page(mobile_bay, "Quick Play order of battle")
    assert not re.search(r"\b\d+ (↳ )?USS Tecumseh\b", roster) and "Numbers are only the roster order" not in roster
    assert "Unit Type EDNA Ram Guns H/M/P" in roster


def test_brooklyns_opening_test_is_printed_for_mobile_bay_only(mobile_bay, cherbourg, library):
    """Review 2, 3 and top 10 #4: the article's game begins with Brooklyn's test against her EDNA; the pack left it out."""
    assert "Bound 1, before the draw USS Brooklyn throws 3D6 (no events): over her EDNA (14), she leads; else at once turn " \
           "90° to starboard" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("Bound 1, before the draw USS Brooklyn throws 3D6") in _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert "Brooklyn throws 3D6" not in " ".join(cherbourg) + _blocks(library, "cherbourg-1864")


def test_markers_carry_no_edna_that_goes_stale(mobile_bay):
    """Review 2: "EDNA 16" on every speed marker was the starting value, wrong after the first hit."""
    counters = [p for p in mobile_bay if " ORDER " in p]
    assert counters and not any("EDNA" in p for p in counters)
    assert "USS Brooklyn" in " ".join(counters) and "Slow 4\"" in " ".join(counters)


# ---------------------------------------------------------------------------------------------- the article's order


def test_mobile_bay_plays_the_articles_order_of_battle_and_the_split_is_an_option(mobile_bay, library, tmp_path):
    """Review 3 and top 10 #10: the pack split Fort Morgan into a fort and a water battery (+12 EDNA) and added Fort
    Powell: 26 counters where the article has 24. As printed by default; the library's units by a house rule."""
    # the roster, the cards and the counters (the cover's history, the set-up's special rule "leave her out" and the
    # readings' option name Fort Powell); the water battery is named nowhere but in the readings
    def before_readings(p: str) -> str:  # the whole page, up to the readings under the roster (they name the option)
        return p.split(" | ")[0].split("What the rules leave open")[0]

    played = " ".join(before_readings(p) for p in mobile_bay
                      if "Quick Play order of battle" in p or RECORD_CARDS in p or " ORDER " in p)
    assert "Fort Powell" not in played and "water battery" not in played
    assert "water battery" not in " ".join(before_readings(p) for p in mobile_bay)
    assert "Admiral Franklin Buchanan 4 ships and 2 forts, 6 counters" in mobile_bay[0]  # the cover counts those in play
    roster = _page(mobile_bay, "Quick Play order of battle")
    assert "Fort Morgan Fort 22 4/4/2" in roster and "Confederate: 4 ships and 2 forts · total EDNA 82" in roster
    assert _turn_numbers(mobile_bay) == list(range(1, 18))  # the article's 24 units, a lashed pair drawing one
    assert "Order of battle: Mobile Bay as the rules print it" in _blocks(library, "mobile-bay-1864")
    house = tmp_path / "library.json"
    house.write_text(json.dumps({"quick-play": {"which_units": {"rows": {"play": "library"}}}}))
    split = _build(library, "mobile-bay-1864", tmp_path / "split", house, halves=False)  # the roster's rows, counters
    roster = _page(split, "Quick Play order of battle")
    assert "Fort Morgan Fort 22 2/4/1" in roster and "Fort Morgan water battery" in roster and "Fort Powell" in roster
    assert _turn_numbers(split) == list(range(1, 20))  # 26 units, 7 pairs


def test_a_bad_order_of_battle_option_is_a_clear_error(library, tmp_path):
    from shipyard.errors import ShipyardError

    house = tmp_path / "bad.json"
    house.write_text(json.dumps({"quick-play": {"which_units": {"rows": {"play": "everything"}}}}))
    ctx = RULESET.context(library, house)
    ctx.scenario = library.scenarios["mobile-bay-1864"]
    with pytest.raises(ShipyardError, match="which_units .*play is 'everything'; it is article or library"):
        RULESET.derive(library.units["fort-morgan"], ctx)


# ---------------------------------------------------------------------------------------------- the readings, procedures


def test_every_reconstruction_is_printed_with_its_option(mobile_bay, library):
    """Issue 22, honest about reconstruction: one page lists every rule the article lost or leaves open, with the
    reading played and the house-rule option where there are two readings."""
    assert "What the rules leave open" in _page(mobile_bay, "Quick Play order of battle")  # under the roster
    blocks = _blocks(library, "mobile-bay-1864")
    elsewhere = {r["rule"]: r.get("elsewhere") for r in RULESET.tables().reconstructions.rows}
    for row in RULESET.tables().readings():  # filled from the tables (rules.readings)
        option = " (house rule)" if row["option"] else ""  # the option's name is the docs' (replay 7)
        if elsewhere.get(row["rule"]):  # said once, on the page it names; the readings point there (replay 26)
            assert f"{_flat(row['rule'])}" in blocks.split("Elsewhere", 1)[1] and elsewhere[row["rule"]] in blocks
            continue
        assert f"{_flat(row['rule'])}: {_flat(row['reading'])}{option}" in blocks, row["rule"]  # the term, its colon


def test_every_event_that_names_a_further_roll_points_to_a_printed_rule(library):
    """Issue 22, procedures: an event row naming another roll either prints that roll's results itself ("1D6: 5-6 no
    Full …") or has its own printed rule on the quick reference, headed by its double ("Boiler (2-2)")."""
    ref = _blocks(library, "mobile-bay-1864")
    for row in RULESET.tables().catastrophic_events.rows:
        text = str(row["ship"])
        roll = re.search(r"\b\d*D(6|10)\b", text)
        if not roll:
            continue
        own_results = re.search(re.escape(roll.group(0)) + r": (\d-\d .*){2,}", text)
        assert own_results or re.search(r"\(" + re.escape(row["double"]) + r"\) \S", ref), row["double"]


def test_a_bound_track_holds_the_games_bounds_and_no_more_than_a_quick_play_game(mobile_bay, cherbourg, library):
    """Issue 22, states with nowhere to mark: a turn track per game (the holed write-in names a bound on it), sized to
    the game: Mobile Bay's twelve, Cherbourg's hour in Quick Play's three-minute bounds (base.game_turns)."""
    from shipyard.rules.play_aids import game_turns

    ctx = RULESET.context(library)
    ctx.scenario = library.scenarios["cherbourg-1864"]
    assert game_turns(ctx) < 60
    for pages, bounds in ((mobile_bay, 12), (cherbourg, game_turns(ctx))):
        page = _page(pages, "The bound (sequence of play)").split(" | ")[0]
        assert "Bounds " + " ".join(str(n) for n in range(1, bounds + 1)) + " " in page + " "
        assert f" {bounds + 1} " not in page.split("Bounds ", 1)[1].split("Before bound")[0].split("What the")[0] + " "


def test_the_roster_says_who_leads_each_line(mobile_bay):
    """Review 2 and 5: a line of battle moves after its leader, and the scenario's notes (who leads, the flagship, the
    fort too far off to bear) were printed nowhere."""
    roster = _squeezed(_page(mobile_bay, "Quick Play order of battle").split(" | ")[0])
    for words in ("Tecumseh leads the monitor column", "Brooklyn leads the wooden line", "Hartford flagship",
                  "Fort Gaines Col. Charles D. Anderson; too far from the channel for most of its guns to bear"):
        assert _squeezed(words) in roster, words
    assert "Speed against staying power" not in roster  # the readings stand where the chart was (review 5)


def test_pre_damaged_copies_refuse_damage_the_sheet_has_no_track_for(tmp_path):
    """Review 0 and top 10 #10, and issue 22: `--copies pre-damaged` with the README's `damage: {hull: 2}` printed a
    blank Quick Play pack with no word. Through the real console script: a clear error with the file, line and
    field, a non-zero exit and no PDF; with an EDNA figure beside it the pack is built."""
    from conftest import run_cli

    scen = tmp_path / "battered.yaml"
    scen.write_text("id: battered\nname: The battered Tennessee\ndate: '1864-08-05'\nplace: Mobile Bay\nsides:\n"
                    "  - {name: Union, navy: USN, units: [{id: uss-hartford}]}\n"
                    "  - name: Confederate\n    navy: CSN\n    units:\n      - id: css-tennessee\n"
                    "        damage: {hull: 2}\n")
    run = run_cli("pack", str(scen), "--rules", "quick-play", "--copies", "pre-damaged", "-o", str(tmp_path / "out"))
    assert run.code != 0 and "Traceback" not in run.err
    assert "battered.yaml:11" in run.err and "sides[1].units[0].damage" in run.err
    assert "css-tennessee's damage names hull" in run.err and "it has edna" in run.err
    assert not list((tmp_path / "out").glob("*.pdf"))
    blank = run_cli("pack", str(scen), "--rules", "quick-play", "-o", str(tmp_path / "blank"))
    assert blank.code == 0, blank.err  # blank copies need no track


# ---------------------------------------------------------------------------------------------- round 2: the table's moments


def test_range_modifiers_in_avd_say_what_they_do_to_a_throw(mobile_bay, library, tmp_path):
    """Round 2, moment 3: "+1/−1/−2 AvD" for Heavy and Medium: add or take off an average die, or swap one of the dice?
    The quick reference says, in the reading played (as the Parrotts' row reads it); the other is a named option."""
    ref = _column(mobile_bay, "— quick reference")
    assert _squeezed("Range −1 AvD: 2D10 → 1D10 + AvD; +1 AvD: one more; lone Medium") in _squeezed(ref)
    blocks = _blocks(library, "mobile-bay-1864")
    assert "Range in AvD: +1 AvD adds an average die" in blocks and "(over 24 in, both: she does not throw) (house rule)" in blocks
    house = tmp_path / "subtract.json"
    house.write_text(json.dumps({"quick-play": {"avd_modifiers": {"rows": {"reading": "subtract"}}}}))
    assert "Range −1 AvD: take an AvD off the total (2D10 − 1 AvD); +1 AvD: one more." in _blocks(library, "mobile-bay-1864", house)


def test_the_events_say_which_doubles_go_to_them(mobile_bay, library):
    """Round 2, moments 4 and 9: "Catastrophic events (any double)" clashed with the Tests column (a Heavy's and a
    Medium's throws test EDNA only), and a torpedo's 3D6 left "any double" open."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "(any double)" not in ref and "Any double" not in ref
    # play 33, moment 11: "a double: no event" left open whether 1D10 + AvD can be one: a Heavy's or Medium's never is
    assert "Heavy 2D10 per factor EDNA (never a double)" in ref and "Medium 2D6 per two factors (one 2 AvD) EDNA (never a double)" in ref
    assert "the factor; over" in ref and ref.count("→ events.") == ref.count("Two dice alike, hit or not → events.")
    assert "Doubles on 3D6: any two of the 3D6 alike: a double (three alike: one event)" in ref
    column = _column(mobile_bay, "— quick reference")  # the cell wraps: "EDNA (never a" over "double)"
    assert column.count("EDNA (never a") == 2 and column.count("double)") >= 2


def test_torpedo_tests_say_how_many_and_that_a_ship_steaming_through_tests(mobile_bay, library):
    """Round 2, moment 9: one test a phase, or one each for starting, ending and turning? Does a ship that crosses the
    field in one half move without stopping escape? What of the set-up's density?"""
    ref = _blocks(library, "mobile-bay-1864")
    assert "Torpedoes 3D6 each half move she starts, ends or crosses in a field" in ref and "any density" in ref
    assert "Torpedoes 3D6 each half move she starts, ends or crosses in a field (any part of her base over it or its edge)" in ref
    assert _squeezed("half move she starts, ends or crosses in a field") in _squeezed(_column(mobile_bay, "— quick reference", left=False))


def test_brooklyns_test_says_which_way_she_turns_and_her_card_has_a_stopped_box(mobile_bay, library):
    """Round 2, moment 2: which way does Brooklyn turn 90°? And a stopped ship had no box in her card's Now row and no
    counter (the markers' Stopped backs print only with --backs)."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "turn 90° to starboard (bow 095°), stopped" in ref
    assert "astern at Slow only." in ref
    # a stopped ship's record is that no marker is out, and the card pages say so (replay 5 took the tick boxes away)
    assert "(off when she stops)" in _flat(" ".join(_cards(mobile_bay)))


def test_the_line_of_battle_says_which_ships_form_it_and_when_its_leader_stops(mobile_bay, library):
    """Round 2, moment 10: which ships form a line, and what happens when the leader (Brooklyn) stops."""
    assert "Line of battle: a column follows its roster leader: each moves in his wake at his speed, each half right after his" in _blocks(library, "mobile-bay-1864")
    assert "if he stops (carried too) or sinks, the next astern leads" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_a_lashed_pair_says_whose_card_carries_it_and_who_picks_the_gunboats_target(mobile_bay, library):
    """Round 2, moments 11 and 12: does the gunboat pick her own target, does she mask the sloop's port battery, which card
    carries the pair's speed, what of the gunboats' counters?"""
    assert ("Lashed pairs: one unit: one counter and the slower's marker (alike: either) of each setting (Slow: 4\" and "
            "3\": 3\"); each her own card, EDNA, target, torpedo tests; all her factors outboard") in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_drawing_counters_says_who_draws_first_and_that_the_number_is_the_order(mobile_bay, library):
    """Round 2, moment 12: the counters say TURN though they set the order of action; who draws first?"""
    assert "Drawing counters: blind, the Union first, in turn till a side holds one a unit, the other the rest, put by its units as it likes" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_the_rudder_event_says_from_which_bound_it_counts(mobile_bay, library):
    """Round 2, moment 13: rudder "one turn every 2nd bound": counted from which bound?"""
    assert "Moves: \"sinks in 1D6 moves\", \"one turn every 2 moves\": bounds, from the hit (hit in 3: turns in 5, 7, 9)" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_silenced_says_it_lasts_the_game(mobile_bay, library):
    """Round 2, moment 14: "Silenced": permanent or not?"""
    assert "All guns out: she fires no more but moves, rams and sinks as before; a fort is silenced, for the game" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_firing_arcs_cover_bow_pivot_and_turret_guns(mobile_bay, library):
    """Round 2, moment 15: "on the side her guns are on" gave no arc for bow or turret guns."""
    assert "Targets: one target a cannonade, in sight, over 30° off bow and stern, either side: all her factors bear" in _blocks(library, "mobile-bay-1864")
    # round 3, defect E: a ship steaming up the channel at the fort cannot bear on it, and the pack now says so
    assert "all her factors bear (bows on: none)" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_greatest_range_and_fort_gaines_range_agree(mobile_bay, library):
    """Round 2, moment 5: Fort Gaines fires only "within their range", yet the readings said "Greatest range: none"."""
    assert ("Greatest range: none, a fort's too unless its set-up rule names one: any unit in sight, with the over-24 in "
            "modifiers") in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_the_set_up_page_says_bounds_and_each_start_speed_in_inches_a_bound(mobile_bay):
    """Round 2, moment 1 and the p2/p6 defect: the set-up page said "Turn 1" and "12 turns" where the bound track and
    the reference count bounds, and gave start speeds in knots only, where the cards give Slow/Cruise/Full in inches."""
    setup = _page(mobile_bay, "Set-up:")
    assert "The game lasts 12 bounds." in setup and "12 turns" not in setup
    assert 'USS Tecumseh 59, 17½ 000° 4"' in setup  # the starts table's (RuleSet.start_speed; tests/test_setup_d.py)
    from shipyard.rules.quick_play.sheet import speed_words

    assert speed_words(4, RULESET) == '4"' and speed_words(12, RULESET) == '12"' and speed_words(0, RULESET) == '0"'


def test_the_start_speeds_in_inches_a_bound_are_on_the_letter_set_up_page_too(bundled_packs):
    """Round 3: speed_words existed but was not wired (in the starts table's Heading column it wrapped on Letter): the
    set-up page's note after the plan says it, on both papers."""
    from conftest import pdf_page_texts

    built = bundled_packs.get("mobile-bay-1864", "quick-play", "letter")
    setup = next(_flat(p) for p in pdf_page_texts(built.path) if "Set-up:" in p)
    assert 'USS Brooklyn + USS Octorara 56, 17 005° 3"' in setup  # since replay 15, in the starts table itself


def test_every_ship_card_gives_her_draught_for_groundings(mobile_bay):
    """Round 2, moment 8: the set-up gives the channel's and the shoals' depths in feet and says a ship drawing more
    grounds, but no ship's draught was anywhere in the pack."""
    cards = _half_cards(mobile_bay)
    assert len(re.findall(r"\bpieces draws \d+(½)? ft\b", cards)) == 22  # every ship, no fort
    assert "25 pieces draws 16 ft" in cards and "4 pieces draws 6 ft" in cards  # Brooklyn 16¼ ft, Winnebago 6 ft


def test_the_turn_counters_say_the_order_a_unit_acts_in_not_turn_where_the_article_counts_bounds(mobile_bay):
    """Round 3: the counters still printed TURN under their numbers, where the article's turn is a bound and the
    number is the order its unit acts in."""
    page = _page(mobile_bay, " ORDER ")
    assert _turn_numbers(mobile_bay) == list(range(1, 18))  # one a unit of the article's 24, a lashed pair one
    assert "TURN" not in page


def test_when_and_how_a_ram_is_declared_is_said_where_ramming_is(mobile_bay, library):
    """Round 3: the article's sequence has no orders, so when a ram is declared was the player's to invent: as her
    number comes up, before she fires, on the quick reference's Ramming line and the readings page."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "Ramming any ship may: RAM and target said at her number, before she fires (measure first); her bow must touch" in ref
    assert "speed: inches a move, 0 stopped" in ref
    assert _squeezed("RAM and target said at her number, before she fires (measure first);") in _squeezed(
        _column(mobile_bay, "— quick reference", left=False))


def test_a_lashed_pair_draws_one_turn_counter_and_moves_at_the_slower_setting(mobile_bay, library):
    """Round 3, moments 1 and 3: the readings put a pair on "the larger's card and counter", the bound drew "a counter per
    unit" and the counters page printed 24, so the player had to choose; and "the slower's speed" named no setting where
    a sloop's Slow is 4" and her sidewheel consort's 3". Now the cup holds 17 (7 pairs, 4 monitors, 4 gunboats, 2 forts)."""
    assert _turn_numbers(mobile_bay) == list(range(1, 18))
    ref = _blocks(library, "mobile-bay-1864")
    assert "Draw counters a counter per unit (a lashed pair is one) in a cup" in ref
    assert "the slower's marker (alike: either) of each setting (Slow: 4\" and 3\": 3\")" in ref
    assert "larger's card and counter" not in ref


def test_a_ship_in_line_moves_with_her_leader_and_fires_at_her_own_number(mobile_bay, library):
    """Round 3, moment 2: "a line follows its leader" (the bound's step 3 and the readings) left open whether a follower
    acts on her own number or with her leader; the article moves her with him and fires her at her own."""
    ref = _blocks(library, "mobile-bay-1864")
    assert ("each moves in his wake at his speed, each half right after his, her own torpedo tests (his whole inches, "
            "or to touch the ship ahead), but fires at her own number (both cannonades, no move; arcs as she lies)") in ref
    assert "Act by number from 1 up, each does all below; a line moves with its leader, fires on its own" in ref
    assert _squeezed("a line moves with its leader, fires on its own") in _squeezed(_page(mobile_bay, "— quick reference"))
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page  # the readings still end on their page


def test_a_throw_is_per_factor_the_word_the_cards_print(mobile_bay, library):
    """Round 3, moment 4: the cannonade table threw "2D10 per gun, 2D6 per two guns" where the cards give factors ("32
    pieces in 10 factors"): the article's gun is a factor, and the table now says so in the cards' word."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "per gun" not in ref and "two guns" not in ref
    assert "Parrott 2D6 per one or two factors" in ref
    assert "Throws: a factor is a \"gun\": a Heavy 2D10 each" in ref
    assert _squeezed("2D10 per factor") in _squeezed(_page(mobile_bay, "— quick reference"))
    assert "32 pieces in 10 factors" in " ".join(_cards(mobile_bay))  # Fort Morgan's card, the word the table uses
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_ramming_says_the_rammer_must_reach_and_whom_the_hits_and_events_fall_on(mobile_bay, library):
    """Round 3, moment 11: must the rammer reach the target in her move? Do the events of a double fall on the target or
    the rammer? Is the rammer hurt? The quick reference's Ramming line and the readings answer all three."""
    ref = _blocks(library, "mobile-bay-1864")
    assert ("Ramming any ship may: RAM and target said at her number, before she fires (measure first); her bow must "
            "touch it this move, turn too, else it lapses (one already touching: speed 0, marker kept, each bound). Ramming factor") in ref
    assert "Two dice alike, hit or not → events. Hits and events: the target's alone." in ref
    assert "Ramming, Holed, Repeats, Torpedo tests: the quick reference" in ref  # the readings point to it (said once: replay 26)
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))  # read down the column, as the line wraps
    assert _squeezed("her bow must touch it this move, turn too, else it lapses (") in qr
    assert _squeezed("Hits and events: the target") in qr and _squeezed("s alone.") in qr  # ' set as ’
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_a_range_minus_on_a_lone_medium_that_already_throws_average_dice_is_said(mobile_bay, library):
    """Round 3, moment 5: "−1 AvD: one of her dice is an AvD" said nothing of a single Medium, whose throw is 2 AvD
    already. The minus takes an average die away: the quick reference's Range line and the readings say it."""
    qr = _squeezed(_column(mobile_bay, "— quick reference"))
    assert _squeezed("2D10 → 1D10 + AvD; +1 AvD: one more; lone Medium 10: 15 at point blank, 5 over 12 in, none over 24 in.") in qr
    blocks = _blocks(library, "mobile-bay-1864")
    assert "Range in AvD: +1 AvD adds an average die; −1 AvD throws one of her dice as an average die instead; a lone Medium's 2 AvD lose one (over 24 in, both: she does not throw)" in blocks
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_in_sight_is_said_and_a_consort_behind_her_sloop_is_hidden(mobile_bay, library):
    """Round 3, moment 8: "in sight" was undefined, so whether the fort may fire at a gunboat on the far side of her
    sloop was the player's to invent."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("to some part of the target's crosses no land but a fort's own and passes over no other model or base "
            "(a pair's too: a consort partly clear is seen)") in blocks
    page = _readings(mobile_bay)
    assert "In sight" in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_fort_morgans_fronts_and_fort_gaines_guns_agree_with_their_cards(mobile_bay, library):
    """Round 3, moments 6 and 7: the set-up splits Fort Morgan's guns by front (channel 20, bay 8, land 4) against her
    card's 10 undivided factors, and gives Fort Gaines "only her two 10in columbiads" against her card's 4/2/2."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("Fort Morgan: sectors from her square on the plan: every factor she has left bears on the channel (170–330°); on the bay (330–030°) 2 of whatever "
            "Mediums she has left, 1 if one (her 8 bay-front pieces); none landward") in blocks
    assert "Fort Gaines: the set-up page" in blocks  # said once, on the set-up page (replay 26)
    assert _squeezed("her card's factors fire in her sector on the plan, at a ship within 24 in of her") in _squeezed(
        _page(mobile_bay, "Set-up: Battle of Mobile Bay"))  # the set-up rule the reading points to says it once
    cards = " ".join(_cards(mobile_bay))
    assert "32 pieces in 10 factors" in cards and "27 pieces in 8 factors" in cards  # the cards the readings speak of
    page = _readings(mobile_bay)
    assert "every factor she has left bears on the channel" in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_ships_do_not_pass_through_each_other_and_a_touch_is_no_ram(mobile_bay, library):
    """Round 3, moment 10: the monitor column and the wooden line had to cross round a stopped Brooklyn; the set-up says
    only "steer round her", with no rule for models that meet and no footprint."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert "models (or bases) touching unbidden, she stops that half move" in blocks  # so never through
    assert "both unhurt (only a RAM harms)" in blocks
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_the_tide_says_how_far_a_stopped_ship_drifts(mobile_bay, library):
    """Round 3, moment 9: the set-up's tide says a ship drifting drifts north, but not whether a stopped ship drifts or
    how far."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("Tide: a ship stopped drifts 1 in with a set-up's tide in phase 9 (Mobile Bay: "
            "north)") in blocks
    assert "a ship drifting with the tide drifts north" in _page(mobile_bay, "Set-up:")  # the set-up's fact it reads
    page = _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_fort_morgans_edna_track_reads_in_one_row(mobile_bay):
    """Round 3, defect C: Fort Morgan's 22 EDNA boxes broke after the fourth group of five, her last two boxes on a line
    of their own. Her track now reads 22 down to 1 in one row; a ship's boxes keep their size."""
    assert _edna_row(mobile_bay, 22) == "EDNA " + " ".join(str(n) for n in range(22, 0, -1))


def test_the_edna_boxes_groups_of_five_are_said_to_be_for_counting(mobile_bay):
    """Round 3, defect D: the EDNA boxes stand in groups of five with no word why, which a player read as speed
    thresholds. Every card page's head says the fives are only to count by."""
    pages = _cards(mobile_bay)
    assert pages and all(_squeezed("Strike an EDNA box a hit, from the left (in fives only to count by)") in _squeezed(p)
                         for p in pages)


def test_grounding_says_what_it_does_and_unmarked_water_is_deep(mobile_bay, library):
    """Final replay, moments 1 and 2: the set-up says "a ship drawing more than the depth grounds" but not what a
    grounded ship may do, and gives depths only for the channel and the shoals, leaving the rest of the table open."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("Grounding: drawing more than the depth (deep where none is given, as off the channel), she stops where she "
            "touches, unhurt, firing; off straight astern") in blocks
    page = _readings(mobile_bay)
    assert _squeezed("Grounding: drawing more than the depth (deep where none is given, as off the channel)") in _squeezed(page)
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_going_astern_says_reverse_is_one_step_from_stopped(mobile_bay, library):
    """Final replay, moment 3: astern is at Slow only and speed changes a step a bound, but whether Reverse is a step
    from Stopped (or from Slow) was not said."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("Going astern: the steps run Full, Cruise, Slow, Stopped, Reverse: Reverse is one step from Stopped (a "
            "monitor: Slow to Full is one)") in blocks
    page = _readings(mobile_bay)
    assert "Reverse is one step from Stopped" in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_a_ships_speed_is_her_marker_not_a_tick_that_cannot_be_unticked(mobile_bay):
    """Replay 5, defect: a card's speed tick boxes could be ticked once only, so after two changes a card showed Slow and
    Cruise both ticked. Her speed marker by the model is the record, and every card page says so."""
    cards = _cards(mobile_bay)
    assert cards and all(_squeezed("Her speed now is the speed marker beside her model (off when she stops), not a mark "
                                   "on her card.") in _squeezed(p) for p in cards)
    assert not re.search(r"\bStopped Slow\b", _half_cards(mobile_bay))  # no tick box a setting left to go stale


def test_the_readings_are_set_at_7_pt_the_set_ups_under_the_roster_the_bounds_after_the_cards(mobile_bay):
    """Replay 5, small print: the "What the rules leave open" table was about 6 pt, hard to read at arm's length.
    Its readings are paragraphs at 7 pt or more: the set-up's and the units' under the roster, the bound's after the
    record cards, every one printed once, and the pack keeps its pages. (Play 30, moment 5, set them at 7.5 pt:
    test_the_readings_are_set_at_7_5_pt_condensed_on_the_pages_they_had.)"""
    sizes = {}
    with _opened(mobile_bay.path) as pdf:
        for k, p in enumerate(pdf.pages):
            if "What the rules leave open" not in mobile_bay[k]:  # the page's whole text is in it: lay out only these
                continue
            heads = [w for w in p.extract_words() if w["text"] == "leaves"]
            texts = _flat(p.extract_text() or "")
            if not heads or "What the rules leave open" not in texts:
                continue
            top = heads[0]["bottom"]
            body = [c for c in p.chars if top < c["top"] < p.height - 40 and c["text"].strip()]
            sizes[k] = min(round(c["size"], 1) for c in body)
    assert len(sizes) == 2 and min(sizes.values()) >= 7.0, sizes
    setup, bound = (mobile_bay[k] for k in sorted(sizes))
    assert "Quick Play order of battle" in setup and "the set-up and the units" in setup and "Order of battle" in setup
    assert RECORD_CARDS in bound and "the bound" in bound and "Ramming factor" in bound
    assert len(mobile_bay) == RULESET.pack_pages


def test_one_cannonades_throws_test_the_edna_she_had_as_it_began(mobile_bay, library, tmp_path):
    """Replay 5, moment 2: "over the target's current EDNA" within one volley: does EDNA drop after each hit or stay
    for the whole cannonade? The quick reference's Gunfire line says (all test the EDNA she had as it began), the
    readings name the other reading's house rule, and that house rule prints the other reading."""
    ref = _column(mobile_bay, "— quick reference")
    assert _squeezed("no hit. A cannonade's throws all test her EDNA as it began.") in _squeezed(ref)
    assert _squeezed("One cannonade: all its throws test the EDNA she had as it began, after earlier numbers' hits; its hits are struck after, not one by one"
            "; a throw that sinks her leaves the rest lost: no new target (house rule)") in _squeezed(_readings(mobile_bay))
    house = tmp_path / "each.json"
    house.write_text(json.dumps({"quick-play": {"cannonade_edna": {"rows": {"reading": "each"}}}}))
    assert "Throw one at a time, each against her EDNA as the hits before it left it." in _blocks(library, "mobile-bay-1864", house)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_forts_magazine_event_silences_it_for_the_game(mobile_bay):
    """Replay 5, moment 3: a fort "silenced" by the 1-1 event: only the all-guns-out case said "for the game", so whether
    the event's silence lasts was the player's guess."""
    assert ("Magazine (1-1): a fort's silences it for the game, as all guns out does (a ship's sinks her): tick "
            "Silenced (the other reading: 4 guns out)") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_ranges_and_arcs_are_measured_from_each_models_centre(mobile_bay):
    """Replay 5, moment 5: where range and arcs are measured from (centre or nearest point) was not said, and the
    12 in break mattered twice (11.8 and 12.3 in)."""
    readings = _readings(mobile_bay)
    assert "Measuring: ranges and arcs from each model's centre, the set-up's point" in readings
    assert "arcs along her heading" in readings
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_measuring_rule_gives_way_to_a_forts_own_set_up_rule(mobile_bay):
    """Replay 17, defect p3: the Measuring reading took a fort's ranges and arcs from its mark, and the Fort Morgan
    reading her range from the shore, "not her mark": two rules for one fort. The general rule says a fort's set-up
    rule comes first; Fort Morgan's still says where her range is taken."""
    readings = _readings(mobile_bay)
    assert "(a fort: its mark, or as its set-up says)" in readings
    assert "to the nearest point of Mobile Point's west shore (her water battery)" in readings
    assert len(mobile_bay) == RULESET.pack_pages


def test_when_one_of_a_lashed_pair_sinks_the_other_goes_on_alone_and_the_wreck_leaves(mobile_bay):
    """Replay 5, moment 1: a lashed consort sinks: nothing said what happens to the sloop, her speed, or the wreck."""
    assert ("the other cuts free at once, keeps the counter, and goes on at the pair's setting on "
            "her own marker (Cruise: a sloop's 8\"), less the pair's run (after its move: none); a sunk model leaves the table") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_when_one_of_a_lashed_pair_strikes_the_other_cuts_free_and_the_prize_stays_anchored(mobile_bay):
    """Replay 11, moment 1: Octorara struck while lashed to Brooklyn. The readings said only what a sinking does, and
    the set-up's "casting off takes a whole move" left Brooklyn towing a prize for a bound."""
    readings = _readings(mobile_bay)
    assert ("One of a pair lost: sunk or struck (a torpedo: where she met the field), the other cuts free at once, keeps the counter, and goes on at the pair's "
            "setting on her own marker (Cruise: a sloop's 8\"), less the pair's run (after its move: none); a sunk model leaves the table, a struck one anchors "
            "alongside, blocking sight") in readings
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in readings


def test_a_forts_own_shore_does_not_block_its_lines_of_sight(mobile_bay):
    """Replay 11, moment 2: Fort Morgan's mark lies 2-4 in inside Mobile Point's shore, so "crosses no land" read
    literally let nothing fire at her and her fire at nothing (Fort Gaines the same)."""
    readings = _readings(mobile_bay)
    assert ("to some part of the target's crosses no land but a fort's own and passes over no other model or base "
            "(a pair's too: a consort partly clear is seen)") in readings
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in readings


def test_the_waiting_confederates_stay_stopped_but_a_sidewheeler_may_turn_where_she_lies(mobile_bay):
    """Replay 5, moment 4: the bound-1 order has the Confederates "wait ... 0 kn": may a stopped sidewheeler pivot, as
    her card's "turns when stopped" allows? And the order said "Orders are free from turn 2" in a pack that counts
    bounds."""
    setup = _page(mobile_bay, "Set-up: Battle of Mobile Bay")
    assert _squeezed("Tennessee and the gunboats wait inside the torpedo line, stopped: after Brooklyn's test each may set "
                     "any heading, and fire, but none gets under way or drifts") in _squeezed(setup)  # replay 9, defect 2
    assert "from turn 2" not in setup


def test_a_monitors_turrets_bear_all_round_so_she_fires_bows_on(mobile_bay):
    """Replay 5, defect: the 30° no-fire bow arc applied to monitors too, so they spent two bounds unable to fire at
    the fort ahead; turrets fired over the bow."""
    assert "all her factors bear (bows on: none); a monitor's all round" in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_fort_gaines_set_up_rule_and_reading_say_the_same_and_that_the_line_passes_out_of_her_reach(mobile_bay):
    """Replay 5, defect: the set-up page said only two of Fort Gaines' columbiads fire while the readings said her card's
    8 factors fire; and she is about 45 in from the channel, so her counter is drawn for a fort that cannot fire."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("only two of her three 10in columbiads") not in setup
    assert _squeezed("45 in (4,500 yd) west of the channel's mouth, 55 in from Fort Morgan: her card's factors fire in her sector on the plan, at a ship "
                     "within 24 in of her, and only a ship that near fires at her. The line passes out of her reach: she draws a counter, and "
                     "passes while no ship is within 24 in") in setup  # her dead counter, said (replay 26)
    assert _squeezed("Fort Gaines: the set-up page") in _squeezed(_readings(mobile_bay))  # said once (replay 26)


def test_a_stopped_ship_may_anchor_and_then_does_not_drift(mobile_bay):
    """Replay 5, defect: the tide drifted the waiting Confederates an inch north each bound, and nothing let them anchor
    (the squadron lay at anchor and under way inside the line)."""
    assert ("Tide: a ship stopped drifts 1 in with a set-up's tide in phase 9 (Mobile Bay: north), "
            "unless at anchor; a stopped ship anchors or weighs as her move (firing as ever), no drift that bound (Anchored marker on or off;") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_bound_is_called_a_bound_and_turn_means_turning(mobile_bay):
    """Replay 5, defect: "turn" meant the bound (the card pages' strip), phase 6 and turning, and the set-up said "Orders
    are free from turn 2" though the bound has no orders phase. One word a meaning: the strip is headed Bound, the set-up
    says what changes from bound 2, a counter is a counter."""
    cards = _cards(mobile_bay)
    assert cards and all(_squeezed("Bound: 1 Draw counters") in _squeezed(p) for p in cards)
    assert not any(_squeezed("Turn: 1 Draw counters") in _squeezed(p) for p in cards)
    setup = _page(mobile_bay, "Set-up: Battle of Mobile Bay")
    assert _squeezed("Moves are free from bound 2") in _squeezed(setup) and "Orders are free" not in setup
    assert "turn counter" not in _readings(mobile_bay)


def test_the_readings_say_fort_morgan_and_tennessee_are_hard_targets_by_the_articles_own_edna(mobile_bay):
    """Replay 5, balance: Fort Morgan (EDNA 22) can never be hit by gunfire and Tennessee (18) only by a Heavy's 19-20
    inside 12 in, so the Parrotts' doubles do the damage. No reading of ours makes it so (the article's EDNAs and
    dice do); the readings say it, so a club does not take it for the pack's error."""
    assert ("Hard targets: as printed: only a point-blank Heavy beats Fort Morgan's 22, only a Heavy's 19-20 inside 12 in "
            "Tennessee's 18") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_another_scenarios_readings_leave_out_mobile_bays_units_and_keep_their_heading(hampton_roads):
    """The readings that came with replay 5 made Hampton Roads' pack a page longer and left a readings heading alone at
    a page's foot: Mobile Bay's own readings (its forts, Brooklyn, its order of battle) are left out of another
    scenario's pack, and each part keeps its heading with its readings."""
    pages = hampton_roads
    parts = [p for p in pages if "What the rules leave open" in p]
    assert len(parts) == 2 and all("Drawing counters" in p or "Ramming factor" in p for p in parts)
    text = " ".join(parts)
    assert "Brooklyn's test" not in text and "Fort Gaines" not in text and "Hard targets" not in text
    assert len(pages) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 6


def test_a_lost_units_counter_leaves_the_cup(mobile_bay, library):
    """Replay 6, the moment: once Selma and Octorara were sunk, which counters go in the cup? The player drew all 17
    and left the spares unused. The bound's end and the readings say it: one counter a unit left, the highest out."""
    assert "End of bound holed ships due sink; strike the bound; cup: one counter a unit left" in _blocks(library, "mobile-bay-1864")
    page = _readings(mobile_bay)
    assert ("Lost units: a unit sunk, struck or silenced draws no more: at the bound's end the highest numbers go, "
            "one a unit (a ship all guns out still draws)") in page
    assert _squeezed("cup: one counter a unit left") in _squeezed(_page(mobile_bay, "Naval Rules — quick reference"))
    assert len(mobile_bay) == RULESET.pack_pages and "Going astern" in page


def test_the_bound_says_when_a_stopped_ship_drifts(mobile_bay, library):
    """Replay 6, near-miss: only the Tide reading said when she drifts ("at the end of her bound", unclear) and the
    sequence left it out. Phase 9 says it, and the reading names the phase."""
    assert ("Ship 2nd cannonade she fires again, at any target; then, stopped and not at anchor, she drifts (Tide)"
            in _blocks(library, "mobile-bay-1864"))
    assert _squeezed("she fires again, at any target; then, stopped and not at anchor, she drifts (Tide)") in _squeezed(
        _page(mobile_bay, "Naval Rules — quick reference"))
    page = _readings(mobile_bay)
    assert "tide in phase 9 (Mobile Bay: north)" in page and "at the end of her bound" not in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_fort_morgans_bay_guns_once_factors_are_struck_are_said(mobile_bay):
    """Replay 6, near-miss: the readings gave Fort Morgan 2 Medium on the bay, but not what bears there once guns are
    out. The reading says it of the factors she has left: every one on the channel, 2 of her Mediums left on the bay."""
    page = _readings(mobile_bay)
    assert "2 of whatever Mediums she has left" in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_fort_morgans_bay_guns_are_any_two_of_the_mediums_left_once_mediums_are_struck(mobile_bay):
    """Replay 11, defect 2: "on the bay 2 of her Mediums left" did not say whether the bay's pieces are among the
    Mediums guns-out strikes; the bay gets 2 of whichever Mediums she still has, 1 if one."""
    page = _readings(mobile_bay)
    assert ("Fort Morgan: sectors from her square on the plan: every factor she has left bears on the channel (170–330°); on the bay (330–030°) 2 of whatever "
            "Mediums she has left, 1 if one (her 8 bay-front pieces); none landward") in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_the_set_up_page_counts_no_fort_pieces_against_her_cards_factors(mobile_bay):
    """Replay 6, defects: the set-up's starts said Fort Gaines "bears 040-150, 2 guns" and Fort Morgan "170-330: 20
    guns; 330-030: 8 guns", and the special rules split Fort Morgan's 32 pieces by front, where her card has 10
    factors that all bear on the channel. Quick Play's set-up gives each fort's sectors and no piece counts (the
    readings say which factors bear); the other rule sets keep their pieces."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("bears 170–330°; 330–030°") in setup and _squeezed("bears 040–150°") in setup
    assert _squeezed("20 guns") not in setup and _squeezed("2 guns") not in setup
    assert _squeezed("Fort Morgan's fronts") not in setup and _squeezed("6 10in and 1 8in columbiads") not in setup


def test_fort_gaines_distance_from_the_channel_is_the_plans(mobile_bay, library):
    """Replay 6, defect: "three miles (45 in)" is not the same distance at 100 yd an inch (3 miles is about 53 in).
    The plan puts her 4,460 yd (45 in, 2½ miles) from the channel's edge, 5,500 yd (55 in, about three miles) from
    Fort Morgan, which is what the set-up now says; the other rule sets' rule says two and a half miles too."""
    import math
    setup = library.scenarios["mobile-bay-1864"].setup
    gaines, morgan = setup.starts["fort-gaines"].at, setup.starts["fort-morgan"].at
    assert round(math.dist(gaines, morgan) / 100) == 55
    assert round((5514 - gaines[0]) / 100) == 45  # the channel's west edge abreast of her, on the line's track
    page = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("45 in (4,500 yd) west of the channel's mouth, 55 in from Fort Morgan") in page
    assert _squeezed("Three miles (45 in)") not in page
    others = [r.rule for r in setup.special_rules if r.name == "Fort Gaines" and "quick-play" not in (r.rules or [])]
    assert others and all(r.startswith(("Two and a half miles from the channel", "2½ miles off the channel"))
                          for r in others)  # Saunders' shorter since play 41 (sau27)


def test_the_scores_say_a_lashed_gunboat_is_a_wooden_ship_and_the_gunboats_score_nothing(mobile_bay):
    """Replay 6, defect: do the lashed sidewheelers count as wooden ships for the Confederates' +4, and is it meant that
    the Union scores nothing for sinking the Confederate gunboats? The readings say the first (the double-enders were
    wooden ships) and the second (the Union's points are for passing and for Tennessee, as on the day)."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("each Union wooden ship sunk or struck") in setup  # the row the reading answers for
    page = _readings(mobile_bay)
    assert ("Scoring: a lashed gunboat is a wooden ship (+2 past the line, +4 if lost); sinking a Confederate gunboat scores "
            "nothing") in page
    assert len(mobile_bay) == RULESET.pack_pages and "Order of battle" in page


def test_the_counters_sheet_has_anchored_aground_and_holed_markers_for_the_fleet(mobile_bay, library):
    """Replay 6, defect: the counters had no anchor, aground or holed markers (the pack said to draw a ring by her model,
    or to mark holed on the card only). One of each for every 6 units drawing a counter: 17 counters, 3 of each."""
    markers = _markers(mobile_bay)
    assert _turn_numbers(mobile_bay)[-1] == 17
    for word, note, count in (("Anchored", "no drift or turn; weigh: a move", 15), ("Aground", "stopped; off only astern", 6),
                              ("Holed", "sinks end of bound ___", 6)):  # Anchored: every ship may (replay 8); 6: replay 13
        assert sum(m.startswith(word) for m in markers) == count, word
        assert all(note in m for m in markers if m.startswith(word)), word
    assert "(Anchored marker on or off;" in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_no_player_page_speaks_the_tools_words(mobile_bay):
    """Replay 7, defect: the cover said "--sides-apart parts them", the readings "(house rule: which_units: play
    library)", "ramming: factor subtract, modifier 1", "the scan's 00" and "the article". A player's page says it in
    the game's words: the option's names are in docs/rules/quick-play.md; a reading with a second one is marked."""
    text = " ".join(mobile_bay)
    for word in ("--", "house rule:", "which_units", "factor subtract", "reading subtract", "reading each", "scan",
                 "the article"):
        assert word not in text, word
    assert "(Union's alone on page 4; both sides' on page 5)" in mobile_bay[0]
    page = _readings(mobile_bay)
    assert "Order of battle: Mobile Bay as the rules print it: Fort Morgan with its water battery, no Fort Powell (house rule)" in page
    assert "one marked (house rule) has a second reading a club may play instead" in page


def test_passing_says_a_ship_moves_her_markers_whole_inches_and_what_touching_is(mobile_bay):
    """Replay 7, moment 1: the ships astern "steer round" a stopped Brooklyn, but may a ship move less than her speed
    marker, and with no model size given, when does she touch? The reading says both: her marker's whole inches, no
    fewer (speed changes a step a bound, so she slows by her marker, and steers round in her turn), and touching is
    the models on the table meeting (their bases where based), so no size is needed."""
    assert _squeezed("Passing: a ship moves her marker's whole inches, steering round a ship or shoal by her phase-6 turn (a "
                     "follower too, own turn: the wake next bound, those astern after her); models (or bases) touching unbidden, she stops that half "
                     "move") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_boiler_explosion_says_which_edna_it_tests(mobile_bay, library, tmp_path):
    """Replay 7, moment 2: a 2-2 boiler explosion tests "her own current EDNA", and a cannonade's hits are struck after
    it: is that EDNA before or after the hits of the cannonade that burst her boiler? Before, as every other throw
    of that cannonade (its hits struck after); the house rule that strikes hits one by one prints its own reading."""
    events = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("Boiler (2-2) Over her own EDNA as the cannonade (ram, torpedo) that burst it began, its hits "
                     "struck after: a hit per point over (to 0: struck, not sunk).") in events
    house = tmp_path / "each.json"
    house.write_text(json.dumps({"quick-play": {"cannonade_edna": {"rows": {"reading": "each"}}}}))
    assert ("Boiler (2-2) Over her own EDNA as the hits thrown before the double left it: a hit per point over"
            in _blocks(library, "mobile-bay-1864", house))
    assert len(mobile_bay) == RULESET.pack_pages


def test_brooklyns_test_is_thrown_in_bound_1_before_the_draw_on_both_pages(mobile_bay):
    """Replay 7, defect: the set-up lists Brooklyn's test as a bound 1 event, the quick reference said "before bound 1".
    Both now say bound 1, before the draw (the player threw it before drawing the cup, as the article's game opens)."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("Brooklyn throws before the draw: above her EDNA, or she stops") in setup
    assert _squeezed("Bound 1, before the draw USS Brooklyn throws 3D6") in _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert "Before bound 1" not in " ".join(mobile_bay)


def test_the_waiting_confederates_do_not_drift_in_bound_1(mobile_bay):
    """Replay 7, defect: Tennessee and the gunboats start at 0 kn with no anchor, so the tide drifted them in bound 1
    while the bound-1 order says none gets under way. The order now says none drifts either."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("but none gets under way or drifts (a sidewheeler turns). Moves are free from bound 2") in setup


def test_a_waiting_sidewheeler_may_turn_in_bound_1_and_the_binding_says_so(mobile_bay, bundled_packs):
    """Play 29, moment 2 (p2 Binding, bound 1): the gunboats kept their 200° and nothing bore; the binding said none
    gets under way or drifts, the sidewheeler cards "turns when stopped", and nothing said whether a stopped
    sidewheeler may still turn in bound 1's phase 6. She may (replay 5's reading, docs: turning where she lies is
    not getting under way, the article's own right of a stopped sidewheeler); said in the binding, on A4 and Letter."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("but none gets under way or drifts (a sidewheeler turns).") in setup
        assert "turns when stopped" in " ".join(_cards(pages))
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_binding_says_a_pair_lashed_to_a_sidewheeler_starts_at_her_3_inches(mobile_bay, library):
    """Replay 7, defect: the set-up set every Union ship at "4 kn is 4\" a bound", but a pair lashed to a sidewheeler
    moves at the slower's setting, her 3\" (the Lashed pairs reading). The bound-1 order now says both; a pair lashed
    to a screw gunboat (Seminole, Kennebec, Itasca, Galena: Slow 4\") keeps 4\"."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed('the Union line steams in, each column at its leader\'s speed (monitors 4", the wooden '
                     'line 3")') in setup  # replay 9, defect 1: one reading with In line's
    assert _squeezed('(Slow: 4" and 3": 3")') in _squeezed(_readings(mobile_bay))


def test_a_cards_draught_never_wraps_its_feet(mobile_bay):
    """Replay 7, defect: "22 pieces · draws 17½ ft" wrapped its "ft" onto a line of its own on Richmond's, Monongahela's
    and Oneida's cards. The draught has a line of its own under the pieces, read here line by line down each half."""
    lines = []
    with _opened(mobile_bay.path) as pdf:
        for k, page in enumerate(pdf.pages):
            if RECORD_CARDS in mobile_bay[k]:
                w, h = page.width, page.height
                for half in (page.crop((0, 0, w / 2, h)), page.crop((w / 2, 0, w, h))):
                    lines += [_flat(line) for line in (half.extract_text() or "").splitlines()]
    assert sum(line.endswith("draws 17½ ft") for line in lines) == 2  # Richmond, Monongahela
    assert sum(line.endswith("draws 15½ ft") for line in lines) == 1  # Oneida
    assert not [line for line in lines if line == "ft" or line.endswith(("draws 17½", "draws 15½"))]


def test_the_card_pages_say_a_magazine_or_boiler_hit_is_marked_by_what_it_does(mobile_bay):
    """Replay 7, defect: no tick box for a boiler or a magazine hit, only for what it does (sunk). That is all the
    game needs of it once thrown, and every card page now says so."""
    cards = _cards(mobile_bay)
    assert cards and all(_squeezed("Tick each event that befalls her (a magazine or boiler hit has no box: note it "
                                   "after Now).") in _squeezed(p) for p in cards)  # play 29: somewhere to note it
    assert len(mobile_bay) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 8


def test_a_models_base_and_where_a_consort_lies_are_said_for_range_sight_and_touching(mobile_bay, hampton_roads):
    """Replay 8, moment 1: the plan puts one point per lashed pair, but each ship is her own target with her own range
    and sight, and nothing said where the consort lies or how big a model is (which also decides touching and
    steering round). A base of 1 in by ¼ in, the consort against the sloop's port side; a battle with no pair (Hampton
    Roads) leaves the pairs' readings out, so its roster page keeps its room."""
    page = _readings(mobile_bay)
    assert "Models: each ship a base 1 in by ¼ in (or her model's) on her point, for touching (within ⅛ in) and steering round" in page
    assert ("Consorts: the set-up point is the sloop's centre; hers against her port side, centres ¼ in apart: each "
            "her own centre for range, arcs, sight; the pair touches as one 1 by ½ in") in page
    hampton = " ".join(hampton_roads)
    assert "Models" in hampton and "Consorts" not in hampton and "Lashed pairs" not in hampton
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_stopped_leader_leaves_the_line_and_may_rejoin_at_its_rear(mobile_bay):
    """Replay 8, moment 2: "if he stops, the next astern leads" left open whether a stopped leader (Brooklyn, then
    Hartford) takes the lead back or rejoins. She has left the line: she acts at her own number and may rejoin astern."""
    assert ("if he stops (carried too) or sinks, the next astern leads (at the old leader's number; at the line's inches till she steps: to her next setting): he has left it for good (under way: his own number; "
            "he may rejoin at its tail: clear of its track till the last ship is past, then into her wake)") in _readings(mobile_bay)


def test_a_ship_weighing_anchor_does_not_drift_that_bound(mobile_bay):
    """Replay 8, moment 3: "weigh: a move" did not say whether a ship weighing is stopped and drifts in phase 9."""
    assert ("a stopped ship anchors or weighs as her move (firing as ever), no drift that bound (Anchored marker on or off; at anchor "
            "none turns)") in _readings(mobile_bay)


def test_both_sides_place_their_order_counters_at_once_face_down(mobile_bay, library):
    """Replay 8, moment 5: who places the order counters first was not said (secret, or one side after the other?).
    The article has both commanders choose: both at once, face down, turned up together."""
    bound = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("Decide the order both sides at once, face down: one behind each of its units") in bound
    assert ("put by its units as it likes, face down, turned up together"
            in _readings(mobile_bay))


def test_a_struck_ship_has_a_box_and_stays_as_a_prize(mobile_bay):
    """Replay 8, moment 4: EDNA 0 is "sunk or struck", but the card had only a Sunk box, and whether a struck ship
    stays (a prize, an obstacle) was not said. Every ship's card has a Struck box beside Sunk; the reading says she stays."""
    cards = _half_cards(mobile_bay)
    ships = cards.count("Events sunk struck holed")
    assert ships == 22 and cards.count("Events silenced") == 2  # every ship's card; a fort's EDNA 0 is Silenced
    assert ("Struck: a ship at EDNA 0 not sunk has struck (tick Struck): she stays, anchored, a prize and an obstacle, "
            "and no longer fires, moves or draws") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_rudder_box_has_a_blank_for_the_bound_it_counts_from(mobile_bay):
    """Replay 8, defect: "one turn every 2nd bound" counts from the bound of the hit, but only Holed had a blank to
    write a bound in. The rudder's box has one too, on every ship's card."""
    assert _half_cards(mobile_bay).count("one turn every 2nd bound, hit in bound ______") == 22


def test_the_rudder_blank_says_it_takes_the_bound_of_the_hit(mobile_bay):
    """Replay 14, defect p4-p5: the blank in "one turn every 2nd bound from ______" did not say whether to write the
    bound of the hit or her first turn's; only a reading on p5 settled it. The card says so by the blank."""
    cards = _half_cards(mobile_bay)
    assert cards.count("bound, hit in bound ______") == 22 and "bound from ______" not in cards


def _base(centre: tuple[float, float], heading: float, fore: float, aft: float, port: float, starboard: float):
    """A base's corners (inches, x east, y north) about a ship's centre, heading in degrees from north: `fore` and
    `aft` along her keel, `port` and `starboard` across it."""
    import math

    h = math.radians(heading)
    ahead, right = (math.sin(h), math.cos(h)), (math.cos(h), -math.sin(h))
    return [(centre[0] + a * ahead[0] + r * right[0], centre[1] + a * ahead[1] + r * right[1])
            for a, r in ((fore, starboard), (fore, -port), (-aft, -port), (-aft, starboard))]


def _apart(p: list, q: list) -> bool:
    """Two convex outlines do not meet (a separating axis among their edges' normals)."""
    for poly in (p, q):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y2 - y1, x1 - x2
            a, b = [x * nx + y * ny for x, y in p], [x * nx + y * ny for x, y in q]
            if max(a) < min(b) or max(b) < min(a):
                return True
    return False



def _passes_to_port_clear_of(at, heading, brooklyn) -> None:
    """A pair at `at` on `heading` runs 3 in in tenths (a turn of 45° to port on her centre, 1.5 in, back 45° to
    starboard, 1.5 in on: the pass's course) and never touches the base `brooklyn` (the Models base; the consort's
    centre ¼ in to port of her sloop's)."""
    import math

    half, long, wide = 0.125, 0.5, 0.25
    x, y = at
    for step in range(31):
        if step in (0, 15):
            turn = -1 if step == 0 else 1
            for swing in range(46):
                assert _apart(_base((x, y), heading + turn * swing, long, long, half + wide, half), brooklyn), swing
            heading += turn * 45
        assert _apart(_base((x, y), heading, long, long, half + wide, half), brooklyn), step
        x, y = x + 0.1 * math.sin(math.radians(heading)), y + 0.1 * math.cos(math.radians(heading))


def test_the_ships_astern_can_pass_a_failed_brooklyn_at_the_packs_own_spacing(mobile_bay, library):
    """Replay 8, defect: Brooklyn's "the ships astern steer round her" could not be done: Hartford 2½ in astern, moving
    3 in (lashed to a sidewheeler), may turn only at the half, and swung into the monitors' lane. The test now says which
    way and how: to port (since play 29, both turns in bound 1: 45° as she starts, back at the half). Played here on the pack's own numbers (the set-up's starts at 100 yd an inch,
    the Models and Consorts bases, the pair's 3 in, a wooden screw's 45°): Hartford's pair clears Brooklyn's, turned
    90° to starboard with Octorara on her (now north) port side, all along its move."""
    import math

    page = _readings(mobile_bay)
    assert "Models: each ship a base 1 in by ¼ in" in page and "centres ¼ in apart" in page
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("stopped, drifting from bound 1; " + _PASS) in ref
    starts = library.scenarios["mobile-bay-1864"].setup.starts
    at = {k: (starts[k].at[0] / 100, starts[k].at[1] / 100) for k in ("uss-brooklyn", "uss-hartford")}
    half, long, wide = 0.125, 0.5, 0.25  # the Models base; the consort's centre ¼ in to port of her sloop's
    brooklyn = _base(at["uss-brooklyn"], starts["uss-brooklyn"].heading + 90, long, long, half + wide, half)
    heading = starts["uss-hartford"].heading
    x, y = at["uss-hartford"]
    _passes_to_port_clear_of((x, y), heading, brooklyn)
    # and steering to starboard instead, into the monitors' lane, does touch her: the reading's way is the one that works
    x, y = at["uss-hartford"]
    x, y = x + 1.5 * math.sin(math.radians(5)), y + 1.5 * math.cos(math.radians(5))
    x, y = x + 1.5 * math.sin(math.radians(50)), y + 1.5 * math.cos(math.radians(50))
    assert not _apart(_base((x, y), 50, long, long, half + wide, half), brooklyn)


def test_the_readings_say_the_fort_seldom_hits_a_sloop_past_12_in_by_the_articles_numbers(mobile_bay):
    """Replay 8, balance: over three bounds Fort Morgan hit nothing; the fort bears 29-33° off the wooden ships' bows,
    so they cannot answer it either. The article's numbers, as printed (Fort Morgan 4 Heavy, 4 Medium, 2 Parrott; a
    Heavy 2D10, a Medium 2D6 a pair; over 12 in one die an AvD): past 12 in a Heavy's 1D10 + AvD beats a sloop's 14 only
    on a 10 and a 5, one throw in 60, and a Medium's never. The pack follows them and says so where the player reads it."""
    # play 37: the odds went for the room; the quick reference's most over 12 in (Heavies 15, Mediums 11) says it
    assert _squeezed("Tennessee's 18: Parrott doubles and rams do the harm") in _squeezed(_readings(mobile_bay))
    assert _squeezed("15 over 12 in") in _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert len(mobile_bay) == RULESET.pack_pages


def test_every_ship_that_may_anchor_has_an_anchored_marker_and_every_follower_an_in_line_one(mobile_bay):
    """Replay 8, defects: only 3 Anchored markers for the 4 Confederate ships waiting stopped (any stopped ship may
    anchor: 15 ships draw a counter, a pair one); and the ships following a leader move at his 3\" while showing their
    own Slow 4\" marker. An In line marker ("at her leader's speed") for every ship that can follow at once: each
    division in play less its leader (monitors 3, wooden pairs 6). All on the counters' one A4 page."""
    markers = _markers(mobile_bay)
    assert sum(m.startswith("Anchored") for m in markers) == 15
    assert sum(m == "In line at her leader's speed" for m in markers) == 9  # one a follower (play 39: the spares went)
    assert len(mobile_bay) == RULESET.pack_pages



# ---------------------------------------------------------------------------------------------- replay 9


def test_a_follower_set_up_off_her_leaders_track_starts_on_it_as_far_astern(mobile_bay):
    """Replay 9, moment 1: the set-up's starts are to the ½ in (Hartford x 56, Richmond 55½, Oneida 54½ on a 005°
    line; the monitors x 59, 59, 58½, 58½ on 000°), but the followers "move in his wake": nothing said how a ship not on
    his track gets onto it. The Line of battle reading says she starts on it, as far astern as she was set up."""
    assert ("the next astern leads (at the old leader's number; at the line's inches till she steps: to her next setting): he has left it for good (under way: his own number; he may rejoin at its "
            "tail: clear of its track till the last ship is past, then into her wake)") in _readings(mobile_bay)
    _starts_on_line(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


_PASS = ("the next astern leads west of her, all in his wake (no gauge turns: 320° 1st half, 005° 2nd: "
         "clear of her and the shoal)")


def _pass_touches(start, brooklyn_at, shoals, drift: float = 0) -> str | None:
    """The pair from `start` (x, y, heading) steers _PASS's course (45° to port, swung on her centre, then 1.5 in; back to
    005°, then 1.5 in: bound 1's Slow 3") and on up the channel 18 in at 005° (any speed, from bound 2), in tenths, on
    the Models and Consorts bases: what she first touches (Brooklyn turned across the channel, drifted `drift` in
    north; the Middle Ground), or None."""
    import math

    half, long, wide = 0.125, 0.5, 0.25
    brooklyn = _base((brooklyn_at[0], brooklyn_at[1] + drift), 95, long, long, half + wide, half)
    x, y, heading = start

    def touches():
        pair = _base((x, y), heading, long, long, half + wide, half)
        return "Brooklyn" if not _apart(pair, brooklyn) else "the Middle Ground" if not _apart(pair, shoals) else None

    for turn, leg in ((-45, 1.5), (45, 1.5), (0, 18)):
        for _ in range(abs(turn)):
            heading += 1 if turn > 0 else -1
            if touches():
                return touches()
        for _ in range(round(leg * 10)):
            x, y = x + 0.1 * math.sin(math.radians(heading)), y + 0.1 * math.cos(math.radians(heading))
            if touches():
                return touches()
    return None


def test_the_pass_round_a_failed_brooklyn_is_one_wording_and_keeps_the_line_off_the_middle_ground(mobile_bay,
                                                                                                 bundled_packs,
                                                                                                 library):
    """Play 29, moments 3-4 (p2 Bound 1 event, p6 Brooklyn's test): the scripted pass (45° to port at the half, back
    to 005° at the half of bound 2) left Hartford's pair 0.2 in off the Middle Ground and closing on it (the shoal's
    edge runs 012°), so she grounded before bound 3's half let her turn, and the pairs in her wake grounded too; p2
    said "keeps off the Middle Ground", p6 "clear of her by rule". The pass is now both turns in bound 1 (45° to port
    as her move begins, 005° again at the half) in one wording on p2 and p6, A4 and Letter, and, played on the
    set-up's starts (the scenario's and the ½ in the page prints), the pair and its wake clear Brooklyn (drifted up to
    2 in) and the shoal all the way past its tip; the old course grounds."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        assert _squeezed(_PASS) in _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed(_PASS) in ref and "byrule" not in ref and "heldatSlow" not in ref
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9
    setup = library.scenarios["mobile-bay-1864"].setup
    shoals = [(x / 100, y / 100) for x, y in next(w for w in setup.water if w.name == "Middle Ground shoals").outline]
    b, h = setup.starts["uss-brooklyn"], setup.starts["uss-hartford"]
    for ndigits in (2, None):  # the scenario's point, and the page's ½ in
        def at(s):
            return tuple(round(v / 100 * 2) / 2 if ndigits is None else v / 100 for v in s.at)
        for drift in (0, 1, 2):
            assert _pass_touches((*at(h), h.heading), at(b), shoals, drift) is None, (ndigits, drift)
    # the old course (bound 1: 45° at the half; bound 2: back to 005° at the half) on the page's numbers grounds
    import math
    x, y, heading = 56, 14.5, 5
    grounded = False
    for turn, leg in ((0, 1.5), (-45, 3), (45, 1.5 + 6)):
        heading += turn
        for _ in range(round(leg * 10)):
            x, y = x + 0.1 * math.sin(math.radians(heading)), y + 0.1 * math.cos(math.radians(heading))
            grounded |= not _apart(_base((x, y), heading, 0.5, 0.5, 0.375, 0.125), shoals)
    assert grounded


def test_bound_1s_speed_and_the_in_line_marker_give_one_reading(mobile_bay):
    """Replay 9, defect 1: the bound-1 rule set the line at 4" (3" for a pair with a sidewheeler) while the In line
    marker and the Line of battle reading move a follower at her leader's speed, which puts the screw-screw pairs
    (Lackawanna and Seminole ...) at Brooklyn's pair's 3". The bound-1 rule now says the leader's speed, once."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed('steams in, each column at its leader\'s speed (monitors 4", the wooden line 3")') in setup
    assert _squeezed('a pair lashed to a sidewheeler at her 3"') not in setup
    assert "In line at her leader's speed" in _markers(mobile_bay)


def test_the_parrott_row_says_it_tests_doubles_only(mobile_bay, library):
    """Replay 9, defect 7: the cannonade's Tests column read "any double -> catastrophic event" for Parrotts under two
    rows of "EDNA", as though a Parrott's throw tested EDNA too; the article has only Heavy and Medium throws hit.
    The Parrott row says doubles only, on the quick reference's cannonade table (in the column's width, so the Letter
    reference keeps its turning gauge)."""
    assert "Parrott 2D6 per one or two factors doubles only -> catastrophic event" in _blocks(library, "mobile-bay-1864")
    assert "doublesonly->" in _squeezed(_column(mobile_bay, "— quick reference"))


def test_a_struck_ship_has_a_struck_marker(mobile_bay):
    """Replay 9, defect 5: no Struck marker, and the Struck reading's "she stays, anchored" sent the player to an
    Anchored one. The counters page has Struck markers ("a prize, at anchor"): one for every ship in play since
    replay 13 (22); the A4 pack keeps its pages."""
    markers = _markers(mobile_bay)
    assert sum(m == "Struck prize, at anchor; no other marker" for m in markers) == 22
    assert sum(m.startswith("Anchored") for m in markers) == 15
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_monitors_are_told_their_000_start_runs_into_the_torpedo_line(mobile_bay):
    """Replay 11, defect 1: the monitors start at x 59 heading 000° (58½-59 till replay 13 aligned them), and the
    torpedo line runs to x 59½; the set-up warned only that 005° runs into it. Quick Play's bound-1 order says their 000° meets it and where the gap is."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("the monitors to starboard (their 000° from x 59 meets the torpedo line: the "
                     "gap is east of the buoy)") in setup
    assert len(mobile_bay) == RULESET.pack_pages

def test_the_waiting_confederates_may_set_headings_from_which_they_can_fire_in_bound_1(mobile_bay, library):
    """Replay 9, defect 2: bound 1 says Tennessee and the gunboats fire, but their set-up headings (190°, 200°) put every
    Union ship within 30° of the bow, where no factor bears (the Targets reading): Tennessee, a screw ship that cannot
    turn stopped, could not fire at all. The bound-1 rule lets each set her heading before the draw (the squadron lay
    across the channel to rake the line); across the channel, at 270°, every Union start is over 30° off her bow."""
    import math

    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("stopped: after Brooklyn's test each may set any heading, and fire, but none gets under way") in setup
    assert "Targets: one target a cannonade, in sight, over 30° off bow and stern" in _readings(mobile_bay)
    starts = library.scenarios["mobile-bay-1864"].setup.starts
    union = [s.at for k, s in starts.items() if k.startswith("uss-")]
    confederates = [k for k in ("css-tennessee", "css-selma", "css-morgan", "css-gaines") if k in starts]

    def off_bow(at, heading, target):
        bearing = math.degrees(math.atan2(target[0] - at[0], target[1] - at[1])) % 360
        return abs((bearing - heading + 180) % 360 - 180)

    for k in confederates:
        at, heading = starts[k].at, starts[k].heading
        assert all(off_bow(at, heading, u) <= 30 for u in union), k  # as set up, none bears
        assert all(30 < off_bow(at, 270, u) < 150 for u in union), k  # across the channel, all do


def test_the_letter_pack_keeps_its_counters_on_one_page(bundled_packs):
    """Replay 9, the lead's finding: Mobile Bay on Letter grew to 10 pages, its last holding only a row of In line
    markers. The speed and state markers are 11 mm tall, so on Letter as on A4 they end on the counters' one page:
    the counters page is the last, and it holds every marker (the last row's Struck markers too)."""
    from conftest import pdf_page_texts

    # which page is which from pdfium's text; pdfplumber lays out only the counters page, to read each marker alone
    path = bundled_packs.get("mobile-bay-1864", "quick-play", "letter").path
    pages = Pages(_flat(p) for p in pdf_page_texts(path))
    pages.path = path
    counters = [k for k, p in enumerate(pages) if " ORDER " in p]
    assert counters == [len(pages) - 1], counters
    markers = _markers(pages)
    assert sum(m == "Struck prize, at anchor; no other marker" for m in markers) == 22 and sum(m.startswith("Anchored") for m in markers) == 15
    assert len(pages) <= 9


# ---------------------------------------------------------------------------------------------- replay 12


def test_only_a_fort_whose_set_up_names_a_range_is_held_to_it(mobile_bay):
    """Replay 12, moment 1: the Greatest range reading said "a fort the set-up holds to its range: 24 in", which read
    as every fort's range, while only Fort Gaines' set-up rule names one: was Fort Morgan held to 24 in? The reading
    says a fort has none unless its set-up rule names one, and only Fort Gaines' does."""
    readings = _readings(mobile_bay)
    assert "Greatest range: none, a fort's too unless its set-up rule names one" in readings
    assert "holds to its range" not in readings
    setup = _page(mobile_bay, "Set-up: Battle of Mobile Bay")
    assert "Fort Gaines" in setup and "within 24 in of her" in setup  # the one set-up rule that names a range
    assert len(mobile_bay) == RULESET.pack_pages


def test_edna_0_from_gunfire_is_struck_on_every_page_and_a_struck_monitor_scores(mobile_bay, library):
    """Replay 12, moment 4: Octorara shot to EDNA 0: the quick reference and the cards said "sunk or struck", the
    Struck reading "not sunk has struck", and nothing said which; and the scores paid +5 for a monitor sunk, nothing
    for one that strikes. Every page now says she strikes at 0 and only a magazine (1-1) or a hole (3-3) sinks her,
    and a struck monitor scores as a sunk one, as a struck wooden ship does."""
    said = "a ship has struck (only a magazine or a hole sinks her)"
    ref = _squeezed(_column(mobile_bay, "— quick reference"))
    assert _squeezed("EDNA 0 " + said) in ref
    for page in _cards(mobile_bay):
        assert _squeezed("at 0 " + said) in _squeezed(page)
    assert not any("sunk or struck her colours" in p for p in mobile_bay)
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("each Union monitor sunk or struck") in setup
    assert len(mobile_bay) == RULESET.pack_pages


def test_an_engine_or_rudder_result_lasts_the_game_and_a_ship_it_stops_may_anchor(mobile_bay, library):
    """Replay 12, moment 3: Monongahela's 4-4 stopped Tennessee's engines (1D6 = 1), and the pack did not say whether
    that lasts all game or whether she may still anchor or get under way. The events table says an engine or rudder
    result is for good and that a ship stopped by it may anchor (as any stopped ship, the Tide reading)."""
    events = _blocks(library, "mobile-bay-1864")  # the table's cells whole
    assert "4-4 4 guns out + for good, at once, engines 1D6: 5-6 no Full, 3-4 Slow only, 1-2 stopped (may anchor)" in events
    assert "5-5 3 guns out; for good, rudder 1D6: 4-6 one turn every 2nd bound, 1-3 no turning" in events
    assert "(may anchor)" in _page(mobile_bay, "— quick reference")  # printed, in the pack's pages
    assert "a stopped ship anchors or weighs as her move" in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_brooklyns_test_stop_is_an_order_and_her_consort_does_not_carry_her(mobile_bay):
    """Replay 12, moment 2: Brooklyn failed her opening test and stopped; the set-up's Lashed pairs rule has the
    gunboat carry a sloop that "loses all speed": did Octorara carry her on? The bound-1 event beside it says the stop
    is an order, not damage, and Octorara does not carry her."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("if a hit stops the sloop the gunboat carries her") in setup  # the rule the player read
    assert _squeezed("blocking it (bow 095°: Octorara fires north, Brooklyn south; not a hit: no carrying") in setup
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_roster_counts_ships_and_the_counters_they_draw_and_a_pair_scores_each_ship(mobile_bay):
    """Replay 12, defect 2: the roster's "18 units" counted ships where the cup counts a lashed pair as one unit (11
    Union counters, 17 in all), and "each Union ship north of the line" (+2) was unclear for a pair. The totals say
    ships, forts and counters, and the Scoring reading says a lashed gunboat scores her own +2 past the line."""
    roster = _page(mobile_bay, "Quick Play order of battle")
    assert "Union: 18 ships, 11 counters (a pair draws one) · total EDNA 193" in roster
    assert "Confederate: 4 ships and 2 forts · total EDNA 82" in roster
    assert _turn_numbers(mobile_bay) == list(range(1, 11 + 6 + 1))
    assert "Scoring: a lashed gunboat is a wooden ship (+2 past the line, +4 if lost)" in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_card_pages_say_a_unit_with_every_factor_struck_fires_no_more(mobile_bay):
    """Replay 12, defect: Tennessee lost all her guns to a 4-4 and the player still threw her fire; the All guns out
    reading is on the roster page, not where the boxes are struck. Every card page's head says it beside the factor
    boxes' rule."""
    for page in _cards(mobile_bay):
        assert _squeezed("Parrott, then Medium, then Heavy (a fort's too): all struck, she fires no more.") in _squeezed(page)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_cards_bound_blanks_take_a_two_figure_bound_in_pencil(mobile_bay):
    """Replay 12, defect: the "in bound ___" and "from ___" blanks on the cards took one figure at most, and a game
    runs 12 bounds. Each blank is at least 5 mm long (the orders logs' pencil row), on every card, in the same rows."""
    with _opened(mobile_bay.path) as pdf:
        for k, page in enumerate(pdf.pages):
            if RECORD_CARDS not in mobile_bay[k]:
                continue
            runs, last = [], None
            for c in sorted((c for c in page.chars if c["text"] == "_"), key=lambda c: (round(c["top"]), c["x0"])):
                if last is not None and round(c["top"]) == round(last["top"]) and c["x0"] - last["x1"] < 0.5:
                    runs[-1][1] = c["x1"]
                else:
                    runs.append([c["x0"], c["x1"]])
                last = c
            assert runs and min(x1 - x0 for x0, x1 in runs) * 25.4 / 72 >= 5, k
    assert len(mobile_bay) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 13


def test_a_drift_stops_where_she_touches_a_model(mobile_bay):
    """Replay 13, moment 1: stopped Brooklyn was to drift 1 in north in bound 2, straight into the struck Octorara lying
    against her north side; the Passing reading's "touching unbidden, she stops" is for moves, not drift. The Tide
    reading says a drift stops where she touches a model, both unhurt, and one already touching that way holds her."""
    assert ("at anchor none turns); a drift stops where she touches a model, both unhurt (already "
            "touching one that way: no drift)") in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_struck_holed_and_aground_markers_do_not_run_out(mobile_bay, bundled_packs, library):
    """Replay 13, defect 1: the 3 Struck markers were all out by the end of bound 2 (Octorara, Selma, Morgan struck),
    and there were 3 Holed and 3 Aground for 24 ships. A struck ship stays a prize for the game, so there is a Struck
    marker for every ship in play, a lashed consort too (Octorara struck while lashed); Aground and Holed one for every
    3 units drawing a counter (17: 6). The markers are 22.5 by 10.5 mm, eight across, so every one still ends on the
    counters' one page, A4 and Letter."""
    ships = [su for side in library.scenarios["mobile-bay-1864"].sides for su in side.units if su.id.startswith(("uss-", "css-"))]
    for pages in (mobile_bay, _read(bundled_packs.get("mobile-bay-1864", "quick-play", "letter").path)):
        markers = _markers(pages)
        assert [k for k, p in enumerate(pages) if " ORDER " in p] == [len(pages) - 1]
        assert sum(m == "Struck prize, at anchor; no other marker" for m in markers) == len(ships) == 22
        assert sum(m == "Holed sinks end of bound ______" for m in markers) == 6
        assert sum(m == "Aground stopped; off only astern" for m in markers) == 6
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_scores_say_which_edge_of_the_torpedo_line_a_ship_must_pass(mobile_bay):
    """Replay 13, defect: "north of the torpedo line" did not say which edge, the line being a band (y 31½ to 34 on
    the table). The score says past its north edge, in words every rule set's scale reads alike."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("each Union ship past the torpedo line's north edge") in setup  # the cell wraps beside its points
    assert "north of the torpedo line at the end" not in " ".join(mobile_bay)
    assert _squeezed("Torpedo line: x 30–59½, y 31½–34") in setup


def test_the_event_tick_boxes_take_a_pencil_tick(mobile_bay):
    """Replay 13, defect 2: the cards' event tick boxes were 2.2 mm, pencil only. Replay 16, defect 5: at 2.5 mm they
    still read small. They are 2.7 mm, the most the two card pages hold beside the larger EDNA boxes (2.8 ran the
    readings onto an eighth page), and the pack keeps its pages."""
    with _opened(mobile_bay.path) as pdf:
        for k, page in enumerate(pdf.pages):
            if RECORD_CARDS in mobile_bay[k]:
                squares = [r["width"] * 25.4 / 72 for r in page.rects if abs(r["width"] - r["height"]) < 0.1]
                assert squares and min(squares) >= 2.7 - 0.01, (k, min(squares))
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_bounds_first_cannonade_says_the_arcs_and_sight_on_the_quick_reference(mobile_bay, library):
    """Replay 13, defect 3: the firing arcs ("over 30° off bow and stern") and line of sight were only in the readings
    under the roster, so the player kept turning from the quick reference to page 3. The bound's 1st cannonade row
    says both, in its line (the Heavy's once a bound is the cannonade table's Fires column)."""
    assert ("1st cannonade she may fire all that bear (or hold it): one target in sight, over 30° off bow and stern (a monitor: all round) the unit acting"
            in _blocks(library, "mobile-bay-1864"))
    ref = _squeezed(_page(mobile_bay, "Naval Rules — quick reference"))
    assert _squeezed("one target in sight, over 30° off bow and stern (a monitor: all round)") in ref
    assert _squeezed("Heavy 2D10 per factor EDNA (never a once per") in ref
    assert len(mobile_bay) == RULESET.pack_pages


def test_bound_1_says_the_union_ships_hold_their_speed_and_heading_but_by_brooklyns_test(mobile_bay, bundled_packs):
    """Replay 14, judgement call 1: bound 1's binding order did not say outright whether a Union ship may turn or
    change speed. Replay 16, defect 1: then it said "no Union turn or speed change" outright, while Brooklyn's test
    turns her 90° and stops her and turns the next astern 45°: meant as the exception, never said. The binding names
    it, A4 and Letter."""
    for pages in (mobile_bay, _read(bundled_packs.get("mobile-bay-1864", "quick-play", "letter").path)):
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("Moves are free from bound 2; in bound 1 only Brooklyn's test turns or stops a Union ship") in setup
        assert "nounionturnorspeedchange" not in setup.lower()


def test_every_card_page_says_only_a_sidewheeler_turns_stopped(mobile_bay):
    """Replay 14, judgement call 2: only the sidewheelers' cards said "turns when stopped", so the player had to infer
    that stopped Brooklyn, a screw sloop, could not turn in place. Every card page's head says it for every ship."""
    pages = _cards(mobile_bay)
    assert pages and all(_squeezed("Stopped, only a sidewheeler turns,") in _squeezed(p) for p in pages)


def test_a_failed_brooklyn_is_passed_by_the_next_astern_and_the_rest_follow_her_wake(mobile_bay):
    """Replay 14, judgement call 3: "those astern pass to port, 45° at the half" left open whether only the ship that
    reaches Brooklyn turns or the whole line. The next astern passes her and leads; the rest follow in her wake."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("stopped, drifting from bound 1; " + _PASS) in ref and "those astern" not in ref
    assert _squeezed("Brooklyn's test: the quick reference, with its dice") in _squeezed(_readings(mobile_bay))  # said once (replay 26)


def test_a_forts_marker_says_what_it_is_for(mobile_bay):
    """Replay 14, defect p7: the "Fort" markers of Fort Morgan and Fort Gaines sit among the speed markers, but a fort
    has no speed, and nothing said what they are for. Each says it marks the point its sectors are measured from (replay
    16: not "ranges from here", since Fort Morgan's range is to her beach)."""
    page = _page(mobile_bay, "ORDER")
    assert "Fort Morgan" in page and "sectors from here" in page and "ranges from here" not in page


# ---------------------------------------------------------------------------------------------- replay 15


def test_confederate_ships_do_not_test_in_their_own_torpedo_field(mobile_bay):
    """Replay 15, moment 1: nothing in the pack said whether Confederate ships test for their own field, so the player
    sent the gunboats through the gap. Mobile Bay's set-up says it, beside the torpedo line (as in Smoke on the Water)."""
    setup = _squeezed(_column(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("Confederate ships never test in their own field") in setup and _squeezed("knew the lanes.") in setup


def test_a_fort_with_all_guns_out_is_silenced_and_draws_no_counter(mobile_bay):
    """Replay 15, moment 2: "a fort all guns out is silenced" and "Lost units ... (all guns out still draws)" said two
    things of a fort with no gun left. Only a ship with all guns out still draws; a fort is silenced and does not."""
    page = _readings(mobile_bay)
    assert "(a ship all guns out still draws)" in page and "(all guns out still draws)" not in page
    assert "All guns out: she fires no more but moves, rams and sinks as before; a fort is silenced, for the game" in page


def test_only_a_ship_within_24_in_of_fort_gaines_fires_at_her(mobile_bay):
    """Replay 15, defect p2 vs p3/p5: Fort Gaines fired only at a ship within 24 in, but anyone fired at her at any
    range, so two Parrott doubles from 49 in silenced her in bound 1, a fort that on the day was out of the fight.
    The range is the same both ways."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))  # the page: the column's crop cut "at" (play 43)
    assert _squeezed("at a ship within 24 in of her, and only a ship that near fires at her.") in setup


def test_the_cannonade_tables_rate_column_is_not_read_as_fires_on_board(mobile_bay):
    """Replay 15, defect p6: the Cannonade table's "Fires" column (once or twice a bound) read like fires on board, in
    a rule set with no fire rules. The column is Rate."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert "FactorThrowsTestsRate" in ref and "TestsFires" not in ref


# ---------------------------------------------------------------------------------------------- replay 16


def test_fort_morgans_range_is_to_her_beach_so_a_ship_in_the_gap_can_reach_point_blank(mobile_bay, library):
    """Replay 16, defect 2: "Hard targets" let a Heavy hit Fort Morgan (EDNA 22) only at point blank, but ranges ran
    from her mark, 2.85 in inside Mobile Point's shore: no ship could come within 2 in, so only Parrott doubles could
    harm her. Her card holds her water battery, on that beach: her range, both ways, is to the nearest point of the
    west shore (the set-up's Mobile Point rule), and the gap east of the red buoy, on the pack's own numbers, comes
    within 2 in of it."""
    import math

    page = _readings(mobile_bay)
    assert ("none landward; range both ways, and a ship's arc to her, to the nearest point of Mobile Point's west "
            "shore (her water battery)") in page
    assert "only a point-blank Heavy beats Fort Morgan's 22" in page
    setup = _squeezed(_column(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("Shore 61½, 28½ to 63½, 34½ (west) to") in setup  # the shore the reading measures to, in numbers
    scenario = library.scenarios["mobile-bay-1864"].setup
    point = next(a for a in scenario.land if a.name == "Mobile Point").outline
    (ax, ay), (bx, by) = [(x / 100, y / 100) for x, y in (point[0], point[-1])]  # the west shore, as the rule prints it
    assert (ax, ay, bx, by) == (61.5, 28.5, 63.5, 34.5)

    def to_shore(x: float, y: float) -> float:
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
        return math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay))

    mark = [c / 100 for c in scenario.starts["fort-morgan"].at]
    buoy = next(m for m in scenario.marks if m.name == "Red buoy").at[0] / 100
    gap = [(buoy + k / 10, 33.0) for k in range(1, 30) if buoy + k / 10 < ax + (33.0 - ay) / (by - ay) * (bx - ax)]
    assert min(math.dist(p, mark) for p in gap) > 2  # from her mark no ship in the gap was ever at point blank
    assert min(to_shore(*p) for p in gap) < 2  # to her beach, the gap's east half is


def test_mobile_points_shore_is_given_in_numbers_north_of_the_fort_too(mobile_bay, library):
    """Replay 16, defect 4: the Mobile Point rule gave the shore from 61½, 28½ to 63½, 34½ only; north of that, where
    Gaines and Morgan lie off the fort, the player read it off the plan by eye. The rule follows the land outline on
    along the bay shore to the table's edge, in the plan's own numbers."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("Shore 61½, 28½ to 63½, 34½ (west) to 72, 35½ (bay): water off it.") in setup
    outline = next(a for a in library.scenarios["mobile-bay-1864"].setup.land if a.name == "Mobile Point").outline
    assert [(x / 100, y / 100) for x, y in (outline[0], outline[3], outline[2])] == [(61.5, 28.5), (63.5, 34.5), (72, 35.5)]


def test_a_state_markers_note_is_set_larger_than_the_6_pt_floor(mobile_bay):
    """Replay 16, defect 5: the Struck marker's "a prize, at anchor" (now "prize, at anchor", to fit nine across) read tiny at 6 pt. A state marker's note is set
    at 7 pt where it takes one line, 6.5 where it takes two (Anchored, Aground, Holed, In line)."""
    with _opened(mobile_bay.path) as pdf:
        page = pdf.pages[mobile_bay.index(_page(mobile_bay, " ORDER "))]
        sizes: dict[str, set] = {}
        for w in page.extract_words(extra_attrs=["size"]):
            sizes.setdefault(w["text"], set()).add(round(w["size"], 1))
    assert all(sizes[word] == {6.5} for word in ("turn;", "astern", "leader's"))
    assert sizes["prize,"] == sizes["anchor;"] == sizes["other"] == {6.5}  # play 39: Struck's note takes two lines


def test_a_ships_edna_boxes_are_as_big_as_her_cards_row_holds(mobile_bay):
    """Replay 16, defect 5 (p4, p5): the EDNA boxes read small (3.4 mm, their numerals 6 pt). A ship's boxes are
    3.8 mm with 6.5 pt numerals, Tennessee's and Fort Gaines's 18 at 3.6 mm, Fort Morgan's 22 at 3.2 mm (from 3.0), each
    track still one row: the most a card's row holds."""
    PT = 25.4 / 72
    with _opened(mobile_bay.path) as pdf:
        pages = [p for k, p in enumerate(pdf.pages) if RECORD_CARDS in mobile_bay[k]]
        sides = [round(r["width"] * PT, 1) for p in pages for r in p.rects if abs(r["width"] - r["height"]) < 0.01]
        numerals = {round(c["size"], 1) for p in pages for c in p.chars
                    if c["text"].isdigit() and c.get("non_stroking_color") not in (None, 0, (0,), [0], (0, 0, 0), [0, 0, 0])}
    union, gunboats, eighteens, factors = 193, 6 + 9 + 9, 18 + 18, 57 + 27  # EDNA as the roster totals them
    assert sides.count(3.8) == union + gunboats and sides.count(3.6) == eighteens and 3.4 not in sides
    assert sides.count(3.2) == 22 and sides.count(3.0) == factors  # Fort Morgan's EDNA; every factor box
    assert 6.5 in numerals
    assert _edna_row(mobile_bay, 18).startswith("EDNA 18 17")  # play 34: the label no longer repeats her EDNA and _edna_row(mobile_bay, 22).endswith(" 2 1")


def test_an_engine_result_takes_her_speed_down_at_once(mobile_bay, library):
    """Replay 17, moment 3: a 4-4's engines 3-4 "Slow only" hit Hartford at Cruise, and the Speed line says a speed
    changes one step a bound: does her marker drop at once? It does, and the 4-4 row says so where it is thrown."""
    events = _blocks(library, "mobile-bay-1864")
    assert "4-4 4 guns out + for good, at once, engines 1D6:" in events
    assert _squeezed("for good, at once, engines 1D6") in _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_rammer_stops_at_contact_and_each_moves_off_at_her_own_number(mobile_bay, library):
    """Replay 17, moment 1: nothing said what the rammer or the target does after contact (stop, carry on, back off,
    stay touching). The rammer stops there, touching, keeping her speed marker, and each moves off at her own number:
    on the quick reference's Ramming line and in the readings' Ramming row, and the A4 pack keeps its pages."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "At contact the rammer stops, touching, marker kept, move over (her 2nd cannonade kept); each moves off at her own number." in ref
    assert _squeezed("Ramming, Holed, Repeats, Torpedo tests: the quick reference") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("At contact the rammer stops, touching, marker kept, move over (her 2nd cannonade kept); each moves off at her own number.") in qr
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ship_is_in_a_torpedo_field_by_any_part_of_her_base_and_tests_a_turn_only_if_she_makes_one(mobile_bay, library):
    """Replay 17, moment 2: p3 measures from a model's centre, so was Tecumseh, centre on the edge and bow inside, in
    the field? And did a ship that did not turn test in the Turn phase? Any part of her base puts her in; a turn tests
    only when she makes one in a field; a ship that neither moves nor turns does not test. On the Torpedoes line, the
    bound's Turn row and the readings' Torpedo tests row."""
    ref = _blocks(library, "mobile-bay-1864")
    assert ("Torpedoes 3D6 each half move she starts, ends or crosses in a field (any part of her base over it or its "
            "edge) and each turn in one, any size (none unmoving)") in ref
    assert "Turn up to her type's turn, on the gauge; turning in a field: torpedo test" in ref
    assert "(none unmoving)" in _column(mobile_bay, "— quick reference", left=False)  # said once there (replay 28)
    column = _squeezed(_column(mobile_bay, "— quick reference", left=False))  # read down the column, as the line wraps
    assert _squeezed("(any part of her base over it or its edge)") in column
    assert _squeezed("turning in a field: torpedo test") in _squeezed(_page(mobile_bay, "— quick reference"))
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_covers_note_on_the_cards_says_which_page_is_one_sides_alone(mobile_bay):
    """Replay 17, defect p1: the contents said the sides' record sheets "can be printed apart" (the sides-apart option),
    but page 5 holds four Union cards beside the Confederates'. The note says what is true of this pack: page 4 the
    Union's alone, page 5 both sides', so one side's page can be handed out; and the cards are where it says."""
    assert "can be printed apart" not in mobile_bay[0]
    assert "Record sheets page 4 (Union's alone on page 4; both sides' on page 5)" in mobile_bay[0]
    cards = _cards(mobile_bay)
    assert "CSS" not in cards[0] and "USS Galena" in cards[1] and "CSS Tennessee" in cards[1]


def test_a_ship_in_line_starts_at_her_leaders_speed_in_the_starts_table(mobile_bay):
    """Replay 17, defect p2: the starts table gave the rear four pairs 4" (screw ships both, 4 kn is their Slow), while
    the bound-1 event says the wooden line steams at 3" (Brooklyn's pair, held to Octorara's Slow 3"). A ship in a
    column moves at her leader's speed (the Line of battle reading), so her start is his: every pair of the line 3"."""
    setup = _flat(_page(mobile_bay, "Set-up: Battle of Mobile Bay").split(" | ")[0])
    for pair in ("Brooklyn + USS Octorara", "Lackawanna + USS Seminole", "Monongahela + USS Kennebec",
                 "Ossipee + USS Itasca", "Oneida + USS Galena"):
        assert re.search(rf"USS {re.escape(pair)} [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ 005° 3\"( \(leader's\))? lashed pair", setup), pair
    assert re.search(r"USS Chickasaw 59, 10 000° 4\"", setup)  # the monitors' column at Tecumseh's 4"


def test_a_follower_whose_start_speed_is_no_setting_of_hers_says_in_line(mobile_bay):
    """Replay 26, defect (p2): every lashed pair was listed at 3", but the four screw pairs (slowest 4") have no 3"
    setting; a reader had to work out from the In line markers that it is Brooklyn's. Their figure now says "in line",
    (since play 29, moment 5, every follower's says so: test_every_follower_starts_at_her_leaders_speed_so_labelled)."""
    setup = _flat(_page(mobile_bay, "Set-up: Battle of Mobile Bay").split(" | ")[0])
    for pair in ("Lackawanna + USS Seminole", "Monongahela + USS Kennebec", "Ossipee + USS Itasca",
                 "Oneida + USS Galena"):
        assert re.search(rf"USS {re.escape(pair)} [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ 005° 3\" \(leader's\) lashed pair", setup), pair
    assert re.search(rf"USS Brooklyn \+ USS Octorara [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ 005° 3\" lashed pair", setup)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_forts_guns_out_per_double_are_said_to_be_as_printed(mobile_bay, library):
    """Replay 17, balance (the third replay to remark it): two doubles from Octorara's one Parrott put 8 of Fort Morgan's
    10 factors out in bound 1. The chart's fort column is the rules' own (4 guns a 2-2 or 3-3, its guns cannonade
    factors), not ours to cap: the Hard targets reading says so in its line, the chart keeps its numbers."""
    assert _squeezed("Parrott doubles and rams do the harm (a fort's 2-2, 3-3: 4 guns out)") in \
        _squeezed(_readings(mobile_bay))
    ref = _blocks(library, "mobile-bay-1864")
    assert "2-2 boiler explodes: 4D10 against EDNA (no event) 4 guns out" in ref and "3-3 holed: sinks 1D6 bounds later 4 guns out" in ref
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_ramming_factor_takes_off_the_targets_edna_and_speed_both(mobile_bay, library):
    """Replay 18, moment 1 (p6, p5): "her EDNA + speed − the target's": the target's EDNA alone, or her EDNA and speed?
    The article takes the rammer's EDNA and speed and "minus same" of the target: both, and the line says so."""
    ref = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("Ramming factor = (her EDNA + speed) − (the target's EDNA + speed), EDNAs current, speeds a "
                     "whole move's inches, either half (0 stopped;") in ref


def test_each_ship_of_a_lashed_pair_makes_her_own_torpedo_tests(mobile_bay):
    """Replay 18, moment 2 (p6, p3, p5): a lashed pair in a field: one torpedo test for the pair, or one for each ship?
    Each hull strikes its own torpedo and has its own EDNA: the Lashed pairs reading, where the player looked, says so."""
    assert _squeezed("each her own card, EDNA, target, torpedo tests; all her factors outboard") in _squeezed(_readings(mobile_bay))


# ---------------------------------------------------------------------------------------------- replay 19


def test_a_ram_from_a_bow_already_touching_is_at_speed_0_and_speeds_are_taken_at_contact(mobile_bay, library):
    """Replay 19, moment 3 (p6 Ramming, p5): Tecumseh had stopped touching Tennessee, and Tennessee rammed her. "Her bow
    must reach it in this move" said nothing of a bow already in contact (does she need a run, does her move slide her
    off?), nor whether the ramming factor takes her speed before or after the speed change that opens her move (the
    player used Full 6", set that phase). A bow already touching has reached her, with no run: speed 0 (and at contact
    she stops, so she slides nowhere); each speed is taken at contact, the rammer's after her phase-5 change. Said on
    the quick reference's Ramming line and the readings' Ramming row, the A4 pack keeping its pages."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "her bow must touch it this move, turn too, else it lapses (one already touching: speed 0, marker kept, each bound). Ramming factor" in ref
    assert ("Ramming factor = (her EDNA + speed) − (the target's EDNA + speed), EDNAs current, speeds a whole "
            "move's inches, either half (0 stopped; hers as set in phase 5,") in ref
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("(one already touching: speed 0, marker kept, each bound)") in qr
    assert _squeezed("either half (0 stopped; hers as set in phase 5,") in qr
    assert _squeezed("Ramming, Holed, Repeats, Torpedo tests: the quick reference") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ship_stopped_by_an_unbidden_touch_keeps_her_speed_marker(mobile_bay, library):
    """Replay 19, moment 2 (p3 Passing): "she stops" after an accidental touch: does she lose her speed marker (speed 0
    in a ram's factor, and the tide's drift in phase 9) or only halt that move? She halts that half move only, her
    marker kept, as a rammer keeps hers at contact: she is not stopped, so she does not drift, and a ram on her counts
    her speed; she may turn in phase 6 and steer round in the other half. The roster page's readings still fit it."""
    assert ("models (or bases) touching unbidden, she stops that half move, its rest lost (her phase-6 turn may take her round for the 2nd half; a 2nd touch ends it), her marker "
            "kept (not stopped: no drift, her speed in a ram), both unhurt (only a RAM harms)") in _blocks(library, "mobile-bay-1864")
    assert _squeezed("she stops that half move, its rest lost (her phase-6 turn may take her round for the 2nd half; a 2nd touch ends it), her marker kept (not stopped: no drift, "
                     "her speed in a ram)") in \
        _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_no_ship_turns_at_anchor_a_sidewheeler_neither(mobile_bay):
    """Replay 19, moment 1 (p5 Anchored, p4 card head "Stopped, only a sidewheeler turns", p7 counter): anchored Morgan
    swung 180° and then 270° to bring her guns to bear, and nothing said whether an anchored sidewheeler may turn
    without weighing. She may not: a ship at anchor lies to her cable, and turning on it is no move of a bound. Every
    card page's head, the Anchored marker by her model and the Tide reading, where anchoring is, say it."""
    pages = _cards(mobile_bay)
    assert pages and all(_squeezed("Stopped, only a sidewheeler turns, none at anchor.") in _squeezed(p) for p in pages)
    markers = [m for m in _markers(mobile_bay) if m.startswith("Anchored")]
    assert markers and all("no drift or turn; weigh: a move" in m for m in markers)
    assert "(Anchored marker on or off; at anchor none turns)" in _readings(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_forts_sight_line_starts_where_her_range_is_taken(mobile_bay, library):
    """Replay 19, defect b (p3): Fort Morgan's range is taken to her west shore (her water battery's beach) but her arcs
    from her mark, and nothing said where her sight line, the one a model may block, starts. It starts where her range
    is taken: the In sight reading says so for any fort, and Fort Morgan's says where that is."""
    blocks = _blocks(library, "mobile-bay-1864")
    assert ("In sight: a ruler from the firer's range point to some part of the "
            "target's crosses no land but a fort's own") in blocks
    page = _readings(mobile_bay)
    assert _squeezed("a ruler from the firer's range point") in _squeezed(page)
    assert "range both ways, and a ship's arc to her, to the nearest point of Mobile Point's west shore" in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_base_exactly_on_a_torpedo_fields_edge_is_in_it(mobile_bay, library):
    """Replay 19, defect c (p5, p6): "any part of her base over it" left open a base exactly on the field's edge. On the
    edge is in, as touching a model is contact: the Torpedo tests reading, on the readings page after the cards, says
    it in its line, and that page still holds the readings (they are cut into columns by their measured height)."""
    assert "Torpedoes 3D6 each half move she starts, ends or crosses in a field (any part of her base over it or its edge)" in \
        _blocks(library, "mobile-bay-1864")
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))  # said once there (replay 28)
    assert _squeezed("any part of her base over it or its edge)") in qr
    cards = [k for k, p in enumerate(mobile_bay) if RECORD_CARDS in p]
    assert "What the rules leave open: the bound" in mobile_bay[cards[-1]]  # after the last cards, on their page
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_quick_reference_says_how_high_a_medium_can_throw(mobile_bay, library, tmp_path):
    """Replay 19, defect d (p3 Hard targets): Mediums can never hit the fort, Tennessee or the monitors but at point
    blank, and only the roster page's Hard targets reading said so. The quick reference's gunfire lines, where the
    target is chosen, give a pair of Mediums' best throw at each range, from the average die and the AvD reading in
    play (the subtract reading takes the lowest face off over 12 in)."""
    assert "Mediums 12 (17 at point blank, 11 over 12 in, 10 over 24 in): skip a throw" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("Mediums 12 (17 at point blank, 11 over 12 in, 10 over 24 in): skip a throw") in \
        _squeezed(_column(mobile_bay, "— quick reference"))
    house = tmp_path / "subtract.json"
    house.write_text(json.dumps({"quick-play": {"avd_modifiers": {"rows": {"reading": "subtract"}}}}))
    assert "Mediums 12 (17 at point blank, 10 over 12 in, 8 over 24 in): skip a throw" in _blocks(library, "mobile-bay-1864", house)
    assert len(mobile_bay) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 20


def test_a_leader_sunk_leaves_the_lead_to_the_next_astern(mobile_bay, library):
    """Replay 20, moment 1 (p3 Line of battle): Tecumseh went down in bound 1, and the reading said only what a line
    does when its leader stops; the player let the next astern lead without a rule. A leader who stops or sinks leaves
    the lead to the next astern (as Manhattan led the monitors on); one struck is stopped, so the same."""
    assert "fires at her own number (both cannonades, no move; arcs as she lies); if he stops (carried too) or sinks, the next astern leads" in \
        _blocks(library, "mobile-bay-1864")
    assert _squeezed("if he stops (carried too) or sinks, the next astern leads") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_line_moves_its_whole_inches_when_a_touch_halts_its_leader(mobile_bay, library):
    """Replay 20, moment 2 (p3 Line of battle / Passing): Hartford, leading past Brooklyn, was halted by a touch 0.55 in
    into her second half, and "each moves in his wake at his speed" left open whether the ships astern still made
    their whole move; the player moved them only as far as she got. Each moves his whole inches in his wake, closing
    up (a touch halts her in turn, as Passing says); he is not stopped, so he still leads."""
    assert ("each moves in his wake at his speed, each half right after his, her own torpedo tests (his whole inches, "
            "or to touch the ship ahead), but fires at her own number") in _blocks(library, "mobile-bay-1864")
    assert _squeezed("(his whole inches, or to touch the ship ahead)") in _squeezed(_readings(mobile_bay))
    assert _squeezed("her marker kept (not stopped") in _squeezed(_readings(mobile_bay))  # so he still leads
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ship_already_touching_another_may_move_off(mobile_bay, library):
    """Replay 20, moment 3 (p3 Passing): Brooklyn touching Chickasaw, Gaines touching Chickasaw after her ram: only a
    rammer's "each moves off" and the tide's drift spoke of a ship already in contact, so nothing said whether a touch
    pins her. It does not: once touching, she may move off (a move on into the other halts, as any touch does)."""
    assert "both unhurt (only a RAM harms); once touching, she may move off" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("both unhurt (only a RAM harms); once touching, she may move off") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


_GLYPH_EIGHTHS = {"⅛": 1, "¼": 2, "⅜": 3, "½": 4, "⅝": 5, "¾": 6, "⅞": 7}


def _inches(printed: str) -> float:
    """A printed length ('55¾', '14½', '56', '55.78') in inches."""
    if printed[-1:] in _GLYPH_EIGHTHS:
        return float(printed[:-1] or 0) + _GLYPH_EIGHTHS[printed[-1]] / 8
    return float(printed)


def _printed_start(setup_page: str, unit: str) -> tuple[tuple[float, float], float]:
    """A unit's start (inches) and heading as the set-up page's starts table prints them ('56, 14½ 005°')."""
    m = re.search(re.escape(unit) + r"[^,]*?(\d+(?:\.\d+)?[⅛¼⅜½⅝¾⅞]?), (\d+[¼½¾]?) (\d{3})°", setup_page)
    assert m, unit
    x, y = (_inches(v) for v in m.groups()[:2])
    return (x, y), float(m.group(3))


def test_the_line_passes_a_failed_brooklyn_clear_by_rule_from_the_printed_starts(mobile_bay):
    """Replay 20, defect a (p2 / p6): played from the set-up page's starts, printed to the ½ in (Brooklyn 56, 17;
    Hartford 56, 14½: the scenario's 56.2 and 55.9), Hartford's pair passing to port with its 45° at the half clipped
    Brooklyn's west end 0.55 in into her second half and stopped, "clear unless touching". The scripted pass is the
    line's by rule: the next astern and the rest in her wake are clear of her. The rounding is all it answers: from
    the printed starts the pass comes within 0.05 in of clear (Brooklyn's base set 0.05 in east, it clears all along)."""
    import math

    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed(_PASS) in ref
    assert _squeezed("Brooklyn's test: the quick reference, with its dice") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    setup = _flat(_page(mobile_bay, "Set-up: Battle of Mobile Bay").split(" | ")[0])
    (bx, by), bh = _printed_start(setup, "USS Brooklyn + USS Octorara")
    (x, y), heading = _printed_start(setup, "USS Hartford + USS Metacomet")
    half, long, wide = 0.125, 0.5, 0.25  # the Models base; the consort's centre ¼ in to port of her sloop's
    brooklyn = _base((bx, by), bh + 90, long, long, half + wide, half)  # play 29's course clears her outright
    _passes_to_port_clear_of((x, y), heading, brooklyn)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ram_on_a_lashed_pair_strikes_the_ship_whose_base_it_meets(mobile_bay, library, hampton_roads):
    """Replay 20, defect b (p3 Consorts): a ram's bow meeting a lashed pair: "the pair touches as one" but "each her
    own card, EDNA, target" left open whose card takes the ram. The one whose base the bow meets, a blow on a hull as a
    torpedo's is; the consorts' reading stays out of a battle with no pair."""
    assert ("the pair touches as one 1 by ½ in; a ram hits the one her bow meets") in _blocks(library, "mobile-bay-1864")
    assert _squeezed("the pair touches as one 1 by ½ in; a ram hits the one her bow meets") in \
        _squeezed(_readings(mobile_bay))
    assert "her bow meets" not in " ".join(hampton_roads)
    assert len(mobile_bay) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 21


def test_the_ship_back_on_005_at_slow_after_a_failed_brooklyn_is_the_next_astern(mobile_bay, library):
    """Replay 21, moment 1 and defect b (p6 bound-1 line): "..., clear of her by rule, back to 005° at Slow in bound 2"
    read as if Brooklyn herself turned back, and Slow (Cruise on 320° grounds the pair on the Middle Ground) sat at
    the end of a run-on clause. The turn back and its Slow are in the next astern's own parenthesis, Slow first;
    Brooklyn is out of the line, and the readings' Line of battle says how she rejoins (astern of its last ship)."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed(_PASS + ".") in ref  # play 29: both turns in bound 1, the next astern's own parenthesis
    assert "clear of her by rule, back to 005°" not in _blocks(library, "mobile-bay-1864")
    assert _squeezed("if he stops (carried too) or sinks, the next astern leads (at the old leader's number; at the line's inches till she steps: to her next setting): he has left it for good (under way: his own "
                     "number; he may rejoin at its tail:") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_brooklyn_stopped_by_her_test_drifts_with_the_tide(mobile_bay):
    """Replay 21, moment 2 (p2 Binding, p3 Tide): the bound-1 binding says the Confederates, stopped, do not drift, and
    nothing said whether Brooklyn, stopped by her test and not anchored, does. She does, as any ship stopped and not
    at anchor (Tide, phase 9): the binding holds the waiting squadron only. Said on the bound-1 line itself."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("(bow 095°), stopped, drifting from bound 1; the next astern") in ref
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ship_judges_her_arc_to_fort_morgan_where_the_range_is_taken(mobile_bay, library):
    """Replay 21, moment 3 (p3): Fort Morgan's range ran to the nearest point of her west shore, her arcs from her
    mark, and nothing said which point a ship aiming at her takes for her own arc (over 30° off bow and stern). One
    point, the one her range is taken to: the nearest point of the shore, the water battery's beach, where her channel
    guns lay, as her sight line starts there (In sight); the fort's own sectors stay at her mark (docs). The word
    "beach" and "not her mark" (the Measuring line's "or as its set-up says" says it) won the line its room."""
    assert ("none landward; range both ways, and a ship's arc to her, to the nearest point of Mobile Point's west shore "
            "(her water battery)") in _blocks(library, "mobile-bay-1864")
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("range both ways, and a ship's arc to her, to the nearest point of Mobile Point's west shore") in page
    assert _squeezed("a ruler from the firer's range point") in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ram_from_a_bow_already_touching_keeps_the_rammers_speed_marker(mobile_bay, library):
    """Replay 21, moment 4 (p3/p6 Ramming): Tennessee, her bow touching Tecumseh, rammed "at speed 0", and nothing
    said whether her speed marker goes to stopped for it or stays as set. It stays: 0 is the factor's speed, for a
    ram with no run, not an order; at contact a rammer keeps her marker (as after any ram), so the touching ram says
    both in its parenthesis. "already" and "her" won the words back, the A4 pack keeping its pages."""
    assert ("her bow must touch it this move, turn too, else it lapses (one already touching: speed 0, marker kept, each bound). Ramming factor"
            in _blocks(library, "mobile-bay-1864"))
    assert _squeezed("(one already touching: speed 0, marker kept, each bound)") in _squeezed(_column(mobile_bay, "— quick reference",
                                                                                         left=False))
    assert _squeezed("Ramming, Holed, Repeats, Torpedo tests: the quick reference") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_struck_consort_anchors_alongside_and_masks_the_freed_ships_side(mobile_bay, library):
    """Replay 21, moment 5 (p3/p7): Octorara, struck while lashed to Brooklyn's port side, stayed touching her after
    Brooklyn's turn and blocked her port battery by the sight rule, and nothing said whether a struck consort casts
    off, drifts or stays. She stays where she struck, anchored alongside: a prize in the sight line (In sight: no
    model) till the freed ship moves off (Passing), at anchor she does not drift (Tide)."""
    assert "a sunk model leaves the table, a struck one anchors alongside" in _blocks(library, "mobile-bay-1864")
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("a sunk model leaves the table, a struck one anchors alongside") in page
    assert _squeezed("crosses no land but a fort's own and passes over no other model or base") in page
    assert _squeezed("once touching, she may move off") in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_lashed_pair_rams_as_the_sloop(mobile_bay, library):
    """Replay 22, moment 1 (p3 Consorts, p6 Ramming): the pack covered a pair only as a ram's target; whose bow, EDNA
    and speed count when the pair rams was nowhere. The sloop's, at the pair's one speed marker: she leads and turns
    it. Three words won on the full set-up page, which keeps its pages."""
    assert "torpedo tests; all her factors outboard, none inboard; rams as the sloop" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("none inboard; rams as the sloop") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_consort_freed_mid_move_runs_only_what_is_left_of_the_move_in_her_own_inches(mobile_bay, library):
    """Replay 22, moment 2 (p3): a consort lost mid-move, the survivor "goes on at the pair's setting in her own
    inches", and nothing said how much of the move was left, or which speed a ram that move takes. Her own inches less
    what the pair has run this move; a ram's speed is inches a move, so hers. Fort Gaines's line won the room back."""
    assert "on her own marker (Cruise: a sloop's 8\"), less the pair's run (after its move: none); a sunk" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("a sloop's 8\"), less the pair's run (after its move: none);") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_torpedo_test_and_a_ram_contact_in_one_half_move_come_in_the_order_her_track_meets_them(mobile_bay, library):
    """Replay 22, moment 3 (p6): a rammer crossing a field to her target: torpedo test or ram contact first? Nothing
    said. Along her track, whichever she meets first (a field before the target: the test first, and a torpedo that
    sinks her ends the ram); on the Torpedo tests reading, the quick reference being full on Letter."""
    assert ("(none unmoving), any density; test and ram in her track's order"
            in _blocks(library, "mobile-bay-1864"))
    assert _squeezed("test and ram in her track's order") in _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_lashed_ship_fires_all_her_factors_outboard_and_none_inboard(mobile_bay, library):
    """Replay 22, moment 4 and replay 27, moment 1 (p2, p3): "inboard guns silent, outboard ones bear" against
    Targets' "all her factors bear": a ship's factors are not split by side, so which of them are inboard? None is:
    she fires all her factors to her outboard side (the sloop starboard, the gunboat port) and none inboard."""
    assert "all her factors outboard, none inboard" in _blocks(library, "mobile-bay-1864")
    assert _squeezed("all her factors outboard, none inboard") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_sight_line_runs_from_the_firers_centre_to_some_part_of_the_target(mobile_bay, library):
    """Replay 22, moment 5 (p3): In sight drew "a line from the firer's model to the target's" while ranges run from
    centres: any line model to model, or centre to centre? From the firer's centre (as Consorts says: each her own
    centre for range, arcs, sight) to some part of the target's model: a bow showing past a ship can be fired on."""
    assert "In sight: a ruler from the firer's range point to some part of the target's" \
        in _blocks(library, "mobile-bay-1864")
    assert _squeezed("a ruler from the firer's range point") in _squeezed(_readings(mobile_bay))
    assert _squeezed("to some part of the target's crosses no land") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_brooklyns_bound_1_event_turns_her_as_her_test_does(mobile_bay):
    """Replay 22, defect a (p2 vs p3/p6): the bound-1 event had Brooklyn turn "end-on across the channel", her test
    "90° to starboard across the channel" (broadside across it, as she lay on the day): one turn, said alike."""
    events = _squeezed(" ".join(mobile_bay))
    assert "end-on" not in events
    assert _squeezed("or she stops and turns 90° to starboard across the channel, blocking it") in events
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_ship_passing_a_turned_brooklyn_is_warned_off_the_middle_ground(mobile_bay):
    """Replay 22, defect c (p2): the prescribed pass to port of a turned Brooklyn runs a 17-ft sloop toward the Middle
    Ground's edge (9 ft) near y 23½, and the bound-1 event gave no warning; a few words on it."""
    assert _squeezed("clear of her and the shoal)") in _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_consort_lost_to_a_torpedo_is_lost_where_she_met_the_field(mobile_bay, library):
    """Replay 23, moment 1 (p3): Metacomet blew up partway through a half move, and nothing said where along the
    move that happened, so how much of it the freed Hartford had left was open. Where she met the field (her track
    entering it, or where she started in it), and the freed ship runs the rest of that half move from there; said
    on the reading that already gives "less this move's run"."""
    assert ("sunk or struck (a torpedo: where she met the field), the other cuts free at once"
            in _blocks(library, "mobile-bay-1864"))
    assert _squeezed("(a torpedo: where she met the field), the other cuts free") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_average_die_is_read_off_a_plain_d6(mobile_bay):
    """Replay 23, defect b: the quick reference gave the average die's faces (2, 3, 3, 4, 4, 5) but not how a club
    without one throws it: a D6's 1 to 6 read as those faces in turn, where the AvD is defined."""
    assert _squeezed("1–6 → 2, 3, 3, 4, 4, 5") in _squeezed(" ".join(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


# ---- Replay 24 (play24, quick-play): the rulebook moments, each read back from the printed pack.

def test_the_average_die_is_always_a_d6_a_heavys_too(mobile_bay):
    """Replay 24, moment 1 (p6): "AvD average die (D6 1–6 → ...); D10: 1 to 10" read as an AvD on a D10 being 1 to 10,
    a plain D10, when a Heavy's 2D10 over 12 in becomes 1D10 + 1 AvD. The AvD is always the D6 one, said where it is
    defined, and the D10's faces are left to the Dice reading (p5)."""
    left = _squeezed(_column(mobile_bay, "— quick reference"))
    assert _squeezed("AvD average die, always a D6: 1–6 → 2, 3, 3, 4, 4, 5.") in left
    assert _squeezed("D10: 1 to 10") not in left
    assert _squeezed("2D10 → 1D10 + AvD") in left
    assert _squeezed("Dice: D10 1 to 10 (0 is ten)") in _squeezed(_readings(mobile_bay))
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_follower_set_up_off_her_leaders_track_is_slid_sideways_onto_it(mobile_bay):
    """Replay 24, moment 2 (p3): "one set up off his track starts on it, as far astern of him" left open whether the
    follower is slid sideways or along her course, and astern of whom. Slid sideways: her place along the track, so her
    distance astern, is the set-up's."""
    page = _squeezed(_readings(mobile_bay))
    _starts_on_line(mobile_bay)
    assert _squeezed("as far astern of him") not in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_brooklyns_failed_test_turns_her_at_once_and_she_drifts_from_bound_1(mobile_bay):
    """Replay 24, moment 3 (p2, p6): whether Brooklyn's failed-test turn is made before the draw or at her number, and
    whether she drifts in bound 1 when the binding has the Confederates not drift. At once, before the draw; stopped,
    she drifts from bound 1, in her phase 9 as any stopped ship."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("Bound 1, before the draw USS Brooklyn throws 3D6 (no events): over her EDNA (14), she leads; else at once "
                     "turn 90° to starboard (bow 095°), stopped, drifting from bound 1;") in ref
    assert _squeezed("Brooklyn's test: the quick reference, with its dice") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_struck_consort_alongside_blocks_sight(mobile_bay):
    """Replay 24, moment 4 (p3): a struck consort "anchors alongside", and nothing said there whether she still masks
    her freed sloop's side; she is a model like any, so she blocks the lines that cross her (In sight)."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("a sunk model leaves the table, a struck one anchors alongside, blocking sight") in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_ram_may_be_measured_first_and_one_that_cannot_reach_lapses(mobile_bay):
    """Replay 24, moment 5 (p5, p6): a declared ram whose bow could not reach (a monitor's 30° turn short of it): may
    she measure first, and what then? She may measure before she says RAM; a ram that falls short lapses and she
    moves as she likes."""
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("before she fires (measure first); her bow must touch it this move, turn too, else it lapses") in qr
    assert _squeezed("Ramming, Holed, Repeats, Torpedo tests: the quick reference") in _squeezed(_readings(mobile_bay))  # said once (replay 26)
    assert len(mobile_bay) == RULESET.pack_pages


def test_any_ship_may_ram_not_only_a_ram(mobile_bay):
    """Replay 24, moment 6 (p6): that a ship with no ram bow may ram was only implied by "2D6 (a Ram 3D6)"; the Ramming
    line says it first (the article's "3x D6 if classed as Ram" is the Ram's extra die, not leave to ram)."""
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("Ramming any ship may: RAM and target said at her number") in qr
    assert _squeezed("Throw 2D6 (a Ram 3D6)") in qr
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_follower_moves_in_halves_with_her_own_torpedo_tests(mobile_bay):
    """Replay 24, moment 7 (p3, p6): whether a follower moving with her leader makes two half moves, so when she takes
    her torpedo tests. In halves, as every move is, her own tests where her base meets the field."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("each moves in his wake at his speed, each half right after his, her own torpedo tests") in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_struck_ship_no_longer_fires_moves_or_draws(mobile_bay):
    """Replay 24, moment 8 (p3): "she stays ...; fires, moves, draws no more" read at a glance as "she fires, moves";
    she does none of the three."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("a prize and an obstacle, and no longer fires, moves or draws") in page
    assert _squeezed("fires, moves, draws no more") not in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_waiting_confederate_may_set_any_heading_in_bound_1(mobile_bay):
    """Replay 24, moment 9 (p2): "each may set her heading before the draw" left open whether that is a turn within
    her gauge or any heading. Any: a ship waiting at anchor or stopped lies as she was laid."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("stopped: after Brooklyn's test each may set any heading, and fire") in setup
    assert len(mobile_bay) == RULESET.pack_pages


def test_sight_is_a_ruler_edge_laid_centre_to_centre_that_any_model_under_it_blocks(mobile_bay):
    """Replay 24, defect (p3 In sight): in line ahead a line cleared the ship ahead by 0.015 in, another was blocked by
    0.004 in; its fix, a line within ⅛ in of a model blocked, then decided some ten shots of replay 26 on margins of
    0.01-0.15 in, which no eye judges on a table. A ruler's edge laid from centre to centre, blocked by any part of a
    model or base under it: a test made with the ruler already in hand, and nothing to measure."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("In sight: a ruler from the firer's range point") in page
    assert _squeezed("and passes over no other model or base") in page
    # play 32, moments 7 and 17: ⅛ in is touching only, never a block; play 34 (moment 3): no die for too close
    assert _squeezed("within ⅛ in of a model") not in page and _squeezed("1D6, 4-6 sees") not in page
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_set_up_says_the_wooden_line_starts_bows_on_to_the_fort(mobile_bay):
    """Replay 24, defect (p2, p3 Targets): at 005° Fort Morgan's shore lies 10-21° off every wooden ship's bow, so
    none of them can fire at her until she turns; right by the rules, but it looked like the pack's error. Said on
    the Mobile Point row, the shore it is about, in the lines the Fort Gaines row gave back (the plan keeps its
    size: tests/test_setup.py)."""
    setup = _squeezed(_page(mobile_bay, "Set-up: Battle of Mobile Bay"))
    # play 34, moment 5: "none bears till she turns" held only at the start line (Hartford at 55.3, 25 on 005° has
    # the shore 35° or more off her bow): measure
    assert _squeezed("water off it. Measure arcs as she lies: near the start, within 30° of a 005° bow.") in setup
    assert _squeezed("none bears till she turns") not in setup
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_ground_scale_sentence_has_no_brackets_in_brackets(mobile_bay):
    """Replay 24, defect (p2): "Ground scale 100 yd to the inch (the rules give their ranges in inches (point blank to
    2 in, long past 24 in) and no ground scale: read as 100 yd an inch (reconstructed))" nested three brackets and said
    the scale twice."""
    setup = _page(mobile_bay, "Set-up: Battle of Mobile Bay")
    start = setup.index("Ground scale")
    sentence = setup[start:setup.index(").", start) + 2]
    assert sentence.count("(") == 1 and sentence.count(")") == 1, sentence
    assert "reconstructed" in sentence and "read as 100 yd an inch" not in sentence
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_club_may_play_a_forts_1_1_as_guns_out_and_the_pack_says_the_option_exists(mobile_bay, library, tmp_path):
    """Replay 24, balance (p6 Catastrophic events): one Parrott 1-1 silenced Fort Morgan for the game in bound 2, which
    at 6-10 Parrott throws a bound comes one bound in four or five. The chart as printed stays the default; the
    article's "fort put out of action" read as its other rows read theirs ("4 fort guns put out of action") is a
    named house rule (fort_magazine: reading guns_out), and the default pack marks the Magazine reading (house rule)
    so a club sees it exists, with no page added."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("Magazine (1-1): a fort's silences it for the game, as all guns out does (a ship's sinks her): tick "
                     "Silenced (the other reading: 4 guns out) (house rule)") in page
    assert _squeezed("1-1 magazine hit: she explodes and sinks silenced") in _squeezed(_column(mobile_bay, "— quick reference",
                                                                                               left=False))
    house = tmp_path / "house.yaml"
    house.write_text("quick-play:\n  fort_magazine: {rows: {reading: guns_out}}\n")
    pages = _build(library, "mobile-bay-1864", tmp_path / "out", house=house)
    right = _squeezed(_column(pages, "— quick reference", left=False))
    assert _squeezed("1-1 magazine hit: she explodes and sinks 4 guns out") in right
    assert _squeezed("Magazine (1-1): a fort's puts 4 guns out, as a 2-2 or 3-3 does (a ship's sinks her)") in \
        _squeezed(_readings(pages))
    assert len(pages) == len(mobile_bay) == RULESET.pack_pages


def test_the_cover_counts_ships_and_the_counters_they_draw(mobile_bay):
    """Replay 24, defect (p1): the cover's "18 units" and "6 units" counted ships where the cup holds 11 Union counters
    (a lashed pair draws one), and only page 3 explained it. The cover counts as the roster's totals do."""
    cover = mobile_bay[0]
    assert "Rear Admiral David G. Farragut 18 ships, 11 counters" in cover
    assert "Admiral Franklin Buchanan 4 ships and 2 forts, 6 counters" in cover
    assert "18 units" not in cover and "6 units" not in cover
    assert len(mobile_bay) == RULESET.pack_pages


def test_fort_morgans_card_says_where_her_range_is_taken_and_what_bears_on_the_bay(mobile_bay):
    """Replay 24, defect (p5): Fort Morgan's card had only "silenced"; her range from the water battery's beach and
    the bay front's 2 Mediums were on p3 alone. A line on her card, from her scenario's reading (fort_card_notes),
    on hers only."""
    cards = " ".join(_cards(mobile_bay))
    words = _squeezed("range from Mobile Point's west shore; bay sector: 2 Mediums")
    assert _squeezed(cards).count(words) == 1
    with _opened(mobile_bay.path) as pdf:
        page = next(p for p in pdf.pages if "32 pieces in 10 factors" in (p.extract_text() or ""))
        text = page.extract_words()
    fort = next(w for w in text if w["text"] == "Morgan" and w["top"] > page.height / 2)
    gaines = next(w for w in text if w["text"] == "Gaines" and abs(w["top"] - fort["top"]) < 2)
    shore = next(w for w in text if w["text"] == "shore;")  # "...west shore; bay sector: 2 Mediums" (play 43)
    assert shore["x0"] < gaines["x0"] and abs(shore["top"] - fort["top"]) < 30  # on Fort Morgan's card, by her head
    assert len(mobile_bay) == RULESET.pack_pages


# ---- Replay 26 (the printed A4 pack, seed 2046): each rulebook moment answered where the player was looking.

def test_a_lashed_pairs_set_up_point_is_the_sloops_centre(mobile_bay):
    """Replay 26, moment 1 (p2 table, p3 Consorts): the set-up table gives one point a pair and did not say whose
    centre it is. The Consorts reading says: the sloop's, her consort ¼ in to port."""
    text = _squeezed(_readings(mobile_bay))
    assert _squeezed("Consorts: the set-up point is the sloop's centre; hers against her port side, centres ¼ in apart") in text
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_follower_set_up_off_her_leaders_track_is_slid_onto_it_at_set_up(mobile_bay):
    """Replay 26, moment 2 (p3 Line of battle): "slid sideways onto it" said not when; the player slid Hartford and
    Oneida at their first move, and forgot in bound 1. At set-up, before bound 1's draw."""
    _starts_on_line(mobile_bay)


def test_a_ship_firing_at_fort_morgan_may_lay_her_line_to_any_point_of_the_west_shore(mobile_bay):
    """Replay 26, moment 3 (p3 In sight, Fort Morgan): the fort has no drawn extent, so "some part of the target" had no
    meaning for her, and Tecumseh blocked the line to the nearest shore point. Range and arc stay at the nearest point;
    a line to any point of the west shore sees her. Play 40, moment 4 made range, arc and sight one point, the nearest;
    the any-point sight is the fort_sight house rule, marked so (test_p40_fort_morgans_range_arc_and_sight_are_one_point)."""
    text = _squeezed(_readings(mobile_bay))
    assert _squeezed("to the nearest point of Mobile Point's west shore (her water battery), sight too: one point "
                     "(house rule)") in text


def test_a_follower_steers_round_a_ship_lying_in_the_wake_and_back_into_it(mobile_bay):
    """Replay 26, moment 4 (p3 Line of battle, One of a pair lost): Kennebec struck and anchored in the wake, and
    steering round was written for a ship at her own number. Passing says a follower steers round too, then rejoins
    the wake."""
    assert _squeezed("steering round a ship or shoal by her phase-6 turn (a follower too, own turn: the wake next bound, those astern after her)") in \
        _squeezed(_readings(mobile_bay))


def test_the_lead_pairs_survivor_leaves_the_line_and_the_next_astern_leads(mobile_bay):
    """Replay 26, moment 5 (p3): Brooklyn sank and Octorara kept the counter; did she stay at the head of the line?
    She leaves it, at her own number, as a leader that sinks does, and the next astern leads."""
    assert _squeezed("a struck one anchors alongside, blocking sight through her, the other's too (free: no inboard side; "
                     "no drift into the prize); freed, a leader leaves the line") in _squeezed(_readings(mobile_bay))


def test_a_ship_stopped_by_a_touch_may_still_turn_and_finish_her_move(mobile_bay):
    """Replay 26, moment 6 (p3 Passing): Metacomet touched Octorara in the first half move; "she stops that half move"
    left open whether she turns and makes the second half. She may."""
    assert _squeezed("she stops that half move, its rest lost (her phase-6 turn may take her round for the 2nd half; a 2nd touch ends it), her marker kept") in \
        _squeezed(_readings(mobile_bay))


def test_the_ramming_factor_takes_both_current_ednas_and_printed_is_a_house_rule(mobile_bay, library, tmp_path):
    """Replay 26, moment 7 (p6 Ramming factor): "(the target's EDNA + speed)" did not say printed or current
    (against a crippled Metacomet, +17 or +10). Current, as every other test against EDNA; the card's printed EDNA is
    the house rule ramming: edna printed, which the quick reference then says."""
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("(the target's EDNA + speed), EDNAs current, speeds a whole move's inches") in qr
    assert _squeezed("add the factor (EDNA: current; speed: inches a move") in _squeezed(_readings(mobile_bay))
    house = tmp_path / "house.yaml"
    house.write_text("quick-play: {ramming: {rows: {edna: printed}}}\n")
    pages = _build(library, "mobile-bay-1864", tmp_path, house=house)
    qr = _squeezed(_column(pages, "— quick reference", left=False))
    assert _squeezed("EDNAs printed, speeds a whole move's inches") in qr and _squeezed("EDNAs current") not in qr
    assert len(pages) == RULESET.pack_pages


def test_a_lone_medium_over_24_in_has_no_throw_and_says_so(mobile_bay):
    """Replay 26, moment 8 (p5 Range in AvD): "a lone Medium's 2 AvD lose one (over 24 in, both)" left the player to
    work out that she has no throw at all. Said plainly on p5 and on the quick reference."""
    assert _squeezed("a lone Medium's 2 AvD lose one (over 24 in, both: she does not throw)") in \
        _squeezed(_readings(mobile_bay))
    assert _squeezed("lone Medium 10: 15 at point blank, 5 over 12 in, none over 24 in") in \
        _squeezed(_column(mobile_bay, "— quick reference", left=True))


def test_ramming_holed_brooklyns_test_and_fort_gaines_are_said_once_with_a_pointer(mobile_bay):
    """Replay 26, defect (p2, 3, 5, 6): Ramming, Holed and Brooklyn's test were printed two or three times in different
    words. The readings panels print each no more and point to the page that says it."""
    text = _readings(mobile_bay)
    squeezed = _squeezed(text)
    assert _squeezed("Elsewhere: Ramming, Holed, Repeats, Torpedo tests: the quick reference") in squeezed
    assert _squeezed("Fort Gaines: the set-up page; Brooklyn's test: the quick reference, with its dice") in squeezed
    assert _squeezed("Ramming any ship may") not in squeezed and _squeezed("Holed 1D6 + this bound") not in squeezed
    assert _squeezed("Brooklyn's test 3D6 above her EDNA") not in squeezed
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("Ramming any ship may") in qr and _squeezed("Holed (3-3)") in qr
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_turn_counters_row_ends_in_spares_not_empty_cells(mobile_bay):
    """Replay 26, defect (p7): 17 order counters for 17 units and none spare, with an empty cell at the end of their
    row. The cells that end the last row hold blank counters to write a number on, so a lost one is made good; no row
    or page is added."""
    page = _page(mobile_bay, " ORDER ")
    assert _turn_numbers(mobile_bay) == list(range(1, 18))
    assert page.split(" | ")[0].count("SPARE") >= 1
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_turning_gauge_carries_its_own_100_mm_check_inside_its_cut_line(mobile_bay):
    """Replay 26, defect (p6): the page's 100 mm bar lies off the gauge, so the piece cut out (and the strip cut with
    it) kept no check of the print scale. Two ticks on the gauge's own base, 100 mm apart about the pivot, inside the
    outline, with their caption: the piece can be checked after it is cut."""
    mm = 72 / 25.4
    with _opened(mobile_bay.path) as pdf:
        page = next(p for p in pdf.pages if "Turning gauge" in (p.extract_text() or ""))
        words = _flat(page.extract_text() or "")
        lines = page.lines
    assert "end ticks 100 mm apart" in words
    cut = max(ln["linewidth"] for ln in lines)  # the outline cut along: the page's heaviest lines
    base = max((ln for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["linewidth"] == cut),
               key=lambda ln: ln["top"])  # its lowest level line: the base, along the two 90° edges
    edge = [ln for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01 and abs(ln["top"] - base["top"]) < 0.01]
    left, right = min(ln["x0"] for ln in edge), max(ln["x1"] for ln in edge)  # the base: the two 90° edges
    ticks = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["bottom"] - base["top"]) < 0.2
             and 2.0 * mm < ln["bottom"] - ln["top"] < 3.0 * mm and left < ln["x0"] < right]
    xs = sorted(ln["x0"] for ln in ticks)
    assert len(xs) == 2 and abs((xs[1] - xs[0]) / mm - 100.0) < 0.05
    assert len(mobile_bay) == RULESET.pack_pages


# ---------------------------------------------------------------------------------------------- replay 27


def test_a_rams_target_that_has_not_moved_yet_counts_the_speed_marker_she_has_now(mobile_bay, library):
    """Replay 27, moment 2 (p6 Ramming): Tecumseh rammed Morgan before Morgan's number came up. "Speeds at contact
    (0 stopped; hers as set in phase 5)" covered only the rammer: the target's is her marker as it lies at contact,
    set last bound if she has not acted yet. Said on the quick reference's Ramming line; Letter keeps its 9 pages."""
    assert ("speeds a whole move's inches, either half (0 stopped; hers as set in phase 5, the target's now)."
            in _blocks(library, "mobile-bay-1864"))
    qr = _squeezed(_column(mobile_bay, "— quick reference", left=False))
    assert _squeezed("(0 stopped; hers as set in phase 5, the target's now)") in qr
    assert len(mobile_bay) == RULESET.pack_pages


def test_the_set_up_names_which_leg_of_mobile_points_shore_is_the_west_shore(mobile_bay, library):
    """Replay 27, moment 4 (p2 Mobile Point, p3 Fort Morgan): Fort Morgan's range runs to "Mobile Point's west
    shore", and the set-up gave the shore as 61½,28½ → 63½,34½ → 72,35½ without saying which part was west. The
    first leg, along the channel (the second is the bay shore, facing north): the set-up marks it "(west)", in the
    same two lines on A4 and Letter."""
    setup = _squeezed(_column(mobile_bay, "Set-up: Battle of Mobile Bay"))
    assert _squeezed("Shore 61½, 28½ to 63½, 34½ (west) to 72, 35½ (bay)") in setup
    assert "35½ (in)" not in setup  # play 35 defect: "The \"(in)\" is cryptic (inches? inner shore?)"
    assert _squeezed("to the nearest point of Mobile Point's west shore") in _squeezed(_readings(mobile_bay))
    outline = next(a for a in library.scenarios["mobile-bay-1864"].setup.land if a.name == "Mobile Point").outline
    (ax, ay), (bx, by) = [(x / 100, y / 100) for x, y in (outline[0], outline[-1])]
    assert (ax, ay, bx, by) == (61.5, 28.5, 63.5, 34.5) and abs(by - ay) > abs(bx - ax)  # the leg that runs north
    assert len(mobile_bay) == RULESET.pack_pages


def test_a_lost_units_counter_out_of_the_cup_is_the_highest_number(mobile_bay):
    """Replay 27, moment 3 (p5 Lost units): "remove the top counters, one a unit": top of what? The counters are
    numbered and the number is the order of action: the highest numbers leave, so the rest still run 1 up without a
    gap (the player took out 15, 16 and 17). Said in the reading, in its two lines."""
    page = _squeezed(_readings(mobile_bay))
    assert _squeezed("at the bound's end the highest numbers go, one a unit") in page
    assert _squeezed("top counters") not in page
    assert len(mobile_bay) == RULESET.pack_pages


def _letter(bundled_packs) -> Pages:
    return _read(bundled_packs.get("mobile-bay-1864", "quick-play", "letter").path)


def test_a_failed_brooklyn_gets_under_way_from_bound_2_and_may_rejoin_at_the_tail(mobile_bay, bundled_packs):
    """Replay 27, moment 5 (p6 Brooklyn's test): stopped across the channel, a wooden screw cannot turn, and nothing
    said how she gets out of the way (on the day she backed). From bound 2, at her own number, she sets Reverse or
    Slow, one step from Stopped, and under way turns at the half; she rejoins at the line's tail. Said on the test's
    own line on the quick reference, on A4 and on Letter, which keeps its 9 pages (its reference page's gaps took in
    the line)."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("2nd: clear of her and the shoal). From bound 2 she may anchor and wait, freed too; its last ship's centre "
                         "north of hers, she weighs; next bound at Slow 050° into its wake.") in ref
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_club_with_no_cup_shuffles_the_counters_face_down_and_deals(mobile_bay, bundled_packs):
    """Replay 27, moment 6 (p6 phase 1): a table with no cup needs a way to draw; the player threw 1dN for the k-th
    counter left, twelve throws a bound. The Draw counters row says: shuffle them face down and deal, in its one line
    on A4 and on Letter, which keep 7 and 9 pages. Play 40, moment 5: "deal" left who deals to whom; the sides draw in
    turn, blind, from the face-down mix."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        with _opened(pages.path) as pdf:
            page = next(p for p in pdf.pages if "The bound (sequence" in (p.extract_text() or ""))
            lines = [_flat(ln) for ln in (page.extract_text() or "").splitlines()]
        row = [ln for ln in lines if ln.startswith("1 Draw counters")]
        assert row and row[0].endswith("the sides draw in turn, blind (no cup: from a face-down mix) —"), row
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_line_has_turn_point_markers_one_a_follower_on_the_counters_page(mobile_bay, bundled_packs):
    """Replay 27, defect (p3, p6 followers "in his wake"): every follower retraced her leader's bends from memory, up
    to three bounds back, with no marker to leave where he turned. A Turn point marker for each ship that can follow
    (a division's ships less its leader, as In line's: Mobile Bay's 9), on the counters' one page on A4 and on Letter
    (nine markers across, 20.5 mm: at eight, Letter's ran onto a tenth page)."""
    from shipyard.rules.quick_play import counters

    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        markers = _markers(pages)
        turn = [m for m in markers if m.startswith("Turn point")]
        assert len(turn) == 9 and sum(m.startswith("In line") for m in markers) == 9  # In line: one a follower (play 39)
        assert all("leader turned here; last lifts" in m for m in turn)
        assert [k for k, p in enumerate(pages) if " ORDER " in p] == [len(pages) - 1]
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9
    assert counters.STYLES["speed_marker"].w * 9 <= 190  # nine across A4's (and Letter's) 190 mm


def _card_words(pages) -> str:
    """The record cards' words as pdfplumber reads them (boxes' labels in their reading order), joined."""
    with _opened(pages.path) as pdf:
        return " ".join(w["text"] for k, p in enumerate(pdf.pages) if RECORD_CARDS in pages[k]
                        for w in p.extract_words(x_tolerance=1.5))


def test_a_ships_card_has_touching_and_ram_boxes_and_a_forts_a_guns_out_write_in(mobile_bay, bundled_packs):
    """Replay 27, defect (p4-5 cards): no box for "touching" or "RAM declared", and nowhere on Fort Morgan's card to
    note which event put which guns out. Every ship's card has a Now row under her speeds, touching and RAM declared,
    to tick in pencil; a fort's events row has a write-in, double by double, after Silenced. The cards keep their
    pages (A4 7, Letter 9)."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        text = _card_words(pages)
        assert text.count("Now touching RAM declared") == 22  # 18 Union ships, 4 Confederate
        assert text.count("silenced each double, as 5-5: 2 out ______ ______ ______ ______ (5th: boxes only)") == 2
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_fort_gaines_draws_a_counter_in_one_wording_on_the_set_up_and_her_card(mobile_bay, bundled_packs, library):
    """Replay 27, defect (p2 Fort Gaines): 45 in off the channel with a 24 in reach, she drew a counter every bound and
    never acted; her card then said she may sit out the draw. Play 29, moment 1 (phase 1 of bound 1): p2 said she
    draws and passes, the card that she may sit out, and the two give different cups (17 or 16) and a spare
    Confederate number or none. One rule, the article's cup of a counter a unit: she draws a counter, and passes
    while no ship is within 24 in, in the same words on p2 and her card (A4 and Letter), and "sit out" is gone."""
    notes = [r["note"] for r in RULESET.context(library).tables.fort_card_notes.rows if r["unit"] == "fort-gaines"]
    assert notes == ["draws a counter, and passes while no ship is within 24 in"]
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        cards = _squeezed(" ".join(_cards(pages)))
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed(notes[0]) in cards and _squeezed("she " + notes[0] + ".") in setup
        assert "sitout" not in _squeezed(" ".join(pages))
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_ships_card_has_a_write_in_for_a_magazine_or_boiler_hit(mobile_bay, bundled_packs):
    """Play 29, defect (p4-5 cards) and moment 6: the card pages said a magazine or boiler hit has no box, "mark what
    it does", and gave nowhere to: the player noted Tennessee's burst boiler in the margin. Every ship's Now row ends
    in a "note" blank, and the card pages' head says to note such a hit there, on A4 and Letter (their pages kept)."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        text = _card_words(pages)
        assert text.count("Now touching RAM declared note ________") == 22  # 18 Union ships, 4 Confederate
        assert "mark what it does" not in text
        assert _squeezed("a magazine or boiler hit has no box: note it after Now") in _squeezed(" ".join(_cards(pages)))
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_follower_may_steer_round_a_shoal_or_a_grounded_ship_and_back_into_the_wake(mobile_bay, bundled_packs):
    """Play 29, moment 4 (p3 Line of battle, Passing, Grounding): with the wake along the Middle Ground's edge, nothing
    said whether a follower may leave it to keep water (only "steering round a ship"), nor what those astern of a
    follower aground do. She may steer round a shoal as round a ship, then back into the wake, and a ship aground is a
    ship to steer round: said in the Passing reading, on A4 and Letter (their pages kept)."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        assert _squeezed("steering round a ship or shoal by her phase-6 turn (a follower too, own turn: the wake next bound, those astern after her)") in \
            _squeezed(_readings(pages))
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_confederate_roster_warns_that_the_bound_1_heading_is_a_commitment(mobile_bay, bundled_packs, library):
    """Replay 27, defect (p2 Binding): the Confederates may set any heading before the bound-1 draw, then turn only
    30° a bound; the player laid Tennessee broadside, two bounds from a ramming heading. The Confederate roster's notes,
    where the units' places are said, warn in their last line, its figure Tennessee's type's turn (ship_types)."""
    turn = next(r["turn_deg"] for r in RULESET.context(library).tables.ship_types.rows if r["type"] == "Ironclad")
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        roster = _squeezed(_page(pages, "Quick Play order of battle"))
        # play 35, moment 1: "p3 says 'then Tennessee turns 30° a bound', but the card says 'Stopped, only a
        # sidewheeler turns'": the 30° is her rate under way, and stopped she does not turn
        assert _squeezed(f"too far from the channel for most of its guns to bear. Headings set after "
                         f"Brooklyn's test, pre-draw; under way, Tennessee turns {turn}° a bound.") in roster
        assert _squeezed("then Tennessee turns") not in roster
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_quick_reference_says_how_high_a_heavy_can_throw_and_to_skip_what_cannot_score(mobile_bay, bundled_packs,
                                                                                             library, tmp_path):
    """Replay 27, defect (p3, p6 Hard targets): Fort Morgan's Mediums against the sloops' and monitors' 14-16, and
    Tennessee's Heavies over 12 in against a monitor's 16, could never score, and the player threw them all. Beside the
    Mediums' line, the Heavies' best throw at each range (the dice, the average die and the AvD reading in play) and
    to skip a throw that cannot beat the EDNA; A4 and Letter keep their pages (the quick reference's gaps made room)."""
    said = ("Heavies throw at most 20 (25 at point blank, 15 over 12 in, 10 over 24 in), Mediums 12 (17 at point blank, 11 "
            "over 12 in, 10 over 24 in): skip a throw that cannot beat her EDNA; one that cannot fail hits unthrown (a Parrott never hits: doubles only).")
    assert said in _blocks(library, "mobile-bay-1864")
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        assert _squeezed(said) in _squeezed(_column(pages, "— quick reference"))
    house = tmp_path / "subtract.json"
    house.write_text(json.dumps({"quick-play": {"avd_modifiers": {"rows": {"reading": "subtract"}}}}))
    assert "Heavies throw at most 20 (25 at point blank, 18 over 12 in, 16 over 24 in)" in \
        _blocks(library, "mobile-bay-1864", house)
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_boilers_4d10_gives_no_event_on_its_doubles_said_on_the_chart(mobile_bay, bundled_packs, library):
    """Play 29, moment 6 (p6 Boiler, 2-2): Brooklyn's Parrott double burst Tennessee's boiler and its 4D10 came up
    3, 4, 3, 5; the pack said two dice alike give events on rams and torpedoes and nothing of the boiler's own throw.
    None (reconstructed: the article's doubles are the rams', torpedoes' and Parrotts'), said on the chart's 2-2 row,
    where the player is looking when the boiler bursts, on A4 and Letter (its pages kept)."""
    assert "2-2 boiler explodes: 4D10 against EDNA (no event) 4 guns out" in _blocks(library, "mobile-bay-1864")
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("boiler explodes: 4D10 against EDNA (no event)") in ref
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_ships_already_touching_may_ram_each_bound_and_the_quick_reference_says_so(mobile_bay, bundled_packs, library):
    """Play 29, moment 7 (p6 Ramming): Tecumseh and Tennessee lay bow to bow, and "(one already touching: speed 0,
    marker kept)" left open whether either may declare a ram every bound without moving, or must back off first. She
    may, each bound she touches (the article's ram is EDNA and speed, 0 stopped, and its doubles go to the chart, as
    Tennessee was rammed again and again on the day): said in the clause, on A4 and Letter (their pages kept)."""
    assert "(one already touching: speed 0, marker kept, each bound)" in _blocks(library, "mobile-bay-1864")
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        assert _squeezed("else it lapses (one already touching: speed 0, marker kept, each bound).") in qr
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_ram_or_torpedo_double_goes_to_the_events_hit_or_not(mobile_bay, bundled_packs):
    """Replay 28, moment 5 (p6 Torpedoes): Tecumseh's test threw 7 against EDNA 16 with two dice alike; "Any two dice
    alike → events", a sentence after "no hit", left open whether a miss still sends the double to the events. It
    does (the article: any double): both the Ramming and the Torpedoes lines say "hit or not", on A4 and on Letter,
    which keep 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        assert qr.count(_squeezed("Two dice alike, hit or not → events.")) == 2
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_ram_may_use_its_turn_and_counts_a_whole_moves_inches_in_either_half(mobile_bay, bundled_packs, library):
    """Replay 28, moment 6 (p6 Ramming): "speeds in inches at contact (hers after phase 5)" left open what a contact
    in the second half (phase 8) counts, nothing said whether a ram said at her number may use the phase-6 turn, and
    "(a bow touching has: speed 0, marker kept)" read as a garble. The ram's move takes its turn too; each speed is a
    whole move's inches at her marker, whichever half she touches in; a ship already touching rams at 0. Said on the
    Ramming line, from the readings' Ramming row, on A4 and on Letter, which keep 7 and 9 pages."""
    ref = _blocks(library, "mobile-bay-1864")
    assert "her bow must touch it this move, turn too, else it lapses (one already touching: speed 0, marker kept, each bound)" in ref
    assert ("speeds a whole move's inches, either half (0 stopped; hers as set in phase 5, the target's now)") in ref
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        assert _squeezed("touch it this move, turn too, else it lapses (one already touching: speed 0") in qr
        assert _squeezed("speeds a whole move's inches, either half (0 stopped; hers as set in phase 5") in qr
        assert _squeezed("a bow touching has") not in qr
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_either_ship_of_a_lashed_pair_hides_the_other_by_the_same_rule(mobile_bay, bundled_packs):
    """Replay 28, moment 1 (p3 In sight): Brooklyn turned across the channel put Octorara between her and the fort;
    "(a consort behind her sloop is hidden)" named one way only, and "the pair touches as one" read as if the pair were
    one silhouette. The ruler must touch no other base, the pair's other ship's too, whichever lies behind: the In
    sight reading says so on A4 and on Letter, which keep 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        readings = _squeezed(_readings(pages))
        assert _squeezed("passes over no other model or base (a pair's too: a consort partly clear is seen)") in readings
        assert _squeezed("a consort behind her sloop is hidden") not in readings
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_struck_consort_blocks_her_own_sloops_sight_and_the_freed_sloop_fires_either_side(mobile_bay, bundled_packs):
    """Replay 28, moment 2 (p3 One of a pair lost): Octorara struck and anchored alongside Brooklyn, "blocking sight";
    did she block her own sloop's fire, and did the freed Brooklyn still fire outboard only ("all her factors
    outboard" is the pairs' rule)? She blocks the other's sight too, and the freed ship fires either side, as a lone
    ship by Targets. Said in the reading on A4 and on Letter, which keep 7 and 9 pages."""
    _read_on_both_papers(mobile_bay, bundled_packs, "a struck one anchors alongside, blocking sight through her, the other's too "
                                                    "(free: no inboard side; no drift into the prize)")


def _starts_on_line(*packs) -> None:
    """Each astern of the wooden line starts on his heading's line: play 37 cut the Line of battle clause that said so
    (the room went to moments 1-9), since the set-up page's starts table prints each at her point on it (play 36)."""
    for pages in packs:
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("55¾, 14½ 005°") in setup and _squeezed("54¾, 2 005°") in setup  # quarters (plays 41, 43)
        assert _squeezed("at set-up each astern starts") not in _squeezed(_readings(pages))


def _read_on_both_papers(mobile_bay, bundled_packs, words: str) -> None:
    """`words` in the readings of the A4 and the Letter pack, which keep their 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        assert _squeezed(words) in _squeezed(_readings(pages))
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_fort_morgans_sectors_are_from_her_square_not_from_the_west_shore(mobile_bay, bundled_packs):
    """Replay 28, moment 4 (p2/p3 Fort Morgan): her range, and a ship's arc to her, are taken to Mobile Point's west
    shore, and nothing said whether her 170–330° and 330–030° sectors are too; at the 330° boundary it decides which
    of her factors bear. They are from her square on the plan (as drawn, and as her "sectors from here" counter).
    Said first in her reading, on A4 and on Letter, which keep 7 and 9 pages."""
    _read_on_both_papers(mobile_bay, bundled_packs, "Fort Morgan: sectors from her square on the plan: every factor "
                                                    "she has left bears on the channel (170–330°)")


def test_a_torpedo_fields_in_is_one_wording_on_the_readings_and_the_quick_reference(mobile_bay, bundled_packs):
    """Replay 28, defect (p5 vs p6 torpedo "in"): the readings said a base on the field's edge is in it, the quick
    reference only "any part of her base over it", and the player, reading p6, forgot Manhattan's test with her bow on
    the edge. Both now say "any part of her base over it or its edge", on A4 and on Letter (the quick reference's
    "any density", which the readings keep, made the room), which keep 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        readings = _squeezed(_readings(pages))
        said = _squeezed("any part of her base over it or its edge")
        assert said in qr and _squeezed("Torpedo tests: the quick reference") in readings  # said once (replay 28, item 2)
        assert _squeezed("base over it)") not in qr and _squeezed("on its edge") not in readings
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_followers_start_speed_says_it_is_her_leaders(mobile_bay, bundled_packs):
    """Replay 28, defect (p2 How): "3\" in line" for the four screw pairs, whose own Slow is 4", still read as an
    error. The figure says why, "3\" (leader's)", as her In line marker says "at her leader's speed", in the starts
    table on A4 and on Letter (its set-up page has no spare line: the cell keeps its one line), which keep 7 and 9
    pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        setup = _flat(_page(pages, "Set-up: Battle of Mobile Bay").split(" | ")[0])
        for pair in ("Lackawanna + USS Seminole", "Monongahela + USS Kennebec", "Ossipee + USS Itasca",
                     "Oneida + USS Galena"):
            assert re.search(rf"USS {re.escape(pair)} [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ 005° 3\" \(leader's\) lashed pair", setup), pair
        assert " in line lashed pair" not in setup
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_every_follower_starts_at_her_leaders_speed_so_labelled(mobile_bay, bundled_packs):
    """Play 29, moment 5 (p2 How, p3 Lashed pairs and Line of battle): only the four rear pairs' starts said
    "(leader's)", so Hartford's and Richmond's pairs read as at their own Slow, and once Hartford led at her own 4" the
    player could not tell whether Richmond's pair, Slow 3" by Port Royal, follows at inches its markers lack. A
    follower moves at her leader's speed, under her In line marker, whatever her own settings: every follower's start
    says "(leader's)", the leaders' none, on A4 and Letter (their pages kept)."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        setup = _flat(_page(pages, "Set-up: Battle of Mobile Bay").split(" | ")[0])
        for unit, heading in (("Manhattan", "000° 4\""), ("Winnebago", "000° 4\""), ("Chickasaw", "000° 4\""),
                              ("Hartford + USS Metacomet", "005° 3\""), ("Richmond + USS Port Royal", "005° 3\"")):
            assert re.search(rf"USS {re.escape(unit)} [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ {heading} \(leader's\)", setup), unit
        for unit in ("Tecumseh", "Brooklyn + USS Octorara"):
            assert re.search(rf"USS {re.escape(unit)} [\d.⅛¼⅜½⅝¾⅞]+, [\d½]+ 00[05]° [34]\"(?! \(leader)", setup), unit
    assert "In line at her leader's speed" in _markers(mobile_bay)
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_in_line_markers_are_one_a_follower(mobile_bay, bundled_packs, library):
    """Replay 28, defect (p7 counters): 9 In line markers for Mobile Bay's 9 followers were thought short for a ship
    that rejoins at a line's tail, and 2 spares were added. Play 39 found 5 Carried markers for 7 pairs and the page
    full: a column has one leader, so it never has more followers than its ships less one (a rejoiner at the tail
    is one of them), and the 2 spare cells went to the Carried markers. 9 on A4 and on Letter, one a follower, as the
    Turn points are, and no `spare` in the table."""
    row = next(m for m in RULESET.context(library).tables.state_markers.rows["markers"] if m["word"] == "In line")
    assert "spare" not in row
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        markers = _markers(pages)
        turn = sum(m.startswith("Turn point") for m in markers)  # one a follower, as the In line markers are
        assert sum(m.startswith("In line") for m in markers) == turn == 9
        assert [k for k, p in enumerate(pages) if " ORDER " in p] == [len(pages) - 1]
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_torpedo_rule_is_whole_on_the_quick_reference_and_the_readings_point_there(mobile_bay, bundled_packs):
    """Replay 28, defect (pp3/5/6 scattered rules): the torpedo rule was split between the readings (a base on the
    edge, none unmoving, any density, a test and a ram in her track's order) and the quick reference (the throws),
    and the ram's "+/-" reading had no word of where its throw is. The Torpedoes line holds the whole rule, the
    readings' Elsewhere points to it with Ramming and Holed (Holed says it in the reading's own words), and the
    Ramming factor reading points to the throw. On A4 and on Letter, which keep 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        assert _squeezed("Torpedoes 3D6 each half move she starts, ends or crosses in a field (any part of her base "
                         "over it or its edge) and each turn in one, any size (none unmoving), any density; test and ram in her "
                         "track's order;") in qr
        assert _squeezed("Holed (3-3) 1D6 + this bound, at once: she sinks at its end, firing till then.") in qr
        readings = _squeezed(_readings(pages))
        assert _squeezed("Elsewhere: Ramming, Holed, Repeats, Torpedo tests: the quick reference") in readings
        assert _squeezed("Torpedo tests in:") not in readings and _squeezed("none unmoving") not in readings
        assert _squeezed("faster rammer does better; the throw: the quick reference") in readings
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_follower_behind_a_leader_faster_than_she_can_go_drops_astern_still_in_line(mobile_bay, bundled_packs):
    """Play 30, moment 1 (p5 readings): a line's leader faster than a follower can go (a screw leader at 12" with a
    sidewheeler's pair behind, held to 8"; a follower's engines hit): do the followers keep station at his speed or
    hers? She goes his inches up to her own Full, drops astern in his wake still in line, and those behind her keep
    station on her, at her inches. Said in the Faster leader reading, on A4 and on Letter, which keep 7 and 9 pages."""
    _read_on_both_papers(mobile_bay, bundled_packs, "Faster leader: a follower goes the line's inches, but no more than her own "
                                                    "Full (a pair: the slower's; an engine hit's limit): one held back "
                                                    "drops astern in its wake, still in line, and those behind her keep "
                                                    "station on her, at her inches")


def test_an_engine_hit_mid_move_runs_the_rest_of_the_move_at_the_new_setting_less_the_run(mobile_bay, bundled_packs):
    """Play 30, moment 2 (p5 readings, p6 4-4): a torpedo test's 4-4 cut a ship at Cruise to Slow only after her first
    half, and nothing said how far her second goes. The rest of the move is at the new setting, its inches less this
    move's run (the count a consort freed mid-move makes), and none left ends her move. On A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "Engine hit mid-move: the rest of the move at the new setting, less "
                                                    "her run to the hit (a torpedo's: to the field; none left, or "
                                                    "struck: her move ends)")


def test_play_35_a_torpedo_hit_counts_the_run_to_the_field(mobile_bay, bundled_packs):
    """Play 35, moment 6 (p6 Torpedoes, p5 Engine hit mid-move): "Where along the half move does the test fall? This
    decides how far a ship crippled by a 4-4 gets." At the field: her run is counted to where her base meets it, as
    the player ruled (One of a pair lost's "a torpedo: where she met the field"), on A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "less her run to the hit (a torpedo's: to the field;")
    assert "less her run so far" not in _readings(mobile_bay)


def test_play_35_a_ship_struck_mid_move_ends_her_move_there(mobile_bay, bundled_packs):
    """Play 35, moment 7 (p6 Boiler, p3 Struck): "Hartford's first-half torpedo test gave 2-2. The 4D10 boiler throw
    took her to EDNA 0, so she struck in mid-move ... Does she finish the move and take it?" No: struck, her move ends
    where she is, and a second-half test already thrown is void, as the player ruled. Said in the Engine hit mid-move
    reading, where a hit in the half move is ruled, on A4 and on Letter, which keep 7 and 9 pages."""
    _read_on_both_papers(mobile_bay, bundled_packs, "none left, or struck: her move ends)")
    assert "its inches less this move's run" not in _readings(mobile_bay)


def test_a_failed_brooklyn_takes_the_tail_clear_of_the_lines_track_then_into_the_last_ships_wake(mobile_bay,
                                                                                                 bundled_packs):
    """Play 30, moment 3 (p6 Brooklyn's test): after her stop, "may rejoin at the line's tail" gave no route, and backing
    at once runs her into the wake the line steams up. The Line of battle reading gives it for any leader who left the
    line (clear of its track till the last ship is past, then into her wake), and Brooklyn's line on the quick
    reference points there, on A4 and on Letter, which keep 7 and 9 pages (one word more on Letter's quick reference
    ran its turning gauge onto a page of its own)."""
    _read_on_both_papers(mobile_bay, bundled_packs, "he may rejoin at its tail: clear of its track till the last ship is "
                                                    "past, then into her wake)")
    for pages in (mobile_bay, _letter(bundled_packs)):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("its last ship's centre north of hers, she weighs; next bound at Slow 050° into its wake.") in ref


def test_a_target_sunk_mid_cannonade_leaves_the_rest_of_its_throws_lost(mobile_bay, bundled_packs, library, tmp_path):
    """Play 30, moment 4 (p5 One cannonade): a Parrott's 1-1 blew up the target with the firer's other throws in hand,
    and nothing said what they fire at. A cannonade has one target: they are lost, none turns to another. Said in the
    One cannonade reading on A4 and on Letter, and in the house rule's wording (throws one at a time) too."""
    _read_on_both_papers(mobile_bay, bundled_packs, "its hits are struck after, not one by one; a throw that sinks her "
                                                    "leaves the rest lost: no new target")
    house = tmp_path / "each.json"
    house.write_text(json.dumps({"quick-play": {"cannonade_edna": {"rows": {"reading": "each"}}}}))
    assert ("One cannonade: throw one at a time, each against her EDNA as the hits before it left it; a throw that sinks "
            "her leaves the rest lost: no new target") in _blocks(library, "mobile-bay-1864", house)


def test_the_readings_are_set_at_7_5_pt_condensed_on_the_pages_they_had(mobile_bay, bundled_packs):
    """Play 30, moment 5 (p3, p5 readings' size): the readings at 7 pt still read small. They are 7.5 pt, in the
    condensed face so a line holds about as many words, and stay on the pages they had (A4: under the roster and under
    the last cards; Letter: the page after the roster and under the last cards), A4 7 pages, Letter 9."""
    letter = _letter(bundled_packs)
    for pages, where in ((mobile_bay, [2, 4]), (letter, [3, 6])):
        found = []
        with _opened(pages.path) as pdf:
            for k, p in enumerate(pdf.pages):
                if "What the rules leave open" not in pages[k]:
                    continue
                heads = [w for w in p.extract_words() if w["text"] == "leaves"]  # the intro line, over the readings
                body = [c for c in p.chars if heads[0]["bottom"] < c["top"] < p.height - 40 and c["text"].strip()]
                assert min(round(c["size"], 1) for c in body) >= 7.5, k
                assert all("Condensed" in c["fontname"] for c in body), k
                found.append(k)
        assert found == where and RECORD_CARDS in pages[where[1]]
    assert "Quick Play order of battle" in mobile_bay[2]  # A4: under the roster (Letter's have the page after it)
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_a_card_page_both_sides_share_says_whose_cards_are_above_and_below_a_line(mobile_bay, bundled_packs):
    """Play 30, moment 6 (p5 shared): page 5 holds the Union's last four cards over the Confederates', and nothing on
    it said which player takes which (the cover's "both sides' on page 5" only that it is shared). A dashed line where
    the sides meet says "Union cards above this line · Confederate cards below", between Galena's card and
    Tennessee's, on that page alone; Letter, whose sides have pages of their own, has none. No page is added: A4 7,
    Letter 9."""
    words = "Union cards above this line · Confederate cards below"
    shared = [k for k, p in enumerate(mobile_bay) if RECORD_CARDS in p and "USS" in p and "CSS" in p]
    assert shared == [4] and "both sides' on page 5" in mobile_bay[0]
    assert [k for k, p in enumerate(mobile_bay) if _squeezed(words) in _squeezed(p)] == shared
    with _opened(mobile_bay.path) as pdf:
        found = pdf.pages[shared[0]].extract_words()

    def top(text: str) -> float:
        return next(w["top"] for w in found if w["text"] == text)

    assert top("Galena") < top("above") < top("Tennessee")
    letter = _letter(bundled_packs)
    assert not any(_squeezed(words) in _squeezed(p) for p in letter)
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_the_line_forms_at_set_up_by_sliding_each_astern_square_onto_her_leaders_heading(mobile_bay, bundled_packs):
    """Play 31, moment 1 (p2, p3 Line of battle): the wooden line's set-up points lie on no one 005° track (about 0.3 in
    a ship west of the last, and printed to the ½ in), and "slid onto it" said not how. Each astern slides square
    across onto her leader's heading line: one measurable move. On A4 and on Letter, which keep 7 and 9 pages."""
    _starts_on_line(mobile_bay, _letter(bundled_packs))
    assert _squeezed("one set up off his track is slid onto it") not in _squeezed(_readings(mobile_bay))


def test_brooklyns_test_comes_before_the_confederates_free_headings(mobile_bay, bundled_packs):
    """Play 31, moment 2 (p2, p6): whether Brooklyn's test or the Confederates' free choice of headings comes first.
    Hers: the Binding line says the Confederates set their headings after it, and the test is still before the draw."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("stopped: after Brooklyn's test each may set any heading, and fire") in setup
        assert _squeezed("Bound 1, before the draw USS Brooklyn throws 3D6") in _squeezed(_page(pages, "The bound (sequence"))


def test_the_turning_gauge_turns_a_model_on_her_centre_a_pair_on_the_sloops(mobile_bay, bundled_packs):
    """Play 31, moment 3 (p6 gauge): the gauge's "pivot" was undefined, and where Brooklyn's lashed Octorara ends up after
    her 90° turn. The centre (the point every range is taken from); a pair's is the sloop's, her consort turning with
    her, so still on her port side. The caption keeps its one line on A4 and on Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        with _opened(pages.path) as pdf:
            page = next(p for p in pdf.pages if "Turning gauge" in (p.extract_text() or ""))
            lines = [_flat(ln) for ln in (page.extract_text() or "").splitlines()]
        caption = [ln for ln in lines if ln.startswith("Cut out")]
        assert caption == ["Cut out, mount on card; point on her centre (a pair: the sloop's, consort and all), "
                           "dashed line on her heading: she turns up to her type's edge, either side."]
        assert not any("pivot" in ln for ln in lines)
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_a_sight_line_too_close_to_call_sees(mobile_bay, bundled_packs):
    """Play 31, moment 5 (p3 In sight): "touches no other model" had no tolerance, and lines cleared models by 0.01-0.1
    in; play 31-33 settled it with 1D6, which play 34 threw "about ten times: monitors in column, ships lined up behind
    Brooklyn" (moment 3). Only a line passing over a model or base hides: in doubt, she sees. On A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "passes over no other model or base (a pair's too: a consort partly clear is seen); in doubt, she sees")
    for pages in (mobile_bay, _letter(bundled_packs)):
        assert _squeezed("4-6 sees") not in _squeezed(" ".join(pages))


def test_a_failed_brooklyn_anchors_and_turns_to_port_into_the_wake_once_the_line_is_past(mobile_bay, bundled_packs):
    """Play 31, moment 6 (p6): "sets Reverse or Slow ... rejoins at the tail" ran her astern onto the Middle Ground or
    ahead into Chickasaw. Step by step: from bound 2 she may anchor where she lies; once the line is past she weighs and
    at Slow turns to port, 050° then 005°, into its wake. On A4 and on Letter (the paragraph keeps its lines)."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("From bound 2 she may anchor and wait, freed too; its last ship's centre north of hers, she weighs; next bound at Slow 050° into its wake.") in ref
        assert _squeezed("she sets Reverse or Slow") not in ref


def test_a_sloop_freed_in_line_keeps_her_leaders_inches(mobile_bay, bundled_packs):
    """Play 31, moment 7 (p3 One of a pair lost): Richmond freed mid-bound behind the line's 8": the pair's Full 12" or
    the line's 8"? In line she keeps his inches (Faster leader caps her at her own Full). On A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "freed, a leader leaves the line, a follower keeps "
                                                    "the line's inches")  # "his" till play 43


def test_a_rammer_at_contact_has_her_move_over(mobile_bay, bundled_packs, library):
    """Play 31, moment 9 (p6): after Tennessee rammed Seminole, whether the rammer turns, finishes her move, stops or
    drifts. She stops, touching, her marker kept (so no drift) and her move over (no turn, no rest of the move)."""
    assert "At contact the rammer stops, touching, marker kept, move over (her 2nd cannonade kept); each moves off at her own number." in \
        _blocks(library, "mobile-bay-1864")
    for pages in (mobile_bay, _letter(bundled_packs)):
        assert _squeezed("marker kept, move over (her 2nd cannonade kept); each moves off") in _squeezed(_column(pages, "— quick reference",
                                                                                         left=False))


def test_a_ram_on_a_pairs_seam_hits_the_sloop_and_firing_is_optional(mobile_bay, bundled_packs, library):
    """Play 31, moment 10 (p3 Consorts, p6 phase 4): a ram's bow meeting the seam of a lashed pair: the sloop is struck;
    and a ship may hold her fire: the 1st cannonade row says she may fire or hold it."""
    _read_on_both_papers(mobile_bay, bundled_packs, "a ram hits the one her bow meets (seam: sloop)")
    assert "1st cannonade she may fire all that bear (or hold it): one target in sight" in _blocks(library, "mobile-bay-1864")
    for pages in (mobile_bay, _letter(bundled_packs)):
        assert _squeezed("she may fire all that bear (or hold it): one target in sight") in _squeezed(_page(pages, "The bound (sequence"))


def test_the_skip_of_a_throw_that_cannot_score_is_said_for_mediums_too_never_a_parrott(mobile_bay, bundled_packs):
    """Play 31, moment 11 (p6): "Heavies throw at most 20 ... skip one that cannot beat her EDNA" was not said for
    Mediums and Parrotts. One line gives both kinds' best and the skip for either, never a Parrott's (her doubles harm);
    A4 and Letter keep 7 and 9 pages."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        col = _squeezed(_column(pages, "— quick reference"))
        assert _squeezed("Mediums 12 (17 at point blank, 11 over 12 in, 10 over 24 in): skip a throw that cannot beat her EDNA; one that "
                         "cannot fail hits unthrown (a Parrott never hits: doubles only).") in col
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_the_parrott_range_cell_and_hartfords_score_each_keep_one_line(mobile_bay, bundled_packs):
    """Play 31, moment 11 (p6 Range, p2 Scores): the Parrotts' over-24 in cell "-1 AvD: 1D6 + 1 AvD" wrapped into the
    row below, and Hartford's score "(the flagship, besides her 4)" left "4)" alone on a line. The cell gives the dice
    (the Parrotts over 24 in reading says why), the score drops "the"; each reads in one line, on A4 and on Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        with _opened(pages.path) as pdf:
            lines = [_flat(ln) for p in pdf.pages for ln in (p.extract_text() or "").splitlines()]
        assert any(ln.startswith("over 24 in -2 AvD 1D6 + 1 AvD") for ln in lines)
        assert not any(ln.startswith("+ 1 AvD") for ln in lines)
        assert any("USS Hartford: sunk or struck (flagship, besides her 4) +4" in ln for ln in lines)
        assert not any(ln.strip() in ("4)", "4) +4") for ln in lines)
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_brooklyns_failed_test_turns_her_bow_east_not_at_the_fort(mobile_bay):
    """Play 32 (p6): "turn 90° to starboard (to the fort)" from her 005° is 095°, due east, not a bearing on Fort
    Morgan (north-east of her): the words say where her bow points."""
    ref = _squeezed(_page(mobile_bay, "The bound (sequence"))
    assert _squeezed("turn 90° to starboard (bow 095°), stopped") in ref
    assert "(to the fort)" not in ref


def test_play_32_brooklyns_test_has_no_events_and_the_whole_line_takes_the_dogleg(mobile_bay, bundled_packs):
    """Play 32, moments 1, 3, 15 (p6, p2) and 6 (p2, p3): whether the test's doubles are events (as a ram's or a
    torpedo's are); whether only the next astern or the whole line passes Brooklyn; what "(050°, 005°)" meant; and when
    the Confederates set their bound-1 headings. No events (it is no hit); the line follows the new leader's dogleg in
    her wake; 050° on weighing, 005° the next bound; headings after the test (p2 Binding), before the draw (the
    Confederate roster's last line), so before any Union move. On A4 and on Letter, which keep 7 and 9 pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("USS Brooklyn throws 3D6 (no events):") in ref
        assert _squeezed("the next astern leads west of her, all in his wake") in ref
        assert _squeezed("next bound at Slow 050° into its wake.") in ref
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("the next astern leads west of her, all in his wake") in setup
        assert _squeezed("after Brooklyn's test each may set any heading") in setup
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_play_32_the_readings_answer_the_line_sight_and_touching_moments(mobile_bay, bundled_packs):
    """Play 32 (p3): counters drawn blind? (5); a follower mid-dogleg fires on which arcs? (16); how close may a
    follower close up on the ship ahead? (13: to touching; touching, Passing stops her, unhurt); what is "too close" for
    sight and how close is touching? (7, 17: ⅛ in both); after a failed sight throw, another target? (9: yes); does a
    struck consort block her partner's fire through her? (10: yes); "steering round ... in her turn" (12: her phase-6
    turn on the gauge). On A4 and on Letter, which keep 7 and 9 pages."""
    for words in ("Drawing counters: blind, the Union first",
                  "(his whole inches, or to touch the ship ahead)",
                  "(both cannonades, no move; arcs as she lies)",
                  "in doubt, she sees",
                  "for touching (within ⅛ in) and steering round",
                  "with the over-24 in modifiers (one unseen: pick another)",
                  "a struck one anchors alongside, blocking sight through her, the other's too",
                  "steering round a ship or shoal by her phase-6 turn"):
        _read_on_both_papers(mobile_bay, bundled_packs, words)
    assert _squeezed("in her turn (a follower") not in _squeezed(_readings(mobile_bay))


def test_play_32_the_cover_says_each_unit_fires_at_her_number_as_the_bound_does(mobile_bay, bundled_packs):
    """Play 32, moment 4 (p1 vs p6): the cover's club note said "a side's fire is worked at once", the bound that each
    unit fires at her own number. The cover now says the bound's order, on A4 and on Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        cover = _squeezed(pages[0])
        assert _squeezed("Each player throws for their own units, each unit's fire at her turn counter's number.") in cover
        assert _squeezed("worked at once") not in cover


def test_play_32_a_ship_off_the_table_is_out_and_scored_where_she_left_it(mobile_bay, bundled_packs):
    """Play 32, moment 11 (p3): no rule for a ship leaving the table. She is out for good, scored where she left it
    (off the north edge, past the torpedo line). In the Scoring reading, on A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "sinking a Confederate gunboat scores nothing; a ship off the table is "
                                                    "out for good, scored where she left it")


def test_play_32_a_sloop_hides_her_consort_and_the_consort_her_sloop(mobile_bay, bundled_packs):
    """Play 32, moment 8 (p3): does a sloop block sight to her own consort? In sight's "(a pair's too: a consort partly clear is seen)" meant so but
    left the player unsure; the Models reading said it again, until play 36 (moments 4, 13) read that as a blanket
    screen: In sight's ruler says it, once, on A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "passes over no other model or base (a pair's too: a consort partly clear is seen)")


def test_play_32_the_line_forms_from_each_asterns_printed_x_not_on_the_005_line(mobile_bay, bundled_packs):
    """Play 32, moment 2 (p2 starts, p3 Line of battle): the start x's are not on the 005° line. The starts are shared by
    every rule set and print to the ½ in, so the words say it: each astern slides square from her x onto his line."""
    _starts_on_line(mobile_bay, _letter(bundled_packs))


def test_play_33_the_readings_answer_the_line_sight_touching_and_prize_moments(mobile_bay, bundled_packs):
    """Play 33 (p3): is a carried leader "stopped" for the line rule? (3: yes); a follower behind a halted leader
    closes up to the ship ahead (9); may the firer try another part of the target before the die? (5: yes, the die
    only when all lines are too close); sight to Fort Morgan from another shore point than range's? (6: yes); the
    water between the channel and the Middle Ground (7: deep); after a touch she turns and finishes, a 2nd touch
    ends it (8); a freed ship beside a struck consort drifts (10); a prize is no target (14); a cannonade tests the
    EDNA earlier numbers' hits left (13). On A4 and on Letter, which keep 7 and 9 pages."""
    for words in ("if he stops (carried too) or sinks, the next astern leads",
                  "(his whole inches, or to touch the ship ahead)",
                  "in doubt, she sees",
                  "(her water battery), sight too: one point (house rule)",  # play 40, moment 4: one point
                  "(deep where none is given, as off the channel)",
                  "(her phase-6 turn may take her round for the 2nd half; a 2nd touch ends it)",
                  "(free: no inboard side; no drift into the prize)",
                  "a monitor's all round; no prize",
                  "test the EDNA she had as it began, after earlier numbers' hits"):
        _read_on_both_papers(mobile_bay, bundled_packs, words)


def test_play_33_the_quick_reference_and_roster_answer_the_draw_doubles_and_sure_hit_moments(mobile_bay, bundled_packs):
    """Play 33: who picks which unit gets which number (2: its side, "as it likes", p6 phase 2); can a Heavy's
    1D10 + AvD be a double (11: a Heavy's or Medium's throw is never one); a throw that cannot miss (12: it hits
    unthrown); which Confederates set a bound-1 heading, and when (1: each, after Brooklyn's test, before the draw,
    the Confederate roster's last line). On A4 and on Letter."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_page(pages, "— quick reference"))
        assert _squeezed("one behind each of its units, as it likes") in ref
        col = _squeezed(_column(pages, "— quick reference"))
        assert col.count(_squeezed("EDNA (never a")) == 2
        assert _squeezed("one that cannot fail hits unthrown (a Parrott never hits: doubles only).") in col
        roster = _squeezed(_page(pages, "Quick Play order of battle"))
        assert _squeezed("Headings set after Brooklyn's test, pre-draw;") in roster
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_play_33_a_carried_pair_has_a_carried_marker(mobile_bay, bundled_packs):
    """Play 33, defect (p7): "there is no speed marker for a carried ... pair at half speed": the gunboat carrying a
    sloop that has lost all speed goes at half her own marker, and the counters page had nothing to show it. Carried
    markers ("half the gunboat's marker"), one a pair to at most 5 (the cells A4's counters page had left), laid by
    the gunboat's own marker; the counters still on one page, A4 7 and Letter 9 pages."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        assert sum(m == "Carried half the gunboat's marker" for m in _markers(pages)) == 7  # one a pair (play 39)
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_play_34_brooklyns_failed_test_says_when_the_line_turns_and_when_it_is_past(mobile_bay, bundled_packs):
    """Play 34, moment 1 (pp. 2, 6: "When does Hartford turn, and can she fire in phase 4 at her 320° heading?"): the
    45° is her move's, "as she moves", so her phase-4 fire is on 005°; moment 9 (p. 2: "When is the line 'past'
    Brooklyn?"): its last ship north of her. On the set-up page and the quick reference, A4 and Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        for text in (ref, setup):
            assert _squeezed("all in his wake (no gauge turns: 320° 1st half, 005° 2nd") in text
            assert _squeezed("at the start, 005°") not in text
        assert _squeezed("its last ship's centre north of hers, she weighs") in ref and _squeezed("the line past,") not in ref
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_play_34_a_repeated_engine_or_rudder_event_keeps_the_worse_result(mobile_bay, bundled_packs):
    """Play 34, moment 10 (p. 6: "Tennessee was stopped by a 4-4 in bound 3. Another 4-4 in bound 4 threw '5-6 no
    Full'"): the events table's head says a repeat keeps the worse result, on A4 and on Letter, which keep 7 and 9
    pages."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("Ship (a repeat: the worse stands)") in ref
        assert _squeezed("Repeats") in _squeezed(_readings(pages))  # the reading's pointer: the quick reference
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9


def test_play_34_a_grounded_ship_comes_off_straight_astern(mobile_bay, bundled_packs):
    """Play 34, moment 8 (p. 3 Grounding: "Can a ship going astern turn in phase 6? Which way does she move once
    turned?"): off straight astern, no turn. On A4 and on Letter, which keep 7 and 9 pages."""
    _read_on_both_papers(mobile_bay, bundled_packs, "she stops where she touches, unhurt, firing; off straight astern")
    _read_on_both_papers(mobile_bay, bundled_packs, "Reverse is one step from Stopped")


def test_play_34_a_pair_broken_after_its_move_gets_no_more_and_the_leader_leaves_the_line(mobile_bay, bundled_packs):
    """Play 34, moment 6 (p. 3 One of a pair lost: Metacomet struck after Hartford had moved; more movement? does "the
    lead pair's" cover a leader since Brooklyn's test?): "(moved: none)", "the leader's" (play 42: now "(after its move: none)"). On A4 and on Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "less the pair's run (after its move: none)")
    _read_on_both_papers(mobile_bay, bundled_packs, "(free: no inboard side; no drift into the prize); freed, a leader leaves the line")


def test_play_36_the_wooden_lines_printed_starts_lie_on_brooklyns_005_line(mobile_bay, bundled_packs):
    """Play 36, moment 1 (p2, p3 Line of battle): the printed x of each astern (Hartford 56, Richmond 55½, ... Oneida
    54½) lay off Brooklyn's 005° line, by up to 0.2 in, and "slides square from her x" read two ways (in x at her y,
    or square to the line). The starts table now prints each astern on the line from Brooklyn's printed 56, 17, at her
    own y (Hartford 55.78, 14½ ... Oneida 54.69, 2, the player's ruling), and the reading says she starts there. On A4
    and Letter, which keep 7 and 9 pages."""
    import math

    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        setup = _flat(_page(pages, "Set-up: Battle of Mobile Bay").split(" | ")[0])
        (bx, by), bh = _printed_start(setup, "USS Brooklyn + USS Octorara")
        assert (bx, by, bh) == (56.0, 17.0, 5.0)
        for unit in ("USS Hartford + USS Metacomet", "USS Richmond + USS Port Royal", "USS Lackawanna + USS Seminole",
                     "USS Monongahela + USS Kennebec", "USS Ossipee + USS Itasca", "USS Oneida + USS Galena"):
            (x, y), heading = _printed_start(setup, unit)
            # within ⅛ in of the line, square to it: a quarter's rounding (play 43), inside her ¼ in wide base
            off = abs((x - bx) * math.cos(math.radians(5)) - (y - by) * math.sin(math.radians(5)))
            assert heading == 5.0 and off < 1 / 8, unit
        assert "55¾, 14½" in setup and "54¾, 2 005°" in setup  # a tape's quarters, not 55.78 (plays 41, 43)
        assert "59, 15 000°" in setup  # the monitors' 000° line: as printed before
    _starts_on_line(mobile_bay, _letter(bundled_packs))
    assert "slides square" not in _squeezed(_readings(mobile_bay))


def test_play_36_a_parrott_never_hits_only_her_doubles_harm_said_in_both_places(mobile_bay, bundled_packs):
    """Play 36, moment 3 (p5 Throws, p6 Cannonade): p6's Tests said "doubles only", but the skip's "(never a
    Parrott's)" and p5's "Parrotts 2D6 a pair or an odd one" read as a Parrott taking part in hitting. Both places now
    say she never hits on the number: only her doubles harm. On A4 and Letter."""
    letter = _letter(bundled_packs)
    for pages in (mobile_bay, letter):
        ref = _squeezed(_column(pages, "— quick reference"))
        assert _squeezed("hits unthrown (a Parrott never hits: doubles only).") in ref
        assert "never a Parrott's" not in ref
    _read_on_both_papers(mobile_bay, bundled_packs, "Parrotts 2D6 a pair or an odd one, for doubles only (never a hit)")


def test_play_36_brooklyns_pass_gives_the_headings_not_two_turns(mobile_bay, bundled_packs):
    """Play 36, moment 2 (pp. 2, 6): "45° to port as she moves, 005° at the half" read as two 45° turns in one bound,
    one before phase 5 where no phase turns. The event now gives the headings it sets: on 320° as she moves, 005° at
    the half (the event's, no gauge), all in her wake, on the set-up page and the quick reference, A4 and Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        for text in (_squeezed(_page(pages, "The bound (sequence")), _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))):
            assert _squeezed("all in his wake (no gauge turns: 320° 1st half, 005° 2nd") in text
            assert _squeezed("45° to port as she moves") not in text
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_play_36_a_pairs_screen_is_in_sights_ruler_said_once(mobile_bay, bundled_packs):
    """Play 36, moments 4 and 13 (p3): Models' "a pair's ships hide each other" read as a blanket screen (Octorara
    after Brooklyn's turn; every consort from Fort Morgan's shore). The ruler decides: In sight's "(a pair's too: a consort partly clear is seen)" says
    it, once; the Models clause went. A4 and Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        readings = _squeezed(_readings(pages))
        assert _squeezed("a pair's ships hide each other") not in readings
        assert _squeezed("passes over no other model or base (a pair's too: a consort partly clear is seen); in doubt, she sees") in readings
        assert _squeezed("for touching (within ⅛ in) and steering round") in readings
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_play_36_anchoring_as_her_move_drifts_no_more_that_bound(mobile_bay, bundled_packs):
    """Play 36, moment 5 (p3 Tide): Tennessee and the gunboats, stopped, would drift from bound 2: may a ship anchor as
    her first act, and does it stop the drift at once? Yes: anchoring (or weighing) is her move, no drift that bound,
    as the player ruled (the old words said it of weighing only). A4 and Letter."""
    _read_on_both_papers(mobile_bay, bundled_packs, "a stopped ship anchors or weighs as her move (firing as ever), no drift that bound "
                         "(Anchored marker on or off; at anchor none turns)")


def test_play_36_a_4_4s_engine_throw_is_the_same_event(mobile_bay, bundled_packs):
    """Play 36, moment 7 (p6): "4 guns out; for good, at once, engines 1D6" left it open whether the engine throw
    belongs to the 4-4. It does: "4 guns out + ... engines 1D6", one event. A4 and Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("4-4 4 guns out + for good, at once, engines 1D6:") in ref
    assert len(mobile_bay) == RULESET.pack_pages and len(_letter(bundled_packs)) == 9


def test_play_36_any_turn_in_a_torpedo_field_tests(mobile_bay, bundled_packs):
    """Play 36, moment 10 (p6 Torpedoes): "each turn in one" left a 10° correction in doubt. Any turn tests, of any
    size, as the player ruled. A4 and Letter."""
    for pages in (mobile_bay, _letter(bundled_packs)):
        qr = _squeezed(_column(pages, "— quick reference", left=False))
        assert _squeezed("and each turn in one, any size (none unmoving)") in qr


# ---------------------------------------------------------------------------------------------- play 37
def _both(mobile_bay, bundled_packs):
    letter = _letter(bundled_packs)
    assert len(mobile_bay) == RULESET.pack_pages and len(letter) == 9
    return (mobile_bay, letter)


def test_play_37_brooklyns_pass_sets_headings_and_the_line_keeps_her_track(mobile_bay, bundled_packs):
    """Play 37, moment 1 (p2, p6): "320° 1st half, 005° 2nd" still read as two turns in one bound, and
    the player asked how the followers go through the dog-leg: no gauge turns (the event's headings), all on her
    track, on the set-up page and the quick reference, A4 and Letter."""
    for pages in _both(mobile_bay, bundled_packs):
        for text in (_squeezed(_page(pages, "The bound (sequence")), _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))):
            assert _squeezed("west of her, all in his wake (no gauge turns: 320° 1st half, 005° 2nd") in text
            assert _squeezed("all in her wake (on 320°") not in text


def test_play_37_a_prize_alongside_on_the_tide_side_holds_her_freed_partner(mobile_bay, bundled_packs):
    """Play 37, moment 2 (p3): One of a pair lost said the freed ship "drifts", Tide said a drift already touching a
    model that way does not: she drifts, but not into the prize (Brooklyn with Octorara on her north side stays)."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("(free: no inboard side; no drift into the prize)") in _squeezed(_readings(pages))
        assert _squeezed("(already touching one that way: no drift)") in _squeezed(_readings(pages))


def test_play_37_a_consort_partly_clear_of_her_sloop_is_seen(mobile_bay, bundled_packs):
    """Play 37, moment 3 (p3 In sight): Metacomet on Hartford's far side from the fort, her bow tip showing: does
    the sloop screen her? Only where the ruler passes over the sloop: a consort partly clear is seen."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("passes over no other model or base (a pair's too: a consort partly clear is seen); "
                         "in doubt, she sees") in _squeezed(_readings(pages))


def test_play_37_a_freed_leader_leaves_the_line_a_freed_follower_keeps_his_inches(mobile_bay, bundled_packs):
    """Play 37, moment 4 (p3): "the leader's leaves the line; freed in line, she keeps his inches" read two ways."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed(_readings(pages))
        assert _squeezed("freed, a leader leaves the line, a follower keeps the line's inches") in text
        assert _squeezed("the leader's leaves the line") not in text


def test_play_37_a_new_leader_keeps_the_lines_inches_till_she_steps(mobile_bay, bundled_packs):
    """Play 37, moment 5 and defect (p3 Line of battle): the line's 3" is no setting of Lackawanna + Seminole (both
    screws, Slow 4"): she keeps the line's inches till her first speed change, a step to her next setting."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("the next astern leads (at the old leader's number; at the line's inches till she steps: to her next setting)") in \
            _squeezed(_readings(pages))


def test_play_37_a_ship_anchoring_still_fires(mobile_bay, bundled_packs):
    """Play 37, moment 6 (p3 Tide): anchoring is her move; does she fire that bound? Yes, both cannonades."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("a stopped ship anchors or weighs as her move (firing as ever), no drift that bound") in \
            _squeezed(_readings(pages))


def test_play_37_a_lashed_ship_fires_all_her_factors_outboard_on_both_pages(mobile_bay, bundled_packs):
    """Play 37, moment 7 (p2 against p3): "the pair's inboard guns cannot fire" read as half her broadside beside
    "all her factors outboard, none inboard": the set-up page now says what p3 says."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = _squeezed(_page(pages, "Set-up: Battle of Mobile Bay"))
        assert _squeezed("each fires all her factors outboard, none inboard (the sloop's port side, the gunboat's "
                         "starboard)") in setup
        assert _squeezed("inboard guns cannot fire") not in setup
        assert _squeezed("all her factors outboard, none inboard") in _squeezed(_readings(pages))


def test_play_37_a_ram_reaches_when_her_bow_touches_the_target(mobile_bay, bundled_packs):
    """Play 37, moment 8 (p6 Ramming): "her bow must reach it" said no measure: touching, Models' within ⅛ in."""
    for pages in _both(mobile_bay, bundled_packs):
        qr = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("her bow must touch it this move, turn too, else it lapses") in qr
        assert _squeezed("touching (within ⅛ in)") in _squeezed(_readings(pages))


def test_play_37_a_ship_touching_in_her_first_half_may_turn_round_and_finish(mobile_bay, bundled_packs):
    """Play 37, moment 9 (p3 Passing): Lackawanna touched the struck Metacomet in phase 5, before any turn: she stops
    that half, and her phase-6 turn may take her round to finish the other half."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("she stops that half move, its rest lost (her phase-6 turn may take her round for the 2nd half; "
                         "a 2nd touch ends it)") in _squeezed(_readings(pages))


def test_play_37_the_forts_magazine_prints_its_other_reading(mobile_bay, bundled_packs):
    """Play 37, moment 11 (p5): the 1-1 on a fort is marked (house rule) with no second reading printed."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("tick Silenced (the other reading: 4 guns out) (house rule)") in _squeezed(_readings(pages))


def test_play_37_a_lone_mediums_most_is_printed(mobile_bay, bundled_packs):
    """Play 37, defect (p6 Maxima): a lone Medium's most (2 AvD: 10, 15 at point blank, 5 over 12 in) was not printed."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("lone Medium 10: 15 at point blank, 5 over 12 in, none over 24 in.") in \
            _squeezed(_column(pages, "— quick reference", left=True))


# ---------------------------------------------------------------------------------------------- play 38


def test_play_38_the_fort_cards_guns_out_line_strikes_a_box_a_gun(mobile_bay, bundled_packs):
    """Play 38, moment 11 (p5 Fort Morgan): "guns out (double: factors)" read as a double striking factors, against
    "a gun out strikes a factor box". The card's line says what to write: the double, a box a gun out."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed("\n".join(pages))
        assert _squeezed("each double, as 5-5: 2 out") in text and _squeezed("guns out (double: factors)") not in text


def test_play_38_brooklyns_stop_is_no_carrying_and_her_sides_are_said(mobile_bay, bundled_packs):
    """Play 38, moments 8 and 1 (p2): "carries her at half" (Lashed pairs) against "Octorara does not carry her"
    (the event); and after her 90° turn, which side is Octorara and who fires. Lashed pairs' carrying is for a hit;
    the event says the sides: Octorara north, firing north, Brooklyn south."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = _squeezed(pages[1])
        assert _squeezed("if a hit stops the sloop the gunboat carries her at half its own.") in setup
        assert _squeezed("(bow 095°: Octorara fires north, Brooklyn south; not a hit: no carrying)") in setup


def test_play_38_the_dog_leg_is_the_tests_a_heading_a_half(mobile_bay, bundled_packs):
    """Play 38, moment 2 (p2, p6): "320° as she moves, 005° at the half" against "in bound 1 only Brooklyn's test
    turns a Union ship": the dog-leg is the test's, one heading each half move."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed("\n".join(pages))
        assert _squeezed("(no gauge turns: 320° 1st half, 005° 2nd: clear of her and the shoal)") in text
        assert _squeezed("in bound 1 only Brooklyn's test turns or stops a Union ship") in text
        assert _squeezed("320° as she moves") not in text


def test_play_38_a_boilers_hits_to_0_strike_her(mobile_bay, bundled_packs):
    """Play 38, moment 6 (p6): a boiler's 4D10 took Selma to 0, against "only a magazine or a hole sinks her":
    struck, not sunk, said on the Boiler line."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("a hit per point over (to 0: struck, not sunk).") in \
            _squeezed(_column(pages, "— quick reference", left=False))


def test_play_38_a_lone_mediums_most_is_said_once_by_range(mobile_bay, bundled_packs):
    """Play 38, moment 14 (p6): "lone 10, 15, 5" against "a lone Medium's 2 AvD lose one (−2: none)": said once, on
    the Range line, each most named by its range."""
    for pages in _both(mobile_bay, bundled_packs):
        left = _squeezed(_column(pages, "— quick reference", left=True))
        assert _squeezed("lone Medium 10: 15 at point blank, 5 over 12 in, none over 24 in.") in left
        assert _squeezed("lone 10, 15, 5") not in left and _squeezed("2 AvD lose one (−2: none)") not in left


def test_play_39_brooklyns_turn_gives_095_and_the_new_leader_passes_west_of_her(mobile_bay, bundled_packs):
    """Play 39, moments 1 and 2 (p2, p6): a 90° turn from 005° is 095°, not the printed "bow east"; and in "leads past
    her to port, all on her track ... 320° her 1st half", "her" and "port" each read two ways. The bow is 095°, the new
    leader goes west of Brooklyn, the line in his wake, the dog-leg his."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed("\n".join(pages))
        assert _squeezed("(bow 095°: Octorara fires north, Brooklyn south; not a hit: no carrying)") in _squeezed(pages[1])
        assert _squeezed("turn 90° to starboard (bow 095°), stopped") in text
        assert text.count(_squeezed("the next astern leads west of her, all in his wake (no gauge turns: 320° 1st half, "
                                    "005° 2nd: clear of her and the shoal)")) == 2
        assert _squeezed("bow east") not in text and _squeezed("past her to port") not in text


def test_play_39_a_freed_brooklyn_still_waits_for_the_line(mobile_bay, bundled_packs):
    """Play 39, moment 4 (p6): Octorara struck, Brooklyn cut free: may she steam on at the pair's setting, or wait
    for the line? She waits, freed or not, as the event says."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("From bound 2 she may anchor and wait, freed too; its last ship's centre north of hers, she weighs") in \
            _squeezed(_page(pages, "The bound (sequence"))


def test_play_39_a_pairs_marker_is_the_slower_ships_of_each_setting(mobile_bay, bundled_packs):
    """Play 39, moment 3 (p3): "the speed marker of the slower's setting" left open whether a pair stepping to Cruise
    takes the slower ship's Cruise marker or the slower of the two ships' inches; it is her marker of that name."""
    _read_on_both_papers(mobile_bay, bundled_packs, "one counter and the slower's marker (alike: either) of each "
                                                    "setting (Slow: 4\" and 3\": 3\")")
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("the slower's setting (sloop 4\"") not in _squeezed(_readings(pages))


def test_play_39_a_sides_drawn_numbers_are_put_by_its_units_as_it_likes(mobile_bay, bundled_packs):
    """Play 39, moment 7 (p3, p6): "number = order" (p3) beside "one behind each of its units, as it likes" (p6) read
    as a number tied to a unit or a pool: a side's numbers, put by its units as it likes."""
    _read_on_both_papers(mobile_bay, bundled_packs, "the other the rest, put by its units as it likes, face down, "
                                                    "turned up together")
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("number = order") not in _squeezed(_readings(pages))


def test_play_39_a_freed_ship_has_no_inboard_side_but_her_prize_still_blocks(mobile_bay, bundled_packs):
    """Play 39, moment 5 (p3): "free, she fires either side" beside a prize "blocking sight" read as the prize freeing
    her arcs: the freed ship has no inboard side, and no ruler passes through her prize."""
    _read_on_both_papers(mobile_bay, bundled_packs, "a struck one anchors alongside, blocking sight through her, the "
                                                    "other's too (free: no inboard side; no drift into the prize)")


def test_play_39_sight_to_fort_morgan_is_from_any_shore_point_to_a_ships_centre(mobile_bay, bundled_packs):
    """Play 39, moment 6 (p3): "sight both ways from any point of it": is the ruler from the firer's centre to any
    point of the shore? Yes, said so. Play 40, moment 4 made it one point, the nearest; any point is the house rule the
    reading is marked with (test_p40_fort_morgans_range_arc_and_sight_are_one_point reads it played)."""
    _read_on_both_papers(mobile_bay, bundled_packs, "sight too: one point (house rule)")


def test_play_39_the_struck_marker_is_a_struck_ships_only_one(mobile_bay, bundled_packs):
    """Play 39, moment 8 (p7): Selma anchored, then struck: do her Anchored and speed markers stay? The Struck marker
    says it is her only one; and the defect, 5 Carried markers for 7 pairs: one a pair now, the page unchanged."""
    for pages in _both(mobile_bay, bundled_packs):
        markers = _markers(pages)
        assert sum(m == "Struck prize, at anchor; no other marker" for m in markers) == 22
        assert sum(m == "Carried half the gunboat's marker" for m in markers) == 7
        assert [k for k, p in enumerate(pages) if " ORDER " in p] == [len(pages) - 1]


def test_play_39_the_mediums_most_over_24_in_and_the_bay_sector_and_the_tide(mobile_bay, bundled_packs):
    """Play 39, defects (p6, p2): the Mediums' most had no figure over 24 in; the set-up's "330–030°" did not say
    what the bay sector fires; the flood "runs north all morning" with no time a bound."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("Mediums 12 (17 at point blank, 11 over 12 in, 10 over 24 in)") in \
            _squeezed(_column(pages, "— quick reference", left=True))
        setup = _squeezed(pages[1])
        assert _squeezed("Fort Morgan's bay sector (330–030°): 2 Mediums.") in setup
        assert _squeezed("The flood runs north all 12 bounds") in setup and _squeezed("all morning") not in setup


# Play 40 (qp26): three bounds of Mobile Bay from the A4 pack, eight rulebook moments


def test_p40_the_dogleg_says_its_inches_a_leg_and_that_the_line_fires_on_005(mobile_bay, bundled_packs):
    """Play 40, moment 1 (p2): Hartford's 3" over the dog-leg: how much on 320° and how much on 005°, and on which
    heading her guns bear. The event gives half her printed inches each half and says the line fires on 005° (the
    320° leg lies between the 1st cannonade and the finish of the move)."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = pages[1]
        (_, _), heading = _printed_start(setup, "USS Hartford + USS Metacomet")
        inches = re.search(r"USS Hartford \+ USS Metacomet [\d.,⅛¼⅜½⅝¾⅞ ]+ 005° (\d+)\" \(leader's\)", setup)
        assert heading == 5 and inches, setup[:400]
        half = int(inches.group(1)) / 2
        leg = f"{int(half)}½" if half % 1 else f"{int(half)}"
        assert _squeezed(f"(no gauge turns: 320° 1st half, 005° 2nd: clear of her and the shoal): all {leg}\" a half; "
                         "arcs 005°") in _squeezed(setup)
        assert leg == "1½"


def test_p40_arcs_are_one_rule_her_heading_as_she_lies(mobile_bay, bundled_packs):
    """Play 40, moment 2 (p2 Mobile Point, p3 Line of battle): "within 30° of a 005° bow" beside "arcs as she lies"
    read as two rules. Both pages now say "as she lies"; the 005° is where she lies at the start."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = _squeezed(pages[1])
        assert _squeezed("Measure arcs as she lies: near the start, within 30° of a 005° bow.") in setup
        assert _squeezed("Measure arcs: near") not in setup
        assert _squeezed("(both cannonades, no move; arcs as she lies)") in _squeezed(_readings(pages))


def test_p40_a_095_brooklyn_and_octorara_each_fire_outboard_and_the_event_names_the_sides(mobile_bay, bundled_packs):
    """Play 40, moment 3 (p2): after Brooklyn's turn to 095°, which of the pair fires which way? Each outboard: the
    event names the sides, and they are the outboard sides of a gunboat lashed to port at a 095° heading (the sloop's
    starboard, 185°: south; the gunboat's port, 005°: north)."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = _squeezed(pages[1])
        assert _squeezed("each fires all her factors outboard, none inboard (the sloop's port side, the gunboat's "
                         "starboard)") in setup
        bow = int(re.search(r"\(bow(\d{3})°:Octorarafires", setup).group(1))
        sloop_outboard, gunboat_outboard = (bow + 90) % 360, (bow - 90) % 360
        compass = {0: "north", 180: "south"}
        assert abs(sloop_outboard - 180) <= 45 and abs(gunboat_outboard - 0) <= 45
        assert _squeezed(f"Octorara fires {compass[0]}, Brooklyn {compass[180]}; not a hit") in setup


def test_p40_fort_morgans_range_arc_and_sight_are_one_point(mobile_bay, bundled_packs, library, tmp_path):
    """Play 40, moment 4 (p3 Fort Morgan): range to the shore's nearest point, sight from "any point of it": two points
    of the plan to choose between. One point now, the nearest, for range, a ship's arc and sight, marked (house rule);
    the other reading, plays 33 and 39's any-point sight, is the fort_sight house rule and prints in its place."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed(_readings(pages))
        assert _squeezed("to the nearest point of Mobile Point's west shore (her water battery), sight too: one point "
                         "(house rule)") in text
        assert _squeezed("any point of it") not in text
    house = tmp_path / "house.yaml"
    house.write_text("quick-play:\n  fort_sight: {rows: {reading: any_point}}\n")
    pages = _build(library, "mobile-bay-1864", tmp_path / "out", house=house)
    text = _squeezed(_readings(pages))
    assert _squeezed("none landward; range both ways, and a ship's arc to her, to the nearest point of Mobile Point's "
                     "west shore (her water battery); sight: any point of it to a ship's centre") in text
    assert _squeezed("sight too: one point") not in text and len(pages) == RULESET.pack_pages


def test_p40_a_club_with_no_cup_draws_blind_from_a_face_down_mix(mobile_bay, bundled_packs):
    """Play 40, moment 5 (p6 phase 1): "shuffle face down, deal" left who deals to whom. The sides draw in turn, blind,
    from the counters mixed face down: phase 1's own line, A4 and Letter."""
    for pages in _both(mobile_bay, bundled_packs):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("1 Draw counters a counter per unit (a lashed pair is one) in a cup; the sides draw in turn, "
                         "blind (no cup: from a face-down mix)") in ref
        assert _squeezed("deal)") not in ref


def test_p40_a_lost_consort_frees_her_partner_at_once_and_casting_off_is_a_move_only_by_choice(mobile_bay, bundled_packs):
    """Play 40, moment 6 (p2 Lashed pairs, p3 One of a pair lost): a struck consort "anchors alongside"; the set-up's
    "Casting off takes a whole move" made the partner wait a move to leave her. The move is for a pair that parts by
    choice, both afloat; one lost, p3 frees the other at once."""
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("Casting off (both afloat): a move.") in _squeezed(pages[1])
        assert _squeezed("Casting off takes a whole move") not in _squeezed(pages[1])
        assert _squeezed("sunk or struck (a torpedo: where she met the field), the other cuts free at once, keeps the "
                         "counter") in _squeezed(_readings(pages))


def test_p40_a_second_cannonade_may_take_another_target(mobile_bay, bundled_packs):
    """Play 40, moment 7 (p6 phases 7, 9; p5 readings): between a unit's two cannonades (a fort's back to back), may
    she change target? Yes: each cannonade picks its own, said in both 2nd-cannonade rows and in the readings."""
    for pages in _both(mobile_bay, bundled_packs):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("7 Fort 2nd cannonade a fort fires again, at any target (it does not move) the fort acting") in ref
        assert _squeezed("9 Ship 2nd cannonade she fires again, at any target; then") in ref
        assert _squeezed("Each cannonade: its own target (a fort's 2nd too)") in _squeezed(_readings(pages))


def test_p40_a_cannonade_fires_every_factor_that_bears_or_none(mobile_bay, bundled_packs):
    """Play 40, moment 8 (p6 phase 4; p5 readings): one gun enough for a sure hit, may she fire it alone and keep the
    rest? No: all that bear fire, a sure hit among them, or she holds the cannonade; only a Heavy waits for the other
    cannonade (the one place the article lets a gun sit one out). Heavy guns' own row is that reading's end now."""
    for pages in _both(mobile_bay, bundled_packs):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("4 1st cannonade she may fire all that bear (or hold it): one target in sight") in ref
        readings = _squeezed(_readings(pages))
        assert _squeezed("all that bear, a sure hit's too, or none; a Heavy in one of the two, the owner's choice") in \
            readings
        assert _squeezed("Heavy guns fire in one") not in readings


# ------------------------------------------------------------------------------------------------------------ play 41

def _plain_text(path: str, page: int) -> str:
    """A page's text as pdfplumber reads it at its own word gap (x_tolerance 3), as the player read the pack."""
    with _opened(path) as pdf:
        return _flat(pdf.pages[page].extract_text() or "")


def test_p41_a_bold_term_and_its_gloss_read_apart_at_pdfplumbers_own_gap(mobile_bay, bundled_packs):
    """Play 41, other defects (pp. 3 and 5): "Drawing countersblind", "Lashed pairsone unit", "Tecumsehleads": a bold
    term's space was a 2 pt gap, under a reader's tolerance. Each word after a change of weight now prints its space,
    and each reading's term ends in a colon, on A4 and Letter, at pdfplumber's default gap."""
    for pages in _both(mobile_bay, bundled_packs):
        found = [k for k, p in enumerate(pages) if "What the rules leave open" in p or "Quick Play order of battle" in p]
        text = " ".join(_plain_text(str(pages.path), k) for k in sorted(set(found)))
        for run_together in ("countersblind", "pairsone", "Tecumsehleads", "Hartfordflagship", "Morgansectors",
                             "factorthe", "Elsewhere:Ramming"):
            assert run_together not in text, run_together
        for said in ("Drawing counters: blind, the Union first", "Tecumseh leads the monitor column",
                     "Ramming factor: the printed", "Elsewhere: Ramming, Holed, Repeats, Torpedo tests: the quick reference",
                     "Elsewhere: Fort Gaines: the set-up page"):
            assert said in text, said


def test_p41_moment_1_a_followers_each_half_comes_right_after_her_leaders(mobile_bay, bundled_packs):
    """Play 41, moment 1 (p3 Line of battle): "in halves" left open whether the line's halves come between the
    leader's (his 1st, theirs; his turn; his 2nd, theirs) or after his whole move: each half right after his."""
    _read_on_both_papers(mobile_bay, bundled_packs, "each moves in his wake at his speed, each half right after his, "
                                                    "her own torpedo tests")
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("each moves right after him") not in _squeezed(_readings(pages))


def test_p41_moment_2_the_forts_range_arc_and_sight_are_one_point_and_a_consort_screens(mobile_bay, bundled_packs):
    """Play 41, moment 2 (p2, p3): where Fort Morgan measures from and what blocks her sight, found over three pages
    in the pack the player had. qp26 made it one point, in the Fort Morgan reading (the any-point sight is the
    fort_sight house rule); In sight says a pair's base blocks too, a consort partly clear being seen."""
    for pages in _both(mobile_bay, bundled_packs):
        readings = _squeezed(_readings(pages))
        assert _squeezed("to the nearest point of Mobile Point's west shore (her water battery), sight too: one point "
                         "(house rule)") in readings
        assert _squeezed("passes over no other model or base (a pair's too: a consort partly clear is seen)") in readings


def test_p41_moment_4_a_consort_freed_after_the_move_goes_no_further_on_her_own_marker(mobile_bay, bundled_packs):
    """Play 41, moment 4 (p3 One of a pair lost): Metacomet struck at Morgan's number after Hartford had moved:
    should Hartford steam the rest at once, and on which marker? Her own marker of the pair's setting; moved: none
    this bound."""
    _read_on_both_papers(mobile_bay, bundled_packs, "goes on at the pair's setting on her own marker (Cruise: a "
                                                    "sloop's 8\"), less the pair's run (after its move: none)")


def test_p41_moment_5_a_touch_loses_the_rest_of_that_half(mobile_bay, bundled_packs):
    """Play 41, moment 5 (p3 Passing): "her phase-6 turn may take her round to finish" read as winning back the
    inches the touch cost: the rest of that half is lost, the turn takes her round for the 2nd half."""
    _read_on_both_papers(mobile_bay, bundled_packs, "she stops that half move, its rest lost (her phase-6 turn may "
                                                    "take her round for the 2nd half; a 2nd touch ends it)")


def test_p41_moment_6_brooklyn_waits_freed_too_by_centres_and_moves_the_bound_after_she_weighs(mobile_bay, bundled_packs):
    """Play 41, moment 6 (p6 Bound 1 box): "freed too", "north of her" (centres or bases?) and whether she weighs
    and moves in one bound: she waits freed or not, centres are compared, and weighing (her move: Tide) puts her at
    Slow into the wake the bound after. On the quick reference of A4 and Letter, which keep their pages."""
    for pages in _both(mobile_bay, bundled_packs):
        ref = _squeezed(_page(pages, "The bound (sequence"))
        assert _squeezed("From bound 2 she may anchor and wait, freed too; its last ship's centre north of hers, she "
                         "weighs; next bound at Slow 050° into its wake.") in ref
        assert _squeezed("a stopped ship anchors or weighs as her move") in _squeezed(_readings(pages))


def test_p41_moment_8_a_pair_of_equal_ships_takes_either_ones_marker(mobile_bay, bundled_packs):
    """Play 41, moment 8 (p2, p3 Lashed pairs): "the slower's marker" with two ships of one speed (Lackawanna and
    Seminole, the Unadilla pairs): either's."""
    _read_on_both_papers(mobile_bay, bundled_packs, "one counter and the slower's marker (alike: either) of each "
                                                    "setting (Slow: 4\" and 3\": 3\")")


def test_p41_the_wooden_lines_starts_print_a_tapes_eighths_within_a_sixteenth_of_the_line(mobile_bay, bundled_packs):
    """Play 41, other defects (p2 table plan): '55.78, 14½' beside '17½' everywhere else: a tape reads eighths. Each
    astern's x prints to the nearest eighth (⅛ ⅜ ⅝ ⅞ glyphs too), within 1/16 in of Brooklyn's 005° line, and no
    start prints hundredths."""
    import math

    for pages in _both(mobile_bay, bundled_packs):
        setup = _flat(_page(pages, "Set-up: Battle of Mobile Bay").split(" | ")[0])
        (bx, by), _ = _printed_start(setup, "USS Brooklyn + USS Octorara")
        printed = []
        for unit in ("USS Hartford + USS Metacomet", "USS Richmond + USS Port Royal", "USS Lackawanna + USS Seminole",
                     "USS Monongahela + USS Kennebec", "USS Ossipee + USS Itasca", "USS Oneida + USS Galena"):
            (x, y), _ = _printed_start(setup, unit)
            off = abs((x - bx) * math.cos(math.radians(5)) - (y - by) * math.sin(math.radians(5)))  # square to 005°
            assert (x * 4).is_integer() and off < 1 / 8, unit  # quarters since play 43 (qp30), not eighths
            printed.append(re.search(re.escape(unit) + r" (\S+),", setup).group(1))
        assert printed == ["55¾", "55½", "55¼", "55¼", "55", "54¾"]  # quarters since play 43 (qp30)
        assert not re.search(r"\b\d+\.\d\d, \d", setup)


def test_p42_moment_1_a_ship_that_stops_takes_her_speed_marker_off(mobile_bay, bundled_packs):
    """Play 42, moment 1 (p2 Bound 1 event, p4-p5 card header): Brooklyn's failed test left the pair "stopped,
    drifting", and "none out: stopped" told a player what no marker means, not to take Octorara's Slow 3" away. Every
    card page now says the marker comes off when she stops, on A4 and Letter; the event still stops her."""
    for pages in _both(mobile_bay, bundled_packs):
        cards = _cards(pages)
        assert cards and all(_squeezed("Her speed now is the speed marker beside her model (off when she stops), not a "
                                       "mark on her card.") in _squeezed(p) for p in cards)
        assert _squeezed("turn 90° to starboard (bow 095°), stopped, drifting from bound 1") in \
            _squeezed(_page(pages, "The bound (sequence"))


def test_p42_moment_2_a_lashed_consorts_rudder_hit_waits_till_she_is_free(mobile_bay, bundled_packs):
    """Play 42, moment 2 (p6 5-5, Lashed pairs "turns as the sloop"): Octorara's rudder roll of 3, "no turning",
    while lashed: the pair steers by the sloop, so the consort's rudder counts only once she is free (ticked on her
    card meanwhile), in the Moves reading beside the rudder's "one turn every 2 moves"."""
    _read_on_both_papers(mobile_bay, bundled_packs, "bounds, from the hit (hit in 3: turns in 5, 7, 9); a consort's "
                                                    "rudder hit: none while lashed")


def test_p42_moment_3_a_line_whose_leader_leaves_moves_at_his_number(mobile_bay, bundled_packs):
    """Play 42, moment 3 (p3 Line of battle): Hartford freed at number 9 left the line when Richmond's own number (5)
    had passed: does the line move this bound, and at which number? At the old leader's number (16), the new leader
    at the line's inches."""
    _read_on_both_papers(mobile_bay, bundled_packs, "if he stops (carried too) or sinks, the next astern leads (at the "
                                                    "old leader's number; at the line's inches till she steps: to her next setting)")


def test_p42_moment_4_a_silenced_fort_is_no_target(mobile_bay, bundled_packs):
    """Play 42, moment 4 (p5 All guns out "silenced, for the game", p3 Targets "no prize"): Lackawanna fired her 2nd
    cannonade at the silenced Fort Morgan. A silenced fort is out of the fight as a prize is: no target."""
    _read_on_both_papers(mobile_bay, bundled_packs, "she fires no more but moves, rams and sinks as before; a fort is "
                                                    "silenced, for the game: no target, as a prize")


def test_p42_moment_5_a_freed_partner_runs_her_move_less_the_pairs_run_and_none_after_it(mobile_bay, bundled_packs):
    """Play 42, moment 5 (p3 One of a pair lost): "(moved: none this bound)" read as "moved already: no more" or as
    "not moved: loses none". Both were meant; it now says her own marker's inches less the pair's run, none left once
    the pair has made its move, and the two-way parenthesis is gone."""
    _read_on_both_papers(mobile_bay, bundled_packs, "goes on at the pair's setting on her own marker (Cruise: a sloop's "
                                                    "8\"), less the pair's run (after its move: none)")
    for pages in _both(mobile_bay, bundled_packs):
        assert _squeezed("(moved: none this bound)") not in _squeezed(_readings(pages))


# Play 43 (qp29): three bounds of Mobile Bay from the A4 pack, three rulebook moments


def test_p43_the_dogleg_gives_each_half_1_and_a_half_for_the_whole_line_arcs_on_005(mobile_bay, bundled_packs):
    """Play 43, moment 1 (p2): "1½\" each" read as each half or each ship, and whether the followers too; and
    "fire on 005°" on the 320° leg. The event now says all the line go 1½" a half, arcs taken on 005°."""
    for pages in _both(mobile_bay, bundled_packs):
        setup = _squeezed(pages[1])
        assert _squeezed('clear of her and the shoal): all 1½" a half; arcs 005°') in setup
        assert _squeezed('1½" each, fire on 005°') not in setup


def test_p43_a_line_whose_leader_has_gone_moves_at_the_old_leaders_number(mobile_bay, bundled_packs):
    """Play 43, moment 2 (p3 Line of battle): "at his number" read as the old or the new leader's counter. It now
    says "the old leader's number"; the departed leader, under way, keeps his own."""
    for pages in _both(mobile_bay, bundled_packs):
        readings = _squeezed(_readings(pages))
        assert _squeezed("the next astern leads (at the old leader's number; at the line's inches") in readings
        assert _squeezed("leads (at his number;") not in readings
        assert _squeezed("(under way: his own number;") in readings


def test_p43_a_follower_steers_round_a_prize_by_her_own_turn_and_those_astern_follow_her(mobile_bay, bundled_packs):
    """Play 43, moment 3 (p3 Passing): a prize in the line's track. A follower steers round by her own phase-6 turn,
    rejoins the wake next bound, and the ships astern follow her track, not the leader's."""
    for pages in _both(mobile_bay, bundled_packs):
        readings = _squeezed(_readings(pages))
        assert _squeezed("by her phase-6 turn (a follower too, own turn: the wake next bound, those astern after "
                         "her)") in readings
        assert _squeezed("then back into the wake)") not in readings


# Play 43 (qp30): three bounds of Mobile Bay from the A4 pack; its "other defects"


def test_p43_fort_morgans_card_says_her_range_and_bay_sector_in_whole_words(mobile_bay, bundled_packs):
    """Play 43, defect (p5): her card's "range: west shore; bay: 2 M" was cryptic. It says it in whole words
    (fort_card_notes), on both papers."""
    for pages in _both(mobile_bay, bundled_packs):
        cards = _squeezed(" ".join(_cards(pages)))
        assert cards.count(_squeezed("range from Mobile Point's west shore; bay sector: 2 Mediums")) == 1  # hers alone
        assert _squeezed("range: west shore; bay: 2 M") not in cards


def test_p43_a_fort_cards_doubles_blanks_say_what_to_write_and_what_a_fifth_does(mobile_bay, bundled_packs):
    """Play 43, defect (p5): "doubles (a gun out: a box) ____ ____" did not say what a blank takes or what a fifth
    double does. Each blank takes the double and its guns out, as "5-5: 2 out"; a fifth strikes its boxes only."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed(_card_words(pages))
        assert text.count(_squeezed("each double, as 5-5: 2 out ______ ______ ______ ______ (5th: boxes only)")) == 2
        assert _squeezed("a gun out: a box") not in text


def test_p43_fort_gaines_distance_agrees_with_the_ground_scale(mobile_bay, bundled_packs):
    """Play 43, defect (p2): "45 in (2½ miles)" beside 100 yd an inch (2½ miles is 44 in). The plan's distance, 45 in
    from her mark (x 10½) to the channel's edge at its mouth (its corner 55, 35), said in the ground scale's yards."""
    for pages in _both(mobile_bay, bundled_packs):
        text = _squeezed(pages[1])
        assert _squeezed("45 in (4,500 yd) west of the channel's mouth") in text and "2½miles" not in text
        assert _squeezed("Ground scale 100 yd to the inch") in text
        assert _squeezed("Fort Gaines 10½, 34½") in text and _squeezed("55, 35;") in text  # 55 − 10½ = 44½: 45 in


def test_p43_the_wooden_lines_starts_print_a_tapes_quarters_and_each_base_stays_on_the_005_line(mobile_bay, bundled_packs):
    """Play 43, defect (p2 set-up): eighths ("55⅝, 12", "55⅜, 9½") suggest a precision the table cannot hold. Each
    astern's x prints to the nearest quarter or half, and Brooklyn's 005° line from his printed point passes within
    ⅛ in of her centre (square to the line): inside her ¼ in wide base, so the wake is one straight line."""
    import math

    for pages in _both(mobile_bay, bundled_packs):
        setup = _flat(_page(pages, "Set-up: Battle of Mobile Bay").split(" | ")[0])
        assert not re.search(r"\d[⅛⅜⅝⅞], \d", setup)
        (bx, by), _ = _printed_start(setup, "USS Brooklyn + USS Octorara")
        assert (bx, by) == (56, 17)
        for unit in ("USS Hartford + USS Metacomet", "USS Richmond + USS Port Royal", "USS Lackawanna + USS Seminole",
                     "USS Monongahela + USS Kennebec", "USS Ossipee + USS Itasca", "USS Oneida + USS Galena"):
            (x, y), _ = _printed_start(setup, unit)
            assert (x * 4).is_integer(), unit
            off = abs((x - bx) * math.cos(math.radians(5)) - (y - by) * math.sin(math.radians(5)))  # square to 005°
            assert off < 1 / 8, (unit, off)


def test_p43_the_counters_give_a_pair_of_like_speeds_one_set_and_mark_the_lines_leader_and_who_left(mobile_bay,
                                                                                                     bundled_packs):
    """Play 43, defects (p7, pp4-5): a full speed set for every consort, most never used, and nowhere to mark which
    ship leads a line or that one has left it. A pair of like speeds has one set with both names; a sidewheeler
    consort keeps hers (the pair moves on it); a Leads marker a column, Left line markers; one sheet still."""
    for pages in _both(mobile_bay, bundled_packs):
        markers = _markers(pages)
        assert sum(m.startswith("Reverse") and "Seminole" in m for m in markers) == 1
        assert sum(m.startswith(("Slow", "Cruise", "Full", "Reverse")) and m.endswith("USS Seminole") for m in markers) == 4
        assert sum(m.endswith("USS Octorara") for m in markers) == 4  # unlike speeds: her own set, the pair's
        assert sum(m.endswith("USS Brooklyn") for m in markers) == 4
        assert sum(m == "Leads the line: in her wake" for m in markers) == 2  # the monitors' and the wooden line
        assert sum(m == "Left line for good: her own number" for m in markers) == 6
        assert sum(m == "Struck prize, at anchor; no other marker" for m in markers) == 22
        assert [k for k, p in enumerate(pages) if " ORDER " in p] == [len(pages) - 1]


def test_p43_the_readings_say_she_for_a_ship_where_a_follower_goes_the_lines_inches(mobile_bay, bundled_packs):
    """Play 43, defect (pp3, 5 "What the rules leave open"): "he" (the leader) and "she" (the ship) in one sentence.
    Faster leader and One of a pair lost name the line where they said "his": a follower goes the line's inches,
    drops astern in its wake, and, freed, keeps the line's inches; on both papers, which keep their pages."""
    for pages in _both(mobile_bay, bundled_packs):
        readings = _squeezed(_readings(pages))
        assert _squeezed("a follower goes the line's inches, but no more than her own Full") in readings
        assert _squeezed("one held back drops astern in its wake, still in line") in readings
        assert _squeezed("freed, a leader leaves the line, a follower keeps the line's inches") in readings
        assert _squeezed("goes his inches") not in readings and _squeezed("keeps his inches") not in readings


def test_p43_the_cover_says_which_pages_carry_the_calibration_bar_and_it_is_true(mobile_bay, bundled_packs):
    """Play 43, defect (p1): "every template page carries a 100 mm calibration bar", but only p6 has one. The cover
    says each true-scale page carries it, its footer saying true scale; and every page whose footer says so has the
    bar, and no other page has one."""
    for pages in _both(mobile_bay, bundled_packs):
        cover = _squeezed(pages[0])
        assert _squeezed("each true-scale page (its footer says true scale) carries a 100 mm calibration bar") in cover
        assert _squeezed("every template page carries") not in cover
        scaled = [k for k, p in enumerate(pages) if "· true scale ·" in p]
        barred = [k for k, p in enumerate(pages) if "this bar must measure 100 mm" in p]
        assert scaled and scaled == barred
