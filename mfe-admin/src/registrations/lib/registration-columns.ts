// The sign-up table's columns after the child's name, in order (R-REVIEW-SCREEN).
export const COLUMNS = [
  'age',
  'group',
  'parent',
  'email',
  'phone',
  'activity',
  'status',
  'capacity',
  'emailSent',
  'date',
] as const;

export type Column = (typeof COLUMNS)[number];

// Not worth a column on paper, where eleven columns are already tight.
export const PRINT_HIDDEN: ReadonlySet<string> = new Set(['emailSent']);
