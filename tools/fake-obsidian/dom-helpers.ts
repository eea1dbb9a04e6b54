/**
 * Obsidian's DOM helpers (`createEl`, `createDiv`, `empty`, `setText`, `addClass`, ...) as it
 * installs them on `Node.prototype` and friends, plus the global `createEl`/`createDiv`/
 * `createSpan`/`createFragment`. Installed on demand so this module also loads in plain Node.
 */

type Attributes = Record<string, string | number | boolean | null>;

/** Options accepted by `createEl`, as Obsidian's `DomElementInfo`. */
export interface FakeDomElementInfo {
  cls?: string | string[];
  text?: string | DocumentFragment;
  attr?: Attributes;
  title?: string;
  parent?: Node;
  value?: string;
  type?: string;
  prepend?: boolean;
  placeholder?: string;
  href?: string;
}

/** The window-like object the helpers are installed on. */
export interface DomHost {
  document: Document;
  Node: typeof Node;
  Element: typeof Element;
  HTMLElement: typeof HTMLElement;
  DocumentFragment: typeof DocumentFragment;
}

const installed = new WeakSet<object>();

/** Installs the helpers on `win` (idempotent). */
export function installDomHelpers(win: DomHost): void {
  if (installed.has(win.Node.prototype)) return;
  installed.add(win.Node.prototype);
  const doc = win.document;

  function applyInfo(el: HTMLElement, info: FakeDomElementInfo | string | undefined): void {
    const options: FakeDomElementInfo = typeof info === 'string' ? { cls: info } : (info ?? {});
    if (options.cls !== undefined) {
      const classes = Array.isArray(options.cls) ? options.cls : options.cls.split(' ');
      el.classList.add(...classes.filter((name) => name !== ''));
    }
    if (options.text !== undefined) setText(el, options.text);
    for (const [name, value] of Object.entries(options.attr ?? {})) setAttr(el, name, value);
    if (options.title !== undefined) el.title = options.title;
    if (options.value !== undefined && 'value' in el) (el as HTMLInputElement).value = options.value;
    if (options.type !== undefined) el.setAttribute('type', options.type);
    if (options.placeholder !== undefined) el.setAttribute('placeholder', options.placeholder);
    if (options.href !== undefined) el.setAttribute('href', options.href);
    if (options.parent) {
      if (options.prepend) options.parent.insertBefore(el, options.parent.firstChild);
      else options.parent.appendChild(el);
    }
  }

  function setText(el: Node, value: string | DocumentFragment): void {
    while (el.firstChild) el.removeChild(el.firstChild);
    if (typeof value === 'string') el.appendChild(doc.createTextNode(value));
    else el.appendChild(value);
  }

  function setAttr(el: Element, name: string, value: string | number | boolean | null): void {
    if (value === null || value === false) el.removeAttribute(name);
    else el.setAttribute(name, value === true ? '' : String(value));
  }

  function createElIn(parent: Node | null, tag: string, info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void): HTMLElement {
    const el = (parent?.ownerDocument ?? doc).createElement(tag);
    const options: FakeDomElementInfo = typeof info === 'string' ? { cls: info } : (info ?? {});
    if (parent && !options.parent) {
      if (options.prepend) parent.insertBefore(el, parent.firstChild);
      else parent.appendChild(el);
    }
    applyInfo(el, options);
    callback?.(el);
    return el;
  }

  const nodeProto = win.Node.prototype as unknown as Record<string, unknown>;
  const elementProto = win.Element.prototype as unknown as Record<string, unknown>;
  const htmlProto = win.HTMLElement.prototype as unknown as Record<string, unknown>;
  const fragmentProto = win.DocumentFragment.prototype as unknown as Record<string, unknown>;

  const define = (target: Record<string, unknown>, name: string, value: unknown): void => {
    Object.defineProperty(target, name, { value, configurable: true, writable: true, enumerable: false });
  };

  define(nodeProto, 'createEl', function (this: Node, tag: string, info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) {
    return createElIn(this, tag, info, callback);
  });
  define(nodeProto, 'createDiv', function (this: Node, info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) {
    return createElIn(this, 'div', info, callback);
  });
  define(nodeProto, 'createSpan', function (this: Node, info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) {
    return createElIn(this, 'span', info, callback);
  });
  define(nodeProto, 'detach', function (this: Node) {
    this.parentNode?.removeChild(this);
  });
  define(nodeProto, 'empty', function (this: Node) {
    while (this.firstChild) this.removeChild(this.firstChild);
  });
  define(nodeProto, 'appendText', function (this: Node, value: string) {
    this.appendChild(doc.createTextNode(value));
  });
  define(nodeProto, 'indexOf', function (this: Node, other: Node) {
    return Array.prototype.indexOf.call(this.childNodes, other);
  });
  define(nodeProto, 'insertAfter', function (this: Node, node: Node, child: Node | null) {
    this.insertBefore(node, child ? child.nextSibling : this.firstChild);
    return node;
  });
  define(nodeProto, 'setChildrenInPlace', function (this: Node, children: Node[]) {
    while (this.firstChild) this.removeChild(this.firstChild);
    for (const child of children) this.appendChild(child);
  });
  define(nodeProto, 'instanceOf', function (this: Node, type: new () => unknown) {
    // `instanceof` spelled out, because the lint rule that suggests instanceOf() would make
    // this very function call itself.
    return type[Symbol.hasInstance](this);
  });
  Object.defineProperty(nodeProto, 'doc', { configurable: true, get(this: Node) { return this.ownerDocument ?? doc; } });
  Object.defineProperty(nodeProto, 'win', { configurable: true, get(this: Node) { return (this.ownerDocument ?? doc).defaultView; } });

  define(elementProto, 'getText', function (this: Element) {
    return this.textContent ?? '';
  });
  define(elementProto, 'setText', function (this: Element, value: string | DocumentFragment) {
    setText(this, value);
  });
  define(elementProto, 'addClass', function (this: Element, ...classes: string[]) {
    this.classList.add(...classes);
  });
  define(elementProto, 'addClasses', function (this: Element, classes: string[]) {
    this.classList.add(...classes);
  });
  define(elementProto, 'removeClass', function (this: Element, ...classes: string[]) {
    this.classList.remove(...classes);
  });
  define(elementProto, 'removeClasses', function (this: Element, classes: string[]) {
    this.classList.remove(...classes);
  });
  define(elementProto, 'toggleClass', function (this: Element, classes: string | string[], value: boolean) {
    for (const name of Array.isArray(classes) ? classes : [classes]) this.classList.toggle(name, value);
  });
  define(elementProto, 'hasClass', function (this: Element, name: string) {
    return this.classList.contains(name);
  });
  define(elementProto, 'setAttr', function (this: Element, name: string, value: string | number | boolean | null) {
    setAttr(this, name, value);
  });
  define(elementProto, 'setAttrs', function (this: Element, attributes: Attributes) {
    for (const [name, value] of Object.entries(attributes)) setAttr(this, name, value);
  });
  define(elementProto, 'getAttr', function (this: Element, name: string) {
    return this.getAttribute(name);
  });
  define(elementProto, 'matchParent', function (this: Element, selector: string, lastParent?: Element) {
    if (this.matches(selector)) return this;
    let current = this.parentElement;
    while (current && current !== lastParent) {
      if (current.matches(selector)) return current;
      current = current.parentElement;
    }
    return null;
  });
  define(elementProto, 'find', function (this: Element, selector: string) {
    return this.querySelector(selector);
  });
  define(elementProto, 'findAll', function (this: Element, selector: string) {
    return Array.from(this.querySelectorAll(selector));
  });
  define(elementProto, 'findAllSelf', function (this: Element, selector: string) {
    const found = Array.from(this.querySelectorAll(selector));
    return this.matches(selector) ? [this, ...found] : found;
  });
  define(elementProto, 'isActiveElement', function (this: Element) {
    return (this.ownerDocument ?? doc).activeElement === this;
  });
  define(fragmentProto, 'find', function (this: DocumentFragment, selector: string) {
    return this.querySelector(selector);
  });
  define(fragmentProto, 'findAll', function (this: DocumentFragment, selector: string) {
    return Array.from(this.querySelectorAll(selector));
  });

  define(htmlProto, 'show', function (this: HTMLElement) {
    this.style.removeProperty('display');
  });
  define(htmlProto, 'hide', function (this: HTMLElement) {
    this.style.setProperty('display', 'none');
  });
  define(htmlProto, 'toggle', function (this: HTMLElement, show: boolean) {
    if (show) this.style.removeProperty('display');
    else this.style.setProperty('display', 'none');
  });
  define(htmlProto, 'toggleVisibility', function (this: HTMLElement, visible: boolean) {
    if (visible) this.style.removeProperty('visibility');
    else this.style.setProperty('visibility', 'hidden');
  });
  // As Obsidian's (which reads offsetParent): an element inside a hidden one, e.g. a tab in the
  // background, is not shown either.
  define(htmlProto, 'isShown', function (this: HTMLElement) {
    if (this.style.display === 'none') return false;
    for (let el = this.parentElement; el !== null; el = el.parentElement) {
      if (el.style.display === 'none') return false;
    }
    return true;
  });
  define(htmlProto, 'setCssStyles', function (this: HTMLElement, styles: Partial<CSSStyleDeclaration>) {
    Object.assign(this.style, styles);
  });
  define(htmlProto, 'setCssProps', function (this: HTMLElement, props: Record<string, string>) {
    for (const [name, value] of Object.entries(props)) this.style.setProperty(name, value);
  });
  define(htmlProto, 'onClickEvent', function (this: HTMLElement, listener: (ev: MouseEvent) => unknown, options?: boolean | AddEventListenerOptions) {
    this.addEventListener('click', listener as EventListener, options);
  });
  define(htmlProto, 'trigger', function (this: HTMLElement, eventType: string) {
    this.dispatchEvent(new (this.ownerDocument ?? doc).defaultView!.Event(eventType));
  });

  const globals = win as unknown as Record<string, unknown>;
  define(globals, 'createEl', (tag: string, info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) => createElIn(null, tag, info, callback));
  define(globals, 'createDiv', (info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) => createElIn(null, 'div', info, callback));
  define(globals, 'createSpan', (info?: FakeDomElementInfo | string, callback?: (el: HTMLElement) => void) => createElIn(null, 'span', info, callback));
  define(globals, 'createFragment', (callback?: (el: DocumentFragment) => void) => {
    const fragment = doc.createDocumentFragment();
    callback?.(fragment);
    return fragment;
  });
  define(globals, 'sleep', (ms: number) => new Promise<void>((resolve) => globalThis.setTimeout(resolve, ms)));
  define(globals, 'nextFrame', () => new Promise<void>((resolve) => globalThis.setTimeout(resolve, 16)));
}
