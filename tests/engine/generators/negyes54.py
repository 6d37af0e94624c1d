"""Random valid negyes54 nights (spec negyes54.md): every bid, trisákolás form and switch."""

import random

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Endre", "Flóra", "Gábor", "Hédi"]
BIDS = (
    "trisakolas",
    "jatek",
    "ultimohivas",
    "betli",
    "jatek_es_ultimo",
    "harmas_jatek",
    "harmas_jatek_es_ultimo",
    "teritett_betli",
    "szolo_harmas",
    "szolo_harmas_es_ultimo",
)
WEIGHTS = (4, 8, 3, 2, 2, 3, 1, 1, 1, 1)
GAME = {"jatek", "jatek_es_ultimo", "harmas_jatek", "harmas_jatek_es_ultimo"}
GAME |= {"szolo_harmas", "szolo_harmas_es_ultimo"}
ULTIMO = {"ultimohivas", "jatek_es_ultimo", "harmas_jatek_es_ultimo", "szolo_harmas_es_ultimo"}
EXCHANGE = ("jatek", "ultimohivas", "jatek_es_ultimo", "harmas_jatek", "harmas_jatek_es_ultimo")


def random_session(rng: random.Random):
    players = rng.sample(NAMES, 4)
    rules = {
        "dealer_rotation": rng.choice(["right", "right", "left"]),
        "passed_player_may_help": rng.random() < 0.3,
        "segitek_must_be_next_call": rng.random() < 0.8,
        "contra_on_trisakolas": rng.random() < 0.8,
        "partner_may_rekontra": rng.random() < 0.3,
        "illegal_ultimo_bid_penalty": rng.choice(["as_revoke", "none"]),
        "revoke_penalty": rng.random() < 0.8,
        "king_ultimo_requires_king_win": rng.random() < 0.8,
        "jatek_all_skart_to_opponents": rng.random() < 0.8,
        "partner_card_counts_for_ultimo": rng.random() < 0.8,
    }
    return players, rules, None


def _tricks(rng: random.Random, players):
    cuts = sorted(rng.randint(0, 12) for _ in range(3))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 12 - cuts[2]]
    rng.shuffle(counts)
    return dict(zip(players, counts, strict=True))


def random_hand(rng: random.Random, session: Session, state) -> dict:
    variant = registry.get(session.variant)
    rules = session.house_rules
    players = list(session.players)
    dealer = variant.table_hint(session, state).next_dealer or rng.choice(players)
    first = players[(players.index(dealer) + 1) % 4]
    hand: dict = {"dealer": dealer}
    if rng.random() < 0.1:
        hand.update(contract="trisakolas_all_pass", declarer=None)
        if rng.random() < 0.3:
            hand["bids"] = [
                {"player": players[(players.index(first) + i) % 4], "call": "pass"}
                for i in range(4)
            ]
        contract, declarer, side = "trisakolas_all_pass", None, []
    else:
        contract = rng.choices(BIDS, WEIGHTS)[0]
        declarer = rng.choice(players)
        hand.update(contract=contract, declarer=declarer)
        side = [declarer]
        if contract == "trisakolas" and rng.random() < 0.4:
            hand["helper"] = rng.choice([p for p in players if p != declarer])
            side.append(hand["helper"])
        if contract in ("jatek", "ultimohivas", "jatek_es_ultimo"):
            hand["called_tarokk"] = rng.randint(12, 19)
            if contract != "jatek" and rng.random() < 0.25:
                hand["alone"] = True
            else:
                hand["partner"] = rng.choice([p for p in players if p != declarer])
                side.append(hand["partner"])
        if rng.random() < 0.2 and (contract != "trisakolas" or rules["contra_on_trisakolas"]):
            hand["contra"] = rng.choice([1, 1, 2])
            if hand["contra"] == 2 and rng.random() < 0.3:
                hand["rekontra_by"] = rng.choice(
                    side if rules["partner_may_rekontra"] else [declarer]
                )
        helper_passed = hand.get("helper") == first != declarer
        if rng.random() < 0.15 and not (helper_passed and not rules["passed_player_may_help"]):
            # a legal bid sequence: the first hand opens (or passes), the declarer's bid wins
            calls = []
            if first != declarer:
                calls.append({"player": first, "call": "pass"})
            calls.append({"player": declarer, "call": contract})
            if "helper" in hand:
                calls.append({"player": hand["helper"], "call": "segitek"})
            hand["bids"] = calls
    if rng.random() < 0.07:
        kind = rng.choice(["revoke", "revoke", "wrong_discard", "illegal_ultimo_bid"])
        if kind == "illegal_ultimo_bid" and contract == "ultimohivas":
            hand["irregularity"] = {"type": kind, "player": declarer}
            applied = rules["illegal_ultimo_bid_penalty"] == "as_revoke"
        elif kind == "wrong_discard" and contract in EXCHANGE:
            hand["irregularity"] = {"type": kind, "player": declarer}
            applied = rules["revoke_penalty"]
        else:
            hand["irregularity"] = {"type": "revoke", "player": rng.choice(players)}
            applied = rules["revoke_penalty"]
        if applied:
            return hand
    result: dict = {}
    if contract in ("trisakolas", "trisakolas_all_pass"):
        result["tricks"] = _tricks(rng, players)
    if contract in GAME:
        result["declarer_side_points"] = rng.randint(10, 56)
    if contract in ULTIMO:
        result["ultimo_won"] = rng.random() < 0.5
    if contract in ("betli", "teritett_betli"):
        result["declarer_took_trick"] = rng.random() < 0.4
    hand["result"] = result
    return hand
