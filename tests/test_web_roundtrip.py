"""The editor's in-place edit of a file's text (shipyard.web.roundtrip): only what changed is rewritten."""

from __future__ import annotations

from pathlib import Path

import yaml

from shipyard.web.roundtrip import edited

BUNDLED = Path(__file__).resolve().parents[1] / "vessels"


def test_an_unchanged_form_gives_bundled_vessel_files_back_byte_for_byte():
    every = sorted(BUNDLED.glob("us*/*.yaml")) + sorted(BUNDLED.glob("cs*/*.yaml"))
    for path in every[::8]:  # one in eight (all of them: 3.5 s, each alike in layout)
        text = path.read_text()
        data = yaml.safe_load(text)
        assert edited(text, data, data) == text, path.name


def test_a_changed_field_rewrites_its_line_only_and_keeps_its_comment():
    text = "id: x\n# my notes\nspeed_kn: 12.0   # trial speed, 1864\ncrew: 100\n# the end\n"
    before = yaml.safe_load(text)  # the comment keeps its column
    assert edited(text, before, {**before, "speed_kn": 9.5}) == text.replace("12.0   #", "9.5    #")


def test_a_removed_field_takes_only_its_own_line_and_the_comments_under_it_stay():
    text = "id: x\nname: X\ncrew: 100   # muster roll\n# a note of mine\nnotes: n\n"
    before = yaml.safe_load(text)
    after = {k: v for k, v in before.items() if k != "crew"}
    assert edited(text, before, after) == "id: x\nname: X\n# a note of mine\nnotes: n\n"


def test_rows_are_matched_by_content_a_new_row_takes_the_lists_style():
    text = ("armament:\n  - {gun: a, count: 1, mounting: pivot}   # the bow gun\n"
            "  - {gun: b, count: 2, mounting: broadside}\n  - {gun: c, count: 4, mounting: deck}\n")
    before = yaml.safe_load(text)
    rows = before["armament"]
    after = {"armament": [rows[0], rows[2], {"gun": "d", "count": 1, "mounting": "pivot", "note": "x: y"}]}
    assert edited(text, before, after) == (
        "armament:\n  - {gun: a, count: 1, mounting: pivot}   # the bow gun\n  - {gun: c, count: 4, mounting: deck}\n"
        "  - {gun: d, count: 1, mounting: pivot, note: 'x: y'}\n")


def test_new_text_is_quoted_where_pyyaml_would_read_it_otherwise():
    """ruamel writes YAML 1.2, where `{url: https://x}` is a plain URL; PyYAML (shipyard's reader) refuses it."""
    text = "sources:\n  - {url: 'https://a.example', covers: all}\n"
    before = yaml.safe_load(text)
    after = {"sources": [{"url": "https://b.example/x_(1863)", "covers": "all"}, {"url": "https://c.example", "covers": "yes"}]}
    out = edited(text, before, after)
    assert yaml.safe_load(out) == after


def test_a_sisters_value_stays_hers_unless_changed():
    text = "id: x\nlike: y\n"
    before = {"id": "x", "like": "y", "speed_kn": 12.5, "crew": 100}
    inherited = frozenset({"speed_kn", "crew"})
    assert edited(text, before, before, inherited) == text
    assert edited(text, before, {**before, "speed_kn": 13.0}, inherited) == text + "speed_kn: 13.0\n"
    cleared = {k: v for k, v in before.items() if k != "crew"}
    assert yaml.safe_load(edited(text, before, cleared, inherited))["crew"] is None  # emptied, not hers again


def test_a_file_with_a_yaml_tag_is_not_edited():
    import pytest

    for text in ("id: x\narmament: !!python/object/apply:os.system [ls]\n", "id: x\nname: !foo X\n"):
        before = {"id": "x"}
        with pytest.raises(ValueError, match="YAML tag"):
            edited(text, before, {"id": "y"})
