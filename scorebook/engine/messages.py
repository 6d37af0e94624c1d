"""What the engine says, without saying it in any language.

Every breakdown line, summary, label and problem is a `Msg`: a message id (the English text,
with `{named}` gaps) and its arguments (numbers, names, or other messages such as a figure's
name). The engine never renders one; the app and the scorer look the id up in the gettext
catalogues (`locale/<lang>/LC_MESSAGES/django.po`) and fill the gaps, so adding a language is
one catalogue and no engine change.

Write ids as string literals in `msg(…)`, `pmsg(context, …)` or `nmsg(singular, plural, n,
…)` calls: `makemessages` finds them by those names (scorebook/management/commands/
makemessages.py). A context tells translators which grammatical form a word needs where one
English word has several in another language (a bid named as a subject or in the dative).
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from itertools import chain
from typing import NamedTuple, Protocol


class Msg(NamedTuple):
    """A message id with its arguments; hashable, so texts can be cached and compared."""

    id: str
    # The arguments, flat: name, value, name, value… A value is a number or name shown as it
    # is, or a message translated in its turn. Flat, so a night of thousands of lines keeps
    # one plain tuple per message for the garbage collector to skip, not one per argument.
    args: tuple[str | int | Msg, ...] = ()
    context: str = ""
    plural: str = ""  # with `n`: the English plural id (ngettext)
    n: int = 0

    def __str__(self) -> str:
        """The English text: the id with its gaps filled (messages of exceptions, tests)."""
        return render(self, ENGLISH)

    def pairs(self) -> zip[tuple[str | int | Msg, str | int | Msg]]:
        """The arguments as (name, value) pairs."""
        return zip(self.args[::2], self.args[1::2], strict=True)

    def arg(self, name: str) -> str | int | Msg:
        return dict(self.pairs())[name]


# One object per distinct message: a night repeats the same few lines thousands of times, and
# every message kept alive is one more object for the garbage collector to walk over.
_one = lru_cache(maxsize=8192)(Msg)


def msg(id: str, /, **args: str | int | Msg) -> Msg:
    """A message: `msg("{who} pays {amount}", who="Anna", amount=4)`."""
    return _one(id, tuple(chain.from_iterable(args.items())))


def pmsg(context: str, id: str, /, **args: str | int | Msg) -> Msg:
    """A message with a translation context (pgettext)."""
    return _one(id, tuple(chain.from_iterable(args.items())), context)


def nmsg(singular: str, plural: str, count: int, /, **args: str | int | Msg) -> Msg:
    """A message whose wording depends on a number (ngettext); `{count}` fills with it."""
    return _one(singular, ("count", count, *chain.from_iterable(args.items())), "", plural, count)


NO_MSG = Msg("")


def said(text: str) -> Msg:
    """Text that is already in the reader's language (e.g. from the app's own gettext): it
    passes every catalogue unchanged, as no catalogue holds the id `{text}`."""
    return Msg("{text}", ("text", text))


class Catalogue(Protocol):
    """What rendering needs of a translation: the stdlib's and Django's gettext both fit."""

    def gettext(self, message: str, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


# The engine's own language: the ids are English.
ENGLISH: Catalogue = gettext.NullTranslations()


def render(message: Msg, catalogue: Catalogue = ENGLISH) -> str:
    """The message in the catalogue's language, its arguments rendered the same way."""
    if not message.id:
        return ""
    text = _lookup(message, catalogue)
    if not message.args:
        return text
    args = {str(k): render(v, catalogue) if type(v) is Msg else v for k, v in message.pairs()}
    return text.format_map(args)


def _lookup(message: Msg, catalogue: Catalogue) -> str:
    if message.plural:
        if message.context:
            return catalogue.npgettext(message.context, message.id, message.plural, message.n)
        return catalogue.ngettext(message.id, message.plural, message.n)
    if message.context:
        return catalogue.pgettext(message.context, message.id)
    return catalogue.gettext(message.id)


def to_json(message: Msg) -> dict[str, object]:
    """A message as stored with a hand: its id and arguments, never a rendered text."""
    data: dict[str, object] = {"id": message.id}
    if message.args:
        data["args"] = {str(k): to_json(v) if type(v) is Msg else v for k, v in message.pairs()}
    if message.context:
        data["context"] = message.context
    if message.plural:
        data["plural"], data["n"] = message.plural, message.n
    return data


def from_json(data: dict[str, object]) -> Msg:
    """The inverse of `to_json` (stored rows are the app's own data, written by `to_json`)."""
    args = data.get("args") or {}
    assert isinstance(args, dict)
    return Msg(
        str(data["id"]),
        tuple(
            x for k, v in args.items() for x in (str(k), from_json(v) if isinstance(v, dict) else v)
        ),
        str(data.get("context", "")),
        str(data.get("plural", "")),
        int(data.get("n", 0)),  # type: ignore[call-overload]
    )
