"""Robustness (issue 7): fuzzed vessel and scenario files, path-like names, concurrent packs, interrupted packs.

The promise to a user: whatever they put in their own files, shipyard answers with a clear error (exit 2)
or a good PDF (exit 0) - never a traceback, never a file outside the output folder, never a partial PDF.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Run, in_process, pdf_page_texts
from forking import Forked, Gate
from shipyard.pack import PackOptions, build_pack, safe_name
from shipyard.rules import all_rulesets, get_ruleset
from shipyard.errors import ShipyardError
from shipyard.library.library import Library

RULESETS = [rs.key for rs in all_rulesets()]
# SHIPYARD_FUZZ_EXAMPLES=1000 pytest tests/test_robustness.py -k fuzzed: a longer campaign than CI runs
FUZZ = settings(max_examples=int(os.environ.get("SHIPYARD_FUZZ_EXAMPLES", "12")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def vessel(vid: str = "uss-fuzz", name: str = "USS Fuzz", **changes) -> dict:
    data = {
        "id": vid, "name": name, "navy": "USN", "type": "screw gunboat",
        "length_ft": 158, "beam_ft": 28, "draught_ft": 10, "displacement_tons": 691, "speed_kn": 10,
        "propulsion": {"kind": "screw", "shafts": 1},
        "armament": [{"gun": "dahlgren-9in", "count": 2, "mounting": "broadside", "position": "midships"}],
        "sources": [{"url": "https://example.org/fuzz", "covers": "an invented vessel for the tests"}],
    }
    data.update(changes)
    return data


def scenario(sid: str = "fuzz-night", units=("uss-fuzz",), **changes) -> dict:
    data = {
        "id": sid, "name": "A fuzzed night", "date": "1864-08-05", "place": "Mobile Bay",
        "sides": [
            {"name": "Union", "navy": "USN", "commander": "D. G. Farragut", "units": [{"id": u} for u in units]},
            {"name": "Confederate", "navy": "CSN", "commander": "F. Buchanan", "units": [{"id": "css-tennessee"}]},
        ],
    }
    data.update(changes)
    return data


def dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


# ---------------------------------------------------------------------------------------------
# Strategies: the strings and numbers users (and attackers) type

NASTY_TEXT = [
    "", " ", "../../x", "../../../../tmp/owned", "/etc/passwd", "C:\\Windows\\system32", "con", "NUL", "aux.yaml",
    ".", "..", "~", "$HOME", "%s%n", "{{ 7*7 }}", "{% raw %}", "[/bold]", "[red]x[/red]", "<script>alert(1)</script>",
    '<Ram & Co "X">', "'", '"', "&amp;", "a|b", "x\ny", "tab\there", "\x00", "\x1b[31m", "\u202eevil\u202c",
    "שלום", "مرحبا بالعالم", "🚢⚓", "👨‍👩‍👧", "e\u0301\u0301\u0301", "Z̷̧̛a̸l̶g̵o̴", "東京丸", "한국", "\u200b", "\ufeff",
    "x" * 500, "USS " + "W" * 76,
]
text = st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=30), st.text(alphabet="-./\\<>&\"' ", max_size=12))
numbers = st.one_of(
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 10**30, 2**63, -(2**63), 0, -1, 1e-320, 31, 600.0001]),
    st.integers(), st.floats(),
)
scalars = st.one_of(text, numbers, st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                      max_leaves=6)

VESSEL_KEYS = list(vessel()) + ["class", "refits", "armour", "turrets", "crew", "notes", "kind", "rig", "ram_bow"]
SCENARIO_KEYS = list(scenario()) + ["notes", "sources", "kind"]


# strings a font can draw, so that most fuzzed files reach the PDF: markup, quotes, path-like, RTL, combining marks
drawable = st.one_of(
    st.sampled_from(["../../x", "/etc/passwd", "con", "<b>&amp;</b>", '<Ram & Co "X">', "[/bold]", "{{ x }}", "שלום",
                     "مرحبا", "e\u0301\u0301", "Zoë Ætna Ō", "C:\\x", "~/.ssh", "%s", "W" * 80]),
    st.text(st.characters(min_codepoint=32, max_codepoint=0x17F, blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40),
)


@st.composite
def vessel_docs(draw):
    """A vessel: either valid with nasty printed text, or with some fields broken (wrong types, huge numbers...)."""
    data = vessel()
    if draw(st.integers(0, 2)) == 0:
        for key in draw(st.lists(st.sampled_from(VESSEL_KEYS) | text, min_size=1, max_size=3)):
            data[key] = draw(values)
    if draw(st.booleans()):
        data["name"] = draw(drawable)
    for key in draw(st.lists(st.sampled_from(["class", "notes", "builder", "fate"]), max_size=2)):
        data[key] = draw(drawable)
    mounts = data.get("armament")
    if draw(st.booleans()) and isinstance(mounts, list) and mounts and isinstance(mounts[0], dict):
        mounts[0]["note"] = draw(drawable)
    return data


@st.composite
def scenario_docs(draw):
    data = scenario()
    if draw(st.integers(0, 3)) == 0:
        for key in draw(st.lists(st.sampled_from(SCENARIO_KEYS) | text, min_size=1, max_size=2)):
            data[key] = draw(values)
    for field in draw(st.lists(st.sampled_from(["name", "place", "notes"]), max_size=3)):
        data[field] = draw(drawable)
    side = data["sides"][0] if isinstance(data.get("sides"), list) and data["sides"] and isinstance(data["sides"][0], dict) else None
    if side is not None:
        for field in draw(st.lists(st.sampled_from(["name", "commander", "victory"]), max_size=2)):
            side[field] = draw(drawable)
        if draw(st.integers(0, 4)) == 0:
            side["units"] = [{"id": draw(st.sampled_from(["uss-fuzz", "../../x", "/etc/passwd", "con", "", "css-tennessee"]))}]
    return data


raw_files = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")),
    values.map(lambda v: dump(v).encode("utf-8")),
    st.sampled_from([
        b"a: &x [1]\nb: *x\n", b"<<: {a: 1}\n", b"!!python/object:os.system 'touch pwned'\n", b"[" * 5000,
        b"key: value\nkey: again\n", b"\xff\xfe\x00", b"id: 1864-08-05\n", b"? [a]\n: b\n", b"%YAML 9.9\n---\n",
    ]),
)


def file_stem(candidate: str, fallback: str) -> str:
    """A file name the test can create from fuzzed text (the id is still written, nasty, inside the file)."""
    ok = candidate not in ("", ".", "..") and "/" not in candidate and "\x00" not in candidate
    return candidate if ok and len(candidate.encode("utf-8", "surrogatepass")) < 200 else fallback


def write_tree(root: Path, vessel_doc, scenario_doc, raw: bytes | None = None) -> tuple[Path, Path]:
    lib = root / "lib"
    (lib / "scenarios").mkdir(parents=True)
    stem = file_stem(str(vessel_doc.get("id", "")) if isinstance(vessel_doc, dict) else "", "uss-fuzz")
    (lib / f"{stem}.yaml").write_text(dump(vessel_doc), encoding="utf-8")
    if raw is not None:
        (lib / "raw-file.yaml").write_bytes(raw)
    scen = root / "fuzz-night.yaml"
    scen.write_text(dump(scenario_doc), encoding="utf-8")
    return lib, scen


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns) for p in root.rglob("*")}


def main_in_process(*args, cwd: Path) -> tuple[int, str]:
    """`shipyard ARGS` through cli.main() in this process (fast enough to fuzz); an escaped exception fails the test."""
    run = in_process(*args, cwd=cwd)
    return run.code, run.err


def assert_clean(code: int, err: str) -> None:
    assert code in (0, 2), f"exit {code}: {err}"
    assert "Traceback" not in err, err
    assert "internal error" not in err, err  # a bug's exception wrapped by build_pack: report it, don't hide it
    if code == 2:  # the error, after any notes (a file of the user's left out of this command says so first)
        said = [line for line in err.splitlines() if not line.startswith("note:")]
        assert said and said[0].startswith("error:"), err


# ---------------------------------------------------------------------------------------------
# 1. Fuzzed files


@FUZZ
@given(vessel_docs(), scenario_docs(), st.none() | raw_files)
def test_fuzzed_files_load_or_fail_with_a_shipyard_error(vdoc, sdoc, raw):
    with tempfile.TemporaryDirectory() as tmp:
        lib, scen = write_tree(Path(tmp), vdoc, sdoc, raw)
        (lib / "scenarios" / scen.name).write_bytes(scen.read_bytes())
        for collect in (False, True):
            try:
                loaded = Library.load([lib], collect=collect)
            except ShipyardError as exc:
                assert exc.problems and all(str(p) for p in exc.problems)
                continue
            # a file that loads must also derive and export cleanly under every rule set
            from shipyard.export import export
            from shipyard.pack import derive_unit

            for rs in all_rulesets():
                ctx = rs.context(loaded, None, None)
                for scenario_ in [sc for key, sc in loaded.scenarios.items()  # the fuzzed ones, not the bundled 17
                                  if Path(loaded.origin["scenario:" + key].path).resolve().is_relative_to(lib.resolve())]:
                    try:
                        items = [(side, derive_unit(rs, loaded, u, ctx)) for side, u in loaded.scenario_units(scenario_)]
                        for fmt in ("json", "csv", "md", "html"):
                            assert export(items, fmt, rs)
                    except ShipyardError as exc:
                        assert "internal error" not in str(exc), str(exc)


@settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 3))  # each example builds a pack: a third of the load-only budget
@given(vessel_docs(), scenario_docs(), st.sampled_from(RULESETS))
def test_fuzzed_files_through_the_cli_never_traceback_nor_write_outside_the_output(vdoc, sdoc, rules):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        lib, scen = write_tree(root, vdoc, sdoc)
        work = root / "work"
        work.mkdir()
        out = root / "OUT"
        before = snapshot(root)
        assert_clean(*main_in_process("validate", lib, cwd=work))
        code, err = main_in_process("pack", scen, "--library", lib, "-o", out, "--rules", rules, cwd=work)
        assert_clean(code, err)
        after = snapshot(root)
        changed = {p for p in after if before.get(p) != after[p]} | (set(before) - set(after))
        assert all(p == "OUT" or p.startswith("OUT" + os.sep) for p in changed), changed
        written = sorted(p.name for p in out.glob("*")) if out.exists() else []
        assert not [n for n in written if n.endswith(".part")], written
        if code == 0:
            assert written == [f"fuzz-night-{get_ruleset(rules).key}.pdf"]
            assert (out / written[0]).read_bytes()[:5] == b"%PDF-"
        else:
            assert written == [], written


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_output_names_never_leave_the_output_folder(name):
    safe = safe_name(name)
    assert safe and safe == safe.strip("-")
    assert all(ch.isalnum() or ch in "-_" for ch in safe)
    assert "/" not in safe and "\\" not in safe and "." not in safe and "\x00" not in safe
    out = Path("/tmp/OUT")
    assert (out / f"{safe}-quick-play.pdf").resolve().parent == out


# ---------------------------------------------------------------------------------------------
# Path-like names and unprintable characters, through the real command line


@pytest.mark.parametrize("vid", ["../../x", "/etc/passwd", "con", "", "uss-ok/../../../x", "C:\\x"])
def test_path_like_vessel_ids_are_refused_cleanly(cli, tmp_path, vid):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "uss-fuzz.yaml").write_text(dump(vessel(vid=vid)), encoding="utf-8")
    before = snapshot(tmp_path)
    run = cli("validate", lib, cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert "uss-fuzz.yaml" in run.err and "id" in run.err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("sid", ["../../x", "/etc/passwd", "con", "", "..", "x/../../y"])
def test_path_like_scenario_ids_never_name_a_file(cli, tmp_path, sid):
    scen = tmp_path / "night.yaml"
    scen.write_text(dump(scenario(sid=sid, units=("uss-monitor",))), encoding="utf-8")
    out = tmp_path / "OUT"
    before = snapshot(tmp_path)
    run = cli("pack", scen, "-o", out, "--rules", "qp", cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert "night.yaml:1: id" in run.err
    assert snapshot(tmp_path) == before
    assert not Path("/x").exists() or sid != "../../x"


def test_scenario_file_named_con_packs_inside_the_output_folder(cli, tmp_path):
    scen = tmp_path / "con.yaml"
    scen.write_text(dump(scenario(sid="con", units=("uss-monitor",))), encoding="utf-8")
    run = cli("pack", scen, "-o", tmp_path / "OUT", "--rules", "qp", cwd=tmp_path)
    assert run.code == 0, run.err
    assert sorted(p.name for p in (tmp_path / "OUT").iterdir()) == ["con-quick-play.pdf"]


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("name, char", [("USS Ship 🚢", "🚢"), ("東京丸", "東"), ("USS Ka\u0301ll क", "क")])
def test_a_name_the_font_cannot_draw_names_the_vessel_and_the_character(cli, tmp_path, rules, name, char):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "uss-glyph.yaml").write_text(dump(vessel(vid="uss-glyph", name=name)), encoding="utf-8")
    scen = tmp_path / "glyph-night.yaml"
    scen.write_text(dump(scenario(sid="glyph-night", units=("uss-glyph",))), encoding="utf-8")
    out = tmp_path / "OUT"
    run = in_process("pack", scen, "--library", lib, "-o", out, "--rules", rules, cwd=tmp_path)
    assert run.code == 2, run.err
    assert "Traceback" not in run.err
    assert "(uss-glyph)" in run.err and f"U+{ord(char):04X}" in run.err
    assert "uss-glyph.yaml:2: name:" in run.err  # the file, line and field to edit
    assert get_ruleset(rules).title in run.err
    assert not out.exists() or not list(out.iterdir())


@pytest.mark.parametrize("name", ["שלום עליכם", "USS Ko\u0304tetsu", "CSS Zoë & <Ætna>"])
def test_names_the_font_can_draw_pack_in_every_rule_set(cli, tmp_path, name):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "uss-intl.yaml").write_text(dump(vessel(vid="uss-intl", name=name)), encoding="utf-8")
    scen = tmp_path / "intl-night.yaml"
    scen.write_text(dump(scenario(sid="intl-night", units=("uss-intl",))), encoding="utf-8")
    run = in_process("pack", scen, "--library", lib, "-o", tmp_path / "OUT", cwd=tmp_path)
    assert run.code == 0, run.err
    assert len(list((tmp_path / "OUT").glob("*.pdf"))) == len(RULESETS)


def test_markup_in_a_name_is_not_a_rich_style_tag(cli, tmp_path):
    run = cli("show", "qq[/bold]qq")
    assert run.code == 2 and "Traceback" not in run.err and "[/bold]" in run.err
    out = tmp_path / "o[/x]"
    run = cli("pack", "hampton-roads-1862", "--rules", "qp", "-o", out)
    assert run.code == 0, run.err
    assert "o[/x]" in run.out


@pytest.mark.parametrize("date", ["1864-13-45", "1864-02-30", "0000"])
def test_impossible_dates_are_refused_at_load(cli, tmp_path, date):
    scen = tmp_path / "night.yaml"
    scen.write_text(dump(scenario(sid="night", units=("uss-monitor",), date=date)), encoding="utf-8")
    run = in_process("pack", scen, "-o", tmp_path / "OUT", "--rules", "qp")
    assert run.code == 2 and "Traceback" not in run.err
    assert "night.yaml:3: date: no such date" in run.err


def test_output_folder_that_is_a_file_or_cannot_be_made(cli, tmp_path):
    (tmp_path / "afile").write_text("x")
    run = cli("pack", "hampton-roads-1862", "--rules", "qp", "-o", tmp_path / "afile")
    assert run.code == 2 and "Traceback" not in run.err and "is a file" in run.err
    run = cli("pack", "hampton-roads-1862", "--rules", "qp", "-o", tmp_path / "afile" / "sub")
    assert run.code == 2 and "Traceback" not in run.err
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o500)
        run = cli("pack", "hampton-roads-1862", "--rules", "qp", "-o", ro)
        assert run.code == 2 and "Traceback" not in run.err


# ---------------------------------------------------------------------------------------------
# 2. Two packs into the same folder at once


def _pages(path: Path) -> int:
    """Pages of a PDF that opens and whose every page's text reads back (pdfium: a whole pack in milliseconds)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for page in pdf:
            page.get_textpage().get_text_range()
        return len(pdf)
    finally:
        pdf.close()


