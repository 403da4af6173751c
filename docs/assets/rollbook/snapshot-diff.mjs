// @ts-check
// The memory snapshot, stored as its difference from what the wasm itself puts in memory.
//
// A Pyodide memory snapshot is a header and then the whole heap, and about 3 MB of that
// heap are the wasm's data segments (Python's static data), unchanged since start-up and
// already downloaded once inside pyodide.asm.wasm. XOR-ing them out of the snapshot
// leaves zeros there, which gzip shrinks to nothing. The same function puts them back.
// Used by scripts/snapshot.mjs (Node, at build time) and worker.js (the browser); .mjs
// so that Node reads it as a module.

/**
 * @param {Uint8Array} bytes
 * @param {number} at
 * @returns {[number, number]} the value, and where the bytes after it begin
 */
function leb128(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

// The active data segments of a wasm module: [[address, bytes], ...] (the bytes copied
// out of ``wasm`` if ``copied``, so that they outlive its buffer being handed on).
/**
 * @param {Uint8Array} wasm
 * @param {boolean} [copied]
 */
export function dataSegments(wasm, copied = false) {
  /** @type {[number, Uint8Array][]} */
  const segments = [];
  let at = 8; // magic and version
  while (at < wasm.length) {
    const id = wasm[at++];
    let size;
    [size, at] = leb128(wasm, at);
    const end = at + size;
    if (id === 11) {
      let count;
      [count, at] = leb128(wasm, at);
      for (let i = 0; i < count; i++) {
        let flags;
        [flags, at] = leb128(wasm, at);
        if (flags === 2) [, at] = leb128(wasm, at); // memory index
        let address = null;
        if (flags !== 1) {
          // An offset that is a constant: i32.const N end (N a signed LEB128).
          if (wasm[at] !== 0x41) throw new Error("snapshot-diff: a data segment's offset is not a constant");
          let shift = 0;
          address = 0;
          let byte;
          at++;
          do {
            byte = wasm[at++];
            address |= (byte & 0x7f) << shift;
            shift += 7;
          } while (byte & 0x80);
          if (shift < 32 && byte & 0x40) address |= -1 << shift;
          if (wasm[at++] !== 0x0b) throw new Error("snapshot-diff: a data segment's offset is not a constant");
        }
        let length;
        [length, at] = leb128(wasm, at);
        if (address !== null) segments.push([address >>> 0, copied ? wasm.slice(at, at + length) : wasm.subarray(at, at + length)]);
        at += length;
      }
    }
    at = end;
  }
  return segments;
}

// XOR the wasm's data segments into a snapshot's heap, in place: once to store it,
// once more to restore it.
/**
 * @param {Uint8Array} snapshot
 * @param {Uint8Array} wasm
 */
export function xorDataSegments(snapshot, wasm) {
  return xorSegments(snapshot, dataSegments(wasm));
}

// The same, given the segments (dataSegments): four bytes at a time, since it runs
// before its loop is optimised, as a worker starts.
/**
 * @param {Uint8Array} snapshot
 * @param {[number, Uint8Array][]} segments
 */
export function xorSegments(snapshot, segments) {
  const into = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  const heap = into.getUint32(4, true);
  for (const [address, bytes] of segments) {
    const start = heap + address;
    if (start + bytes.length > snapshot.length) throw new Error("snapshot-diff: a data segment lies past the heap");
    const from = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let i = 0;
    for (; i + 4 <= bytes.length; i += 4) into.setUint32(start + i, into.getUint32(start + i, true) ^ from.getUint32(i, true), true);
    for (; i < bytes.length; i++) snapshot[start + i] ^= bytes[i];
  }
  return snapshot;
}
