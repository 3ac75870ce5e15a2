"""The loaded library kept between runs (cache/kept.py): a run with unchanged files skips validating them, and any
change to a file, to the set of files or to the folder it runs in loads everything afresh."""

from __future__ import annotations

import shutil

import pytest

from shipyard.cache import kept as loaded
from shipyard.errors import ShipyardError
from shipyard.library.library import Library
from shipyard.library.model import Vessel

from conftest import bundled_library_pickle, keep_bundled_library_in, keep_parsed_yaml_in, kept_with_users_files


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    """A cache of the test's own, holding the bundled library and its files' YAML parses as a user's does after her
    first command (a load that reads every bundled file again, in a folder or under a key the kept one is not for,
    then validates them without parsing each: what a user's cache does too)."""
    folder = tmp_path / "cache"
    keep_bundled_library_in(folder)
    keep_parsed_yaml_in(folder)
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
    assert len(kept_with_users_files(cache)) == 1
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
    assert len(kept_with_users_files(cache)) == 2


def test_an_edited_ship_keeps_only_what_her_files_add_to_the_bundled_library(cache, ships):
    """After she edits one of her ships, the load kept the whole library again: every bundled file's line maps read
    back to be pickled with it (some 40 % of the load). Her files are kept apart, on the bundled library kept as it
    is: a layer a small part of its size, the bundled files' lines never read."""
    from shipyard.paths import is_bundled

    Library.load([ships])
    path = ships / "uss-montauk-test.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: USS Montauk Test", "name: USS Montauk Edited"),
                    encoding="utf-8")
    before = set(cache.glob("*.pickle"))
    edited = Library.load([ships])
    assert edited.units["uss-montauk-test"].name == "USS Montauk Edited"
    bundled = [entry.located for entry in edited.origin.values() if is_bundled(entry.path)]
    assert len(bundled) > 100 and not any("lines" in vars(located) for located in bundled)
    (layer,) = set(cache.glob("*.pickle")) - before
    alone = bundled_library_pickle().stat().st_size  # (the cache's: SHIPYARD_CACHE_DIR names it)
    assert layer.stat().st_size * 10 < alone, (layer.stat().st_size, alone)


def test_two_loads_at_once_after_an_edit_leave_one_whole_layer(cache, ships, monkeypatch):
    """Two commands she starts together after an edit (two forked copies, let go at once) each keep what her files
    add, under the same name: the one renamed into place last is whole, no part file is left, and the next load reads
    it back without validating a file."""
    from forking import Forked, Gate

    Library.load([ships])
    path = ships / "uss-montauk-test.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: USS Montauk Test", "name: USS Montauk Edited"),
                    encoding="utf-8")
    before = set(cache.iterdir())
    gate = Gate()
    copies = [Forked("load", prepare=gate.wait, run=lambda: Library.load([ships], set_aside=True)) for _ in range(2)]
    gate.open()
    for copy in copies:
        _, err = copy.communicate(timeout=60)
        assert copy.returncode == 0, err
    (layer,) = set(cache.iterdir()) - before  # one file, and no part file beside it
    assert layer.name.endswith(".over.pickle")
    _no_validation(monkeypatch)
    again = Library.load([ships])
    assert again.units["uss-montauk-test"].name == "USS Montauk Edited"
    assert again.origin["uss-montauk-test"].located.line_of(("name",)) == 3  # (the lines: the layer's last pickle)


def test_her_files_kept_on_the_bundled_library_read_back_as_the_library_read_whole(cache, ships, monkeypatch):
    """What a layer keeps (her ships like bundled ones and her own, her scenario of bundled and her ships, her gun, a
    house-rules file, a link to a bundled file) reads back, with the bundled library kept, as the library loaded."""
    from shipyard.library import library as library_module

    _write(ships, USERS_FOLDERS["refers to bundled"])
    (ships / "linked.yaml").symlink_to(library_module.library_dir() / "usn" / "uss-hartford.yaml")
    first = Library.load([ships], set_aside=True)
    assert len(kept_with_users_files(cache)) == 1
    _no_validation(monkeypatch)
    again = Library.load([ships], set_aside=True)
    assert again is not first and _told(again) == _told(first)


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
    assert not kept_with_users_files(cache)


