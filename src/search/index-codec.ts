import { GrowableUint32 } from './growable';
import { IndexCore, noteTitle, type NoteRecord, type PassageColumns } from './index-core';
import { PostingStore, type PostingSegment } from './posting-store';
import { parseLanguageTag } from './language/detect-language';
import type { Language } from './language/language-profiles';
import { TermDictionary } from './term-dictionary';

/** "GBX" + format version. Bump on any layout change; old data is then rebuilt, never misread. */
const MAGIC = 0x04584247;

interface Header {
  readonly notes: number;
  readonly livePassages: number;
  readonly liveTokens: number;
  /** Byte length of each section, in {@link SECTIONS} order. */
  readonly sections: number[];
}

/**
 * The sections after the header. Text sections are UTF-8: `terms` and `paths` joined with
 * newlines (neither can contain one), and one block per note list (aliases, tags, headings,
 * links) with notes separated by U+0002 and items by U+0001. Number sections are raw
 * little-endian typed arrays. Columns instead of JSON objects: loading 20,000 notes is a few
 * native string splits rather than a JSON parse that builds 100,000 small objects.
 */
const SECTIONS = [
  'terms',
  'paths',
  'aliases',
  'tags',
  'headings',
  'links',
  'languages',
  'mtime',
  'size',
  'firstPassage',
  'passageCount',
  'bodyStart',
  'bodyDocs',
  'bodyValues',
  'fieldStart',
  'fieldDocs',
  'fieldValues',
  'passageNote',
  'passageStart',
  'passageEnd',
  'passageLength',
  'passageHeading',
] as const;

const NOTE_SEPARATOR = '\u0002';
const ITEM_SEPARATOR = '\u0001';
// eslint-disable-next-line no-control-regex -- exactly the two separator characters
const SEPARATORS = /[\u0001\u0002\n]/g;

const pad8 = (length: number): number => (length + 7) & ~7;

