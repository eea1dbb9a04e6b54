import { type ReactNode, useId } from 'react';
import { useChatController, useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/** Props of {@link ChatToolbar}. */
export interface ChatToolbarProps {
  /** Model names offered as suggestions; any name can be typed. */
  readonly models: readonly string[];
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
        {models.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {children}
      <button type="button" data-testid="new-chat" onClick={() => controller.newChat()}>
        {t('chat.newChat')}
      </button>
    </div>
  );
}
