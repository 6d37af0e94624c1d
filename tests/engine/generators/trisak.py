"""Random valid Trisák nights (spec trisak.md): every contract, switch and record rule."""

import random

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Endre", "Flóra", "Gábor", "Hédi"]
CONTRACTS = (
    "trisakolas",
    "jatek",
    "ultimohivas",
    "bettli",
    "harmas",
    "nyilt_bettli",
    "harmas_szolo",
)
WEIGHTS = (3, 8, 3, 2, 3, 1, 1)


def random_session(rng: random.Random):
    players = rng.sample(NAMES, 4)
    rules = {
        "level1_first_hand_only": rng.random() < 0.8,
        "all_pass_action": rng.choice(["redeal", "trisakolas"]),
        "hand_bonuses_in_trisakolas": rng.random() < 0.7,
        "kis_honnorok_stacking": rng.random() < 0.3,
        "hand_bonus_payers": rng.choice(["all_others", "opposing_side"]),
        "allow_contra": rng.random() < 0.8,
        "max_contra_level": rng.choice(["mordkontra", "rekontra"]),
        "ultimo_declarer_side_only": rng.random() < 0.3,
        "penalty_includes_bonuses": rng.random() < 0.3,
        "settlement_per_player": rng.choice([22, 22, 20, 0]),
    }
    return players, rules, None


def _contra(rng: random.Random, rules) -> int:
    if not rules["allow_contra"] or rng.random() < 0.75:
        return 0
    top = 5 if rules["max_contra_level"] == "mordkontra" else 2
    return rng.randint(1, top)


def _trisak_result(rng: random.Random, players):
    cuts = sorted(rng.randint(0, 12) for _ in range(3))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 12 - cuts[2]]
    rng.shuffle(counts)
    points = [4 * t for t in counts]
    with_tricks = [i for i, t in enumerate(counts) if t]
    for _ in range(rng.randint(0, 52)):
        points[rng.choice(with_tricks)] += 1
    return {
        "trisak_points": dict(zip(players, points, strict=True)),
        "trisak_tricks": dict(zip(players, counts, strict=True)),
    }


def _bonuses(rng: random.Random, players, rules, ultimo):
    if rng.random() < 0.6:
        return []
    held: dict[str, str] = {}
    result = []
    for bonus in rng.sample(["eight_tarokks", "four_kings", "trull", "little_honours"], 2):
        if bonus == "trull":
            who = ultimo["by"] if ultimo else rng.choice(players)
        elif bonus == "little_honours":
            who = rng.choice(players)
            if any(held.get(b) not in (None, who) for b in ("four_kings", "trull")):
                continue
            if not rules["kis_honnorok_stacking"] and any(
                held.get(b) == who for b in ("four_kings", "trull")
            ):
                continue
        else:
            who = rng.choice(players)
        if bonus in ("four_kings", "trull") and held.get("little_honours") not in (None, who):
            continue
        stacked = held.get("little_honours") == who
        if bonus in ("four_kings", "trull") and stacked and not rules["kis_honnorok_stacking"]:
            continue
        held[bonus] = who
        result.append({"player": who, "bonus": bonus})
    return result


def random_hand(rng: random.Random, session: Session, state) -> dict:
    variant = registry.get(session.variant)
    rules = session.house_rules
    players = list(session.players)
    dealer = variant.table_hint(session, state).next_dealer or rng.choice(players)
    first = players[(players.index(dealer) + 1) % 4]
    hand: dict = {"dealer": dealer}
    if rng.random() < 0.06:
        if rules["all_pass_action"] == "redeal":
            hand.update(contract="no_game", declarer=None)
            return hand
        hand.update(contract="trisakolas", declarer=None)
    else:
        contract = rng.choices(CONTRACTS, WEIGHTS)[0]
        level1 = contract in ("jatek", "trisakolas") and rules["level1_first_hand_only"]
        hand.update(contract=contract, declarer=first if level1 else rng.choice(players))
    contract, declarer = hand["contract"], hand["declarer"]
    side = [declarer] if declarer else []
    if contract in ("jatek", "ultimohivas"):
        hand["called_tarokk"] = rng.randint(12, 19)
        if rng.random() < 0.15:
            hand["called_tarokk_not_held"] = True
            if contract == "ultimohivas" and rng.random() < 0.4:
                hand["settled_half_fee"] = True
                return hand
        else:
            hand["partner"] = rng.choice([p for p in players if p != declarer])
            side.append(hand["partner"])
    opponents = [p for p in players if p not in side]
    if contract != "trisakolas":
        hand["game_contra"] = _contra(rng, rules)
    ultimo = None
    if contract == "ultimohivas":
        ultimo = {"side": "declarer", "by": declarer, "announced": True}
    elif contract in ("jatek", "harmas", "harmas_szolo") and rng.random() < 0.4:
        theirs = not rules["ultimo_declarer_side_only"] and rng.random() < 0.4
        ultimo = {
            "side": "opponents" if theirs else "declarer",
            "by": rng.choice(opponents if theirs else side),
            "announced": rng.random() < 0.6,
        }
    if ultimo is not None:
        if ultimo["announced"]:
            ultimo.update(contra=_contra(rng, rules), made=rng.random() < 0.5)
        else:
            ultimo.update(contra=0, made=True)
        hand["ultimo"] = ultimo
    if contract != "trisakolas" or rules["hand_bonuses_in_trisakolas"]:
        hand["hand_bonuses"] = _bonuses(rng, players, rules, ultimo)
    if rng.random() < 0.05:
        if contract in ("jatek", "ultimohivas", "harmas") and rng.random() < 0.5:
            hand["irregularity"] = {"type": "wrong_discard", "player": declarer}
        else:
            hand["irregularity"] = {"type": "revoke", "player": rng.choice(players)}
        return hand
    if contract == "trisakolas":
        hand["result"] = _trisak_result(rng, players)
    elif contract in ("bettli", "nyilt_bettli"):
        hand["result"] = {"declarer_took_trick": rng.random() < 0.4}
    else:
        hand["result"] = {"declarer_side_points": rng.randint(20, 90)}
    return hand
