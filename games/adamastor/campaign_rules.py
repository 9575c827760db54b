"""Campaign Mode's rules between voyages: the cards offered for each voyage, what a voyage carries in,
and how a finished voyage is folded into the campaign (Renown, scars, patience, removed encounters,
campaign effects, the next stage or the end). RULINGS.md (Campaign Mode) explains each choice.
"""

from __future__ import annotations

from typing import Any

from games.adamastor.campaign_content import CampaignContent
from games.adamastor.campaign_state import CState
from games.adamastor.components import Components
from games.adamastor.state import State, deep_copy
from games.adamastor.table import listing
from games.engine import N_, Event, Rng, words, words_n

WIN_BONUS_PER_VOYAGE = 10
CAMPAIGN_BONUS = 20
MAX_SCARS = 3
LAST_STAGE, RETRY_STAGE = 3, 4


def say(c: CState, ev: list[Event], kind: str, text: str, reveals: bool = False, **data: Any) -> None:
    ev.append(Event(kind, text, reveals, data))
    c.add_log(text)


def offer(content: CampaignContent, c: CState, ev: list[Event]) -> None:
    """Draw the campaign cards offered for the voyage being prepared (face up: a reveal)."""
    rng = Rng(c.rng)
    ids = content.stage_cards(c.stage)
    if c.stage == 1:  # one route of each letter, B (the coast) and C (the open sea)
        picks = [rng.choice([i for i in ids if i[0] == letter]) for letter in "BC"]
    elif c.stage == 2:  # two of the four second-voyage cards
        rng.shuffle(ids)
        picks = sorted(ids[:2])
    else:  # the last voyage offers both G cards; a second attempt has only H
        picks = ids
    c.rng = rng.state
    c.offered, c.chosen = picks, (picks[0] if len(picks) == 1 else None)
    names = listing([words("{letter} {card}", letter=p, card=content.cards[p]["title"]) for p in picks])
    say(c, ev, "offer", words("Voyage {n}: the campaign offers {cards}.", n=c.voyage, cards=names), True, cards=picks)


def game_seed(c: CState) -> int:
    """Each voyage's game seed, derived from the campaign seed and the voyage number alone.

    It keeps `c.seed_bits` bits: 53 (too many to try them all against the cards a voyage shows), or 31 for
    a campaign begun under rules version 1, whose voyages must replay as they were dealt.
    """
    rng = Rng.from_seed(c.seed ^ (c.voyage * 0x9E3779B97F4A7C15))
    return rng.next64() % (1 << c.seed_bits)


def scars_carried(content: CampaignContent, c: CState) -> int:
    caps = [content.upgrades[u]["scar_cap"] for u in c.upgrades if "scar_cap" in content.upgrades[u]]
    return min([c.scars, *caps])


def _sources(content: CampaignContent, c: CState) -> list[tuple[str, dict]]:
    card = content.cards[c.chosen]
    out = [("card", card)]
    out += [("upgrade", content.upgrades[u]) for u in c.upgrades]
    out += [("effect", content.effects[k]) for k in c.effects]
    return out


def goal_text(goal: dict) -> str:
    if goal["kind"] == "reach":
        return words("Reach the destination's land.")
    if goal["where"] == "land":
        return words_n("Complete {n} land encounter, then reach the destination's land.",
                       "Complete {n} land encounters, then reach the destination's land.", goal["n"])
    return words_n("Complete {n} encounter, then reach the destination's land.",
                   "Complete {n} encounters, then reach the destination's land.", goal["n"])


def carried(content: CampaignContent, c: CState) -> dict:
    """What the voyage being sailed carries into its game (CONTRACT.md, Campaign Mode)."""
    card = content.cards[c.chosen]
    mods: dict[str, int] = {}
    skills: list[str] = []
    rules = []
    for source, item in _sources(content, c):
        for m in item.get("mods", []):
            mods[m["op"]] = mods.get(m["op"], 0) + m["n"]
        skills += item.get("skills", [])
        ident = item.get("id", item.get("key"))
        rules.append({"source": source, "id": ident, "title": item["title"], "text": item["text"]})
    scars = scars_carried(content, c)
    if scars:
        mods["trauma"] = mods.get("trauma", 0) + scars
        rules.append(
            {
                "source": "crew",
                "id": "scars",
                "title": f"Scars: {scars}",
                "text": f"The crew carries {scars} scar(s): start with as many Traumas.",
            }
        )
    mods = {k: v for k, v in mods.items() if v > 0 or k == "morale" and v < 0}
    return {
        "voyage": c.voyage,
        "card": {"id": card["id"], "letter": card["letter"], "title": card["title"], "text": card["text"]},
        "goal": {**deep_copy(card["goal"]), "text": goal_text(card["goal"])},
        "map": deep_copy(card["map"]),
        "mods": mods,
        "skills": skills,
        "removed": list(c.removed),
        "rules": rules,
        "effects": {k: e["title"] for k, e in content.effects.items()},
    }


