"""Every string the screens need, translated now: the list the tests render in each language."""

from __future__ import annotations

from game.i18n.language import _, ngettext, pgettext, translate
from game.i18n.phrases import reason_messages


def seeded_strings() -> list[str]:
    """Every string the screens need, translated now (placeholders unfilled).

    This puts the screens' words in the catalog before the screens themselves call ``_()``;
    a screen that wraps one of them uses exactly the same msgid (and context). Tests render
    the result in every language.
    """
    n = 2
    return [
        # the main menu and the words every screen shares
        _("Mexican Train"),
        _("Dominoes against the computer"),
        _("Quick play"),
        _("Custom table"),
        _("How to play"),
        _("Settings"),
        _("Quit"),
        # Translators: the main menu's line under the title; {table} is e.g.
        # "4 players · Standard rules · Opponents: Normal"
        _("Quick play: {table}"),
        ngettext("{n} player", "{n} players", n),
        _("Standard rules"),
        _("Station rules"),
        # Translators: {level} is an opponent level (Easy, Normal, Hard ...)
        _("Opponents: {level}"),
        _("Back"),
        _("Start"),
        _("Close"),
        _("Play again"),
        _("Main menu"),
        _("Options"),
        # the pause menu
        _("Paused"),
        _("Pause"),
        _("Resume"),
        _("Resume game"),
        _("Rules"),
        _("Leave the match"),
        # the table: buttons, prompts and the words on the seats' badges
        _("Draw"),
        _("Done"),
        _("Sort"),
        _("Your turn"),
        # Translators: on the badge of the player whose turn it is: keep it short
        _("YOUR TURN"),
        _("{name}'s turn"),
        _("{name} must satisfy the double on {train}"),
        _("{name} played a double and plays again"),
        _("Satisfy the double on {train}"),
        _("Nothing satisfies the double on {train}: draw a tile"),
        _("No tile satisfies the double: your marker goes on your train"),
        _("No play: your marker goes on your train"),
        _("You can't follow your double: draw a tile"),
        _("No tile fits: draw from the boneyard"),
        # Translators: {tile} is a tile such as 5|9
        _("You drew {tile}: play it"),
        _("You played a double: play one more tile"),
        _("Keep building your train, or press Done"),
        _("Your first turn: start your train"),
        _("Your turn: drag a tile to a lit train, or tap a tile then a train"),
        _("Drop the tile on a lit train"),
        ngettext("{n} tile", "{n} tiles", n),
        ngettext("{n} pip", "{n} pips", n),
        # Translators: a player's score on their badge, abbreviated
        _("{n} pts"),
        _("You"),
        # Translators: "you" inside a list of names ("Ana and you")
        _("you"),
        _("Mexican train"),
        _("Open to everyone"),
        _("Train open to all"),
        _("Went out!"),
        _("Round {n} of {total}"),
        # Translators: the round's starting double, shown in the top bar
        _("Engine"),
        _("Boneyard {n}"),
        _("Boneyard empty"),
        # Translators: the label on the hub in the middle of the table
        pgettext("hub", "Station"),
        _("Open double!"),
        # Translators: on a double that must be satisfied: keep it short
        _("OPEN DOUBLE"),
        _("{tile} on {train} must be satisfied"),
        # Translators: a speech bubble when a player passes
        pgettext("bubble", "Pass"),
        _("You went out!"),
        _("Your hand is empty"),
        _("{name} went out!"),
        _("The round is blocked"),
        _("Nobody can play and the boneyard is empty"),
        _("You place the engine"),
        _("{name} places the engine"),
        _("{tile} starts round {n}"),
        # the deal
        _("Round {n}: shuffling the tiles"),
        _("Round {n}: dealing"),
        _("Nobody holds {tile}: drawing for it"),
        _("Who holds {tile}?"),
        _("Click to skip"),
        # the round summary
        pgettext("column", "Round"),
        pgettext("column", "Total"),
        pgettext("column", "Hand left"),
        # Translators: the tag after a seat's name (which may be "You") when it went out: a
        # form that fits any seat
        _("went out"),
        # Translators: the tag of the lowest hand in a blocked round
        _("lowest"),
        # Translators: an empty hand in the round summary
        _("empty"),
        # Translators: {names} is one name or a list of names ("Ana and Bo")
        ngettext("{names} went out", "{names} went out", n),
        _("Blocked: nobody can play. Lowest hand: {names}"),
        _("Next round"),
        _("See the final results"),
        # the end of the match
        _("You win the match!"),
        _("{name} wins the match"),
        _("Shared win: {names}"),
        _("Lowest total wins"),
        _("Highest total wins"),
        _("Level on points: decided by the most rounds won"),
        _("Level on points and rounds won: decided by the lowest single round"),
        _("Level on every tie-break: first place is shared"),
        # Translators: a place in the final standings ("{n}." where the language writes so)
        pgettext("place", "{n}."),
        ngettext("{n} round won", "{n} rounds won", n),
        # settings
        _("Language"),
        _("Opponents' pace"),
        _("Opponent pace"),
        _("Slow"),
        _("Normal"),
        _("Fast"),
        _("Tile faces"),
        _("Numerals"),
        _("Pips"),
        _("Numerals on tiles"),
        _("Large tiles"),
        _("Colours"),
        _("Theme"),
        # Translators: the name of the default colour theme (a Mexican tavern)
        _("Cantina"),
        _("Colour-blind safe"),
        _("High contrast"),
        _("Light playable tiles"),
        _("On"),
        _("Off"),
        _("Animations"),
        _("Animation speed"),
        _("Off (reduced motion)"),
        _("Reduced motion"),
        _("Volume"),
        _("Mute"),
        # the custom table
        _("Players"),
        _("Opponents"),
        _("Rounds"),
        _("Scoring"),
        _("First turn: lay a line"),
        _("First turn: draw if stuck"),
        _("Open doubles at once"),
        _("Double blank counts"),
        # Translators: the number of players and, in brackets, how many are the computer
        _("{n} (you and {others})"),
        pgettext("preset", "Standard"),
        pgettext("preset", "Station"),
        _("Full match"),
        _("Lowest wins"),
        _("Highest wins"),
        _("Yes"),
        _("No"),
        _("No limit"),
        ngettext("{n} point", "{n} points", n),
        # Translators: {n} is the highest number on the set's tiles: 6, 9, 12, 15 or 18
        _("Double-{n} set"),
        ngettext("{n} tile each", "{n} tiles each", n),
        ngettext("{n} round", "{n} rounds", n),
        # Translators: {tile} is the first round's engine, such as 12|12
        _("engine {tile} first"),
        # the computer opponents' levels
        pgettext("opponent", "Easy"),
        pgettext("opponent", "Normal"),
        pgettext("opponent", "Hard"),
        pgettext("opponent", "Greedy"),
        pgettext("opponent", "Random"),
        # keyboard and gamepad hints, pass-and-play, the kiosk, statistics
        # Translators: a hint: move the focus between choices
        _("Choose"),
        # Translators: a hint: take the focused choice
        _("Select"),
        _("Change"),
        _("OK"),
        _("Cancel"),
        _("Clear"),
        _("Sound"),
        _("Statistics"),
        _("Choose a train"),
        # Translators: a hint: play the picked-up tile
        _("Play"),
        _("Put back"),
        # Translators: a hint: pick a tile up from your hand
        _("Pick up"),
        _("Your turn: drag a tile to a lit train, or click a tile then a train"),
        _("Your turn: choose a tile and play it"),
        _("Choose a lit train for {tile}"),
        _("Wait for your turn"),
        _("People at this device"),
        _("Just you"),
        # Translators: {n} people share one device, handing it round
        _("{n}, pass and play"),
        # Translators: the next line under it is the name of the player
        _("Pass the device to"),
        _("Everyone else, please look away"),
        _("Click to show your hand"),
        _("Tap to show your hand"),
        _("Show your hand"),
        _("Still playing?"),
        _("Touch the screen or press any key to carry on."),
        # Translators: {n} counts down the seconds
        _("Back to the start in {n}"),
        _("Operator PIN"),
        _("Wrong PIN"),
        _("Touch to play"),
        _("Games"),
        _("Wins"),
        _("Win rate"),
        # Translators: the best match total
        _("Best"),
        _("Average"),
        _("All matches"),
        _("Scores are match totals: the best is the lowest (the highest when scoring is positive)"),
        _("No match played to the end yet: finish one and it is counted here"),
        # Translators: {name} is a gamepad's name
        _("{name} connected"),
        _("Gamepad"),
        # refusals (see reason_messages)
        ngettext("that would leave {n} double open", "that would leave {n} doubles open", n),
        *(translate(message) for message in reason_messages().values()),
    ]
