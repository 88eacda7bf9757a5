import type { ActivityView } from '@nsa/contracts';
import type { FieldErrors } from '../../shared/lib/errors';

/** The add/edit form's values: inputs and selects hold text, '' for "nothing chosen". */
export interface ActivityFormValues {
  title: string;
  schoolId: string;
  blockId: string;
  providerId: string;
  weekday: string;
  startTime: string;
  capacity: string;
  isLocked: boolean;
  isHidden: boolean;
}

export const EMPTY_ACTIVITY_FORM: ActivityFormValues = {
  title: '',
  schoolId: '',
  blockId: '',
  providerId: '',
  weekday: '',
  startTime: '',
  capacity: '',
  isLocked: false,
  isHidden: false,
};

export function activityFormValues(activity: ActivityView | null): ActivityFormValues {
  if (!activity) return EMPTY_ACTIVITY_FORM;
  return {
    title: activity.title,
    schoolId: String(activity.schoolId),
    blockId: String(activity.blockId),
    providerId: String(activity.providerId),
    weekday: String(activity.weekday),
    startTime: activity.startTime.slice(0, 5),
    capacity: String(activity.capacity),
    isLocked: activity.isLocked,
    isHidden: activity.isHidden,
  };
}

const orMissing = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * What activitySchema gets. An empty choice is "missing", never 0: coerced,
 * an empty weekday would silently become Sunday.
 */
export function activityFormInput(values: ActivityFormValues): Record<string, unknown> {
  return {
    title: values.title,
    schoolId: orMissing(values.schoolId),
    blockId: orMissing(values.blockId),
    providerId: orMissing(values.providerId),
    weekday: orMissing(values.weekday),
    startTime: values.startTime.slice(0, 5),
    capacity: orMissing(values.capacity),
    isLocked: values.isLocked,
    isHidden: values.isHidden,
  };
}

export type ChoiceField = 'schoolId' | 'blockId' | 'providerId' | 'weekday';
const CHOICES: readonly ChoiceField[] = ['schoolId', 'blockId', 'providerId', 'weekday'];

/** For a select left empty, "choose one" says more than the schema's range message. */
export function withChoiceMessages(
  errors: FieldErrors,
  values: ActivityFormValues,
  chooseMessage: (field: ChoiceField) => string,
): FieldErrors {
  const result = { ...errors };
  for (const field of CHOICES) {
    if (result[field] && values[field] === '') result[field] = chooseMessage(field);
  }
  return result;
}
