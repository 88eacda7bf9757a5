/** An audit action's name in the screen's language; an action the screen does not know, as is. */
export function actionLabel(
  t: (key: string, opts?: Record<string, unknown>) => string,
  action: string,
): string {
  return t(`audit.actions.${action.replace('.', '_')}`, { defaultValue: action });
}
