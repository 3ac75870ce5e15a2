"""`shipyard validate` refuses what cannot be true or cannot be printed, each with the file, line and field and what
was expected, in the user's words (no pydantic phrasing). One validate run over a folder of such files, through the
real `shipyard` script; each test reads its own lines of that run."""

from __future__ import annotations

from pathlib import Path

import pytest

from console_script import shipyard

VESSELS = Path(__file__).resolve().parent.parent / "vessels"
MONITOR = (VESSELS / "usn" / "uss-monitor.yaml").read_text(encoding="utf-8")


def monitor_as(vid: str, name: str, *changes: tuple[str, str], tail: str = "") -> str:
    text = MONITOR.replace("id: uss-monitor", f"id: {vid}", 1).replace("name: USS Monitor", f"name: {name}", 1)
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    return text + tail


FILES = {
    "uss-early.yaml": monitor_as("uss-early", "USS Early", ("commissioned: '1862-02-25'", "commissioned: '1861-12'"),
                                 tail="refits:\n  - {date: '1861-11-02', note: 'too soon', speed_kn: 5}\n"),
    "wrong-night.yaml": "id: wrong-night\nname: Wrong night\nplace: Mobile Bay\ndate: '1864-08-05'\nsides:\n"
                        "  - {name: Union, navy: USN, units: [{id: css-tennessee}]}\n"
                        "  - {name: union, navy: CSN, units: [{id: uss-hartford}]}\n",
    "uss-bidi.yaml": monitor_as("uss-bidi", '"USS \\u202eRotinom"'),
    "uss-esc.yaml": monitor_as("uss-esc", "USS Esc", ("class: Monitor", 'class: "Mon\\e[5mitor"')),
    "uss-kanji.yaml": monitor_as("uss-kanji", "USS 中 Monitor", ("class: Monitor", 'class: "Monitor 🚢"')),
    "uss-bad-id.yaml": monitor_as("USS_Bad", "USS Bad"),
    "empty-night.yaml": "id: empty-night\nname: Empty night\nplace: Mobile Bay\ndate: '1864-08-05'\nsides:\n"
                        "  - {name: Union, navy: USN, units: []}\n"
                        "  - {name: Confederate, navy: CSN, units: [{id: css-tennessee}]}\n",
    "uss-long.yaml": monitor_as("uss-long", "USS " + "B" * 77),
    # a prize on her captors' side, as her own file records her capture: accepted
    "prize-night.yaml": "id: prize-night\nname: Prize night\nplace: Memphis\ndate: '1863-01-10'\nsides:\n"
                        "  - {name: Union, navy: USN, units: [{id: css-general-sterling-price}]}\n"
                        "  - {name: Confederate, navy: CSN, units: [{id: css-arkansas, as_of: '1862-07-15'}]}\n",
}


@pytest.fixture(scope="module")
def errors(tmp_path_factory) -> list[str]:
    root = tmp_path_factory.mktemp("club")
    (root / "ships").mkdir()
    for name, text in FILES.items():
        (root / "ships" / name).write_text(text, encoding="utf-8")
    run = shipyard("validate", cwd=root)
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    return run.stderr.decode().splitlines()


def line_of(name: str, key: str) -> int:
    return next(i for i, line in enumerate(FILES[name].splitlines(), 1) if line.lstrip(" -{").startswith(key))


def said(errors: list[str], start: str, *words: str) -> bool:
    return any(e.startswith("error: " + start) and all(w in e for w in words) for e in errors)


def test_commissioned_before_launched_is_refused(errors):
    assert said(errors, f"ships/uss-early.yaml:{line_of('uss-early.yaml', 'commissioned')}: commissioned: 1861-12 is before "
                        "she was launched (1862-01-30)")


def test_a_refit_before_launch_is_refused(errors):
    assert said(errors, f"ships/uss-early.yaml:{line_of('uss-early.yaml', 'date:')}: refits[0].date: 1861-11-02 is before "
                        "she was launched")


def test_a_ship_on_the_other_navy_s_side_is_refused(errors):
    assert said(errors, "ships/wrong-night.yaml:6: sides[0].units[0].id: css-tennessee (CSS Tennessee) is CSN",
                "side 'Union' is USN", "refit")
    assert said(errors, "ships/wrong-night.yaml:7: sides[1].units[0].id: uss-hartford")


def test_a_prize_her_file_records_may_serve_her_captors(errors):
    assert not any("prize-night" in e for e in errors)


def test_two_sides_of_one_name_are_refused(errors):
    assert said(errors, "ships/wrong-night.yaml:7: sides[1].name: two sides named 'union'")


@pytest.mark.parametrize("name, field, shown", [("uss-bidi.yaml", "name", "\\u202e"), ("uss-esc.yaml", "class", "\\x1b")])
def test_control_and_override_characters_in_names_are_refused(errors, name, field, shown):
    assert said(errors, f"ships/{name}:{line_of(name, field + ':')}: {field}: holds", shown, "printable text")


def test_names_no_bundled_font_can_print_are_refused_at_validate(errors):
    assert said(errors, "ships/uss-kanji.yaml:3: name: no bundled font can print it: U+4E2D")
    assert said(errors, "ships/uss-kanji.yaml:6: class: no bundled font can print it: U+1F6A2")


def test_pydantic_phrasing_does_not_reach_the_user(errors):
    assert said(errors, "ships/uss-bad-id.yaml:2: id: expected an id: lower-case letters and digits", "uss-hartford")
    assert said(errors, "ships/empty-night.yaml:6: sides[0].units: needs at least one entry, has none")
    assert said(errors, "ships/uss-long.yaml:3: name: is 81 characters long; at most 80 are allowed")
    assert not any("should" in e or "after validation" in e or "^[a-z0-9]" in e for e in errors), errors
