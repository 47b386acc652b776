"""Entry point: ``python main.py`` plays the game; ``python main.py --help`` lists commands.

Also the standalone build's entry (build.spec): in a frozen app the computer seats' worker
process is this same executable started again, and ``freeze_support`` turns that start into
the worker instead of a second game, so it must run before anything else. From source it
does nothing, so multiprocessing is not imported for it (the menu's first frame needs none).
"""

if __name__ == "__main__":
    import sys

    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()

    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import main

    raise SystemExit(main())
