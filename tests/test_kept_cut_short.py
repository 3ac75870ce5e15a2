"""A kept library cut short (a full disk, a copy stopped half way) is not used: the load reads the files again,
and an error that names a line still names it (cache/kept.py keeps the line maps' length after them)."""

from __future__ import annotations

import pytest

from shipyard.library.library import Library

from conftest import keep_bundled_library_in, keep_parsed_yaml_in


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    keep_bundled_library_in(folder)
    keep_parsed_yaml_in(folder)
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(folder))
    return folder / "shipyard" / "library"


@pytest.fixture()
def ships(tmp_path, library):
    folder = tmp_path / "ships"
    folder.mkdir()
    text = library.origin["uss-monitor"].path.read_text(encoding="utf-8")
    (folder / "uss-montauk-test.yaml").write_text(text.replace("id: uss-monitor", "id: uss-montauk-test"),
                                                   encoding="utf-8")
    return folder


@pytest.mark.parametrize("cut", [1, 9, 2000])
def test_a_kept_library_cut_short_in_its_line_maps_is_read_again_from_the_files(cache, ships, cut):
    first = Library.load([ships])
    kept = sorted(cache.glob("*.pickle"))
    assert len(kept) == 2  # the bundled library alone, and what her folder adds to it
    for path in kept:
        blob = path.read_bytes()
        path.write_bytes(blob[:-cut])
    again = Library.load([ships])
    # every file's line map can be read: the bundled Monitor's and her own sister's
    for ship in ("uss-monitor", "uss-montauk-test"):
        assert again.origin[ship].located.lines == first.origin[ship].located.lines
        assert again.origin[ship].located.lines  # (a map of lines, not an empty one)
