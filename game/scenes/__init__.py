"""The screens, by wing: :mod:`.kit` (what screens are made of), :mod:`.play` (the match at
the table), :mod:`.pages` (menu and the pages around it), :mod:`.review` (review and replay)
and :mod:`.kiosk`. A screen learns which screen comes next only from :mod:`.flow`."""
