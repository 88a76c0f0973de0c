"""Scenes and the stack that runs them (after Tuxemon's state manager).

A scene takes input events and elapsed seconds as *arguments*: it never reads
a clock or polls the event queue itself, so tests drive a whole game with
synthetic events and no real time.  ``draw`` only paints; it never changes
game state, so a frame can be drawn (or skipped) at any moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from solemio.ui.app import App


class Scene:
    """One screen (or an overlay on top of one).

    ``overlay`` scenes are drawn over the scenes beneath them; input and time
    go only to the top scene, so the game under a menu is frozen.
    """

    overlay: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.size: tuple[int, int] = app.size

    # --- life cycle -----------------------------------------------------
    def on_enter(self) -> None:
        """Called when pushed; the scene's layout is already computed."""

    def on_resume(self) -> None:
        """Called when the scene above was popped."""

    def on_exit(self) -> None:
        """Called when removed; cancel background work here."""

    # --- the frame ------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Recompute every rectangle for a window of ``size``."""
        self.size = size

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Consume ``event`` (return None) or hand it back for someone else."""
        return event

    def update(self, dt: float) -> None:
        """Advance animations and game flow by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; must not change any game state."""

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Named rectangles a person can click: checked for overlaps by the layout tests."""
        return []

    def warm_ahead(self) -> None:
        """Queue work for the frames to come on ``app.warmer`` (see warm.py); reads state only."""


# Scenes by name (as Tuxemon registers its states): a scene opens another by its name, so
# no scene module imports another.  Resolved at first use, so importing this is cheap.
SCENES: dict[str, str] = {
    "title": "solemio.ui.scenes.title:TitleScene",
    "new-game": "solemio.ui.scenes.newgame:NewGameScene",
    "table": "solemio.ui.scenes.table:TableScene",
    "reveal": "solemio.ui.scenes.reveal:RevealScene",
    "handover": "solemio.ui.scenes.handover:HandoverScene",
    "summary": "solemio.ui.scenes.summary:RoundSummaryScene",
    "game-over": "solemio.ui.scenes.gameover:GameOverScene",
    "pause": "solemio.ui.scenes.pause:PauseScene",
    "rules": "solemio.ui.scenes.rules:RulesScene",
    "order-info": "solemio.ui.scenes.order_info:OrderInfoScene",
    "guide-offer": "solemio.ui.scenes.guide_offer:GuideOfferScene",
    "settings": "solemio.ui.scenes.settings:SettingsScene",
    "confirm": "solemio.ui.scenes.confirm:ConfirmScene",
    "replay": "solemio.ui.scenes.replay:ReplayScene",
    "replay-file": "solemio.ui.scenes.replay:ReplayFileScene",
    "records": "solemio.ui.scenes.records:RecordsScene",
    "stats": "solemio.ui.scenes.stats:StatsScene",
    "saves": "solemio.ui.scenes.saves:SavesScene",
    "save-game": "solemio.ui.scenes.saves:SaveGameScene",
    "estimate": "solemio.ui.scenes.estimate:EstimateScene",
    "estimate-result": "solemio.ui.scenes.estimate:EstimateResultScene",
    "log": "solemio.ui.scenes.log:LogScene",
    "host": "solemio.ui.scenes.host:HostScene",
    "join": "solemio.ui.scenes.join:JoinScene",
    "lobby": "solemio.ui.scenes.lobby:LobbyScene",
    "phrases": "solemio.ui.scenes.phrases:PhrasesScene",
}


def scene_class(name: str) -> type:
    """The scene class registered as ``name``."""
    import importlib

    module, _, cls = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def make_scene(name: str, app: App, *args: Any, **kwargs: Any) -> Scene:
    return scene_class(name)(app, *args, **kwargs)


class SceneManager:
    """A stack of scenes; the top receives input and time, the visible ones are drawn."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        scene.layout(self.app.size)
        self.stack.append(scene)
        scene.on_enter()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or ``scene`` wherever it is in the stack)."""
        if not self.stack:
            return None
        if scene is None or scene is self.stack[-1]:
            gone = self.stack.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            gone = scene
        else:
            return None
        gone.on_exit()
        if self.stack and gone is not None:
            self.stack[-1].on_resume()
        return gone

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Push the scene registered as ``name``."""
        return self.push(make_scene(name, self.app, *args, **kwargs))

    def swap(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Replace the top scene with the one registered as ``name``."""
        return self.replace(make_scene(name, self.app, *args, **kwargs))

    def find_named(self, name: str) -> Any:
        return self.find(scene_class(name))

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene, e.g. new-game setup -> the table."""
        if self.stack:
            self.stack.pop().on_exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the whole stack (back to the title) and show ``scene``."""
        while self.stack:
            self.stack.pop().on_exit()
        return self.push(scene)

    def find(self, cls: type) -> Any:
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        top = self.top
        return top.handle_event(event) if top else event

    def update(self, dt: float) -> None:
        top = self.top
        if top:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        # Draw from the last opaque scene upwards, so overlays sit on the scene beneath.
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
