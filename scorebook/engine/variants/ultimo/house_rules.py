"""Ultimo's house rules (spec `rules/ultimo.md` §12), grouped as the set-up form shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.engine.types import HouseRule, Text
from scorebook.engine.variants.ultimo.tariffs import TOUT_DEFAULT


@dataclass(frozen=True, slots=True)
class _NullableChoice(HouseRule):
    """A choice whose default is null: HouseRule.check compares types with the default."""

    def check(self, value: Any) -> str | None:
        if value is None or (isinstance(value, str) and value in self.choices):
            return None
        allowed = ", ".join(repr(c) for c in self.choices)
        return f"{value!r} is not one of {allowed}"


PAYMENTS = Text("Payments", "Fizetések")
PENALTIES = Text("Penalties and void hands", "Büntetések, érvénytelen leosztás")
SESSION = Text("Pools and session", "Kasszák és ülés")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "fourth_player_pays_ultimo",
        False,
        "bool",
        Text(
            "The person sitting out also pays Pagat Ultimo, King Ultimo and Tout (not recommended)",
            "A kimaradó negyedik is fizeti a Pagat Ultimót, a King Ultimót és a Tout-t (nem ajánlott)",
        ),
        group=PAYMENTS,
    ),
    HouseRule(
        "tout_value",
        TOUT_DEFAULT,
        "int",
        Text(
            "Tout: units from each other player (seed 85; pagat.com 135)",
            "Tout: ennyit fizet a másik két játékos (a forrás szerint 85; pagat.com: 135)",
        ),
        group=PAYMENTS,
        minimum=0,
    ),
    HouseRule(
        "tout_cancels_card_points",
        False,
        "bool",
        Text(
            "No card-point settlement after a Tout",
            "Tout után nincs kártyapont-elszámolás",
        ),
        group=PAYMENTS,
    ),
    HouseRule(
        "card_points_cap",
        None,
        "optional_int",
        Text(
            "Cap on one card-point settlement (empty = no cap)",
            "A kártyapont-elszámolás felső határa (üres = nincs)",
        ),
        group=PAYMENTS,
        minimum=0,
    ),
    HouseRule(
        "skat_points_to",
        "dealer",
        "choice",
        Text("Who counts the Skat point", "Kié a skart pontja"),
        choices=("dealer",),
        group=PAYMENTS,
        choice_labels=(Text("the dealer", "az osztóé"),),
    ),
    HouseRule(
        "void_hand_reverses_payments",
        False,
        "bool",
        Text(
            "A void hand reverses its declarations and in-play payments too",
            "Érvénytelen leosztásban a bemondások és játék közbeni fizetések is visszajárnak",
        ),
        group=PENALTIES,
    ),
    HouseRule(
        "redeal_allowed_after_declarations",
        True,
        "bool",
        Text(
            "A no-trump redeal may be asked after declarations (they are reversed)",
            "Tarokk nélküli újraosztás bemondás után is kérhető (a bemondások visszajárnak)",
        ),
        group=PENALTIES,
    ),
    HouseRule(
        "failed_tout_joker_penalty",
        "large",
        "choice",
        Text(
            "Penalty for a failed Tout after discarding the Joker",
            "Büntetés bukott Tout-ért Joker-skartolás után",
        ),
        choices=("small", "large", "irreparable_amount"),
        group=PENALTIES,
        choice_labels=(
            Text("small (5 into each pool)", "kis (5 mindkét kasszába)"),
            Text("large (20 into each pool)", "nagy (20 mindkét kasszába)"),
            Text("40 into each pool, hand stands", "40 mindkét kasszába, a leosztás érvényes"),
        ),
    ),
    _NullableChoice(
        "revoke_penalty_class",
        None,
        "choice",
        Text("Penalty for a revoke (empty = none)", "Büntetés színre nem adásért (üres = nincs)"),
        choices=(None, "large", "irreparable"),
        group=PENALTIES,
        choice_labels=(
            Text("none", "nincs"),
            Text("large", "nagy"),
            Text("irreparable (hand void)", "helyrehozhatatlan (érvénytelen leosztás)"),
        ),
    ),
    HouseRule(
        "misdeal_offender",
        "holder",
        "choice",
        Text(
            "Who pays for a wrong number of cards found in play",
            "Ki fizet a játék közben kiderült rossz lapszámért",
        ),
        choices=("holder", "dealer"),
        group=PENALTIES,
        choice_labels=(Text("the holder", "akinél van"), Text("the dealer", "az osztó")),
    ),
    HouseRule(
        "pool_split_remainder",
        "chips_from_next_dealer",
        "choice",
        Text(
            "End of session: what happens to the chips that do not split evenly",
            "Ülés vége: a kasszák egyenlően el nem osztható zsetonjai",
        ),
        choices=("chips_from_next_dealer", "exact", "carry_over"),
        group=SESSION,
        choice_labels=(
            Text("one chip each from the next dealer on", "egy-egy zseton a következő osztótól"),
            Text("exact shares", "pontos részek"),
            Text("stay in the pools", "a kasszákban maradnak"),
        ),
    ),
    HouseRule(
        "join_fee_rounding",
        "nearest",
        "choice",
        Text(
            "Joining fee (a third of each pool): rounding to 5",
            "Beszálló díj (a kasszák harmada): kerekítés 5-re",
        ),
        choices=("nearest", "up", "down"),
        group=SESSION,
        choice_labels=(
            Text("nearest", "legközelebbi"),
            Text("up", "felfelé"),
            Text("down", "lefelé"),
        ),
    ),
    HouseRule(
        "leaving_share",
        "equal_share",
        "choice",
        Text(
            "A person leaving takes his equal share of each pool",
            "A távozó megkapja a kasszák rá eső részét",
        ),
        choices=("equal_share", "none"),
        group=SESSION,
        choice_labels=(Text("equal share", "egyenlő rész"), Text("nothing", "semmi")),
    ),
)
