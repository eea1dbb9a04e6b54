/** A worker entry bundled, deflated and base64-encoded by esbuild.inline-worker.mjs (see unpack-worker-source.ts). */
declare module 'inline-worker:*' {
  const packed: string;
  export default packed;
}
