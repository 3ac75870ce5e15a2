"""The source pass over the USN units from Naugatuck to Monarch (issue 26): what re-reading their sources changed.

Each case is a figure the file held against its own cited sources (docs/library-audit.md, "Source pass: USN ships",
and the unit's notes under AUDIT 2026-12 (issue 26, source pass)); the test reads the bundled library in process.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("unit, figure, value, why", [
    ("uss-iroquois", "draught_ft", 13.83, "every stored copy of the article she cites gives 13 ft 10 in"),
    ("uss-iroquois", "speed_kn", 11, "the same copies give 11 kn; 11.5 was in none of them"),
    ("uss-ceres", "length_ft", 108.33, "the article: 108 ft 4 in"),
    ("uss-ceres", "beam_ft", 22.33, "the article: 22 ft 4 in"),
    ("uss-ceres", "draught_ft", 6.25, "the article: 6 ft 3 in"),
    ("uss-ceres", "speed_kn", 9, "the article's 9 kn replaces an estimate"),
    ("uss-ceres", "crew", 45, "the article's complement"),
    ("uss-commodore-hull", "speed_kn", 10, "the article's 10 kn replaces an estimate"),
    ("uss-mattabesett", "draught_ft", 8.5, "DANFS and her article: 8 ft 6 in (the 9 ft was the class line)"),
    ("uss-monarch", "beam_ft", 37.5, "her own article: 37 ft 6 in (35 ft was a guess from her consort)"),
    ("uss-monarch", "crew", 120, "her own article's complement replaces a guess of 70"),
    ("uss-cincinnati", "launched", "1861", "the article gives the year only; December 1861 is in no source"),
    ("uss-louisville", "launched", "1861-10", "the article: launched October 1861"),
    ("uss-arizona", "commissioned", "1863-03-09", "the article: commissioned 9 March 1863"),
])
def test_a_figure_is_the_one_its_sources_give(library, unit, figure, value, why):
    assert getattr(library.units[unit], figure) == value, why


@pytest.mark.parametrize("unit, basis, kind", [
    ("uss-iroquois", "length_basis", "pp"),           # the Mohican class's 199 ft between perpendiculars
    ("uss-ceres", "burthen_basis", "builders_measurement"),  # NHHC: "144-ton (burden)"
    ("uss-ceres", "speed_basis", "unspecified"),      # was an estimate; the article gives 9 kn without a basis
    ("uss-commodore-hull", "speed_basis", "unspecified"),
    ("uss-monarch", "speed_basis", "estimate"),       # no source gives her speed: the notes always called it a guess
    ("uss-monarch", "length_basis", "unspecified"),   # her own article's 180 ft, no longer her consort's
    ("uss-canonicus", "draught_basis", "deep"),       # her article: the class's "maximum draft"
    ("uss-mahopac", "draught_basis", "deep"),         # the same class figure
    ("uss-isaac-n-seymour", "draught_basis", "unspecified"),  # halfway between loaded and light is not a mean draught
])
def test_a_basis_says_what_the_sources_say(library, unit, basis, kind):
    assert getattr(library.units[unit], basis).value == kind


@pytest.mark.parametrize("unit, builder_word, wrong_word", [
    ("uss-cayuga", "Gildersleeve", "Abrahams"),   # the article and NavSource; no source names Abrahams for her
    ("uss-monarch", "Fulton", "Brownsville"),     # a Fulton, Ohio towboat (article, NavSource)
])
def test_the_builder_is_the_one_the_sources_name(library, unit, builder_word, wrong_word):
    builder = library.units[unit].builder
    assert builder_word in builder and wrong_word not in builder


def test_mississippi_does_not_call_an_unsourced_draught_deep_load(library):
    """The article gives her 19 ft as depth of hold, NavSource as draft: nothing says deep-load."""
    v = library.units["uss-mississippi"]
    assert "19 ft is deep-load" not in " ".join(v.notes.split()) and v.draught_basis.value == "unspecified"
