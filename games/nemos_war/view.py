"""What the player may see (CONTRACT.md, view): never the deck order, cards out of play, the chosen ending,
the unplaced pool, hidden ships, face-down treasures or the RNG.
"""

from __future__ import annotations

from typing import Any

from games.engine import N_, Words, words
from games.nemos_war import cards, combat
from games.nemos_war import rules as r
from games.nemos_war.components import COMMITMENTS, RESOURCES, Components
from games.nemos_war.flow import PREP_ROLL_LINE, rescue_tokens
from games.nemos_war.scoring import epilogue, summary, zone_vp
from games.nemos_war.state import State


def ship_view(c: Components, sid: str) -> dict:
    """A face-up ship as the board draws it (built once per ship; callers get their own copy)."""
    key = ("ship", sid)
    if key not in c.memo:
        sh = c.ship(sid)
        c.memo[key] = {**sh.raw, "name": c.classes[sh.cls], "warship": sh.warship, "hidden": False}
    return dict(c.memo[key])


def _slot_ship(c: Components, s: State, sid: str | None) -> dict | None:
    if sid is None:
        return None
    return ship_view(c, sid) if sid in s.revealed else {"hidden": True}


def _oceans(c: Components, s: State) -> list[dict]:
    p = s.top or {}
    out = []
    for key, o in c.oceans.items():
        slots = [{"box": f"{key}.{i + 1}", "ship": _slot_ship(c, s, x),
                  "stalked": p.get("kind") == "combat" and p["box"] == f"{key}.{i + 1}" and p["mode"] == "stalk",
                  "target": p.get("kind") in ("combat", "sink") and p["box"] == f"{key}.{i + 1}"}
                 for i, x in enumerate(s.boxes[key])]
        out.append({"key": key, "name": o.name, "die": o.die, "boxes": o.boxes, "routes": o.routes,
                    "lands": o.raw["lands"], "x": o.raw["x"], "y": o.raw["y"], "here": s.nautilus == key,
                    "slots": slots, "treasure": s.treasure_at[key] is not None, "wreck": s.wreck == key,
                    "register": [ship_view(c, x) for x in s.register[key]], "full": r.ocean_full(c, s, key)})
    return out


def _resources(c: Components, s: State) -> dict:
    p = s.top or {}
    staked = p.get("staked", []) if p.get("kind") in ("test", "combat") and p.get("rolled") is None else []
    out = {}
    for k in RESOURCES:
        t = c.tracks[k]
        v = s.res[k]
        out[k] = {"name": t.name, "value": v, "max": t.start, "staked": k in staked, "drm": t.drm.get(v, 0),
                  "zone_vp": zone_vp(t, v), "defeat_vp": zone_vp(t, 0), "final_commitment": t.final_commitment,
                  "hits": list(t.hits), "track": t.raw["positions"]}
    return out


def _groups(c: Components, s: State, table: dict) -> list[dict]:
    return [{"at": int(at), "group": g, "arrived": g in s.arrived,
             "ships": [ship_view(c, x) for x in s.waiting.get(g, [])]} for at, g in table.items()]


def _commitment(c: Components, s: State) -> dict:
    table = c.tables["commitments"]
    rows = [{"key": k, "name": table[k]["name"], "multipliers": table[k]["multipliers"],
             "science": table[k]["science"], "wonders": table[k]["wonders"], "current": k == s.commitment}
            for k in COMMITMENTS]
    name = table[s.commitment]["name"] if s.commitment else None
    asking = s.top is not None and s.top["kind"] == "final"
    return {"key": s.commitment, "final": s.final_done and not asking,
            "name": name, "table": rows}


def card_view(c: Components, cid: str) -> dict:
    return dict(c.cards[cid].raw)


def _cards(c: Components, s: State) -> dict:
    return {"deck": len(s.deck), "kept": [card_view(c, x) for x in s.kept],
            "pass": [card_view(c, x) for x in s.pass_pile], "fail": [card_view(c, x) for x in s.fail_pile],
            "current": card_view(c, s.current[0]) if s.current else None, "out": len(s.out) + len(s.gone)}


def prep_roll(s: State) -> dict[str, Any] | None:
    """This turn's preparation roll, {"dice": [a, b], "total": a + b}, from its line in the log (the newest one is this
    turn's: every turn begins with one); None before the first, while a new turn waits for its roll (the newest line
    is then the turn before's), or for a save whose log holds plain text."""
    if s.top is not None and s.top.get("kind") == "prep":
        return None
    for line in reversed(s.log):
        if isinstance(line, dict) and line.get("m") == PREP_ROLL_LINE:  # a line's Words as JSON (rules.say)
            a, b = (line.get("p") or {}).get("a"), (line.get("p") or {}).get("b")
            ok = all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in (a, b))
            return {"dice": [a, b], "total": a + b} if ok else None
    return None


