"""shipyard.texts: the bundled one-line headings are made without Jinja unless the user restyles one, and say word for
word what their bundled templates say."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shipyard import texts
from shipyard.library.library import Library
from shipyard.rules import all_rulesets


def _by_jinja(name: str, **context) -> str:
    return " ".join(texts.render(name, None, **context).split())


@pytest.fixture(scope="module")
def library():
    return Library.load()


def test_every_bundled_heading_twin_says_what_its_template_says(library):
    """Every bundled unit's sheet headings and every scenario's cover lines, by the plain twin and by Jinja from the
    bundled .j2 file: the same text (a what-if vessel too), so the twins cannot drift from the files users copy."""
    assert set(texts.BUNDLED_LINES) == {"sheet_heading.txt.j2", "sheet_subheading.txt.j2", "cover_title.txt.j2",
                                        "cover_subtitle.txt.j2"}
    units = list(library.units.values())
    vessel = next(u for u in units if u.kind == "vessel" and u.class_name)
    units += [vessel.model_copy(update={"what_if": "a sister that was never laid down"}),
              vessel.model_copy(update={"class_name": None})]
    assert any(u.kind == "fort" for u in units)
    for unit in units:
        for name in ("sheet_heading.txt.j2", "sheet_subheading.txt.j2"):
            assert texts.line(name, None, unit=unit, derived=None) == _by_jinja(name, unit=unit, derived=None), unit.id
    for scenario in library.scenarios.values():
        for rs in all_rulesets():
            for name in ("cover_title.txt.j2", "cover_subtitle.txt.j2"):
                assert texts.line(name, None, scenario=scenario, ruleset=rs.title) == \
                       _by_jinja(name, scenario=scenario, ruleset=rs.title), scenario.id


def test_a_users_own_heading_goes_through_jinja_and_the_others_stay_bundled(tmp_path, library):
    unit = library.units["uss-monitor"]
    (tmp_path / "sheet_heading.txt.j2").write_text("{{ unit.name | upper }} (ours)\n", encoding="utf-8")
    assert texts.line("sheet_heading.txt.j2", tmp_path, unit=unit, derived=None) == "USS MONITOR (ours)"
    assert texts.line("sheet_subheading.txt.j2", tmp_path, unit=unit, derived=None) == \
           _by_jinja("sheet_subheading.txt.j2", unit=unit, derived=None)


def test_a_templates_folder_that_is_not_there_is_still_an_error(tmp_path, library):
    from shipyard.errors import ShipyardError

    with pytest.raises(ShipyardError, match="no such folder"):
        texts.line("sheet_heading.txt.j2", tmp_path / "missing", unit=library.units["uss-monitor"], derived=None)


def test_a_pack_and_a_sheet_without_templates_of_ones_own_never_start_jinja():
    """A pack drew ~200 headings through Jinja (importing and compiling it: ~25 ms of a ~0.9 s pack). Now a
    Quick Play pack and a Saunders sheet, through the application layer in a fresh process, never import it."""
    code = """if True:
        import sys
        from shipyard import app
        from shipyard.library.library import Library
        from shipyard.pack import PackOptions
        lib = Library.load()
        app.pack_bytes(lib, lib.scenario("mobile-bay-1864"), app.ruleset("quick-play"), PackOptions())
        app.sheet_units(app.ruleset("saunders"), lib, [lib.units["uss-monitor"]])
        print("jinja2" in sys.modules)
    """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
