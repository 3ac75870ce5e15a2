"""A whole game night in one command: cover, rosters, sheets, templates, counters and reference per rule set.

Split by job: `options` (what a build takes, and the file name that says so), `sections` (every section
behind one signature), `build` (one rule set's PDF), `many` (several rule sets' PDFs, side by side), `cover`
(the first page and footer) and `blame` (naming the unit, file, line and field a failure belongs to). The pack
knows scenarios and the order of a game pack; each rule set draws its own pages, and the render layer knows only
paper.
"""

from importlib import import_module

# names load lazily: deriving one unit with blame (`shipyard stats`) does not pay for the PDF machinery
_WHERE = {**{n: "blame" for n in ("derive_unit", "scenario_failure", "unit_failure")},
          **{n: "build" for n in ("Built", "build_pack", "pack_job")}, "cover": "cover",
          **{n: "many" for n in ("PacksFailed", "build_packs")},
          **{n: "options" for n in ("SECTIONS", "PackOptions", "pack_file_name", "safe_name")},
          **{n: "sections" for n in ("Job", "Section")}}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(name)
