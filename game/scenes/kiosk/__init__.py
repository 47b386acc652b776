"""Kiosk mode: the café table (:mod:`.kiosk`), the operator's PIN pad and the attract mode."""
