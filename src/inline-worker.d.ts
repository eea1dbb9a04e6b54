/** A worker entry bundled, deflated and base64-encoded by tools/build/inline-worker.mjs (see src/packed-text/unpack-packed-text.ts). */
declare module 'inline-worker:*' {
  const packed: string;
  export default packed;
}
