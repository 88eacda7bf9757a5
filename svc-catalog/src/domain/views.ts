import type { ActivityView } from '@nsa/contracts';
import type { ActivityRecord } from '../data-access/activities.js';

/** An activity as the API shows it: the school's token stays inside the service. */
export function toView(record: ActivityRecord): ActivityView {
  const { schoolToken: _token, ...view } = record;
  return view;
}
