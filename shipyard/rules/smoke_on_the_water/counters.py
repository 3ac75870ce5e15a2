"""Smoke on the Water counters: speed counters (ahead faces; astern on their backs, folded over or as counters of
their own) and fire markers, imposed in cells with cut marks."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

from ...render.counters import Chit, chit_sheet, layout_of, load_style, whole_rows
from ..context import Context
from ..play_aids import fitting_name
from .derive import level_names

STYLES = load_style(Path(__file__).with_name("aids.yaml"))


def _speed_faces(ctx: Context, units: list) -> list[tuple[str, str, str, str | None]]:
    """(code, level, direction, vessel name) for every speed counter, ahead faces first."""
    names = level_names(ctx.tables)
    codes = {r["level"]: r.get("code", r["level"][0]) for r in ctx.tables.require("speed_levels").rows}
    faces = []
    # play 28, item 2: a lashed consort takes the pair's one order, shown by her partner's counter, so she has no
    # speed set of her own (six sets fewer to cut at Mobile Bay); cast off, her Cast off marker carries her speed
    vessels = [(u, d) for _, u, d in units if d.stats.kind == "vessel" and not _consort(u, ctx)]
    if not vessels:
        for _ in range(3):
            faces.append((codes[names[0]], names[0], "", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "ahead", None))
            for lvl in names[1:]:
                faces.append((codes[lvl], lvl, "astern", None))
        return faces
    for u, d in vessels:
        top = names.index(d.stats.max_speed)
        astern = names.index(d.stats.astern_speed)
        faces.append((codes[names[0]], names[0], "", d.unit_name))
        for lvl in names[1:top + 1]:
            faces.append((codes[lvl], lvl, "ahead", d.unit_name))
        for lvl in names[1:astern + 1]:
            faces.append((codes[lvl], lvl, "astern", d.unit_name))
    return faces


def _consort(unit, ctx: Context) -> bool:
    """Whether she is a lashed consort (her orders are her partner's: sheet.lashed_orders)."""
    from .sheet import lashed_orders
    return bool(lashed_orders(unit, ctx))


def _speed_face(face) -> list:
    """A speed counter's face: its level's code, an arrow for ahead or astern, the level's name and the vessel's."""
    code, level, direction, name = face
    st = STYLES["speed_counter"]
    parts = [(st["frame_astern" if direction == "astern" else "frame"], None), (st["code"], code)]
    if direction in ("ahead", "astern"):
        parts.append((st[direction], None))
    parts.append((st["level"], f"{level} {direction}".strip()))
    if name:
        parts.append((st["vessel"], lambda fits: fitting_name(name, fits)))
    return parts


# The text's three fire counters: a fire test counter (placed by a hit, tested in the fire test phase), an on-fire
# marker about an inch across, an out-of-control one about two; each its own style record (size, grey and ring):
# kind -> (style, label, what it means).
MARKERS = {
    # a write-in count (replay 24, defect 1: one salvo put 8 markers on Brooklyn): a disc marked × n is n markers
    "test": ("fire_test", "Fire test", "× ____"),
    "fire": ("on_fire", "On fire", "burning: mark On fire on the sheet"),
    "out": ("out_of_control", "Out of control", "burning out of control"),
}


# States a sheet marks that recur on the table (replay 20, defect b): kind -> (label, what it means, who has it).
STATES = {
    "driven_off": ("Driven off", "to hit −1 next turn", "fort"),  # play 33, moment 5: to hit, not a gun fewer ("… only" set under 6 pt on the chit)
    "jammed": ("Jammed", "gun or port: no fire", "vessel"),
    "abandoned": ("Abandoned", "or struck: no fire", "vessel"),
    # replay 24, defect 8: two wrecks in turn 3 and no marker for them (nor for a ship aground or at anchor)
    "wreck": ("Wreck", "sunk here: Table 3", "vessel"),
    "aground": ("Aground", "Immobile: Table 5", "vessel"),
    "anchored": ("Anchored", "Immobile, no drift", "vessel"),
    # replay 27: no marker for a lost wheel, a knocked-out turret or a machinery hit (sotw37, item 4)
    "wheel_lost": ("Wheel lost", "WDP 0: her sheet", "vessel"),
    "turret_out": ("Turret out", "its hits: Hull", "vessel"),
    "machinery": ("Machinery hit", "slower: her sheet", "vessel"),
    # play 28, item 2: no marker for holding under steam (the Confederates hold on turn 1), casting off, or a torpedo
    # that went off under her; a cast-off consort has no speed counters of her own (the pair's order is one), so she
    # pencils her speed on this one
    "hs": ("Hold (HS)", "under steam, no drift", "vessel"),
    # play 34 defect: no box "for 'cast off pending', i.e. the partner sunk and the pair to cast off next move": the
    # marker is laid when it falls due, and says so
    # play 42, moment 6 (sotw28): "next move" read as one move only, so a loose consort had no speed marker after it:
    # the marker stays by her as her speed, pencilled again when her orders change it
    "cast_off": ("Cast off", "speed __ from now", "vessel"),
    "torpedo": ("Torpedo hit", "flooding: her sheet", "vessel"),
}


def _state_marker(kind: str, name: str | None = None) -> Chit:
    """A square marker for a state her sheet marks (a jammed gun, a fort's gunners driven off): not a fire marker.
    With a name (a fort's Driven off: sotw33, two forts' markers did not say whose) it names its unit on a line of
    its own, the fullest form that fits."""
    label, meaning, _ = STATES[kind]
    if name is None:
        st = STYLES["state_marker"]
        return Chit([(st["frame"], None), (st["title"], label), (st["meaning"], meaning)], style=st)
    st = STYLES["state_marker_named"]
    return Chit([(st["frame"], None), (st["title"], label), (st["name"], lambda fits: _fitting_tail(name, fits)),
                 (st["meaning"], meaning)], style=st)


def _fitting_tail(name: str, fits) -> str:
    """The fullest form of a unit's name that fits, dropping leading words once the play-aid short form is too wide
    ('Fort Morgan water battery' -> 'Morgan water battery'): the tail tells two forts of one name apart."""
    words = fitting_name(name, lambda _: False).split()
    forms = [fitting_name(name, fits)] + [" ".join(words[k:]) for k in range(1, len(words))]
    return next((f for f in forms if fits(f)), forms[-1])


def _state_kinds(ctx: Context, units: list, room: int) -> list[tuple[str, str | None]]:
    """(kind, fort name or None) of the `room` state markers state_markers makes."""
    from .sheet import driven_off_to_hit
    forts = [d.unit_name for _, _, d in units if d.stats.kind == "fort"] if driven_off_to_hit(ctx) is not None else []
    kinds = ["jammed", "jammed", "abandoned", "aground", "anchored"] * room
    return ([("driven_off", name) for name in forts] + [(k, None) for k in kinds])[:room]


def state_markers(ctx: Context, units: list, room: int) -> list[Chit]:
    """Up to `room` state markers, in turn: one Driven off for each fort (where the pack plays it), then Jammed and
    Abandoned; none where no cell is spare, since the sheets' boxes hold every one of these states."""
    return [_state_marker(k, name) for k, name in _state_kinds(ctx, units, room)]


def state_counts(units: list, ctx: Context | None = None) -> dict[str, int]:
    """The Jammed, Abandoned and Wreck markers a fleet wants in all (sotw35, replay 26: 5 of 6 Jammed were in use
    after three turns of twelve, and 2 Abandoned and 2 Wrecks were few for 24 units): a Jammed for every two vessels
    (a jam stays till a repair roll clears it, 3 in 10 a turn), an Abandoned and a Wreck for every four; never fewer
    than the six, two and two a small action had."""
    fleet = [u[2].stats for u in units if u[2].stats.kind == "vessel"]
    vessels = len(fleet)
    # sotw37 (replay 27, three turns: two wheels lost, a turret out, a machinery hit): a Machinery hit for every 24
    # vessels; play 29 item 3 (2 Turret out for 6 turrets, 2 Wheel lost for 12 wheels were few): a Turret out for
    # every two turrets, a Wheel lost for every three wheels (sotw37: three and six; one for every two wheels would
    # put a third page on the counters built alone); none where the fleet has no wheel or turret (at Mobile Bay 4, 3
    # and 1; the sheets' boxes hold every one of these states too)
    wheels = sum(len(s.wheel_damage_points) for s in fleet)
    turrets = sum(len(s.turret_damage_points) for s in fleet)
    return {"jammed": max(6, math.ceil(vessels / 2)), "abandoned": max(2, math.ceil(vessels / 4)),
            "wreck": max(2, math.ceil(vessels / 4)), "wheel_lost": math.ceil(wheels / 3),
            # play 44 (sotw31, defects): 1 Machinery hit and 2 Torpedo hit for 22 vessels could run out in a longer
            # game (the torpedo line lies across the column's track): a Machinery hit for every twelve vessels, a
            # Torpedo hit for every eight (Mobile Bay 2 and 3), their cells an Aground's and an Anchored's (one for
            # every 24: no ship of a passage anchors, few ground, and every sheet has both boxes); A4 has no row more
            "turret_out": math.ceil(turrets / 2), "machinery": math.ceil(vessels / 12),
            # play 28, item 2: a Hold (HS) for every five vessels (Mobile Bay's four Confederates on turn 1 and one to
            # spare: play 29 item 3, every six left none), a Cast off for each lashed consort
            "hs": math.ceil(vessels / 5), "aground": math.ceil(vessels / 24), "anchored": math.ceil(vessels / 24),
            "torpedo": math.ceil(vessels / 8),
            "cast_off": sum(1 for _, u, d in units if d.stats.kind == "vessel" and ctx is not None and _consort(u, ctx))}


def more_states(placed: list[str], units: list, ctx: Context | None = None) -> list[str]:
    """The state markers still wanted (state_counts) after those `placed` in spare cells, Jammed first."""
    have = Counter(placed)
    return [k for k, n in state_counts(units, ctx).items() for _ in range(max(0, n - have[k]))]


def spare_states(room: int) -> list[str]:
    """The state markers for `room` spare cells: Jammed most (a misfire's jam and a Port Jammed hit stay until a
    repair roll clears them), two Wrecks (a sunk ship stays as one, Table 3; replay 24 saw two in turn 3), an
    Abandoned (a ship is abandoned once), then Aground and Anchored: at Mobile Bay, with the fire markers' row, 6
    Jammed, 2 Wreck, 2 Abandoned (the sheets' boxes hold the rest)."""
    order = ("jammed", "jammed", "wreck", "jammed", "jammed", "wreck", "abandoned", "aground", "anchored")
    return [order[i % len(order)] for i in range(room)]


def _fire_marker(kind: str, ctx: Context | None = None) -> Chit:
    """One marker: its rings, its label and (room allowing) what it means; an On fire marker also what a fire that
    catches her again does (fire_test.again: sotw33, moment 4, said where the fire is marked)."""
    style, label, meaning = MARKERS[kind]
    again = ctx.tables.require("fire_test").rows.get("again") if ctx is not None and kind == "fire" else None
    if again:
        meaning = f"burning; {again}"
    st = STYLES[style]
    parts = [(st[p], None) for p in ("ring", "inner") if p in st.parts] + [(st["title"], label)]
    if "meaning" in st.parts:
        parts.append((st["meaning"], meaning))
    return Chit(parts, style=st)


def speed_pairs(ctx: Context, units: list) -> list[tuple[tuple, tuple | None]]:
    """(front, back) for every two-sided speed counter: each ahead level backed by an astern level the vessel can
    make (lowest first), a blank back (None) once her astern levels run out; Immobile on both sides."""
    faces = _speed_faces(ctx, units)
    pairs: list[tuple[tuple, tuple | None]] = []
    by_vessel: dict = {}
    for f in faces:
        by_vessel.setdefault(f[3], {"": [], "ahead": [], "astern": []})[f[2]].append(f)
    if not any(f[3] for f in faces):
        # no scenario: generic counters, each level backed by the same level astern
        return [(f, (f[0], f[1], "astern" if f[2] == "ahead" else "", None)) for f in faces if f[2] != "astern"]
    for name, sides in by_vessel.items():
        for f in sides[""]:
            pairs.append((f, f))
        for k, f in enumerate(sides["ahead"]):
            pairs.append((f, sides["astern"][k] if k < len(sides["astern"]) else None))
    return pairs


def marker_counts(units: list) -> tuple[int, int, int]:
    """(on fire, fire test, out of control) markers wanted: in proportion to the units in play, never fewer than a
    few. A sheet also has a box per fire test marker, so a table short of discs can mark them there."""
    vessels = len([u for u in units if u[2].stats.kind == "vessel"])
    # fire test markers: one for every three units (forts burn too); the play review placed four in three turns with a
    # handful of shooters, three of them from one salvo, and six were not enough for 26 units
    tests = max(4, math.ceil(len(units) / 3))
    return max(4, math.ceil(vessels / 3)), tests, max(2, math.ceil(vessels / 4))


def counters(doc, units: list, ctx: Context, fold: bool = False, backs: bool = False) -> None:
    """Speed counters (ahead faces, astern on the back or as their own counters) and fire markers."""
    layout = layout_of(fold, backs)
    speed = STYLES["speed_counter"]
    if layout == "fronts":
        chits = [Chit(_speed_face(f)) for f in _speed_faces(ctx, units)]
        # the speed counters' last row's spare cells hold more Jammed and Abandoned markers, the speed counter's size
        # (replay 21, defect c: both Jammed were wanted in turn 3); never a row more
        spare = spare_states(-len(chits) % doc.grid(*speed.size)[0])
        chits += [_state_marker(k) for k in spare]
    else:
        spare = []
        chits = [Chit(_speed_face(front), None if back is None else _speed_face(back))
                 for front, back in speed_pairs(ctx, units)]
    chit_sheet(doc, chits, speed, layout=layout, title="Speed counters", fold_title="Speed counters (fold-over)",
               back_title="Speed counters (backs)")
    fire, test, out = marker_counts(units)
    small, big = STYLES["on_fire"], STYLES["out_of_control"]  # fire test markers share the on-fire markers' cells
    # markers have no backs: with backs each page of them is followed by a blank one, so a duplex printer never puts
    # one sheet's markers behind another's; else they follow the speed counters on the page
    go_on = layout != "backs"
    marks = layout if layout == "backs" else "fronts"
    n = whole_rows(doc, fire + test, small, go_on=go_on)
    # the last row's spare cells: state markers where the fire test discs wanted leave room (never a row more)
    kinds = _state_kinds(ctx, units, n - fire - test)
    states = [_state_marker(k, name) for k, name in kinds]
    chit_sheet(doc, [_fire_marker("fire", ctx)] * fire + [_fire_marker("test")] * (n - fire - len(states)) + states,
               small, layout=marks,
               title="Fire markers", back_title="Fire markers (backs)", go_on=go_on)
    chit_sheet(doc, [_fire_marker("out")] * whole_rows(doc, out, big, go_on=go_on), big, layout=marks,
               title="Out of control markers" if layout == "backs" else None,
               back_title="Out of control markers (backs)", go_on=go_on)
    # then the Jammed, Abandoned and Wreck markers the fleet still wants, in the room the small discs leave (sotw35)
    extra = more_states(spare + [k for k, _ in kinds], units, ctx)
    if extra:
        st = STYLES["state_marker"]
        # a whole row, never more: the row's spare cells Hold (HS) and Jammed by turns (play 43: 5 HS for 13 ships
        # that may hold, Jammed already one for every two vessels)
        pad = whole_rows(doc, len(extra), st, go_on=go_on) - len(extra)
        extra += [("hs", "jammed")[i % 2] for i in range(pad)]
        chit_sheet(doc, [_state_marker(k) for k in extra], st, layout=marks,
                   title="State markers" if layout == "backs" else None,
                   back_title="State markers (backs)", go_on=go_on)