def _reported(stdout: str) -> dict[str, int]:
    """{file name: pages} from the 'wrote X (N pages)' lines."""
    import re

    return {Path(m.group(1)).name: int(m.group(2)) for m in re.finditer(r"wrote (.+?) \((\d+) pages\)", stdout)}


@pytest.mark.parametrize("jobs", [
    (("cherbourg-1864", "qp"), ("cherbourg-1864", "qp")),  # a small scenario: the race, not the drawing, is tested
    (("cherbourg-1864", "sotw"), ("cherbourg-1864", "saunders")),
    (("cherbourg-1864", "really-simple"), ("hampton-roads-1862", "really-simple")),
], ids=["same", "other-rules", "other-scenario"])
def test_two_packs_into_one_folder_at_once(tmp_path, jobs):
    """Two `shipyard pack` processes let go at the same moment (forked copies of this one: the race between two
    processes' files is the finding, not an interpreter's start-up), twice: into an empty folder, then over their own
    files."""
    out = tmp_path / "OUT"
    for _round in range(2):
        gate = Gate()
        procs = [Forked("pack", scen, "--rules", rules, "-o", out, prepare=gate.wait) for scen, rules in jobs]
        gate.open()
        results = [p.communicate(timeout=180) + (p.returncode,) for p in procs]
        reported: dict[str, int] = {}
        for stdout, stderr, code in results:
            assert code == 0, stderr
            reported.update(_reported(stdout))
        files = sorted(p.name for p in out.iterdir())
        assert files == sorted(reported), files  # no .part left, nothing else
        for name, pages in reported.items():
            assert _pages(out / name) == pages


