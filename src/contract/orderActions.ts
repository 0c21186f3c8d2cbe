import { z } from 'zod';

/*
 * Changes to one order beside cancelling it (docs/lab-api-facts.md §6): the activation date of a
 * scheduled order, the end of an on-site draw, and the patient's SMS per order.
 */

/** Statuses in which a scheduled order's activation date may change (document, PATCH /v3/order/{id}). */
export const ACTIVATION_CHANGEABLE = ['ordered', 'awaiting_registration'] as const;

/** `activate_by` is required: a date from today on, or null to dispatch the order now. */
export const updateOrderBodySchema = z.object({ activate_by: z.iso.date().nullable() });
export type UpdateOrderBody = z.infer<typeof updateOrderBodySchema>;

/** The form's schema: the date must be today or later (today given, in the patient's calendar). */
export const activationDateSchemaFor = (today: string) =>
  z.object({
    activate_by: z.iso
      .date({ message: 'Enter a date' })
      .refine((date) => date >= today, { message: 'The activation date cannot be in the past' }),
  });

/** On-site collection: the draw is done from `requisition_created` or `requisition_bypassed`. */
export const DRAW_COMPLETABLE = ['requisition_created', 'requisition_bypassed'] as const;

export const communicationSettingsBodySchema = z.object({ sms_enabled: z.boolean() });
export const communicationSettingsSchema = z.looseObject({
  order_id: z.string(),
  sms_enabled: z.boolean(),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;
