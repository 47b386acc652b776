"""Worker processes: how the game starts them, and how a standalone build becomes one.

The computer seats, the match review and the sound synthesis each run in a spawned process
(the modules that start them say why). They all start it here, with :func:`spawn_context` and
:func:`start_without_main`.

In a standalone build the spawned process is the game's own executable started again, with
``--multiprocessing-fork``; so is multiprocessing's resource tracker, started with ``-c`` and a
line of Python. :func:`run_helper_process`, called by ``main.py`` before anything else, turns
such a start into that process instead of a second game. The build leaves out PyInstaller's
start-up hook for multiprocessing (``build.spec``), which imported it at every start although the
menu's first frame needs no process: this module does the little of it the game needs, when a
process is first started.

Nothing here is imported before it is needed: multiprocessing is loaded by the first worker.
"""

from __future__ import annotations

import os
import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import multiprocessing.context
    import multiprocessing.process

FORK_FLAG = "--multiprocessing-fork"  # how multiprocessing starts a frozen program's child
TRACKER_COMMAND = "from multiprocessing.resource_tracker import main"


def is_frozen() -> bool:
    """True in the standalone build (PyInstaller sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def run_helper_process(argv: list[str] | None = None) -> bool:
    """In a standalone build started as a worker or the resource tracker: be it, then exit.

    Returns False (doing nothing, importing nothing) for an ordinary start of the game.
    """
    argv = sys.argv if argv is None else argv
    if not is_frozen():
        return False
    if len(argv) > 1 and argv[1] == FORK_FLAG:
        import multiprocessing.spawn

        _prepare_frozen()
        multiprocessing.spawn.freeze_support()  # runs the child and exits
        raise SystemExit(0)
    if "-c" in argv:
        index = argv.index("-c")
        command = argv[index + 1] if index + 1 < len(argv) else ""
        if command.startswith(TRACKER_COMMAND):
            _prepare_frozen()
            exec(command, {"__name__": "__main__"})  # multiprocessing's own line of Python
            raise SystemExit(0)
    return False


def own_command(arguments: list[str]) -> list[str]:
    """The command that starts this program again with ``arguments`` (the kiosk's supervisor
    starts the game so): the standalone build's executable, or this interpreter and the script
    it runs (``main.py``, the ``mexican-train`` launcher); the package itself when there is no
    such file (``python -c``)."""
    if is_frozen():
        return [sys.executable, *arguments]
    script = sys.argv[0] if sys.argv else ""
    if script and os.path.isfile(script):
        return [sys.executable, os.path.abspath(script), *arguments]
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    line = f"import sys; sys.path.insert(0, {package!r}); from game.cli import main; "
    line += "sys.exit(main(sys.argv[1:]))"
    return [sys.executable, "-c", line, *arguments]


def _prepare_frozen() -> None:
    """What a frozen parent or child needs before multiprocessing spawns anything."""
    import multiprocessing.process

    # A spawned child would otherwise change to the parent's start folder and look there for
    # the main script, which a frozen build does not have as a file.
    multiprocessing.process.ORIGINAL_DIR = None  # type: ignore[attr-defined]


def spawn_context() -> multiprocessing.context.SpawnContext:
    """The "spawn" context every worker starts from (the same on every platform)."""
    import multiprocessing

    if is_frozen():
        _prepare_frozen()
    return multiprocessing.get_context("spawn")


def start_without_main(process: multiprocessing.process.BaseProcess) -> None:
    """Start a spawned process without it re-running the program's main module.

    A spawned child normally imports the parent's ``__main__`` again (as ``__mp_main__``); an
    entry script without an ``if __name__ == "__main__"`` guard would start the whole game a
    second time. The workers' targets live in importable modules, so the child needs nothing
    from ``__main__``: hide it while the child's start-up data is taken.
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        process.start()
    finally:
        if main is not None:
            sys.modules["__main__"] = main
