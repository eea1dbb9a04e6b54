import { type ReactNode, useId } from 'react';
import { useChatController, useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/** A model the picker suggests, with what its server says about it ("32,768 tokens · tools"). */
export interface ModelOption {
  readonly name: string;
  readonly detail?: string;
}

/** Props of {@link ChatToolbar}. */
export interface ChatToolbarProps {
  /** Models offered as suggestions; any name can be typed. */
  readonly models: readonly ModelOption[];
  /** Extra buttons from the host (e.g. the conversation history). */
  readonly children?: ReactNode;
}

/** The top row: the model picker and "New chat". */
export function ChatToolbar({ models, children }: ChatToolbarProps) {
  const controller = useChatController();
  const model = useChatSelector((state) => state.model);
  const running = useChatSelector((state) => state.running);
  const listId = useId();
  return (
    <div className="glassbox-toolbar">
      <label className="glassbox-model-label">
        <span>{t('chat.model')}</span>
        <input
          className="glassbox-model-picker"
          data-testid="model-picker"
          list={listId}
          value={model}
          disabled={running}
          onChange={(event) => controller.configureNextRun({ model: event.target.value })}
        />
      </label>
      <datalist id={listId}>
        {models.map((option) => (
          <option key={option.name} value={option.name} label={option.detail !== undefined && option.detail !== '' ? `${option.name} · ${option.detail}` : undefined} />
        ))}
      </datalist>
      {children}
      <button type="button" data-testid="new-chat" onClick={() => controller.newChat()}>
        {t('chat.newChat')}
      </button>
    </div>
  );
}
