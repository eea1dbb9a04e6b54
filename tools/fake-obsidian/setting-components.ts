/** Obsidian's `BaseComponent`: something that can be disabled. */
export abstract class BaseComponent {
  /** Whether the control is disabled. */
  disabled = false;

  /** Calls `cb` with this component. */
  then(cb: (component: this) => unknown): this {
    cb(this);
    return this;
  }

  /** Disables or enables the control. */
  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }
}

/** Obsidian's `ValueComponent`: holds a value. */
export abstract class ValueComponent<T> extends BaseComponent {
  /** The current value. */
  abstract getValue(): T;
  /** Sets the value (without calling `onChange`, except where Obsidian does). */
  abstract setValue(value: T): this;
}

/** Base of the text inputs: `onChange` fires on every `input` event, as in Obsidian. */
export abstract class AbstractTextComponent<E extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
  /** The input element. */
  inputEl: E;
  private changeCallback: ((value: string) => unknown) | null = null;

  constructor(inputEl: E) {
    super();
    this.inputEl = inputEl;
    inputEl.addEventListener('input', () => void this.changeCallback?.(inputEl.value));
  }

  override setDisabled(disabled: boolean): this {
    this.inputEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  getValue(): string {
    return this.inputEl.value;
  }

  setValue(value: string): this {
    this.inputEl.value = value;
    return this;
  }

  /** Sets the placeholder. */
  setPlaceholder(placeholder: string): this {
    this.inputEl.placeholder = placeholder;
    return this;
  }

  /** Called with the new value when the user types. */
  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }

  /** Fires the change callback with the current value. */
  onChanged(): void {
    void this.changeCallback?.(this.inputEl.value);
  }
}

/** A one-line text input. */
export class TextComponent extends AbstractTextComponent<HTMLInputElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('input', { type: 'text' }));
  }
}

/** The secret picker (1.11.4): its value is a secret id, never the secret itself. */
export class SecretComponent extends AbstractTextComponent<HTMLInputElement> {
  constructor(app: unknown, containerEl: HTMLElement) {
    void app;
    super(containerEl.createEl('input', { type: 'text', cls: 'secret-component' }));
  }
}

/** A multi-line text input. */
export class TextAreaComponent extends AbstractTextComponent<HTMLTextAreaElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl('textarea'));
  }
}

/** A toggle; a click flips it. Like Obsidian, `setValue` with a different value calls `onChange`. */
export class ToggleComponent extends ValueComponent<boolean> {
  /** The toggle element. */
  toggleEl: HTMLElement;
  private on = false;
  private changeCallback: ((value: boolean) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.toggleEl = containerEl.createDiv({ cls: 'checkbox-container', attr: { role: 'switch', 'aria-checked': 'false', tabindex: 0 } });
    this.toggleEl.addEventListener('click', () => {
      if (!this.disabled) this.setValue(!this.on);
    });
  }

  getValue(): boolean {
    return this.on;
  }

  setValue(on: boolean): this {
    if (on === this.on) return this;
    this.on = on;
    this.toggleEl.toggleClass('is-enabled', on);
    this.toggleEl.setAttr('aria-checked', String(on));
    void this.changeCallback?.(on);
    return this;
  }

  /** Sets the tooltip. */
  setTooltip(tooltip: string): this {
    this.toggleEl.setAttr('aria-label', tooltip);
    return this;
  }

  /** Called with the new value. */
  onChange(callback: (value: boolean) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

/** A select; `onChange` fires on the `change` event. */
export class DropdownComponent extends ValueComponent<string> {
  /** The select element. */
  selectEl: HTMLSelectElement;
  private changeCallback: ((value: string) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.selectEl = containerEl.createEl('select', 'dropdown');
    this.selectEl.addEventListener('change', () => void this.changeCallback?.(this.selectEl.value));
  }

  /** Adds one option. */
  addOption(value: string, display: string): this {
    this.selectEl.createEl('option', { value, text: display });
    return this;
  }

  /** Adds options from a value → label record. */
  addOptions(options: Record<string, string>): this {
    for (const [value, display] of Object.entries(options)) this.addOption(value, display);
    return this;
  }

  getValue(): string {
    return this.selectEl.value;
  }

  setValue(value: string): this {
    this.selectEl.value = value;
    return this;
  }

  /** Called with the new value. */
  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

/** A range input; `onChange` fires on the `change` event (and on `input` with instant mode). */
export class SliderComponent extends ValueComponent<number> {
  /** The range input. */
  sliderEl: HTMLInputElement;
  private changeCallback: ((value: number) => unknown) | null = null;
  private instant = false;

  constructor(containerEl: HTMLElement) {
    super();
    this.sliderEl = containerEl.createEl('input', { type: 'range', cls: 'slider' });
    this.sliderEl.addEventListener('change', () => void this.changeCallback?.(this.getValue()));
    this.sliderEl.addEventListener('input', () => {
      if (this.instant) void this.changeCallback?.(this.getValue());
    });
  }

  /** Sets min, max and step. */
  setLimits(min: number | null, max: number | null, step: number | 'any'): this {
    if (min !== null) this.sliderEl.min = String(min);
    if (max !== null) this.sliderEl.max = String(max);
    this.sliderEl.step = String(step);
    return this;
  }

  /** Calls `onChange` while dragging too. */
  setInstant(instant: boolean): this {
    this.instant = instant;
    return this;
  }

  /** Accepted for compatibility; the fake shows no tooltip. */
  setDynamicTooltip(): this {
    return this;
  }

  getValue(): number {
    return Number(this.sliderEl.value);
  }

  setValue(value: number): this {
    this.sliderEl.value = String(value);
    return this;
  }

  /** Called with the new value. */
  onChange(callback: (value: number) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

/** A button; `onClick` fires on click unless disabled. */
export class ButtonComponent extends BaseComponent {
  /** The button element. */
  buttonEl: HTMLButtonElement;
  private clickCallback: ((evt: MouseEvent) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.buttonEl = containerEl.createEl('button');
    this.buttonEl.addEventListener('click', (event) => {
      if (!this.disabled) void this.clickCallback?.(event);
    });
  }

  override setDisabled(disabled: boolean): this {
    this.buttonEl.disabled = disabled;
    return super.setDisabled(disabled);
  }

  /** Sets the label. */
  setButtonText(name: string): this {
    this.buttonEl.setText(name);
    return this;
  }

  /** Sets the icon (as `setIcon`). */
  setIcon(icon: string): this {
    this.buttonEl.empty();
    this.buttonEl.createSpan({ cls: 'fake-icon', attr: { 'data-icon': icon, 'aria-label': icon } });
    return this;
  }

  /** Sets the tooltip. */
  setTooltip(tooltip: string): this {
    this.buttonEl.setAttr('aria-label', tooltip);
    return this;
  }

  /** Marks the button as the call to action. */
  setCta(): this {
    this.buttonEl.addClass('mod-cta');
    return this;
  }

  /** Marks the button as dangerous. */
  setWarning(): this {
    this.buttonEl.addClass('mod-warning');
    return this;
  }

  /** Sets a class. */
  setClass(cls: string): this {
    this.buttonEl.addClass(cls);
    return this;
  }

  /** Called on click. */
  onClick(callback: (evt: MouseEvent) => unknown): this {
    this.clickCallback = callback;
    return this;
  }
}

/** A small icon button. */
export class ExtraButtonComponent extends ButtonComponent {
  constructor(containerEl: HTMLElement) {
    super(containerEl);
    this.buttonEl.addClass('clickable-icon', 'extra-setting-button');
  }

}
