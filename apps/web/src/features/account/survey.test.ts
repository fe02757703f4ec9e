import { SURVEY_QUESTIONS, ZSurveyRequest } from '@tidemark/protocol';
import { describe, expect, it } from 'vitest';
import { OPTIONS, QUESTIONS, surveyAnswers } from './survey';

describe('survey answers', () => {
  it('has as many questions as the server expects, each with options a-d', () => {
    expect(QUESTIONS).toHaveLength(SURVEY_QUESTIONS);
    expect(OPTIONS).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins the letters in question order, in the form the server accepts', () => {
    const answers = { q1: 'a', q2: 'b', q3: 'c', q4: 'd', q5: 'a', q6: 'b', q7: 'c', q8: 'd', q9: 'a' } as const;
    expect(surveyAnswers(answers)).toBe('a,b,c,d,a,b,c,d,a');
    expect(ZSurveyRequest.safeParse({ code: '123456', answers: surveyAnswers(answers) }).success).toBe(true);
  });
});
