/**
 * An array that callbacks push to and a test can wait on: `until(check)` resolves as soon as
 * `check(items)` holds, checked now and again at each push, so a test waits for the event
 * itself rather than polling or sleeping. If it never holds, jest's test timeout fails the test.
 */
export class AwaitableList<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  /** Appends an item; pass it as a callback (it is bound). */
  readonly push = (item: T): void => {
    this.items.push(item);
    this.waiters.forEach((check) => check());
  };

  until(check: (items: readonly T[]) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const waiter = (): void => {
        if (!check(this.items)) return;
        this.waiters.delete(waiter);
        resolve();
      };
      this.waiters.add(waiter);
      waiter();
    });
  }
}
