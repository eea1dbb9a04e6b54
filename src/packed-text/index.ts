// Text main.js carries deflated and Z85-encoded, unpacked on first use: the indexing worker's
// script and the string tables. Neutral ground, so src/i18n and src/search need not import each
// other for it (no import cycle in src: tests/build/no-import-cycles.test.ts).
export { unpackPackedText } from './unpack-packed-text';
