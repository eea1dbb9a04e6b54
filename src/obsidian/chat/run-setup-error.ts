import type { LlmErrorFix } from '../../llm';

/** Why a run could not be set up. */
export type RunSetupErrorReason = 'missing_base_url' | 'invalid_base_url' | 'missing_model' | 'missing_api_key';

/** The setting that fixes each reason. */
const FIXES: Readonly<Record<RunSetupErrorReason, LlmErrorFix>> = Object.freeze({
  missing_base_url: 'base_url',
  invalid_base_url: 'base_url',
  missing_model: 'model',
  missing_api_key: 'api_key',
});

/** A run could not start because the settings are incomplete; `userMessage` says what to do. */
export class RunSetupError extends Error {
  override readonly name = 'RunSetupError';
  /** The setting that fixes it: the chat offers to open the settings. */
  readonly fix: LlmErrorFix;

  constructor(
    readonly reason: RunSetupErrorReason,
    readonly userMessage: string,
  ) {
    super(userMessage);
    this.fix = FIXES[reason];
  }
}
