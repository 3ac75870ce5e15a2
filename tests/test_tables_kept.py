"""A process keeps each tables.yaml it has read and checked (rules/tables.py, _bundled_tables), so a pack's many
loads of its rule set's tables cost a copy, not a parse and a check. What the keeping must never do: let one
caller's change to the Tables it got reach another load, serve a tables file or a house-rules file as it was before
an edit, or keep a file that was refused."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from shipyard.errors import ShipyardError
from shipyard.rules import get_ruleset
from shipyard.rules.tables import Table, load_tables

SAUNDERS = get_ruleset("saunders")
KEYS = (SAUNDERS.key, *SAUNDERS.aliases)


def test_a_callers_change_to_its_tables_reaches_no_other_load():
    first = SAUNDERS.tables()
    needed = first.to_hit.rows["needed"]
    first.to_hit.rows["needed"] = needed + 3  # a value deep in a table's rows
    first.hull.rows.clear()  # a table's whole rows, emptied where they stand
    first["to_hit"] = Table("to_hit", "example", {"needed": 1})  # a table replaced
    first.small_target.house_rule = True  # a table's own flag
    again = SAUNDERS.tables()
    assert again.to_hit.rows["needed"] == needed
    assert again.hull.rows and not again.small_target.house_rule
    assert again == load_tables(SAUNDERS.tables_path, None, KEYS)


def test_a_tables_file_edited_between_two_loads_is_read_again(tmp_path):
    own = tmp_path / "tables.yaml"
    shutil.copyfile(SAUNDERS.tables_path, own)
    before = load_tables(own, None, KEYS).to_hit.rows["needed"]
    text = own.read_text(encoding="utf-8")
    assert f"needed: {before}" in text  # the edit below changes the very value read
    own.write_text(text.replace(f"needed: {before}", f"needed: {before + 1}", 1), encoding="utf-8")
    assert load_tables(own, None, KEYS).to_hit.rows["needed"] == before + 1


def test_a_house_rules_file_edited_between_two_loads_is_read_again(tmp_path):
    house = tmp_path / "h.yaml"
    house.write_text("saunders: {to_hit: {rows: {needed: 4}}}\n", encoding="utf-8")
    assert SAUNDERS.tables(house).to_hit.rows["needed"] == 4
    house.write_text("saunders: {to_hit: {rows: {needed: 3}}}\n", encoding="utf-8")
    ruled = SAUNDERS.tables(house)
    assert ruled.to_hit.rows["needed"] == 3 and ruled.to_hit.house_rule
    plain = SAUNDERS.tables()  # and the bundled tables after a house-ruled load are the bundled ones
    assert not plain.to_hit.house_rule and plain.to_hit.rows == ruled.to_hit.bundled


def test_a_refused_tables_file_is_refused_again_after_a_good_load(tmp_path):
    own = tmp_path / "tables.yaml"
    shutil.copyfile(SAUNDERS.tables_path, own)
    good = own.read_text(encoding="utf-8")
    load_tables(own, None, KEYS)
    own.write_text(good + "cut: {provenance: source, rows: {effect: penetrated, roll D66}}\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ShipyardError) as caught:
            load_tables(own, None, KEYS)
        assert "roll D66" in str(caught.value) and "quotes" in str(caught.value)
    own.write_text(good, encoding="utf-8")
    assert load_tables(own, None, KEYS) == SAUNDERS.tables()


def test_more_tables_files_than_are_kept_loaded_from_threads_each_give_their_own(tmp_path):
    """More tables files than are kept, loaded from several threads at once (the web server's): each load is its own
    file's, and what is kept stays within its bound."""
    import threading

    from shipyard.rules import tables as tables_module

    files = []
    for i in range(tables_module._CHECKED_MOST + 8):
        own = tmp_path / f"t{i}.yaml"
        own.write_text(f"to_hit: {{provenance: source, rows: {{needed: {i}}}}}\n", encoding="utf-8")
        files.append((own, i))
    failures = []

    def load_all():
        try:
            for _ in range(3):
                for own, i in files:
                    assert load_tables(own, None, KEYS).to_hit.rows["needed"] == i
        except BaseException as exc:  # noqa: BLE001 - told below
            failures.append(exc)

    threads = [threading.Thread(target=load_all) for _ in range(4)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch as often as they can, so two make room at once
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not failures
    assert len(tables_module._CHECKED) <= tables_module._CHECKED_MOST
