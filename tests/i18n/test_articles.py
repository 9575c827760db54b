"""The articles a Spanish sentence asks of a name (app/i18n/grammar.py): by gender and number, contracted after
"a" and "de", a name's own article kept, and an English page untouched."""

from __future__ import annotations

from app.i18n.grammar import Grammar
from games.engine import words

NOUNS = {"Cargo Ship": "m", "Ironclad Frigate": "f", "Supply Runs": "mp", "Islands": "fp"}
SAID = {"Cargo Ship": "Carguero", "Ironclad Frigate": "Fragata Acorazada", "Supply Runs": "Suministros",
        "Islands": "Islas", "The Avenger": "El Vengador"}


def _say(pattern: str, **params) -> str:
    g = Grammar(NOUNS)
    return g.finish(pattern.format(**{k: g.said(v, SAID.get(v, v)) if isinstance(v, str) else v
                                      for k, v in params.items()}))


def test_each_spec_gives_the_article_of_the_names_gender_and_number():
    assert _say("El Nautilus ataca {s:al}.", s="Cargo Ship") == "El Nautilus ataca al Carguero."
    assert _say("El Nautilus ataca {s:al}.", s="Ironclad Frigate") == "El Nautilus ataca a la Fragata Acorazada."
    assert _say("Dispara {s:el}.", s="Ironclad Frigate") == "Dispara la Fragata Acorazada."
    assert _say("{s:El} se hunde.", s="Cargo Ship") == "El Carguero se hunde."
    assert _say("{s:El} se hunde.", s="Ironclad Frigate") == "La Fragata Acorazada se hunde."
    assert _say("La ruta {s:del} norte.", s="Supply Runs") == "La ruta de los Suministros norte."
    assert _say("Aparece {s:un}.", s="Ironclad Frigate") == "Aparece una Fragata Acorazada."
    assert _say("Ves {s:el}.", s="Islands") == "Ves las Islas."


def test_a_name_with_its_own_article_keeps_it_and_is_not_contracted():
    assert _say("El Nautilus ataca {s:al}.", s="The Avenger") == "El Nautilus ataca a El Vengador."
    assert _say("Dispara {s:el}.", s="The Avenger") == "Dispara El Vengador."


def test_a_and_de_contract_before_el():
    assert _say("Navegar a {p}", p="el paso") == "Navegar al paso"
    assert _say("Fin de {p}", p="el viaje") == "Fin del viaje"
    assert _say("A {p} llega", p="el barco") == "Al barco llega"


def test_a_name_made_of_words_agrees_as_its_first_placeholder():
    ship = words("{ship} (VD {d})", ship="Ironclad Frigate", d=2)
    g = Grammar(NOUNS)
    assert g.gender(ship) == "f"
    assert f"{g.said(ship, 'Fragata Acorazada (VD 2)'):al}" == "a la Fragata Acorazada (VD 2)"


def test_a_negative_number_gets_the_minus_sign_not_a_hyphen():
    assert _say("modificador {m:+d}, {n} de {k}", m=-1, n=-2, k="F-1") == "modificador −1, −2 de F-1"
