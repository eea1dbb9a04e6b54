/** One live form: where it starts (1-based line and column in the text as given) and what it is. */
export interface LiveForm {
  readonly line: number;
  readonly column: number;
  readonly what: string;
  /** Its text (at most 80 characters): a file Glassbox changes may keep the user's own forms, not gain others of the kind. */
  readonly source: string;
}
