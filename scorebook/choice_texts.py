"""Option texts that hand templates write inline: `{% field … choices="value=text|…" %}`.

`{% field %}` passes such a text through gettext, so the English ones need a msgid; they are
listed in TRANSLATED (gettext_noop only marks them for makemessages). The players' own terms
(kontra, hármas, XIX, ♣ treff, …) read the same in both languages and are listed in AS_IS.
tests/web/test_i18n.py checks that every inline text in templates/ is in one of the two.
"""

from __future__ import annotations

# None written inline today: the record schemas label their choices.
TRANSLATED: frozenset[str] = frozenset()

# The players' own terms, the same in every language (none written inline today: the record
# schemas label their choices).
AS_IS: frozenset[str] = frozenset()
