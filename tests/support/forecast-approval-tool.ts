import { z } from 'zod';
import type { AgentTool } from '../../src/agent/agent-tool';
import type { FakeClock } from './fake-clock';

const schema = z.object({ city: z.string() });

/** The title the forecast tool's approval card shows. */
export const FORECAST_APPROVAL_TITLE = 'Allow the MCP server weather to run forecast?';

/**
 * An MCP-style tool that needs approval (scope `mcp:weather`, the three MCP choices) and records
 * each real execution in `runs`; with a clock, each execution takes 100 ms of it.
 */
export function forecastApprovalTool(runs: string[], clock?: FakeClock): AgentTool<typeof schema> {
  return {
    name: 'weather__forecast',
    description: 'The forecast for a city.',
    schema,
    approval: {
      scope: 'mcp:weather',
      choices: [
        { decision: 'allow_once', label: 'Allow once' },
        { decision: 'allow_always', label: 'Always allow this server' },
        { decision: 'deny_always', label: 'Never' },
      ],
      describe: (args) => ({ title: FORECAST_APPROVAL_TITLE, detail: JSON.stringify(args) }),
    },
    describeStart: (args) => `weather: forecast "${args.city}"`,
    execute: (args) => {
      runs.push(args.city);
      clock?.advance(100);
      return Promise.resolve({ output: `Sunny in ${args.city}` });
    },
  };
}