function bytesOf(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function joinLists(lists: readonly (readonly string[])[]): string {
  return lists.map((items) => items.map((item) => item.replace(SEPARATORS, ' ')).join(ITEM_SEPARATOR)).join(NOTE_SEPARATOR);
}

function splitItems(items: string): string[] {
  return items === '' ? [] : items.split(ITEM_SEPARATOR);
}

/**
 * A note record read from disk. Its lists stay joined until first asked for: most are never
 * needed (search reads titles and paths; tags and links only the tag and link tools), and
 * splitting 80,000 small strings up front was most of the load time.
 */
class LoadedNoteRecord implements NoteRecord {
  alive = true;
  private lists: (string | string[])[];

  constructor(
    readonly path: string,
    readonly title: string,
    readonly mtime: number,
    readonly size: number,
    lists: [aliases: string, tags: string, headings: string, links: string],
    readonly firstPassage: number,
    readonly passageCount: number,
    readonly language: Language | undefined,
  ) {
    this.lists = lists;
  }

  get aliases(): readonly string[] {
    return this.list(0);
  }

  get tags(): readonly string[] {
    return this.list(1);
  }

  get headings(): readonly string[] {
    return this.list(2);
  }

  get links(): readonly string[] {
    return this.list(3);
  }

  private list(index: number): string[] {
    const value = this.lists[index];
    if (typeof value !== 'string') return value;
    const items = splitItems(value);
    this.lists[index] = items;
    return items;
  }
}

/**
 * Encodes a compacted index: a tiny JSON header, then the sections of {@link SECTIONS}, each
 * 8-byte aligned so that loading makes zero-copy typed-array views.
 */
export function encodeIndex(core: IndexCore): Uint8Array {
  const encoder = new TextEncoder();
  const notes = core.notes;
  const body = core.body.current;
  const fields = core.fields.current;
  const columns = core.passages;
  const parts: Uint8Array[] = [
    encoder.encode(core.dictionary.terms().join('\n')),
    encoder.encode(notes.map((note) => note.path).join('\n')),
    encoder.encode(joinLists(notes.map((note) => note.aliases))),
    encoder.encode(joinLists(notes.map((note) => note.tags))),
    encoder.encode(joinLists(notes.map((note) => note.headings))),
    encoder.encode(joinLists(notes.map((note) => note.links))),
    encoder.encode(notes.map((note) => note.language ?? '').join('\n')),
    bytesOf(Float64Array.from(notes, (note) => note.mtime)),
    bytesOf(Float64Array.from(notes, (note) => note.size)),
    bytesOf(Uint32Array.from(notes, (note) => note.firstPassage)),
    bytesOf(Uint32Array.from(notes, (note) => note.passageCount)),
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
  const header: Header = { notes: notes.length, livePassages: core.livePassages, liveTokens: core.liveTokens, sections: parts.map((part) => part.byteLength) };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const total = 16 + pad8(headerBytes.byteLength) + parts.reduce((sum, part) => sum + pad8(part.byteLength), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, headerBytes.byteLength, true);
  view.setUint32(8, total, true);
  out.set(headerBytes, 16);
  let offset = 16 + pad8(headerBytes.byteLength);
  for (const part of parts) {
    out.set(part, offset);
    offset += pad8(part.byteLength);
  }
  return out;
}

/** Decodes {@link encodeIndex}'s output; null when the bytes are not a complete index of this format. */
export function decodeIndex(input: Uint8Array): IndexCore | null {
  try {
    // Typed-array views need aligned offsets; a Node Buffer slice may not have them.
    const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
    if (bytes.byteLength < 16) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint32(0, true) !== MAGIC || view.getUint32(8, true) !== bytes.byteLength) return null;
    const headerLength = view.getUint32(4, true);
    const decoder = new TextDecoder();
    const header = JSON.parse(decoder.decode(bytes.subarray(16, 16 + headerLength))) as Header;
    if (header.sections.length !== SECTIONS.length) return null;
    let offset = bytes.byteOffset + 16 + pad8(headerLength);
    let next = 0;
    const take = (): { at: number; length: number } => {
      const at = offset;
      const length = header.sections[next++];
      offset += pad8(length);
      if (offset > bytes.byteOffset + bytes.byteLength + 8) throw new RangeError('Truncated index');
      return { at, length };
    };
    const text = (): string => {
      const { at, length } = take();
      return decoder.decode(new Uint8Array(bytes.buffer, at, length));
    };
    const u32 = (): Uint32Array => {
      const { at, length } = take();
      return new Uint32Array(bytes.buffer, at, length / 4);
    };
    const u16 = (): Uint16Array => {
      const { at, length } = take();
      return new Uint16Array(bytes.buffer, at, length / 2);
    };
    const f64 = (): Float64Array => {
      const { at, length } = take();
      return new Float64Array(bytes.buffer, at, length / 8);
    };
    const termsText = text();
    const terms = termsText.length === 0 ? [] : termsText.split('\n');
    const count = header.notes;
    const pathsText = text();
    const paths = count === 0 ? [] : pathsText.split('\n');
    const split = (joined: string): string[] => (count === 0 ? [] : joined.split(NOTE_SEPARATOR));
    const [aliases, tags, headings, links] = [split(text()), split(text()), split(text()), split(text())];
    const languagesText = text();
    const languages = count === 0 ? [] : languagesText.split('\n');
    const [mtime, size, firstPassage, passageCount] = [f64(), f64(), u32(), u32()];
    const body: PostingSegment = { termStart: u32(), docs: u32(), values: u16() };
    const fields: PostingSegment = { termStart: u32(), docs: u32(), values: u16() };
    const passages: PassageColumns = {
      note: GrowableUint32.from(u32()),
      start: GrowableUint32.from(u32()),
      end: GrowableUint32.from(u32()),
      length: GrowableUint32.from(u32()),
      heading: GrowableUint32.from(u32()),
    };
    const lists = [paths, aliases, tags, headings, links, languages, mtime, size, firstPassage, passageCount];
    if (lists.some((list) => list.length !== count)) return null;
    if (body.termStart.length !== terms.length + 1 || fields.termStart.length !== terms.length + 1) return null;
    const core = new IndexCore();
    core.dictionary = TermDictionary.fromTerms(terms);
    core.body = PostingStore.fromSegment(body);
    core.fields = PostingStore.fromSegment(fields);
    core.passages = passages;
    const notes: NoteRecord[] = new Array<NoteRecord>(count);
    for (let id = 0; id < count; id += 1) {
      const path = paths[id];
      const language = parseLanguageTag(languages[id]);
      notes[id] = new LoadedNoteRecord(path, noteTitle(path), mtime[id], size[id], [aliases[id], tags[id], headings[id], links[id]], firstPassage[id], passageCount[id], language);
      core.byPath.set(path, id);
      core.countLanguage(language, 1);
    }
    core.notes = notes;
    core.livePassages = header.livePassages;
    core.liveTokens = header.liveTokens;
    core.liveNotes = count;
    return core;
  } catch {
    return null;
  }
}
