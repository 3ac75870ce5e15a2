"""What every `shipyard` command pays before it starts its work."""

from __future__ import annotations

import os

import pytest

from conftest import keep_bundled_library_in
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


def _modules_spy(tmp_path):
    """A folder whose sitecustomize writes, as the process ends, the name of every module it loaded (one a line) to
    the file $MODULES_TO names."""
    spy = tmp_path / "spy"
    spy.mkdir()
    (spy / "sitecustomize.py").write_text(
        "import atexit, os, sys\natexit.register(lambda: open(os.environ['MODULES_TO'], 'w').write("
        "'\\n'.join(sorted(sys.modules))))\n", encoding="utf-8")
    return spy


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


def test_a_command_does_not_import_the_plugin_search_unless_the_user_asks(tmp_path):
    """pydantic's plugin loader imports importlib.metadata (and email, zipfile, csv with it: 1.4 % of a pack's
    instructions) even when PYDANTIC_DISABLE_PLUGINS says there are none: it is not imported unless plugins are
    wanted."""
    env = _with_a_pydantic_plugin(tmp_path)
    env["PYTHONPATH"] = os.pathsep.join([str(_modules_spy(tmp_path)), env["PYTHONPATH"]])
    env["MODULES_TO"] = str(tmp_path / "modules")
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path, **env)
    assert done.returncode == 0, done.stderr
    loaded = (tmp_path / "modules").read_text().split()
    assert "pydantic.main" in loaded and "importlib.metadata" not in loaded and "email" not in loaded

    done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path, PYDANTIC_DISABLE_PLUGINS="", **env)
    assert done.returncode == 0, done.stderr
    assert "importlib.metadata" in (tmp_path / "modules").read_text().split() and (tmp_path / "loaded").exists()


@pytest.mark.parametrize("command, says", [(("vessels",), b"uss-monitor"),
                                           (("stats", "uss-monitor", "--rules", "saunders"), b"USS Monitor"),
                                           (("validate",), b"ok: ")], ids=["vessels", "stats", "validate"])
def test_a_command_that_prints_nothing_loads_none_of_the_printing(tmp_path, command, says):
    """`shipyard vessels` lists the library (from its kept index where one is kept), `shipyard stats` derives one
    unit and `shipyard validate` checks a library holding no file of the user's: none loads the application layer's
    printing and stat cards, ReportLab, the fonts or a rule set's sheet code (a tenth of each command's instructions).
    The number formatter (render.text) loads the fonts only to wrap, validate only to check a name of the user's."""
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(_modules_spy(tmp_path)), os.environ.get("PYTHONPATH")])),
           "MODULES_TO": str(tmp_path / "modules")}
    done = shipyard(*command, cwd=tmp_path, **env)
    assert done.returncode == 0 and says in done.stdout, done.stderr
    loaded = set((tmp_path / "modules").read_text().split())
    assert "shipyard.app" in loaded
    printing = {"reportlab", "shipyard.app.printing", "shipyard.app.cards", "shipyard.render.fonts",
                "shipyard.rules.quick_play.sheet"}
    assert not loaded & printing, sorted(loaded & printing)

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


# Counts, in the process it is loaded into, every text compiled from source that a dataclass's methods are (dataclasses
# wraps each in `def __create_fn__`) or that typing reads a string annotation as (compiled in 'eval' mode, "<string>"),
# whoever hands it to exec or compile. Written where COUNT_TO says, "methods annotations".
COUNT_PARSES = """
import atexit, builtins, os
parsed = {"methods": 0, "annotations": 0}
def _counting(real):
    def call(source, *args, **kwargs):
        if isinstance(source, str) and source.lstrip().startswith("def __create_fn__("):
            parsed["methods"] += 1
        elif isinstance(source, str) and args[:2] == ("<string>", "eval"):
            parsed["annotations"] += 1
        return real(source, *args, **kwargs)
    return call
builtins.exec, builtins.compile = _counting(builtins.exec), _counting(builtins.compile)
atexit.register(lambda: open(os.environ["COUNT_TO"], "w").write("%(methods)d %(annotations)d" % parsed))
"""


def test_a_commands_second_run_compiles_no_dataclass_methods_and_no_annotations(tmp_path):
    """Python 3.11's dataclasses writes each class's methods as text and compiles it whenever the class is made (~590
    compiles at a pack's start, 6 % of its instructions), and typing compiles each string annotation it reads (~1,100,
    pydantic-core's TypedDicts mostly; 1.2 %). The code is kept in the cache folder; a cache that is not shipyard's
    (cut short, another Python's) is not used and is written anew."""
    spy = tmp_path / "spy"
    spy.mkdir()
    (spy / "sitecustomize.py").write_text(COUNT_PARSES, encoding="utf-8")
    cache = tmp_path / "cache"
    keep_bundled_library_in(cache, seen_from=tmp_path)  # as after a first command: the library is not read again
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(spy), os.environ.get("PYTHONPATH")])),
           "SHIPYARD_CACHE_DIR": str(cache), "COUNT_TO": str(tmp_path / "parsed")}

    def parses() -> tuple[int, int]:
        done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path, **env)
        assert done.returncode == 0, done.stderr
        methods, annotations = map(int, (tmp_path / "parsed").read_text().split())
        return methods, annotations

    first, second = parses(), parses()
    # the first compiles them (shipyard's classes, typer's, pydantic's) and keeps them
    assert min(first) > 100 and second == (0, 0), (first, second)
    kept = list((cache / "shipyard").glob("compiled-code-*"))
    assert len(kept) == 1
    kept[0].write_bytes(b"not a cache at all")
    assert min(parses()) > 100 and parses() == (0, 0)


