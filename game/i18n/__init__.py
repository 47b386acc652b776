"""Translations: what the game imports to speak a player's language (``from game.i18n import _``).

The game speaks English (the source strings), Irish (``ga``), Tamil (``ta``), Icelandic
(``is``) and Basque (``eu``). Every name below is imported from here; the code lives in:

* ``language``: the language spoken now and the calls ``_``, ``ngettext``, ``pgettext``,
  ``npgettext``, ``N_`` and ``translate``;
* ``catalog``: a language's ``.po`` catalog, read with polib (no ``.mo`` compile step), its
  ``Plural-Forms`` compiled by the standard library's gettext. Fuzzy, empty and obsolete
  entries are not used, as gettext does; a missing translation falls back to the English;
* ``files``: where the catalogs and rules pages are: next to the ``game`` package, inside a
  PyInstaller bundle (``sys._MEIPASS``), or wherever ``MEXICAN_TRAIN_ASSETS`` points;
* ``phrases``: the rules' refusals in words, trains named from a seat, lists of names;
* ``wrap``: text cut into lines, never inside a Tamil letter with its marks;
* ``rules_text``: the rules page (``assets/rules/<code>.txt``) assembled for a table's rules;
* ``seeded``: every string the screens need, for the tests that render them.

``tools/i18n_extract.py`` (Babel, a development tool) collects the marked calls under
``game/`` into ``assets/locale/mexican_train.pot`` and merges it into each language's ``.po``.

Use: ``set_language("ga")`` once (and on a settings change), then ``_("Quick play")``,
``ngettext("{n} tile", "{n} tiles", n).format(n=n)``, ``pgettext("opponent", "Normal")``.
Text drawn through ``game.view.typeset`` gets the Tamil font, shaped with its script set, when
it has Tamil letters (``fonts.script_of``); drawing with ``get_font`` directly, pass
``script_for(current_language())``.
"""

from __future__ import annotations

from game.i18n.catalog import (
    PLURAL_FORMS,
    Catalog,
    IntFn,
    MessageKey,
    PluralFormsError,
    PoError,
    compile_plural,
    empty_catalog,
    parse_plural_forms,
    parse_po,
    read_catalog,
)
from game.i18n.files import (
    ASSETS_ENV,
    DOMAIN,
    assets_dir,
    catalog_path,
    data_files,
    locale_dir,
    rules_path,
    template_path,
)
from game.i18n.language import (
    DEFAULT,
    LANGUAGES,
    N_,
    _,
    add_listener,
    all_translations,
    available_languages,
    current_language,
    forget_catalogs,
    gettext,
    language_name,
    load_catalog,
    ngettext,
    normalize,
    npgettext,
    pgettext,
    remove_listener,
    script_for,
    set_language,
    system_language,
    translate,
)
from game.i18n.phrases import (
    deal_problem,
    join_names,
    place_label,
    reason_messages,
    reason_text,
    train_label,
)
from game.i18n.rules_text import (
    RULES_BLOCKS,
    RulesText,
    RulesTextError,
    forget_rules_texts,
    parse_rules_text,
    rules_document,
    rules_heading,
    rules_sections,
)
from game.i18n.seeded import seeded_strings
from game.i18n.wrap import graphemes, word_parts, wrap_text


def reload() -> None:
    """Forget loaded catalogs and rules pages (after editing a file)."""
    forget_rules_texts()
    forget_catalogs()


__all__ = [
    "ASSETS_ENV",
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "PLURAL_FORMS",
    "RULES_BLOCKS",
    "Catalog",
    "IntFn",
    "MessageKey",
    "PluralFormsError",
    "PoError",
    "RulesText",
    "RulesTextError",
    "_",
    "add_listener",
    "all_translations",
    "assets_dir",
    "available_languages",
    "catalog_path",
    "compile_plural",
    "current_language",
    "data_files",
    "deal_problem",
    "empty_catalog",
    "gettext",
    "graphemes",
    "join_names",
    "place_label",
    "language_name",
    "load_catalog",
    "locale_dir",
    "ngettext",
    "normalize",
    "npgettext",
    "parse_plural_forms",
    "parse_po",
    "parse_rules_text",
    "pgettext",
    "read_catalog",
    "reason_messages",
    "reason_text",
    "reload",
    "remove_listener",
    "rules_document",
    "rules_heading",
    "rules_path",
    "rules_sections",
    "script_for",
    "seeded_strings",
    "set_language",
    "system_language",
    "template_path",
    "train_label",
    "translate",
    "word_parts",
    "wrap_text",
]
