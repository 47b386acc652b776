"""Screenshot cases of the ways to play: keyboard, gamepad, pass and play, kiosk, statistics."""

from __future__ import annotations

import pygame

from game.commands.shots.camera import FRAME, Camera
from game.commands.shots.states import mid_round
from game.rules import Play, Rules


def device_shots(cam: Camera) -> None:
    """Keyboard focus, gamepad prompts, pass and play's cover, the kiosk's attract mode and
    PIN pad."""
    from game.input.intents import Device
    from game.match.session import MatchConfig, Session
    from game.scenes.kiosk.kiosk import AttractScene, Kiosk, KioskConfig, PinPadScene, PinSetupScene
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.cover import CoverScene
    from game.scenes.play.pause import PauseScene
    from game.scenes.play.table import TableScene

    app = cam.app
    state, seed = mid_round(4, Rules.standard(), 20)
    table = cam.table(state, seed)
    cam.settle(0.6)
    # the keyboard: a visible focus on a tile, its keys in the prompt line
    cam.key(pygame.K_RIGHT)
    cam.settle(0.3)
    cam.shot("19_keyboard_focus_on_a_tile")
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    if plays:
        for _ in range(40):
            if table.nav.key == ("tile", plays[0].tile):
                break
            cam.key(pygame.K_TAB)
        cam.key(pygame.K_RETURN)
        cam.settle(0.4)
        cam.shot("20_keyboard_focus_on_a_lit_train")
        cam.key(pygame.K_ESCAPE)
        cam.settle(0.3)
    # a gamepad: the same focus, the pad's buttons in the prompt
    cam.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    cam.settle(0.3)
    cam.shot("21_gamepad_prompt")
    app.push(PauseScene(app, table.session))
    cam.settle(0.4)
    cam.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    cam.settle(0.2)
    cam.shot("22_gamepad_pause_menu")
    app.router.last_device = Device.MOUSE

    # pass and play: the cover between two people's turns, then a hand face down
    config = MatchConfig(3, Rules.standard(), "greedy", 5, humans=2)
    people = Session(config, inline=True)
    people.start_round()
    app.reset(MenuScene(app), TableScene(app, people))
    for _ in range(60 * 30):
        if isinstance(app.top, CoverScene):
            break
        app.step(FRAME)
    cam.settle(1.0)
    cam.shot("23_pass_and_play_cover")
    cover = app.top
    if isinstance(cover, CoverScene):
        cover.reveal()
        cam.settle(0.6)
        cam.shot("24_pass_and_play_your_hand")

    # the kiosk: computer players on the table until someone touches it; the PIN pad
    kiosk = Kiosk(app, KioskConfig(pin="1234"))
    app.kiosk = kiosk
    app.reset(AttractScene(app, seed=3))
    cam.settle(6.0)
    cam.shot("25_kiosk_attract")
    app.push(PinPadScene(app, kiosk))
    cam.settle(0.4)
    cam.shot("26_kiosk_pin_pad")
    # three wrong PINs: the pad locks, with a countdown
    kiosk.failures, kiosk.locked_for = 3, 28.0
    app.reset(AttractScene(app, seed=3), PinPadScene(app, kiosk))
    cam.settle(0.4)
    cam.shot("26b_kiosk_pin_pad_locked")
    kiosk.failures, kiosk.locked_for = 0, 0.0
    # the first kiosk start: the operator chooses a PIN
    app.reset(PinSetupScene(app, kiosk))
    cam.settle(0.4)
    cam.shot("26c_kiosk_first_start")
    cam.table(*mid_round(3, Rules.standard(), 6))
    cam.settle(0.5)
    app.idle = kiosk.config.idle_seconds - 6
    app.step(FRAME)
    cam.shot("27_kiosk_still_playing")
    kiosk.unlocked = True
    app.kiosk = None
    app.idle = 0.0


def statistics_shot(cam: Camera) -> None:
    """The statistics page, with a match against each level played."""
    from game.scenes.pages.statistics import StatisticsScene
    from game.store.home import Statistics

    stats = Statistics()
    for i, level in enumerate(("easy", "normal", "hard", "greedy", "random")):
        stats.record_match(level, 40 + 17 * i, i % 2 == 0)
        stats.record_match(level, 95 + 3 * i, False)
    cam.show("29_statistics", StatisticsScene(cam.app, stats))
    # Quick play (or any new match) over a saved one that is not finished: asked first.
    from game.scenes.kit.question import SavedMatchQuestion
    from game.scenes.pages.menu import MenuScene

    cam.show(
        "29b_saved_match_question", MenuScene(cam.app), SavedMatchQuestion(cam.app, lambda: None)
    )
