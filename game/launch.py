"""The game as a player opens it: the window on the main menu, start-up work after the first frame.

:func:`open_app` builds the :class:`~game.app.App` with its saves and (``--kiosk``) the operator's
kiosk settings; :func:`run` opens it and plays until it is closed. Both are importable from
:mod:`game.app` too. A kiosk game started again by its supervisor after a stop
(:mod:`game.supervisor`) opens on the attract screen, as an idle kiosk does.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import pygame

from game import startup
from game.sound.start import warm_up_sounds
from game.view import fonts

if TYPE_CHECKING:
    from game.app import App
    from game.store.home import Store


def open_app(
    size: tuple[int, int] | None = None,
    store: Store | None = None,
    *,
    fullscreen: bool | None = None,
    kiosk: bool = False,
    attract: bool = False,
) -> App:
    """The game as a player starts it: settings and saves from ``store``, on the main menu.

    The first frame shows the menu; what it does not need (the sound effects, checking the
    saved game) is done after it is on screen. ``kiosk`` reads the operator's kiosk settings
    from the store's settings file; ``attract``: a kiosk with a way out opens on its attract
    screen instead. ``size`` and ``fullscreen`` None: the window as the player left it last
    time (see :class:`~game.app.App`).
    """
    from game.app import App

    kiosk_config = None
    if kiosk:
        from game.scenes.kiosk.kiosk import KioskConfig

        kiosk_config = KioskConfig.load(store)
    app = App(size, store=store, fullscreen=fullscreen, kiosk=kiosk_config)
    autoplay = os.environ.get(startup.AUTOPLAY_VARIABLE, "").strip()
    app.autoplay = autoplay or None
    from game.scenes.pages.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    if app.keeper is not None:
        keeper = app.keeper

        def check_saved_game() -> None:
            keeper.check()
            app.take_notices()
            if app.autoplay and app.top is menu:
                menu.start_autoplay()
            else:
                menu.offer_lesson()  # a first start: learn by playing (asked once)

        app.defer(check_saved_game)
    elif app.autoplay:
        app.defer(menu.start_autoplay)
    app.defer(lambda: warm_up_sounds(app))
    if attract and app.kiosk is not None and app.kiosk.config.has_way_out:
        app.kiosk.to_attract()  # as after an idle timeout: the table plays itself
    return app


def run(
    size: tuple[int, int] | None = None,
    max_frames: int | None = None,
    *,
    fullscreen: bool | None = None,
    kiosk: bool = False,
) -> int:
    """Open the window on the main menu and play until it is closed; the exit status.

    ``size``/``fullscreen`` None (not on the command line): as the player left the window."""
    from game.store.home import Store
    from game.supervisor import restarted

    fonts.share_faces()  # the first frame opens one font face, not one per text size
    try:
        store = Store()
        app = open_app(size, store, fullscreen=fullscreen, kiosk=kiosk, attract=restarted())
    except pygame.error as error:
        print(f"cannot open a window: {error}", file=sys.stderr)
        return 1
    try:
        return app.run(max_frames)
    finally:
        app.close()
