"""Looking back at a match: the review's job and progress, the review table, its overlay,
its summary and its words, and ``main.py replay``."""