def build_view(c: Components, s: State) -> dict[str, Any]:
    sc = summary(c, s)
    return {
        "turn": s.turn, "week": s.week, "phase": s.phase, "prompt": prompt(c, s), "decision": decision(c, s),
        "options": _options(s), "commitment": _commitment(c, s),
        "calendar": {"week": s.week, "last": c.calendar["last"], "side": s.side, "target": 10 if s.side == "10+" else 7,
                     "groups": [{**g, "week": g.pop("at")} for g in _groups(c, s, c.calendar["groups"])]},
        "notoriety": {"value": s.notoriety, "max": c.notoriety["max"],
                      "warship_bonus": 1 if s.notoriety >= c.notoriety["max"] else 0,
                      "groups": _groups(c, s, c.notoriety["groups"])},
        "liberation": {"value": s.liberation, "side": "+10" if s.liberation >= 10 else "×1",
                       "position": s.liberation % 10 if s.liberation < 19 else 9, "max": c.liberation_max},
        "resources": _resources(c, s),
        "passengers": {w: {"name": d["name"], "vp": d["vp"], "help": d["label"], "available": s.passengers[w]}
                       for w, d in c.passengers.items()},
        "nautilus": s.nautilus, "last_rest_turn": s.last_rest_turn if s.last_rest_turn > 0 else None,
        "prep_roll": prep_roll(s),
        "oceans": _oceans(c, s),
        "pool": {"unplaced": len(s.pool), "discard": [ship_view(c, x) for x in s.discard]},
        "event_ships": [{"card": cid, "ship": ship_view(c, sid), "placed": sid not in s.waiting.get(g, []),
                         "where": _where_ship(s, sid)} for cid, g, sid in _event_ships(c)],
        "salvage": [ship_view(c, x) for x in s.salvage], "salvage_boxes": c.salvage_boxes,
        "refits": [{"key": k, "name": ref["name"], "cost": ref["cost"], "text": ref["text"],
                    "owned": bool(s.refits.get(k)) if k != "seek" else s.seek_times > 0,
                    "ship": ship_view(c, s.refits[k]) if s.refits.get(k) else None,
                    "times": s.seek_times if k == "seek" else int(bool(s.refits.get(k)))}
                   for k, ref in c.tables["refits"].items()],
        "treasures": {"collected": [dict(c.tokens[t].raw) for t in s.collected], "cup": len(s.cup)},
        "cards": _cards(c, s), "cannon": {"uses_left": s.cannon} if s.cannon else None,
        "score": sc, "log": [r.log_line(x) for x in s.log[-40:]], "end": _end(c, s, sc),
        "scourge": list(c.scourge), "register_columns": c.register_columns,
    }


def _where_ship(s: State, sid: str) -> str:
    """Where a ship is: "map" (in an ocean's box), "sunk" (in an ocean's register), "salvage" (captured), "refit"
    (paid for a refit), "discard", or "waiting" (not in play yet, or set aside)."""
    if any(sid in boxes for boxes in s.boxes.values()):
        return "map"
    if any(sid in sunk for sunk in s.register.values()):
        return "sunk"
    if sid in s.salvage:
        return "salvage"
    if sid in s.refits.values():
        return "refit"
    return "discard" if sid in s.discard else "waiting"


def _event_ships(c: Components) -> list[tuple[str, str, str]]:
    if "event_ships" not in c.memo:
        c.memo["event_ships"] = _find_event_ships(c)
    return c.memo["event_ships"]


def _find_event_ships(c: Components) -> list[tuple[str, str, str]]:
    out = []
    for card in c.cards.values():
        for o in card.outcomes or ():
            for e in o["effects"]:
                if e["op"] == "hunter":
                    out.append((card.id, c.ship(e["ship"]).group, e["ship"]))
    return out


def _options(s: State) -> dict:
    o = s.options
    return {"commitment": o.get("commitment", "choose"), "deadly_frigates": int(o.get("deadly_frigates", "0")),
            "deadly_ironclads": int(o.get("deadly_ironclads", "0")),
            "pursuit": s.opt_on("pursuit"), "clear": s.opt_on("clear"), "pressure": s.opt_on("pressure"),
            "historical": s.historical, "ending": o.get("ending", "random")}


