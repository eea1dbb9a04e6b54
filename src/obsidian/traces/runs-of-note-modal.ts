import { type App, Modal } from 'obsidian';
import { formatCost } from '../../markers';
import { formatHeaderTime } from '../../conversation';
import type { FoundRun } from '../../traces';
import { t, tCount } from '../../i18n';

/**
 * "Which conversations used this note?": the runs in which text of the note reached the model,
 * newest first, each with its time, how it ended and its cost; a row opens its conversation.
 */
export class RunsOfNoteModal extends Modal {
  constructor(
    app: App,
    private readonly options: { readonly noteName: string; readonly runs: readonly FoundRun[]; readonly open: (path: string) => void },
  ) {
    super(app);
  }

  override onOpen(): void {
    const { noteName, runs } = this.options;
    this.titleEl.setText(t('traces.usedNoteTitle', { note: noteName }));
    this.contentEl.addClass('glassbox-runs-of-note');
    if (runs.length === 0) {
      this.contentEl.createEl('p', { text: t('traces.usedNoteNone') });
      return;
    }
    const conversations = new Set(runs.map((run) => run.note)).size;
    this.contentEl.createEl('p', { cls: 'glassbox-runs-of-note-count', text: `${tCount('traces.runCount', runs.length)} · ${tCount('traces.conversationCount', conversations)}` });
    const list = this.contentEl.createEl('ul', { cls: 'glassbox-runs-of-note-list' });
    for (const run of runs) {
      const row = list.createEl('li');
      const button = row.createEl('button', { cls: 'glassbox-runs-of-note-open', text: run.title, attr: { type: 'button', title: run.note } });
      button.addEventListener('click', () => {
        this.close();
        this.options.open(run.note);
      });
      const details = [formatHeaderTime(run.startedAt, 'local') ?? '', statusLabel(run.status), ...(run.cost !== undefined ? [formatCost(run.cost)] : [])].filter((part) => part !== '');
      row.createSpan({ cls: 'glassbox-runs-of-note-details', text: details.join(' · ') });
    }
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}

function statusLabel(status: string): string {
  switch (status) {
    case 'complete':
      return t('traces.statusComplete');
    case 'stopped':
      return t('traces.statusStopped');
    case 'error':
      return t('traces.statusError');
    case 'max_iterations':
      return t('traces.statusStepLimit');
    default:
      return status;
  }
}

