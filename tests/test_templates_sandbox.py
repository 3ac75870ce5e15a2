"""A `--templates` folder someone shared can restyle what shipyard prints, never run code: every template renders
in Jinja's sandbox, and one that reaches for Python's internals gets a clear error naming its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import in_process
from console_script import shipyard

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
ESCAPE = '{{ "".__class__.__mro__[1].__subclasses__() | length }} classes within reach\n'


@pytest.mark.parametrize("args, template, script", [
    (["stats", "monitor", "-r", "sotw", "--format", "md"], "stats.md.j2", True),  # exit code and terminal: the real script
    (["sheet", "monitor", "-r", "sotw", "-o", "monitor.pdf"], "sheet_heading.txt.j2", False),  # the same cli.main() here
])
def test_a_template_reaching_into_python_is_refused_naming_its_line(tmp_path, args, template, script):
    mine = tmp_path / "mine"
    mine.mkdir()
    bundled = (TEMPLATES / template).read_text(encoding="utf-8")
    (mine / template).write_text(bundled.rstrip("\n") + "\n" + ESCAPE, encoding="utf-8")
    line = bundled.rstrip("\n").count("\n") + 2
    if script:
        real = shipyard(*args, "--templates", "mine", cwd=tmp_path)
        code, out, err = real.returncode, real.stdout.decode(), real.stderr.decode()
    else:
        run = in_process(*args, "--templates", "mine", cwd=tmp_path)
        code, out, err = run.code, run.out, run.err
    assert code == 2, (out, err)
    assert f"error: mine/{template}:{line}: template error:" in err and "__class__" in err
    assert "classes within reach" not in out and not (tmp_path / "monitor.pdf").exists()


def test_the_bundled_templates_render_in_the_sandbox(library):
    from shipyard import app as core
    from shipyard.export import export

    rs = core.ruleset("saunders")
    items = core.derive_target(rs, library, "mobile-bay-1864", core.context(rs, library))
    for fmt in ("md", "csv", "json", "html"):
        assert "Hartford" in export([(side, d) for side, _, d in items], fmt, rs, None), fmt
