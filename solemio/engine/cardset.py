"""Card sets: one YAML file per edition, validated against the order-type registry.

A card set says how many ingredient cards there are, what is removed for
fewer players, the starting hand, the rounds, the rule switches and every
order card as a type with parameters.  A house variant is just another YAML
file in the user's card-set folder; nothing in Python needs to change.
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.engine.kinds import COLOUR_KIND, COLOURS, KINDS
from solemio.engine.orders import REGISTRY, OrderType
from solemio.engine.yamlsource import (
    N_,
    Located,
    Problem,
    Shown,
    SourceError,
    load_text,
    read_capped,
)

UNFILLED_CHOICES = ("under-stack", "out-of-game")
FOR_EACH = ("other-kind", "kind")
MAX_HAND = 7
#: Grande includes two card sets; a chain of includes that reads more files than this is
#: refused (a file including another ten times, which includes another ten times, ...).
MAX_INCLUDES = 8
#: The longest id, name or card name (the shipped ones have at most 20 characters), and
#: the longest description or explanation (at most 90): anything longer would not fit
#: where the window shows it, and a 200,000-character name must not reach the screen.
MAX_NAME = 60
MAX_EXPLAIN = 400


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
    #: the line of ``id:`` in its file (a clash with another card set's id names it)
    id_line: int | None = field(default=None, compare=False, repr=False)

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


def _used_twice(oid: str) -> Problem:
    return Problem(N_("order id '{id}' is used for two cards"), id=oid)


def _twice_for(oid: str, colour: str) -> Problem:
    return Problem(N_("order id '{id}' appears twice for {colour}"), id=oid, colour=colour)


class _Checker:
    def __init__(self, doc: Located) -> None:
        self.doc = doc

    def fail(self, path: tuple, problem: str | Problem) -> SourceError:
        return self.doc.error(path, problem)

    def mapping(
        self, value: Any, path: tuple, required: set[str], optional: set[str] = frozenset(),
        name: str | None = None,
    ) -> dict:
        name = name or "/".join(str(p) for p in path)
        if not isinstance(value, dict):
            raise self.fail(path, Problem(N_("{name} must be a mapping of fields"), name=name)
                            if name else Problem(N_("the file must be a mapping of fields")))
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(path, Problem(N_("{name}: missing field '{field}'"), name=name,
                                          field=missing[0])
                            if name else Problem(N_("missing field '{field}'"), field=missing[0]))
        extra = sorted(str(k) for k in set(value) - required - set(optional))
        if extra:
            raise self.fail(path + (extra[0],),
                            Problem(N_("{name}: unknown field '{field}'"), name=name,
                                    field=Shown(extra[0]))
                            if name else Problem(N_("unknown field '{field}'"),
                                                 field=Shown(extra[0])))
        return value

    def integer(self, value: Any, path: tuple, low: int = 0, high: int | None = None) -> int:
        name = "/".join(str(p) for p in path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, Problem(N_("{name} must be a whole number, not {value!r}"),
                                          name=name, value=Shown(value)))
        if value < low or (high is not None and value > high):
            if high is None:
                raise self.fail(path, Problem(N_("{name} must be at least {low}, not {value}"),
                                              name=name, low=low, value=Shown(value)))
            raise self.fail(path, Problem(
                N_("{name} must be between {low} and {high}, not {value}"), name=name, low=low,
                high=high, value=Shown(value)))
        return value

    def boolean(self, value: Any, path: tuple) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, Problem(N_("{name} must be true or false"),
                                          name="/".join(map(str, path))))
        return value

    def text(self, value: Any, path: tuple, longest: int = MAX_NAME) -> str:
        name = "/".join(map(str, path))
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, Problem(N_("{name} must be a non-empty text"), name=name))
        if len(value) > longest:  # it is drawn on a button: a screen's width at most
            raise self.fail(path, Problem(
                N_("{name} has {count} characters; at most {n} fit"), name=name,
                count=len(value), n=longest))
        return value


def _param(ck: _Checker, ptype: str, value: Any, path: tuple, for_each: str | None) -> Any:
    if ptype == "int":
        return ck.integer(value, path, 0, 30)
    if ptype == "bool":
        return ck.boolean(value, path)
    if ptype == "amounts":
        if not isinstance(value, list) or not 1 <= len(value) <= 5:
            raise ck.fail(path, Problem(N_("amounts must be a list of 1 to 5 whole numbers")))
        return [ck.integer(v, path + (i,), 1, 30) for i, v in enumerate(value)]
    if ptype == "needs":
        if not isinstance(value, dict) or not value:
            raise ck.fail(path, Problem(N_("needs must map kinds to units, e.g. {example}"),
                                        example="{salami: 4, own: 1}"))
        out: dict[str, int] = {}
        for ref, n in value.items():
            ok = ref in KINDS or ref == "own" or (ref == "{kind}" and for_each)
            if not ok:
                kinds = ", ".join([*KINDS, "own"])
                if ref == "{kind}":
                    raise ck.fail(path + (ref,), Problem(
                        N_("'{ref}' needs for_each; or use one of {kinds}"), ref=ref, kinds=kinds))
                raise ck.fail(path + (ref,), Problem(
                    N_("unknown kind '{ref}'; use one of {kinds}"), ref=Shown(ref), kinds=kinds))
            out[str(ref)] = ck.integer(n, path + (ref,), 1, 30)
        return out
    raise AssertionError(ptype)


def _parse_orders(ck: _Checker, entries: Any, path: tuple) -> list[tuple[dict, tuple]]:
    """Check each order entry; returns (entry, path) pairs with defaults filled in."""
    if not isinstance(entries, list):
        raise ck.fail(path, Problem(N_("orders must be a list of order cards")))
    parsed = []
    for i, entry in enumerate(entries):
        epath = path + (i,)
        if not isinstance(entry, dict):
            raise ck.fail(epath, Problem(N_("order {n} must be a mapping of fields"), n=i + 1))
        otype = entry.get("type")
        if not isinstance(otype, str) or otype not in REGISTRY:  # a list or mapping too
            known = ", ".join(sorted(REGISTRY))
            raise ck.fail(epath + ("type",), Problem(
                N_("unknown order type {type!r}; known types: {known}"), type=Shown(otype),
                known=known))
        spec = REGISTRY[otype]
        required = {"id", "name", "type"} | {k for k, p in spec.params.items() if p.required}
        optional = {"for_each", "help", "explain", "translations"} | {
            k for k, p in spec.params.items() if not p.required
        }
        ck.mapping(entry, epath, required, optional,
                   name=f"order '{Shown(entry.get('id', i + 1))}'")
        oid = ck.text(entry["id"], epath + ("id",))
        ck.text(entry["name"], epath + ("name",))
        for_each = entry.get("for_each")
        if for_each is not None and for_each not in FOR_EACH:
            raise ck.fail(epath + ("for_each",), Problem(N_("for_each must be one of {choices}"),
                                                         choices=", ".join(FOR_EACH)))
        if bool(for_each) != ("{kind}" in oid):
            raise ck.fail(epath + ("id",), Problem(
                N_("an id contains '{kind}' exactly when for_each is set"), kind="{kind}"))
        params = {}
        for pname, p in spec.params.items():
            if pname in entry:
                params[pname] = _param(ck, p.kind, entry[pname], epath + (pname,), for_each)
            else:
                params[pname] = p.default
        problem = spec.validate(params)
        if problem:
            raise ck.fail(epath, Problem(N_("order '{id}': {problem}"), id=oid, problem=problem))
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
        explains["en"] = ck.text(entry["explain"], epath + ("explain",), MAX_EXPLAIN)
    tr = entry.get("translations")
    if tr is None:
        return names, explains
    tpath = epath + ("translations",)
    if not isinstance(tr, dict):
        raise ck.fail(tpath, Problem(
            N_("translations must map a language code (it, nl, fr) to {words}"),
            words="{name: ..., explain: ...}"))
    for lang, words in tr.items():
        lpath = tpath + (lang,)
        if not (isinstance(lang, str) and len(lang) == 2 and lang.isalpha() and lang.islower()):
            raise ck.fail(lpath, Problem(
                N_("'{lang}' is not a two-letter language code such as it, nl or fr"),
                lang=Shown(lang)))
        ck.mapping(words, lpath, set(), {"name", "explain"}, name=f"translations/{lang}")
        if "name" in words:
            names[lang] = ck.text(words["name"], lpath + ("name",))
        if "explain" in words:
            if "en" not in explains:
                raise ck.fail(lpath + ("explain",), Problem(
                    N_("an explanation in another language needs the English one as well "
                       "({field})"), field="explain: ..."))
            explains[lang] = ck.text(words["explain"], lpath + ("explain",), MAX_EXPLAIN)
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
                    raise ck.fail(epath + ("id",), _used_twice(oid))
                if oid in per_colour[colour]:
                    raise ck.fail(epath + ("id",), _twice_for(oid, colour))
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
        raise ck.fail(path, Problem(N_("include_orders lists card-set ids such as '{id}'"),
                                    id="sole-mio"))
    for folder in (here.parent, cardsets_dir()):
        candidate = folder / (name if name.endswith(".yaml") else f"{name}.yaml")
        try:
            if os.path.lexists(candidate):  # read_capped refuses what is not a regular file
                return candidate
        except (OSError, ValueError):  # a NUL or an over-long name
            break
    raise ck.fail(path, Problem(N_("included card set '{name}' not found"), name=Shown(name)))


def _included_orders(
    ck: _Checker, includes: Any, file: Path, seen: tuple[Path, ...],
    reads: list[tuple[str, bytes]] | None = None,
) -> list[tuple[dict, tuple, _Checker]]:
    if includes is None:
        return []
    if not isinstance(includes, list):
        raise ck.fail(("include_orders",),
                      Problem(N_("include_orders must be a list of card-set ids")))
    out = []
    for i, name in enumerate(includes):
        target = _locate_include(name, file, ck, ("include_orders", i))
        if target.resolve() in seen:
            raise ck.fail(("include_orders", i),
                          Problem(N_("card set '{name}' includes itself"), name=name))
        if reads is not None and len(reads) > MAX_INCLUDES:  # A includes B ten times, ...
            raise ck.fail(("include_orders", i), Problem(
                N_("a card set may include at most {n} others"), n=MAX_INCLUDES))
        doc = _load_doc(target, reads)
        sub = _Checker(doc)
        if not isinstance(doc.data, dict):
            raise sub.fail((), Problem(N_("a card set must be a mapping of fields")))
        out.extend(_included_orders(sub, doc.data.get("include_orders"), target,
                                    seen + (target.resolve(),), reads))
        for entry, epath in _parse_orders(sub, doc.data.get("orders", []), ("orders",)):
            out.append((entry, epath, sub))
    return out


def parse_cardset(doc: Located, file: Path,
                  reads: list[tuple[str, bytes]] | None = None) -> CardSet:
    """Validate a loaded document and build the card set; raises SourceError.

    ``reads`` collects the digest of every included file read (for the cache)."""
    reads = [] if reads is None else reads
    ck = _Checker(doc)
    data = ck.mapping(doc.data, (), TOP_REQUIRED, TOP_OPTIONAL)
    cid = ck.text(data["id"], ("id",))
    name = ck.text(data["name"], ("name",))
    ing = ck.mapping(data["ingredients"], ("ingredients",), {"singles", "doubles", "remove"})
    singles = ck.integer(ing["singles"], ("ingredients", "singles"), 0, 60)
    doubles = ck.integer(ing["doubles"], ("ingredients", "doubles"), 0, 60)
    if singles + doubles == 0:
        raise ck.fail(("ingredients",),
                      Problem(N_("a card set needs at least one ingredient card per kind")))
    rem = ing["remove"]
    if isinstance(rem, dict):  # JSON (saves) turns the player counts into strings
        rem = {int(k) if isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 3
               else k: v for k, v in rem.items()}  # not "²", which isdigit() but int() refuses
    if not isinstance(rem, dict) or set(rem) != {2, 3, 4}:
        raise ck.fail(
            ("ingredients", "remove"),
            Problem(N_("remove must give the removals for exactly 2, 3 and 4 players"))
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
        raise ck.fail(("starting_hand",), Problem(
            N_("a starting hand holds at most {n} cards"), n=MAX_HAND))
    for n in (2, 3, 4, 5):
        s, d = removals.get(n, (0, 0))
        deck = 5 * (singles - s + doubles - d)
        if deck < n * h_ing:
            raise ck.fail(
                ("starting_hand", "ingredients"),
                Problem(N_("with {n} players the deck ({deck} cards) cannot deal {each} to "
                           "each"), n=n, deck=deck, each=h_ing),
            )
    rounds = ck.integer(data["rounds"], ("rounds",), 1, 20)
    rules = ck.mapping(data["rules"], ("rules",), {"help", "unfilled_order"})
    help_ = ck.boolean(rules["help"], ("rules", "help"))
    unfilled = rules["unfilled_order"]
    if unfilled not in UNFILLED_CHOICES:
        raise ck.fail(
            ("rules", "unfilled_order"),
            Problem(N_("unfilled_order must be one of {choices}, not {value!r}"),
                    choices=", ".join(UNFILLED_CHOICES), value=unfilled),
        )
    scorer = ck.text(data["scorer_card"], ("scorer_card",))
    per_colour = ck.integer(data["orders_per_colour"], ("orders_per_colour",), 1, 60)

    specs: dict[str, OrderSpec] = {}
    colour_orders: dict[str, list[str]] = {c: [] for c in COLOURS}
    groups: list[tuple[_Checker, list[tuple[dict, tuple]]]] = []
    for entry, epath, sub in _included_orders(
        ck, data.get("include_orders"), file, (file.resolve(),), reads
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
                raise checker.fail(("orders",), _used_twice(oid))
            specs[oid] = spec
        for colour, ids in more_colours.items():
            for oid in ids:
                if oid in colour_orders[colour]:
                    raise checker.fail(("orders",), _twice_for(oid, colour))
                colour_orders[colour].append(oid)
    for colour, ids in colour_orders.items():
        if len(ids) != per_colour:
            raise ck.fail(
                ("orders_per_colour",),
                Problem(N_("orders_per_colour is {n}, but the orders give {colour} {count} "
                           "cards"), n=per_colour, colour=colour, count=len(ids)),
            )
    if h_ord > per_colour:
        raise ck.fail(("starting_hand", "orders"),
                      Problem(N_("more starting orders than order cards")))
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
        description=ck.text(data["description"], ("description",), MAX_EXPLAIN)
        if str(data.get("description", "")).strip() else "",
        source_data=resolved,
        id_line=doc.lines.get(("id",)),
    )


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


# Parsed documents by path, with the digest of the bytes they were parsed from: an
# edition included by another (Grande includes Sole Mio! and Mamma Mia!) is parsed once.
_DOCS: dict[str, tuple[bytes, Located]] = {}


def _load_doc(path: Path, reads: list[tuple[str, bytes]] | None) -> Located:
    """Read (within the limits of ``read_capped``) and parse one file, noting its digest."""
    raw = read_capped(path)
    key, digest = os.path.abspath(path), _digest(raw)
    if reads is not None:
        reads.append((key, digest))
    known = _DOCS.get(key)
    if known is not None and known[0] == digest and known[1].file == str(path):
        return known[1]  # never changed by parse_cardset, which builds new values
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError(str(path), None, Problem(N_("not a UTF-8 text file"))) from None
    doc = load_text(text, str(path))
    _DOCS[key] = (digest, doc)
    return doc


# Each card-set file is parsed once per start: the title screen, New game, Start and the
# computer players all ask for the same files.  The key is the file's path; the entry
# holds the digests of the bytes read (the file and what it includes), so an edited file
# is read again while an unchanged one costs one bounded read and a hash.
_CACHE: dict[str, tuple[tuple[tuple[str, bytes], ...], CardSet | SourceError]] = {}
_CACHE_LOCK = threading.Lock()


def _unchanged(reads: tuple[tuple[str, bytes], ...]) -> bool:
    for name, digest in reads:
        try:
            if _digest(read_capped(name)) != digest:
                return False
        except SourceError:
            return False
    return True


def _fresh(err: SourceError) -> SourceError:
    return SourceError(err.file, err.line, err.what)


def load_cardset_file(path: str | Path) -> CardSet:
    """The card set in a file; any failure, whatever its cause, is one SourceError
    (``file:line: problem``).  Files are refused before reading when they are not
    regular files or are too large (``yamlsource.read_capped``)."""
    path = Path(path)
    key = os.path.abspath(path)
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None and _unchanged(hit[0]):
        result = hit[1]
    else:
        reads: list[tuple[str, bytes]] = []
        try:
            result = parse_cardset(_load_doc(path, reads), path, reads)
        except SourceError as exc:
            # Kept without its traceback: the traceback's frames hold every caller's locals
            # (a title screen, its window), which the cache would then keep for good.
            result = _fresh(exc)
        except Exception as exc:  # noqa: BLE001 - a file must never stop the game
            result = SourceError(str(path), None, Problem(
                N_("cannot be read as a card set ({why})"), why=Shown(type(exc).__name__)))
        if reads:  # a file that could not even be read is not kept: reading it is cheap
            with _CACHE_LOCK:
                _CACHE[key] = (tuple(reads), result)
    if isinstance(result, SourceError):
        raise _fresh(result)
    return result


def _user_dir() -> Path | None:
    from solemio.userdirs import user_cardsets_dir

    try:
        return user_cardsets_dir()
    except OSError:
        return None


def _yaml_files(folder: Path | None) -> list[Path]:
    if folder is None:
        return []
    try:
        return sorted(folder.glob("*.yaml"))
    except OSError:
        return []


def load_cardset(name: str | Path) -> CardSet:
    """Load an edition by id ('sole-mio') or a card-set file by path.

    A shipped edition's id always means the shipped file; a house variant is found by
    the ``id`` inside its file (whatever the file is called), else by its file name."""
    if not isinstance(name, (str, Path)):  # a scenario's "edition: [a, b]"
        raise SourceError(str(Shown(name)), None, Problem(N_("no such edition or card-set file")))
    as_path = Path(name)
    try:
        is_file = as_path.suffix in (".yaml", ".yml") or as_path.exists()
    except (OSError, ValueError):
        is_file = False
    if is_file:
        return load_cardset_file(as_path)
    name = str(name)
    for entry in list_cardsets():
        if entry.cardset is not None and entry.id == name:
            return entry.cardset
    user = _user_dir()
    for path in _yaml_files(user):
        if path.stem == name:
            return load_cardset_file(path)
    raise SourceError(name, None, Problem(N_("no such edition or card-set file")))


# The card set of the game most recently set up under each id.  A computer player gets
# only the id (``SeatView.cardset``); the rules it plays by must be the game's own, which
# for a saved game are the ones embedded in the save, even when the house variant's file
# has since changed or gone.
_IN_PLAY: dict[str, CardSet] = {}


def in_play(cs: CardSet) -> None:
    """Note ``cs`` as the card set games under its id are played with (``Game`` does)."""
    if _IN_PLAY.get(cs.id) is not cs:
        _IN_PLAY[cs.id] = cs


def cardset_for(cid: str) -> CardSet:
    """The card set a game with id ``cid`` is played with: the one in play, else the file."""
    cs = _IN_PLAY.get(cid)
    return cs if cs is not None else load_cardset(cid)


@dataclass(frozen=True)
class CardSetEntry:
    id: str
    name: str
    path: str
    error: str | None
    #: the error itself, to say in the player's language (``i18n.source_error_text``)
    fault: SourceError | None = None
    #: the card set, when it can be played (New game starts this, found by its file)
    cardset: CardSet | None = field(default=None, compare=False, repr=False)
    #: one of the editions that come with the game (not a player's house variant)
    shipped: bool = False


SHIPPED_ORDER = ("sole-mio", "mamma-mia", "grande")


def _clash(cs: CardSet, other: CardSetEntry) -> SourceError:
    if other.shipped:
        what = Problem(N_("the id '{id}' is that of the edition {name} that comes with the "
                          "game: give the house variant an id of its own"),
                       id=Shown(cs.id), name=other.name)
    else:
        what = Problem(N_("the id '{id}' is already used by {file}: give each house variant "
                          "an id of its own"), id=Shown(cs.id), file=Path(other.path).name)
    return SourceError(cs.file, cs.id_line, what)


def shipped_clash(cs: CardSet) -> SourceError | None:
    """The error for a card set that is not an edition shipped with the game but has an
    edition's id (``solemio validate`` says it; the game leaves such a variant out)."""
    from solemio.resources import cardsets_dir

    for path in _yaml_files(cardsets_dir()):
        try:
            edition = load_cardset_file(path)
        except SourceError:
            continue
        if edition.id == cs.id and os.path.realpath(path) != os.path.realpath(cs.file):
            return _clash(cs, CardSetEntry(edition.id, edition.name, str(path), None,
                                           shipped=True))
    return None


