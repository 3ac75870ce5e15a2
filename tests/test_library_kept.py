"""The loaded library kept between runs (cache/kept.py): a run with unchanged files skips validating them, and any
change to a file, to the set of files or to the folder it runs in loads everything afresh."""

from __future__ import annotations

import shutil

import pytest

from shipyard.cache import kept as loaded
from shipyard.errors import ShipyardError
from shipyard.library.library import Library
from shipyard.library.model import Vessel


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(folder))
    return folder / "shipyard" / "library"


@pytest.fixture()
def ships(tmp_path, library):
    """A user's folder with one ship of her own: a copy of the bundled Monitor's file under another id."""
    folder = tmp_path / "ships"
    folder.mkdir()
    text = library.origin["uss-monitor"].path.read_text(encoding="utf-8")
    (folder / "uss-montauk-test.yaml").write_text(text.replace("id: uss-monitor", "id: uss-montauk-test")
                                                   .replace("name: USS Monitor", "name: USS Montauk Test"), encoding="utf-8")
    return folder


def _no_validation(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("validated a vessel: the kept library was not used")

    monkeypatch.setattr(Vessel, "model_validate", classmethod(refuse))


def test_an_unchanged_library_is_read_back_without_validating_a_file(cache, ships, monkeypatch):
    first = Library.load([ships])
    assert len(list(cache.glob("*.pickle"))) == 1
    _no_validation(monkeypatch)
    again = Library.load([ships])
    assert again is not first
    assert sorted(again.units) == sorted(first.units) and again.units["uss-montauk-test"] == first.units["uss-montauk-test"]
    assert again.origin["uss-montauk-test"].path == first.origin["uss-montauk-test"].path
    assert again.scenario("mobile-bay-1864").name == first.scenario("mobile-bay-1864").name
    # the scenarios' units as of their dates come along too: the Mobile Bay refits (Galena's armour, the 1864
    # batteries of the ships whose base record is 1862) applied without validating them again
    refitted = [u for _, u in again.scenario_units(again.scenario("mobile-bay-1864")) if u is not again.units[u.id]]
    assert [u.id for u in refitted] == ["uss-brooklyn", "uss-hartford", "uss-richmond", "uss-port-royal",
                                        "uss-kennebec", "uss-itasca", "uss-galena"]


def test_a_kept_library_reads_its_files_lines_only_when_one_is_asked_for(cache, ships, monkeypatch):
    """Each file's data and line map are nearly half a kept library's bytes and a third of the time to read it back;
    a run needs them only to name a line in an error, so they are read when the first is asked for, the same lines."""
    first = Library.load([ships])
    _no_validation(monkeypatch)
    again = Library.load([ships])
    assert again.origin.keys() == first.origin.keys()
    assert not any("lines" in vars(entry.located) or "data" in vars(entry.located) for entry in again.origin.values())
    assert again.origin["uss-montauk-test"].located.line_of(("name",)) == 3  # under a comment line
    for key, entry in first.origin.items():
        assert again.origin[key].located.lines == entry.located.lines, key
        assert again.origin[key].located.data == entry.located.data, key


def test_an_edited_ship_is_loaded_afresh(cache, ships):
    Library.load([ships])
    path = ships / "uss-montauk-test.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: USS Montauk Test", "name: USS Montauk Edited"),
                    encoding="utf-8")
    assert Library.load([ships]).units["uss-montauk-test"].name == "USS Montauk Edited"
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_ship_added_or_removed_is_seen(cache, ships, tmp_path):
    Library.load([ships])
    shutil.copy(ships / "uss-montauk-test.yaml", ships / "uss-second-test.yaml")
    (ships / "uss-second-test.yaml").write_text(
        (ships / "uss-second-test.yaml").read_text(encoding="utf-8").replace("id: uss-montauk-test", "id: uss-second-test"),
        encoding="utf-8")
    assert "uss-second-test" in Library.load([ships]).units
    (ships / "uss-second-test.yaml").unlink()
    assert "uss-second-test" not in Library.load([ships]).units


