"""Two windows in one process play a networked table: one hosts it from New game ("Play
with friends"), the other joins it from the title screen by address and code, and both
play a round by clicks, each seeing only its own seat."""

from __future__ import annotations

import random
import time

import pytest

from solemio.ui import driver
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.host import HostScene
from solemio.ui.scenes.join import JoinScene
from solemio.ui.scenes.lobby import LobbyScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.summary import RoundSummaryScene
from solemio.ui.scenes.table import TableScene


@pytest.fixture
def no_lan(monkeypatch):
    """No zeroconf in the tests (the local network is not the test's to use)."""
    from solemio.net import hosting

    monkeypatch.setattr(hosting.HostedTable, "_advertise", lambda self, *a: None)
    monkeypatch.setattr("solemio.ui.scenes.join.JoinScene._look", lambda self: None)


def host_table(app, kinds: list[str]) -> HostScene:
    app.manager.open("title")
    driver.click(app, driver.widget(app, "new").rect)
    driver.click(app, driver.widget(app, "friends").rect)
    scene = app.manager.top
    assert isinstance(scene, HostScene)
    scene.n = len(kinds)
    for i, k in enumerate(kinds):
        scene.rows[i]["kind"] = k
    scene.layout(app.size)
    # the server listens on loopback only in the tests, on a port the system chooses
    from solemio.net import hosting

    real = hosting.HostedTable.__init__

    def loopback(self, plans, edition, **kw):
        real(self, plans, edition, **{**kw, "port": 0, "listen": "127.0.0.1"})

    hosting.HostedTable.__init__ = loopback
    try:
        driver.click(app, driver.widget(app, "open").rect)
        scene.wait_done()
    finally:
        hosting.HostedTable.__init__ = real
    assert isinstance(app.manager.top, LobbyScene), scene.error
    return scene


def join_table(app, address: str, code: str, names: list[str]) -> None:
    app.manager.open("title")
    driver.click(app, driver.widget(app, "join").rect)
    scene = app.manager.top
    assert isinstance(scene, JoinScene)
    scene.set_people(len(names))
    for i, n in enumerate(names):
        scene.names[i] = n
    scene.address, scene.code = address, code
    scene.layout(app.size)
    driver.click(app, driver.widget(app, "join").rect)
    scene.wait_done()
    assert isinstance(app.manager.top, LobbyScene), scene.error


def step_both(apps, rng, dt=1.0):
    for app in apps:
        if not driver.person_move(app, rng):
            app.step([], dt, draw=False)


def test_host_and_join_play_a_round_each_seeing_only_its_seat(make_app, no_lan):
    host, guest = make_app(pace=0.05, reveal_speed=8.0), make_app(pace=0.05, reveal_speed=8.0)
    host_table(host, ["here", "friend", "easy"])
    net = host.network
    code = net.session.code
    address = f"127.0.0.1:{net.hosted.port}"
    # the lobby shows the code and the address to share
    lobby = host.manager.top
    assert any(words == code for _r, words, _c in lobby.lines)
    join_table(guest, address, code, ["Bea"])
    gs = guest.network.session
    assert gs.persons == [1] and net.session.persons == [0]
    # the host sees the friend arrive, by name, connected
    end = time.monotonic() + 5
    while time.monotonic() < end:
        host.step([], 0.05, draw=False)
        infos = {i["seat"]: i for i in net.session.seat_infos()}
        if infos.get(1, {}).get("connected") and net.session.names[1] == "Bea":
            break
    assert net.session.names[1] == "Bea" and infos[1]["connected"]
    for app in (host, guest):
        driver.click(app, driver.widget(app, "play").rect)
        assert isinstance(app.manager.top, TableScene)
    rng = random.Random(3)
    seen = {0: set(), 1: set()}
    start = time.monotonic()
    while time.monotonic() - start < 120:
        step_both((host, guest), rng)
        for seat, app in ((0, host), (1, guest)):
            top = app.manager.top
            seen[seat].add(type(top).__name__)
            # nobody's hand but the window's own seat ever shows
            s = app.network.session
            assert s.viewer in (None, seat) and s.show.viewer in (None, seat)
            if isinstance(top, TableScene | RevealScene):
                d = top.my_decision()
                assert d is None or d.seat == seat
                # the set phrases are at hand on both game screens
                assert driver.widget(app, "say") is not None
                seen[seat].add(f"say at {type(top).__name__}")
        if all("RoundSummaryScene" in v or "GameOverScene" in v for v in seen.values()):
            break
        time.sleep(0.002)
    for seat in (0, 1):
        assert "RevealScene" in seen[seat] and "say at RevealScene" in seen[seat], seen
        assert "RoundSummaryScene" in seen[seat] or "GameOverScene" in seen[seat], seen
    # both windows show the same table: the server's round and the scores agree
    assert net.session.table.scores() == gs.table.scores()
    for app in (host, guest):
        app.draw()
        top = app.manager.top
        assert isinstance(top, RoundSummaryScene | GameOverScene | TableScene | RevealScene)


