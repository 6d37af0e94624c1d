"""The forms of an account: sign up, and the e-mail address a forgotten password is reset by."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

EMAIL_INPUT = forms.EmailInput(attrs={"autocomplete": "email"})
EMAIL_HELP = _(
    "Only to send you a link for a new password if you forget yours. Without one, ask the "
    "person who runs this site."
)


class SignupForm(UserCreationForm[User]):
    """A user name and a password; an e-mail address only if the player wants a way back
    to a forgotten password (a club account is often shared, and mail is not needed to score)."""

    email = forms.EmailField(
        label=_("E-mail (optional)"), required=False, help_text=EMAIL_HELP, widget=EMAIL_INPUT
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def name_taken(self) -> bool:
        return self.has_error("username", code="unique")


class EmailForm(forms.Form):
    """A new (or no) e-mail address, confirmed with the current password: whoever holds a
    signed-in phone must not be able to send the account's reset links elsewhere. The
    password is checked through authenticate(), so wrong ones count as failed log-ins."""

    email = forms.EmailField(
        label=_("E-mail"), required=False, help_text=EMAIL_HELP, widget=EMAIL_INPUT
    )
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, request: HttpRequest, user: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request, self.user = request, user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        found = authenticate(self.request, username=self.user.get_username(), password=password)
        if found is None or found.pk != self.user.pk:
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password