# ---------------------------------------------------------------------------------------------
# 3. Interrupted packs leave nothing half-written


@pytest.fixture
def duel(library):
    return library, library.scenarios["hampton-roads-1862"]


@pytest.mark.parametrize("rules", RULESETS)
def test_a_unit_whose_derivation_raises_is_named_and_nothing_is_written(duel, tmp_path, monkeypatch, rules):
    library, scen = duel
    rs = get_ruleset(rules)
    victim = library.scenario_units(scen)[-1][1]
    real = rs.derive

    def derive(unit, ctx):
        if unit.id == victim.id:
            raise ValueError("boiler explosion in the calculator")
        return real(unit, ctx)

    monkeypatch.setattr(rs, "derive", derive)
    with pytest.raises(ShipyardError) as err:
        build_pack(library, scen, rs, PackOptions(output_dir=tmp_path))
    message = str(err.value)
    assert f"{victim.name} ({victim.id})" in message and rs.title in message and "boiler explosion" in message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("section", ["sheets", "counters", "roster"])
def test_a_unit_whose_drawing_raises_half_way_is_named_and_no_partial_pdf_is_left(duel, tmp_path, monkeypatch, section):
    library, scen = duel
    rs = get_ruleset("sotw")
    aids = rs.aids()
    victim = library.scenario_units(scen)[1][1]
    real = getattr(aids, section)

    def broken(doc, *args, **kw):
        units = args[1] if section == "roster" else args[0]
        for item in units:
            unit = item[1] if isinstance(item, tuple) and len(item) == 3 else item[0]
            if unit.id == victim.id:
                doc.new_page()  # some pages are drawn before it fails
                raise ValueError("a drawing that cannot be drawn")
        return real(doc, *args, **kw)

    monkeypatch.setattr(aids, section, broken)
    with pytest.raises(ShipyardError) as err:
        build_pack(library, scen, rs, PackOptions(output_dir=tmp_path))
    message = str(err.value)
    assert f"{victim.name} ({victim.id})" in message and rs.title in message
    assert list(tmp_path.iterdir()) == []


