// @ts-check
// Zstandard frames decoded in the worker: the runtime's two large files (the wasm and the
// memory snapshot) are stored as .zst, a third smaller than gzip (scripts/tasks.py
// SQUEEZED), and no browser's DecompressionStream reads them. The decoder is Zstandard's
// own, compiled to WebAssembly (npm @bokuweb/zstd-wasm, copied into the runtime folder
// by scripts/tasks.py): its Emscripten glue (zstd.js) loads zstd.wasm and exports Module.

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd]; // a Zstandard frame's first four bytes

/** @param {Uint8Array} bytes */
export const isFrame = (bytes) => MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * @typedef {{ next(frame: Uint8Array, size: number): Uint8Array<ArrayBuffer>, end(): Uint8Array<ArrayBuffer> }} Frames
 * @typedef {((frame: Uint8Array, size: number, into?: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>) & { frames(total: number, dictionary: number): Frames }} Decoder
 */

/**
 * The decoder, once its module is loaded: a function that decodes one frame of
 * ``size`` bytes into ``into`` (a new buffer of that size unless given).
 * @param {URL} runtime the runtime folder (zstd.js, and zstd.wasm unless ``compiled``)
 * @param {Promise<WebAssembly.Module>} [compiled] zstd.wasm, compiled elsewhere
 * @returns {Promise<Decoder>}
 */
export async function zstdDecoder(runtime, compiled) {
  const { Module } = await import(new URL("zstd.js", runtime).href);
  await new Promise((resolve, reject) => {
    Module.onRuntimeInitialized = resolve;
    // Relies on the glue's init (Emscripten's) deferring to Module.instantiateWasm(imports,
    // receiveInstance) when given one: left to itself, a failed download of zstd.wasm
    // is only logged, and the decoder never says it is ready or that it is not.
    Module.instantiateWasm = (/** @type {WebAssembly.Imports} */ imports, /** @type {(instance: WebAssembly.Instance, module: WebAssembly.Module) => void} */ receive) => {
      const module = compiled ?? WebAssembly.compileStreaming(fetch(new URL("zstd.wasm", runtime)));
      module
        .then(async (module) => receive(await WebAssembly.instantiate(module, imports), module))
        .catch((error) => reject(new Error(`zstd.wasm could not be loaded (${error.message || error})`)));
      return {};
    };
    Module.init();
  });
  // A frame decoded into ``size`` bytes of the decoder's memory at ``target``, with the
  // ``dictionarySize`` bytes at ``dictionary`` as a raw-content dictionary (none if 0).
  const context = Module._ZSTD_createDCtx();
  if (!context) throw new Error("no memory to decode in");
  const decodeInto = (/** @type {Uint8Array} */ frame, /** @type {number} */ target, /** @type {number} */ size, dictionary = 0, dictionarySize = 0) => {
    const source = Module._malloc(frame.length);
    try {
      if (!source) throw new Error("no memory to decode in");
      Module.HEAPU8.set(frame, source); // (the views are current after a malloc grows memory)
      const decoded = Module._ZSTD_decompress_usingDict(context, target, size, source, frame.length, dictionary, dictionarySize);
      if (Module._ZSTD_isError(decoded)) throw new Error("not a Zstandard frame it can read");
      if (decoded !== size) throw new Error(`${decoded} bytes decoded, ${size} expected`);
    } finally {
      Module._free(source);
    }
  };
  const decode = (/** @type {Uint8Array} */ frame, /** @type {number} */ size, into = new Uint8Array(size)) => {
    if (into.length !== size) throw new Error(`a buffer of ${into.length} bytes for ${size}`);
    const target = Module._malloc(size);
    try {
      if (!target) throw new Error("no memory to decode in");
      decodeInto(frame, target, size);
      into.set(Module.HEAPU8.subarray(target, target + size));
      return into;
    } finally {
      Module._free(target);
    }
  };
  return Object.assign(decode, {
    /**
     * A file stored as several frames (scripts/tasks.py STREAMED), decoded a frame at a
     * time as it arrives: each frame after the first with the ``dictionary`` bytes
     * decoded before it as a raw-content dictionary. ``next(frame, size)`` answers that
     * frame's bytes decoded (a copy); ``end()`` the whole file's, and frees the memory.
     * @param {number} total the file's size decoded
     * @param {number} dictionary
     */
    frames(total, dictionary) {
      const out = Module._malloc(total);
      if (!out) throw new Error("no memory to decode in");
      let at = 0;
      return {
        /**
         * @param {Uint8Array} frame
         * @param {number} size
         * @returns {Uint8Array<ArrayBuffer>}
         */
        next(frame, size) {
          if (at + size > total) throw new Error(`a frame past the file's ${total} bytes`);
          const from = Math.max(0, at - dictionary);
          decodeInto(frame, out + at, size, out + from, at - from);
          at += size;
          return Module.HEAPU8.slice(out + at - size, out + at);
        },
        /** @returns {Uint8Array<ArrayBuffer>} */
        end() {
          try {
            if (at !== total) throw new Error(`${at} bytes decoded, ${total} expected`);
            return Module.HEAPU8.slice(out, out + total);
          } finally {
            Module._free(out);
          }
        },
      };
    },
  });
}