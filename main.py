"""Entry point: ``python main.py`` plays the game; ``python main.py --help`` lists commands.

Also the standalone build's entry (build.spec): in a frozen app a worker process is this same
executable started again, and ``run_helper_process`` turns that start into the worker instead of
a second game, so it must run before anything else. For an ordinary start it imports nothing
(the menu's first frame needs no process).
"""

if __name__ == "__main__":
    import os

    from game.processes import run_helper_process

    run_helper_process()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import main

    raise SystemExit(main())
