/** Why a run could not be set up. */
export type RunSetupErrorReason = 'missing_base_url' | 'invalid_base_url' | 'missing_model';

/** A run could not start because the settings are incomplete; `userMessage` says what to do. */
export class RunSetupError extends Error {
  override readonly name = 'RunSetupError';

  constructor(
    readonly reason: RunSetupErrorReason,
    readonly userMessage: string,
  ) {
    super(userMessage);
  }
}
