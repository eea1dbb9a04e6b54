/**
 * Text from a note or a model printed by the CLI, made harmless for a terminal (DESIGN.md 11.4):
 * a note or an answer holding ESC, BEL or C1 codes could clear the screen, retitle the window
 * (OSC 0) or hide a link (OSC 8). Tab and newline stay; every other C0/C1 control and DEL goes.
 * The CLI's own drawing (the live block's cursor movement) is added after this, never through it.
 */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what must go
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without C0/C1 control characters other than tab and newline. */
export function stripControls(text: string): string {
  return text.replace(CONTROLS, '');
}

// DEL and the C1 controls, which JSON.stringify leaves raw.
const C1 = /[\u007f-\u009f]/g;

/**
 * `JSON.stringify` for a terminal or a pipe: it escapes C0 controls but leaves DEL and C1 raw
 * (U+009B is CSI to many terminals); those are escaped too, so the JSON reads back the same.
 */
export function terminalJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(C1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