def test_a_set_phrase_reaches_the_other_window_in_its_words(make_app, no_lan):
    host, guest = make_app(), make_app()
    host_table(host, ["here", "friend"])
    code, port = host.network.session.code, host.network.hosted.port
    join_table(guest, f"127.0.0.1:{port}", code, ["Bea"])
    driver.click(guest, driver.widget(guest, "say-good-luck").rect)
    end = time.monotonic() + 5
    while time.monotonic() < end and not host.network.phrase_lines():
        host.step([], 0.05, draw=False)
    assert host.network.phrase_lines() == ["Bea: Good luck!"]
    host.draw()


def test_a_wrong_code_or_address_is_said_in_one_sentence(make_app, no_lan):
    app = make_app()
    app.manager.open("title")
    driver.click(app, driver.widget(app, "join").rect)
    scene = app.manager.top
    scene.address, scene.code = "127.0.0.1:1", "ABCDEF"
    driver.click(app, driver.widget(app, "join").rect)
    scene.wait_done()
    assert app.manager.top is scene and scene.error == "No table server answers at that address."
    scene.code = "AB"
    driver.click(app, driver.widget(app, "join").rect)
    scene.wait_done()
    assert scene.error == "A table code has six letters and digits."
    app.draw()


def test_a_restarted_host_hosts_its_table_again_from_your_tables(make_app, no_lan):
    app = make_app()
    host_table(app, ["here", "friend"])
    s = app.network.session
    code, seat0 = s.code, s.tables[0]
    d = seat0.decision()
    if d is not None:
        seat0.apply(d.choices[0])
    moves = seat0.moves()
    # the window is closed: its server stops and keeps the table
    driver.key(app, __import__("pygame").K_ESCAPE)
    app.leave_network()
    again = make_app()
    again.manager.open("title")
    driver.click(again, driver.widget(again, "join").rect)
    scene = again.manager.top
    scene.advertise = False
    assert [c for _s, c in scene.kept] == [code]
    driver.click(again, driver.widget(again, "rejoin0").rect)
    scene.wait_done()
    assert isinstance(again.manager.top, LobbyScene), scene.error
    back = again.network.session
    assert back.code == code and back.persons == [0] and back.host_token is not None
    assert again.network.hosted is not None and back.table.moves() == moves


