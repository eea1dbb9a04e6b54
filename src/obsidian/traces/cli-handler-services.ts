import type { App } from 'obsidian';
import type { AgentTool } from '../../agent';
import type { ConnectionReport } from '../../doctor';
import type { GlassboxSettingsHost } from '../../settings';

/** What an in-app `glassbox:ask` gives back. */
export interface InAppAnswer {
  readonly status: 'answered' | 'failed';
  readonly answer: string;
  readonly error: string | null;
  /** The conversation note it was saved in ('' when it was not saved). */
  readonly note: string;
}

/** What the handlers ask of the running plugin: its settings, index, endpoint and chat. */
export interface CliHandlerServices {
  readonly app: App;
  readonly host: GlassboxSettingsHost;
  /** The run's vault tools over the plugin's index (empty while it is being built). */
  readonly vaultTools: () => readonly AgentTool[];
  /** `glassbox doctor`'s checks over the plugin's endpoint, key and tools. */
  readonly checkConnection: () => Promise<{ readonly report: ConnectionReport; readonly baseUrl: string; readonly model: string }>;
  /** Asks a question in a new chat of the app (shown, so approvals can be answered) and waits for the run to end. */
  readonly ask: (question: string) => Promise<InAppAnswer>;
}
