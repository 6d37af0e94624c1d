"""Paskievics house rules: every switch of spec §12, with the spec's names and defaults."""

from __future__ import annotations

from typing import Any

from scorebook.engine.types import HouseRule, Text


def _rule(
    name: str,
    default: Any,
    en: str,
    hu: str,
    group: Text,
    choices: tuple[Any, ...] = (),
    labels: tuple[Text, ...] = (),
) -> HouseRule:
    kind = "bool" if isinstance(default, bool) else "choice"
    return HouseRule(name, default, kind, Text(en, hu), choices, group, choice_labels=labels)


GAME_TIER_GROUP = Text("Game tier", "Játék, duplajáték, volát")
KASSZA_GROUP = Text("Ultimókassza", "Ultimókassza")
ROUNDS_GROUP = Text("Rounds", "Körök")
PENALTY_GROUP = Text("Penalties", "Büntetések")
LOCAL_GROUP = Text("Local customs", "Helyi szokások")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "game_tier_rule",
        "announced_else_max",
        "Game vs silent double game/volát: pay the largest, replace, or add (modern)",
        "Játék kontra és csendes duplajáték/volát: a nagyobb, helyettesítés vagy összeadás (modern)",
        GAME_TIER_GROUP,
        ("announced_else_max", "announced_else_replace", "modern"),
        (
            Text("announced, else the largest", "bemondott, különben a nagyobb"),
            Text("announced, else the silent one replaces", "bemondott, különben a csendes"),
            Text("modern: items added", "modern: tételek összeadva"),
        ),
    ),
    _rule(
        "volat_voids_silent",
        "trull_four_kings",
        "Which silent figures a volát voids",
        "Mely csendes figurákat semmisít meg a volát",
        GAME_TIER_GROUP,
        ("trull_four_kings", "all_silent"),
        (Text("trull and four kings", "tulétroá és négy király"), Text("all", "mind")),
    ),
    _rule(
        "silent_ultimo_failure_penalty",
        False,
        "A pagát beaten in the last trick pays 5 (unless announced)",
        "Az utolsó ütésben elfogott pagát 5 pontot fizet (ha nem volt bemondva)",
        GAME_TIER_GROUP,
    ),
    HouseRule(
        "max_contra_level",
        5,
        "choice",
        Text(
            "Highest contra level: 5 mordkontra (seed 004) or 2 rekontra (seed 002)",
            "Legmagasabb kontra: 5 mordkontra (Tolnai) vagy 2 rekontra",
        ),
        (5, 2),
        GAME_TIER_GROUP,
        choice_labels=(
            Text("up to mordkontra (5)", "mordkontráig (5)"),
            Text("up to rekontra (2)", "rekontráig (2)"),
        ),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "Play with the ultimókassza",
        "Ultimókasszával játszunk",
        KASSZA_GROUP,
    ),
    _rule(
        "kassza_payers",
        "active_players",
        "Who pays the 5 points on a no-game with five players",
        "Ki fizeti az 5 pontot játék nélküli leosztásnál ötösben",
        KASSZA_GROUP,
        ("active_players", "all_seated"),
        (Text("active players", "a játszók"), Text("everyone seated", "mindenki az asztalnál")),
    ),
    HouseRule(
        "kassza_stake",
        0,
        "int",
        Text(
            "Stake each seated player pays into the kassza at the start and when it empties",
            "Tét, amit mindenki befizet a kasszába kezdéskor és kiürülésekor",
        ),
        group=KASSZA_GROUP,
        minimum=0,
        maximum=10_000,
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "The kassza at the end of the night: split among the seated players or carried over",
        "A kassza az est végén: szétosztjuk vagy átvisszük",
        KASSZA_GROUP,
        ("split_equally", "carry_over"),
        (Text("split equally", "egyenlően szétosztva"), Text("carry over", "átvisszük")),
    ),
    _rule(
        "kassza_split_rounding",
        "floor_remainder_stays",
        "Kassza shares: whole points (remainder stays / paid by the announcer) or exact",
        "Kasszarészek: egész pontok (a maradék bent marad / a bemondó fizeti) vagy pontos",
        KASSZA_GROUP,
        ("floor_remainder_stays", "exact_fractions"),
        (Text("whole points", "egész pontok"), Text("exact fractions", "pontos törtrészek")),
    ),
    _rule(
        "honourless_fail_kassza",
        "all_pay_5",
        "Honour-less failure: everybody or only the bidder pays 5 into the kassza",
        "Honőr nélküli bukás: mindenki vagy csak a licitáló fizet 5-öt a kasszába",
        KASSZA_GROUP,
        ("all_pay_5", "bidder_pays_5"),
        (
            Text("everybody pays 5", "mindenki fizet 5-öt"),
            Text("only the bidder pays 5", "csak a licitáló fizet 5-öt"),
        ),
    ),
    _rule(
        "all_pass_rule",
        "next_dealer",
        "All pass: the next dealer deals (seed 004) or the same dealer redeals, double round",
        "Mindenki passz: a következő oszt (Tolnai), vagy újraosztás és dupla kör",
        ROUNDS_GROUP,
        ("next_dealer", "redeal_double_round"),
        (
            Text("the next dealer deals", "a következő oszt"),
            Text("redeal, double round", "újraosztás, dupla kör"),
        ),
    ),
    _rule(
        "double_round_start",
        "immediate",
        "A double round starts with the redeal or with the next full round",
        "A dupla kör az újraosztással vagy a következő teljes körrel kezdődik",
        ROUNDS_GROUP,
        ("immediate", "next_round"),
        (
            Text("with the redeal", "az újraosztással"),
            Text("with the next full round", "a következő teljes körrel"),
        ),
    ),
    _rule(
        "double_round_covers_pot",
        False,
        "A double round also doubles the fixed kassza payments",
        "A dupla kör a kassza fix befizetéseit is duplázza",
        ROUNDS_GROUP,
    ),
    _rule(
        "honourless_fail_amount",
        "bid_value",
        "Honour-less failure pays the bid's value or always 1 to each",
        "Honőr nélküli bukás: a licit értéke vagy mindig 1 fejenként",
        PENALTY_GROUP,
        ("bid_value", "always_one"),
        (Text("the bid's value", "a licit értéke"), Text("always 1", "mindig 1")),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "Wrong discard: strict (pays everybody everything) or mild (pays for his side)",
        "Hibás skart: szigorú (mindenkinek mindent) vagy enyhébb (a pártja helyett fizet)",
        PENALTY_GROUP,
        ("strict", "mild"),
        (Text("strict", "szigorú"), Text("mild", "enyhébb")),
    ),
    _rule(
        "irregularity_voids_hand",
        True,
        "A revoke / strict wrong discard voids the normal settlement",
        "Renonsz / szigorú hibás skart esetén a rendes elszámolás elmarad",
        PENALTY_GROUP,
    ),
    _rule(
        "silent_count_payers_1v3",
        "all_teammates",
        "An opponent's silent tarokk count in one vs three: both teammates pay, or nobody",
        "Ellenfél csendes tarokkszáma egy a három ellen: mindkét társa fizet, vagy senki",
        PENALTY_GROUP,
        ("all_teammates", "none"),
        (Text("both teammates pay", "mindkét társa fizet"), Text("nobody pays", "senki sem fizet")),
    ),
    _rule(
        "allow_pagat_invit",
        False,
        "Allow an invit with the pagát (with a compulsory ultimó)",
        "Pagáttal is lehet invitálni (kötelező ultimóval)",
        LOCAL_GROUP,
    ),
    _rule(
        "temesvar_declined_three",
        False,
        "Temesvár: the winner of a three may decline before seeing the talon",
        "Temesvár: a hármas nyertese a talon megnézése előtt visszaléphet",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_lost_three_kassza",
        False,
        "Újlak: the declarer of a lost three pays 10 into the kassza",
        "Újlak: az elvesztett hármas felvevője 10-et fizet a kasszába",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_talon_honours",
        False,
        "Újlak (five players): honours from the talon pay the dealer skíz 3, XXI 2, pagát 1",
        "Újlak (ötösben): a talonból kapott honőrért az osztónak skíz 3, XXI 2, pagát 1",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_talon_honours_on_no_game",
        False,
        "Újlak talon honours are paid on no-game hands too",
        "A talonból kapott honőrt játék nélküli leosztásnál is fizetik",
        LOCAL_GROUP,
    ),
    _rule(
        "sir_es_nevet",
        False,
        "Sír és nevet (five players): the dealer pays/receives the declarer's result too",
        "Sír és nevet (ötösben): az osztó is fizet a felvevőnek / kap tőle",
        LOCAL_GROUP,
    ),
    _rule(
        "sir_es_nevet_counts",
        "declarer_only",
        "Sír és nevet: the dealer pays the declarer's announced tarokk count, or everyone's",
        "Sír és nevet: az osztó a felvevő vagy minden bemondó tarokkszámát fizeti",
        LOCAL_GROUP,
        ("declarer_only", "all_announcers"),
        (
            Text("the declarer's count only", "csak a felvevőé"),
            Text("every announcer's count", "minden bemondóé"),
        ),
    ),
)
