"""Every figure says what it is, and every file is honest about it (issue 26).

- the schema records a basis for tonnage, length, draught and speed; `show` prints it, and where only a burthen is
  known the rule sets play an ESTIMATE of displacement and say so;
- every bundled vessel file states each basis (none is left to the default);
- no file carries as a displacement a figure its own sources or notes call burthen (the Sassacus kind);
- no note says a figure was entered as something the file does not hold (the Weehawken kind).
"""

from __future__ import annotations

import functools
import re
import statistics
from pathlib import Path

import pytest
import yaml

from shipyard.rules import get_ruleset
from shipyard.library.model import DISPLACEMENT_PER_BURTHEN_TON, Vessel

from conftest import run_cli

VESSELS = Path(__file__).resolve().parent.parent / "vessels"
SHIP_FILES = sorted([*VESSELS.glob("usn/*.yaml"), *VESSELS.glob("csn/*.yaml")])
BASES = {"length_ft": "length_basis", "draught_ft": "draught_basis", "speed_kn": "speed_basis",
         "displacement_tons": "displacement_basis", "burthen_tons": "burthen_basis"}


@functools.lru_cache(maxsize=None)
def _raw(path: Path) -> dict:
    """A bundled file as YAML reads it, parsed once per process: five checks read each of the 130 ship files, and
    PyYAML's parse (some 7 ms a file) was nearly all of this file's time. The checks only read it."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# The schema and the calculators


def _beaufort_like(library, **changes) -> Vessel:
    data = library.units["css-beaufort"].model_dump(by_alias=True, exclude_none=True)
    data.pop("burthen_basis")
    data.update(changes)
    return Vessel.model_validate(data)


def test_a_burthen_only_ship_plays_an_estimated_displacement_and_says_so(library):
    v = _beaufort_like(library, burthen_tons=100, burthen_basis="builders_measurement")
    assert v.displacement_tons is None
    assert v.tonnage == round(100 * DISPLACEMENT_PER_BURTHEN_TON)
    assert "ESTIMATE" in v.tonnage_basis and "100 t burthen" in v.tonnage_basis
    sotw = get_ruleset("sotw")
    reasons = sotw.derive(v, sotw.context(library)).reasons
    for path in ("size", "hull_damage_points", "flotation_points"):
        assert "displacement ESTIMATE" in reasons[path], (path, reasons[path])


def test_a_recorded_displacement_is_played_as_it_stands_with_its_basis(library):
    v = _beaufort_like(library, displacement_tons=120, displacement_basis="designed")
    assert v.tonnage == 120 and v.tonnage_basis == "displacement (designed)"
    qp = get_ruleset("quick-play")
    reasons = qp.derive(v, qp.context(library)).reasons
    assert "120 t displacement (designed)" in reasons["edna"]


def test_a_basis_without_its_figure_says_nothing_and_defaults_fill_in(library):
    v = _beaufort_like(library, displacement_basis="full_load")  # no displacement_tons: the basis is dropped
    assert v.displacement_basis is None and v.burthen_basis.value == "builders_measurement"


def test_the_estimate_ratio_is_the_librarys_own(library):
    """The displacement-per-burthen-ton the game uses sits at the median of the ships that have both figures."""
    ratios = [v.displacement_tons / v.burthen_tons for v in library.vessels
              if v.displacement_tons and v.burthen_tons and v.displacement_basis.value != "estimate"]
    assert len(ratios) >= 20
    assert abs(statistics.median(ratios) - DISPLACEMENT_PER_BURTHEN_TON) <= 0.1, statistics.median(ratios)


def test_show_prints_every_basis_and_the_estimate_played():
    r = run_cli("show", "css-beaufort")
    assert r.code == 0, r.err
    for key in ("length_basis:", "draught_basis:", "speed_basis:", "burthen_basis:"):
        assert key in r.out
    assert re.search(r"Played as 115 t: displacement ESTIMATE \(1\.35 x 85 t register tonnage\)", r.out), r.out


def test_the_schema_reference_names_the_bases():
    r = run_cli("schema", "vessel", "--markdown")
    assert r.code == 0, r.err
    for key in ("`draught_basis`", "`displacement_basis`", "`burthen_basis`", "`trial`", "`builders_measurement`"):
        assert key in r.out, key


# ---------------------------------------------------------------------------------------------
# Every bundled file, as written


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_every_figure_states_its_basis(path):
    data = _raw(path)
    missing = [basis for figure, basis in BASES.items() if figure in data and basis not in data]
    for refit in data.get("refits", []):
        missing += [f"refit {refit['date']}: {basis}" for figure, basis in BASES.items()
                    if figure in refit and basis not in refit]
    assert not missing, f"{path.name}: say what each figure is ({', '.join(missing)})"


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_an_estimated_figure_is_labelled_in_the_notes(path):
    data = _raw(path)
    estimated = [b for b in BASES.values() if data.get(b) == "estimate"]
    assert not estimated or "ESTIMATE" in (data.get("notes") or ""), f"{path.name}: {estimated} without ESTIMATE in the notes"
    for figure in ("draught", "speed"):
        if re.search(rf"ESTIMATES?:\s*{figure}\b", data.get("notes") or ""):
            assert data.get(f"{figure}_basis") == "estimate", f"{path.name}: the notes call the {figure} an ESTIMATE"


_BURTHEN = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:LT|t\.?|tons?)?\s*(?:\(|,)?\s*(?:tons\s+)?(?:burthen|burden|bm\b|register)", re.I)


def burthen_figures(data: dict) -> set[float]:
    """Every tonnage the file's own sources or notes call burthen, builder's measurement or register."""
    text = " ".join([data.get("notes") or ""] + [s.get("covers", "") for s in data.get("sources", [])])
    return {float(m.group(1).replace(",", "")) for m in _BURTHEN.finditer(text)}


def displacement_problems(data: dict) -> list[str]:
    problems = []
    disp = data.get("displacement_tons")
    if disp is not None and float(disp) in burthen_figures(data):
        problems.append(f"displacement_tons {disp} is a burthen figure of its own sources or notes")
    if re.search(r"(?<!was )entered as displacement", data.get("notes") or ""):
        problems.append("the notes say a tonnage is entered as displacement: a figure not known to be one is burthen_tons")
    return problems


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_no_burthen_is_carried_as_a_displacement(path):
    assert not displacement_problems(_raw(path)), (path.name, displacement_problems(_raw(path)))


_ENTERED = re.compile(r"(?<!was )entered as (\d+(?:\.\d+)?)\s*(in|ft|kn|t|tons)\b")


def _numbers(node) -> set[float]:
    if isinstance(node, bool):
        return set()
    if isinstance(node, (int, float)):
        return {float(node)}
    if isinstance(node, dict):
        return set().union(*map(_numbers, node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*map(_numbers, node)) if node else set()
    return set()


def entered_contradictions(data: dict) -> list[str]:
    """A note that says a figure "is entered as N" when the file holds no such figure (the Weehawken kind)."""
    held = _numbers({k: v for k, v in data.items() if k not in ("notes", "sources")})
    return [m.group(0) for m in _ENTERED.finditer(" ".join((data.get("notes") or "").split())) if float(m.group(1)) not in held]


@pytest.mark.parametrize("path", [*SHIP_FILES, *sorted(VESSELS.glob("forts/*.yaml"))], ids=lambda p: p.stem)
def test_no_note_says_a_figure_was_entered_as_something_the_file_does_not_hold(path):
    assert not entered_contradictions(_raw(path)), (path.name, entered_contradictions(_raw(path)))


# The words that back each stated basis. A basis other than unspecified/estimate says something a source said; the
# file's own notes or its sources' `covers:` lines must carry a word of that kind (issue 26, the last findings).
BASIS_WORDS = {
    "length_basis": {"overall": r"overall|\bo/?a\b|\bloa\b", "pp": r"perpendiculars?|\bb\.?p\.?\b|\bp\.?p\.?\b",
                     "waterline": r"water ?line|\bw\.?l\.?\b|load line", "on_deck": r"\bdeck\b"},
    "draught_basis": {"mean": r"\bmean\b", "deep": r"\bdeep|maximum|\bmax\b|full[- ]load|laden|loaded",
                      "light": r"\blight", "designed": r"\bdesign"},
    "displacement_basis": {"normal": r"\bnormal", "full_load": r"full[- ]load", "light": r"\blight",
                           "designed": r"\bdesign"},
    "burthen_basis": {"builders_measurement": r"burthen|burden|\bb\.?m\.?\b|builder'?s",
                      "register": r"regist|\bgrt\b|gross"},
    "speed_basis": {"designed": r"\bdesign", "trial": r"\btrials?\b",
                    "achieved": r"achieved|in service|service speed|\bmade\b|\bmaking\b|logged"},
}


def unbacked_bases(data: dict) -> list[str]:
    """Every stated basis of the file (and of its refits) that no word of its notes or sources backs."""
    text = " ".join([data.get("notes") or ""] + [s.get("covers", "") for s in data.get("sources", [])]
                    + [r.get("notes") or r.get("note") or "" for r in data.get("refits", [])])
    return [f"{field}: {where[field]}" for where in [data, *data.get("refits", [])]
            for field, words in BASIS_WORDS.items()
            if where.get(field) in words and not re.search(words[where[field]], text, re.I)]


@pytest.mark.parametrize("path", SHIP_FILES, ids=lambda p: p.stem)
def test_every_stated_basis_is_backed_by_a_word_of_its_notes_or_sources(path):
    assert not unbacked_bases(_raw(path)), (f"{path.name}: no word of the notes or sources says so (record the "
                                            f"source's word, or set the basis unspecified)", unbacked_bases(_raw(path)))


def test_the_basis_check_catches_a_basis_no_source_states():
    chickasaw = {"length_ft": 229, "length_basis": "overall", "speed_basis": "designed",
                 "sources": [{"covers": "dates, dimensions, 9 kn design speed"}]}
    assert unbacked_bases(chickasaw) == ["length_basis: overall"]
    assert not unbacked_bases({**chickasaw, "notes": "229 ft long overall (class article)"})
    assert not unbacked_bases({**chickasaw, "length_basis": "unspecified"})
    refitted = {"notes": "", "refits": [{"date": "1864-01-01", "displacement_basis": "full_load"}]}
    assert unbacked_bases(refitted) == ["displacement_basis: full_load"]


def test_the_checks_catch_the_errors_the_historian_found():
    """The checks above fail on the notes and figures as they stood before the audit (issue 26)."""
    weehawken = {"armour": [{"area": "side", "thickness_in": 5, "backing_in": 39}],
                 "notes": "Side backing was 39in, entered as 30in because the schema caps inches at 30."}
    assert entered_contradictions(weehawken) == ["entered as 30in"]
    assert not entered_contradictions({**weehawken, "notes": "the note said it was entered as 30in; it holds 39"})
    varuna = {"displacement_tons": 1247, "sources": [{"covers": "1,247 tons burthen or 1,300 tons"}]}
    assert displacement_problems(varuna)
    bragg = {"displacement_tons": 1043, "notes": 'the NHHC "t." - a measurement tonnage, entered as displacement.'}
    assert displacement_problems(bragg)
    manassas = {"displacement_tons": 387, "sources": [{"covers": "387 tons disp; 384.5 bm"}]}
    assert not displacement_problems(manassas) and 384.5 in burthen_figures(manassas)
    assert not displacement_problems({**manassas, "displacement_tons": None})


REVIEWED = ["css-arkansas", "css-atlanta", "css-albemarle", "uss-new-ironsides", "uss-weehawken", "uss-nahant",
            "uss-carondelet", "css-general-bragg", "css-colonel-lovell", "css-stonewall-jackson", "css-manassas",
            "css-louisiana", "uss-varuna", "uss-sassacus", "fort-sumter", "fort-jackson",
            "plum-point-bend-1862", "albemarle-sound-1864", "arkansas-run-1862", "new-orleans-1862", "charleston-1863"]


def test_every_unit_the_historian_reviewed_has_its_verdict_in_the_audit_page():
    page = (VESSELS.parent / "docs" / "library-audit.md").read_text(encoding="utf-8")
    section = page[page.index("(issue 26)"):]
    missing = [u for u in REVIEWED if f"| `{u}`" not in section]
    assert not missing, f"docs/library-audit.md has no line for {missing}"
    for unit in REVIEWED[:16]:
        assert "AUDIT 2026-12" in (VESSELS.glob(f"*/{unit}.yaml").__next__().read_text(encoding="utf-8")), unit


def test_the_editor_and_the_ship_page_show_the_bases(tmp_path):
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from starlette.testclient import TestClient

    from shipyard.web.server import create_app

    with TestClient(create_app(tmp_path / "ships", allowed_hosts={"testserver"})) as client:
        page = client.get("/ships/uss-varuna/edit").text
        for name, chosen in (("draught_basis", "unspecified"), ("burthen_basis", "builders_measurement"),
                             ("speed_basis", "estimate"), ("length_basis", "unspecified")):
            select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
            assert select, name
            assert f'<option value="{chosen}" selected' in select.group(1), (name, select.group(1))
        assert 'value="trial"' in page and 'value="full_load"' in page
        ship = client.get("/ships/css-beaufort", params={"rules": "sotw"}).text  # her card under the rules that read it
        assert "displacement ESTIMATE (1.35 x 85 t register tonnage)" in ship


# ---------------------------------------------------------------------------------------------
# The source pass over the USN ships (issue 26): what it found


@pytest.mark.parametrize("unit, tons, kind", [("uss-octorara", 829, "unknown"), ("uss-port-royal", 805, "unknown"), ("uss-miami", 730, "unknown"),
                                              ("uss-cambridge", 858, "builders_measurement")])
def test_tonnages_not_known_to_be_displacements_are_not_played_as_such(library, unit, tons, kind):
    """The double-enders' "tons" have no stated kind and compare with the Unadillas' burthen (Soley); Cambridge's
    868 "long tons" is DANFS's "t.", and NHHC calls her 858 tons burden: burthen, played as an estimate."""
    v = library.units[unit]
    assert v.displacement_tons is None and v.burthen_tons == tons and v.burthen_basis.value == kind
    assert v.tonnage == round(tons * DISPLACEMENT_PER_BURTHEN_TON) and "ESTIMATE" in v.tonnage_basis


