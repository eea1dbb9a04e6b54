import type { Page } from 'playwright-core';

/** What the trap saw since the last reset. */
export interface XssTrapReport {
  /** How often hostile code ran (it increments `window.__xss`). */
  readonly executed: number;
  /** Dialogs opened (`alert(...)` in hostile code). */
  readonly dialogs: readonly string[];
  /** Elements that could run script, seen entering the DOM (besides the page's own bundle). */
  readonly liveElements: readonly string[];
}

/** A trap that would notice injected script, with a positive control to prove it can. */
export interface XssTrap {
  report(): Promise<XssTrapReport>;
  reset(): Promise<void>;
  /**
   * The positive control: injects a real `<img onerror>` through `innerHTML` (what the plugin
   * must never do) and waits until the trap has seen it run, so a silent trap fails the test.
   */
  proveItWorks(): Promise<XssTrapReport>;
}

declare global {
  interface Window {
    __xss?: number;
    __xssElements?: string[];
  }
}

/**
 * Installs the trap before any page script runs: the hostile notes in the demo vault increment
 * `window.__xss` and call `alert`; a dialog listener records alerts; a MutationObserver records
 * any `<script>`, `<iframe>`, `<object>`, `<embed>`, element with an `on*` attribute, or
 * `javascript:` link that enters the document. Call before `page.goto`.
 */
export async function installXssTrap(page: Page): Promise<XssTrap> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__xss = 0;
    window.__xssElements = [];
    const describe = (el: Element): string => `<${el.tagName.toLowerCase()} ${Array.from(el.attributes).map((attribute) => `${attribute.name}="${attribute.value}"`).join(' ')}>`;
    const inspect = (el: Element): void => {
      const tag = el.tagName.toLowerCase();
      const ownBundle = tag === 'script' && (el.getAttribute('src') ?? '').endsWith('playground.js');
      const dangerousTag = ['script', 'iframe', 'object', 'embed'].includes(tag) && !ownBundle;
      const handler = Array.from(el.attributes).some((attribute) => attribute.name.toLowerCase().startsWith('on'));
      const scriptUrl = ['href', 'src', 'action', 'formaction'].some((name) => (el.getAttribute(name) ?? '').trim().toLowerCase().startsWith('javascript:'));
      if (dangerousTag || handler || scriptUrl) window.__xssElements?.push(describe(el));
    };
    new MutationObserver((records) => {
      for (const record of records) {
        // nodeType, not instanceOf(): this runs before any page script, so the Node.instanceOf
        // helper the fake host's bundle installs does not exist yet.
        if (record.type === 'attributes' && record.target.nodeType === Node.ELEMENT_NODE) inspect(record.target as Element);
        for (const node of Array.from(record.addedNodes)) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          const element = node as Element;
          inspect(element);
          for (const child of Array.from(element.querySelectorAll('*'))) inspect(child);
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  const report = async (): Promise<XssTrapReport> => {
    const seen = await page.evaluate(() => ({ executed: window.__xss ?? 0, liveElements: window.__xssElements ?? [] }));
    return { ...seen, dialogs: [...dialogs] };
  };
  return {
    report,
    async reset() {
      dialogs.length = 0;
      await page.evaluate(() => {
        window.__xss = 0;
        window.__xssElements = [];
      });
    },
    async proveItWorks() {
      const dialogShown = page.waitForEvent('dialog', { timeout: 5000 });
      await page.evaluate(() => {
        const holder = createDiv();
        holder.id = 'xss-positive-control';
        // The positive control does on purpose what the plugin must never do.
        holder.innerHTML = '<img src="x-positive-control" onerror="window.__xss = (window.__xss || 0) + 1; alert(\'positive control\')">';
        document.body.append(holder);
      });
      await page.waitForFunction(() => (window.__xss ?? 0) > 0, undefined, { timeout: 5000 });
      await dialogShown;
      const seen = await report();
      await page.evaluate(() => document.getElementById('xss-positive-control')?.remove());
      return seen;
    },
  };
}
