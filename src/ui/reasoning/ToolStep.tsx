import { formatStepDuration, readToolChange } from '../../markers';
import type { ReasoningToolCall } from '../../markers';
import type { DisplayMode } from '../../settings';
import { StatusIcon } from './StatusIcon';
import { fullArguments, shortArguments } from './tool-arguments';
import { ToolOutput } from './ToolOutput';
import { WriteChangeLine } from '../writes/WriteChangeLine';

/** Props of {@link ToolStep}. */
export interface ToolStepProps {
  readonly tool: ReasoningToolCall;
  readonly mode: Exclude<DisplayMode, 'minimal'>;
  readonly showOutput: boolean;
}

/**
 * The tool part of a step: status icon, tool name, arguments (short in normal mode, whole in
 * verbose), duration once done, and the output when the user wants outputs.
 */
export function ToolStep({ tool, mode, showOutput }: ToolStepProps) {
  const args = tool.args !== null && typeof tool.args === 'object' ? tool.args : {};
  const change = readToolChange(tool);
  return (
    <div className="glassbox-tool-step" data-tool-status={tool.status}>
      <div className="glassbox-tool-line">
        <StatusIcon status={tool.status} />
        <code className="glassbox-tool-name">{String(tool.name)}</code>
        {mode === 'normal' ? <span className="glassbox-tool-args">{shortArguments(args)}</span> : null}
        {typeof tool.durationMs === 'number' ? (
          <span className="glassbox-tool-duration">{formatStepDuration(tool.durationMs)}</span>
        ) : null}
      </div>
      {change !== undefined ? <WriteChangeLine change={change} status={tool.status} /> : null}
      {mode === 'verbose' ? <pre className="glassbox-tool-args-full">{fullArguments(args)}</pre> : null}
      {showOutput && typeof tool.output === 'string' && tool.output.length > 0 ? (
        <ToolOutput output={tool.output} outputChars={tool.outputChars} folded={mode === 'normal'} foldFrom={tool.name === 'readNote' ? 'note-text' : 'start'} />
      ) : null}
    </div>
  );
}