def _end(c: Components, s: State, sc: dict) -> dict | None:
    if s.phase != "over":
        return None
    wins = [lv for lv in c.tables["levels"] if lv["key"] in ("success", "triumph")]
    return {"reason": s.end_reason, "text": c.tables["endings"][s.end_reason], "level": sc["level"],
            "level_key": sc["level_key"], "epilogue": epilogue(c, s, sc["level_key"]), "score": sc["total"],
            "result": s.result, "win_min": min(lv["min"] for lv in wins), "win_level": wins[0]["name"],
            "lost_resource": next((c.tracks[k].name for k in RESOURCES if s.res[k] <= 0), None)}


def decision(c: Components, s: State) -> dict | None:
    p = s.top
    if p is None:
        return None
    kind = p["kind"]
    if kind == "test":
        card = c.cards[p["card"]]
        drm = cards.stake_drm(c, s, p["staked"])
        return {"kind": "test", "card": card_view(c, card.id), "target": card.test["target"],
                "help": card.test["help"], "staked": list(p["staked"]), "drm": drm,
                "odds": cards.odds(drm, card.test["target"]), "rolled": p["rolled"], "source": p["source"]}
    if kind == "combat":
        parts = combat.drm_parts(c, s, p)
        drm = sum(n for _, n in parts)
        dv = c.ship(p["ship"]).dv
        return {"kind": "combat", "box": p["box"], "ship": ship_view(c, p["ship"]), "stalk": p["mode"] == "stalk",
                "mode": p["mode"], "staked": list(p["staked"]), "cannon": p["cannon"], "drm": drm,
                "drm_parts": [{"label": lab, "n": n} for lab, n in parts], "target": dv,
                "odds": cards.odds(drm, dv), "rolled": p["rolled"], "warship_fired": p["fired"], "chain": p["chain"]}
    if kind in ("sink", "pressure"):
        return {"kind": kind, "box": p.get("box"), "ship": ship_view(c, p["ship"]), "can_capture": p.get("can_capture")}
    if kind == "chain":
        return {"kind": "chain", "targets": combat.chain_targets(s, p["ocean"])}
    if kind == "outcome":
        outs = {o["key"]: o for o in cards.card_outcomes(c, p["card"], True)}
        return {"kind": "outcome", "card": card_view(c, p["card"]), "options": [outs[k] for k in p["options"]]}
    if kind == "seek":
        return {"kind": "seek", "card": card_view(c, p["card"])}
    if kind == "final":
        return {"kind": "final", "current": s.commitment}
    if kind == "rescue":
        return {"kind": "rescue", "resource": p["resource"],
                "tokens": [dict(c.tokens[t].raw) for t in rescue_tokens(c, s, p["resource"])]}
    if kind == "action":
        return {"kind": "action", "rest_allowed": s.last_rest_turn != s.turn - 1}
    return {"kind": kind}


PROMPTS = {
    "commitment": N_("Choose Nemo's commitment, or roll for it."),
    "start": N_("Choose the ocean where the Nautilus starts."),
    "prep": N_("Roll the preparation dice."),
    "action": N_("Choose Nemo's action (kept cards may be played before or after it)."),
    "post": N_("Play kept cards, or end the turn."),
    "sink": N_("A hit! Sink the ship or capture it."),
    "chain": N_("The ship went down: attack another ship here (notoriety +1) or stop."),
    "outcome": N_("Choose how the card resolves."),
    "seek": N_("Seek Adventure: take on this card or decline it."),
    "pressure": N_("Ocean Pressure: choose the resource the Nautilus loses."),
    "final": N_("Final Commitment: keep Nemo's commitment or change it, once and for all."),
    "rescue": N_("A resource is exhausted: give up an OR treasure to stay in the game, or accept the defeat."),
}


def prompt(c: Components, s: State) -> Words | str:
    if s.phase == "over":
        return words("The game is over: {ending}", ending=c.tables["endings"][s.end_reason])
    p = s.top
    if p is None:
        return ""
    if p["kind"] == "test":
        card = c.cards[p["card"]]
        if p["rolled"] is None:
            return words("{title}: test {target}+. Stake resources, then roll.", title=card.title,
                         target=card.test["target"])
        return words("{title}: the roll failed. Call for emergency help, or accept the result.", title=card.title)
    if p["kind"] == "combat":
        if p["rolled"] is None:
            return words("Combat with the {ship}: stake one resource if you wish, then roll.",
                         ship=r.ship_name(c, p["ship"]))
        return words("The attack missed. Call for emergency help, or accept the result.")
    return Words(PROMPTS[p["kind"]])
