import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How far from the end (px) still counts as "at the end": fractional scroll positions under zoom. */
const AT_END_TOLERANCE_PX = 4;

/** Keys that scroll a focused list up: the user is reading back. */
const KEYS_THAT_SCROLL_UP: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);

/** What {@link useFollowLatest} gives the message list. */
export interface FollowLatest {
  /** Put on the scroll container (a callback ref, so a list that mounts later is followed too). */
  readonly listRef: (element: HTMLElement | null) => void;
  /** Whether the list keeps its end in view as messages grow; false once the user scrolled up. */
  readonly following: boolean;
  /** Scrolls to the end and follows again ("Jump to latest"). */
  readonly jumpToLatest: () => void;
}

/**
 * Keeps a scrolling message list at its end while the user is there
 * (docs/decisions/chat-follows-latest.md): new messages and a streaming answer stay in view; a
 * scroll up (wheel, touch, keys, scrollbar) stops following until the user is back at the end or
 * jumps there. A new `conversationKey` (another conversation opened) or `turnKey` (the user sent a
 * question) starts at the end again.
 */
export function useFollowLatest(conversationKey: string, turnKey: string | null): FollowLatest {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [following, setFollowing] = useState(true);
  // Read by the observers between renders, which must not wait for React to re-render.
  const followingRef = useRef(true);

  const follow = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const jumpToLatest = useCallback(() => {
    follow(true);
    if (list === null) return;
    scrollToEnd(list);
    // The button goes away; keyboard users keep their place in the list rather than on the page.
    list.focus({ preventScroll: true });
  }, [follow, list]);

  // Another conversation, or a question just sent: show its end and follow it.
  useLayoutEffect(() => {
    follow(true);
    if (list !== null) scrollToEnd(list);
  }, [conversationKey, turnKey, list, follow]);

  useEffect(() => {
    if (list === null) return undefined;
    let lastTop = list.scrollTop;
    // The list's own follow scroll is pending its scroll event (one a frame while an answer
    // streams): that event is let through without reading the list, since a read there forces a
    // style pass of the frame's pending changes. A user's scroll up in the same frame is still
    // caught by the wheel, touch, key and scrollbar handlers.
    let ownScrollTop: number | null = null;
    // Only a list taller than its box can be scrolled away from its end.
    const stopFollowing = () => {
      if (followingRef.current && list.scrollHeight > list.clientHeight) follow(false);
    };

    // Growth is seen where the browser reports sizes: after layout, before paint. Every way the
    // list grows changes the size of the list or of one of its messages (new messages, streamed
    // text, Markdown and reasoning roots rendered later, a block folding, content-visibility
    // blocks laid out as they come into view, the panel resized), so the scroll follows in the
    // same frame and reads only layout that is already clean. Scrolling from a DOM observer
    // instead forced a layout in the middle of every streamed frame.
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
      if (!followingRef.current) return;
      const before = list.scrollTop;
      scrollToEnd(list);
      const after = list.scrollTop;
      if (after !== before) ownScrollTop = after;
    });
    const observeChildren = () => {
      if (sizes === null) return;
      sizes.disconnect();
      sizes.observe(list);
      for (const child of Array.from(list.children)) sizes.observe(child);
    };
    observeChildren();
    // Only the list's own children: a message added or removed (a newly observed one is reported
    // with its first size, which follows it).
    const children = new MutationObserver(observeChildren);
    children.observe(list, { childList: true });

    // Scrolling up by any means stops following at once, before a streamed chunk could pull the
    // list back down; the scroll event alone would come a frame late.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stopFollowing();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (KEYS_THAT_SCROLL_UP.has(event.key) || (event.key === ' ' && event.shiftKey)) stopFollowing();
    };
    // A press on the list's scrollbar (right of its content box).
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === list && event.offsetX >= list.clientWidth) stopFollowing();
    };
    const onScroll = () => {
      if (ownScrollTop !== null && followingRef.current) {
        lastTop = ownScrollTop;
        ownScrollTop = null;
        return;
      }
      ownScrollTop = null;
      const top = list.scrollTop;
      if (isAtEnd(list)) {
        if (!followingRef.current) follow(true);
      } else if (top < lastTop) {
        stopFollowing();
      }
      lastTop = top;
    };
    list.addEventListener('wheel', onWheel, { passive: true });
    list.addEventListener('touchmove', stopFollowing, { passive: true });
    list.addEventListener('keydown', onKeyDown);
    list.addEventListener('pointerdown', onPointerDown);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      children.disconnect();
      sizes?.disconnect();
      list.removeEventListener('wheel', onWheel);
      list.removeEventListener('touchmove', stopFollowing);
      list.removeEventListener('keydown', onKeyDown);
      list.removeEventListener('pointerdown', onPointerDown);
      list.removeEventListener('scroll', onScroll);
    };
  }, [list, follow]);

  return { listRef: setList, following, jumpToLatest };
}

function isAtEnd(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_TOLERANCE_PX;
}

function scrollToEnd(element: HTMLElement): void {
  element.scrollTop = element.scrollHeight;
}
