"""Issue 23's authoring and per-side parts, through the real `shipyard` script: the set-up is a pack section like the
others (--no setup), `shipyard new scenario` writes a set-up a user fills in, and one side's packet is that side's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from console_script import shipyard


def _words(out: bytes) -> str:
    """Rich's help box as plain words: the frame and the wrapping gone."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", out.decode()).split())


def test_the_set_up_is_a_section_no_leaves_out_and_help_names(tmp_path):
    from shipyard.pack.sections import SECTIONS

    helped = shipyard("pack", "--help", cwd=tmp_path, COLUMNS="200")
    assert helped.returncode == 0
    assert f"Leave out a section (repeatable): {', '.join(s.name for s in SECTIONS)}." in _words(helped.stdout)
    run = shipyard("pack", "mobile-bay-1864", "-r", "quick-play", "--no", "setup", "--no", "counters", "-o", "out",
                   "--jobs", "1", cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(tmp_path / "out" / "mobile-bay-1864-quick-play.pdf"))
    marks = [b.get_title() for b in pdf.get_toc()]
    pdf.close()
    assert marks and not any(m.startswith("Set-up") for m in marks) and "Counters and markers" not in marks, marks
    bad = shipyard("pack", "mobile-bay-1864", "--no", "plan", cwd=tmp_path)
    assert bad.returncode != 0 and b"expected one of setup, roster" in bad.stderr
