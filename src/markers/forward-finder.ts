/**
 * Finds the next occurrence of one fixed string at or after a position, for callers whose
 * positions only move forward. The last answer is cached, so a scan that asks again and again
 * (10,000 unclosed markers asking for a `-->` that never comes) still reads the content once:
 * this is what keeps the parser linear.
 */
export class ForwardFinder {
  private cachedFrom = -1;
  private cachedAt = -1;

  constructor(
    private readonly content: string,
    private readonly needle: string,
  ) {}

  /** Index of the first occurrence at or after `from`, or -1. */
  next(from: number): number {
    if (this.cachedFrom !== -1 && from >= this.cachedFrom && (this.cachedAt === -1 || this.cachedAt >= from)) {
      return this.cachedAt;
    }
    this.cachedFrom = from;
    this.cachedAt = this.content.indexOf(this.needle, from);
    return this.cachedAt;
  }
}
