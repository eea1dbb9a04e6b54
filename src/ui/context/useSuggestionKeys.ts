import { type KeyboardEvent, useState } from 'react';

/**
 * Keyboard handling of a suggestion list, shared by the `[[` and scope suggesters: Up/Down move
 * (wrapping), Enter or Tab picks, Escape closes. `onKeyDown` returns true when it used the key.
 */
export function useSuggestionKeys(options: { count: number; open: boolean; onPick: (index: number) => void; onClose: () => void }) {
  const [active, setActive] = useState(0);
  const index = options.count === 0 ? -1 : Math.min(active, options.count - 1);
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!options.open || event.nativeEvent.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.count === 0) return false;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index + step + options.count) % options.count);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && index >= 0) {
      options.onPick(index);
    } else if (event.key === 'Escape') {
      options.onClose();
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };
  return { active: index, setActive, onKeyDown };
}
