"""An option given twice where a command takes one value is refused, not quietly settled by the last one; an option
that takes several (a pack's --rules) may still repeat. Through the real `shipyard` script."""

from __future__ import annotations

import pytest

from console_script import shipyard


@pytest.mark.parametrize("args, said", [
    (["stats", "monitor", "-r", "sotw", "-r", "saunders"], "error: --rules given 2 times (sotw, saunders): `shipyard stats` takes one"),
    (["explain", "monitor", "--rules=sotw", "-rsaunders"], "error: --rules given 2 times (sotw, saunders)"),
    (["sheet", "monitor", "-r", "sotw", "--paper", "a4", "--paper", "letter"], "error: --paper given 2 times (a4, letter)"),
])
def test_an_option_given_twice_where_one_is_meant_is_refused(tmp_path, args, said):
    run = shipyard(*args, cwd=tmp_path)
    assert run.returncode == 2 and said in run.stderr.decode() and run.stdout == b""
    assert not (tmp_path / "output").exists()


def test_a_value_that_looks_like_the_option_is_not_counted_and_a_pack_may_repeat_rules(tmp_path):
    (tmp_path / "-r").mkdir()  # `--library -r` names a folder called "-r": its value, not a second --rules
    run = shipyard("stats", "monitor", "--library", "-r", "-r", "sotw", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    pack = shipyard("pack", "mobile-bay-1864", "-r", "quick-play", "-r", "really-simple", "--no", "roster", "--no", "sheets",
                    "--no", "templates", "--no", "counters", "-o", "out", cwd=tmp_path)
    assert pack.returncode == 0, pack.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "mobile-bay-1864-quick-play.pdf", "mobile-bay-1864-really-simple.pdf"]
