"""A real worker cluster (`manage.py qcluster`) for the benchmarks, and its memory."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.conftest import Worker


class Cluster(Worker):
    """The tests' worker cluster, with this process's environment, and its memory and CPU."""

    def __init__(self, log_path: Path, **env: str):
        self.log_start = log_path.stat().st_size if log_path.exists() else 0
        super().__init__({**os.environ, **env}, log_path)

    def log_text(self) -> str:
        """What this cluster logged (not earlier clusters writing to the same file)."""
        self._log.flush()
        return self.log_path.read_text()[self.log_start :]

    def memory_mib(self) -> tuple[float, float]:
        """(RSS summed over the cluster's processes, PSS summed: shared pages counted once)."""
        rss = pss = 0
        for pid in self.group():
            try:
                for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
            except (FileNotFoundError, ProcessLookupError, PermissionError):
                pass
        return rss / 1024, pss / 1024

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the cluster's live processes have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.group():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])
            except (FileNotFoundError, ProcessLookupError):
                pass
        return total / ticks


def wait_ready(cluster: Cluster, timeout: float = 60) -> None:
    """Until every worker process of the cluster has started (its step pool with it)."""
    deadline = time.monotonic() + timeout
    workers = int(os.environ.get("WORKER_PROCESSES", 2))
    while time.monotonic() < deadline:
        if cluster.log_text().count("ready for work") >= workers:
            return
        time.sleep(0.1)
    raise SystemExit(f"the cluster did not start:\n{cluster.log_text()[-2000:]}")
