"""One match being played, without pygame: the session (its table, its seats, its outcome),
the keeper that saves it after every action (:mod:`.keeper`) and keeps it in Recent matches
when it ends (:mod:`.kept`), the computer seats' worker process (:mod:`.runner`,
:mod:`.computer_move`) and the review's job (:mod:`.review_worker`).

Nothing here imports a scene, the view, the input layer or pygame (``tests/test_layers.py``).
"""
