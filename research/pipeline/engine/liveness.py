"""Whether the process that claimed a step has ended, when it ran on this machine.

A claim records, beside host:pid, the claiming process's fingerprint: the machine's boot id,
the process's pid namespace, its pid and its start time. A worker with the same boot and pid
namespace can tell for certain whether that process still runs: its pid is gone, or a zombie,
or now belongs to a process started later. Its steps then need not wait for their leases to
run out: when a killed cluster is started again, or django-q2 replaces a killed worker process,
they can be claimed at once. A fingerprint from another machine, container or boot proves
nothing here, so its steps wait for their leases, as before. Without /proc (off Linux) the
fingerprint is empty and only leases count.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

PROC = Path("/proc")


@functools.cache
def _machine() -> str:
    """boot id/pid namespace of this process ("" when /proc cannot tell); a fork keeps both."""
    try:
        boot = (PROC / "sys/kernel/random/boot_id").read_text().strip()
        namespace = os.readlink(PROC / "self/ns/pid")
    except OSError:
        return ""
    return f"{boot}/{namespace}"


def _started(pid: int) -> str | None:
    """The start time of process `pid` (clock ticks after boot); None when it is not running
    (no such process, or a zombie: it has ended and only waits for its parent to reap it)."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    state, start = fields[0], fields[19]  # stat's 3rd and 22nd fields
    return None if state in ("Z", "X") else start


def _fingerprint(pid: int) -> str:
    machine, start = _machine(), _started(pid)
    return f"{machine}/{pid}/{start}" if machine and start else ""


_own = functools.cache(_fingerprint)  # by pid: a forked worker process has its own


def fingerprint(pid: int | None = None) -> str:
    """The fingerprint of process `pid` (this process by default): boot id/pid namespace/pid/
    start time; "" without /proc or when no such process runs."""
    return _own(os.getpid()) if pid is None else _fingerprint(pid)


def gone(print_: str) -> bool:
    """True only when `print_` is the fingerprint of a process of this machine and pid
    namespace that is not running any more."""
    parts = print_.split("/")
    if len(parts) != 4 or not parts[2].isdigit() or f"{parts[0]}/{parts[1]}" != _machine():
        return False
    return _started(int(parts[2])) != parts[3]
