import { useState } from 'react';
import { foldOutput } from './fold-output';
import { t, tCount } from '../../i18n';

/** Lines of a tool output shown before the "+N lines" fold in normal mode. */
export const FOLDED_OUTPUT_LINES = 3;

/** Props of {@link ToolOutput}. */
export interface ToolOutputProps {
  readonly output: string;
  /** Full length of the result before the payload clamped it. */
  readonly outputChars?: number;
  readonly folded: boolean;
  /** `note-text`: a note's text (readNote), whose fold skips the header, properties and blank lines. */
  readonly foldFrom?: 'start' | 'note-text';
}

/**
 * A tool's output as preformatted text (never HTML). In normal mode it is folded to a few lines
 * with a "+N lines" button that unfolds it; verbose mode shows it whole.
 */
export function ToolOutput(props: ToolOutputProps) {
  const [open, setOpen] = useState(false);
  const folded = foldOutput(props.output, FOLDED_OUTPUT_LINES, { from: props.foldFrom ?? 'start' });
  const showAll = !props.folded || open || folded.hiddenLines === 0;
  const clamped = typeof props.outputChars === 'number' && props.outputChars > props.output.length;
  return (
    <div className="glassbox-tool-output" data-testid="tool-output">
      <pre>{showAll ? props.output : folded.shown}</pre>
      {showAll ? null : (
        <button type="button" className="glassbox-fold-button" onClick={() => setOpen(true)}>
          {tCount('tool.moreLines', folded.hiddenLines)}
        </button>
      )}
      {showAll && clamped ? (
        <div className="glassbox-tool-output-note">{t('tool.showingChars', { shown: props.output.length, total: props.outputChars ?? props.output.length })}</div>
      ) : null}
    </div>
  );
}
