import { t } from '../i18n';
import { findLiveForms, findTemplaterTags, type LiveForm } from './live-forms';

/**
 * THE writer's check (DESIGN.md 13.1, docs/decisions/inert-writer.md): every path that puts
 * model-, tool- or note-derived text into a file Glassbox creates or changes (a conversation note
 * and its properties, every export, an answer inserted into a note) hands the file's whole new
 * text here just before the write, and writes what comes back. A text in which the parse of
 * `live-forms.ts` finds a form another plugin would run or that would load by itself, and that was
 * not in the file before (`before`: the user's own text, kept as it is), is refused with
 * {@link LiveTextError}, which names the place; nothing is written. `tests/inert/writers.test.ts`
 * lists the writes in `src/` and fails on one that does not go through here.
 */

/** The file a text is for, named in the error. */
export interface InertFileTarget {
  /** The file's path (vault-relative, or as the user gave it to the CLI). */
  readonly path: string;
  /** The file's text before this write, for a file Glassbox changes; live forms already there are the user's. */
  readonly before?: string;
  /**
   * What the text is: Markdown (the default) is parsed; an HTML page is checked for Templater's
   * `<%` only; data (JSON) is not read by Obsidian or its plugins and is written as it is. Either,
   * with a path ending in `.md`, is read as a note and checked as Markdown.
   */
  readonly format?: 'markdown' | 'html' | 'data';
}

/** A file Glassbox did not write because its text would run or load something. */
export class LiveTextError extends Error {
  constructor(
    readonly path: string,
    readonly form: LiveForm,
  ) {
    // In the UI's language in the plugin; the CLI's is English.
    super(t('inert.refused', { path, line: form.line, column: form.column, what: form.what }));
    this.name = 'LiveTextError';
  }
}

let guardOn = true;

/** Test-only seam: switches the check off (true) and back on, to show that the tests fail without it. */
export function switchInertGuardOffForTests(off: boolean): void {
  guardOn = !off;
}

/** The text to write, once nothing in it runs or loads that was not there before; throws {@link LiveTextError}. */
export function inertFileText(text: string, target: InertFileTarget): string {
  if (!guardOn) return text;
  const markdown = (target.format ?? 'markdown') === 'markdown' || /\.md$/i.test(target.path);
  if (!markdown && target.format === 'data') return text;
  const find = markdown ? findLiveForms : findTemplaterTags;
  const forms = find(text);
  if (forms.length === 0) return text;
  const already = new Map<string, number>();
  if (target.before !== undefined) for (const form of find(target.before)) already.set(sameForm(form), (already.get(sameForm(form)) ?? 0) + 1);
  for (const form of forms) {
    const left = already.get(sameForm(form)) ?? 0;
    if (left === 0) throw new LiveTextError(target.path, form);
    already.set(sameForm(form), left - 1);
  }
  return text;
}

/** Forms are the same when they are of one kind with one text, wherever they moved. */
function sameForm(form: LiveForm): string {
  return `${form.what}\n${form.source}`;
}
