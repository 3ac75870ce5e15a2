"""A rule set is one folder: the small made-up rule set under tests/rulesets/ is picked up by the command line,
the packs and the web server when SHIPYARD_RULESETS names its folder, with no line changed anywhere else; and no
module outside a rule set's folder names any rule set (the registry, shipyard/rules/__init__.py, excepted).

This file never spells the made-up rule set's name: it reads it from the folder, so the scan below can prove that
no file outside that folder names it."""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from shipyard.rules import all_rulesets

REPO = Path(__file__).resolve().parent.parent
FOLDERS = sorted(p for p in (Path(__file__).resolve().parent / "rulesets").iterdir() if (p / "__init__.py").is_file())
FOLDER = FOLDERS[0]
SHIPYARD = Path(sys.executable).with_name("shipyard")  # the real console script


@contextlib.contextmanager
def registered(*folders: Path):
    """The registry as SHIPYARD_RULESETS naming these folders makes it; put back after."""
    before = os.environ.get("SHIPYARD_RULESETS")
    os.environ["SHIPYARD_RULESETS"] = os.pathsep.join(map(str, folders))
    all_rulesets.cache_clear()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("SHIPYARD_RULESETS", None)
        else:
            os.environ["SHIPYARD_RULESETS"] = before
        all_rulesets.cache_clear()


@pytest.fixture(scope="module")
def fifth():
    """The fifth rule set, registered for the tests of this module."""
    with registered(FOLDER):
        yield next(rs for rs in all_rulesets() if not rs.package.startswith("shipyard.rules."))


def shipyard(*args, cwd: Path, folder: Path = FOLDER, env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "SHIPYARD_RULESETS": str(folder), **(env or {})}
    return subprocess.run([str(SHIPYARD), *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=120)


def test_the_command_line_prints_its_stats_a_sheet_and_a_pack(fifth, tmp_path):
    """The real script finds it by SHIPYARD_RULESETS as it starts; its sheet and pack are the same command line's,
    run in this process with the folder registered (an interpreter start each was most of this test's time)."""
    from conftest import in_process

    key = fifth.key
    stats = shipyard("stats", "monitor", "--rules", key, "--json", cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert f'"rules": "{key}"' in stats.stdout
    sheet = in_process("sheet", "hartford", "fort-morgan", "--rules", fifth.aliases[0], "-o", "sheet.pdf", cwd=tmp_path)
    assert sheet.code == 0, sheet.err
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    pack = in_process("pack", "mobile-bay-1864", "--rules", key, "-o", "out", "--jobs", "1", cwd=tmp_path)
    assert pack.code == 0, pack.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == [f"mobile-bay-1864-{key}.pdf"]


def test_the_help_names_it_and_its_scale_beside_the_bundled_ones(fifth, tmp_path):
    run = shipyard("stats", "--help", cwd=tmp_path, env={"COLUMNS": "200"})
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.replace("│", " ").split())
    names = [rs.short_name for rs in all_rulesets()]
    assert f"Rule sets: {', '.join(names)}." in text and fifth.short_name in names
    assert fifth.native_scale in text.split("Scales:")[1]


def test_its_own_damage_track_is_taken_by_a_scenario_and_checked_against_its_sheet(fifth, tmp_path):
    """A track name only this rule set has: a scenario may use it, and more boxes than its sheet has is refused
    with the file, line and field."""
    track = fifth.track_names[0]
    ships = tmp_path / "ships"
    ships.mkdir()
    (ships / "duel.yaml").write_text(
        "id: duel\nname: A duel\ndate: 1864-08-05\nplace: Mobile Bay\nsides:\n"
        "  - {name: Union, navy: USN, units: [{id: uss-hartford}]}\n"
        f"  - name: Confederate\n    navy: CSN\n    units:\n      - id: css-tennessee\n        damage: {{{track}: 99}}\n",
        encoding="utf-8")
    from conftest import in_process

    run = in_process("pack", "duel", "--rules", fifth.key, "-o", "out", "--jobs", "1", cwd=tmp_path)
    assert run.code != 0 and "Traceback" not in run.err
    assert "duel.yaml" in run.err and "duel.yaml:11" in run.err and f"damage.{track}" in run.err, run.err
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_it_fills_every_part_of_the_contract(fifth, library, tmp_path):
    from test_rule_set_contract import conforms

    conforms(fifth, library, tmp_path)


def test_the_web_server_shows_it_on_a_ship_page_prints_its_sheet_and_builds_its_pack(fifth, tmp_path):
    import io
    import zipfile
    from urllib.parse import urlencode

    from starlette.testclient import TestClient

    from shipyard.web.server import create_app

    with TestClient(create_app(tmp_path / "ships", allowed_hosts={"testserver"})) as client:
        page = client.get("/ships/uss-monitor")
        assert page.status_code == 200
        assert f'data-rules="{fifth.key}"' in page.text and fifth.title in page.text
        assert page.text.count('class="rules-tab"') == len(all_rulesets())  # a tab a rule set
        assert 'class="stat-card"' in client.get("/ships/uss-monitor", params={"rules": fifth.key}).text  # its card
        pdf = client.get("/api/vessels/uss-monitor/sheet.pdf", params={"rules": fifth.key})
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        form = client.get("/scenarios/mobile-bay-1864").text
        assert f'name="rules" value="{fifth.key}"' in form and f"<option>{fifth.native_scale}</option>" in form
        started = client.post("/scenarios/mobile-bay-1864/pack", content=urlencode([("rules", fifth.key)]),
                              headers={"Content-Type": "application/x-www-form-urlencoded",
                                       "Origin": "http://testserver"}, follow_redirects=False)
        assert started.status_code == 303
        job = started.headers["location"]
        from conftest import finished_pack

        status = finished_pack(client, job, 400)
        packed = zipfile.ZipFile(io.BytesIO(client.get(job + "/download").content)).namelist()
        assert packed == [f"mobile-bay-1864-{fifth.key}.pdf"]


def test_a_broken_rule_set_folder_is_told_with_its_file_and_line_not_a_traceback(tmp_path):
    broken = tmp_path / "mine"
    broken.mkdir()
    (broken / "__init__.py").write_text('"""My rules."""\n\nRULESET = RuleSet(key="mine",\n', encoding="utf-8")
    run = shipyard("stats", "monitor", "--rules", "mine", cwd=tmp_path, folder=broken)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert "SHIPYARD_RULESETS" in run.stderr and "mine/__init__.py:3" in run.stderr, run.stderr


def test_a_folder_that_is_no_rule_set_or_takes_a_bundled_name_is_refused_in_words(tmp_path):
    from shipyard.rules import get_ruleset
    from shipyard.errors import ShipyardError

    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "__init__.py").write_text("", encoding="utf-8")
    with registered(plain), pytest.raises(ShipyardError, match="defines no RULESET"):
        get_ruleset("x")
    with registered(tmp_path / "nowhere"), pytest.raises(ShipyardError, match="is not a rule-set folder"):
        get_ruleset("x")
    taken = get_ruleset(all_rulesets()[0].key)
    clash = tmp_path / "clash"
    clash.mkdir()
    (clash / "__init__.py").write_text(
        "import dataclasses, importlib\n"
        f"RULESET = dataclasses.replace(importlib.import_module({taken.package!r}).RULESET, title='Mine')\n",
        encoding="utf-8")
    with registered(clash), pytest.raises(ShipyardError, match=f"both called {taken.key!r}"):
        get_ruleset("x")


