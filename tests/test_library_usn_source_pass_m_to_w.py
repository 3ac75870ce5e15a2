"""The source pass over the USN units from Montauk to Wyalusing (issue 26): each figure it corrected stands as its
sources give it (the units from Naugatuck to Monarch: test_library_usn_source_pass_a_to_m.py).

Each row is one finding of the pass: the unit, the field, the value the cited sources give, and why. The file's own
notes carry the full reasoning (search for "AUDIT 2026-12 (issue 26, source pass)"); docs/library-audit.md has the
row. A row here fails if the figure drifts back to what the file held before the pass.
"""

from __future__ import annotations

import pytest

CORRECTED = [
    ("uss-whitehead", "gun", "parrott-30pdr",
     "her article gives one 30-pdr Parrott; the 100-pdr the file held was in no stored source, her own included"),
    ("uss-whitehead", "speed_basis", "unspecified", "8 kn is her article's figure, not an estimate"),
    ("uss-whitehead", "length_ft", 93.17, "93 ft 2 in (her article)"),
    ("uss-whitehead", "beam_ft", 19.75, "19 ft 9 in (her article)"),
    ("uss-whitehead", "commissioned", "1861-11-19", "her article"),
    ("uss-whitehead", "pilot_house_in", 3.0, "3in iron round the pilot house from November 1862 (her article)"),
    ("uss-sachem", "displacement_tons", None, "NHHC's bare 't.' for an 1844 merchant steamer is not a displacement"),
    ("uss-sachem", "burthen_tons", 197, "kept as tons of unknown kind"),
    ("uss-tyler", "commissioned", "1861-09", "June 1861 was her purchase; her article and NHHC say September"),
    ("uss-pensacola", "length_ft", 230.42, "230 ft 5 in in every stored copy of her article"),
    ("uss-pensacola", "fate", "burned and sunk by the Navy 1912-05", "her article: burned and sunk, not sold"),
    ("uss-wyalusing", "crew", 154, "her own article's complement, not the Sassacus article's 145"),
    ("uss-sassacus", "speed_basis", "unspecified", "no stored source calls her 14.5 kn a trial figure"),
    ("uss-mound-city", "launched", "1861-10", "her article; the file's December had no source"),
    ("uss-pittsburg", "commissioned", "1862-01", "every source gives the month only; the 25th was Cairo's day"),
    ("uss-pittsburg", "launched", "1861", "no source gives a month; River Gunboats: all launched in autumn 1861"),
    ("uss-mound-city", "displacement_basis", "full_load", "NPS: 888 tons full load (the class)"),
    ("uss-saugus", "draught_basis", "deep", "Canonicus's article: the class's 13 ft 6 in is its 'maximum draft'"),
]


def _value(vessel, field: str):
    data = vessel.model_dump(mode="json")
    if field == "gun":
        return [g["gun"] for g in data["armament"]]
    if field == "pilot_house_in":
        return [a["thickness_in"] for a in data["armour"] if a["area"] == "pilot_house"]
    return data[field]


@pytest.mark.parametrize("unit, field, value, why", CORRECTED, ids=[f"{u}-{f}" for u, f, _, _ in CORRECTED])
def test_a_corrected_figure_stands_as_its_sources_give_it(library, unit, field, value, why):
    got = _value(library.units[unit], field)
    if field in ("gun", "pilot_house_in"):
        assert got == [value], f"{unit} {field}: {got} ({why})"
    else:
        assert got == value, f"{unit} {field}: {got!r}, the sources give {value!r} ({why})"
