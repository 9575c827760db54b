"""Combat [10.0]: warships fire first, the Nautilus stakes one resource and rolls, sink or capture, chained
attacks [7.6], stalking [7.5], black-sun warships [6.5.1], Relentless Pursuit [13.2] and Ocean Pressure [13.4].
"""

from __future__ import annotations

from games.engine import N_, Event, words, words_n
from games.nemos_war import rules as r
from games.nemos_war.cards import apply_help, describe_roll, roll_data, roll_dice, stake_drm, usable_help
from games.nemos_war.components import RESOURCES, Components
from games.nemos_war.state import State


def warship_av(c: Components, s: State, sid: str) -> int:
    av = c.ship(sid).av
    if s.notoriety >= c.notoriety["max"]:
        av += 1
    if s.refits.get("armour"):
        av -= 1
    return av


def hit_resource(c: Components, face: int) -> str:
    return next(k for k in RESOURCES if face in c.tracks[k].hits)


def warship_fire(c: Components, s: State, ev: list[Event], sid: str) -> dict:
    """[10.1]: 2d6 <= the modified attack value costs the Nautilus one resource (1d6 on the hit table)."""
    av = warship_av(c, s, sid)
    a, b = r.die(s), r.die(s)
    fired = {"dice": [a, b], "total": a + b, "av": av, "hit": a + b <= av, "lost": None}
    name = r.ship_name(c, sid)
    box = r.box_of(s, sid)
    told = {"dice": [a, b], "most": av, "hit": fired["hit"], **({"box": box} if box else {})}
    if not fired["hit"]:
        r.say(s, ev, words("The {ship} fires: {a} + {b} against attack value {av}: a miss.", ship=name, a=a, b=b,
                           av=av),
              reveals=True, kind="roll", data=told)
        return fired
    if s.opt_on("pressure") and a + b == av:
        r.say(s, ev, words("The {ship} fires: {a} + {b}, exactly its attack value {av}: you choose the loss.",
                           ship=name, a=a, b=b, av=av), reveals=True, kind="roll", data=told)
        s.pending.append({"kind": "pressure", "ship": sid})
        fired["lost"] = "choice"
        return fired
    face = r.die(s)
    res = hit_resource(c, face)
    fired["lost"] = res
    r.say(s, ev, words("The {ship} fires: {a} + {b} against attack value {av}: a hit; the hit die shows {face}.",
                       ship=name, a=a, b=b, av=av, face=face), reveals=True, kind="roll",
          data={**told, "hit_die": face, "res": res})
    r.change_res(c, s, ev, res, -1)
    return fired


def start_combat(c: Components, s: State, ev: list[Event], box: str, mode: str, chain: int = 0) -> None:
    sid = r.box_ship(s, box)
    r.reveal(c, s, ev, sid)
    p = {"kind": "combat", "box": box, "ship": sid, "mode": mode, "staked": [], "cannon": False,
         "rolled": None, "fired": None, "chain": chain}
    ship, where = r.ship_name(c, sid), r.box_words(c, box)
    r.say(s, ev, {"attack": words("The Nautilus attacks the {ship} in {box}.", ship=ship, box=where),
                  "stalk": words("The Nautilus stalks the {ship} in {box}.", ship=ship, box=where),
                  "hunter": words("The Nautilus fights the {ship} in {box}.", ship=ship, box=where)}[mode],
          data={"box": box, "mode": mode})
    s.pending.append(p)
    if c.ship(sid).warship:
        p["fired"] = warship_fire(c, s, ev, sid)


def drm_parts(c: Components, s: State, p: dict) -> list[tuple[str, int]]:
    """[10.2.2]: the staked resource, stalk +1, Reinforced Prow +1, another face-up warship here -1, cannon +2."""
    parts = []
    if p["staked"]:
        parts.append((words("{res} staked", res=c.tracks[p["staked"][0]].name), stake_drm(c, s, p["staked"])))
    if p["mode"] == "stalk":
        parts.append((N_("Stalk"), 1))
    if s.refits.get("prow"):
        parts.append((N_("Reinforced Prow"), 1))
    ocean = p["box"].split(".")[0]
    others = [x for x in s.ships_in(ocean) if x != p["ship"] and x in s.revealed and c.ship(x).warship]
    if others:
        parts.append((N_("Face-up warship here"), -1))
    if p["cannon"]:
        parts.append((N_("Cannon"), 2))
    return parts


def combat_roll(c: Components, s: State, ev: list[Event]) -> None:
    p = s.top
    if p["cannon"]:
        s.cannon -= 1
        r.say(s, ev, words_n("The cannon fires (+2); {n} use left.", "The cannon fires (+2); {n} uses left.", s.cannon),
              data={"cannon": s.cannon, "box": p["box"]})
        if s.cannon == 0 and s.cannon_card:
            s.gone.append(s.cannon_card.pop())
            r.say(s, ev, words("The cannon marker and Do No Harm are discarded."), data={"cannon": 0})
    dv = c.ship(p["ship"]).dv
    p["rolled"] = roll_dice(s, sum(n for _, n in drm_parts(c, s, p)), dv)
    r.say(s, ev, words("Attack: {roll}", roll=describe_roll(p["rolled"], dv)), reveals=True, kind="roll",
          data=roll_data(p["rolled"], dv, box=p["box"]))
    if p["rolled"]["passed"] or not usable_help(s, p["rolled"]):
        finish_combat(c, s, ev)


