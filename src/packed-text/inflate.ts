// fflate's inflate, loaded by ./unpack-packed-text on the first unpack. An ESM import of the
// package, so the build takes its ES module (tree-shaken to inflate) and not the CommonJS copy
// a `require('fflate')` would add.
export { inflateSync } from 'fflate';