def test_a_cache_folder_that_cannot_be_made_costs_only_the_compiling(tmp_path):
    """No folder can be made under a file: the command does its work and says nothing of the cache."""
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    done = shipyard("stats", "uss-monitor", "--rules", "saunders", cwd=tmp_path,
                    SHIPYARD_CACHE_DIR=str(tmp_path / "a-file"))
    assert done.returncode == 0 and b"USS Monitor" in done.stdout and done.stderr == b"", done.stderr


def test_kept_code_is_the_code_dataclasses_and_typing_compile(monkeypatch):
    """The kept code of every method text is what `dataclasses` itself makes of that text: same bytecode, names,
    constants, flags (no __future__ annotations taken from the cache's module), file name and annotations; and so is
    the kept code of a string annotation what `typing` makes of it."""
    import dataclasses
    import typing
    from dataclasses import field

    from shipyard.cache import compiled

    def classes():
        @dataclasses.dataclass(frozen=True, order=True)
        class Cite:
            table: str
            row: "str | None"
            tags: tuple = ()

        @dataclasses.dataclass(kw_only=True, slots=True)
        class Box:
            size: float = 1.0
            marks: list = field(default_factory=list)

            def __post_init__(self):
                self.size *= 2

        return Cite, Box

    monkeypatch.delattr(dataclasses, "exec", raising=False)  # the builtin, called from dataclasses' own code
    made_plainly = classes()
    monkeypatch.setattr(dataclasses, "exec", compiled._exec, raising=False)
    made_from_kept = classes()  # compiled by the cache's module (and kept)
    made_again = classes()  # from the kept code
    assert made_from_kept[0].__init__.__code__ is made_again[0].__init__.__code__
    for plain, kept in zip(made_plainly, made_again):
        for name in ("__init__", "__repr__", "__eq__", "__lt__", "__hash__", "__setattr__"):
            a, b = getattr(plain, name, None), getattr(kept, name, None)
            if not hasattr(a, "__code__"):
                continue
            assert a.__code__ == b.__code__ and a.__code__.co_flags == b.__code__.co_flags, name
            assert a.__code__.co_filename == b.__code__.co_filename
            assert a.__annotations__ == b.__annotations__, name
    Cite, Box = made_again
    for text in ("dict[str, 'Any']", "Required[Literal['any']]", "str | None"):  # typing's ForwardRef
        monkeypatch.delattr(typing, "compile", raising=False)
        plain = typing.ForwardRef(text).__forward_code__
        monkeypatch.setattr(typing, "compile", compiled._compile, raising=False)
        assert typing.ForwardRef(text).__forward_code__ == plain
        assert typing.ForwardRef(text).__forward_code__ is typing.ForwardRef(text).__forward_code__  # kept
    assert Cite("to_hit", "[1]") < Cite("to_hit", "[2]") and hash(Cite("a", "b")) == hash(Cite("a", "b"))
    assert repr(Box(size=2.0)) == "test_kept_code_is_the_code_dataclasses_and_typing_compile.<locals>." \
                                  "classes.<locals>.Box(size=4.0, marks=[])"


# Leaves, in the folder $MARKS_IN names, a file "atexit" when the atexit handlers run and a file "torn down" when
# the interpreter frees the module's objects one by one at its exit (a normal exit does; an os._exit does not).
TEARDOWN_SPY = """
import atexit, os
_marks = os.environ["MARKS_IN"]
atexit.register(lambda: open(os.path.join(_marks, "atexit"), "w").close())

class _Freed:
    def __del__(self, _open=open, _join=os.path.join, _marks=_marks):
        _open(_join(_marks, "torn down"), "w").close()

_freed = _Freed()
"""


@pytest.mark.parametrize("command, code, says", [
    (("vessels",), 0, b"uss-monitor"),
    (("stats", "no-such-ship", "--rules", "saunders"), 2, b"error: no vessel or fort named 'no-such-ship'"),
], ids=["done", "refused"])
def test_the_command_leaves_freeing_its_memory_to_the_system_and_still_ends_cleanly(tmp_path, command, code, says):
    """Tearing the interpreter down object by object took ~100 ms CPU after a Mobile Bay pack (7 % of it) to free
    what the system frees at once: the `shipyard` script ends with os._exit, after the atexit handlers (the kept code
    written, a half-made PDF's part file removed) and with both streams flushed, whole, with its exit code."""
    spy = tmp_path / "spy"
    spy.mkdir()
    (spy / "sitecustomize.py").write_text(TEARDOWN_SPY, encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(spy), os.environ.get("PYTHONPATH")])),
           "MARKS_IN": str(tmp_path)}
    done = shipyard(*command, cwd=tmp_path, **env)
    assert done.returncode == code and says in done.stdout + done.stderr, done.stderr
    if code == 0:
        assert done.stdout.rstrip().endswith(b"\xe2\x94\x98"), done.stdout[-200:]  # the table's last corner: all of it
    assert (tmp_path / "atexit").exists() and not (tmp_path / "torn down").exists()

