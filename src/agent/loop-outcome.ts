/** How a loop ended, before the runner turns it into `run_end`. */
export type LoopOutcome =
  | { readonly kind: 'complete' }
  /** A limit ended the loop: the runner shows a notice and asks for whatever answer can be given. */
  | { readonly kind: 'limit'; readonly reason: 'max_iterations' | 'repeated' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'error'; readonly error: unknown };
