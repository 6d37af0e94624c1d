"""The hand form's inputs as Django form fields and widgets, made from the record schema.

Every input of the hand form is a Django form field built by `hand_field` from its leaf of
the variant's record (scorebook/engine/shape.py): the label and help in players' words, the
choices, the range. `HandFields` is the Django form that holds them while a hand template
renders; the `{% field %}` tag (templatetags/handform.py) adds each input to it and lays the
bound field out. The widgets render what a player taps at the table: chips (a radio or a
checkbox inside `label.chip`, so a chip is one tap and hand.js can untap it), a text input
that opens the phone's number pad, a select for the longer lists.

Reading the posted form back into a record stays with `scorebook.forms.parse_hand`: the
variant's reader, not a field, decides what a value means next to the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

# Widget names as the hand templates ask for them (`{% field … widget="radio" %}`); "fixed"
# is a grid cell's hidden value.
CHIP_WIDGETS = ("radio", "player_radio")
CHECK_WIDGETS = ("players", "checks")
SELECT_WIDGETS = ("select", "player")

Options = Sequence[tuple[str, str]]


class _ChipOptions:
    """Chips in the grids (announced figures, held bonuses) are the small ones."""

    small = False

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(*args, **kwargs)  # type: ignore[misc]
        option["small"] = self.small
        return option


class Chips(_ChipOptions, forms.RadioSelect):
    """One answer as a row of chips (tapping the chosen chip again clears it: hand.js)."""

    template_name = "scorebook/widgets/chips.html"
    option_template_name = "scorebook/widgets/chip.html"

    def __init__(self, small: bool = False) -> None:
        super().__init__()
        self.small = small


class CheckChips(_ChipOptions, forms.CheckboxSelectMultiple):
    """Several answers as chips. With `repeats`, a choice listed n times (a card the pack
    holds n times) is n chips, the first k ticked when the value holds it k times; with
    `always_sent`, an empty list is posted when none is ticked (a hidden blank)."""

    template_name = "scorebook/widgets/chips.html"
    option_template_name = "scorebook/widgets/chip.html"

    def __init__(self, repeats: bool = False, always_sent: bool = False, small: bool = False):
        super().__init__()
        self.repeats, self.always_sent, self.small = repeats, always_sent, small

    def get_context(self, name: str, value: Any, attrs: Any) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["always_sent"] = self.always_sent
        return context

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


class Dropdown(forms.Select):
    template_name = "scorebook/widgets/select.html"
    option_template_name = "scorebook/widgets/option.html"


class NumberPad(forms.TextInput):
    """A whole number: a text input (so "5x2" reaches the engine's message, not the
    browser's) that opens the number pad; its range rides along for hand.js."""

    template_name = "scorebook/widgets/input.html"

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        super().__init__()
        self.lo, self.hi = lo, hi

    def get_context(self, name: str, value: Any, attrs: Any) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"] |= {"number": True, "lo": self.lo, "hi": self.hi}
        return context


class Words(forms.TextInput):
    template_name = "scorebook/widgets/input.html"


class Fixed(forms.HiddenInput):
    """A value a row always carries (the figure of a grid cell): see forms.FIXED."""

    template_name = "scorebook/widgets/hidden.html"


class Tick(forms.CheckboxInput):
    """A yes/no box; ticked, it sends "1"."""

    template_name = "scorebook/widgets/tick.html"


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