def combat_help(c: Components, s: State, ev: list[Event], who: str) -> None:
    p = s.top
    apply_help(c, s, ev, p["rolled"], who, c.ship(p["ship"]).dv, {"box": p["box"]})
    if p["rolled"]["passed"] or not usable_help(s, p["rolled"]):
        finish_combat(c, s, ev)


def finish_combat(c: Components, s: State, ev: list[Event]) -> None:
    p = s.pending.pop()
    if p["rolled"]["passed"]:
        s.pending.append({"kind": "sink", "box": p["box"], "ship": p["ship"], "mode": p["mode"],
                          "can_capture": len(s.salvage) < c.salvage_boxes})
        return
    for res in p["staked"]:
        r.change_res(c, s, ev, res, -1)
    r.say(s, ev, words("The {ship} survives.", ship=r.ship_name(c, p["ship"])), data={"box": p["box"]})
    r.change_notoriety(c, s, ev, 1, "miss")


def sink_or_capture(c: Components, s: State, ev: list[Event], capture: bool) -> None:
    """[10.2.3]: to the register of its ocean (or the salvage boxes); notoriety by skulls (-1 Monstrous)."""
    p = s.pending.pop()
    sid = r.clear_box(s, p["box"])
    ocean = p["box"].split(".")[0]
    if capture:
        s.salvage.append(sid)
        r.say(s, ev, words("The {ship} is captured: a salvage point.", ship=r.ship_name(c, sid)),
              data={"box": p["box"], "to": "salvage"})
    else:
        s.register[ocean].append(sid)
        r.say(s, ev, words("The {ship} is sunk in the {ocean}.", ship=r.ship_name(c, sid), ocean=r.ocean_name(c,
                           ocean)), data={"box": p["box"], "to": "register"})
    skulls = max(0, c.ship(sid).skulls - (1 if s.refits.get("monstrous") else 0))
    if skulls:
        r.change_notoriety(c, s, ev, skulls, "skulls")
    if not capture and p["mode"] == "attack" and s.ships_in(ocean):
        s.pending.append({"kind": "chain", "ocean": ocean})


def chain_targets(s: State, ocean: str) -> list[str]:
    return [f"{ocean}.{i + 1}" for i, x in enumerate(s.boxes[ocean]) if x is not None]


def chain_attack(c: Components, s: State, ev: list[Event], box: str) -> None:
    """[7.6]: another attack in the same ocean costs one notoriety first."""
    s.pending.pop()
    r.change_notoriety(c, s, ev, 1, "again")
    start_combat(c, s, ev, box, "attack")


def hunter(c: Components, s: State, ev: list[Event], sid: str) -> None:
    """[6.5.1]: a black-sun warship joins the Nautilus's ocean, even if full, and the two fight."""
    group = c.ship(sid).group
    if sid not in s.waiting.get(group, []):
        return
    s.waiting[group].remove(sid)
    box = r.put_ship(s, s.nautilus, sid)
    start_combat(c, s, ev, box, "hunter")


def pursuit(c: Components, s: State, ev: list[Event]) -> None:
    """[13.2]: each face-up warship with the Nautilus rolls 1d6 (+1 per 10 notoriety); 5+ attacks."""
    bonus = s.notoriety // 10
    steps = []
    for sid in s.ships_in(s.nautilus):
        if sid in s.revealed and c.ship(sid).warship:
            steps.append({"step": "pursue", "ship": sid, "bonus": bonus})
    s.queue[0:0] = steps


def pursue(c: Components, s: State, ev: list[Event], sid: str, bonus: int) -> None:
    roll = r.die(s)
    attacks = roll + bonus >= 5
    ship = r.ship_name(c, sid)
    if bonus:
        line = (words("Relentless Pursuit: the {ship} rolls {roll} +{bonus}: it attacks!", ship=ship, roll=roll,
                      bonus=bonus)
                if attacks else
                words("Relentless Pursuit: the {ship} rolls {roll} +{bonus}: no attack.", ship=ship, roll=roll,
                      bonus=bonus))
    else:
        line = (words("Relentless Pursuit: the {ship} rolls {roll}: it attacks!", ship=ship, roll=roll) if attacks
                else words("Relentless Pursuit: the {ship} rolls {roll}: no attack.", ship=ship, roll=roll))
    box = r.box_of(s, sid)
    r.say(s, ev, line, reveals=True, kind="roll",
          data={"dice": [roll], "need": 5, "passed": attacks, **({"mod": bonus} if bonus else {}),
                **({"box": box} if box else {})})
    if attacks:
        warship_fire(c, s, ev, sid)
