"""The engine's own guarantees, beyond what the conformance kit checks per game."""
import os
import subprocess
import sys

import numpy as np
import pytest

from frontierzoo.envs import all_games, make
from frontierzoo.envs.common.hooks import STOCK
from frontierzoo.envs.common.rng import seed_rng

# A test of one of the speed hooks, which FRONTIERZOO_STOCK_NUMBA=1 leaves out.
hooked = pytest.mark.skipif(STOCK, reason="a speed hook's test: FRONTIERZOO_STOCK_NUMBA=1 installs none")

PLAY = """
import numpy as np
from frontierzoo.envs import make
out = []
for name in {names!r}:
    env = make(name)
    env.reset(seed=5)
    for _ in range(40):
        env.step(int(env.legal_actions()[0]))
    out.append(float(env.observe(env.agent_selection)["observation"].sum()))
print(out)
"""


def _play(names, cache):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    r = subprocess.run([sys.executable, "-c", PLAY.format(names=names)], env=env,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def _cached_apart_load_together(names, cache):
    alone = [_play([n], cache) for n in names]
    together = _play(names, cache)
    assert together == "[" + ", ".join(a.strip("[]") for a in alone) + "]"


@pytest.mark.full   # two games built from empty caches in fresh processes: CI's -m full step
def test_games_cached_in_separate_processes_load_together(tmp_path):
    """Each game's compiled drivers, cached by a process that used only that game, load side by
    side in one process (closures share names; the engine must keep their symbols apart). Two
    games show it; every game is the slow test below (each builds its game from scratch)."""
    _cached_apart_load_together(["forfort_v0", "frantic_v1"], tmp_path)


@pytest.mark.slow
def test_every_game_cached_apart_loads_together(tmp_path):
    _cached_apart_load_together([g.name for g in all_games()], tmp_path)


def test_rng_streams_differ_by_seed_and_repeat():
    a, b, c = (np.zeros(2, np.uint64) for _ in range(3))
    seed_rng(a, 1)
    seed_rng(b, 1)
    seed_rng(c, 2)
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_randint_draws_what_the_rejection_rule_draws():
    """``randint`` keeps a draw of at least 2**32 mod n and answers it mod n, compiled and in plain
    Python alike, for small counts (where no draw is thrown) and counts near 2**32 (where most
    are): the rule written out here, with Python integers, draws the same numbers in the same
    order from the same stream."""
    from numba import njit

    from frontierzoo.envs.common.rng import next_u32, randint

    draws = njit(lambda rng, n, k: [randint(rng, n) for _ in range(k)])
    for n in (1, 2, 3, 7, 359, 1000, (1 << 31) + 1, (1 << 32) - 3):
        compiled, plain, rule = (np.zeros(2, np.uint64) for _ in range(3))
        for rng in (compiled, plain, rule):
            seed_rng(rng, 5 + n)
        expect = []
        for _ in range(40):
            while True:
                r = int(next_u32(rule))
                if r >= (2 ** 32 - n) % n:
                    expect.append(r % n)
                    break
        assert list(draws(compiled, n, 40)) == expect
        assert [int(randint(plain, n)) for _ in range(40)] == expect


def test_env_options_are_checked():
    for game in all_games():
        try:
            make(game.name, no_such_option=1)
        except (TypeError, ValueError) as e:
            assert "no_such_option" in str(e)
        else:
            raise AssertionError(f"{game.name} accepted an unknown option")


KERNEL = """
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from frontierzoo.envs.common.jit import _keyed_njit, folder_fingerprint
from sub.consts import VALUE

def f():
    return VALUE

f = _keyed_njit(f, folder_fingerprint(os.path.dirname(os.path.abspath(__file__))))
print(f(), sum(f.stats.cache_hits.values()))
"""


def _cache_harness(tmp_path, script):
    """A game folder holding ``script`` and a subfolder of constants (``sub/consts.py``: VALUE = 1),
    an environment with its own compile cache, and a function that runs the script in a fresh
    process and returns the integers it prints."""
    game = tmp_path / "game"
    (game / "sub").mkdir(parents=True)
    (game / "sub" / "__init__.py").write_text("")
    (game / "sub" / "consts.py").write_text("VALUE = 1\n")
    (game / "kern.py").write_text(script)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))

    def run():
        r = subprocess.run([sys.executable, str(game / "kern.py")], env=env, capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        return tuple(int(x) for x in r.stdout.split())

    return game, env, run


def test_cache_hook_is_honoured_and_stale_proof(tmp_path):
    """Numba's cache, keyed through the private hook of envs/common/cache.py: a second process loads
    the cached kernel, a build under other code-generation settings (profiling, optimisation level)
    or by the other machinery (stock Numba, the hooks) is kept apart, and a change to a file the
    kernel only imports from (in a subfolder) makes it recompile. Fails if a Numba release stops
    calling ``_index_key`` (see pyproject's pin)."""
    game, env, run = _cache_harness(tmp_path, KERNEL)
    assert run() == (1, 0)                  # compiled and cached
    assert run() == (1, 1)                  # loaded from the cache
    env["NUMBA_ENABLE_PROFILING"] = "1"     # a different build: not the cached one
    assert run() == (1, 0)
    env["NUMBA_OPT"] = "0"
    assert run() == (1, 0)
    del env["NUMBA_ENABLE_PROFILING"], env["NUMBA_OPT"]
    assert run() == (1, 1)                  # the first build is still there
    env["FRONTIERZOO_STOCK_NUMBA"] = "1" if env.get("FRONTIERZOO_STOCK_NUMBA") != "1" else "0"
    assert run() == (1, 0)                  # the other machinery (stock Numba or the hooks): its own build
    assert run() == (1, 1)
    (game / "sub" / "consts.py").write_text("VALUE = 2\n")
    assert run()[0] == 2                    # the imported constant changed: recompiled, not stale



def test_fingerprint_reads_every_source_file_and_nothing_else(tmp_path):
    """The fingerprint changes with a source file's contents or name at any depth, and not with
    what Python and Numba write beside the sources (``__pycache__``) or a file of another kind."""
    from frontierzoo.envs.common import cache

    def fingerprint():
        cache._tree_digest.cache_clear()
        cache.folder_fingerprint.cache_clear()
        return cache.folder_fingerprint(str(tmp_path))

    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "table.json").write_text("[1]")
    (tmp_path / "rules.py").write_text("X = 1\n")
    first = fingerprint()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "rules.py").write_text("X = 2\n")
    (tmp_path / "deep" / "__pycache__").mkdir()
    (tmp_path / "deep" / "__pycache__" / "f-1.py311.nbi").write_bytes(b"index")
    (tmp_path / "notes.txt").write_text("not read")
    assert fingerprint() == first
    (tmp_path / "deep" / "er" / "table.json").write_text("[2]")
    second = fingerprint()
    assert second != first
    (tmp_path / "deep" / "er" / "table.json").rename(tmp_path / "deep" / "er" / "other.json")
    assert fingerprint() not in (first, second)


