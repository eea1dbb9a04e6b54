/**
 * A visually hidden polite live region. Its text changes with the run's state only (never the
 * ticking timer), so assistive technology announces "Answering" once, not every second.
 */
export function ReasoningLiveRegion({ message }: { readonly message: string }) {
  return (
    <div className="glassbox-visually-hidden" role="status" aria-live="polite" data-testid="reasoning-announcement">
      {message}
    </div>
  );
}
