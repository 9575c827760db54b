"""Card effects and the hero's belongings: effect ops (items, potions, abilities, stars, events), the shop,
exhausting items, drinking potions, the once-per-turn ability, and artifacts changing hands (Artifacts variant).
"""

from __future__ import annotations

from games.engine import Event, Rng, Words, words, words_n
from games.platformer.combat import all_attack, heal, wound
from games.platformer.components import Components
from games.platformer.movement import enemies_move
from games.platformer.table import (
    State,
    face_word,
    layout,
    level_of,
    list_words,
    mod,
    on_boss_level,
    passive,
    say,
    stored,
)


def apply_effects(comp: Components, s: State, ev: list[Event], effects: list[dict], source: str | Words) -> None:
    """Resolve effect ops in order; ops that need a choice leave a pending decision (`pick` or `reroll`)."""
    for e in effects:
        op = e["op"]
        if op == "gold":
            s["gold"] += e["n"]
            say(s, ev, "gold", words("{source}: +{n} gold.", source=source, n=e["n"]))
        elif op == "gems":
            s["gems"] += e["n"]
            say(s, ev, "gems", words_n("{source}: +{n} gem.", "{source}: +{n} gems.", e["n"], source=source))
        elif op == "heal":
            heal(comp, s, ev, e["n"])
        elif op == "wound":
            wound(comp, s, ev, e["n"], source)
        elif op == "symbol":
            add_bonus(s, ev, e["sym"], source)
        elif op == "choose_symbol":
            if s["pending"] is not None and s["pending"]["kind"] == "pick":
                s["pending"]["left"] += 1
            else:
                s["pending"] = {"kind": "pick", "source": stored(source), "left": 1}
        elif op == "attack_bonus":
            s["attack_bonus"] += e["n"]
            say(s, ev, "bonus", words_n("{source}: the next attack deals {n} more wound.",
                                        "{source}: the next attack deals {n} more wounds.", s["attack_bonus"],
                                        source=source))
        elif op == "reroll":
            reroll(s, ev, [i for i, d in enumerate(s["dice"]) if not d["used"]], comp)
        elif op == "reroll_one":
            if any(not d["used"] for d in s["dice"]):
                s["pending"] = {"kind": "reroll", "source": stored(source)}
        elif op == "reset_special":
            s["special"] = None
            say(s, ev, "special", words("{source}: the special die is reset.", source=source))
        elif op == "enemies_attack":
            all_attack(comp, s, ev)
        elif op == "enemies_move":
            enemies_move(comp, s, ev, e["dir"])


def add_bonus(s: State, ev: list[Event], sym: str, source: str | Words) -> None:
    s["bonus"].append({"face": sym, "used": False, "source": stored(source)})
    say(s, ev, "bonus", words("{source}: a bonus {face} symbol.", source=source, face=face_word(sym)))


def reroll(s: State, ev: list[Event], indexes: list[int], comp: Components) -> None:
    rng = Rng(s["rng"])
    for i in indexes:
        s["dice"][i]["face"] = rng.choice(list(comp.dice["action"]))
    s["rng"] = rng.state
    faces = list_words([face_word(s["dice"][i]["face"]) for i in indexes])
    say(s, ev, "reroll", words("Rerolled: {faces}.", faces=faces), reveals=True,
        faces=[s["dice"][i]["face"] for i in indexes], dice_ids=[f"d{i}" for i in indexes])


def price(comp: Components, s: State, cid: str) -> int:
    base = comp.card(cid).raw["price"]
    return max(1, base - passive(comp, s, "shop_discount") - mod(s, "shop_discount"))


def shop_open(comp: Components, s: State) -> bool:
    here = s["hero_cell"]
    return here is not None and layout(comp, s).cells[here].t.shop and not mod(s, "shop_closed")


def buy(comp: Components, s: State, ev: list[Event], cid: str) -> None:
    cost = price(comp, s, cid)
    s["gold"] -= cost
    card = comp.card(cid).raw
    if card["kind"] == "potion":
        s["shop_potions"].remove(cid)
        s["potions"].append(cid)
        if s["potion_deck"]:
            s["shop_potions"].append(s["potion_deck"].pop(0))
    else:
        s["shop_items"].remove(cid)
        s["items"].append(cid)
        if s["item_deck"]:
            s["shop_items"].append(s["item_deck"].pop(0))
        if any(p["key"] == "max_health" for p in card.get("passives", [])):
            s["health"] += sum(p["n"] for p in card["passives"] if p["key"] == "max_health")
    s["bought"] += 1
    say(s, ev, "buy", words("Bought {card} for {cost} gold.", card=card["name"], cost=cost), reveals=True, card=cid)


def use_item(comp: Components, s: State, ev: list[Event], cid: str) -> None:
    card = comp.card(cid).raw
    s["exhausted"].append(cid)
    say(s, ev, "item", words("{card} is exhausted.", card=card["name"]), card=cid)
    apply_effects(comp, s, ev, card["effects"], card["name"])


def drink(comp: Components, s: State, ev: list[Event], cid: str) -> None:
    card = comp.potions[cid].raw
    s["potions"].remove(cid)
    s["potion_deck"].append(cid)  # back to the bottom of the potion deck
    say(s, ev, "potion", words("Drank {card}.", card=card["name"]), card=cid)
    apply_effects(comp, s, ev, card["effects"], card["name"])


def use_ability(comp: Components, s: State, ev: list[Event]) -> None:
    hero = comp.heroes[s["opts"]["hero"]].raw
    s["ability_used"] = True
    s["gold"] -= hero["ability"].get("cost", {}).get("gold", 0)
    apply_effects(comp, s, ev, hero["ability"]["effects"], words("{hero}'s ability", hero=hero["name"]))


def ability_ready(comp: Components, s: State) -> bool:
    ab = comp.heroes[s["opts"]["hero"]].raw["ability"]
    if ab["kind"] != "once" or s["ability_used"]:
        return False
    if any(e["op"] == "reroll_one" for e in ab["effects"]) and all(d["used"] for d in s["dice"]):
        return False
    return s["gold"] >= ab.get("cost", {}).get("gold", 0)


def _condition_met(comp: Components, s: State, cond: dict) -> bool:
    kind, n = cond["kind"], cond["n"]
    hero_level = level_of(s["hero_cell"]) if s["hero_cell"] else 0
    return {
        "gold_at_least": s["gold"] >= n,
        "gems_at_least": s["gems"] >= n,
        "kill_tier": any(t >= n for t in s["kill_tiers"]),
        "kills_in_turn": s["turn_kills"] >= n,
        "big_attack": s["best_attack"] >= n,
        "reach_level": hero_level >= n,
        "items_at_least": len(s["items"]) >= n,
        "health_at_most": 0 < s["health"] <= n,
        "buy": s["bought"] >= n,
        "boss_level": on_boss_level(s),
    }[kind]


def check_artifacts(comp: Components, s: State, ev: list[Event]) -> None:
    """Artifacts variant, solo: meeting an artifact's condition takes it (ready to use)."""
    for aid in list(s["art_table"]):
        card = comp.artifacts[aid].raw
        if _condition_met(comp, s, card["condition"]):
            s["art_table"].remove(aid)
            s["artifacts"].append(aid)
            say(s, ev, "artifact", words("Artifact taken: {card} ({condition})", card=card["name"],
                                         condition=card["condition_text"]), card=aid)

