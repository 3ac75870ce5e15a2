"""What `--help` shows beside each option: a word a wargamer reads (FOLDER, FILE, DATE, RULES), not the Python type
Typer prints by default (`<list[Path]>`, `<str>`, `<bool>`). One table, applied to the built command tree."""

from __future__ import annotations

# by the parameter's name: what the value is, in the user's words
BY_NAME = {
    "library": "FOLDER", "text_templates": "FOLDER", "folder": "FOLDER", "output_dir": "FOLDER",
    "output": "FILE", "house_rules": "FILE", "preset": "FILE", "save_preset": "FILE", "state": "FILE",
    "rules": "RULES", "paper": "a4|letter", "scale": "SCALE", "as_of": "YYYY-MM-DD", "side": "SIDE",
    "navy": "NAVY", "turns": "N", "jobs": "N", "port": "PORT", "host": "ADDRESS", "like": "VESSEL",
    "format": "csv|json|md|html", "copies": "blank|pre-damaged", "no": "SECTION",
}
# else by its type (Typer's name for it, or click's)
BY_TYPE = {"int": "N", "integer": "N", "float": "NUMBER", "path": "PATH", "str": "TEXT", "text": "TEXT"}


def plain_words(command) -> None:
    """Give every option of `command` (a click command or group, and its subcommands) a plain metavar, and every
    argument none beside its name (the name says it: VESSEL...). Flags show nothing."""
    _plain_help_option(command)
    for param in getattr(command, "params", ()):
        if param.param_type_name == "argument":
            if param.metavar is None:
                param.metavar = param.name.upper().rstrip("_")
            param.metavar = param.metavar.removesuffix("...") + ("..." if param.nargs != 1 else "")
            param.display_type_rich = _nothing  # the argument's own name (VESSEL..., SCENARIO) is its help
            if hasattr(param, "_usage_display_name"):  # Typer writes a required one as {name}: the usual NAME
                param._usage_display_name = _usage(param)
        elif getattr(param, "is_flag", False) or getattr(param, "is_bool_flag", False):
            param.metavar = ""
        elif param.metavar is None:
            param.metavar = BY_NAME.get(param.name) or BY_TYPE.get(_type_name(param), "VALUE")
    for sub in getattr(command, "commands", {}).values():
        plain_words(sub)


def _plain_help_option(command) -> None:
    """-h/--help, which click makes when help is asked for, shows no type either."""
    make = command.get_help_option

    def help_option(ctx):
        option = make(ctx)
        if option is not None:
            option.metavar = ""
        return option

    command.get_help_option = help_option


def _usage(param):
    def name() -> str:
        return param.metavar if param.required else f"[{param.metavar}]"

    return name


def _type_name(param) -> str:
    bare = getattr(param, "bare_type", None)
    name = bare() if callable(bare) else getattr(getattr(param, "type", None), "name", "")
    return str(name).removeprefix("list[").removesuffix("]").lower()


def _nothing(ctx=None) -> str:
    return ""


def name_the_rule_sets(command) -> None:
    """Where help is asked for: every --rules option's help lists the rule sets the registry finds (the bundled ones
    and any SHIPYARD_RULESETS names), every --scale option's the scales they take, and --no the pack's sections
    (shipyard.pack.sections, the one list of them). Only then, so that a command that is not asking for help does
    not load every rule set to say so."""
    from .pack.sections import SECTIONS
    from .rules import all_scales, rule_set_names

    for param in getattr(command, "params", ()):
        if param.name == "rules":
            param.help = f"{(param.help or '').rstrip('.')}. Rule sets: {rule_set_names()}."
        elif param.name == "scale":
            param.help = f"{(param.help or '').rstrip('.')}. Scales: {', '.join(all_scales())}."
        elif param.name == "no":
            param.help = f"{(param.help or '').rstrip('.')}: {', '.join(s.name for s in SECTIONS)}."
    for sub in getattr(command, "commands", {}).values():
        name_the_rule_sets(sub)
