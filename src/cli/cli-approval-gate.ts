import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest } from '../agent';

/** The answers the terminal prompt takes (DESIGN.md 11.4, 11.5). */
const PROMPT_ANSWERS = '[y] allow once, [a] allow this server for the rest of this run, [N] no';
const WRITE_ANSWERS = '[y] approve, [a] approve the writes for the rest of this run, [N] reject';
/** The scope of note writes (src/writes/write-tools.ts). */
const WRITE_SCOPE = 'writes';

/**
 * Approvals in the CLI, where there is no settings store to remember "always" in:
 * - `--allow-mcp`: every MCP call is allowed without asking; `--allow-writes`: every note write;
 * - in a terminal (`prompt` given): each call asks y / a / N on stderr, "a" covering the rest of
 *   the run for that server (or for writes); a write prints its diff first;
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
      const answer = await options.prompt(promptText(request), signal);
      return decisionOf(answer);
    },
    remember: () => undefined,
  };
}

function promptText(request: AgentApprovalRequest): string {
  if (request.change !== undefined) {
    const { change } = request;
    const lines = [request.title, `+${change.added} −${change.removed} lines`, ...change.diff.map(diffLine)];
    return `${lines.map(withoutControlCharacters).join('\n')}\n${WRITE_ANSWERS}: `;
  }
  const detail = request.detail === undefined ? '' : `\n${request.detail}`;
  return `${withoutControlCharacters(`${request.title}${detail}`)}\n${PROMPT_ANSWERS}: `;
}

/** One entry of a write's compact diff as the terminal shows it (see ReasoningChange). */
function diffLine(entry: string): string {
  if (entry.startsWith('@')) return `  … ${entry.slice(1)} unchanged lines`;
  if (entry === '…') return '  … (the rest of the diff is too long to show)';
  return `${entry.charAt(0)} ${entry.slice(1)}`;
}

/** The model wrote the arguments: an escape sequence in them must not reach the terminal. */
function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
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
