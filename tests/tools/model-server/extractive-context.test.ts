import { askDemoVault } from './support/ask-demo-vault';
import { useDemoVaultServer } from './support/demo-vault-server';

// The extractive model reads what the question carries (the open note, a selection, [[links]])
// and quotes table rows, over the demo vault with the real runner and tools.
const world = useDemoVaultServer();

describe('the extractive policy with attached notes', () => {
  it('answers "this note" from the attached note without searching', async () => {
    const { result, tools } = await askDemoVault(world, 'Summarise this note', { context: { notes: ['Handbook/Vacation and leave.md'] } });
    expect(tools).toEqual([]);
    expect(result.answer).toContain('- [[Vacation and leave]]: "**25 working days** of vacation a year, plus Portuguese public holidays and your birthday."');
  });

  it('answers about a selection from the selected lines', async () => {
    const text = '- Sick leave: tell your lead the same morning; no doctor\'s note needed for up to three days.\n- Parental leave: 20 weeks fully paid for every parent, on top of the statutory leave.';
    const { result, tools } = await askDemoVault(world, 'How long is parental leave?', { context: { selection: { path: 'Handbook/Vacation and leave.md', fromLine: 11, toLine: 12, text } } });
    expect(tools).toEqual([]);
    expect(result.answer).toBe('Here is what your notes say:\n\n- [[Vacation and leave]]: "Parental leave: 20 weeks fully paid for every parent, on top of the statutory leave."');
  });

  it('answers from a [[linked]] note that holds every word of the question', async () => {
    const { result, tools } = await askDemoVault(world, 'What is the home office budget in the [[Remote work policy]]?');
    expect(tools).toEqual([]);
    expect(result.answer).toContain('[[Remote work policy]]: "Home office budget: **€600 once**, then €150 a year, claimed as in [[Expense and refunds policy]]."');
  });

  it('still searches when the open note does not answer the question', async () => {
    const { result, tools } = await askDemoVault(world, 'How much is on-call pay?', { context: { notes: ['Home.md'] } });
    expect(tools[0]).toBe('localSearch');
    expect(result.answer).toContain('€300 per on-call week');
  });
});

describe('the extractive policy quoting tables', () => {
  it('quotes the table row that answers, under its header', async () => {
    const { result } = await askDemoVault(world, 'What is the response time for a Sev-2 incident?');
    expect(result.answer).toContain(
      'From the table in [[On-call rotation]]:\n\n| Severity | Meaning | Response time |\n| --- | --- | --- |\n| Sev-2 | One dock or one feature is down | 1 hour in the day, next morning at night |',
    );
    expect(result.answer).not.toContain('| Sev-1 |');
  });
});
