import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import { formatLocalTime, parseTimeRange, type ResolvedTimeRange } from '../parse-time-range';
import { abortError } from '../scheduler';
import { t } from '../../i18n';

const timeRangeSchema = z.object({
  expression: z.string().min(1).describe('A time expression: "today", "yesterday", "last week", "past 3 days", "this month", "2024-05", "2024-05-01 to 2024-05-10".'),
});

/** The arguments of a `getTimeRange` call. */
export type TimeRangeArgs = z.infer<typeof timeRangeSchema>;

/** `getTimeRange`: turns words about time into the epoch-ms range `localSearch` filters by. */
export const timeRangeTool: AgentTool<typeof timeRangeSchema> = {
  name: 'getTimeRange',
  readOnly: true,
  description: 'Turn a time expression ("last week", "yesterday", "2024-05") into a {start, end} range in epoch ms, to pass as localSearch timeRange.',
  compactDescription: 'Turn "last week", "2024-05" and the like into a localSearch timeRange.',
  schema: timeRangeSchema,
  describeStart: (args) => t('trace.workingOut', { expression: args.expression }),
  describeEnd: (args, result) => {
    const range = result.data as ResolvedTimeRange | null | undefined;
    return range ? `${args.expression}: ${formatLocalTime(range.start)} – ${formatLocalTime(range.end)}` : t('trace.notATime', { expression: args.expression });
  },
  execute(args, context) {
    if (context.signal.aborted) return Promise.reject(abortError());
    const range = parseTimeRange(args.expression, context.now());
    if (!range) {
      return Promise.resolve({
        output: `Could not read "${args.expression}" as a time. Try "yesterday", "last week", "past 7 days", "this month", "2024-05" or "2024-05-01 to 2024-05-10".`,
        data: null,
      });
    }
    return Promise.resolve({
      output: `${JSON.stringify({ start: range.start, end: range.end })}\n"${args.expression}" is ${formatLocalTime(range.start)} to ${formatLocalTime(range.end)} (local time). Pass it as timeRange to localSearch.`,
      data: range,
    });
  },
};
