"""What the screens are made of: the scene itself (:mod:`.base`), a scene run by buttons, a
scrolled list of cards, a page of options, a question, a level's card, the table's seating
and its sound cues. Any wing may use the kit; the kit uses no wing."""
