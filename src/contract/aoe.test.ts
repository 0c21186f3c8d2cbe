import { describe, expect, it } from 'vitest';
import { aoeIssues } from './aoe';
import { MESSAGES } from './messages';

const fasting = {
  id: 101,
  aoe: {
    questions: [
      {
        id: 9101,
        required: true,
        value: 'Fasting?',
        answers: [
          { code: 'Y', value: 'Yes' },
          { code: 'N', value: 'No' },
        ],
      },
    ],
  },
};
const optionalText = {
  id: 5,
  aoe: { questions: [{ id: 7, required: false, value: 'Note', answers: [] }] },
};

describe('aoeIssues', () => {
  it('passes a required question answered by code or by text', () => {
    expect(aoeIssues([fasting], [{ marker_id: 101, question_id: 9101, answer: 'Y' }])).toEqual([]);
    expect(aoeIssues([fasting], [{ marker_id: 101, question_id: 9101, answer: 'No' }])).toEqual([]);
  });
  it('refuses a required question left unanswered or blank', () => {
    const expected = [{ path: ['aoe_answers'], message: MESSAGES.aoeRequired('Fasting?') }];
    expect(aoeIssues([fasting], [])).toEqual(expected);
    expect(aoeIssues([fasting], null)).toEqual(expected);
    expect(aoeIssues([fasting], [{ marker_id: 101, question_id: 9101, answer: ' ' }])).toEqual(
      expected,
    );
  });
  it('refuses an answer that is not offered, at its index', () => {
    expect(aoeIssues([fasting], [{ marker_id: 101, question_id: 9101, answer: 'Maybe' }])).toEqual([
      { path: ['aoe_answers', 0, 'answer'], message: MESSAGES.aoeAnswerNotOffered },
    ]);
  });
  it('lets optional questions and free-text answers through', () => {
    expect(aoeIssues([optionalText, { id: 9 }], [])).toEqual([]);
    expect(aoeIssues([optionalText], [{ marker_id: 5, question_id: 7, answer: 'any' }])).toEqual(
      [],
    );
  });
});
