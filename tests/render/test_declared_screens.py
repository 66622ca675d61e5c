"""Every ruleset's screen is declared data the render layer reads: importing a views
module fills no table of the render layer (issue #21), and each ruleset declares its
order-table layout and its `show ACTOR` sheet."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shaper_gm.engine import registry
from shaper_gm.render import plugins
from shaper_gm.render.tables import Layout
from shaper_gm.render.views import Sheet

# In a fresh interpreter: the size of every container the render layer holds at module
# level (dicts, lists, sets, and a dispatcher's registry), before and after importing
# every ruleset's views module.
PROBE = """
import importlib, pkgutil, sys
import shaper_gm.render as render
from shaper_gm.engine import registry
for info in pkgutil.iter_modules(render.__path__):
    importlib.import_module(f"shaper_gm.render.{info.name}")

def sizes():
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("shaper_gm.render"):
            continue
        for attr, value in vars(module).items():
            held = getattr(value, "registry", value)
            if isinstance(held, (dict, list, set)) or type(held).__name__ == "mappingproxy":
                out[f"{name}.{attr}"] = len(held)
    return out

before = sizes()
for ruleset_id in registry.ids():
    if ruleset_id not in registry.written_as_data():      # data rulesets have no views
        importlib.import_module(f"shaper_gm.rulesets.{ruleset_id}.views")
after = sizes()
changed = sorted(k for k in before if after.get(k) != before[k])
print("\\n".join(changed))
"""


def test_importing_views_fills_no_render_table():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "", f"filled on import: {done.stdout}"


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_each_ruleset_declares_its_screen(ruleset_id):
    screen = plugins.screen(ruleset_id)
    assert screen is not plugins.NONE
    assert isinstance(screen.layout, Layout)
    assert isinstance(screen.sheet, Sheet)
    for table in (screen.lines, screen.events, screen.views):
        for cls in table:
            assert plugins.package_of(cls) == ruleset_id, cls


class _Terms:
    """A ruleset whose word for down has been changed."""

    def __init__(self, rs, down: str) -> None:
        self.rs, self.down = rs, down

    def term(self, key: str) -> str:
        return self.down if key == "down" else self.rs.term(key)


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_the_map_says_down_in_the_rulesets_own_word(ruleset_id):
    from types import SimpleNamespace

    from shaper_gm.render.tables import map_legend
    layout = plugins.screen(ruleset_id).layout
    rs = _Terms(registry.build(ruleset_id), "out cold")
    fallen = SimpleNamespace(id="bo", side="enemies", down=True, zone="A1")
    state = SimpleNamespace(actors={"bo": fallen}, turn=None)
    legend = [str(line) for line in map_legend(state, {}, {"enemies": "red"}, layout, rs)]
    assert f"† {layout.down_word or 'out cold'}" in legend


def _own_events(ruleset_id: str) -> list[type]:
    import importlib
    import importlib.util
    import inspect
    import pkgutil

    from shaper_gm.engine import events as ev
    if importlib.util.find_spec(f"shaper_gm.rulesets.{ruleset_id}") is None:
        return []                              # a ruleset written as data: no package
    package = importlib.import_module(f"shaper_gm.rulesets.{ruleset_id}")
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found += [cls for cls in vars(module).values() if inspect.isclass(cls)
                  and issubclass(cls, ev.Event) and cls.__module__ == module.__name__]
    return found


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_event_a_ruleset_defines_has_its_declared_line(ruleset_id):
    if ruleset_id in registry.written_as_data():
        assert not _own_events(ruleset_id)     # its outcomes are the engine's, drawn alike
        return
    events = _own_events(ruleset_id)
    assert events
    missing = [cls.__name__ for cls in events if plugins.declared("lines", cls) is None]
    assert not missing, f"{ruleset_id} events that would read as a class name: {missing}"


def test_a_declared_toolbar_names_resources_in_the_rulesets_words_and_skips_empty_parts():
    from types import SimpleNamespace

    from shaper_gm.engine.resources import ResourceSpec
    specs = {"ap": ResourceSpec("ap", "AP", max="ap_max"), "pool": ResourceSpec("pool")}
    rs = SimpleNamespace(resource_spec=specs.get, resources=tuple(specs.values()),
                         stat=lambda sheet, name: {"ap_max": 6}[name])
    actor = SimpleNamespace(sheet=None, resource={"ap": 4, "pool": 3}.get)
    layout = Layout(toolbar=("ap", lambda a, rs, state: "", "pool",
                             lambda a, rs, state: f"round {state}"))
    assert layout.toolbar_text(actor, rs, 2) == "AP 4/6 · pool 3 · round 2"
    assert Layout().toolbar_text(actor, rs) == "AP 4/6 · pool 3"
