"""Building several rule sets' packs for one scenario, side by side where the machine has the cores for it.

Each rule set's pack is its own PDF and shares nothing with the others once the library is loaded, so on a
machine with two or more cores they are built in separate processes, forked from this one (the library, the
scenario and every imported module come along without being loaded again). Forking is used only where it is
safe: on a platform that has it, and in a process with no other thread running (a web server or a test runner
has some; there the packs are built one after another). The PDFs are the same byte for byte either way.

A rule set that fails does not stop the others: every pack that can be built is written, and the failures are
reported together afterwards, in rule-set order.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Callable, Sequence

from ..spec.errors import Problem, ShipyardError
from .build import Built, build_pack
from .options import PackOptions

class PacksFailed(ShipyardError):
    """Some rule sets' packs failed: their problems, and the packs that were written all the same (`built`)."""

    def __init__(self, problems: list[Problem], built: list[Built]):
        super().__init__(problems)
        self.built = built


# what every worker builds from, set just before forking (a forked worker finds it in its copy of this module)
_SHARED: tuple[Any, Any, dict[str, Any], PackOptions] | None = None


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the platform tells it), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def processes_for(packs: int, jobs: int | None = None) -> int:
    """How many processes build `packs` packs: the `jobs` asked for (None: one per usable core), never more than
    there are packs, and 1 where forking is not safe (no fork here, or another thread is running)."""
    wanted = usable_cores() if jobs is None else jobs
    if wanted < 1:
        raise ShipyardError(f"--jobs {jobs}: expected 1 or more processes")
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return 1
    return max(1, min(wanted, packs))


def build_packs(library, scenario, rulesets: Sequence, options: PackOptions, *, jobs: int | None = None,
                on_built: Callable[[Built], None] | None = None) -> list[Built]:
    """Build each rule set's pack (see build_pack), in `processes_for` processes; returns them in rule-set order.

    `on_built` hears of each pack as it is written (in the order they finish). When any rule set fails, the others
    are still written and one PacksFailed then carries every failure's problems, in rule-set order, and the packs
    that were written."""
    on_built = on_built or (lambda _built: None)
    outcomes: dict[str, Built | ShipyardError] = {}
    workers = processes_for(len(rulesets), jobs)
    if workers == 1:
        for rs in rulesets:
            outcomes[rs.key] = _outcome(library, scenario, rs, options)
            if isinstance(outcomes[rs.key], Built):
                on_built(outcomes[rs.key])
    else:
        outcomes = _side_by_side(library, scenario, rulesets, options, workers, on_built)
    failed = [outcomes[rs.key] for rs in rulesets if isinstance(outcomes[rs.key], ShipyardError)]
    if failed:
        problems: list[Problem] = [p for exc in failed for p in exc.problems]
        raise PacksFailed(problems, [outcomes[rs.key] for rs in rulesets if isinstance(outcomes[rs.key], Built)])
    return [outcomes[rs.key] for rs in rulesets]


def _outcome(library, scenario, rs, options: PackOptions) -> Built | ShipyardError:
    try:
        return build_pack(library, scenario, rs, options)
    except ShipyardError as exc:
        return exc


def _build_in_worker(key: str) -> tuple[str, Built | list[Problem]]:
    """One rule set's pack in a forked worker: what it built, or its problems (a ShipyardError's own arguments do
    not survive the trip back, its problems do)."""
    assert _SHARED is not None, "a pack worker runs only in a process forked by build_packs"
    library, scenario, by_key, options = _SHARED
    result = _outcome(library, scenario, by_key[key], options)
    return key, result.problems if isinstance(result, ShipyardError) else result


PRINTED_TEMPLATES = ("cover_title.txt.j2", "cover_subtitle.txt.j2", "sheet_heading.txt.j2", "sheet_subheading.txt.j2")


def _load_before_forking(rulesets: Sequence, options: PackOptions) -> None:
    """Load once, here, what every worker would otherwise load for itself on its first pack: ReportLab and the render
    layer with the fonts, the text templates every pack prints (compiled), and each rule set's aids (a forked worker shares these pages of
    memory with this process until it writes to them)."""
    from .. import texts
    from ..render import fonts

    fonts.register_all()
    for template in PRINTED_TEMPLATES:
        texts.environment(str(options.templates_dir) if options.templates_dir else None).get_template(template)
    for rs in rulesets:
        rs.aids()


def _side_by_side(library, scenario, rulesets: Sequence, options: PackOptions, workers: int,
                  on_built: Callable[[Built], None]) -> dict[str, Built | ShipyardError]:
    global _SHARED
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    _load_before_forking(rulesets, options)
    _SHARED = (library, scenario, {rs.key: rs for rs in rulesets}, options)
    outcomes: dict[str, Built | ShipyardError] = {}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [pool.submit(_build_in_worker, rs.key) for rs in rulesets]
            try:
                for future in as_completed(futures):
                    key, result = future.result()
                    if isinstance(result, Built):
                        outcomes[key] = result
                        on_built(result)
                    else:
                        outcomes[key] = ShipyardError(result)
            except BrokenProcessPool as exc:  # a worker killed from outside (out of memory, a signal)
                raise ShipyardError(f"a process building the packs stopped before it was done ({exc}); "
                                    "run again with --jobs 1 to build them one after another") from None
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    finally:
        _SHARED = None
    return outcomes