def renown_earned(game: State) -> int:
    """A won voyage earns its Classic score; a lost one only 1 per encounter completed."""
    if game.result == "won":
        return game.experience + 4 * game.encounters_completed
    return game.encounters_completed


def _met_cards(game: State) -> list[str]:
    current = [game.encounter["id"]] if game.encounter and game.encounter.get("id") else []
    return game.enc_used + [t[0] for t in game.tasks] + current


def fold_voyage(content: CampaignContent, comp: Components, c: CState, game: State, ev: list[Event]) -> None:
    """Everything a finished voyage changes in the campaign, in a fixed order."""
    won = game.result == "won"
    renown = renown_earned(game)
    removed = [e for e in _met_cards(game) if comp.encounters[e].remove_from_campaign and e not in c.removed]
    scars = min(2, len(game.traumas) // 3) + (0 if won else 1)
    c.effects = [k for k in c.effects if content.effects[k]["lasts"] == "campaign"]  # "next" ones are spent
    patience = c.patience - (0 if won else 1)
    for key in game.campaign["gained"]:
        eff = content.effects[key]
        renown, scars, patience = renown + eff["renown"], scars + eff["scars"], patience + eff["patience"]
        if eff["lasts"] != "now" and key not in c.effects:
            c.effects.append(key)
        text = words("Campaign effect: {effect}. {text}", effect=eff["title"], text=eff["text"])
        say(c, ev, "effect", text, effect=key)
    c.scars = max(0, min(MAX_SCARS, scars))
    c.patience = max(0, patience)
    c.renown += renown
    c.purse += renown
    c.removed += removed
    c.history.append(
        {
            "voyage": c.voyage,
            "stage": c.stage,
            "card": c.chosen,
            "result": game.result,
            "reason": game.reason,
            "renown": renown,
            "encounters": game.encounters_completed,
            "experience": game.experience,
            "traumas": len(game.traumas),
            "scars": c.scars,
            "gained": list(game.campaign["gained"]),
            "removed": removed,
        }
    )
    if won:
        text = words_n("Voyage {voyage} reaches its destination: +{renown} Renown, the crew now has {n} scar.",
                       "Voyage {voyage} reaches its destination: +{renown} Renown, the crew now has {n} scars.",
                       c.scars, voyage=c.voyage, renown=renown)
    else:
        text = words_n("Voyage {voyage} is lost ({reason}): +{renown} Renown, the crew now has {n} scar.",
                       "Voyage {voyage} is lost ({reason}): +{renown} Renown, the crew now has {n} scars.",
                       c.scars, voyage=c.voyage, renown=renown, reason=game.reason)
    say(c, ev, "voyage", text)
    for e in removed:
        say(c, ev, "removed", words("{card} is removed from the campaign.", card=comp.encounters[e].title), id=e)


def next_stage(content: CampaignContent, c: CState, won: bool, ev: list[Event]) -> None:
    """After a voyage: the campaign ends, or the next voyage (or a second attempt) is prepared."""
    if won and c.stage >= LAST_STAGE:
        c.phase, c.result, c.reason = "over", "won", N_("the last voyage reached its destination")
    elif c.patience <= 0:
        c.phase, c.result, c.reason = "over", "lost", N_(
            "the king's patience is spent: the command is taken away")
    if c.phase == "over":
        say(c, ev, c.result, words("The campaign is won: {reason}.", reason=c.reason) if c.result == "won"
                               else words("The campaign is lost: {reason}.", reason=c.reason))
        return
    c.stage = RETRY_STAGE if c.stage >= LAST_STAGE else c.stage + 1
    c.voyage += 1
    c.phase = "prepare"
    offer(content, c, ev)
