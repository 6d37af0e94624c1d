"""The hand forms take their labels, choices, ranges and defaults from each variant's record
schema (issue 12): every field a form shows is described in the variant's RECORD, and the
template keeps only the layout."""

import html
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scorebook.engine import registry
from scorebook.engine.messages import Msg
from scorebook.engine.shape import leaf_at, leaves
from scorebook.speech import say
from tests.web.handforms import assert_renders, fast_password_hashing, make_night  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
HANDS = ROOT / "templates" / "scorebook" / "hands"
# variant key → players of a test night
TAROKK = {
    "kiralyhivo": ["Anna", "Béla", "Csaba", "Dóra"],
    "magyar": ["Anna", "Béla", "Csaba"],
    "negyes54": ["Anna", "Béla", "Csaba", "Dóra"],
    "tapper": ["Anna", "Béla", "Csaba"],
    "trisak": ["Anna", "Béla", "Csaba", "Dóra"],
}
# Partials a variant includes; a partial shared with a variant not moved yet may still
# name its labels and choices (its paths must still be in the schema).
SHARED = {"_announced_figures.html"}
FIELD = re.compile(r'{%\s*field\s+form\s+"([^"]+)"([^%]*)%}')
INCLUDE = re.compile(r'{%\s*include\s+"scorebook/hands/([^"]+)"([^%]*)%}')
# what a template may no longer say for a field the schema describes (a player's name as
# the label of a player-map input is layout)
STATED = re.compile(r"\b(label|help)=_\(|\b(min|max|default|choices)=")
CHOICE_WIDGET = re.compile(r'widget="(select|radio)"')


def templates(key: str) -> list[tuple[str, str]]:
    """(file name, text) of the variant's template and the partials it includes; a partial's
    `{% if flag %}` parts only where the include sets the flag (`with side=True`)."""
    own = (HANDS / f"{key}.html").read_text()
    out = [(f"{key}.html", own)]
    for name, args in INCLUDE.findall(own):
        text = (HANDS / name).read_text()
        for flag in re.findall(r"{%\s*if (\w+)\s*%}", text):
            if f"{flag}=True" not in args:
                text = re.sub(r"{%\s*if " + flag + r"\s*%}.*?{%\s*endif\s*%}", "", text, flags=re.S)
        out.append((name, text))
    return out


def form_fields(key: str) -> list[tuple[str, str, str]]:
    """(template, record path, the tag's other arguments) of every `{% field %}`."""
    out = []
    for name, text in templates(key):
        for field_name, rest in FIELD.findall(text):
            path = field_name.split(":")[0].replace("@#", "player").replace("#", "0")
            out.append((name, path, rest))
    return out


@pytest.mark.parametrize("key", sorted(TAROKK))
def test_every_field_of_the_form_has_a_labelled_leaf_in_the_record(key):
    record = registry.get(key).record
    unlabelled = [
        path
        for _name, path, _rest in form_fields(key)
        if (leaf := leaf_at(record, path)) is None or leaf.label is None
    ]
    assert not unlabelled, unlabelled


@pytest.mark.parametrize("key", sorted(TAROKK))
def test_every_choice_the_form_offers_has_a_label(key):
    record = registry.get(key).record
    offered = {path for _name, path, rest in form_fields(key) if CHOICE_WIDGET.search(rest)}
    for path in offered:
        leaf = leaf_at(record, path)
        assert leaf is not None, path
        assert leaf.choices, f"{path} offers no choices"
    for path, leaf in leaves(record):
        for choice in leaf.choices:
            assert isinstance(choice.label, Msg), (path, choice)
            assert choice.label.id, (path, choice)
        if leaf.default is not None and leaf.choices:
            assert leaf.default in [c.value for c in leaf.choices], path
        if leaf.lo is not None and leaf.hi is not None:
            assert leaf.lo <= leaf.hi, path
        if leaf.when is not None:
            assert leaf_at(record, leaf.when.path) is not None, (path, leaf.when)


@pytest.mark.parametrize("key", sorted(TAROKK))
def test_the_template_keeps_only_the_layout(key):
    stated = [
        (name, path, rest.strip())
        for name, path, rest in form_fields(key)
        if name not in SHARED and STATED.search(rest)
    ]
    assert not stated, stated
    own = templates(key)[0][1]
    assert "choices=" not in own
    assert "figures=" not in own  # the shared partial's choices come from the schema too
    assert "label=_(" not in own


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(TAROKK))
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_the_new_hand_form_renders_in_every_language(client_in, user, key, lang):
    night = make_night(user, key, TAROKK[key], first_dealer=TAROKK[key][-1])
    response = client_in.get(reverse("new_hand", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert_renders(response, key)
    page = response.content.decode()
    assert f'<html lang="{lang}">' in page
    record = registry.get(key).record
    with translation.override(lang):
        for name, path, _rest in form_fields(key):
            leaf = leaf_at(record, path)
            assert leaf is not None, path
            assert leaf.label is not None, path
            if name not in SHARED:  # the form shows the schema's label, translated
                assert html.escape(say(leaf.label)) in page, (path, say(leaf.label))
            for choice in leaf.choices if name not in SHARED else ():
                assert html.escape(say(choice.label)) in page, (path, choice)
