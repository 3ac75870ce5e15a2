"""A whole game night in one command: cover, rosters, sheets, templates, counters and reference per rule set.

Split by job: `options` (what a build takes, and the file name that says so), `sections` (every section
behind one signature), `build` (one rule set's PDF), `many` (several rule sets' PDFs, side by side), `cover`
(the first page and footer) and `blame` (naming the unit, file, line and field a failure belongs to). The pack
knows scenarios and the order of a game pack; each rule set draws its own pages, and the render layer knows only
paper.
"""

from .blame import derive_unit, scenario_failure, unit_failure
from .build import Built, build_pack, pack_job
from .cover import cover
from .many import PacksFailed, build_packs
from .options import SECTIONS, PackOptions, pack_file_name, safe_name
from .sections import Job, Section

_safe_name = safe_name  # the name older tests and benchmarks know

__all__ = ["SECTIONS", "Built", "Job", "PackOptions", "PacksFailed", "Section", "build_pack", "build_packs", "cover",
           "derive_unit", "pack_file_name", "pack_job", "safe_name", "scenario_failure", "unit_failure"]
