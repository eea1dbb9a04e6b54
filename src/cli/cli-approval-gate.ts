import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest } from '../agent';
import { fullDiffOf } from '../writes';

/** The answers the terminal prompt takes (DESIGN.md 11.4, 11.5). */
const PROMPT_ANSWERS = '[y] allow once, [a] allow this server for the rest of this run, [N] no';
const WRITE_ANSWERS = '[y] approve, [a] approve the writes for the rest of this run, [N] reject';
/** Diff entries shown per page after `v`. */
const PAGE_ENTRIES = 200;
/** The compact diff cuts a line after this many characters (src/writes/note-change.ts). */
const CUT_LINE_CHARS = 300;
/** The scope of note writes (src/writes/write-tools.ts). */
const WRITE_SCOPE = 'writes';

/**
 * Approvals in the CLI, where there is no settings store to remember "always" in:
 * - `--allow-mcp`: every MCP call is allowed without asking; `--allow-writes`: every note write;
 * - in a terminal (`prompt` given): each call asks y / a / N on stderr, "a" covering the rest of
 *   the run for that server (or for writes); a write prints its diff first, says how much of it
 *   is not shown (entries past the first 200, lines cut at 300 characters) and offers `v` to
 *   page through the whole diff, 200 entries at a time, before answering;
 * - in a pipe: every call is declined, with one line on stderr naming the flag that allows it.
 */
export function createCliApprovalGate(options: {
  allowMcp: boolean;
  allowWrites: boolean;
  prompt: ((question: string, signal: AbortSignal) => Promise<string | null>) | undefined;
  stderr: { write(text: string): unknown };
}): AgentApprovalGate {
  const hinted = new Set<string>();
  return {
    canAsk: options.prompt !== undefined,
    remembered: (scope) => ((options.allowMcp && scope.startsWith('mcp:')) || (options.allowWrites && scope === WRITE_SCOPE) ? 'allow' : undefined),
    ask: async (request, signal) => {
      if (options.prompt === undefined) {
        const write = request.scope === WRITE_SCOPE;
        if (!hinted.has(request.scope)) {
          options.stderr.write(
            write
              ? `${request.toolName} wants to change ${request.change?.path ?? 'a note'} and no one can be asked in a pipe: declined (run with --allow-writes to approve note writes).\n`
              : `${request.toolName} needs approval and no one can be asked in a pipe: declined (run with --allow-mcp to allow MCP tools).\n`,
          );
        }
        hinted.add(request.scope);
        return 'deny';
      }
      const pages = request.change === undefined ? [] : morePages(request);
      let answer = await options.prompt(promptText(request, pages.length), signal);
      for (let page = 0; isView(answer) && page < pages.length; page += 1) {
        const left = pages.length - page - 1;
        const lines = [`${request.change?.path ?? ''}, page ${page + 1} of ${pages.length}:`, ...(pages[page] ?? []).map(diffLine)];
        answer = await options.prompt(`${lines.map(withoutControlCharacters).join('\n')}\n${left > 0 ? `[v] next page, ` : ''}${WRITE_ANSWERS}: `, signal);
      }
      return decisionOf(answer);
    },
    remember: () => undefined,
  };
}

function promptText(request: AgentApprovalRequest, pages: number): string {
  if (request.change !== undefined) {
    const { change } = request;
    const lines = [request.title, `+${change.added} −${change.removed} lines`, ...change.diff.map(diffLine)];
    const hidden = notShown(request);
    if (hidden !== '') lines.push(hidden);
    return `${lines.map(withoutControlCharacters).join('\n')}\n${pages > 0 ? `[v] view the whole change (${pages} page${pages === 1 ? '' : 's'}), ` : ''}${WRITE_ANSWERS}: `;
  }
  const detail = request.detail === undefined ? '' : `\n${request.detail}`;
  return `${withoutControlCharacters(`${request.title}${detail}`)}\n${PROMPT_ANSWERS}: `;
}

/** One entry of a write's compact diff as the terminal shows it (see ReasoningChange). */
function diffLine(entry: string): string {
  if (entry.startsWith('@')) return `  … ${entry.slice(1)} unchanged lines`;
  if (entry === '…') return '  … (the diff is cut here; lines with <%, ``` or <script still follow)';
  return `${entry.charAt(0)} ${entry.slice(1)}`;
}

/** The model wrote the arguments: an escape sequence in them must not reach the terminal. */
function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/** What the compact diff leaves out, in one line; empty when it shows everything. */
function notShown(request: AgentApprovalRequest): string {
  const change = request.change;
  if (change === undefined) return '';
  const shownChanges = change.diff.filter((entry) => entry.startsWith('+') || entry.startsWith('-')).length;
  const hiddenChanges = change.added + change.removed - shownChanges;
  const cutLines = change.diff.filter((entry) => (entry.startsWith('+') || entry.startsWith('-') || entry.startsWith(' ')) && entry.length === CUT_LINE_CHARS + 2 && entry.endsWith('…')).length;
  const parts = [hiddenChanges > 0 ? `${hiddenChanges} changed line${hiddenChanges === 1 ? '' : 's'} not shown` : '', cutLines > 0 ? `${cutLines} line${cutLines === 1 ? '' : 's'} cut at ${CUT_LINE_CHARS} characters` : ''].filter((part) => part !== '');
  return parts.length === 0 ? '' : `Not shown: ${parts.join(', ')}.`;
}

/** The whole diff in pages, when the compact one left something out. */
function morePages(request: AgentApprovalRequest): string[][] {
  const change = request.change;
  const full = change === undefined ? undefined : fullDiffOf(change);
  if (full === undefined || notShown(request) === '') return [];
  const pages: string[][] = [];
  for (let start = 0; start < full.length; start += PAGE_ENTRIES) pages.push(full.slice(start, start + PAGE_ENTRIES));
  return pages;
}

function isView(answer: string | null): boolean {
  return (answer ?? '').trim().toLowerCase() === 'v';
}

function decisionOf(answer: string | null): AgentApprovalDecision {
  switch ((answer ?? '').trim().toLowerCase()) {
    case 'y':
    case 'yes':
      return 'allow_once';
    case 'a':
    case 'all':
      return 'allow_run';
    default:
      return 'deny';
  }
}
