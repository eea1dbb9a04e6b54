import { answerKind, answersKind, stem, stemsOf, termIn } from '../../../tools/model-server/question-terms';

describe('question terms', () => {
  it('stems plurals and -ing/-ed forms to one word', () => {
    expect(['file', 'filing', 'filed', 'files'].map(stem)).toEqual(['fil', 'fil', 'fil', 'fil']);
    expect(['expense', 'expenses'].map(stem)).toEqual(['expens', 'expens']);
    expect(['refund', 'refunds', 'refunded'].map(stem)).toEqual(['refund', 'refund', 'refund']);
    expect(['process', 'processes', 'policies', '1,000'].map(stem)).toEqual(['process', 'process', 'policy', '1,000']);
  });

  it('matches a term by stem, near prefix, hyphenated part or synonym, but not by a short prefix', () => {
    expect(termIn('approves', stemsOf('Pre-approval is needed above €250.'))).toBe(true);
    expect(termIn('file', stemsOf('Submit receipts within 30 days.'))).toBe(true);
    expect(termIn('1,000', stemsOf('above €1,000 (ask Ana).'))).toBe(true);
    expect(termIn('pay', stemsOf('Payment failures: check the status page.'))).toBe(false);
    expect(termIn('on-call', stemsOf('€300 per on-call week.'))).toBe(true);
  });

  it('matches a word of a concept by the others (the hand-made concept table)', () => {
    expect(termIn('ill', stemsOf("Sick leave: no doctor's note needed for up to three days."))).toBe(true);
    expect(termIn('baby', stemsOf('Parental leave: 20 weeks fully paid for every parent.'))).toBe(true);
    expect(termIn('ill', stemsOf('Parental leave: 20 weeks fully paid for every parent.'))).toBe(false);
  });

  it('reads the kind of answer a question wants and whether a sentence has it', () => {
    expect(answerKind('How long do I have to file an expense refund?')).toBe('duration');
    expect(answerKind('When is the on-call handover?')).toBe('moment');
    expect(answerKind('How much is on-call pay?')).toBe('amount');
    expect(answerKind('Who approves expenses above €1,000?')).toBe('person');
    expect(answerKind('What is the remote work policy?')).toBe('any');
    expect(answersKind('Refunds reach the card within 5–10 working days.', 'duration')).toBe(true);
    expect(answersKind('Handover on Tuesday at 11:00.', 'duration')).toBe(false);
    expect(answersKind('Handover on Tuesday at 11:00.', 'moment')).toBe(true);
    expect(answersKind('Meals: up to €45 a day.', 'amount')).toBe(true);
    expect(answersKind('Ask [[Ana Ruiz]].', 'person')).toBe(true);
  });
});
