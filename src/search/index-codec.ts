import { GrowableUint32 } from './growable';
import { IndexCore, type NoteRecord, type PassageColumns } from './index-core';
import { PostingStore, type PostingSegment } from './posting-store';
import { TermDictionary } from './term-dictionary';

/** "GBX" + format version. Bump on any layout change; old data is then rebuilt, never misread. */
const MAGIC = 0x01584247;

type NoteRow = [path: string, mtime: number, size: number, aliases: string[], tags: string[], headings: string[], links: string[], firstPassage: number, passageCount: number];

interface Header {
  readonly notes: NoteRow[];
  readonly livePassages: number;
  readonly liveTokens: number;
  /** Byte length of each binary section, in {@link SECTIONS} order. */
  readonly sections: number[];
}

const SECTIONS = ['terms', 'bodyStart', 'bodyDocs', 'bodyValues', 'fieldStart', 'fieldDocs', 'fieldValues', 'passageNote', 'passageStart', 'passageEnd', 'passageLength', 'passageHeading'] as const;

const pad4 = (length: number): number => (length + 3) & ~3;

/**
 * Encodes a compacted index: a small JSON header (notes and section sizes), the terms as one
 * newline-joined UTF-8 block, then the posting and passage arrays as raw little-endian typed
 * arrays, each 4-byte aligned so loading is a set of zero-copy views.
 */
export function encodeIndex(core: IndexCore): Uint8Array {
  const encoder = new TextEncoder();
  const body = core.body.current;
  const fields = core.fields.current;
  const columns = core.passages;
  const parts: Uint8Array[] = [
    encoder.encode(core.dictionary.terms().join('\n')),
    bytesOf(body.termStart),
    bytesOf(body.docs),
    bytesOf(body.values),
    bytesOf(fields.termStart),
    bytesOf(fields.docs),
    bytesOf(fields.values),
    bytesOf(columns.note.toArray()),
    bytesOf(columns.start.toArray()),
    bytesOf(columns.end.toArray()),
    bytesOf(columns.length.toArray()),
    bytesOf(columns.heading.toArray()),
  ];
  const header: Header = {
    notes: core.notes.map((note) => [note.path, note.mtime, note.size, [...note.aliases], [...note.tags], [...note.headings], [...note.links], note.firstPassage, note.passageCount]),
    livePassages: core.livePassages,
    liveTokens: core.liveTokens,
    sections: parts.map((part) => part.byteLength),
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const total = 12 + pad4(headerBytes.byteLength) + parts.reduce((sum, part) => sum + pad4(part.byteLength), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, headerBytes.byteLength, true);
  view.setUint32(8, total, true);
  out.set(headerBytes, 12);
  let offset = 12 + pad4(headerBytes.byteLength);
  for (const part of parts) {
    out.set(part, offset);
    offset += pad4(part.byteLength);
  }
  return out;
}

function bytesOf(array: Uint32Array | Uint16Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Decodes {@link encodeIndex}'s output; null when the bytes are not a complete index of this format. */
export function decodeIndex(input: Uint8Array): IndexCore | null {
  try {
    // Typed-array views need 4-byte alignment; a Node Buffer slice may not have it.
    const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
    if (bytes.byteLength < 12) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint32(0, true) !== MAGIC || view.getUint32(8, true) !== bytes.byteLength) return null;
    const headerLength = view.getUint32(4, true);
    const decoder = new TextDecoder();
    const header = JSON.parse(decoder.decode(bytes.subarray(12, 12 + headerLength))) as Header;
    if (header.sections.length !== SECTIONS.length) return null;
    let offset = bytes.byteOffset + 12 + pad4(headerLength);
    const section = <T>(index: number, make: (buffer: ArrayBufferLike, at: number, length: number) => T, width: number): T => {
      const at = offset;
      const length = header.sections[index];
      offset += pad4(length);
      return make(bytes.buffer, at, length / width);
    };
    const u32 = (index: number): Uint32Array => section(index, (buffer, at, length) => new Uint32Array(buffer, at, length), 4);
    const u16 = (index: number): Uint16Array => section(index, (buffer, at, length) => new Uint16Array(buffer, at, length), 2);
    const termsBytes = section(0, (buffer, at, length) => new Uint8Array(buffer, at, length), 1);
    const termsText = decoder.decode(termsBytes);
    const terms = termsText.length === 0 ? [] : termsText.split('\n');
    const body: PostingSegment = { termStart: u32(1), docs: u32(2), values: u16(3) };
    const fields: PostingSegment = { termStart: u32(4), docs: u32(5), values: u16(6) };
    const passages: PassageColumns = {
      note: GrowableUint32.from(u32(7)),
      start: GrowableUint32.from(u32(8)),
      end: GrowableUint32.from(u32(9)),
      length: GrowableUint32.from(u32(10)),
      heading: GrowableUint32.from(u32(11)),
    };
    if (body.termStart.length !== terms.length + 1 || fields.termStart.length !== terms.length + 1) return null;
    const core = new IndexCore();
    core.dictionary = TermDictionary.fromTerms(terms);
    core.body = PostingStore.fromSegment(body);
    core.fields = PostingStore.fromSegment(fields);
    core.passages = passages;
    core.notes = header.notes.map(([path, mtime, size, aliases, tags, headings, links, firstPassage, passageCount]): NoteRecord => {
      const title = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
      return { path, title, mtime, size, aliases, tags, headings, links, firstPassage, passageCount, alive: true };
    });
    core.notes.forEach((note, id) => core.byPath.set(note.path, id));
    core.livePassages = header.livePassages;
    core.liveTokens = header.liveTokens;
    core.liveNotes = core.notes.length;
    return core;
  } catch {
    return null;
  }
}