@pytest.mark.parametrize("unit, figures", [("uss-seminole", ("draught", "speed")), ("uss-queen-of-the-west", ("speed",))])
def test_a_figure_the_notes_call_a_placeholder_or_estimate_has_an_estimate_basis(library, unit, figures):
    """Seminole's notes called her draught and speed placeholders, Queen of the West's an ESTIMATE: so do their bases."""
    v = library.units[unit]
    assert {f: getattr(v, f"{f}_basis").value for f in figures} == dict.fromkeys(figures, "estimate")


def test_cambridge_is_commissioned_after_her_purchase(library):
    """DANFS: purchased 30 July 1861, commissioned 29 August; the file had her commissioned on 29 July."""
    assert library.units["uss-cambridge"].commissioned == "1861-08-29"


def test_st_lawrence_takes_her_unknown_draught_from_the_sister_built_to_the_same_plans(library):
    """Brandywine's article gives 175 ft pp and 22 ft 4 in; the 21 ft before came from Cumberland, of another class."""
    v = library.units["uss-st-lawrence"]
    assert (v.length_ft, v.length_basis.value, v.draught_ft, v.draught_basis.value) == (175, "pp", 22.33, "estimate")


def source_pass_rows(page: str) -> dict[str, str]:
    """Each unit's row in the `## Source pass:` sections of the audit page, by unit id."""
    rows = {}
    for section in re.split(r"^## ", page, flags=re.M)[1:]:
        if section.startswith("Source pass:"):
            for m in re.finditer(r"^\| `([a-z0-9-]+)` \|(.*)$", section, re.M):
                rows[m.group(1)] = m.group(2)
    return rows


