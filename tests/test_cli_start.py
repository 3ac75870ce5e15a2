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
