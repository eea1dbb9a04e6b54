/**
 * A promise the test opens: code under test (or the scripted model server's `hold`) waits on
 * `opened` until the test has seen what it wanted and calls `open()`. Opening twice is harmless.
 */
export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
