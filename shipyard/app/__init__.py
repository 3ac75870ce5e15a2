"""The application layer: what the command line and the web server both call, neither holding logic of its own.

    lib = load_library([Path("my-ships")])              # bundled + the user's library + these folders
    rs = ruleset(name)                                  # by key or alias, from the registry (shipyard.rules)
    ctx = context(rs, lib, house_rules=None, scale=None)
    items = derive_target(rs, lib, "hartford", ctx)     # [(side or None, unit, derived)]
    pdf = build("sheets", rs, lib, ["hartford"], AidOptions(paper="letter"))     # -> bytes
    built = build("roster", rs, lib, ["mobile-bay-1864"], default_dir=Path("output"))  # -> Built, named for what it holds
    pages = build("sheets", rs, lib, ["hartford"], svg=True)                    # -> one SVG document per page
    built = build_pack(lib, lib.scenario("mobile-bay-1864"), rs, pack_options({"paper": "letter"}))

Every printed aid (sheets, templates, counters, roster, reference) goes through `build`, a pack through
`build_pack`/`build_packs`; `check_text` checks a ship's unsaved file, `validate` files on disk.

Every failure is a ShipyardError in the user's words; notes for the user (a bundled ship replaced, a date
before a ship's launch, a --scale a rule set does not use) collect in `library.notices`.

Modules by job: library (the library, the rule sets, units and their stats), checking (a scenario's opening damage,
house rules, the user's files), printing (every printed aid and the pack), authoring (a new ship or scenario, a
ship's unsaved file), sharing (an infobox imported, ships shared as a zip). This package is their public face: the
command line and the web call `app.X`.
"""


# What each module of this package offers the command line and the web, by name. A name is imported from its module
# when first asked for (PEP 562), so a command loads only the modules it uses: `shipyard vessels` reads the kept
# index and needs neither the printing modules (ReportLab, the fonts) nor the stat cards.
OFFERS = {
    "library": (
        "library_folders", "load_library", "ruleset", "rulesets", "context", "check_date", "as_of", "record_as_of",
        "unit_rows", "gun_rows", "scenario_rows", "find_units", "scenario_units", "derive", "scenario_named",
        "derive_target",
    ),
    "checking": (
        "damage_capacity", "check_damage", "Report", "check_house_rules", "check_user_units", "check_printable_names",
        "validate",
    ),
    "printing": (
        "PAPERS", "check_paper", "check_turns", "pack_options", "AidOptions", "SheetOptions", "Built", "Aid", "AIDS",
        "aid_named", "aid_file_name", "aid_job", "Plan", "plan", "aids_offered", "readings", "build", "build_sheet",
        "sheet_units", "sheet_svg", "build_pack", "build_packs", "pack_bytes", "aid", "draw_pdf", "draw_svg",
    ),
    "authoring": (
        "slug", "NAVY_OF_PREFIX", "navy_of_name", "commented_figures", "SCHEMA_LINE", "check_text", "scenario_text",
        "new_vessel", "new_scenario",
    ),
    "sharing": (
        "Imported", "InfoboxDraft", "infobox_draft", "import_infobox", "SHARE_MANIFEST", "share_zip", "export_zip",
        "share_contents", "import_share", "MAX_SHARE_BYTES", "MAX_SHARE_ZIP_BYTES", "import_zip",
    ),
    "cards": (
        "PROVENANCE_WORDS", "stat_card", "stat_cards", "compare",
    ),
}
_MODULE_OF = {name: module for module, names in OFFERS.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked for once: the next look-up finds it as any module attribute
    return value


def __dir__():
    return sorted(set(globals()) | set(_MODULE_OF))
