"""Threads: results under concurrency equal the serial ones, and the GIL is released while
the Rust code works (checked by counting, not by timing)."""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import hclkit

SPEC = """
block_map {
  block_type = "service"
  labels = ["id"]
  object {
    attr "port" { type = number }
    attr "name" { type = string }
    attr "tags" { type = list(string) }
  }
}
"""


def config(n: int, seed: int = 0) -> str:
    return "".join(
        f'service "s{i}" {{\n  port = {seed + i}\n  name = "svc-${{{i} + 1}}"\n  tags = ["a", "b", {i}]\n}}\n'
        for i in range(n))


def test_parallel_results_equal_serial() -> None:
    texts = [config(200, seed) for seed in range(16)]
    serial = [hclkit.loads(t) for t in texts]
    decoded = [hclkit.decode(t, SPEC) for t in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(hclkit.loads, texts)) == serial
        assert list(pool.map(lambda t: hclkit.decode(t, SPEC), texts)) == decoded
        assert list(pool.map(hclkit.format, texts)) == [hclkit.format(t) for t in texts]
        exprs = [f"length([for i in range({n}): i if i % 2 == 0])" for n in range(1, 50)]
        assert list(pool.map(hclkit.evaluate, exprs)) == [(n + 1) // 2 for n in range(1, 50)]


def progress_during(call: Callable[[], object], attempts: int = 5) -> bool:
    """Whether another Python thread ran while `call` was running, with the interpreter's
    switch interval so long that it only can if `call` released the GIL itself."""
    counter = [0]
    stop = threading.Event()
    started = threading.Event()

    def spin() -> None:
        started.set()
        while not stop.is_set():
            counter[0] += 1
            time.sleep(0.0001)  # a real sleep: the main thread gets the GIL back when it asks

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    t = threading.Thread(target=spin)
    try:
        t.start()
        started.wait()
        for _ in range(attempts):
            before = counter[0]
            call()  # nothing between the two reads lets go of the GIL but `call`
            if counter[0] != before:
                return True
        return False
    finally:
        stop.set()
        sys.setswitchinterval(old)
        t.join()


def test_gil_is_released() -> None:
    big = config(20000)
    assert progress_during(lambda: hclkit.loads(big))
    assert progress_during(lambda: hclkit.decode(big, SPEC))
    assert progress_during(lambda: hclkit.format(big))
    assert progress_during(lambda: hclkit.evaluate("length(flatten([for i in range(1000): [for j in range(300): j]]))"))


def test_holding_the_gil_is_detected() -> None:
    # The check itself can fail: pure Python work that never lets go of the GIL shows no
    # progress of the other thread.
    assert not progress_during(lambda: sum(range(200000)), attempts=2)
