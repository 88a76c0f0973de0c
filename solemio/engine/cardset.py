"""Card sets: one YAML file per edition, validated against the order-type registry.

A card set says how many ingredient cards there are, what is removed for
fewer players, the starting hand, the rounds, the rule switches and every
order card as a type with parameters.  A house variant is just another YAML
file in the user's card-set folder; nothing in Python needs to change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.engine.kinds import COLOUR_KIND, COLOURS, KINDS
from solemio.engine.orders import REGISTRY, OrderType
from solemio.engine.yamlsource import Located, SourceError, load_file

UNFILLED_CHOICES = ("under-stack", "out-of-game")
FOR_EACH = ("other-kind", "kind")
MAX_HAND = 7


@dataclass(frozen=True)
class OrderSpec:
    """One order card (the same for every colour that holds it)."""

    id: str
    name: str
    type: str
    params: dict[str, Any]
    help: bool
    where: str
    # A house variant's own words: name per language, explanation per language
    # ("en" first); the shipped sets leave both empty and use the catalogues.
    names: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    explains: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    # derived once, because the reveal asks for them constantly
    otype: OrderType = field(init=False, compare=False, repr=False)
    series: bool = field(init=False, compare=False, repr=False)
    prechecked: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        otype = REGISTRY[self.type]
        object.__setattr__(self, "otype", otype)
        object.__setattr__(self, "series", bool(self.params.get("series", False)))
        object.__setattr__(
            self, "prechecked", type(otype).precheck is not OrderType.precheck
        )

    def tokens(self, own_kind: str) -> list[tuple]:
        return self.otype.tokens(self.params, own_kind)

    def __hash__(self) -> int:
        return hash(self.id)


@dataclass(frozen=True)
class CardSet:
    id: str
    name: str
    file: str
    singles: int
    doubles: int
    removals: dict[int, tuple[int, int]]
    hand_ingredients: int
    hand_orders: int
    rounds: int
    help: bool
    unfilled: str
    scorer_name: str
    orders_per_colour: int
    specs: dict[str, OrderSpec]
    colour_orders: dict[str, tuple[str, ...]]
    description: str = ""
    source_data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def source_data_resolved(self) -> dict[str, Any]:
        """The card set as one self-contained document (includes inlined), for saves."""
        return self.source_data

    def order(self, order_id: str) -> OrderSpec:
        return self.specs[order_id]

    def orders_for(self, colour: str) -> tuple[str, ...]:
        return self.colour_orders[colour]

    def deck_counts(self, players: int) -> tuple[int, int]:
        """(singles, doubles) per kind for this many players."""
        s, d = self.removals.get(players, (0, 0))
        return self.singles - s, self.doubles - d


# ---------------------------------------------------------------------------
# validation helpers


class _Checker:
    def __init__(self, doc: Located) -> None:
        self.doc = doc

    def fail(self, path: tuple, problem: str) -> SourceError:
        return self.doc.error(path, problem)

    def mapping(
        self, value: Any, path: tuple, required: set[str], optional: set[str] = frozenset(),
        name: str | None = None,
    ) -> dict:
        name = name or "/".join(str(p) for p in path) or "the file"
        if not isinstance(value, dict):
            raise self.fail(path, f"{name} must be a mapping of fields")
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(path, f"{name}: missing field '{missing[0]}'")
        extra = sorted(str(k) for k in set(value) - required - set(optional))
        if extra:
            raise self.fail(path + (extra[0],), f"{name}: unknown field '{extra[0]}'")
        return value

    def integer(self, value: Any, path: tuple, low: int = 0, high: int | None = None) -> int:
        name = "/".join(str(p) for p in path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"{name} must be a whole number, not {value!r}")
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise self.fail(path, f"{name} must be {bound}, not {value}")
        return value

    def boolean(self, value: Any, path: tuple) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"{'/'.join(map(str, path))} must be true or false")
        return value

    def text(self, value: Any, path: tuple) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"{'/'.join(map(str, path))} must be a non-empty text")
        return value


def _param(ck: _Checker, ptype: str, value: Any, path: tuple, for_each: str | None) -> Any:
    if ptype == "int":
        return ck.integer(value, path, 0, 30)
    if ptype == "bool":
        return ck.boolean(value, path)
    if ptype == "amounts":
        if not isinstance(value, list) or not 1 <= len(value) <= 5:
            raise ck.fail(path, "amounts must be a list of 1 to 5 whole numbers")
        return [ck.integer(v, path + (i,), 1, 30) for i, v in enumerate(value)]
    if ptype == "needs":
        if not isinstance(value, dict) or not value:
            raise ck.fail(path, "needs must map kinds to units, e.g. {salami: 4, own: 1}")
        out: dict[str, int] = {}
        for ref, n in value.items():
            ok = ref in KINDS or ref == "own" or (ref == "{kind}" and for_each)
            if not ok:
                hint = " ('{kind}' needs for_each)" if ref == "{kind}" else ""
                raise ck.fail(
                    path + (ref,),
                    f"unknown kind '{ref}'{hint}; use one of {', '.join(KINDS)}, own",
                )
            out[str(ref)] = ck.integer(n, path + (ref,), 1, 30)
        return out
    raise AssertionError(ptype)


def _parse_orders(ck: _Checker, entries: Any, path: tuple) -> list[tuple[dict, tuple]]:
    """Check each order entry; returns (entry, path) pairs with defaults filled in."""
    if not isinstance(entries, list):
        raise ck.fail(path, "orders must be a list of order cards")
    parsed = []
    for i, entry in enumerate(entries):
        epath = path + (i,)
        if not isinstance(entry, dict):
            raise ck.fail(epath, f"order {i + 1} must be a mapping of fields")
        otype = entry.get("type")
        if otype not in REGISTRY:
            known = ", ".join(sorted(REGISTRY))
            raise ck.fail(epath + ("type",), f"unknown order type {otype!r}; known types: {known}")
        spec = REGISTRY[otype]
        required = {"id", "name", "type"} | {k for k, p in spec.params.items() if p.required}
        optional = {"for_each", "help", "explain", "translations"} | {
            k for k, p in spec.params.items() if not p.required
        }
        ck.mapping(entry, epath, required, optional, name=f"order '{entry.get('id', i + 1)}'")
        oid = ck.text(entry["id"], epath + ("id",))
        ck.text(entry["name"], epath + ("name",))
        for_each = entry.get("for_each")
        if for_each is not None and for_each not in FOR_EACH:
            raise ck.fail(epath + ("for_each",), f"for_each must be one of {', '.join(FOR_EACH)}")
        if bool(for_each) != ("{kind}" in oid):
            raise ck.fail(epath + ("id",), "an id contains '{kind}' exactly when for_each is set")
        params = {}
        for pname, p in spec.params.items():
            if pname in entry:
                params[pname] = _param(ck, p.kind, entry[pname], epath + (pname,), for_each)
            else:
                params[pname] = p.default
        problem = spec.validate(params)
        if problem:
            raise ck.fail(epath, f"order '{oid}': {problem}")
        help_ = ck.boolean(entry.get("help", spec.special is None), epath + ("help",))
        names, explains = _own_words(ck, entry, epath)
        parsed.append(
            ({**entry, "params": params, "help": help_, "for_each": for_each, "_raw": entry,
              "names": names, "explains": explains}, epath)
        )
    return parsed


def _own_words(ck: _Checker, entry: dict, epath: tuple) -> tuple[dict[str, str], dict[str, str]]:
    """A house variant's own name and explanation per language (``explain``, ``translations``).

    ``translations: {it: {name: ..., explain: ...}, ...}`` gives the card's
    words in other languages; an explanation in another language needs the
    English ``explain`` beside it, so every language has one.
    """
    names: dict[str, str] = {}
    explains: dict[str, str] = {}
    if "explain" in entry:
        explains["en"] = ck.text(entry["explain"], epath + ("explain",))
    tr = entry.get("translations")
    if tr is None:
        return names, explains
    tpath = epath + ("translations",)
    if not isinstance(tr, dict):
        raise ck.fail(tpath, "translations must map a language code (it, nl, fr) to "
                             "{name: ..., explain: ...}")
    for lang, words in tr.items():
        lpath = tpath + (lang,)
        if not (isinstance(lang, str) and len(lang) == 2 and lang.isalpha() and lang.islower()):
            raise ck.fail(lpath, f"'{lang}' is not a two-letter language code such as it, nl or fr")
        ck.mapping(words, lpath, set(), {"name", "explain"}, name=f"translations/{lang}")
        if "name" in words:
            names[lang] = ck.text(words["name"], lpath + ("name",))
        if "explain" in words:
            if "en" not in explains:
                raise ck.fail(lpath + ("explain",), "an explanation in another language needs "
                                                    "the English one as well (explain: ...)")
            explains[lang] = ck.text(words["explain"], lpath + ("explain",))
    return names, explains


def _expand(
    ck: _Checker, parsed: list[tuple[dict, tuple]]
) -> tuple[dict[str, OrderSpec], dict[str, list[str]]]:
    specs: dict[str, OrderSpec] = {}
    per_colour: dict[str, list[str]] = {c: [] for c in COLOURS}
    for entry, epath in parsed:
        where = f"{ck.doc.file}:{ck.doc.line(epath)}"
        for colour in COLOURS:
            own = COLOUR_KIND[colour]
            if entry["for_each"] == "other-kind":
                kinds = [k for k in KINDS if k != own]
            elif entry["for_each"] == "kind":
                kinds = list(KINDS)
            else:
                kinds = [None]
            for kind in kinds:
                oid = entry["id"].replace("{kind}", kind) if kind else entry["id"]
                params = dict(entry["params"])
                if "needs" in params and kind:
                    params["needs"] = {
                        (kind if r == "{kind}" else r): n for r, n in params["needs"].items()
                    }
                spec = OrderSpec(oid, entry["name"], entry["type"], params, entry["help"], where,
                                 entry["names"], entry["explains"])
                old = specs.get(oid)
                if old is not None and (old.type, old.params) != (spec.type, spec.params):
                    raise ck.fail(epath + ("id",), f"order id '{oid}' is used for two cards")
                if oid in per_colour[colour]:
                    raise ck.fail(epath + ("id",), f"order id '{oid}' appears twice for {colour}")
                specs[oid] = spec
                per_colour[colour].append(oid)
    return specs, per_colour


TOP_REQUIRED = {
    "id", "name", "ingredients", "starting_hand", "rounds", "rules", "scorer_card",
    "orders_per_colour",
}
TOP_OPTIONAL = {"description", "orders", "include_orders"}


def _locate_include(name: Any, here: Path, ck: _Checker, path: tuple) -> Path:
    from solemio.resources import cardsets_dir

    if not isinstance(name, str) or not name:
        raise ck.fail(path, "include_orders lists card-set ids such as 'sole-mio'")
    for folder in (here.parent, cardsets_dir()):
        candidate = folder / (name if name.endswith(".yaml") else f"{name}.yaml")
        if candidate.exists():
            return candidate
    raise ck.fail(path, f"included card set '{name}' not found")


def _included_orders(
    ck: _Checker, includes: Any, file: Path, seen: tuple[Path, ...]
) -> list[tuple[dict, tuple, _Checker]]:
    if includes is None:
        return []
    if not isinstance(includes, list):
        raise ck.fail(("include_orders",), "include_orders must be a list of card-set ids")
    out = []
    for i, name in enumerate(includes):
        target = _locate_include(name, file, ck, ("include_orders", i))
        if target.resolve() in seen:
            raise ck.fail(("include_orders", i), f"card set '{name}' includes itself")
        doc = load_file(target)
        sub = _Checker(doc)
        if not isinstance(doc.data, dict):
            raise sub.fail((), "a card set must be a mapping of fields")
        out.extend(
            _included_orders(sub, doc.data.get("include_orders"), target, seen + (target.resolve(),))
        )
        for entry, epath in _parse_orders(sub, doc.data.get("orders", []), ("orders",)):
            out.append((entry, epath, sub))
    return out


def parse_cardset(doc: Located, file: Path) -> CardSet:
    """Validate a loaded document and build the card set; raises SourceError."""
    ck = _Checker(doc)
    data = ck.mapping(doc.data, (), TOP_REQUIRED, TOP_OPTIONAL)
    cid = ck.text(data["id"], ("id",))
    name = ck.text(data["name"], ("name",))
    ing = ck.mapping(data["ingredients"], ("ingredients",), {"singles", "doubles", "remove"})
    singles = ck.integer(ing["singles"], ("ingredients", "singles"), 0, 60)
    doubles = ck.integer(ing["doubles"], ("ingredients", "doubles"), 0, 60)
    if singles + doubles == 0:
        raise ck.fail(("ingredients",), "a card set needs at least one ingredient card per kind")
    rem = ing["remove"]
    if isinstance(rem, dict):  # JSON (saves) turns the player counts into strings
        rem = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in rem.items()}
    if not isinstance(rem, dict) or set(rem) != {2, 3, 4}:
        raise ck.fail(
            ("ingredients", "remove"), "remove must give the removals for exactly 2, 3 and 4 players"
        )
    removals: dict[int, tuple[int, int]] = {}
    for n in (2, 3, 4):
        rp = ("ingredients", "remove", n)
        r = ck.mapping(rem[n], rp, {"singles", "doubles"})
        rs = ck.integer(r["singles"], rp + ("singles",), 0, singles)
        rd = ck.integer(r["doubles"], rp + ("doubles",), 0, doubles)
        removals[n] = (rs, rd)
    hand = ck.mapping(data["starting_hand"], ("starting_hand",), {"ingredients", "orders"})
    h_ing = ck.integer(hand["ingredients"], ("starting_hand", "ingredients"), 0, MAX_HAND)
    h_ord = ck.integer(hand["orders"], ("starting_hand", "orders"), 0, MAX_HAND)
    if h_ing + h_ord > MAX_HAND:
        raise ck.fail(("starting_hand",), f"a starting hand holds at most {MAX_HAND} cards")
    for n in (2, 3, 4, 5):
        s, d = removals.get(n, (0, 0))
        deck = 5 * (singles - s + doubles - d)
        if deck < n * h_ing:
            raise ck.fail(
                ("starting_hand", "ingredients"),
                f"with {n} players the deck ({deck} cards) cannot deal {h_ing} to each",
            )
    rounds = ck.integer(data["rounds"], ("rounds",), 1, 20)
    rules = ck.mapping(data["rules"], ("rules",), {"help", "unfilled_order"})
    help_ = ck.boolean(rules["help"], ("rules", "help"))
    unfilled = rules["unfilled_order"]
    if unfilled not in UNFILLED_CHOICES:
        raise ck.fail(
            ("rules", "unfilled_order"),
            f"unfilled_order must be one of {', '.join(UNFILLED_CHOICES)}, not {unfilled!r}",
        )
    scorer = ck.text(data["scorer_card"], ("scorer_card",))
    per_colour = ck.integer(data["orders_per_colour"], ("orders_per_colour",), 1, 60)

    specs: dict[str, OrderSpec] = {}
    colour_orders: dict[str, list[str]] = {c: [] for c in COLOURS}
    groups: list[tuple[_Checker, list[tuple[dict, tuple]]]] = []
    for entry, epath, sub in _included_orders(
        ck, data.get("include_orders"), file, (file.resolve(),)
    ):
        groups.append((sub, [(entry, epath)]))
    groups.append((ck, _parse_orders(ck, data.get("orders", []), ("orders",))))
    resolved = {k: v for k, v in data.items() if k != "include_orders"}
    resolved["orders"] = [e["_raw"] for _, parsed in groups for e, _ in parsed]
    for checker, parsed in groups:
        more, more_colours = _expand(checker, parsed)
        for oid, spec in more.items():
            old = specs.get(oid)
            if old is not None and (old.type, old.params) != (spec.type, spec.params):
                raise checker.fail(("orders",), f"order id '{oid}' is used for two cards")
            specs[oid] = spec
        for colour, ids in more_colours.items():
            for oid in ids:
                if oid in colour_orders[colour]:
                    raise checker.fail(("orders",), f"order id '{oid}' appears twice for {colour}")
                colour_orders[colour].append(oid)
    for colour, ids in colour_orders.items():
        if len(ids) != per_colour:
            raise ck.fail(
                ("orders_per_colour",),
                f"orders_per_colour is {per_colour}, but the orders give {colour} {len(ids)} cards",
            )
    if h_ord > per_colour:
        raise ck.fail(("starting_hand", "orders"), "more starting orders than order cards")
    return CardSet(
        id=cid,
        name=name,
        file=str(file),
        singles=singles,
        doubles=doubles,
        removals=removals,
        hand_ingredients=h_ing,
        hand_orders=h_ord,
        rounds=rounds,
        help=help_,
        unfilled=unfilled,
        scorer_name=scorer,
        orders_per_colour=per_colour,
        specs=specs,
        colour_orders={c: tuple(v) for c, v in colour_orders.items()},
        description=str(data.get("description", "")),
        source_data=resolved,
    )


def load_cardset_file(path: str | Path) -> CardSet:
    path = Path(path)
    return parse_cardset(load_file(path), path)


def _search_dirs() -> list[Path]:
    from solemio.resources import cardsets_dir
    from solemio.userdirs import user_cardsets_dir

    dirs = [cardsets_dir()]
    try:
        dirs.insert(0, user_cardsets_dir())
    except OSError:
        pass
    return dirs


def load_cardset(name: str | Path) -> CardSet:
    """Load an edition by id ('sole-mio') or a card-set file by path."""
    as_path = Path(name)
    if as_path.suffix in (".yaml", ".yml") or as_path.exists():
        return load_cardset_file(as_path)
    for folder in _search_dirs():
        candidate = folder / f"{name}.yaml"
        if candidate.exists():
            return load_cardset_file(candidate)
    raise SourceError(str(name), None, "no such edition or card-set file")


@dataclass(frozen=True)
class CardSetEntry:
    id: str
    name: str
    path: str
    error: str | None


SHIPPED_ORDER = ("sole-mio", "mamma-mia", "grande")


def list_cardsets() -> list[CardSetEntry]:
    """Every card set the game can offer: the editions first, then house variants.

    A broken house variant is listed with its error so the player learns why
    it cannot be chosen instead of it silently vanishing.
    """
    entries: dict[str, CardSetEntry] = {}
    for folder in reversed(_search_dirs()):
        for path in sorted(folder.glob("*.yaml")):
            try:
                cs = load_cardset_file(path)
                entries[cs.id] = CardSetEntry(cs.id, cs.name, str(path), None)
            except SourceError as exc:
                entries[path.stem] = CardSetEntry(path.stem, path.stem, str(path), str(exc))

    def rank(e: CardSetEntry) -> tuple[int, str]:
        return (SHIPPED_ORDER.index(e.id) if e.id in SHIPPED_ORDER else 99, e.name)

    return sorted(entries.values(), key=rank)
