"""Helpers for the per-variant hand-form tests: what a browser sends, and the checks that
every variant's form test makes (stored record, totals equal a replay, problem placement)."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from django.urls import reverse

from scorebook import nightview
from scorebook.engine.replay import replay
from scorebook.forms import field_anchor, split_name
from scorebook.models import Hand, Night
from tests import factories


def make_night(user, key: str, players: list[str], first_dealer: str | None = None, **rules):
    return factories.make_night(user, key, players, first_dealer, house_rules=rules)


def browser_data(page: str) -> dict[str, Any]:
    """What a browser submits for the form as shown: every input with its current value
    (text inputs, the selected option, checked radios and checkboxes)."""
    data: dict[str, Any] = {}
    start = page.index('id="hand-form"')  # only the hand form, not e.g. the language switch
    page = page[start : page.index("</form>", start)]

    def add(name: str, value: str) -> None:
        name, value = html_lib.unescape(name), html_lib.unescape(value)
        if name in data:
            previous = data[name]
            data[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            data[name] = value

    for tag in re.findall(r"<input\b[^>]*>", page):
        attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', tag))
        kind = attrs.get("type", "text")
        name = attrs.get("name")
        if not name or name == "csrfmiddlewaretoken" or re.search(r"\sdisabled\b", tag):
            continue  # a browser does not send a disabled input
        if kind in ("radio", "checkbox"):
            if re.search(r"\schecked\b", tag):
                add(name, attrs.get("value", "on"))
        else:
            add(name, attrs.get("value", ""))
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(
            r'<option value="([^"]*)"', body
        )
        add(name, chosen.group(1) if chosen else "")
    return data


def record_form_data(record: Any, players: list[str], path: str = "") -> dict[str, Any]:
    """The path-named inputs (with type markers) that parse_hand turns back into `record`:
    what a form of the variant would send, without going through its page. Nulls and empty
    lists are left out (missing means the same to every reader)."""
    data: dict[str, Any] = {}

    def child(key: str) -> str:
        seg = f"@{players.index(key)}" if path and key in players else key
        return f"{path}.{seg}" if path else seg

    if isinstance(record, dict):
        for key, value in record.items():
            data.update(
                record_form_data(value, players, child(key))
                if isinstance(value, dict | list)
                else _leaf(child(key), value)
            )
    elif record and all(isinstance(v, dict) for v in record):
        for i, item in enumerate(record):
            data.update(record_form_data(item, players, f"{path}[{i}]"))
    elif record and all(type(v) is int for v in record):
        data[f"{path}:ints"] = [str(v) for v in record]
    elif record:
        data[f"{path}:list"] = [str(v) for v in record]
    return data


def without_blanks(record: Any) -> Any:
    """`record` without its nulls and empty lists: what record_form_data's inputs give back."""
    if isinstance(record, dict):
        return {k: without_blanks(v) for k, v in record.items() if v is not None and v != []}
    if isinstance(record, list):
        return [without_blanks(v) for v in record]
    return record


def _leaf(path: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if isinstance(value, bool):
        return {f"{path}:bool": "1" if value else "0"}
    if isinstance(value, int):
        return {f"{path}:int": str(value)}
    return {path: str(value)}


def new_hand_page(client, night: Night):
    return client.get(reverse("new_hand", args=[night.pk]))


def enter_hand(client, night: Night, changes: dict[str, Any], unset: tuple[str, ...] = ()):
    """Open the new-hand page, change what the user changes, submit as the browser would.
    `unset` = radio groups or checkboxes the user cleared (the browser then sends nothing)."""
    data = browser_data(new_hand_page(client, night).content.decode())
    for name in unset:
        data.pop(split_name(name)[0], None)
    # The tests name fields as pages of before did (`…:int`); the page names them by path.
    data.update({split_name(name)[0]: value for name, value in changes.items()})
    return client.post(reverse("new_hand", args=[night.pk]), data)


def assert_saved(response) -> None:
    assert response.status_code == 302, response.context["form"].messages


def stored_records(night: Night) -> list[dict[str, Any]]:
    return [h.record for h in Hand.objects.filter(night=night, deleted=False).order_by("number")]


def assert_totals_equal_replay(night: Night) -> None:
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    expected = replay(view.session, stored_records(night))
    assert view.totals() == dict(expected.totals)
    assert view.pots() == dict(expected.pots)


def assert_edit_keeps_every_hand(client, night: Night) -> None:
    """Opening each stored hand in the edit form and saving it unchanged keeps its record:
    the form shows every stored value (false, null and zero included) as it was."""
    for hand in Hand.objects.filter(night=night, deleted=False).order_by("number"):
        before = hand.record
        page = client.get(reverse("edit_hand", args=[night.pk, hand.pk])).content.decode()
        response = client.post(reverse("edit_hand", args=[night.pk, hand.pk]), browser_data(page))
        assert response.status_code == 302, (hand.number, response.context["form"].messages)
        hand.refresh_from_db()
        assert hand.record == before, hand.number


def assert_problem_next_to(response, path: str) -> str:
    """The engine's message for `path` is shown inside that input's block; returns it."""
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert path in errors, errors
    page = response.content.decode()
    start = page.index(f'data-path="{path}"')
    block = page[start : page.index("</div>", start)]
    message = errors[path][0]
    assert html_lib.escape(message) in block or message in block, block
    # The list above the form links to the field's block.
    anchor = field_anchor(path)
    assert f'id="{anchor}"' in page[start : page.index(">", start)]
    assert f'<a href="#{anchor}">' in page
    return message


def assert_renders(response, key: str) -> None:
    assert response.status_code == 200
    assert response.context["hand_template"] == f"scorebook/hands/{key}.html"
    names = [t.name for t in response.templates]
    assert "scorebook/hands/_generic.html" not in names
    page = response.content.decode()
    assert 'name="hand_json"' not in page
    assert "{#" not in page  # a template comment spread over lines is printed, not dropped
