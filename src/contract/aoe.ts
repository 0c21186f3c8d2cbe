import { MESSAGES } from './messages';
import type { ContractIssue } from './orderRequest';

/** What the AoE check needs of a marker: its ask-on-order-entry questions. */
export interface AoeMarker {
  id: number;
  aoe?: {
    questions: readonly {
      id: number;
      required: boolean;
      value: string;
      answers?: readonly { code: string; value: string }[] | null;
    }[];
  } | null;
}

/**
 * Ask-on-order-entry rules: every required question of the ordered markers has an
 * answer, and a question with listed answers takes one of them (by code or by text).
 * Issues point at `aoe_answers`, the field the form shows the questions in.
 */
export function aoeIssues(
  markers: readonly AoeMarker[],
  answers: readonly { marker_id: number; question_id: number; answer: string }[] | null | undefined,
): ContractIssue[] {
  const issues: ContractIssue[] = [];
  for (const marker of markers) {
    for (const question of marker.aoe?.questions ?? []) {
      const index = (answers ?? []).findIndex(
        (a) => a.marker_id === marker.id && a.question_id === question.id,
      );
      const given = index >= 0 ? answers?.[index]?.answer.trim() : undefined;
      if (!given) {
        if (question.required) {
          issues.push({ path: ['aoe_answers'], message: MESSAGES.aoeRequired(question.value) });
        }
        continue;
      }
      const offered = question.answers ?? [];
      if (offered.length > 0 && !offered.some((o) => o.code === given || o.value === given)) {
        issues.push({
          path: ['aoe_answers', index, 'answer'],
          message: MESSAGES.aoeAnswerNotOffered,
        });
      }
    }
  }
  return issues;
}
