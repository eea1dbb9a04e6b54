import { createContext } from 'react';

/**
 * Draws one of the host's icons into an element (Obsidian's `setIcon`, its Lucide set); null
 * where there is none (tests without a host, the CLI), and components fall back to a glyph.
 * Provided around each reasoning block by the message renderer, from `HostServices.setIcon`.
 */
export const HostIconContext = createContext<((el: HTMLElement, icon: string) => void) | null>(null);