def test_a_watcher_sees_the_public_table_and_a_lost_connection_is_said(make_app, no_lan):
    host, watcher = make_app(), make_app()
    host_table(host, ["here", "easy"])
    code, port = host.network.session.code, host.network.hosted.port
    watcher.manager.open("title")
    driver.click(watcher, driver.widget(watcher, "join").rect)
    scene = watcher.manager.top
    scene.address, scene.code = f"127.0.0.1:{port}", code
    driver.click(watcher, driver.widget(watcher, "watch").rect)
    scene.wait_done()
    assert isinstance(watcher.manager.top, LobbyScene), scene.error
    s = watcher.network.session
    assert s.persons == [] and s.viewer is None
    assert not [w for w in watcher.manager.top.focus.widgets if w.name.startswith("say-")]
    driver.click(watcher, driver.widget(watcher, "play").rect)
    table = watcher.manager.top
    assert isinstance(table, TableScene)
    for _ in range(20):
        watcher.step([], 0.2, draw=False)
        assert s.show.hand == () and table.my_decision() is None
    watcher.draw()
    # the host's window closes: the watcher's says the connection is lost, and retries
    host.leave_network()
    end = time.monotonic() + 10
    while time.monotonic() < end and s.status == "connected":
        watcher.step([], 0.05, draw=False)
    assert s.status == "retrying"
    from solemio.ui.netplay import status_text

    assert status_text(s.status) == "The connection to the table is lost: trying again…"
    watcher.draw()


def test_the_host_is_asked_before_leaving_closes_the_table(make_app, no_lan):
    from solemio.ui.scenes.confirm import ConfirmScene
    from solemio.ui.scenes.title import TitleScene

    app = make_app()
    host_table(app, ["here", "friend"])
    driver.click(app, driver.widget(app, "leave").rect)
    assert isinstance(app.manager.top, ConfirmScene) and app.network is not None
    app.manager.top.on_yes()
    assert app.network is None and isinstance(app.manager.top, TitleScene)


def test_the_host_lets_a_computer_play_for_a_friend_who_is_gone(make_app, no_lan,
                                                                 monkeypatch, tmp_path):
    host, guest = make_app(), make_app()
    host_table(host, ["here", "friend"])
    net = host.network
    code, port = net.session.code, net.hosted.port
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "bea"))  # Bea's own computer
    join_table(guest, f"127.0.0.1:{port}", code, ["Bea"])
    guest.leave_network()  # Bea's window closes
    lobby = host.manager.top
    end = time.monotonic() + 5
    while time.monotonic() < end and driver.widget(host, "stand-in1") is None:
        host.step([], 0.05, draw=False)
    driver.click(host, driver.widget(host, "stand-in1").rect)
    lobby.wait_done()
    server_table = net.hosted.server.table(code)
    assert server_table.seats[1].stand_in == "normal"
    # the computer plays Bea's seat: the table moves on without her
    moves = net.session.table.moves()
    end = time.monotonic() + 20
    while time.monotonic() < end and net.session.table.deciding() == 1:
        host.step([], 0.05, draw=False)
    assert net.session.table.deciding() != 1 or net.session.table.moves() > moves
    host.draw()
    # Bea comes back ("Your tables"): her seat is hers again
    again = make_app()
    again.manager.open("join")
    scene = again.manager.top
    driver.click(again, driver.widget(again, "rejoin0").rect)
    scene.wait_done()
    assert again.network.session.persons == [1]
    assert server_table.seats[1].stand_in is None


def test_two_people_share_a_joined_window_with_pass_screens(make_app, no_lan, monkeypatch,
                                                           tmp_path):
    """Hot seat inside a networked table: two people at the joined window hold a seat
    each; the screen passes between them, and no hand shows while it is shared."""
    from solemio.ui.scenes.handover import HandoverScene

    host, guest = make_app(pace=0.05, reveal_speed=8.0), make_app(pace=0.05, reveal_speed=8.0)
    host_table(host, ["friend", "friend", "easy"])  # the host only hosts and watches
    code, port = host.network.session.code, host.network.hosted.port
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "theirs"))
    join_table(guest, f"127.0.0.1:{port}", code, ["Bea", "Carl"])
    s = guest.network.session
    assert s.persons == [0, 1] and s.spectator is not None and s.viewer is None
    assert s.names[:2] == ["Bea", "Carl"]
    driver.click(guest, driver.widget(guest, "play").rect)
    rng = random.Random(5)
    handovers, moves = 0, 0
    end = time.monotonic() + 90
    while time.monotonic() < end and handovers < 3:
        top = guest.manager.top
        if isinstance(top, HandoverScene):
            handovers += 1
            assert s.viewer is None and s.show.hand == ()  # nothing private under it
        if isinstance(top, TableScene | RevealScene):
            d = top.my_decision()
            assert d is None or d.seat == s.viewer
            if s.viewer is None:
                assert s.show.hand == ()
        if driver.person_move(guest, rng):
            moves += 1
        else:
            guest.step([], 0.2, draw=False)
        host.step([], 0.2, draw=False)
    assert handovers >= 3 and moves > 3