def test_an_unexpected_exception_is_reported_as_a_bug_naming_the_unit(duel, tmp_path, monkeypatch):
    library, scen = duel
    rs = get_ruleset("qp")
    aids = rs.aids()
    real = aids.sheets
    victim = library.scenario_units(scen)[0][1]

    def broken(doc, derived, ctx):
        if any(u.id == victim.id for u, _ in derived):
            return {}["no such key"]
        return real(doc, derived, ctx)

    monkeypatch.setattr(aids, "sheets", broken)
    with pytest.raises(ShipyardError) as err:
        build_pack(library, scen, rs, PackOptions(output_dir=tmp_path))
    assert "internal error KeyError" in str(err.value) and victim.id in str(err.value)
    assert isinstance(err.value.__cause__, KeyError)  # SHIPYARD_DEBUG=1 prints it
    assert list(tmp_path.iterdir()) == []


def test_a_bad_vessel_through_the_cli_names_it_and_its_rule_set(cli, tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "uss-glyph.yaml").write_text(dump(vessel(vid="uss-glyph", name="USS Glyph ☃☃ 🚢")), encoding="utf-8")
    scen = tmp_path / "glyph-night.yaml"
    scen.write_text(dump(scenario(sid="glyph-night", units=("uss-fuzz-ok", "uss-glyph"))), encoding="utf-8")
    (lib / "uss-fuzz-ok.yaml").write_text(dump(vessel(vid="uss-fuzz-ok", name="USS Fine")), encoding="utf-8")
    out = tmp_path / "OUT"
    # the roster comes first: leave it out so the failure lands half way, on the record sheets
    run = cli("pack", scen, "--library", lib, "-o", out, "--rules", "saunders", "--no", "roster", cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert "record sheets: USS Glyph ☃☃ 🚢 (uss-glyph) failed" in run.err and "ACW Naval Rules" in run.err
    assert "U+1F6A2" in run.err
    assert not out.exists() or list(out.iterdir()) == []


def test_keyboard_interrupt_in_an_aid_leaves_nothing(duel, tmp_path, monkeypatch):
    library, scen = duel
    rs = get_ruleset("saunders")
    aids = rs.aids()

    def slow(doc, *args, **kw):
        doc.new_page()
        raise KeyboardInterrupt

    monkeypatch.setattr(aids, "counters", slow)
    with pytest.raises(KeyboardInterrupt):
        build_pack(library, scen, rs, PackOptions(output_dir=tmp_path))
    assert list(tmp_path.iterdir()) == []


def _fleet(root: Path, n: int) -> tuple[Path, Path]:
    lib = root / "fleet"
    lib.mkdir()
    ids = []
    for i in range(n):
        vid = f"uss-synthetic-{i:04d}"
        ids.append(vid)
        (lib / f"{vid}.yaml").write_text(dump(vessel(vid=vid, name=f"USS Synthetic {i}", speed_kn=6 + i % 8)), encoding="utf-8")
    scen = root / "big-night.yaml"
    scen.write_text(dump(scenario(sid="big-night", units=ids)), encoding="utf-8")
    return lib, scen


def test_ctrl_c_mid_build_leaves_no_pdf_nor_part(tmp_path):
    lib, scen = _fleet(tmp_path, 400)
    out = tmp_path / "OUT"
    proc = subprocess.Popen(
        [sys.executable, "-m", "shipyard.cli", "pack", str(scen), "--library", str(lib), "-o", str(out), "--rules", "sotw"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell starts background jobs with SIGINT ignored, and Python then keeps it ignored: give Ctrl-C back
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (out.exists() and list(out.glob("*.part"))):
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    assert list(out.glob("*.part")), "the build never started writing"
    time.sleep(0.2)  # well inside the build
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert list(out.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# The widest text the model allows, drawn under strict ink checks


def _widest(root: Path) -> tuple[Path, Path]:
    lib = root / "lib"
    lib.mkdir()
    (lib / "uss-wide.yaml").write_text(dump(vessel(vid="uss-wide", name="W" * 80, **{"class": "M" * 60})), encoding="utf-8")
    s = scenario(sid="wide", units=("uss-wide",), name="W" * 120, place="M" * 100, notes="Word " * 400)
    s["sides"][0].update(name="W" * 60, commander="Commander " * 30, victory="Victory " * 80)
    (root / "wide.yaml").write_text(dump(s), encoding="utf-8")
    return lib, root / "wide.yaml"


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cover_and_footer_fit_the_widest_legal_text(cli, tmp_path, rules, paper):
    lib, scen = _widest(tmp_path)
    run = in_process("pack", scen, "--library", lib, "-o", tmp_path / "OUT", "--rules", rules, "--paper", paper, "--no", "roster")
    assert run.code == 0, run.err
    pdf_path = next((tmp_path / "OUT").glob("*.pdf"))
    # the words only (pdfium's text, not pdfplumber's layout analysis); white space squashed, as pdfium breaks the
    # line before the page count filled in at the end
    pages = [" ".join(text.split()) for text in pdf_page_texts(pdf_path)]
    cover, last = pages[0], pages[-1]
    assert "Contents" in cover and "Print at 100 %" in cover and "…" in cover
    assert f"page {len(pages)} of {len(pages)}" in last and "W…" in last


@pytest.mark.parametrize("rules", RULESETS)
def test_roster_fits_the_widest_legal_text(cli, tmp_path, rules):
    lib, scen = _widest(tmp_path)
    run = in_process("pack", scen, "--library", lib, "-o", tmp_path / "OUT", "--rules", rules)
    assert run.code == 0, run.err


def test_a_failure_in_a_sides_text_blames_the_scenario_field_not_a_unit(tmp_path, monkeypatch):
    lib, scen = _widest(tmp_path)
    library = Library.load([lib])
    scenario_ = library.scenario(str(scen))
    rs = get_ruleset("saunders")
    aids = rs.aids()

    def roster(doc, scenario, units, ctx):
        page = doc.new_page()
        for side, _unit, _d in units:
            if side == "W" * 60:
                page.text(10, 20, side, size=14)  # too wide: strict ink check fails
        doc.new_page()

    monkeypatch.setattr(aids, "roster", roster)
    monkeypatch.setenv("SHIPYARD_RENDER_STRICT", "1")
    with pytest.raises(ShipyardError) as err:
        build_pack(library, scenario_, rs, PackOptions(output_dir=tmp_path / "OUT"))
    problem = err.value.problems[0]
    assert problem.file.endswith("wide.yaml") and problem.field == "sides[0].name" and problem.line == 6
    assert not (tmp_path / "OUT").exists() or list((tmp_path / "OUT").iterdir()) == []
