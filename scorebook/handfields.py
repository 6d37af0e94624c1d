"""The hand form's inputs as Django form fields and widgets, made from the record schema.

Every input of the hand form is a Django form field built by `hand_field` from its leaf of
the variant's record (scorebook/engine/shape.py): the label and help in players' words, the
choices, the range. `HandFields` is the Django form that holds them while a hand template
renders; the `{% field %}` tag (templatetags/handform.py) adds each input to it and lays the
bound field out. The widgets write out what a player taps at the table: chips (a radio or a
checkbox inside `label.chip`, so a chip is one tap and hand.js can untap it), a text input
that opens the phone's number pad, a select for the longer lists.

Reading the posted form back into a record stays with `scorebook.forms.parse_hand`: the
variant's reader, not a field, decides what a value means next to the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

# Widget names as the hand templates ask for them (`{% field … widget="radio" %}`); "fixed"
# is a grid cell's hidden value.
CHIP_WIDGETS = ("radio", "player_radio")
CHECK_WIDGETS = ("players", "checks")
SELECT_WIDGETS = ("select", "player")

Options = Sequence[tuple[str, str]]


class _Choices:
    """A choice widget written out in Python: a form holds hundreds of chips, and a template
    render per widget made the page three times slower. `optgroups` still says which
    options are chosen."""

    small = False  # chips in the grids (announced figures, held bonuses) are the small ones

    def shown(self, name: str, value: Any) -> Any:
        """Each option as ChoiceWidget works it out (value, label, selected)."""
        return self.options(name, self.format_value(value))  # type: ignore[attr-defined]

    def chips(self, name: str, value: Any, kind: str) -> SafeString:
        size = "chip small" if self.small else "chip"
        return format_html_join(
            "",
            '<label class="{}"><input type="{}" name="{}" value="{}"{}><span>{}</span></label>',
            (
                (size, kind, name, o["value"], _on(o["selected"], " checked"), o["label"])
                for o in self.shown(name, value)
            ),
        )


def _on(flag: bool, text: str) -> SafeString:
    return SafeString(text if flag else "")


class Chips(_Choices, forms.RadioSelect):
    """One answer as a row of chips (tapping the chosen chip again clears it: hand.js)."""

    def __init__(self, small: bool = False) -> None:
        super().__init__()
        self.small = small

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        return self.chips(name, value, "radio")


class CheckChips(_Choices, forms.CheckboxSelectMultiple):
    """Several answers as chips. With `repeats`, a choice listed n times (a card the pack
    holds n times) is n chips, the first k ticked when the value holds it k times; with
    `always_sent`, an empty list is posted when none is ticked (a hidden blank)."""

    def __init__(self, repeats: bool = False, always_sent: bool = False, small: bool = False):
        super().__init__()
        self.repeats, self.always_sent, self.small = repeats, always_sent, small

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        blank = format_html('<input type="hidden" name="{}" value="">', name)
        return (blank if self.always_sent else SafeString("")) + self.chips(name, value, "checkbox")

    def optgroups(self, name: str, value: list[str], attrs: Any = None) -> list[Any]:
        groups = super().optgroups(name, value, attrs)
        if self.repeats:
            seen: dict[str, int] = {}
            for _group, options, _index in groups:
                for option in options:
                    v = str(option["value"])
                    seen[v] = seen.get(v, 0) + 1
                    option["selected"] = value.count(v) >= seen[v]
        return groups


class Dropdown(_Choices, forms.Select):
    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (o["value"], _on(o["selected"], " selected"), o["label"])
                for o in self.shown(name, value)
            ),
        )
        return format_html('<select name="{}" id="{}">{}</select>', name, _id(attrs), options)


def _id(attrs: Any) -> str:
    return str((attrs or {}).get("id", ""))


class NumberPad(forms.TextInput):
    """A whole number: a text input (so "5x2" reaches the engine's message, not the
    browser's) that opens the number pad; its range rides along for hand.js."""

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        super().__init__()
        self.lo, self.hi = lo, hi

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        limits = format_html_join(
            "",
            ' data-{}="{}"',
            (
                (key, bound)
                for key, bound in (("min", self.lo), ("max", self.hi))
                if bound is not None
            ),
        )
        return format_html(
            '<input type="text" inputmode="numeric" pattern="-?[0-9]*" name="{}" id="{}" '
            'value="{}"{} autocomplete="off">',
            name,
            _id(attrs),
            "" if value is None else value,
            limits,
        )


class Words(forms.TextInput):
    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        return format_html(
            '<input type="text" name="{}" id="{}" value="{}" autocomplete="off">',
            name,
            _id(attrs),
            "" if value is None else value,
        )


class Fixed(forms.HiddenInput):
    """A value a row always carries (the figure of a grid cell): see forms.FIXED."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        return format_html('<input type="hidden" name="{}" value="{}">', name, value or "")


class Tick(forms.CheckboxInput):
    """A yes/no box; ticked, it sends "1"."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        return format_html(
            '<input type="checkbox" name="{}" id="{}" value="1"{}>',
            name,
            _id(attrs),
            _on(bool(value), " checked"),
        )


def hand_field(
    widget: str,
    options: Options,
    *,
    label: str,
    help_text: str = "",
    lo: int | None = None,
    hi: int | None = None,
    blank: str = "",
    small: bool = False,
) -> forms.Field:
    """The Django field of one hand input. `options` are the schema's choices (or the
    players) as (value posted, words shown); a `blank` chip or option, when given, comes
    first and sends nothing ("not said", or "nobody" where the answer may be null)."""
    common: dict[str, Any] = {"label": label, "help_text": help_text, "required": False}
    first = [("", blank)] if blank and widget in (*CHIP_WIDGETS, *SELECT_WIDGETS) else []
    if widget in CHIP_WIDGETS:
        return forms.ChoiceField(choices=[*first, *options], widget=Chips(small), **common)
    if widget in CHECK_WIDGETS:
        repeats = always_sent = widget == "checks"
        checks = CheckChips(repeats, always_sent, small)
        return forms.MultipleChoiceField(choices=list(options), widget=checks, **common)
    if widget in SELECT_WIDGETS:
        return forms.ChoiceField(choices=[*first, *options], widget=Dropdown, **common)
    if widget == "number":
        return forms.IntegerField(min_value=lo, max_value=hi, widget=NumberPad(lo, hi), **common)
    if widget == "checkbox":
        return forms.BooleanField(widget=Tick, **common)
    if widget == "fixed":
        return forms.CharField(widget=Fixed, **common)
    return forms.CharField(widget=Words, **common)


class HandFields(forms.Form):
    """The hand form as Django sees it: one field per input the hand template lays out,
    added as it renders (a list has as many rows as the hand holds, and one to spare).
    It is never bound: what the user typed comes back through `parse_hand`, and each
    field shows the value the `{% field %}` tag works out (typed, stored or default)."""

    def __init__(self) -> None:
        super().__init__(auto_id=False)  # each input's id is the one the tag gives it

    def add(self, name: str, field: forms.Field, value: Any) -> forms.BoundField:
        """Add the input `name` showing `value`, and return it bound to this form."""
        self.fields[name] = field
        self.initial[name] = value
        return self[name]
