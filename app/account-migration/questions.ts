import type { TFunction } from "~/translate/translator";

/** The security questions offered at account migration; their texts are translations. */
export const SECURITY_QUESTION_KEYS = ["firstPet", "birthCity", "firstSchool", "motherMaidenName", "firstCar"] as const;

export interface SecurityQuestion {
  key: string;
  value: string;
}

/** The questions in one language, in their order (the first is preselected). */
export function securityQuestionsIn(t: TFunction): SecurityQuestion[] {
  return SECURITY_QUESTION_KEYS.map((key) => ({ key, value: t(`securityQuestions.${key}`) }));
}
