"""Shape checks of the club pages' forms (the rules are in `scorebook.clubservices`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorebook.models import ClubMember, Night, Player


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=80)


class MemberForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=ClubMember.ROLES, initial=ClubMember.SCORER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=ClubMember.ROLES)


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name of the season"), max_length=60)
    start = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))


class MoveNightForm(forms.Form):
    night = forms.ModelChoiceField(label=_("Night"), queryset=Night.objects.none())
    merge = forms.BooleanField(label=_("Merge players of the same name"), required=False)

    def __init__(self, *args: Any, nights: list[Night], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["night"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Night.objects.filter(pk__in=[n.pk for n in nights])
        field.label_from_instance = _night_label  # type: ignore[method-assign,assignment]


class MovePlayerForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    merge = forms.BooleanField(label=_("Merge players of the same name"), required=False)

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Player.objects.filter(pk__in=[p.pk for p in players])


def _night_label(night: Night) -> str:
    from scorebook.templatetags.display import game_title

    return f"{night.date.isoformat()} · {game_title(night.variant)} · {', '.join(night.seating)}"