def source_pass_gaps(page: str, units: list[str]) -> tuple[list[str], list[str]]:
    """The units with no source-pass row, and those whose row neither names a source nor says `not yet checked`."""
    rows = source_pass_rows(page)
    missing = [u for u in units if u not in rows]
    unclear = [u for u in units if u in rows and "not yet checked" not in rows[u] and not rows[u].split("|")[0].strip()]
    return missing, unclear


def test_every_bundled_unit_has_a_source_pass_row():
    """Issue 26: the source pass says, unit by unit, what each file was checked against, or that it was not yet."""
    page = (VESSELS.parent / "docs" / "library-audit.md").read_text(encoding="utf-8")
    units = sorted(p.stem for p in VESSELS.glob("*/*.yaml") if p.parent.name != "scenarios")
    missing, unclear = source_pass_gaps(page, units)
    assert not missing, f"docs/library-audit.md has no source-pass row for {missing}"
    assert not unclear, f"source-pass rows that neither name what was checked nor say 'not yet checked': {unclear}"


def test_the_source_pass_check_fails_for_a_unit_with_no_row_or_an_empty_one():
    page = ("## Source pass: USN ships\n\n| unit | checked against | bases now | changes |\n|---|---|---|---|\n"
            "| `uss-a` | the article | overall | none |\n| `uss-b` | not yet checked | | |\n| `uss-d` |  | | |\n"
            "\n## Other\n| `uss-c` | the article | | |\n")
    assert source_pass_gaps(page, ["uss-a", "uss-b", "uss-c", "uss-d"]) == (["uss-c"], ["uss-d"])
