"""Statistics: the figures from the games counted, and a damaged file set aside."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from solemio import savefiles, stats
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def _line(won, filled=3, edition="sole-mio", seats=4, level="normal"):
    return stats.GameLine("2026-01-01 10:00", edition, "Sole Mio!", seats, level, won, filled)


def test_figures():
    st = stats.Statistics([_line(True, 4), _line(False, 2, "grande", 5, "hard"),
                           _line(True, 5), _line(True, 1, seats=2), _line(False, 6),
                           _line(True, 3, level="mixed")])
    assert st.played == 6 and st.won == 4
    assert st.longest_streak == 2
    assert st.best.filled == 6
    assert st.filled_per_game == pytest.approx(21 / 6)
    assert st.by("edition") == [("grande", 1, 0), ("sole-mio", 5, 4)]
    assert st.by("seats") == [(2, 1, 1), (4, 4, 3), (5, 1, 0)]
    assert st.by("level") == [("hard", 1, 0), ("mixed", 1, 1), ("normal", 4, 3)]
    assert st.wins_over_time() == [1, 1, 2, 3, 3, 4]


def test_a_finished_game_is_counted_and_stored_atomically():
    game = play_random_game(load_cardset("sole-mio"), 3, 4, record_events=False)
    seats = [SimpleNamespace(person=True, level="normal"),
             SimpleNamespace(person=False, level="easy"),
             SimpleNamespace(person=False, level="easy")]
    st = stats.add_game(game, seats)
    line = st.games[-1]
    assert line.level == "easy" and line.seats == 3
    assert line.won == (0 in game.view(None).winners) and line.filled == game.scores()[0]
    assert stats.load().games == [line]
    assert stats.stats_path().parent == stats.stats_path().parent  # beside the settings
    assert not list(stats.stats_path().parent.glob(".*.tmp"))
    # Nobody at the table was a person: not counted.
    assert stats.add_game(game, [SimpleNamespace(person=False, level="easy")] * 3) is None


def _good() -> dict:
    return {"format": "solemio-statistics", "version": 1,
            "games": [{"when": "x", "edition": "sole-mio", "edition_name": "Sole Mio!",
                       "seats": 3, "level": "easy", "won": True, "filled": 2}]}


def _with(**changes):
    d = _good()
    d["games"][0].update(changes)
    return json.dumps(d).encode()


@pytest.mark.parametrize("content,problem", [
    (b"", "empty"), (b"{trunc", "corrupt"), (b"\xff\xfe\x00", "corrupt"),
    (b"[]", "not-a-save"), (json.dumps({**_good(), "version": 7}).encode(), "newer"),
    (json.dumps({**_good(), "version": "1"}).encode(), "unsupported"),
    (json.dumps({**_good(), "games": "many"}).encode(), "incomplete"),
    (_with(won="yes"), "incomplete"), (_with(seats=True), "incomplete"),
    (_with(seats=9), "altered"), (_with(filled=-1), "altered"),
    (_with(extra_key=1), "incomplete"), (_with(player="Anna"), "incomplete"),
    (json.dumps({**_good(), "version": True}).encode(), "unsupported"),
    (json.dumps({**_good(), "version": 2}).encode(), "incomplete"),
])
def test_damaged_statistics_are_set_aside_and_counting_starts_again(content, problem):
    path = stats.stats_path()
    path.write_bytes(content)
    assert stats.load().games == []
    [notice] = savefiles.pending()
    assert notice.what == "statistics" and notice.problem == problem
    assert notice.moved_to.read_bytes() == content
    assert savefiles.problem_text(problem) in notice.sentence()
    game = play_random_game(load_cardset("sole-mio"), 2, 1)
    assert stats.add_game(game, [SimpleNamespace(person=True, level="normal"),
                                 SimpleNamespace(person=False, level="normal")]).played == 1


def test_a_folder_where_the_statistics_should_be():
    path = stats.stats_path()
    path.mkdir()
    assert stats.load().games == []
    [notice] = savefiles.pending()
    assert notice.problem == "unreadable" and notice.moved_to.is_dir()


def test_each_person_at_a_hot_seat_table_gets_their_own_record():
    game = play_random_game(load_cardset("sole-mio"), 3, 4, record_events=False)
    seats = [SimpleNamespace(person=True, level="normal", name="Anna"),
             SimpleNamespace(person=False, level="easy", name="Carla"),
             SimpleNamespace(person=True, level="normal", name="Ben")]
    st = stats.add_game(game, seats)
    anna, ben = st.of("Anna"), st.of("Ben")
    winners = game.view(None).winners
    assert anna.played == ben.played == 1 and st.played == 2
    assert anna.games[0].won == (0 in winners) and ben.games[0].won == (2 in winners)
    assert anna.games[0].filled == game.scores()[0] and ben.games[0].filled == game.scores()[2]
    assert anna.games[0].level == "easy" and st.of("Carla").played == 0
    stats.add_game(game, seats[:2])  # Anna alone next time
    again = stats.load()
    assert again.players() == ["Anna", "Ben"] and again.of("Anna").played == 2
    data = json.loads(stats.stats_path().read_text())
    assert data["version"] == 4 and data["games"][0]["player"] == "Anna"


def test_a_version_1_file_still_loads_and_its_games_are_kept():
    stats.stats_path().write_text(json.dumps(_good()))
    old = stats.load()
    assert old.played == 1 and old.players() == [""] and old.games[0].won
    assert not savefiles.pending()
    game = play_random_game(load_cardset("sole-mio"), 2, 1)
    st = stats.add_game(game, [SimpleNamespace(person=True, level="normal", name="Anna"),
                               SimpleNamespace(person=False, level="normal", name="Bot")])
    assert st.players() == ["Anna", ""] and st.of("").played == 1
    assert stats.load().games[0] == old.games[0]


def test_a_version_2_file_keeps_its_estimates_and_is_written_as_version_3():
    """Before version 3 memory training's estimates carried no name: they load as the unnamed
    player's, nothing is lost, and the next save keeps them as they were beside the named."""
    v2 = {"format": "solemio-statistics", "version": 2,
          "games": [{**_good()["games"][0], "player": "Anna"}],
          "estimates": [{"when": "x", "edition": "sole-mio", "round": 1, "exact": 3, "off": 2,
                         "total": 14},
                        {"when": "y", "edition": "grande", "round": 2, "exact": 5, "off": 0,
                         "total": 20}]}
    stats.stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats.stats_path().write_text(json.dumps(v2))
    old = stats.load()
    assert not savefiles.pending()
    assert [(e.player, e.exact) for e in old.estimates] == [("", 3), ("", 5)]
    assert old.players() == ["Anna", ""]
    assert old.of("Anna").played == 1 and old.of("Anna").estimates == []
    assert len(old.of("").estimates) == 2 and old.of("").played == 0
    st = stats.add_estimates("sole-mio", 1, [("Anna", 4, 1, 12)])
    assert st.estimates[:2] == old.estimates and st.estimates[2].player == "Anna"
    data = json.loads(stats.stats_path().read_text())
    assert data["version"] == 4
    assert [e["player"] for e in data["estimates"]] == ["", "", "Anna"]
    assert [(e.player, e.exact) for e in stats.load().of("Anna").estimates] == [("Anna", 4)]


def test_a_version_3_estimate_without_a_name_is_refused():
    data = {"format": "solemio-statistics", "version": 3, "games": [],
            "estimates": [{"when": "x", "edition": "sole-mio", "round": 1, "exact": 3,
                           "off": 2, "total": 14}]}
    stats.stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats.stats_path().write_text(json.dumps(data))
    assert stats.load().estimates == []
    [notice] = savefiles.pending()
    assert notice.problem == "incomplete"
