/** A compiled kernel's bytes (zdd/wasm/*.wasm, built by scripts/build-wasm.mjs; bundled by esbuild's binary loader). */
declare module '*.wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
