"""`manage.py makemessages` that also finds the engine's messages: `msg`, `pmsg`, `nmsg`.

The engine stays free of Django (scorebook/engine/messages.py); its ids are ordinary gettext
ids, found by these keywords, so one catalogue per language holds the pages and the engine.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [  # noqa: RUF012 (Django's own attribute)
        *makemessages.Command.xgettext_options,
        "--keyword=msg",
        "--keyword=pmsg:1c,2",
        "--keyword=nmsg:1,2",
    ]
    # A new message is translated by a person, never guessed from a similar one.
    msgmerge_options = [  # noqa: RUF012
        *makemessages.Command.msgmerge_options,
        "--no-fuzzy-matching",
    ]
