import type { ChatController } from '../../chat';

/** A chat whose run waits on an approval card while no chat view shows it. */
export interface WaitingChat {
  readonly controller: ChatController;
  readonly notePath: string;
  /** Points the chat's callbacks (saving, signalling) at the view that shows it now. */
  readonly adopt: (view: unknown) => void;
}

/**
 * Keeps the chat of a closed chat view while its run waits on an approval card (a note write,
 * an MCP call), so that reopening the chat view shows the same card and the run goes on
 * (docs/decisions/note-writes.md). One at a time: a second one stops the first. The run's own
 * card timeout still applies; unload stops it.
 */
export class WaitingChats {
  private waiting: WaitingChat | null = null;

  keep(chat: WaitingChat): void {
    this.waiting?.controller.dispose();
    this.waiting = chat;
  }

  /** The kept chat, handed to the view that opens now (and no longer kept here). */
  take(): WaitingChat | null {
    const chat = this.waiting;
    this.waiting = null;
    return chat;
  }

  dispose(): void {
    this.take()?.controller.dispose();
  }
}
