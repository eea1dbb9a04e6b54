/** Why a run could not be set up. */
export type RunSetupErrorReason = 'missing_base_url' | 'invalid_base_url' | 'missing_model' | 'missing_api_key';

/** A run could not start because the settings are incomplete; `userMessage` says what to do. */
export class RunSetupError extends Error {
  override readonly name = 'RunSetupError';
  /** The chat offers to open the settings, where every one of these is fixed. */
  readonly opensSettings = true;

  constructor(
    readonly reason: RunSetupErrorReason,
    readonly userMessage: string,
  ) {
    super(userMessage);
  }
}
