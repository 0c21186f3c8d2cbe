import * as v from 'valibot';
import { INTERPRETATIONS } from '../../../../contract/enums';
import { lenient, text } from '../../../shared/lib/searchParams';

/** The inbox's filters in the address, so a filtered inbox can be shared and reloaded. */
export const inboxSearchSchema = v.object({
  user_id: lenient(v.pipe(v.string(), v.uuid())),
  interpretation: lenient(v.picklist(INTERPRETATIONS)),
  lab_test_id: lenient(text(100)),
});
export type InboxSearch = v.InferOutput<typeof inboxSearchSchema>;
