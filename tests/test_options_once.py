"""An option given twice where a command takes one value is refused, not quietly settled by the last one; an option
that takes several (a pack's --rules) may still repeat. One refusal through the real `shipyard` script (its exit
code and what reaches the terminal); the others, parsed by the same cli.main(), in this process."""

from __future__ import annotations

import pytest

from conftest import in_process
from console_script import shipyard


@pytest.mark.parametrize("args, said, script", [
    (["stats", "monitor", "-r", "sotw", "-r", "saunders"], "error: --rules given 2 times (sotw, saunders): `shipyard stats` takes one", True),
    (["explain", "monitor", "--rules=sotw", "-rsaunders"], "error: --rules given 2 times (sotw, saunders)", False),
    (["sheet", "monitor", "-r", "sotw", "--paper", "a4", "--paper", "letter"], "error: --paper given 2 times (a4, letter)", False),
])
def test_an_option_given_twice_where_one_is_meant_is_refused(tmp_path, args, said, script):
    if script:
        real = shipyard(*args, cwd=tmp_path)
        code, out, err = real.returncode, real.stdout.decode(), real.stderr.decode()
    else:
        run = in_process(*args, cwd=tmp_path)
        code, out, err = run.code, run.out, run.err
    assert code == 2 and said in err and out == ""
    assert not (tmp_path / "output").exists()


def test_a_value_that_looks_like_the_option_is_not_counted_and_a_pack_may_repeat_rules(tmp_path):
    (tmp_path / "-r").mkdir()  # `--library -r` names a folder called "-r": its value, not a second --rules
    run = in_process("stats", "monitor", "--library", "-r", "-r", "sotw", cwd=tmp_path)
    assert run.code == 0, run.err
    pack = in_process("pack", "mobile-bay-1864", "-r", "quick-play", "-r", "really-simple", "--no", "roster", "--no", "sheets",
                    "--no", "templates", "--no", "counters", "-o", "out", cwd=tmp_path)
    assert pack.code == 0, pack.err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "mobile-bay-1864-quick-play.pdf", "mobile-bay-1864-really-simple.pdf"]