def test_a_damaged_cache_file_is_ignored_and_replaced(cache, ships):
    Library.load([ships])
    (kept,) = kept_with_users_files(cache)
    kept.write_bytes(kept.read_bytes()[:1000])
    assert "uss-montauk-test" in Library.load([ships]).units
    assert kept.stat().st_size > 1000  # written whole again


def _no_unpickling(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("unpickled a kept library again: the one read in this process was not remembered")

    monkeypatch.setattr(loaded, "_unpickled", refuse)


def test_a_kept_library_read_once_in_a_process_is_not_unpickled_again(cache, ships, monkeypatch):
    """The web server, and a test run's in-process commands, load the library again and again: each load unpickled
    its kept file afresh (pydantic's __setstate__ for every model: 615 reads, 1.57 M calls in a profile of the suite).
    Read once, it is remembered under its file; the next load of the same files costs the key only."""
    Library.load([ships])  # validated and kept (the bundled library alone read back from the cache, and remembered)
    first = Library.load([ships])  # her layer read back from the cache
    _no_unpickling(monkeypatch)
    _no_validation(monkeypatch)
    again, alone = Library.load([ships]), Library.load()
    assert again is not first and _told(again) == _told(first)
    assert sorted(alone.units) == sorted(set(again.units) - {"uss-montauk-test"})


def test_what_one_load_changes_in_its_library_no_other_load_sees(cache, ships, tmp_path, monkeypatch):
    """Each load of a remembered library is handed a copy whose containers are its own: one command or page changes its
    library as the code does (a notice, a house-rules file met, a file left out, a unit as of a date, a scenario file
    of hers read, a pack's notices put in order, the editor's trial taking an entry out) and the next load has none of
    it; it tells what a new process reads from the kept file."""
    Library.load([ships])
    before = _told(Library.load([ships]))
    changed = Library.load([ships])
    mine = tmp_path / "my-bay.yaml"
    mine.write_text(changed.origin["scenario:mobile-bay-1864"].path.read_text(encoding="utf-8")
                    .replace("id: mobile-bay-1864", "id: my-bay"), encoding="utf-8")
    changed.notices.append("one command's notice")
    changed.notices[:] = sorted(changed.notices)  # (as a pack puts them in order: pack/many.py)
    changed.skipped.append(tmp_path / "house-rules.yaml")
    changed.broken["uss-left-out"] = []
    changed.unit_as_of("uss-hartford", "1862-06")
    assert changed.scenario(str(mine)).id == "my-bay"
    del changed.origin["uss-monitor"], changed.units["uss-monitor"]
    changed.ordnance.clear()
    changed._aliases.clear()
    changed.__dict__["_torpedo_densities"] = {}

    again = Library.load([ships])
    assert _told(again) == before
    assert ("uss-hartford", "1862-06") not in again._as_of and again.__dict__["_torpedo_densities"]
    loaded.forget_read()  # as a new process has it: read from the kept file again
    assert _told(Library.load([ships])) == before


def test_a_remembered_library_whose_kept_file_is_gone_is_read_and_kept_again(cache, ships):
    """What is remembered is the library of a kept file as long as that file is the one read: a cache emptied (or a
    file kept again) is read again, so that the next command finds it kept."""
    Library.load([ships])
    Library.load([ships])
    for kept in cache.glob("*.pickle"):
        kept.unlink()
    assert "uss-montauk-test" in Library.load([ships]).units
    assert len(kept_with_users_files(cache)) == 1


def _settled_stat(monkeypatch, ago_ns: int) -> None:
    """os.stat as a file system whose clock ticks once in a long while has it: every file's modified and changed times
    `ago_ns` before now, whatever is written (an edit of the same size within one tick of its clock)."""
    import os
    import time

    real = os.stat
    at = time.time_ns() - ago_ns

    def stat(path, *a, **k):
        st = real(path, *a, **k)
        fields = list(st)
        fields[8] = fields[9] = at // 1_000_000_000  # (st_mtime, st_ctime)
        return os.stat_result(fields, {"st_mtime_ns": at, "st_ctime_ns": at, "st_atime_ns": st.st_atime_ns})

    monkeypatch.setattr(os, "stat", stat)


def test_a_settled_file_is_not_read_again_for_the_key_while_its_stat_is_the_same(cache, ships, monkeypatch):
    """Each load's key read every file's bytes (some 160 bundled ones: 119,851 reads in a run of the suite). A file
    whose stat is the one it had when read, and which had settled then (last changed longer ago than any file system's
    clock step), is the same file: only its stat is looked at."""
    from shipyard.library import library as library_module
    from shipyard.paths import library_dir

    _settled_stat(monkeypatch, 3600 * 10**9)
    first = library_module._files_key([library_dir(), ships])
    read = []
    real = library_module.read_file_bytes
    monkeypatch.setattr(library_module, "read_file_bytes", lambda p, *a, **k: read.append(p) or real(p, *a, **k))
    assert library_module._files_key([library_dir(), ships]) == first and read == []


def test_an_edit_of_the_same_size_within_one_tick_of_the_clock_is_seen(cache, ships, monkeypatch):
    """A file changed lately is read every time: an edit that keeps its size, made within the same tick of a coarse file
    system clock, leaves its stat as it was, and only its bytes tell. (Taken by its stat, it was missed.)"""
    _settled_stat(monkeypatch, 0)
    path = ships / "uss-montauk-test.yaml"
    assert Library.load([ships]).units["uss-montauk-test"].name == "USS Montauk Test"
    Library.load([ships])  # (read back from the kept file: remembered)
    path.write_text(path.read_text(encoding="utf-8").replace("USS Montauk Test", "USS Montauk Tess"), encoding="utf-8")
    assert Library.load([ships]).units["uss-montauk-test"].name == "USS Montauk Tess"


def test_the_files_listed_as_text_are_the_files_and_order_rglob_gives(tmp_path):
    """The key lists a folder's files as text (os.scandir), not as Paths (rglob's parsing and sorting were a third of
    a load of a kept library): the same files in the same order, a folder part by part ('a' before 'a-b'), every .yaml
    before every .yml, nothing hidden, no linked folder followed, a link to a file or to nothing listed."""
    from shipyard.library import library as library_module

    tree = tmp_path / "tree"
    for name in ["a/x.yaml", "a-b/x.yaml", "a.b/x.yaml", ".hidden/h.yaml", "z/.hidden/q.yaml", "z/ok.yml", "z/ok.yaml",
                 ".hidden.yaml", "folder.yaml/in.yaml", "B/c.yaml", "Z.yaml", "a.yaml", "real/r.yaml", "x.YAML"]:
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text("id: x\n", encoding="utf-8")
    (tree / "linked").symlink_to(tree / "real", target_is_directory=True)
    (tree / "linked.yaml").symlink_to(tree / "real", target_is_directory=True)
    (tree / "nothing.yaml").symlink_to(tree / "gone.yaml")
    (tree / "file.yaml").symlink_to(tree / "a" / "x.yaml")
    for folder in [tree, tmp_path / "tree" / "." / "z" / "..", tree / "a" / "x.yaml"]:
        rglob = [folder] if folder.is_file() else [
            p for p in sorted(folder.rglob("*.yaml")) + sorted(folder.rglob("*.yml"))
            if not any(part.startswith(".") for part in p.relative_to(folder).parts)]
        assert library_module.library_files([folder]) == rglob
        assert library_module._file_names(folder) == [str(p) for p in rglob]


def test_another_working_folder_keeps_its_own_library(cache, ships, tmp_path, monkeypatch):
    """Paths are shown relative to the folder a command runs in, so a library loaded elsewhere is not reused."""
    Library.load([ships])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    Library.load([ships])
    assert len(kept_with_users_files(cache)) == 2


def test_the_bundled_library_alone_is_one_library_from_any_folder(cache, tmp_path, monkeypatch):
    """Bundled files are shown the same from every folder outside the checkout, so a command run in a new folder reads
    the kept library back (main keyed on the folder: each new folder, and each test's, validated all 160 files)."""
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    before = set(cache.glob("*.pickle"))  # the checkout's, as the cache fixture keeps it
    monkeypatch.chdir(tmp_path / "one")
    first = Library.load()
    monkeypatch.chdir(tmp_path / "two")
    _no_validation(monkeypatch)
    again = Library.load()
    assert len(set(cache.glob("*.pickle")) - before) == 1 and sorted(again.units) == sorted(first.units)


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
    assert len(kept_with_users_files(cache)) == 2


def test_the_models_source_is_part_of_the_key(cache, ships, monkeypatch):
    Library.load([ships])
    monkeypatch.setattr(loaded, "_code_fingerprint", lambda: b"other code")
    Library.load([ships])
    assert len(kept_with_users_files(cache)) == 2


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
    assert len(kept_with_users_files(cache)) == 2


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
    assert not kept_with_users_files(cache)
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


# -- a user's folder read on the kept bundled library ----------------------------------------------------------------


def _counting_validation(monkeypatch) -> list[str]:
    validated = []
    real = Vessel.model_validate.__func__

    def counted(cls, data, *a, **k):
        validated.append(data.get("id") if isinstance(data, dict) else data)
        return real(cls, data, *a, **k)

    monkeypatch.setattr(Vessel, "model_validate", classmethod(counted))
    return validated


def test_a_users_folder_is_read_on_the_kept_bundled_library_validating_only_her_files(cache, ships, monkeypatch):
    """A load with a user's folder validated the bundled library's 160 files again with her one (~0.3 s of every
    command and page after she saves a ship); the bundled library alone, kept, is validated already."""
    validated = _counting_validation(monkeypatch)
    lib = Library.load([ships])
    assert validated == ["uss-montauk-test"]
    assert lib.units["uss-montauk-test"].name == "USS Montauk Test" and "uss-monitor" in lib.units


def _told(lib: Library) -> dict:
    """Everything a loaded library tells, in the order it tells it."""
    return {
        "units": [(k, u.model_dump(by_alias=True)) for k, u in lib.units.items()],
        "origin": [(k, str(e.path), e.obj.id, e.located.lines) for k, e in lib.origin.items()],
        "scenarios": [(k, s.model_dump(by_alias=True)) for k, s in lib.scenarios.items()],
        "ordnance": [(k, g.model_dump(by_alias=True)) for k, g in lib.ordnance.items()],
        "aliases": list(lib._aliases.items()), "notices": lib.notices, "skipped": [str(p) for p in lib.skipped],
        "broken": {k: [str(p) for p in v] for k, v in lib.broken.items()},
        "as of": {s: [(side, u.model_dump(by_alias=True)) for side, u in lib.scenario_units(lib.scenarios[s])]
                  for s in lib.scenarios if not any(u.id in lib.broken for side in lib.scenarios[s].sides for u in side.units)},
    }


MONITOR_LIKE = "id: {id}\nname: {name}\nlike: {like}\n"
SCENARIO = """id: {id}
name: A fight of one's own
date: '1862-03-09'
place: Hampton Roads
sides:
  - name: Union
    navy: USN
    units: [{{id: {union}}}]
  - name: Confederate
    navy: CSN
    units: [{{id: css-virginia}}]
"""
GUN = """ordnance:
  - {id: test-gun-9in, name: 9-inch test gun, aliases: [test nine], kind: smoothbore, maker: Dahlgren, calibre_in: 9,
     shot_lb: 90, shell_lb: 73, tube_weight_lb: 9200, range_yd: 3450, sources: [{url: 'https://example.org', covers: all}]}
"""


def _write(folder, files: dict) -> None:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


USERS_FOLDERS = {
    # her own ships on the bundled ones: like a bundled ship, like a ship of hers that is like a bundled one, a
    # scenario with bundled and her ships, a gun of her own, a house-rules file, a link to a bundled ship's file
    "refers to bundled": {
        "uss-montauk-b.yaml": MONITOR_LIKE.format(id="uss-montauk-b", name="USS Montauk B", like="uss-montauk-test"),
        "uss-passaic-test.yaml": MONITOR_LIKE.format(id="uss-passaic-test", name="USS Passaic Test", like="uss-monitor"),
        "uss-passaic-b.yaml": MONITOR_LIKE.format(id="uss-passaic-b", name="USS Passaic B", like="uss-passaic-test")
        + "armament: [{gun: test nine, count: 2, mounting: turret, turret: main}]\n",
        "my-fight.yaml": SCENARIO.format(id="my-fight", union="uss-passaic-b"),
        "ordnance.yaml": GUN,
        "house.yaml": "saunders:\n  to_hit:\n    rows: {needed: 4}\n",
    },
    # a ship of hers in place of a bundled one, that a scenario of hers names (every file is read again then)
    "shadows bundled": {
        "uss-monitor.yaml": MONITOR_LIKE.format(id="uss-monitor", name="USS Monitor Mine", like="uss-montauk-test"),
        "my-fight.yaml": SCENARIO.format(id="my-fight", union="uss-monitor"),
    },
    # files that do not load, left out: bad YAML, a gun nobody has, a sister that is not there, a cycle, a scenario
    # naming a ship left out, a gun file with a name another gun has
    "broken": {
        "uss-bad-yaml.yaml": "id: uss-bad-yaml\nname: [unclosed\n",
        "uss-no-gun.yaml": "id: uss-no-gun\nname: USS No Gun\nlike: uss-monitor\narmament: [{gun: nonesuch-gun, count: 1, mounting: turret, turret: main}]\n",
        "uss-no-sister.yaml": MONITOR_LIKE.format(id="uss-no-sister", name="USS No Sister", like="uss-nobody"),
        "uss-round-a.yaml": MONITOR_LIKE.format(id="uss-round-a", name="USS Round A", like="uss-round-b"),
        "uss-round-b.yaml": MONITOR_LIKE.format(id="uss-round-b", name="USS Round B", like="uss-round-a"),
        "their-fight.yaml": SCENARIO.format(id="their-fight", union="uss-no-gun"),
        "ordnance.yaml": GUN.replace("test nine", "dahlgren 9in"),
    },
}


def _loaded(folder, collect: bool):
    """What a load of the bundled library and this folder tells: its library, or (collect) every problem found
    and what did load."""
    try:
        lib = Library.load([folder], set_aside=not collect, collect=collect)
    except ShipyardError as exc:
        assert collect, exc
        return [str(p) for p in exc.problems], _told(exc.loaded)
    return [], _told(lib)


@pytest.mark.parametrize("collect", [False, True], ids=["set aside", "collect"])
@pytest.mark.parametrize("folder", list(USERS_FOLDERS))
def test_a_library_read_on_the_kept_bundled_one_is_the_one_read_whole(cache, ships, folder, collect, tmp_path,
                                                                      monkeypatch):
    """Her files read on the kept bundled library make the very library every file read afresh makes: the same
    units, scenarios, guns, notices and files left out, each in the same order, each line where it was; `validate`
    (collect) the same problems in the same order. (A ship of hers in place of a bundled one has every file read.)"""
    from shipyard.library import library as library_module

    _write(ships, USERS_FOLDERS[folder])
    (ships / "linked.yaml").symlink_to(library_module.library_dir() / "usn" / "uss-hartford.yaml")
    validated = _counting_validation(monkeypatch)
    on_kept = _loaded(ships, collect)
    assert ("uss-hartford" in validated) == (folder == "shadows bundled")
    assert bool(on_kept[0]) == (collect and folder == "broken")
    # every file read and validated again, with no library kept: only the YAML parses (the same data and lines,
    # tests/test_yaml_cache.py), so that each file is not parsed again as well
    keep_parsed_yaml_in(tmp_path / "a cache of no library")
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path / "a cache of no library"))
    monkeypatch.setattr(library_module, "_bundled_base", lambda key: None)
    assert on_kept == _loaded(ships, collect)


