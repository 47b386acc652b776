"""Entry point: ``python main.py`` plays the game; ``python main.py --help`` lists commands."""

from game.cli import main

raise SystemExit(main())
