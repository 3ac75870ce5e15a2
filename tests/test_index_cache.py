"""The cached library index behind `shipyard vessels`: same answer as a full load, never stale."""

from __future__ import annotations

import json
import time

from shipyard.cache import index
from shipyard.library.library import Library
from test_library_errors import GOOD, write


def test_cached_rows_equal_a_full_load(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path / "cache"))
    first = index.load_rows()
    assert list((tmp_path / "cache" / "shipyard").glob("index-*.json"))
    assert index.load_rows() == first == index.rows_from(Library.load())


def test_an_edited_user_file_is_validated_again_not_served_from_cache(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path / "cache"))  # the CLI subprocess inherits it
    lib = tmp_path / "mine"
    path = write(lib, GOOD)
    run = cli("vessels", "--json", "--library", lib)
    assert run.code == 0, run.err
    assert "uss-test-boat" in {r["id"] for r in json.loads(run.out)}
    time.sleep(0.01)
    path.write_text(GOOD.replace("beam_ft: 28", "bream_ft: 28"), encoding="utf-8")
    again = cli("vessels", "--json", "--library", lib)
    assert again.code == 0  # the list goes on without the file that no longer loads, and says why
    assert "uss-test-boat.yaml: beam_ft" in again.err and "left out" in again.err
    assert "uss-test-boat" not in {r["id"] for r in json.loads(again.out)}


def test_an_unwritable_cache_is_simply_not_used(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(blocker))
    assert index.load_rows() == index.rows_from(Library.load())
