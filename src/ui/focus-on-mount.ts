/**
 * A ref that gives the element the keyboard when it is mounted, for boxes the user just asked
 * for (an edited question, the scope picker). Used instead of `autoFocus`: Preact (which runs
 * the UI, docs/decisions/bundle-size.md) writes `autofocus` as an attribute, and a browser
 * honours that only while the page loads, not for an element added later. A module-level
 * function, so the ref is the same on every render and runs only on mount (and with null on unmount).
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
