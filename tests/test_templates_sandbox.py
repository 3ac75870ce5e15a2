"""A `--templates` folder someone shared can restyle what shipyard prints, never run code: every template renders
in Jinja's sandbox, and one that reaches for Python's internals gets a clear error naming its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from console_script import shipyard

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
ESCAPE = '{{ "".__class__.__mro__[1].__subclasses__() | length }} classes within reach\n'


@pytest.mark.parametrize("args, template", [
    (["stats", "monitor", "-r", "sotw", "--format", "md"], "stats.md.j2"),
    (["sheet", "monitor", "-r", "sotw", "-o", "monitor.pdf"], "sheet_heading.txt.j2"),
])
def test_a_template_reaching_into_python_is_refused_naming_its_line(tmp_path, args, template):
    mine = tmp_path / "mine"
    mine.mkdir()
    bundled = (TEMPLATES / template).read_text(encoding="utf-8")
    (mine / template).write_text(bundled.rstrip("\n") + "\n" + ESCAPE, encoding="utf-8")
    line = bundled.rstrip("\n").count("\n") + 2
    run = shipyard(*args, "--templates", "mine", cwd=tmp_path)
    err = run.stderr.decode()
    assert run.returncode == 2, (run.stdout, err)
    assert f"error: mine/{template}:{line}: template error:" in err and "__class__" in err
    assert b"classes within reach" not in run.stdout and not (tmp_path / "monitor.pdf").exists()


def test_the_bundled_templates_render_in_the_sandbox(library):
    from shipyard import app as core
    from shipyard.export import export

    rs = core.ruleset("saunders")
    items = core.derive_target(rs, library, "mobile-bay-1864", core.context(rs, library))
    for fmt in ("md", "csv", "json", "html"):
        assert "Hartford" in export([(side, d) for side, _, d in items], fmt, rs, None), fmt