def test_bundled_ships_like_another_come_in_the_turn_a_whole_read_gives_them(cache, tmp_path, monkeypatch):
    """A bundled ship `like` another (none is today: a library of three ships stands in for the bundled one) is taken
    from the kept library in the round a whole read would load her, so that hers that are like them, and every dict,
    come out the same."""
    import shutil

    from shipyard import paths
    from shipyard.library import library as library_module

    real = library_module.library_dir()
    bundled = tmp_path / "bundled"
    (bundled / "scenarios").mkdir(parents=True)
    for name in ("ordnance.yaml", "usn/uss-monitor.yaml", "csn/css-virginia.yaml"):
        (bundled / name).parent.mkdir(exist_ok=True)
        shutil.copy(real / name, bundled / name)
    _write(bundled / "usn", {  # uss-aa-like is read first and loads second, after the sister she is like
        "uss-aa-like.yaml": MONITOR_LIKE.format(id="uss-aa-like", name="USS AA Like", like="uss-zz-like"),
        "uss-zz-like.yaml": MONITOR_LIKE.format(id="uss-zz-like", name="USS ZZ Like", like="uss-monitor")})
    _write(bundled / "scenarios", {"bundled-fight.yaml": SCENARIO.format(id="bundled-fight", union="uss-aa-like")})
    for module in (paths, library_module):
        monkeypatch.setattr(module, "library_dir", lambda: bundled)
    ships = tmp_path / "ships"
    ships.mkdir()
    _write(ships, {
        "uss-mine-like.yaml": MONITOR_LIKE.format(id="uss-mine-like", name="USS Mine Like", like="uss-aa-like"),
        "uss-mine.yaml": (real / "usn" / "uss-monitor.yaml").read_text(encoding="utf-8")
        .replace("id: uss-monitor", "id: uss-mine").replace("name: USS Monitor", "name: USS Mine"),
        "my-fight.yaml": SCENARIO.format(id="my-fight", union="uss-mine-like")})

    assert list(Library.load().units) == ["css-virginia", "uss-monitor", "uss-zz-like", "uss-aa-like"]  # kept
    validated = _counting_validation(monkeypatch)
    on_kept = Library.load([ships])
    assert sorted(validated) == ["uss-mine", "uss-mine-like"]
    monkeypatch.setenv("SHIPYARD_CACHE_DIR", str(tmp_path / "a cache of nothing"))
    monkeypatch.setattr(library_module, "_bundled_base", lambda key: None)
    whole = Library.load([ships])
    assert list(whole.units) == ["css-virginia", "uss-monitor", "uss-mine", "uss-zz-like", "uss-aa-like", "uss-mine-like"]
    assert _told(on_kept) == _told(whole)


@pytest.mark.parametrize("cut", [1, 9, 2000])
def test_a_kept_library_cut_short_in_its_line_maps_is_read_again_from_the_files(cache, ships, cut):
    """A kept file cut short (a full disk, a copy stopped half way) is not used: the load reads the files again, and
    an error that names a line still names it (kept.py keeps the line maps' length after them)."""
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
