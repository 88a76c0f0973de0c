"""Speech through a real engine (marked slow: ``pytest -m slow``): a round's first
announcements said by Speech Dispatcher with espeak-ng through the same library the game
ships (Prism), into a sound file instead of a loudspeaker; both the text log of what was
said and the audio that came out are checked (sox measures its length and level).

Skipped where speech-dispatcher, espeak-ng or sox is not installed
(``apt-get install speech-dispatcher speech-dispatcher-espeak-ng espeak-ng sox``).
A private Speech Dispatcher is started for the test (its own HOME and runtime folder)
whose ALSA output is a WAV file (an ``.asoundrc`` file plugin); it leaves by itself
three seconds after the test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import json, os, random, sys, time
import pygame
pygame.init(); pygame.display.set_mode((1, 1))
from solemio import speech
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.app import App
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.settings import Settings

class Tee:
    name = "tee"
    def __init__(self, real):
        self.real, self.texts = real, []
    def say(self, text, interrupt=False):
        self.texts.append(text); self.real.say(text, interrupt)
    def stop(self):
        self.real.stop()
    def speaking(self):
        return self.real.speaking()

real = speech.SystemSpeaker("en")
tee = Tee(real)
app = App((1280, 720), headless=True, settings=Settings(speech=True, sound=False),
          persist_settings=False)
app.narrator.use(tee)
seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=False),
         SeatConfig("Marco", "brown", person=False)]
sess = GameSession(load_cardset("sole-mio"), seats, 5, first=1)
sess.autosave = lambda background=False: None
app.manager.push(TableScene(app, sess))
driver.play_until(app, lambda: len(tee.texts) >= int(sys.argv[1])
                  or isinstance(app.manager.top, RevealScene), random.Random(5))
out = os.environ["SOLEMIO_TEST_WAV"]
last, still = -1, 0
for _ in range(240):  # the engine says it all in real time: wait until the file stops growing
    time.sleep(0.5)
    size = os.path.getsize(out) if os.path.exists(out) else 0
    still = still + 1 if size == last and size > 0 else 0
    last = size
    if still >= 6:
        break
app.close()
print("SPOKEN " + json.dumps({"engine": real.name, "texts": tee.texts}))
"""


def _tools() -> bool:
    return all(shutil.which(t) for t in ("speech-dispatcher", "espeak-ng", "sox"))


@pytest.mark.skipif(not _tools(), reason="speech-dispatcher, espeak-ng and sox not installed")
def test_a_round_is_said_aloud_by_espeak_ng(tmp_path):
    pytest.importorskip("prism")
    home, run = tmp_path / "home", tmp_path / "run"
    (home / ".config" / "speech-dispatcher").mkdir(parents=True)
    run.mkdir(mode=0o700)
    wav = tmp_path / "said.wav"
    (home / ".asoundrc").write_text(
        'pcm.!default {\n type file\n slave.pcm "null"\n'
        f' file "{wav}"\n format "wav"\n}}\n')
    (home / ".config" / "speech-dispatcher" / "speechd.conf").write_text(
        'AudioOutputMethod "alsa"\nAudioALSADevice "default"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule espeak-ng\n'
        'Timeout 3\n')
    env = dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(run),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
               SOLEMIO_HOME=str(tmp_path / "solemio"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", SOLEMIO_TEST_WAV=str(wav))
    proc = subprocess.run([sys.executable, "-c", SCRIPT, "8"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("SPOKEN ")), None)
    assert line is not None, proc.stderr[-2000:]
    spoken = json.loads(line[len("SPOKEN "):])
    assert spoken["engine"] == "Speech Dispatcher"
    texts = spoken["texts"]
    assert len(texts) >= 8 and any(t.startswith("Giulia") for t in texts), texts
    # The WAV header's lengths are written when the device closes (the private Speech
    # Dispatcher holds it open a while): its format is read from the header, the samples
    # from the rest of the file.
    head = wav.read_bytes()
    channels, rate = struct.unpack_from("<HI", head, 22)
    bits = struct.unpack_from("<H", head, 34)[0]
    raw = tmp_path / "said.raw"
    raw.write_bytes(head[44:])
    stat = subprocess.run(["sox", "-t", "raw", "-r", str(rate), "-e", "signed", "-b",
                           str(bits), "-c", str(channels), str(raw), "-n", "stat"],
                          capture_output=True, text=True, timeout=60).stderr
    seconds = float(re.search(r"Length \(seconds\):\s+([\d.]+)", stat).group(1))
    peak = float(re.search(r"Maximum amplitude:\s+([-\d.]+)", stat).group(1))
    rms = float(re.search(r"RMS\s+amplitude:\s+([-\d.]+)", stat).group(1))
    words = sum(len(t.split()) for t in texts)
    print(f"{spoken['engine']}: {len(texts)} lines, {words} words said in {seconds:.1f} s "
          f"of audio, peak {peak}, RMS {rms}")
    # espeak-ng says about 175 words a minute: the file holds them all, and it is speech,
    # not silence.
    assert seconds >= words / 175 * 60 * 0.5, (seconds, words, stat)
    assert peak > 0.1 and rms > 0.01, stat