def test_a_friends_seat_nobody_joined_is_said_to_wait_for_its_player(make_app, no_lan):
    """Nobody thinks at a friend's seat that is not joined yet: the table says the seat
    waits for its player (not "is thinking"), and the host's lobby shows it unconnected."""
    from solemio.i18n import set_language
    from solemio.ui.scenes.lobby import seat_state

    app = make_app(pace=0.05, reveal_speed=8.0)
    host_table(app, ["here", "friend"])
    s = app.network.session
    lobby = app.manager.top
    words = [w for r, w, c in lobby.lines if c == s.seats[1].colour]
    assert words == ["waiting for a friend to join"]
    assert s.presence(1) == "waiting" and s.presence(0) == ""
    driver.click(app, driver.widget(app, "play").rect)
    rng = random.Random(1)
    end = time.monotonic() + 20
    while time.monotonic() < end:
        top = app.manager.top
        if isinstance(top, TableScene) and s.table.deciding() == 1 and \
                top.conductor.thinking > 0.6:
            break
        if not driver.person_move(app, rng):
            app.step([], 0.2, draw=False)
    top = app.manager.top
    assert isinstance(top, TableScene) and s.table.deciding() == 1
    text = top.screen_parts.waiting_text()
    assert text == f"{s.names[1]}'s seat is waiting for its player to join the table."
    assert "thinking" not in text
    from solemio.ui.table.seats import seat_tag

    assert seat_tag(s, 1) == "waiting to join" and seat_tag(s, 0) == ""
    app.draw()
    try:
        for lang in ("it", "nl", "fr"):
            set_language(lang)
            said = top.screen_parts.waiting_text()
            assert said and said != text and s.names[1] in said, lang
            assert seat_state({"seat": 1, "kind": "person"}, False) != \
                "waiting for a friend to join"
    finally:
        set_language("en")


