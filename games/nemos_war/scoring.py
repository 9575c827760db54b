"""The score [12.3] by category under the commitment's column, the victory level [12.4] and the epilogue [12.5].

Categories marked * in the rulebook use the commitment's multipliers; a half multiplier rounds the
category's total down (RULINGS.md). With no commitment chosen yet the multipliers are ×1 and science and
wonders are worth nothing. A multiplier is written with the times sign ("×2", "×½"), as on the rules page.
"""

from __future__ import annotations

from games.engine import N_, Words, words
from games.nemos_war.components import RESOURCES, Components, Track
from games.nemos_war.state import State

NEUTRAL = {"multipliers": {"warships": 1, "others": 1, "adventure": 1, "treasure": 1, "liberation": 1},
           "science": 0, "wonders": 0}


def _mult(x: float) -> str:
    return {0.5: "×½", 0: "×0"}.get(x, f"×{int(x)}")


def _line(key: str, label: str, points: int, detail: str = "") -> dict:
    """A score line; `label` and `detail` are words (N_ constants or Words), said in the reader's language."""
    return {"key": key, "label": label, "points": int(points), "detail": detail}


def zone_vp(t: Track, pos: int) -> int:
    """[12.3] "The Condition of your Resources" for a marker at `pos`.

    On or above a green circle: that circle's VP (the nearest one at or below the marker); on or below a red
    circle: that circle's (negative) VP, the nearest one at or above the marker. So the defeat space 0, below
    every red circle, scores the lowest circle's VP (RULINGS.md, Score and result).
    """
    green = [p for p, vp in t.vp.items() if vp > 0 and p <= pos]
    if green:
        return t.vp[max(green)]
    red = [p for p, vp in t.vp.items() if vp < 0 and p >= pos]
    return t.vp[min(red)] if red else 0


def scourge(c: Components, s: State) -> int:
    """The value over the right-most register column that is full in every ocean."""
    full = min(len(reg) for reg in s.register.values())
    full = min(full, c.register_columns)
    return c.scourge[full - 1] if full else 0


def score_lines(c: Components, s: State) -> list[dict]:
    col = c.tables["commitments"][s.commitment] if s.commitment else NEUTRAL
    m = col["multipliers"]
    sunk = [sid for reg in s.register.values() for sid in reg]
    war = sum(c.ship(x).vp for x in sunk if c.ship(x).warship)
    other = sum(c.ship(x).vp for x in sunk if not c.ship(x).warship)
    scoring_cards = s.kept + s.pass_pile
    adv = sum(c.cards[x].vp for x in scoring_cards)
    science = sum(c.cards[x].science for x in scoring_cards)
    treasure = sum(c.tokens[t].vp for t in s.collected if c.tokens[t].kind in ("vp", "or"))
    wonders = sum(1 for t in s.collected if c.tokens[t].kind == "wonder")
    lines = [
        _line("warships", N_("Warships sunk"), int(war * m["warships"]), _vp(war, m["warships"])),
        _line("others", N_("Other ships sunk"), int(other * m["others"]), _vp(other, m["others"])),
        _line("scourge", N_("Scourge of the Seas"), scourge(c, s), N_("full register columns in every ocean")),
        _line("adventure", N_("Adventure cards"), int(adv * m["adventure"]), _vp(adv, m["adventure"])),
        _line("science", N_("Science"), science * col["science"], _each(science, col["science"])),
        _line("treasure", N_("Treasures"), int(treasure * m["treasure"]), _vp(treasure, m["treasure"])),
        _line("wonders", N_("Wonders"), wonders * col["wonders"], _each(wonders, col["wonders"])),
        _line("liberation", N_("Liberation"), int(s.liberation * m["liberation"]),
              words("{n} {mult}", n=s.liberation, mult=_mult(m["liberation"]))),
    ]
    for k in RESOURCES:
        t = c.tracks[k]
        lines.append(_line(k, words("{res} track", res=t.name), zone_vp(t, s.res[k]), words("at {n}", n=s.res[k])))
    gone = [w for w, here in s.passengers.items() if not here]
    names = [c.passengers[w]["name"] for w in gone]
    fate = (N_("all aboard") if not names else names[0] if len(names) == 1
            else words("{a}, {b}", a=names[0], b=names[1]) if len(names) == 2
            else words("{a}, {b}, {c}", a=names[0], b=names[1], c=names[2]))
    lines.append(_line("passengers", N_("Passengers' fate"), -sum(c.passengers[w]["vp"] for w in gone), fate))
    lines += _option_lines(c, s)
    if s.tragic:
        lines.append(_line("tragic", N_("Tragic ending"), -50))
    if s.imperial:
        lines.append(_line("imperial", N_("Imperial victory"), -50))
    return lines


def _option_lines(c: Components, s: State) -> list[dict]:
    vp = c.tables["options_vp"]
    out = []
    frig = int(s.options.get("deadly_frigates", "0"))
    iron = int(s.options.get("deadly_ironclads", "0"))
    if frig or iron:
        out.append(_line("deadly", N_("Deadly Seas"), frig * vp["armoured_frigate"] + iron * vp["ironclad"],
                         words("{frig} armoured frigates, {iron} ironclads", frig=frig, iron=iron)))
    for key, label in (("pursuit", N_("Relentless Pursuit")), ("clear", N_("Clear Seas")),
                       ("pressure", N_("Ocean Pressure"))):
        if s.opt_on(key):
            out.append(_line(key, label, vp[key]))
    return out


def _vp(n: int, mult: float) -> Words:
    return words("{n} VP {mult}", n=n, mult=_mult(mult))


def _each(n: int, each: int) -> Words:
    return words("{n} × {each}", n=n, each=each)


def level(c: Components, total: int) -> dict:
    found = c.tables["levels"][0]
    for lv in c.tables["levels"]:
        if lv["min"] is not None and total >= lv["min"]:
            found = lv
    return found


def summary(c: Components, s: State) -> dict:
    lines = score_lines(c, s)
    total = sum(x["points"] for x in lines)
    lv = level(c, total)
    return {"total": total, "lines": lines, "level": lv["name"], "level_key": lv["key"]}


def epilogue(c: Components, s: State, level_key: str) -> str:
    return c.tables["epilogue"][s.commitment or "war"][level_key]
