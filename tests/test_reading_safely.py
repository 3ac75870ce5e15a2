"""A library is read as regular files of at most 1 MB, whatever sits in the folder: a named pipe is never
waited on, a link to /dev/zero is never read past the limit, and `validate` of either says what it is.

Each is shown through the real console script once; the other commands that read such a file run in a forked copy
of this process (tests/forking.py), so that one that waited or read without end is killed at its timeout (or its
memory cap) rather than hang the run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from console_script import shipyard
from forking import run_forked


def memory_capped(mb: int):
    """For a forked copy: at most `mb` MB more address space than this process has (a copy starts with all of it)."""
    def cap() -> None:
        import resource

        with open("/proc/self/status", encoding="ascii") as status:
            kb = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
        limit = (kb << 10) + (mb << 20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return cap


@pytest.fixture
def club(tmp_path) -> Path:
    (tmp_path / "ships").mkdir()
    return tmp_path


def test_a_named_pipe_in_the_library_is_refused_not_waited_on(club):
    os.mkfifo(club / "ships" / "uss-pipe.yaml")
    run = shipyard("validate", cwd=club, timeout=20)
    assert run.returncode == 2
    assert b"ships/uss-pipe.yaml: this is a named pipe, not a regular file" in run.stderr
    alone = run_forked("validate", club / "ships" / "uss-pipe.yaml", cwd=club, timeout=30)
    assert alone.code == 2 and "named pipe" in alone.err and "ok:" not in alone.out


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_an_endless_device_is_refused_not_read(club, device):
    (club / "ships" / "uss-zero.yaml").symlink_to(device)
    run = shipyard("validate", cwd=club, timeout=30, memory_mb=1500)
    assert run.returncode == 2 and b"ships/uss-zero.yaml: this is a device, not a regular file" in run.stderr
    alone = run_forked("validate", club / "ships" / "uss-zero.yaml", cwd=club, timeout=30, prepare=memory_capped(1500))
    assert alone.code == 2 and "this is a device" in alone.err and "ok:" not in alone.out


def test_a_file_is_never_read_past_the_limit(tmp_path, monkeypatch):
    from shipyard.library import yamlfile
    from shipyard.errors import ShipyardError

    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 5000)
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(yamlfile.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    monkeypatch.setattr(yamlfile.os, "fstat", lambda fd: os.stat_result((0o100644, 0, 0, 1, 0, 0, 10, 0, 0, 0)))
    with pytest.raises(ShipyardError, match="more than 1,000 bytes"):  # a file that says it holds 10 bytes, and grows
        yamlfile.read_file_bytes(big, limit=1000)
    assert sum(read) <= 1001


def test_an_infobox_that_is_a_named_pipe_is_refused_not_waited_on(club):
    os.mkfifo(club / "sassacus.wiki")
    run = run_forked("import", "infobox", club / "sassacus.wiki", cwd=club, timeout=20)
    assert run.code == 2 and "sassacus.wiki: this is a named pipe, not a regular file" in run.err
    assert list((club / "ships").iterdir()) == []


def test_a_zip_to_import_that_is_a_named_pipe_is_refused_not_waited_on(club):
    os.mkfifo(club / "ours.zip")
    run = run_forked("import", club / "ours.zip", cwd=club, timeout=20)
    assert run.code == 2 and "ours.zip: this is a named pipe, not a regular file" in run.err
    assert list((club / "ships").iterdir()) == []