def _tracked_files() -> list[Path]:
    """The project's files: git's list in a checkout, else every file but hidden folders, caches and output."""
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True)
    if listed.returncode == 0:
        return [REPO / name for name in listed.stdout.splitlines()]
    skip = {"__pycache__", "output"}
    return [p for p in REPO.rglob("*") if p.is_file()
            and not any(part.startswith(".") or part in skip for part in p.relative_to(REPO).parts)]


def _words(names) -> re.Pattern:
    """Any of names as a word; a name of two letters (an alias such as an abbreviation, which is also what code
    calls a rule set in a variable) only where it is given as a value: quoted, or after --rules or rules=."""
    long = [re.escape(n) for n in names if len(n) > 2]
    short = "|".join(re.escape(n) for n in names if len(n) <= 2)
    given = [rf"(?<=['\"`])({short})(?=['\"`])", rf"(?<=--rules[ =])({short})\b", rf"(?<=rules=)({short})\b"] if short else []
    return re.compile("|".join([r"(?<![\w-])(" + "|".join(long) + r")(?![\w-])", *given]), re.IGNORECASE)


def test_no_file_outside_its_folder_names_the_fifth_rule_set(fifth):
    names = _words([fifth.key, *fifth.aliases, fifth.title, FOLDER.name])
    found = []
    for path in _tracked_files():
        if FOLDER in path.parents or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [f"{path.relative_to(REPO)}: {m.group(0)!r}" for m in names.finditer(text)]
    assert not found, found


def _texts_and_names(path: Path) -> tuple[str, str]:
    """A module's words a reader sees (its strings and comments) and its code's names (imports, identifiers)."""
    source = path.read_text(encoding="utf-8")
    texts = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # an f-string's text too, not its code
            texts.append(node.value)
        elif isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names += [getattr(node, "module", None) or "", *(a.name for a in node.names)]
    return "\n".join(texts), " ".join(names).replace(".", " ")


def _short_title(title: str) -> str:
    """What a reader calls a rule set for short: its title up to 'ACW' or a bracket ('Quick Play', 'Smoke on the
    Water'); the title itself when that leaves too little."""
    short = title.split(" ACW")[0].split(" (")[0].strip()
    return short if len(short) > 3 else title


def test_no_module_outside_a_rule_sets_folder_names_any_rule_set():
    """Shared code asks the rule sets (shipyard.rules.contract); it never spells one's key, alias, title or package.
    Words are matched in strings and comments; the packages' own names also among the code's names."""
    bundled = [rs for rs in all_rulesets() if rs.package.startswith("shipyard.rules.")]
    folders = [REPO.joinpath(*rs.package.split(".")) for rs in bundled]
    packages = [rs.package.rsplit(".", 1)[1] for rs in bundled]
    said = _words([n for rs in bundled for n in (rs.key, *rs.aliases, rs.title, _short_title(rs.title))] + packages)
    coded = _words(packages)
    registry = REPO / "shipyard" / "rules" / "__init__.py"
    found = []
    for path in sorted((REPO / "shipyard").rglob("*.py")):
        if path == registry or any(f in path.parents for f in folders):
            continue
        texts, code = _texts_and_names(path)
        found += [f"{path.relative_to(REPO)}: {m.group(0)!r}" for m in [*said.finditer(texts), *coded.finditer(code)]]
    assert not found, found