def test_set_phrases_from_the_game_screens_by_mouse_and_keyboard(make_app, no_lan):
    """At the table, "Say…" opens the set phrases beside Menu, over neither the hand nor
    the buttons of a decision; the phrase reaches the other window in its language, and
    its screen reader says it."""
    import pygame

    from solemio.speech import RecordingSpeaker
    from solemio.ui.scenes.phrases import PhrasesScene

    host = make_app(speech=True)
    guest = make_app()  # (one language a process: the language is the i18n module's)
    heard = RecordingSpeaker()
    host.narrator.use(heard)
    host_table(host, ["here", "friend"])
    code, port = host.network.session.code, host.network.hosted.port
    join_table(guest, f"127.0.0.1:{port}", code, ["Bea"])
    for app in (host, guest):
        driver.click(app, driver.widget(app, "play").rect)
        app.step([], 0.3, draw=False)
    table = guest.manager.top
    assert isinstance(table, TableScene)
    # by mouse: the list opens under the button, clear of the hand and play
    driver.click(guest, driver.widget(guest, "say").rect)
    phrases = guest.manager.top
    assert isinstance(phrases, PhrasesScene)
    guest.draw()
    below = [w.rect for w in table.focus.widgets if w.name.startswith("hand")
             or w.name in ("confirm", "clear", "draw-supply", "draw-oven")]
    assert below and not any(phrases.panel.colliderect(r) for r in below)
    driver.click(guest, driver.widget(guest, "say-well-played").rect)
    assert guest.manager.top is table  # sent: the list closed
    end = time.monotonic() + 5
    while time.monotonic() < end and not host.network.phrase_lines():
        host.step([], 0.05, draw=False)
    assert host.network.phrase_lines() == ["Bea: Well played!"]
    assert "Bea: Well played!" in heard.texts  # the screen reader said it
    # by keyboard alone (so a controller's focus too): Tab to Say…, Enter, Enter
    driver.press(host, driver.widget(host, "say"))
    assert isinstance(host.manager.top, PhrasesScene)
    driver.key(host, pygame.K_DOWN)
    driver.key(host, pygame.K_RETURN)
    assert isinstance(host.manager.top, TableScene)
    end = time.monotonic() + 5
    while time.monotonic() < end and len(guest.network.phrase_lines()) < 2:
        guest.step([], 0.05, draw=False)
    assert guest.network.phrase_lines()[-1] == f"{host.network.session.names[0]}: Good luck!"
    # a resize while the list is open: it follows its button, inside the window
    driver.click(host, driver.widget(host, "say").rect)
    host.resize((1920, 1080))
    panel, table = host.manager.top.panel, host.manager.stack[-2]
    assert pygame.Rect(0, 0, 1920, 1080).contains(panel)
    say = next(w for w in table.focus.widgets if w.name == "say")
    assert panel.top >= say.rect.bottom and abs(panel.right - say.rect.right) < say.rect.w
    host.draw()
    # Escape closes the list without saying anything
    driver.key(host, pygame.K_ESCAPE)
    assert isinstance(host.manager.top, TableScene)
    # in every language
    from solemio.i18n import set_language

    try:
        for lang, words in (("it", "Ben giocato"), ("nl", "Goed gespeeld"),
                            ("fr", "Bien joué\u202f!")):
            set_language(lang)
            host.manager.top.build_widgets()
            driver.click(host, driver.widget(host, "say").rect)
            labels = [w.label for w in host.manager.top.focus.widgets]
            assert any(words in label for label in labels), (lang, labels)
            assert driver.widget(host, "say") is None  # (the list is on top)
            host.manager.pop()
    finally:
        set_language("en")


def test_a_hosting_window_that_quits_stops_its_server_with_a_clean_log(make_app, no_lan,
                                                                      caplog):
    """Closing the window (the QUIT event, then what the game does on its way out) while
    a friend plays and a computer thinks: the server writes the table, nothing is logged
    as a fault."""
    import logging

    import pygame

    caplog.set_level(logging.WARNING)
    host, guest = make_app(pace=0.05, reveal_speed=8.0), make_app(pace=0.05, reveal_speed=8.0)
    host_table(host, ["here", "easy", "friend"])
    net = host.network
    code, port = net.session.code, net.hosted.port
    join_table(guest, f"127.0.0.1:{port}", code, ["Bea"])
    for app in (host, guest):
        driver.click(app, driver.widget(app, "play").rect)
    rng = random.Random(8)
    end = time.monotonic() + 10
    while time.monotonic() < end and net.session.table.moves() < 4:
        step_both((host, guest), rng, dt=0.2)
    server = net.hosted.server
    host.step([pygame.event.Event(pygame.QUIT)], 0.0, draw=False)
    assert not host.running
    host.close()  # as the game's loop does once it stops running
    assert not server._thread.is_alive()
    faults = [f"{r.name}: {r.getMessage()}" for r in caplog.records
              if r.levelno >= logging.WARNING]
    assert faults == []
    from solemio.net.hosting import hosted_folder

    assert (hosted_folder() / f"{code}.json").is_file()