BLAS = """
import sys
import numpy as np
from numba import njit
import frontierzoo.envs.common.jit  # noqa: F401

@njit
def plus_one(x):
    return x + 1

plus_one(1)
before = "scipy.linalg" in sys.modules

@njit
def vdot(a, b):
    return np.vdot(a, b)

a, b = np.arange(5.0), np.linspace(0.5, 2.5, 5)
from numba.np import arraymath
try:
    import scipy.linalg.cython_blas  # noqa: F401
    have = True
except ImportError:
    have = False
print(before, vdot(a, b) == np.vdot(a, b), bool(arraymath._HAVE_BLAS) == have)
"""


@hooked
def test_blas_is_looked_for_only_when_a_compiled_function_needs_it():
    """The engine's first compile does not import SciPy's BLAS (0.1-0.16 s of every start); a
    function that needs it still gets Numba's own answer, and the same result as NumPy's."""
    r = subprocess.run([sys.executable, "-c", BLAS], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "True", "True"]


USER = """
import re, sys
import numpy as np
from numba import njit
from numba.core import event

def user(s, a, k):     # a record's nested fields, 2-D elements read and written, range loops, an overload
    t = 0.0
    for i in range(a.shape[0]):
        for j in range(1, a.shape[1], 2):
            t += a[i, j] * s['cube'][1, i % 3, j % 4] + s['rng'][0]
            a[i, j] = k
    return t + np.sum(a)

if sys.argv[1] == "compiled first":   # Numba compiles (and installs its lowerings) before the engine loads
    njit(lambda x: x + 1)(1)
if sys.argv[1] != "stock":
    from frontierzoo.envs.common import hooks
    from frontierzoo.envs.common.record import record_dtype
    dtype = record_dtype([("cube", np.int32, (2, 3, 4))])     # the header's nested fields, and one of the user's

    @hooks.rule
    def pick(a, i):
        return a[i, 1]

    def ours(s, a):   # one of the project's, compiled first with the hooks: the same fields and overload
        t = 0.0
        for i in range(a.shape[0]):
            t += pick(a, i) + s['cube'][1, i % 3, 2] + s['rng'][0]
        return t + np.sum(a)

    print("ours", hooks.dispatcher(ours)(np.zeros(1, dtype)[0], np.ones((4, 5))))
    import operator
    from numba.core.registry import cpu_target
    from numba.core.typing import signature
    from numba.core import types
    context = cpu_target.target_context       # the lowerings Numba picks, whichever compiled first
    print("ours", context.get_function("getiter", signature(types.range_iter64_type,
                                                            types.range_state64_type))._imp.__name__,
          context.get_function(operator.getitem, signature(types.float64, types.Array(types.float64, 2, "C"),
                                                           types.UniTuple(types.int64, 2)))._imp.__name__)
else:
    dtype = np.dtype([("rng", np.uint64, (2,)), ("steps", np.int64), ("num_players", np.int32),
                      ("actor", np.int32), ("last_rewards", np.float32, (8,)), ("cube", np.int32, (2, 3, 4))],
                     align=True)

from numba.core import ir
from numba.core.runtime.context import NRTContext
from numba.core.targetconfig import TargetConfig
from numba.core.types.functions import BaseFunction
from numba.core.types.npytypes import Record
methods = [TargetConfig.values, Record.__repr__, BaseFunction.get_call_type, ir.Inst._rec_list_vars,
           NRTContext.get_meminfos]
seen = set()

class Listener(event.Listener):   # the machinery in place while the user's function compiles
    def on_start(self, ev):
        seen.update(f"{m.__module__}.{m.__qualname__}" for m in methods)

    def on_end(self, ev):
        pass

s = np.zeros(1, dtype)
s[0]['cube'] = np.arange(24).reshape(2, 3, 4)
with event.install_listener("numba:compile", Listener()):
    compiled = njit(user)
    print("result", compiled(s[0], np.ones((4, 5)), 3))
print("machinery", *sorted(seen))
text = compiled.inspect_llvm(compiled.signatures[0])
# names that count the functions and types a process has made, which differ with what it compiled before
print(re.sub(r'B\\d+v\\d+|RecordILi\\d+E|\\[\\d+ x i8\\] c"missing', "#", text))
"""


