import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest } from '../agent';

/** The answers the terminal prompt takes (DESIGN.md 11.4, 11.5). */
const PROMPT_ANSWERS = '[y] allow once, [a] allow this server for the rest of this run, [N] no';

/**
 * Approvals in the CLI, where there is no settings store to remember "always" in:
 * - `--allow-mcp`: every MCP call is allowed without asking;
 * - in a terminal (`prompt` given): each call asks y / a / N on stderr, "a" covering the rest of
 *   the run for that server;
 * - in a pipe: every call is declined, with one line on stderr naming the flag that allows it.
 */
export function createCliApprovalGate(options: {
  allowMcp: boolean;
  prompt: ((question: string, signal: AbortSignal) => Promise<string | null>) | undefined;
  stderr: { write(text: string): unknown };
}): AgentApprovalGate {
  let hinted = false;
  return {
    remembered: (scope) => (options.allowMcp && scope.startsWith('mcp:') ? 'allow' : undefined),
    ask: async (request, signal) => {
      if (options.prompt === undefined) {
        if (!hinted) options.stderr.write(`${request.toolName} needs approval and no one can be asked in a pipe: declined (run with --allow-mcp to allow MCP tools).\n`);
        hinted = true;
        return 'deny';
      }
      const answer = await options.prompt(promptText(request), signal);
      return decisionOf(answer);
    },
    remember: () => undefined,
  };
}

function promptText(request: AgentApprovalRequest): string {
  const detail = request.detail === undefined ? '' : `\n${request.detail}`;
  return `${withoutControlCharacters(`${request.title}${detail}`)}\n${PROMPT_ANSWERS}: `;
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
