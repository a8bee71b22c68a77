"""The ``anniversary`` area: the deck with anniversary cards and the card turned (rules 28, 38).

Which cards a configuration may add (28.1, 28.2), how many rounds the game
has and that a card is turned in every round (28.3), that every card may be
played at any time (28.4), what the cards combine with (28.5), their
notation (28.6), and what a turned anniversary card makes trump (38.1,
38.2).  Every expectation is worked out in the case's description from the
rule it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

from .cards import ALL_CARDS, TOKENS, acase, bids, cfg, choose, declare, witch_swap
from .common import Json, area, bid, deal, fill, play, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

INVALID_CONFIG = [{"at": None, "code": "invalid_config"}]


def _deck(name: str) -> list[str]:
    """The smallest deck that holds the card ``name`` (the Dragon and the Fairy go together)."""
    return ["dragon", "fairy"] if name in ("dragon", "fairy") else [name]


@area(
    "anniversary",
    "The deck with anniversary cards (rules 28.1 to 28.6) and an anniversary card turned "
    "for trump (rules 38.1 and 38.2).",
)
def anniversary_area() -> Iterator[Json]:
    ids = (f"anniversary.{n:03d}" for n in count(1))

    # Rule 28.1 and 28.3: any subset; the rounds stay 60 / players.
    yield acase(
        next(ids),
        "28.1",
        "all nine cards, three players: the game has 60 / 3 = 20 rounds (rule 28.3, not "
        "69 / 3 = 23); round 1 deals the Dragon to seat 1, the Vampire to seat 2 and the Witch "
        "to seat 0 and turns C5, a suit card: trump Clubs, seat 1 bids first",
        cfg(ALL_CARDS),
        [deal(["Witch", "Dragon", "Vampire"], "C5")],
        cards=["dragon", "vampire", "witch"],
        state={
            "rounds": 20,
            "phase": "bid",
            "current_player": 1,
            "turned": "C5",
            "trump": "C",
            "hands": [["Witch"], ["Dragon"], ["Vampire"]],
        },
    )
    for players, names, rounds in (
        (4, ["bomb"], 15),
        (5, list(ALL_CARDS[:6]), 12),
        (6, list(ALL_CARDS), 10),
    ):
        yield acase(
            next(ids),
            "28.3",
            f"{players} players with {len(names)} anniversary card(s) ({', '.join(names)}): "
            f"the rounds stay 60 / {players} = {rounds}, whatever the deck's size",
            cfg(names, players),
            [],
            cards=names,
            state={"rounds": rounds, "phase": "deal", "round": 1},
        )
    yield acase(
        next(ids),
        "28.1",
        "the 30-year edition's Witch and Vampire alone are a deck too (any subset): "
        "a deal of round 1 with both in hands is taken; seat 1 bids first",
        cfg(["witch", "vampire"]),
        [deal(["C2", "Witch", "Vampire"], "H9")],
        cards=["witch", "vampire"],
        state={"phase": "bid", "current_player": 1, "trump": "H"},
    )
    for names, why in (
        (["bomb", "bomb"], "names the Bomb twice: each card is added once"),
        (["joker"], "names a card that is none of the nine"),
        ([], "adds no card: a deck with anniversary cards adds at least one"),
        (["Bomb"], "writes a card's token, not its name (the names are lower case)"),
    ):
        config = cfg([], 3)
        config["anniversary_cards"] = names
        yield acase(
            next(ids),
            "28.1",
            f"a configuration that {why} is refused (invalid_config)",
            config,
            [],
            cards=[],
            errors=INVALID_CONFIG,
        )
    yield acase(
        next(ids),
        "28.1",
        "a deck with the Cloud only: a deal that gives a seat the Bomb, which is not in this "
        "deck, is refused (invalid_deal) and the game stays at the deal",
        cfg(["cloud"]),
        [deal(["C2", "Bomb", "C3"], "H9")],
        cards=["cloud", "bomb"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal", "current_player": None},
    )
    yield acase(
        next(ids),
        "28.1",
        "a deck with the Dragon and the Fairy only: a deal that gives seat 1 the Werewolf, "
        "which is not in this deck, is refused (invalid_deal) (the standard game, which has "
        "none of the nine, refuses them too, but an implementation without the cards reads "
        "their tokens as no card at all, so the suite does not ask it)",
        cfg(["dragon", "fairy"]),
        [deal(["C2", "Werewolf", "Fairy"], "H9")],
        cards=["werewolf"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )

    # Rule 28.2: the Dragon and the Fairy together or not at all.
    for names in (["dragon"], ["fairy"], ["dragon", "bomb"], ["fairy", "witch"]):
        config = cfg([], 3)
        config["anniversary_cards"] = names
        yield acase(
            next(ids),
            "28.2",
            f"the cards {', '.join(names)}: the "
            f"{'Dragon without the Fairy' if 'dragon' in names else 'Fairy without the Dragon'}"
            " is refused (invalid_config)",
            config,
            [],
            cards=[name for name in names if name in ("dragon", "fairy")],
            errors=INVALID_CONFIG,
        )
    yield acase(
        next(ids),
        "28.2",
        "the Dragon with the Fairy, listed Fairy first: taken (the order of the list does "
        "not matter); three players, 20 rounds",
        {**cfg([], 3), "anniversary_cards": ["fairy", "dragon"]},
        [],
        cards=["dragon", "fairy"],
        state={"rounds": 20, "phase": "deal"},
    )

    # Rule 28.3: a card is turned in every round, the last included.
    yield acase(
        next(ids),
        "28.3",
        "round 1 dealt without a turned card: cards are left over in every round of a game "
        "with the cards, so one must be turned; refused (invalid_deal)",
        cfg(["bomb"]),
        [deal(["C2", "C3", "C4"], None)],
        cards=["bomb"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )
    last = fill(3, 20, {}, "Bomb")
    yield acase(
        next(ids),
        "28.3",
        "schedule [20], three players: the round of 60 / 3 = 20 cards, the standard game's "
        "last, deals all 60 cards and no card is left to turn in the standard game, but here "
        "the Bomb is left over: a deal without a turned card is refused (invalid_deal); the "
        "same hands with the Bomb turned are taken, and the Bomb makes no trump (rule 38.2)",
        cfg(["bomb"], schedule=[20]),
        [{**last, "turned": None}, last],
        cards=["bomb"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "bid", "turned": "Bomb", "trump": None, "current_player": 1},
    )
    yield acase(
        next(ids),
        "28.3",
        "three players: a deal that turns a card also dealt to a hand is refused (invalid_deal)",
        cfg(["cloud"]),
        [deal(["C2", "Cloud", "C3"], "Cloud")],
        cards=["cloud"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )
    yield acase(
        next(ids),
        "28.3",
        "three players: a deal that gives the Witch to two seats is refused (invalid_deal)",
        cfg(["witch"]),
        [deal(["Witch", "Witch", "C3"], "H2")],
        cards=["witch"],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
    )

    # Rule 28.4: every card may be played at any time; holding one never obliges.
    for name in ("dragon", "fairy", "bomb", "juggler", "cloud", "shapeshifter", "witch"):
        token = TOKENS[name]
        yield acase(
            next(ids),
            "28.4",
            f"schedule [2]: seat 1 leads C5; seat 2 holds C9 and the {token}: it may follow "
            f"with C9 or play the {token}, which may be played at any time",
            cfg(_deck(name), schedule=[2]),
            [
                fill(3, 2, {1: "C5 H2", 2: f"C9 {token}"}, "S13"),
                *bids(3, 0, [0, 0, 0]),
                play(1, "C5"),
            ],
            cards=[name],
            state={
                "led_suit": "C",
                "current_player": 2,
                "legal_actions": [play(2, "C9"), play(2, token)],
            },
        )
    yield acase(
        next(ids),
        "28.4",
        "schedule [2]: seat 1 leads C5; seat 2 holds the Juggler and H4, no Club: it may "
        "play either; once it plays the Juggler it declares it, and the Juggler obliges no "
        "one (seat 0, holding C9 and D2, must still follow with C9)",
        cfg(["juggler"], schedule=[2]),
        [
            fill(3, 2, {1: "C5 H2", 2: "Juggler H4", 0: "C9 D2"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "C5"),
            play(2, "Juggler"),
            declare(2, "H"),
        ],
        cards=["juggler"],
        state={"led_suit": "C", "current_player": 0, "legal_actions": [play(0, "C9")]},
    )

    # Rule 28.5: what the cards combine with.
    for flag in ("hidden_bids", "delayed_reveal", "clairvoyance"):
        turned_on: dict[str, Any] = {flag: True}
        yield acase(
            next(ids),
            "28.5",
            f"the cards with {flag}: refused (invalid_config): the Cloud changes a bid in the "
            "open and a blind seat would have to declare a card it cannot see",
            cfg(["cloud"], **turned_on),
            [],
            cards=["cloud"],
            errors=INVALID_CONFIG,
        )
    yield acase(
        next(ids),
        "28.5",
        "the cards with the bid-total option (rule 20): round 1, seats 1 and 2 bid 0; the "
        "dealer's bid of 1 would make the bids total the 1 trick and is refused "
        "(bid_total_forbidden); its bid of 0 is taken and play starts",
        cfg(["bomb"], forbid_bid_total_match=True),
        [deal(["C2", "Bomb", "C3"], "H9"), bid(1, 0), bid(2, 0), bid(0, 1), bid(0, 0)],
        cards=["bomb"],
        errors=refused(3, "bid_total_forbidden"),
        state={"phase": "play", "bids": [0, 0, 0], "current_player": 1},
    )
    yield acase(
        next(ids),
        "28.5",
        "the cards with hardcore and schedule [4]: a round of 4 cards; seats 1 and 2 bid 1 "
        "each, so the dealer may bid anything but 4 - 2 = 2 (rule 25.1)",
        cfg(["bomb"], schedule=[4], hardcore=True),
        [fill(3, 4, {1: "Bomb C1 C2 C3"}, "H13"), bid(1, 1), bid(2, 1)],
        cards=["bomb"],
        state={"legal_actions": [bid(0, n) for n in (0, 1, 3, 4)]},
    )
    yield acase(
        next(ids),
        "28.5",
        "the cards with the Canadian rule: in round 1 every score is 0, so the dealer does "
        "not lead outright and may bid 0 or 1 after two bids of 0 (rule 21)",
        cfg(["cloud"], canadian_rule=True),
        [deal(["C2", "Cloud", "C3"], "H9"), bid(1, 0), bid(2, 0)],
        cards=["cloud"],
        state={"legal_actions": [bid(0, 0), bid(0, 1)]},
    )

    # Rule 28.6: the cards' text and the actions' JSON.
    yield acase(
        next(ids),
        "28.6",
        "the nine tokens are Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter, "
        "Witch, Vampire: 'Dragons' is not a card (bad_card_text); the deal with 'Dragon' is "
        "taken",
        cfg(["dragon", "fairy"]),
        [deal(["C2", "Dragons", "Fairy"], "H9"), deal(["C2", "Dragon", "Fairy"], "H9")],
        cards=["dragon", "fairy"],
        errors=refused(0, "bad_card_text"),
        state={"phase": "bid", "hands": [["C2"], ["Dragon"], ["Fairy"]]},
    )
    yield acase(
        next(ids),
        "28.6",
        "a declaration's 'as' is a suit letter, W or J: 'X' cannot be read (invalid_action), "
        "and the Juggler just played is still to be declared",
        cfg(["juggler"]),
        [
            deal(["C2", "Juggler", "C3"], "H9"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "Juggler"),
            declare(1, "X"),
        ],
        cards=["juggler"],
        errors=refused(5, "invalid_action"),
        state={"phase": "declare", "current_player": 1},
    )
    yield acase(
        next(ids),
        "28.6",
        "a Witch's swap names two cards or none: a give without a take cannot be read "
        "(invalid_action)",
        cfg(["witch"]),
        [deal(["C2", "Witch", "C3"], "H9"), witch_swap(1, "Witch", None)],
        cards=["witch"],
        errors=refused(1, "invalid_action"),
        state={"phase": "bid"},
    )

    # Rule 38: an anniversary card turned for trump.
    for name in ("dragon", "cloud", "werewolf", "juggler", "shapeshifter", "vampire"):
        token = TOKENS[name]
        rule = {"werewolf": "32.3", "vampire": "37.4"}.get(name, "38.1")
        yield acase(
            next(ids),
            rule,
            f"round 1 turns the {token} (no seat holds the Werewolf): as after a Wizard, the "
            "dealer (seat 0) names trump",
            cfg(_deck(name)),
            [fill(3, 1, {}, token)],
            cards=[name],
            state={
                "phase": "choose_trump",
                "current_player": 0,
                "turned": token,
                "trump_card": token,
                "trump": None,
            },
        )
        yield acase(
            next(ids),
            rule,
            f"round 1 turns the {token}: the dealer may not name no trump "
            "(no_trump_not_allowed); it names Diamonds, and seat 1 bids first",
            cfg(_deck(name)),
            [fill(3, 1, {}, token), choose(0, None), choose(0, "D")],
            cards=[name],
            errors=refused(1, "no_trump_not_allowed"),
            state={"phase": "bid", "trump": "D", "current_player": 1},
        )
    for name in ("fairy", "bomb", "witch"):
        token = TOKENS[name]
        yield acase(
            next(ids),
            "38.2",
            f"round 1 turns the {token}: no trump, as after a Jester; the bidding starts with "
            "seat 1 at once",
            cfg(_deck(name)),
            [fill(3, 1, {}, token)],
            cards=[name],
            state={"phase": "bid", "trump": None, "turned": token, "current_player": 1},
        )
    yield acase(
        next(ids),
        "38.2",
        "round 1 turns the Fairy: the dealer names nothing, so a trump choice is out of "
        "phase (wrong_phase)",
        cfg(["dragon", "fairy"]),
        [fill(3, 1, {}, "Fairy"), choose(0, "H")],
        cards=["fairy"],
        errors=refused(1, "wrong_phase"),
        state={"phase": "bid", "trump": None},
    )
