"""Sound: the cues the game plays (:mod:`.audio`), the worker that renders them off the frame
thread (:mod:`.worker`) and their start when the window opens (:mod:`.start`)."""
