"""Import a night from a scoresheet; download a night as a scoresheet or CSV."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core import validators
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scorebook import access, sheets
from scorebook.engine.errors import InvalidSheet, Problem
from scorebook.engine.scoresheet import Sheet
from scorebook.models import Night
from scorebook.requests import SignedInRequest
from scorebook.speech import say

MAX_UPLOAD = 5 * 1024 * 1024  # a scoresheet of thousands of hands is far smaller
# Room the form's other fields and the multipart envelope take beside the pasted text.
FORM_MARGIN = 64 * 1024


def paste_limit() -> int:
    """The longest text that can be pasted: Django refuses a request whose fields (files
    not counted) exceed DATA_UPLOAD_MAX_MEMORY_SIZE with a bare 400, so the textarea's
    maxlength stays under it (a file is not counted: it may be the full MAX_UPLOAD)."""
    allowed = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return MAX_UPLOAD if allowed is None else min(MAX_UPLOAD, allowed - FORM_MARGIN)


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0")


class ImportForm(forms.Form):
    """Shape only: the file (or pasted text), and the night's date and place."""

    file = forms.FileField(label=gettext_lazy("Scoresheet file (.json)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("…or paste the scoresheet"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
    )
    # Empty: the scoresheet's own date and place (then today, no place).
    date = forms.DateField(
        label=gettext_lazy("Date"),
        required=False,
        help_text=gettext_lazy("Leave empty to keep the scoresheet's."),
    )
    place = forms.CharField(
        label=gettext_lazy("Place"),
        required=False,
        max_length=120,
        help_text=gettext_lazy("Leave empty to keep the scoresheet's."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        limit = paste_limit()
        self.fields["file"].help_text = _("Up to %(size)s MB.") % {"size": _megabytes(MAX_UPLOAD)}
        text = self.fields["text"]
        assert isinstance(text, forms.CharField)
        text.max_length = limit
        text.validators.append(validators.MaxLengthValidator(limit))
        text.widget.attrs["maxlength"] = str(limit)
        text.help_text = _("Up to %(size)s MB pasted; choose a larger sheet as a file instead.") % {
            "size": _megabytes(limit)
        }
        text.error_messages["max_length"] = text.help_text

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload, text = cleaned.get("file"), (cleaned.get("text") or "").strip()
        if upload is not None and upload.size > MAX_UPLOAD:
            raise forms.ValidationError(_("The file is larger than 5 MB."))
        if upload is None and not text and "text" not in self.errors:
            raise forms.ValidationError(_("Choose a scoresheet file or paste one."))
        return cleaned

    def raw(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        data: bytes | str = upload.read() if upload is not None else self.cleaned_data["text"]
        return data


@require_http_methods(["GET", "POST"])
@login_required
def import_night(request: SignedInRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    problems: list[Problem] = []
    if request.method == "POST" and form.is_valid():
        data, problems = sheets.parse_json(form.raw())
        sheet = None
        if not problems:  # the one check: the duplicate question and the import share it
            sheet, problems = sheets.check_sheet(data)
        duplicate = _duplicate(request, sheet) if sheet is not None and not problems else None
        if duplicate is not None:
            context = {"form": form, "problems": [], "duplicate": duplicate}
            return TemplateResponse(request, "scorebook/import.html", context)
        if sheet is not None and not problems:
            try:
                night = sheets.create_night_from_sheet(
                    owner=request.user,
                    data=data,
                    date=form.cleaned_data.get("date"),
                    place=form.cleaned_data.get("place") or "",
                    checked=sheet,
                )
            except InvalidSheet as refused:
                problems = refused.problems
            else:
                return redirect("night", pk=night.pk)
    return TemplateResponse(request, "scorebook/import.html", {"form": form, **_shown(problems)})


SHOWN_PROBLEMS = 20  # a sheet of thousands of bad hands answers with a short page


def _shown(problems: list[Problem]) -> dict[str, Any]:
    """The first SHOWN_PROBLEMS problems in words, the total and how many are not shown."""
    return {
        "problems": [p.describe(say) for p in problems[:SHOWN_PROBLEMS]],
        "problem_count": len(problems),
        "more_problems": max(len(problems) - SHOWN_PROBLEMS, 0),
    }


def _duplicate(request: SignedInRequest, sheet: Sheet) -> Night | None:
    """The user's night this sheet repeats, unless the import was confirmed anyway."""
    if request.POST.get("confirm_duplicate"):
        return None
    return sheets.same_night(request.user, sheet.session, list(sheet.records))


@require_GET
@login_required
def sheet_csv(request: SignedInRequest, pk: int) -> HttpResponse:
    night = access.night_for(request.user, pk)
    response = HttpResponse(sheets.export_csv(night), content_type="text/csv; charset=utf-8")
    stamp = night.date.isoformat() if isinstance(night.date, datetime.date) else ""
    response["Content-Disposition"] = f'attachment; filename="night-{pk}-{stamp}.csv"'
    return response
