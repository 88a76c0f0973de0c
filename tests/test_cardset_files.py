"""A card set is found by its file (issue 22, item 6): a house variant whose file name
differs from its id plays; an id already taken (by an edition or another variant) is
reported and never replaces the edition; a save keeps its own rules; and each file is
parsed once while it does not change (item 5).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_files import variant_text

from solemio import cli
from solemio.engine import cardset as cardset_mod
from solemio.engine import yamlsource
from solemio.engine.cardset import (
    broken_house_variants,
    list_cardsets,
    load_cardset,
    load_cardset_file,
)
from solemio.resources import resource_path
from solemio.userdirs import user_cardsets_dir

SHIPPED = ["sole-mio", "mamma-mia", "grande"]


@pytest.fixture
def variants(tmp_path, monkeypatch):
    """An empty card-set folder of the player's; returns a writer of files into it."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    folder = user_cardsets_dir()

    def write(name: str, text: str) -> Path:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def test_a_variant_is_found_by_its_file_not_by_its_id(variants):
    path = variants("house.yaml", variant_text("rounds: 2", "rounds: 3", cid="maison"))
    entries = {e.id: e for e in list_cardsets()}
    assert entries["maison"].path == str(path) and entries["maison"].cardset.rounds == 3
    assert load_cardset("maison").file == str(path)  # by id too (the computer players' way)
    assert broken_house_variants() == []


def test_a_variant_with_an_editions_id_is_reported_and_never_replaces_it(variants, capsys):
    path = variants("my-sole.yaml", variant_text("rounds: 2", "rounds: 3", cid="sole-mio"))
    entries = list_cardsets()
    playable = [e for e in entries if e.cardset is not None]
    assert [e.id for e in playable] == SHIPPED
    assert playable[0].cardset.rounds == 2 and playable[0].shipped
    assert load_cardset("sole-mio").file == str(resource_path("cardsets", "sole-mio.yaml"))
    [fault] = broken_house_variants()
    assert str(fault) == (f"{path}:2: the id 'sole-mio' is that of the edition Sole Mio! that "
                          "comes with the game: give the house variant an id of its own")
    # solemio validate says the same, in one line
    assert cli.main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [str(fault)]
    assert cli.main(["validate", str(resource_path("cardsets", "sole-mio.yaml"))]) == 0


def test_a_broken_sole_mio_yaml_of_the_players_never_hides_the_edition(variants):
    path = variants("sole-mio.yaml", "id: sole-mio\nname: [unclosed\n")
    assert [e.id for e in list_cardsets() if e.cardset is not None] == SHIPPED
    [fault] = broken_house_variants()
    assert fault.file == str(path) and fault.line == 3
    assert load_cardset("sole-mio").rounds == 2


def test_two_variants_with_one_id_the_second_is_reported(variants):
    variants("a.yaml", variant_text(cid="maison"))
    second = variants("b.yaml", variant_text("rounds: 2", "rounds: 3", cid="maison"))
    playable = [e for e in list_cardsets() if e.cardset is not None]
    assert [e.id for e in playable] == [*SHIPPED, "maison"]
    [fault] = broken_house_variants()
    assert fault.file == str(second) and "already used by a.yaml" in str(fault)


def test_a_save_plays_by_its_own_rules_when_the_variant_file_is_gone(variants, tmp_path):
    """The computer players are given the card set's id only: they must play by the
    rules the game was saved with, even with the variant's file edited or removed."""
    from solemio.ai import make_agent
    from solemio.engine import new_game
    from solemio.engine.saves import load_game, save_game

    path = variants("house.yaml", variant_text("rounds: 2", "rounds: 3", cid="maison"))
    game = new_game(load_cardset_file(path), ["blue", "red", "green"], seed=5)
    save = tmp_path / "game.json"
    save_game(game, save)
    path.unlink()
    cardset_mod._IN_PLAY.clear()  # a new start of the game: nothing in play yet
    cardset_mod._CACHE.clear()
    loaded, _extra = load_game(save)
    assert loaded.cs.rounds == 3
    for level, options in (("easy", {}), ("normal", {}), ("hard", {"iterations": 8})):
        seat = loaded.decision().seat
        agent = make_agent(level, seat, seed=1, **options)
        assert agent.decide(loaded) in loaded.decision().choices


def test_each_file_is_parsed_once_while_it_is_unchanged(variants, monkeypatch):
    path = variants("house.yaml", variant_text(cid="maison"))
    parsed: list[str] = []
    real = yamlsource.load_text

    def counting(text: str, file: str):
        parsed.append(file)
        return real(text, file)

    monkeypatch.setattr(cardset_mod, "load_text", counting)
    for _ in range(3):  # the title screen, New game, Start
        broken_house_variants()
        list_cardsets()
        load_cardset("maison")
    assert parsed.count(str(path)) == 1
    assert all(parsed.count(p) == 1 for p in parsed)
    path.write_text(variant_text("rounds: 2", "rounds: 3", cid="maison"), encoding="utf-8")
    assert load_cardset("maison").rounds == 3  # an edited file is read again
    assert parsed.count(str(path)) == 2


def test_included_files_are_part_of_what_is_cached(variants):
    variants("base.yaml", variant_text(cid="base"))
    text = variant_text(cid="plus")
    plus = variants("plus.yaml", text[: text.index("\norders:\n")] + "\ninclude_orders: [base]\n")
    assert len(load_cardset_file(plus).specs) == len(load_cardset("base").specs)
    variants("base.yaml", variant_text("type: show", "type: showing", cid="base"))
    with pytest.raises(yamlsource.SourceError) as err:
        load_cardset_file(plus)
    assert "base.yaml" in str(err.value) and "showing" in str(err.value)


def test_a_cached_card_set_error_keeps_no_caller_alive(tmp_path):
    """The parse cache keeps a broken file's error without its traceback, whose frames
    held every caller's locals: each title screen that listed a broken house variant,
    and its window, stayed alive for good (a test run kept one window a test; issue 23)."""
    import gc
    import weakref

    from solemio.engine.cardset import load_cardset_file
    from solemio.engine.yamlsource import SourceError

    path = tmp_path / "broken.yaml"
    path.write_text("id: [unclosed\n", encoding="utf-8")

    class Window:
        pass

    def list_it() -> weakref.ref:
        window = Window()
        try:
            load_cardset_file(path)
        except SourceError:
            pass
        return weakref.ref(window)

    gone = list_it()
    gc.collect()
    assert gone() is None
