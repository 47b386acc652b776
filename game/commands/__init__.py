"""The command-line tools beside the game: ``simulate`` (:mod:`.simulate`: matches between
computer players, without a window), ``tournament`` (:mod:`.tournament`) and ``screenshots``
(:mod:`.screenshots` and its cases in :mod:`.shots`)."""