def test_a_users_function_compiles_as_with_stock_numba():
    """The hooks apply to this project's functions only (envs/common/hooks.py): a user's ``@njit``
    function compiled after one of the project's, in a process that imported the engine before or
    after Numba's first compile, is the LLVM IR, the result and the machinery (Numba's own methods
    in place while it compiles) of a process that never imported frontierzoo. Compared at
    ``NUMBA_OPT=0``, where every difference in lowering survives into the IR; its record has the
    engine's header fields (whose reads the engine lowers) and the user's function calls an
    overload the project's function compiled first. And the project's own functions get the
    hooks' lowerings in either order."""
    env = dict(os.environ, NUMBA_OPT="0")
    env.pop("FRONTIERZOO_STOCK_NUMBA", None)
    out = {}
    for case in ("stock", "engine imported first", "compiled first"):
        r = subprocess.run([sys.executable, "-c", USER, case], env=env, capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert case == "stock" or "ours range_iterator getitem_element" in lines, (case, lines[:2])
        out[case] = [line for line in lines if not line.startswith("ours ")]
    stock = out.pop("stock")
    assert stock[0] == "result 172.0" and "define" in "\n".join(stock)
    assert len(stock[1].split()) == 6 and all(m.startswith("numba.") for m in stock[1].split()[1:])
    for case, lines in out.items():
        assert lines == stock, case


BORROWED_IR = """define i32 @f(ptr %retptr, ptr %excinfo, ptr %arg.a.0, ptr %arg.a.4, ptr %arg.b.0, ptr %arg.c.0, ptr %arg.d.0) {
entry:
  tail call void @NRT_incref(ptr %arg.a.0)
  tail call void @NRT_incref(ptr %arg.b.0)
  tail call void @NRT_incref(ptr %arg.c.0)
  %r = tail call i32 @g(ptr %retptr, ptr %arg.a.0, ptr %arg.a.4)
  %x = icmp eq i32 %r, 0
  br i1 %x, label %one, label %two

one:
  tail call void @NRT_decref(ptr %arg.a.0)
  tail call void @NRT_decref(ptr %arg.b.0)
  store ptr %arg.c.0, ptr %retptr
  ret i32 0

two:
  tail call void @NRT_incref(ptr %arg.d.0)
  tail call void @NRT_decref(ptr %arg.a.0)
  tail call void @NRT_decref(ptr %arg.b.0)
  tail call void @NRT_decref(ptr %arg.c.0)
  tail call void @NRT_decref(ptr %arg.d.0)
  ret i32 1
}
"""


@hooked
def test_a_rule_drops_only_the_reference_counts_a_borrowed_argument_does_not_need():
    """An argument increfed once at entry and otherwise only decrefed or passed on to calls (a, b)
    loses its refops; one stored somewhere (c) or increfed later (d) keeps them."""
    from frontierzoo.envs.common.hooks import _borrowed_arguments_unrefcounted

    out = _borrowed_arguments_unrefcounted(BORROWED_IR)
    for arg, kept in (("a", False), ("b", False), ("c", True), ("d", True)):
        refops = [line for line in out.splitlines() if "@NRT_" in line and f"%arg.{arg}.0)" in line]
        assert len(refops) == (2 if kept else 0), (arg, refops)
    assert "tail call i32 @g(ptr %retptr, ptr %arg.a.0, ptr %arg.a.4)" in out
    assert out.count("\n") == BORROWED_IR.count("\n") - 6


ARRAYS_THROUGH_RULES = """
import numpy as np
from numba import njit
from numba.core.runtime import _nrt_python, rtsys
from frontierzoo.envs.common.jit import rule

@rule
def fill(a, k):                 # borrows its argument
    for i in range(a.shape[0]):
        a[i] = k
    return a.shape[0]

@rule
def same(a):                    # returns it
    return a

@rule
def tail(a):                    # returns a view of it
    return a[1:]

@rule
def checked_fill(a, k):         # an error path beside the calls
    if k > 100:
        raise ValueError("too big")
    return fill(a, k)

@rule
def kept(a, box):               # stores it in a list
    box.append(a)
    return len(box)

def churn(n):
    t = 0
    box = [np.zeros(1)]
    for i in range(n):
        a = np.zeros(8)
        t += checked_fill(a, i % 7)
        c = tail(same(a))
        t += c.shape[0] + fill(c, 1) + int(a.sum())
        if i % 100 == 0:
            t += kept(a, box)
    for b in box:
        t += int(b.sum())
    return t

_nrt_python.memsys_enable_stats()
compiled = njit(churn)
before = rtsys.get_allocation_stats()
got = compiled(1000)
after = rtsys.get_allocation_stats()
print(got == churn(1000), after.alloc - before.alloc == after.free - before.free,
      after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free)

too_big = njit(lambda a, k: checked_fill(a, k))
a = np.arange(3.0)
errors = 0
for _ in range(50):
    try:
        too_big(a, 1000)
    except ValueError as e:
        errors += str(e) == "too big"
print(errors == 50, too_big(a, 2) == 3 and a.tolist() == [2.0, 2.0, 2.0])
"""


def test_arrays_passed_through_rules_are_freed_once_and_never_early():
    """Arrays borrowed, returned, viewed, stored in a list and passed beside an error path, through
    rules compiled without the redundant counts: the same results as Python, every array the
    compiled code made is freed, none twice (Numba's own allocation counts), and an argument passed
    down to an error is still whole after it."""
    r = subprocess.run([sys.executable, "-c", ARRAYS_THROUGH_RULES], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True"] * 5

FACTORY = """
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from frontierzoo.envs.common.jit import _keyed_njit, folder_fingerprint
from numba import njit
from sub.consts import VALUE

@njit
def scale(k):
    return k

@njit
def shift(k):
    return k + 100

def make(k, how):
    def f():
        return how(k) * VALUE
    return _keyed_njit(f, folder_fingerprint(os.path.dirname(os.path.abspath(__file__))))

made = [make(2, scale), make(3, scale), make(2, shift)]
print(*[g() for g in made], sum(sum(g.stats.cache_hits.values()) for g in made))
"""


def test_closures_of_one_factory_are_cached_apart(tmp_path):
    """Closures built by one factory share their code and file; the cache keys them by what their
    cells hold too (a number, a function), written the same in every process: a second process
    loads each its own machine code, never another closure's."""
    _, _, run = _cache_harness(tmp_path, FACTORY)
    assert run() == (2, 3, 102, 0)          # compiled, each its own
    assert run() == (2, 3, 102, 3)          # each loaded from the cache, each its own


def test_spans_encode_and_decode_alike_in_python_and_compiled_code():
    from numba import njit

    from frontierzoo.envs.common.layout import Layout

    layout = Layout("action")
    one = layout.span("one", doc="a single action")
    flat = layout.span("flat", 5)
    grid = layout.span("grid", 3, 4)
    cube = layout.span("cube", 2, 3, 4)
    assert (one.start, flat.start, grid.start, cube.start, layout.size) == (0, 1, 6, 18, 42)

    @njit
    def compiled(a):
        return (one.at(), flat.at(2), grid.at(2, 3), cube.at(1, 2, 3), grid.split(a)[0], grid.split(a)[1],
                grid.has(a), cube.split(41)[2], flat.split(3), grid.start, grid.stop, grid.size)

    py = (one.at(), flat.at(2), grid.at(2, 3), cube.at(1, 2, 3), grid.split(13)[0], grid.split(13)[1],
          grid.has(13), cube.split(41)[2], flat.split(3), grid.start, grid.stop, grid.size)
    assert compiled(13) == py == (0, 3, 17, 41, 1, 3, True, 3, 2, 6, 18, 12)
    assert layout.span_of(17) is grid and layout["cube"] is cube
    for bad in ((grid.at, (3, 0)), (grid.at, (0,)), (grid.split, (5,))):
        try:
            bad[0](*bad[1])
        except ValueError:
            pass
        else:
            raise AssertionError(f"{bad} accepted")
    assert "grid" in layout.table() and "3x4" in layout.table()


def test_every_record_starts_with_the_engines_header():
    from frontierzoo.envs.common.record import HEADER_FIELDS

    for game in all_games():
        assert game.dtype.names[:len(HEADER_FIELDS)] == HEADER_FIELDS
        assert set(game.hidden_fields) <= set(game.dtype.names), f"{game.name}: unknown hidden fields"


@hooked
def test_a_rule_compiles_into_a_linked_only_library():
    """A rule's compiled library is only linked into its caller (envs/common/hooks.py): no machine
    code of its own, and the caller computes with it. Fails if a Numba release stops running the
    rule pipeline (see pyproject's pin)."""
    from numba import njit

    from frontierzoo.envs.common.hooks import _LinkedOnlyLibrary
    from frontierzoo.envs.common.jit import rule

    @rule
    def twice_plus(x, y):
        return 2 * x + y

    @njit
    def caller(x):
        return twice_plus(x, 1) + 1

    assert caller(3) == 8
    assert twice_plus(3, 1) == 7                 # from Python: the plain function
    (library,) = [cres.library for cres in caller.overloads.values()]
    (linked,) = [lib for lib in library._linking_libraries if lib.name.endswith("twice_plus")]
    assert type(linked) is _LinkedOnlyLibrary
    defined = [f.name for f in linked._final_module.functions if not f.is_declaration]
    assert defined and not any(linked._codegen._engine.is_symbol_defined(name) for name in defined)


@hooked
def test_a_rule_compiles_once_for_every_width_of_integer():
    """Callers passing an int32 field, a uint8 one, an int64 counter or a literal share one
    compilation of the rule, for int64 (envs/common/hooks.py, ``_widened``); uint64, which int64
    cannot hold, keeps its own. The values come through unchanged. Fails if a Numba release stops
    calling the typing template's ``_get_impl`` (see pyproject's pin)."""
    from numba import njit, types
    from numba.core.registry import cpu_target

    from frontierzoo.envs.common.jit import rule

    @rule
    def minus_one(x):
        return x - 1

    @njit
    def caller(a32, a8, a64, a_u64):
        return minus_one(a32), minus_one(a8), minus_one(a64), minus_one(7), minus_one(a_u64)

    assert caller(np.int32(-5), np.uint8(200), np.int64(2**40), np.uint64(2**63)) == (
        -6, 199, 2**40 - 1, 6, 2**63 - 1)
    (template,) = cpu_target.typing_context.resolve_value_type(minus_one).templates
    assert sorted(map(str, template._compiled_overloads)) == sorted(map(str, [(types.int64,), (types.uint64,)]))


@hooked
def test_a_rule_compiles_once_for_callers_whose_flags_differ_only_in_wrappers():
    """A rule called from another rule (compiled without Python wrappers) and from a driver
    compiles once: its code depends only on the flags it inherits (``hooks.INHERITED_FLAGS``), and
    Numba's own cache, keyed by all of a caller's flags, compiled it once per kind of caller."""
    from numba import njit
    from numba.core import event

    from frontierzoo.envs.common.jit import rule

    @rule
    def plus_one(x):
        return x + 1

    @rule
    def twice_plus_one(x):
        return plus_one(x) * 2

    @njit
    def caller(x):
        return plus_one(x), twice_plus_one(x)

    compiled = []

    class Listener(event.Listener):
        def on_start(self, ev):
            compiled.append(getattr(ev.data["dispatcher"], "py_func", None))

        def on_end(self, ev):
            pass

    with event.install_listener("numba:compile", Listener()):
        assert caller(3) == (4, 8)
    assert compiled.count(plus_one) == 1 and compiled.count(twice_plus_one) == 1


def test_rules_are_keyed_by_exactly_the_flags_numba_lets_a_callee_inherit():
    """If a Numba release lets compiled functions inherit another of their caller's flags, a rule
    keyed without it could be reused where it was compiled differently: this fails first."""
    import inspect
    import re

    from numba.core.cpu import CPUTargetOptions

    from frontierzoo.envs.common.hooks import INHERITED_FLAGS

    inherited = re.findall(r'inherit_if_not_set\(\s*"(\w+)"', inspect.getsource(CPUTargetOptions.finalize))
    assert sorted(inherited) == sorted(INHERITED_FLAGS)


@hooked
def test_flag_values_are_numbas_own():
    """The cheaper ``TargetConfig.values`` (envs/common/hooks.py) returns Numba's dict, item for item
    and in order, for flags with nothing set, with options set (to defaults too) and for copies:
    compiled overloads are looked up by these values, so a difference would reuse the wrong code."""
    from numba.core.compiler import Flags

    from frontierzoo.envs.common.hooks import NUMBA_FLAG_VALUES, _flag_values, hooks_in_place

    plain = Flags()
    wrappers = Flags()
    wrappers.no_cpython_wrapper = True
    wrappers.nrt = True
    wrappers.error_model = "numpy"
    wrappers.boundscheck = False          # set, to its default
    for flags in (plain, wrappers, wrappers.copy(), Flags(wrappers)):
        assert list(_flag_values(flags).items()) == list(NUMBA_FLAG_VALUES(flags).items())
        assert flags.values() == NUMBA_FLAG_VALUES(flags)
    assert wrappers != plain and hash(wrappers) == hash(wrappers.copy()) and wrappers == wrappers.copy()
    with hooks_in_place():                    # in place while one of the project's functions compiles
        assert Flags.values is _flag_values
    assert Flags.values is NUMBA_FLAG_VALUES  # and Numba's own again after


@hooked
def test_compiles_hold_off_full_garbage_collections():
    """While a compile of the engine's runs, Python collects only its young generations (a full
    collection walked every object Numba had made: ~1 s of a cold start); nested compiles leave
    that to the outermost, and the caller's thresholds, whatever they were, come back after it,
    also when the compile fails."""
    import gc

    from frontierzoo.envs.common.hooks import NO_FULL_COLLECTION, compiling_ours
    from frontierzoo.envs.common.jit import common_jit

    seen = []

    def inner(sig):
        seen.append(("inner", gc.get_threshold()))
        if sig == "fail":
            raise ValueError("a compile that fails")
        return sig

    wrapped_inner = compiling_ours(inner)

    def outer(sig):
        seen.append(("outer", gc.get_threshold()))
        return wrapped_inner(sig)

    compile_ = compiling_ours(outer)
    saved = gc.get_threshold()
    try:
        gc.set_threshold(500, 7, 9)
        assert compile_("sig") == "sig"
        assert seen == [("outer", (500, 7, NO_FULL_COLLECTION)), ("inner", (500, 7, NO_FULL_COLLECTION))]
        assert gc.get_threshold() == (500, 7, 9)
        with pytest.raises(ValueError, match="fails"):
            compile_("fail")
        assert gc.get_threshold() == (500, 7, 9)
    finally:
        gc.set_threshold(*saved)

    def plus_one(x):
        return x + 1

    disp = common_jit(plus_one)
    assert disp.compile.__wrapped__.__self__ is disp      # every dispatcher of the engine's is wired
    assert disp(1) == 2 and gc.get_threshold() == saved


@hooked
def test_statement_variables_are_numbas_own():
    """The cheaper walk behind ``list_vars`` (envs/common/hooks.py) finds the same variables, in the
    same order, as Numba's own, for every statement and expression of every rule of every game."""
    from numba.core import ir
    from numba.core.compiler import run_frontend

    from frontierzoo.envs.common.hooks import _RULES, NUMBA_REC_LIST_VARS, _rec_list_vars, hooks_in_place

    nodes = []
    for fn in sorted(_RULES, key=lambda f: (f.__module__, f.__qualname__)):
        for block in run_frontend(fn).blocks.values():
            for stmt in block.body:
                nodes.append(stmt)
                nodes.extend(v for v in stmt.__dict__.values() if isinstance(v, ir.Inst))
    with hooks_in_place():
        assert ir.Inst._rec_list_vars is _rec_list_vars
        ours = [node.list_vars() for node in nodes]
    assert ir.Inst._rec_list_vars is NUMBA_REC_LIST_VARS
    numbas = [node.list_vars() for node in nodes]
    assert len(nodes) > 10_000 and sum(map(len, numbas)) > 10_000
    for node, a, b in zip(nodes, ours, numbas):
        assert len(a) == len(b) and all(x is y for x, y in zip(a, b)), node


@hooked
def test_array_elements_read_and_written_as_numba_would():
    """Elements of a record's nested arrays and of plain arrays, read and written by integers of
    every width and sign (negative ones counting from the end), compile to the values plain
    Python gives (envs/common/indexing.py addresses them directly); slices, rows, index arrays
    and strided arrays still go through Numba's own lowering, and still work."""
    import operator

    from numba import njit, typeof
    from numba.core import types
    from numba.core.registry import cpu_target
    from numba.core.typing import signature

    from frontierzoo.envs.common import hooks, indexing
    from frontierzoo.envs.common.record import record_dtype

    dtype = record_dtype([("cube", np.int32, (2, 3, 4)), ("flags", np.uint8, (5,)),
                          ("grid", np.float32, (3, 3)), ("count", np.int32)])

    def play(s, plain, i, j, k, small, wide):
        total = s['cube'][i, j, k] + s['cube'][-1, -2, -3] + s['cube'][small, wide, np.uint8(3)]
        s['cube'][i, -1, k] = 7
        s['cube'][np.int32(-2), j, wide] = s['count'] + i
        s['flags'][-1] = True
        s['flags'][small] = s['cube'][0, 0, 0] > 0
        s['grid'][j, -1] = 2.5 * k                      # a float, cast to float32
        s['grid'][small, small] = i                     # an int, cast to float32
        plain[-1] = plain[0] + plain[i]
        plain[wide] = 9.0
        row = s['cube'][1, j]                           # fewer indices: a view (Numba's lowering)
        part = plain[1:4]                               # a slice
        picked = plain[np.array([0, 2])]                # an index array
        strided = plain[::2]                            # a strided view: its elements too
        return total + row[-1] + part.sum() + picked.sum() + strided[1] + strided[-1] + s['flags'][4]

    compiled = hooks.dispatcher(play)
    for args in ((1, 2, 3, 0, 1), (-1, -3, -4, 1, 2), (0, 0, 0, 1, 0)):
        states, plains = [], []
        for _ in range(2):
            st = np.zeros(1, dtype)
            st[0]['cube'] = np.arange(24).reshape(2, 3, 4) - 5
            st[0]['count'] = 11
            states.append(st)
            plains.append(np.arange(6, dtype=np.float64))
        i, j, k, small, wide = args
        expected = play(states[0][0], plains[0], i, j, k, np.uint8(small), np.int32(wide))
        got = compiled(states[1][0], plains[1], i, j, k, np.uint8(small), np.int32(wide))
        assert got == expected and states[0].tobytes() == states[1].tobytes()
        assert np.array_equal(plains[0], plains[1])

    # the engine's lowering is the one Numba picks for elements, Numba's own for the rest
    context = cpu_target.target_context
    context.refresh()
    nested = typeof(np.zeros(1, dtype)[0]).typeof("cube")
    plain = types.Array(types.float64, 1, "C")
    element = context.get_function(operator.getitem, signature(types.int32, nested, types.UniTuple(types.int64, 3)))
    assert element._imp.__name__ == indexing.getitem_element.__name__    # Numba's wrapper keeps the name
    store = context.get_function(operator.setitem, signature(types.none, plain, types.int64, types.float64))
    assert store._imp.__name__ == indexing.setitem_element.__name__


@hooked
def test_owners_found_as_numba_finds_them():
    """The cheaper walk for the owners (NRT meminfos) inside a value (envs/common/hooks.py) finds
    Numba's, in its order and by the same members, for arrays, nested arrays, tuples of arrays,
    lists, optionals and records; and compiled code that makes, passes, keeps and drops arrays
    frees every one it made."""
    from llvmlite import ir as llvm
    from numba import typeof
    from numba.core import types
    from numba.core.registry import cpu_target
    from numba.core.runtime import _nrt_python, rtsys
    from numba.core.runtime.context import NRTContext

    from frontierzoo.envs.common.hooks import NUMBA_GET_MEMINFOS, _get_meminfos, dispatcher, mark_ours
    from frontierzoo.envs.common.record import record_dtype

    context = cpu_target.target_context
    nrt = NRTContext(context, True)     # its own: the context's (a cached property) would be shared
    array = types.Array(types.float32, 2, "C")
    nested = typeof(np.zeros(1, record_dtype([("cube", np.int32, (2, 3))]))[0]).typeof("cube")
    kinds = [array, nested, types.Tuple((types.int64, array, types.UniTuple(array, 2))),
             types.List(types.int64, reflected=False), types.Optional(array), types.float64,
             typeof(np.zeros(1, record_dtype([("cube", np.int32, (2, 3))]))[0])]

    def path(value):      # how an owner was taken out of the value: the member indices, outermost last
        steps = []
        while isinstance(value, llvm.instructions.ExtractValue):
            steps.append(tuple(value.indices))
            value = value.aggregate
        return steps

    owners = []
    for ty in kinds:
        found = []
        for get in (_get_meminfos, NUMBA_GET_MEMINFOS):
            module = mark_ours(llvm.Module())      # the walk is the engine's in its own modules only
            fn = llvm.Function(module, llvm.FunctionType(llvm.VoidType(), [context.get_value_type(ty)]), "f")
            builder = llvm.IRBuilder(fn.append_basic_block())
            found.append([(t, path(mi)) for t, mi in get(nrt, builder, ty, fn.args[0])])
        assert found[0] == found[1], ty
        owners.append(len(found[0]))
    assert owners == [1, 1, 3, 1, 1, 0, 0]

    @dispatcher
    def churn(n):
        kept = [np.zeros(3)]
        total = 0.0
        for i in range(n):
            pair = (np.ones(i + 1), np.zeros((2, i + 1)))
            kept.append(pair[0] * 2)
            total += pair[1].sum() + kept[-1].sum()
        return total, len(kept)

    churn(1)
    _nrt_python.memsys_enable_stats()
    try:
        before = rtsys.get_allocation_stats()
        assert churn(50) == (sum(2.0 * (i + 1) for i in range(50)), 51)
        after = rtsys.get_allocation_stats()
    finally:
        _nrt_python.memsys_disable_stats()
    made, freed = after.alloc - before.alloc, after.free - before.free
    assert made > 100 and made == freed


@hooked
def test_range_loops_run_as_python_runs_them():
    """``for i in range(...)`` compiled with the engine's lowering (envs/common/ranges.py) visits
    what Python visits: every count of arguments, steps up, down and past the end, empty ranges,
    32- and 64-bit and unsigned bounds, loops nested and broken out of; a zero step raises
    Python's ``ValueError``. And it is the lowering Numba picks."""
    import operator  # noqa: F401

    from numba.core import types
    from numba.core.registry import cpu_target
    from numba.core.typing import signature

    from frontierzoo.envs.common import hooks, ranges

    def visits(a, b, c):
        total, n = 0, 0
        for i in range(a):
            total += i * 3
            n += 1
        for i in range(b, a):
            total += i
            n += 1
        for i in range(a, b, c):
            total += i * 7 + n
            n += 1
            for j in range(i % 5):
                if j == 3:
                    break
                total += j
        for i in range(np.int32(b), np.int32(a), np.int32(-1)):
            total -= i
        for i in range(np.uint64(a % 7)):
            total += 1
        return total, n

    compiled = hooks.dispatcher(visits)
    for a, b, c in ((10, 3, 2), (3, 10, 2), (-5, 20, 3), (20, -5, -3), (0, 0, 1), (7, 7, -1),
                    (12, 1, -4), (-3, -9, -2), (100, 5, 7), (5, 100, 9)):
        assert compiled(a, b, c) == visits(a, b, c), (a, b, c)
    with pytest.raises(ValueError, match="must not be zero"):
        compiled(1, 5, 0)

    context = cpu_target.target_context
    context.refresh()
    state, it = types.range_state64_type, types.range_iter64_type
    assert context.get_function("getiter", signature(it, state))._imp.__name__ == ranges.range_iterator.__name__


@hooked
def test_record_type_repr_is_numbas_own_made_once():
    """Every game's record type prints as Numba prints it (envs/common/hooks.py keeps the text once
    made, since Numba rebuilds it before every compiler pass)."""
    from numba import typeof

    from frontierzoo.envs.common.hooks import NUMBA_RECORD_REPR, hooks_in_place

    for game in all_games():
        record = typeof(np.zeros(1, game.dtype)).dtype
        with hooks_in_place():
            assert repr(record) == NUMBA_RECORD_REPR(record)
            assert repr(record) is repr(record)


@pytest.mark.parametrize("reward", ["win", "vp"])
def test_the_aec_step_enters_the_drivers_machine_code_as_numbas_dispatcher_does(reward):
    """``hooks.entry_point``: after reset the env steps through the entry that Numba's dispatcher
    registered for the env's own buffers' types (with the switch, through the dispatcher), and a
    game played that way writes, step for step, what the same game through the dispatcher writes."""
    from numba.core.typing.typeof import Purpose, typeof

    for game in all_games():
        env = make(game.name, reward=reward)
        env.reset(seed=9)
        dispatcher = env._k.aec
        step_arguments = (env._buf, False, env.num_players, env._opts, np.uint64(0), 0, False, env._rew,
                          env._margins, env._obs, env._mask)
        key = tuple(typeof(a, Purpose.argument) for a in step_arguments)
        assert env._aec is (dispatcher if STOCK else dispatcher.overloads[key].entry_point)
        other = make(game.name, reward=reward)
        other.reset(seed=9)
        other._aec = dispatcher
        rng = np.random.default_rng(0)
        for _ in range(60):
            if not env.agents or env.terminations[env.agent_selection]:
                break
            a = int(rng.choice(env.legal_actions()))
            env.step(a)
            other.step(a)
            assert env._buf.tobytes() == other._buf.tobytes() and env.rewards == other.rewards
            assert np.array_equal(env._obs, other._obs) and np.array_equal(env._mask, other._mask)


@hooked
def test_kept_call_types_are_numbas_own():
    """The call types envs/common/hooks.py keeps (builtin operators, rules) are the signatures and
    implementation keys Numba's own resolution gives; a second function typed with the same calls
    reuses them, and both compute what Python computes."""
    import contextlib
    import types as pytypes

    from numba.core.targetconfig import ConfigStack

    from frontierzoo.envs.common import hooks, jit

    @jit.rule
    def scaled(x, k):
        return x * k + (x >= k)

    def body(a, k):
        total = 0
        for i in range(len(a)):
            if a[i] != 0 and not (a[i] < -5):
                total += scaled(a[i], k) % 7
            a[i] = -a[i] // 2
        return total, max(total, k), abs(-k), bool(total)

    def expected(a, k):
        total = 0
        for i in range(len(a)):
            if a[i] != 0 and not (a[i] < -5):
                total += (int(a[i]) * k + (a[i] >= k)) % 7
            a[i] = -a[i] // 2
        return total, max(total, k), abs(-k), bool(total)

    before = set(hooks._CALL_TYPES)
    first = hooks.dispatcher(body)         # not cached: typed here, in this process
    a, b = np.arange(-8, 9, dtype=np.int32), np.arange(-8, 9, dtype=np.int32)
    assert first(a, 3) == expected(b, 3) and (a == b).all()
    kept = {key: v for key, v in hooks._CALL_TYPES.items() if key not in before}
    assert any(fn.typing_key is scaled for fn, _, _, _ in kept)
    checked = 0
    for (fn, context, args, flags), (sig, impl_key) in kept.items():
        with ConfigStack().enter(flags) if flags is not None else contextlib.nullcontext():
            own = hooks.NUMBA_CALL_TYPE(fn, context, args, {})
        assert own == sig and fn._impl_keys[own.args] == impl_key, (fn.typing_key, args)
        checked += 1
    assert checked >= 8
    n_kept = len(hooks._CALL_TYPES)
    second = hooks.dispatcher(pytypes.FunctionType(body.__code__, body.__globals__, "body_again", None, body.__closure__))
    a, b = np.arange(-8, 9, dtype=np.int32), np.arange(-8, 9, dtype=np.int32)
    assert second(a, 3) == expected(b, 3) and (a == b).all()
    assert len(hooks._CALL_TYPES) == n_kept  # the same calls, typed once


def test_lowest_bit_is_the_first_member_in_python_and_compiled():
    """Rules run as plain Python too (tests settle positions that way): ``lowest_bit`` gives the
    same answer there, for Python and NumPy integers, as compiled (``tzcnt``)."""
    from numba import njit

    from frontierzoo.envs.common.bits import lowest_bit

    members = njit(lambda bits: lowest_bit(bits))
    for bits in (1, 2, 6, 0b1011000, 1 << 21, (1 << 40) | (1 << 63 - 1)):
        expect = min(k for k in range(64) if bits >> k & 1)
        assert lowest_bit(bits) == lowest_bit(np.int64(bits)) == members(bits) == expect


def test_pick_legal_is_the_kth_legal_action_for_a_uniform_k():
    """The word-at-a-time scan picks exactly the entry a one-by-one scan picks, for every k, on
    masks whose size is and is not a multiple of the word, legal entries at both ends, sparse and
    dense (whole words legal); it counts the legal entries exactly, and past the last it says -1."""
    from numba import njit

    from frontierzoo.envs.common.engine import count_legal, kth_legal, pick_legal
    from frontierzoo.envs.common.rng import randint

    @njit
    def pick_and_k(mask, n, rng):
        before = rng.copy()
        return pick_legal(mask, n, rng), randint(before, n)

    @njit
    def every_kth(mask):
        n = count_legal(mask)
        out = np.empty(n + 2, np.int64)
        for k in range(n + 2):
            out[k] = kth_legal(mask, k)
        return out

    rng = np.zeros(2, np.uint64)
    seed_rng(rng, np.uint64(11))
    draws = np.random.default_rng(0)
    for size in (1, 7, 8, 9, 16, 31, 32, 33, 64, 288, 359):
        for legal in ([0], [size - 1], sorted({0, size - 1, size // 2}), 0.3, 0.9, 1.0):
            mask = np.zeros(size, np.bool_)
            mask[legal if isinstance(legal, list) else draws.random(size) < legal] = True
            if not mask.any():
                mask[size // 3] = True
            where = np.flatnonzero(mask)
            assert every_kth(mask).tolist() == where.tolist() + [-1, -1]
            for _ in range(60):
                a, k = pick_and_k(mask, where.size, rng)
                assert a == where[k]
