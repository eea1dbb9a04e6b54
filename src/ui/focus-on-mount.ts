/**
 * A ref that gives the element the keyboard when it is mounted, for boxes the user just asked
 * for (an edited question, the scope picker). Used instead of `autoFocus`, which depends on the
 * renderer: React focuses the element itself, Preact (the UI's runtime in wave 3) wrote the
 * `autofocus` attribute, which a browser honours only while the page loads; a ref works on both. A module-level
 * function, so the ref is the same on every render and runs only on mount (and with null on unmount).
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
