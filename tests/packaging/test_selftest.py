"""``solemio --selftest`` from the source tree: whole, and naming what is broken when not."""

from __future__ import annotations

import json

import pygame

from solemio import selftest


def test_selftest_passes_and_saves_a_frame(home, tmp_path, capsys):
    frame = tmp_path / "frame.png"
    assert selftest.run(str(frame), as_json=True) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["ok"] is True and report["failures"] == []
    assert report["title_s"] > 0  # from this (pytest) process's start: no upper bound here
    for group in ("title", "pictures", "fonts", "sounds", "catalogues", "hashing", "speech",
                  "game sole-mio",
                  "game mamma-mia", "game grande", "hard search on two workers", "scenes"):
        assert group in report["seconds"]
    picture = pygame.image.load(str(frame))
    assert picture.get_size() == selftest.FRAME_SIZE
    assert len({tuple(picture.get_at((x, y))) for x in range(0, 1280, 40)
                for y in range(0, 720, 40)}) > 50
    assert report["log"] == str(home / "logs" / "solemio.log")


def test_selftest_names_a_missing_sound_and_logs_it(home, monkeypatch, capsys):
    from solemio.ui import sound

    monkeypatch.setattr(sound, "NAMES", (*sound.NAMES, "trombone"))
    monkeypatch.setattr(selftest, "_scenes", lambda t, frame: None)  # the rest is what matters
    assert selftest.run(None, as_json=False) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "sound trombone" in out
    assert "sound trombone" in (home / "logs" / "solemio.log").read_text()


def test_selftest_reports_a_broken_house_variant_without_failing(home, monkeypatch, capsys):
    folder = home / "data" / "cardsets"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("id: broken\nname: [unclosed\n")
    monkeypatch.setattr(selftest, "_scenes", lambda t, frame: None)
    assert selftest.run(None, as_json=True) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert any("broken.yaml:3: not valid YAML" in w for w in report["warnings"]), report["warnings"]


def test_selftest_names_a_broken_house_variant_in_the_players_language(home, monkeypatch,
                                                                          capsys):
    from solemio import i18n

    folder = home / "data" / "cardsets"
    folder.mkdir(parents=True)
    (folder / "cassé.yaml").write_text("id: casse\nname: [unclosed\n")
    monkeypatch.setattr(selftest, "_scenes", lambda t, frame: None)
    i18n.set_language("fr")
    try:
        assert selftest.run(None, as_json=False) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert f"remarque\u00a0: variante maison {folder / 'cassé.yaml'}:3\u00a0: YAML non valide" in out, out


def test_selftest_names_a_binary_that_cannot_hash(home, monkeypatch, capsys):
    """What a binary built by an unchecked Python would do (its _sha2 left out): caught here."""
    import hashlib

    def missing(*args, **kwargs):
        raise ValueError("unsupported hash type sha256")

    monkeypatch.setattr(hashlib, "sha256", missing)
    monkeypatch.setattr(selftest, "_scenes", lambda t, frame: None)
    monkeypatch.setattr(selftest, "_games", lambda t: None)
    monkeypatch.setattr(selftest, "_hard_workers", lambda t: None)
    monkeypatch.setattr(selftest, "_network", lambda: None)  # its tables are hashed too
    assert selftest.run(None, as_json=True) == 1
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["failures"] == ["hashing: ValueError: unsupported hash type sha256"]
