"""What worker.js's start-up relies on in Pyodide, checked in the installed node_modules/pyodide.

worker.js patches globalThis.fetch (every start-up download goes through it; Pyodide's own
request for pyodide.asm.wasm gets an empty stand-in Response) and
WebAssembly.instantiateStreaming (a stand-in is answered with the module compiled while it
downloaded), and hands loadPyodide a memory snapshot whose heap snapshot-diff.mjs XORs.
Each holds only while Pyodide's minified code keeps the shapes below: an upgrade that
changes one fails here, naming the patch it breaks, rather than leaving the dice waiting
in a browser. The minified names vary between builds, so the patterns capture them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

FETCH = "worker.js's globalThis.fetch patch"
INSTANTIATE = "worker.js's WebAssembly.instantiateStreaming patch"
SNAPSHOT = "worker.js's snapshot path (loadPyodide's _loadSnapshot, snapshot-diff.mjs)"

pytestmark = pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").exists(), reason="no node_modules/pyodide (npm ci installs it)"
)


def _read(name: str) -> str:
    return (PYODIDE / name).read_text(encoding="utf-8")


def check_version(installed: dict[str, str], pinned: dict[str, dict[str, str]]) -> None:
    version, pin = installed["version"], pinned["dependencies"]["pyodide"]
    assert version == pin, (
        f"node_modules/pyodide is {version}, package.json pins {pin}: "
        f"run npm ci, then check {FETCH} and {INSTANTIATE} against the version installed"
    )
    assert version.split(".")[0] == "314", (
        f"Pyodide {version}: the comments at {FETCH} and {INSTANTIATE} describe Pyodide 314; "
        "read its pyodide.mjs again and update them and this test"
    )


def check_fetch(mjs: str) -> None:
    """globalThis.fetch: Pyodide downloads through the global fetch, and only what it says."""
    browser = re.search(
        r"function (\w+)\((\w+),(\w+)\)\{let (\w+)=new URL\(\2,location\);"
        r"return\{response:fetch\(\4,\3\?\{integrity:\3\}:\{\}\)\}\}",
        mjs,
    )
    assert browser and f'({browser.group(1)},"browser_getBinaryResponse")' in mjs, (
        f"{FETCH}: Pyodide's browser_getBinaryResponse no longer calls the global "
        "fetch(new URL(url, location), init) for its binary files"
    )
    assert not re.search(
        r"[=:(,]\s*(?:globalThis\.|self\.)?fetch(?:\.bind\([^)]*\))?\s*[,;)}]", mjs
    ), f"{FETCH}: pyodide.mjs keeps a reference to fetch instead of looking it up when it downloads"
    assert re.search(r'let\{binary:\w+,response:\w+\}=\w+\(\w+\+"pyodide\.asm\.wasm"\)', mjs), (
        f'{FETCH}: Pyodide no longer fetches its wasm as <indexURL> + "pyodide.asm.wasm" '
        "(worker.js's wasmURL), so its request would not get the stand-in"
    )
    assert re.search(
        r'(\w+)\.stdLibURL!=null\?(\w+)=\1\.stdLibURL:\2=\1\.indexURL\+"python_stdlib\.zip"', mjs
    ), (
        f"{FETCH}: Pyodide no longer downloads the standard library from stdLibURL (worker.js "
        'gives EMPTY_ZIP on the snapshot path) or else <indexURL> + "python_stdlib.zip"'
    )
    assert re.search(
        r'!(\w+)\.lockFileContents\)\{let \w+=\1\.lockFileURL\?\?\w+\+"pyodide-lock\.json"', mjs
    ), (
        f"{FETCH}: Pyodide no longer skips fetching pyodide-lock.json when given lockFileContents "
        "(worker.js downloads the lock gzipped, as pyodide-lock.json.gz, itself)"
    )
    assert re.search(
        r"if\((\w+)\.createPyodideModule\)return \1\.createPyodideModule;"
        r"let (\w+)=`\$\{\1\.indexURL\}pyodide\.asm\.mjs`",
        mjs,
    ), (
        f"{FETCH}: Pyodide no longer takes createPyodideModule instead of importing "
        "<indexURL>pyodide.asm.mjs (worker.js imports pyodide.asm.mjs itself, as it starts)"
    )


def check_instantiate(mjs: str, asm: str) -> None:
    """WebAssembly.instantiateStreaming: handed the very fetch promise for pyodide.asm.wasm."""
    wasm = re.search(
        r'let\{binary:(\w+),response:(\w+)\}=\w+\(\w+\+"pyodide\.asm\.wasm"\)(.{0,400}?)'
        r'o\((\w+),"getInstantiateWasmFunc"\)',
        mjs,
        re.DOTALL,
    )
    assert wasm, (
        f"{INSTANTIATE}: Pyodide's getInstantiateWasmFunc no longer fetches pyodide.asm.wasm"
    )
    response, body = wasm.group(2), wasm.group(3)
    streaming = re.search(
        rf"{response}\?(\w+)=await WebAssembly\.instantiateStreaming\({response},\w+\)", body
    )
    assert streaming, (
        f"{INSTANTIATE}: Pyodide no longer passes the promise fetch returned for "
        "pyodide.asm.wasm to WebAssembly.instantiateStreaming(response, imports), looked up "
        "on WebAssembly when it is called, so the stand-in Response would not reach the patch"
    )
    assert re.search(rf"let\{{instance:\w+,module:\w+\}}={streaming.group(1)}", body), (
        f"{INSTANTIATE}: Pyodide no longer reads {{ instance, module }} from "
        "instantiateStreaming's answer, which is what the patch answers"
    )
    assert f"instantiateWasm:{wasm.group(4)}(" in mjs, (
        f"{INSTANTIATE}: Pyodide no longer gives Emscripten its getInstantiateWasmFunc as "
        "instantiateWasm"
    )
    assert 'if(Module["instantiateWasm"])' in asm, (
        f"{INSTANTIATE}: pyodide.asm.mjs no longer defers to Module.instantiateWasm, so "
        "Emscripten would fetch and instantiate the wasm its own way"
    )


def check_snapshot(mjs: str, asm: str) -> None:
    """The snapshot: bytes promised to _loadSnapshot; its heap where snapshot-diff.mjs finds it."""
    assert re.search(
        r"let (\w+)=await (\w+)\._loadSnapshot,"
        r"(\w+)=ArrayBuffer\.isView\(\1\)\?\1:new Uint8Array\(\1\)",
        mjs,
    ), (
        f"{SNAPSHOT}: loadPyodide no longer awaits _loadSnapshot as a promise of a Uint8Array "
        "(worker.js passes the snapshot while it still downloads)"
    )
    assert re.search(
        r"return (\w+)\.noInitialRun=!0,\1\.INITIAL_MEMORY=(\w+)\.length,\2\}"
        r"\w+\(\w+,\"prepareSnapshot\"\)",
        mjs,
    ), (
        f"{SNAPSHOT}: loadPyodide no longer sizes the heap by the length of the view "
        "_loadSnapshot gives (worker.js hands it the buffer before the snapshot is unpacked)"
    )
    order = re.search(
        r"(\w+)=await (\w+)\((\w+),(\w+)\),(\w+)=await (\w+)\((\w+),\4\);"
        r"\w+\(\5,\3\);let \w+=(\w+)\(\5,\1,\3\)",
        mjs,
    )
    runs = order and re.search(
        rf"async function {order.group(6)}\((\w+),(\w+)\)\{{let \w+=await \1\(\2\);", mjs
    )
    restores = order and re.search(
        rf"function {order.group(8)}\((\w+),(\w+),\w+\)\{{let \w+=\1\.API,\w+;"
        rf"return \2&&\(\w+=\w+\.restoreSnapshot\(\2\)\)",
        mjs,
    )
    assert order and runs and restores, (
        f"{SNAPSHOT}: loadPyodide no longer awaits createPyodideModule(settings) and then, "
        "with no wait between, copies the snapshot into the heap (worker.js's module factory "
        "answers only once the snapshot is unpacked into the view it gave)"
    )
    restore = re.search(
        r"API\.restoreSnapshot=function\((\w+)\)\{let (\w+)=new Uint32Array\(\1\.buffer,"
        r"\1\.byteOffset,\1\.byteLength/4\);(.{0,400}?)Module\.HEAP8\.set\(\1\)",
        asm,
        re.DOTALL,
    )
    assert restore, f"{SNAPSHOT}: Pyodide's restoreSnapshot no longer reads the header it did"
    snapshot, header, body = restore.groups()
    heap = re.search(rf"let (\w+)={header}\[1\]", body)
    assert heap and f"{snapshot}={snapshot}.subarray({heap.group(1)})" in body, (
        f"{SNAPSHOT}: the heap no longer starts at the offset in the snapshot's second 32-bit "
        "word (snapshot-diff.mjs reads getUint32(4) to find it)"
    )
    # worker.js's view holds only the header and answers subarray() from the snapshot's
    # bytes: between the header's read through .buffer and the copy into the heap,
    # restoreSnapshot may read the view by subarray() alone.
    uses = re.findall(rf"(?<![\w.]){snapshot}(?!\w)(.?.{{0,9}})", body)
    assert all(use.startswith((".subarray(", "=")) for use in uses), (
        f"{SNAPSHOT}: restoreSnapshot reads the view otherwise than by subarray() "
        f"({uses}); worker.js's ArrivingSnapshot answers only that from the bytes that arrived"
    )


def test_pyodide_installed_is_the_pinned_314() -> None:
    check_version(
        json.loads(_read("package.json")),
        json.loads((ROOT / "package.json").read_text(encoding="utf-8")),
    )


def test_fetch_patch_still_sees_pyodides_downloads() -> None:
    check_fetch(_read("pyodide.mjs"))


def test_instantiate_streaming_patch_still_gets_pyodides_wasm() -> None:
    check_instantiate(_read("pyodide.mjs"), _read("pyodide.asm.mjs"))


def test_snapshot_still_loads_as_worker_js_passes_it() -> None:
    check_snapshot(_read("pyodide.mjs"), _read("pyodide.asm.mjs"))


# Each check can fail: a copy of Pyodide's code with one of the shapes changed, as an
# upgrade might change it, fails the check of the patch it would break.
@pytest.mark.parametrize(
    ("old", "new", "patch"),
    [
        ("return{response:fetch(", "return{response:globalThis.myFetch(", FETCH),
        ('+"pyodide.asm.wasm")', '+"pyodide.wasm")', FETCH),
        ('.indexURL+"python_stdlib.zip"', '.indexURL+"stdlib.zip"', FETCH),
        ("!e.lockFileContents)", "!e.lockFile)", FETCH),
        ("if(e.createPyodideModule)", "if(e.moduleFactory)", FETCH),
        ("var _;", "var _,F=fetch;", FETCH),
    ],
)
def test_a_changed_download_fails_the_fetch_check(old: str, new: str, patch: str) -> None:
    mjs = _read("pyodide.mjs")
    assert old in mjs
    with pytest.raises(AssertionError, match=re.escape(patch)):
        check_fetch(mjs.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("await WebAssembly.instantiateStreaming(n,s)", "await WebAssembly.instantiate(await n,s)"),
        ("let{instance:d,module:u}=l", "let{instance:d}=l,u=d.module"),
        ("instantiateWasm:Ie(", "instantiateWasmLater:Ie("),
    ],
)
def test_a_changed_instantiation_fails_the_instantiate_check(old: str, new: str) -> None:
    mjs = _read("pyodide.mjs")
    assert old in mjs
    with pytest.raises(AssertionError, match=re.escape(INSTANTIATE)):
        check_instantiate(mjs.replace(old, new, 1), _read("pyodide.asm.mjs"))


def test_a_view_read_by_index_fails_the_snapshot_check() -> None:
    asm = _read("pyodide.asm.mjs")
    old = "let i=t.subarray(Ze,Ze+n);"
    assert old in asm
    with pytest.raises(AssertionError, match="otherwise than by subarray"):
        check_snapshot(_read("pyodide.mjs"), asm.replace(old, "let i=t.slice(Ze,Ze+n);", 1))


def test_a_moved_heap_fails_the_snapshot_check() -> None:
    asm = _read("pyodide.asm.mjs")
    old = "let r=e[1],n=e[2]"
    assert old in asm
    with pytest.raises(AssertionError, match=re.escape(SNAPSHOT)):
        check_snapshot(_read("pyodide.mjs"), asm.replace(old, "let r=e[3],n=e[2]", 1))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("t.INITIAL_MEMORY=i.length", "t.INITIAL_MEMORY=i.byteLength*2"),
        ("Fe(r,t);let a=Ae(r,s,t)", "Fe(r,t);await 0;let a=Ae(r,s,t)"),
        ("let n=await e(t);if(t.exitCode", "let n=e(t);if(t.exitCode"),
        ("return t&&(s=i.restoreSnapshot(t))", "return t&&(s=i.restoreSnapshotLater(t))"),
    ],
)
def test_a_changed_snapshot_order_fails_the_snapshot_check(old: str, new: str) -> None:
    mjs = _read("pyodide.mjs")
    assert old in mjs
    with pytest.raises(AssertionError, match=re.escape(SNAPSHOT)):
        check_snapshot(mjs.replace(old, new, 1), _read("pyodide.asm.mjs"))


def test_an_unpinned_pyodide_fails_the_version_check() -> None:
    with pytest.raises(AssertionError, match=re.escape(FETCH)):
        check_version({"version": "315.0.0"}, {"dependencies": {"pyodide": "314.0.7"}})


ZSTD_GLUE = ROOT / "node_modules" / "@bokuweb" / "zstd-wasm" / "dist" / "web" / "zstd.js"
DECODER = "unzstd.mjs's use of Zstandard's Emscripten glue"


def check_zstd_glue(glue: str) -> None:
    """unzstd.mjs: the glue defers to Module.instantiateWasm, and exports what it calls."""
    assert re.search(
        r"if \(Module\['instantiateWasm'\]\) \{\s*try \{\s*var exports = "
        r"Module\['instantiateWasm'\]\(info, receiveInstance\);",
        glue,
    ), f"{DECODER}: init no longer defers to Module.instantiateWasm(imports, receiveInstance)"
    called = ("_ZSTD_createDCtx", "_ZSTD_decompress_usingDict", "_ZSTD_isError")
    for name in ("_malloc", "_free", *called):
        assert f"Module['{name}'] =" in glue, f"{DECODER}: Module.{name} is no longer exported"
    assert "Module['HEAPU8'] = HEAPU8" in glue and "Module['init'] = init;" in glue, (
        f"{DECODER}: Module.HEAPU8 or Module.init is gone"
    )


@pytest.mark.skipif(not ZSTD_GLUE.exists(), reason="no node_modules/@bokuweb (npm ci installs it)")
def test_the_zstd_glue_still_takes_the_decoder_as_unzstd_gives_it() -> None:
    check_zstd_glue(ZSTD_GLUE.read_text(encoding="utf-8"))


def test_a_glue_that_instantiates_on_its_own_fails_the_decoder_check() -> None:
    glue = ZSTD_GLUE.read_text(encoding="utf-8")
    with pytest.raises(AssertionError, match=re.escape(DECODER)):
        check_zstd_glue(glue.replace("if (Module['instantiateWasm'])", "if (false)"))
