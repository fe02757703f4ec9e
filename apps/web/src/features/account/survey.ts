import type { ParseKeys } from 'i18next';

/** The nine survey questions and their four options, as translation keys; answers are the option letters. */
export const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9'] as const;
export const OPTIONS = ['a', 'b', 'c', 'd'] as const;

export type SurveyQuestion = (typeof QUESTIONS)[number];
export type SurveyOption = (typeof OPTIONS)[number];

export const questionKey = (question: SurveyQuestion): ParseKeys => `survey.${question}.text`;
export const optionKey = (question: SurveyQuestion, option: SurveyOption): ParseKeys => `survey.${question}.${option}`;

/** The survey call's answers field: one letter per question in order, comma-separated. */
export function surveyAnswers(answers: Record<SurveyQuestion, SurveyOption>): string {
  return QUESTIONS.map((question) => answers[question]).join(',');
}
