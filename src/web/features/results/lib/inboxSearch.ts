import { z } from 'zod';
import { INTERPRETATIONS } from '../../../../contract/enums';

/** The inbox's filters in the address, so a filtered inbox can be shared and reloaded. */
export const inboxSearchSchema = z.object({
  user_id: z.uuid().optional().catch(undefined),
  interpretation: z.enum(INTERPRETATIONS).optional().catch(undefined),
  lab_test_id: z.string().max(100).optional().catch(undefined),
});
export type InboxSearch = z.infer<typeof inboxSearchSchema>;