def list_cardsets() -> list[CardSetEntry]:
    """Every card set the game can offer: the editions first, then house variants.

    Each entry is one file.  A broken house variant is listed with its error so the
    player learns why it cannot be chosen instead of it silently vanishing; so is a
    variant whose id is already taken (by an edition or an earlier variant): it never
    replaces or hides the edition, and its file never stands in for another.
    """
    from solemio.resources import cardsets_dir

    taken: dict[str, CardSetEntry] = {}
    out: list[CardSetEntry] = []
    for shipped, folder in ((True, cardsets_dir()), (False, _user_dir())):
        for path in _yaml_files(folder):
            try:
                cs = load_cardset_file(path)
            except SourceError as exc:
                out.append(CardSetEntry(path.stem, path.stem, str(path), str(exc), exc,
                                        shipped=shipped))
                continue
            if cs.id in taken:
                exc = _clash(cs, taken[cs.id])
                out.append(CardSetEntry(path.stem, path.stem, str(path), str(exc), exc,
                                        shipped=shipped))
                continue
            entry = CardSetEntry(cs.id, cs.name, str(path), None, None, cs, shipped)
            taken[cs.id] = entry
            out.append(entry)

    def rank(e: CardSetEntry) -> tuple[int, int, str]:
        order = SHIPPED_ORDER.index(e.id) if e.shipped and e.id in SHIPPED_ORDER else 99
        return (0 if e.shipped else 1, order, e.name)

    return sorted(out, key=rank)


def broken_house_variants() -> list[SourceError]:
    """The errors of the player's card-set files that cannot be used (the title screen
    says them), a clash of ids included; a player without variants pays nothing (the
    editions are not even read)."""
    if not _yaml_files(_user_dir()):
        return []
    return [e.fault for e in list_cardsets() if e.fault is not None and not e.shipped]
