/**
 * The small part of YAML the frontmatter needs: writing one-line scalars that any YAML reader
 * (Obsidian's included) reads back as the same string, and reading the scalars people write.
 */

const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_.\-/+]*$/;
const RESERVED_WORDS = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~']);

/** A string as a YAML scalar: plain when nothing could misread it, otherwise double-quoted. */
export function yamlString(value: string): string {
  if (PLAIN_SAFE.test(value) && !RESERVED_WORDS.has(value.toLowerCase())) return value;
  return yamlDoubleQuoted(value);
}

/**
 * A double-quoted YAML scalar. Non-Latin text stays readable; only what YAML forbids or
 * normalises (controls, line and paragraph separators, a BOM, lone surrogates) is escaped.
 */
export function yamlDoubleQuoted(value: string): string {
  let out = '"';
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x09) out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0xfeff) out += unicodeEscape(code);
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[index] + value[index + 1];
        index += 1;
      } else out += unicodeEscape(code);
    } else if (code >= 0xdc00 && code <= 0xdfff) out += unicodeEscape(code);
    else out += value[index];
  }
  return `${out}"`;
}

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};

/** Reads a one-line YAML scalar as a string (quotes removed, escapes decoded, a trailing comment dropped); null when malformed. */
export function readYamlString(source: string): string | null {
  const text = source.trim();
  if (text.startsWith('"')) return readDoubleQuoted(text);
  if (text.startsWith("'")) {
    let out = '';
    for (let index = 1; index < text.length; index += 1) {
      if (text[index] !== "'") out += text[index];
      else if (text[index + 1] === "'") {
        out += "'";
        index += 1;
      } else return text.slice(index + 1).trim() === '' || text.slice(index + 1).trim().startsWith('#') ? out : null;
    }
    return null;
  }
  const comment = text.search(/\s#/);
  return (comment >= 0 ? text.slice(0, comment) : text).trim();
}

function readDoubleQuoted(text: string): string | null {
  let out = '';
  for (let index = 1; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') {
      const rest = text.slice(index + 1).trim();
      return rest === '' || rest.startsWith('#') ? out : null;
    }
    if (character !== '\\') {
      out += character;
      continue;
    }
    const escape = text[index + 1];
    if (escape === undefined) return null;
    const digits = escape === 'x' ? 2 : escape === 'u' ? 4 : escape === 'U' ? 8 : 0;
    if (digits > 0) {
      const hex = text.slice(index + 2, index + 2 + digits);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) return null;
      const code = parseInt(hex, 16);
      out += code > 0xffff ? String.fromCodePoint(code) : String.fromCharCode(code);
      index += 1 + digits;
      continue;
    }
    const simple = SIMPLE_ESCAPES[escape];
    if (simple === undefined) return null;
    out += simple;
    index += 1;
  }
  return null;
}

/** A scalar as YAML would type it: null, boolean, number or string (for `inspect`). */
export function readYamlValue(source: string): string | number | boolean | null {
  const text = source.trim();
  if (text.startsWith('"') || text.startsWith("'")) return readYamlString(text) ?? text;
  const plain = readYamlString(text) ?? text;
  if (plain === '' || plain === '~' || plain === 'null') return null;
  if (plain === 'true') return true;
  if (plain === 'false') return false;
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/.test(plain)) return Number(plain);
  return plain;
}
