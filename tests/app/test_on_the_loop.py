"""A screen's change told from a worker thread (an import's progress) is sent from the
page's event loop, never from the worker: Flet's diff of the controls and its queue to the
device are the loop's alone (``scorepad.ui.app.on_the_loop``, used by ``Shell.update``)."""

from __future__ import annotations

import asyncio
import threading

from scorepad.ui.app import on_the_loop


def test_work_from_a_worker_thread_is_done_on_the_loop_and_on_the_loop_at_once():
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    try:
        done: list[tuple[str, int]] = []
        finished = threading.Event()

        def worker() -> None:
            for n in range(3):
                on_the_loop(loop, lambda n=n: done.append(("from the worker", n)))
            on_the_loop(loop, finished.set)

        thread = threading.Thread(target=worker)
        thread.start()
        thread.join(30)
        assert finished.wait(30)
        assert done == [("from the worker", n) for n in range(3)]  # in the order told

        seen: list[int | None] = []

        async def on_loop() -> bool:
            on_the_loop(loop, lambda: seen.append(threading.get_ident()))
            return bool(seen)  # done before this returned: at once, on the loop's thread

        assert asyncio.run_coroutine_threadsafe(on_loop(), loop).result(30)
        assert seen == [runner.ident]

        threads: list[int | None] = []
        finished.clear()

        def from_worker() -> None:
            on_the_loop(loop, lambda: threads.append(threading.get_ident()))
            on_the_loop(loop, finished.set)

        threading.Thread(target=from_worker).start()
        assert finished.wait(30)
        assert threads == [runner.ident]  # the loop's thread, not the worker's
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join(30)
        loop.close()


def test_without_a_loop_the_work_is_done_at_once():
    done: list[int] = []
    on_the_loop(None, lambda: done.append(1))
    assert done == [1]
