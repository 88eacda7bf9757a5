export interface Breaking {
  /** The field, e.g. `data.notification.childName`; `[]` an array's items, `{}` a record's values. */
  path: string;
  problem: string;
}

export type JsonSchema = Record<string, unknown> | boolean;

export function compareSchemas(
  kind: 'message',
  before: { input: JsonSchema; output: JsonSchema },
  after: { input: JsonSchema; output: JsonSchema },
  path?: string,
): Breaking[];
export function compareSchemas(
  kind: 'request' | 'response',
  before: JsonSchema,
  after: JsonSchema,
  path?: string,
): Breaking[];
