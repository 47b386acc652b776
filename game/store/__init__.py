"""Everything the game keeps on disk, knowing nothing of a match on screen.

The data folder (the *home*) and its four files (:mod:`.home`, the values in them
:mod:`.values`, the settings' fields :mod:`.settings`), the one checked reader of every file
there (:mod:`.data_files`), files written whole or not at all (:mod:`.safe_files`), the match
log and the autosave thread that keep a match in progress (:mod:`.match_log`,
:mod:`.autosave`), the last finished matches and their kept reviews (:mod:`.recent`,
:mod:`.recent_entry`, :mod:`.review_files`) and the crash log (:mod:`.crash_log`).

Nothing here imports a scene, the view, the input layer, sound or pygame, nor the match being
played (``tests/test_layers.py`` holds it so): what a match is, the store learns from the
rules and the records.
"""