def test_a_bad_file_is_reported_every_time_and_nothing_is_kept(cache, ships):
    (ships / "uss-montauk-test.yaml").write_text("id: uss-montauk-test\nname: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ShipyardError, match="uss-montauk-test.yaml"):
            Library.load([ships])
    assert not cache.exists() or not list(cache.glob("*.pickle"))


def test_a_damaged_cache_file_is_ignored_and_replaced(cache, ships):
    Library.load([ships])
    (kept,) = cache.glob("*.pickle")
    kept.write_bytes(kept.read_bytes()[:1000])
    assert "uss-montauk-test" in Library.load([ships]).units
    assert kept.stat().st_size > 1000  # written whole again


def test_another_working_folder_keeps_its_own_library(cache, ships, tmp_path, monkeypatch):
    """Paths are shown relative to the folder a command runs in, so a library loaded elsewhere is not reused."""
    Library.load([ships])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    Library.load([ships])
    assert len(list(cache.glob("*.pickle"))) == 2


def test_the_bundled_library_alone_is_one_library_from_any_folder(cache, tmp_path, monkeypatch):
    """Bundled files are shown the same from every folder outside the checkout, so a command run in a new folder reads
    the kept library back (main keyed on the folder: each new folder, and each test's, validated all 160 files)."""
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    monkeypatch.chdir(tmp_path / "one")
    first = Library.load()
    monkeypatch.chdir(tmp_path / "two")
    _no_validation(monkeypatch)
    again = Library.load()
    assert len(list(cache.glob("*.pickle"))) == 1 and sorted(again.units) == sorted(first.units)


def test_a_folder_that_shows_the_files_by_another_path_keeps_its_own_library(cache, ships, tmp_path, monkeypatch):
    """A notice or problem names a user's file as seen from the folder the command runs in: 'ships/x.yaml' from its
    parent, the whole path from elsewhere; what is kept says it as the folder it was loaded in does."""
    replacing = ships / "uss-monitor.yaml"
    replacing.write_text((ships / "uss-montauk-test.yaml").read_text(encoding="utf-8")
                         .replace("id: uss-montauk-test", "id: uss-monitor"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert Library.load([ships]).notices[0].startswith("ships/uss-monitor.yaml replaces")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert Library.load([ships]).notices[0].startswith(f"{replacing} replaces")
    assert len(list(cache.glob("*.pickle"))) == 2


def test_the_models_source_is_part_of_the_key(cache, ships, monkeypatch):
    Library.load([ships])
    monkeypatch.setattr(loaded, "_code_fingerprint", lambda: b"other code")
    Library.load([ships])
    assert len(list(cache.glob("*.pickle"))) == 2


def test_at_most_a_few_libraries_are_kept(cache, ships, monkeypatch):
    """Past the limit the oldest go. The limit is made 2 here: each library loaded is a cold load of every file, and
    eleven of them (8 + 3) were the file's slowest test; the pruning is the same code whatever the number."""
    monkeypatch.setattr(loaded, "KEPT_AT_MOST", 2)
    path = ships / "uss-montauk-test.yaml"
    text = path.read_text(encoding="utf-8")
    for i in range(loaded.KEPT_AT_MOST + 2):
        path.write_text(text.replace("name: USS Montauk Test", f"name: USS Montauk {i}"), encoding="utf-8")
        Library.load([ships])
    assert len(list(cache.glob("*.pickle"))) == loaded.KEPT_AT_MOST
    _no_validation(monkeypatch)  # the newest is one of those kept
    assert Library.load([ships]).units["uss-montauk-test"].name == f"USS Montauk {loaded.KEPT_AT_MOST + 1}"


def test_a_pydantic_upgrade_makes_a_new_key(cache, ships, monkeypatch):
    import pydantic

    Library.load([ships])
    loaded._code_fingerprint.cache_clear()
    monkeypatch.setattr(pydantic, "VERSION", "0.0.1")
    try:
        Library.load([ships])
    finally:
        loaded._code_fingerprint.cache_clear()
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_file_saved_while_the_library_loads_is_not_kept(cache, ships, monkeypatch):
    """An editor saving a ship between the key's reading and the load's: what was loaded may be neither version, so
    it is not kept under either."""
    from shipyard.library import library as library_module

    path = ships / "uss-montauk-test.yaml"
    real = library_module.read_yaml

    def saved_meanwhile(p):
        got = real(p)
        if p == path:
            path.write_text(path.read_text(encoding="utf-8").replace("USS Montauk Test", "USS Montauk Saved"),
                            encoding="utf-8")
        return got

    monkeypatch.setattr(library_module, "read_yaml", saved_meanwhile)
    Library.load([ships])
    assert not cache.exists() or not list(cache.glob("*.pickle"))
    monkeypatch.setattr(library_module, "read_yaml", real)
    assert Library.load([ships]).units["uss-montauk-test"].name == "USS Montauk Saved"


def test_the_key_resolves_each_folder_once_and_every_path_as_resolve_does(cache, ships, tmp_path, monkeypatch):
    """The key names each file by its real path: resolving every file looked at each folder of its path again
    (~970 lstat calls for the bundled library's 162 files, 4 ms of every command's start). A file or folder that is
    a link, or a link to nothing, is resolved as Path.resolve() has it."""
    import os

    from shipyard.library import library as library_module
    from shipyard.paths import library_dir

    looked = []
    real_lstat = os.lstat
    monkeypatch.setattr(os, "lstat", lambda p, *a, **k: looked.append(p) or real_lstat(p, *a, **k))
    files = library_module.library_files([library_dir()])
    assert library_module._files_key([library_dir()]) is not None
    # counted apart, so that neither how deep the checkout lies nor another thread's look moves the bound: the
    # library's own files and folders about once each (resolving each file's whole path again made ~3 a file), and
    # each folder above it a few times at most
    root, above = str(library_dir()), {str(a) for a in library_dir().parents}
    inside = [p for p in looked if str(p) == root or str(p).startswith(root + os.sep)]
    assert len(inside) < len(files) + 30, len(inside)
    assert sum(str(p) in above for p in looked) <= 8 * len(above), looked
    monkeypatch.setattr(os, "lstat", real_lstat)

    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "more").mkdir(parents=True)
    (elsewhere / "more" / "uss-linked-test.yaml").write_text("id: uss-linked-test\n", encoding="utf-8")
    (ships / "linked.yaml").symlink_to(elsewhere / "more" / "uss-linked-test.yaml")
    (ships / "folder").symlink_to(elsewhere / "more", target_is_directory=True)
    (ships / "nothing.yaml").symlink_to(tmp_path / "gone.yaml")
    paths = library_module.library_files([ships]) + [ships / "folder" / "uss-linked-test.yaml", ships / "."]
    assert library_module._real_paths(paths) == [(p, str(p.resolve())) for p in paths]
