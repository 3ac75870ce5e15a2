"""What every `shipyard` command pays before it starts its work."""

from __future__ import annotations

import os

from console_script import shipyard

PLUGIN = """
import os
open(os.environ["PLUGIN_LOADED_AT"], "w").close()

class Plugin:
    def new_schema_validator(self, *args, **kwargs):
        return None, None, None

plugin = Plugin()
"""


def _with_a_pydantic_plugin(tmp_path):
    """A distribution offering a pydantic plugin, on PYTHONPATH: importing it leaves a file behind."""
    site = tmp_path / "site"
    (site / "spy_plugin-1.0.dist-info").mkdir(parents=True)
    (site / "spy_plugin.py").write_text(PLUGIN, encoding="utf-8")
    info = site / "spy_plugin-1.0.dist-info"
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spy-plugin\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pydantic]\nspy = spy_plugin:plugin\n", encoding="utf-8")
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])),
            "PLUGIN_LOADED_AT": str(tmp_path / "loaded")}


def test_a_command_does_not_look_for_pydantic_plugins_unless_the_user_asks(tmp_path):
    """Looking for pydantic plugins reads every installed distribution's entry points (17-24 ms a command); shipyard's
    models are its own, so it does not, unless PYDANTIC_DISABLE_PLUGINS is set by the user (empty: load them)."""
    env = _with_a_pydantic_plugin(tmp_path)
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path, **env)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "loaded").exists()

    done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path, PYDANTIC_DISABLE_PLUGINS="", **env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "loaded").exists()


def test_a_command_collects_its_youngest_objects_every_100000_allocations_not_700(monkeypatch):
    """A pack's start and build make some hundred thousand objects and few cycles: collecting every 700 allocations
    was 128 collections (~40 ms CPU) of a Mobile Bay pack, before its build had begun."""
    import gc
    import sys

    from shipyard import cli

    saved = gc.get_threshold()
    monkeypatch.setattr(sys, "argv", ["shipyard", "--version"])
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "__all__")  # main sets it where unset: not for this worker's tests
    try:
        try:
            cli.main()
        except SystemExit as exc:
            assert not exc.code
        assert gc.get_threshold()[0] >= 100_000
    finally:
        gc.set_threshold(*saved)


def test_a_command_builds_only_its_own_options_and_help_still_lists_every_command(cli):
    """Typer makes every command's options when it builds the command tree (~45 M instructions for all of them, 0.7 %
    of a pack): a run that names its command first builds that one only."""
    from shipyard.cli import _command_tree

    assert list(_command_tree(["pack", "mobile-bay-1864", "--jobs", "1"]).commands) == ["pack"]
    assert list(_command_tree(["new", "vessel", "USS Otsego"]).commands) == ["new"]
    everything = set(_command_tree(["--help"]).commands)
    assert {"pack", "stats", "sheet", "new", "serve"} <= everything
    assert set(_command_tree(["pak"]).commands) == everything == set(_command_tree([]).commands)
    listed = cli("--help")
    assert listed.code == 0 and all(f" {name} " in listed.out for name in everything)
    mistyped = cli("pak")
    assert mistyped.code == 2 and "No such command 'pak'" in mistyped.err and "Traceback" not in mistyped.err
