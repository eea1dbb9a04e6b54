/** A manual epoch-ms clock for runs under test: time moves only when a test (or a script) says so. */
export class FakeClock {
  constructor(private time = 1_763_768_491_000) {}

  /** The clock function to pass as `now`. */
  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }
}
