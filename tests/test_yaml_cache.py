"""A YAML file read once is kept, keyed on its bytes: the same data and line map come back without parsing,
any change to the file is read afresh, and a bad file or a bad cache entry is never trusted."""

from __future__ import annotations

import os

import pytest

from shipyard.library import yamlfile
from shipyard.errors import ShipyardError
from shipyard.library.yamlfile import read_yaml

TEXT = "id: uss-test\nname: USS Test\nguns:\n  - {kind: 11-in Dahlgren, count: 2}\n2: two\ntrue: yes-key\nspeed: 6.5\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "shipyard" / "yaml"


def _no_parsing(monkeypatch):
    def refuse(text, path):
        raise AssertionError(f"{path} was parsed again")

    monkeypatch.setattr(yamlfile, "parse_yaml", refuse)


def test_a_file_read_again_comes_from_the_cache_with_the_same_data_and_lines(tmp_path, cache, monkeypatch):
    f = tmp_path / "v.yaml"
    f.write_text(TEXT, encoding="utf-8")
    first = read_yaml(f)
    assert len(list(cache.iterdir())) == 1
    _no_parsing(monkeypatch)
    again = read_yaml(f)
    assert again.data == first.data == {"id": "uss-test", "name": "USS Test", "guns": [{"kind": "11-in Dahlgren", "count": 2}],
                                         2: "two", True: "yes-key", "speed": 6.5}
    assert list(again.data) == list(first.data)  # keys keep their order and their types (2 stays an int, true a bool)
    assert again.lines == first.lines and again.line_of(("guns", 0, "count")) == 4
    again.data["guns"].append("changed")  # each read is its own copy
    assert read_yaml(f).data["guns"] == [{"kind": "11-in Dahlgren", "count": 2}]


def test_an_edit_is_read_afresh_even_with_the_same_size_and_time(tmp_path, cache):
    f = tmp_path / "v.yaml"
    f.write_text("speed: 6\n", encoding="utf-8")
    st = f.stat()
    assert read_yaml(f).data == {"speed": 6}
    f.write_text("speed: 7\n", encoding="utf-8")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert read_yaml(f).data == {"speed": 7}


def test_a_bad_file_is_never_kept(tmp_path, cache):
    f = tmp_path / "bad.yaml"
    f.write_text("a: &x 1\nb: *x\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ShipyardError, match="anchors and aliases"):
            read_yaml(f)
    assert not cache.exists() or not list(cache.iterdir())


def test_a_damaged_or_unwritable_cache_is_not_used(tmp_path, cache):
    f = tmp_path / "v.yaml"
    f.write_text(TEXT, encoding="utf-8")
    good = read_yaml(f).data
    (entry,) = cache.iterdir()
    entry.write_bytes(b"\x00not marshal")
    assert read_yaml(f).data == good
    entry.write_bytes(b"garbage")
    cache.chmod(0o500)
    try:
        f.write_text(TEXT + "extra: 1\n", encoding="utf-8")
        assert read_yaml(f).data == {**good, "extra": 1}
    finally:
        cache.chmod(0o700)


def test_the_cache_keeps_a_bounded_number_of_files(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(yamlfile, "CACHE_FILES", 8)
    for i in range(12):
        f = tmp_path / f"v{i}.yaml"
        f.write_text(f"speed: {i}\n", encoding="utf-8")
        assert read_yaml(f).data == {"speed": i}
    kept = list(cache.iterdir())
    assert 6 <= len(kept) <= 8
    assert read_yaml(tmp_path / "v11.yaml").data == {"speed": 11}
