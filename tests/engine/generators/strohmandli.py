"""Random valid Strohmandli deals (spec strohmandli.md §13): a story of where the pagát, the
II, the XXI and the honours went, told so that every record passes §13.3."""

import random

from scorebook.engine import registry
from scorebook.engine.types import Session

NAMES = ["Anna", "Béla", "Csilla", "Dénes", "Éva", "Ödön", "Zsófi", "A", "B"]


def random_session(rng: random.Random):
    players = rng.sample(NAMES, 2)
    rules: dict = {}
    if rng.random() < 0.5:
        rules["ruleset"] = "house_variant"
    if rng.random() < 0.4:
        rules["figure_scoring"] = "highest_only"
        rules["highest_only_scope"] = rng.choice(["threshold_chain", "all_figures"])
    if rng.random() < 0.3:
        rules["allow_fej_and_tuletroa"] = True
    if rng.random() < 0.3:
        rules["failed_ulti_penalty"] = rng.randint(0, 5)
    if rng.random() < 0.3:
        rules["revoke_penalty_points"] = rng.choice([None, 1, 2, 5])
    rules["dealer_rotation"] = rng.choice(["alternate", "loser_deals", "winner_deals"])
    if rng.random() < 0.4:
        rules["target_points"] = rng.choice([1, 5, 10, 21, 50])
    if rng.random() < 0.4:
        rules["match_deals"] = rng.choice([1, 2, 3, 6])
    return players, rules, None


def _card_points(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.04:
        return rng.choice([0, 94])
    # 2..92: 1 and 93 are impossible (§13.3 item 3)
    return max(2, min(92, round(rng.gauss(47, 14))))


def random_hand(rng: random.Random, session: Session, state) -> dict:
    players = session.players
    variant = session.house_rules["ruleset"] == "house_variant"
    hint = registry.get("strohmandli").table_hint(session, state)
    dealer = hint.next_dealer if state.next_dealer is not None else rng.choice(players)
    leader = players[1] if dealer == players[0] else players[0]
    a_points = _card_points(rng)
    points = {players[0]: a_points, players[1]: 94 - a_points}

    def other(who):
        return players[1] if who == players[0] else players[0]

    def scored(who):  # won at least one trick
        return points[who] > 0

    announcements: list[dict] = []
    pagat_holder = rng.choice(players)
    if not variant and rng.random() < 0.5:
        # Who held which honour combination; tricks are distinct, trick 1 only for the leader.
        tricks = rng.sample(range(2, 22), 4)
        if rng.random() < 0.2:
            tricks[-1] = 1  # the first announcement is made on trick 1, if by the leader

        def trick(who):
            t = tricks.pop()
            if t == 1 and who != leader:
                return None
            return t if rng.random() < 0.7 else None

        honours = rng.random()
        if honours < 0.2:
            pagat_holder = rng.choice(players)
            announcements.append(
                {"player": pagat_holder, "type": "tuletroa", "trick": trick(pagat_holder)}
            )
            if session.house_rules["allow_fej_and_tuletroa"] and rng.random() < 0.5:
                announcements.append(
                    {"player": pagat_holder, "type": "fej", "trick": trick(pagat_holder)}
                )
        elif honours < 0.6:
            who = rng.choice(players)
            announcements.append({"player": who, "type": "fej", "trick": trick(who)})
        if rng.random() < 0.25:
            who = rng.choice(players)
            announcements.append({"player": who, "type": "negy_kiraly", "trick": trick(who)})
        rng.shuffle(announcements)

    captures: dict = {}
    # The pagát: ulti by its holder, caught by the other (perhaps on a failed ulti), or kept.
    pagat_end = pagat_holder
    fate = rng.random()
    if fate < 0.15 and scored(pagat_holder):
        captures["pagatulti"] = pagat_holder
    elif fate < 0.4 and scored(other(pagat_holder)):
        pagat_end = captures["pagatfogas"] = other(pagat_holder)
        if rng.random() < 0.3:
            captures["pagatulti_failed"] = pagat_holder
    # The II: uhu, a failed uhu, or nothing.
    fate = rng.random()
    sas_holder = rng.choice(players)
    if fate < 0.15 and scored(sas_holder):
        captures["uhu"] = sas_holder
    elif fate < 0.25 and scored(other(sas_holder)):
        captures["uhu_failed"] = sas_holder
    if variant:
        xxi_end = xxi_holder = rng.choice(players)
        if rng.random() < 0.2 and scored(other(xxi_holder)):
            xxi_end = captures["xxi_fogas"] = other(xxi_holder)
        if rng.random() < 0.3 and xxi_end == pagat_end and scored(pagat_end):
            captures["tuletroa_captured"] = pagat_end
        if rng.random() < 0.15:
            king_taker = rng.choice(players)
            if scored(king_taker):
                captures["negy_kiraly_captured"] = king_taker
    # Write some nulls explicitly, as an app would.
    for key in ("pagatfogas", "uhu", "pagatulti"):
        if key not in captures and rng.random() < 0.3:
            captures[key] = None

    hand = {"dealer": dealer, "card_points": points, "captures": captures}
    if announcements or rng.random() < 0.2:
        hand["announcements"] = announcements
    if rng.random() < 0.1:
        hand["irregularities"] = [
            {"player": rng.choice(players), "kind": rng.choice(["revoke", "false_announcement"])}
            for _ in range(rng.randint(1, 2))
        ]
    if rng.random() < 0.2:
        hand["volat"] = next((p for p in players if points[p] == 94), None)
    return hand
