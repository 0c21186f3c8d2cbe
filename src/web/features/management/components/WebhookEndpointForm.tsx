import { useId, useState, type SyntheticEvent } from 'react';
import {
  createWebhookBodySchema,
  type CreateWebhookBody,
  type WebhookEndpointView,
} from '../../../../contract/management';
import { LAB_WEBHOOK_EVENT_TYPES } from '../../../../contract/webhooks';
import { describeError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';

type Field = 'url' | 'description' | 'filter_types' | 'rate_limit';

/**
 * A webhook endpoint's settings: its address, a description, the event types it gets
 * (none listed: all), a rate limit, and whether it is disabled. Checked with the
 * contract's request schema before it is sent.
 */
export function WebhookEndpointForm({
  endpoint,
  onSubmit,
  onCancel,
}: {
  endpoint?: WebhookEndpointView;
  onSubmit: (body: CreateWebhookBody) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState((endpoint?.filter_types ?? []).join('\n'));
  const [rateLimit, setRateLimit] = useState(
    endpoint?.rate_limit == null ? '' : String(endpoint.rate_limit),
  );
  const [disabled, setDisabled] = useState(endpoint?.disabled ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const types = events
      .split(/[\s,]+/)
      .map((t) => t.trim())
      .filter(Boolean);
    const parsed = createWebhookBodySchema.safeParse({
      url: url.trim(),
      description,
      filter_types: types.length > 0 ? types : null,
      rate_limit: rateLimit.trim() === '' ? null : Number(rateLimit),
      disabled,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-url`}>Endpoint URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy('url')}
        />
        {error('url')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <input
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {error('description')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-events`}>Event types (one per line; none: all events)</label>
        <textarea
          id={`${id}-events`}
          rows={3}
          value={events}
          placeholder={LAB_WEBHOOK_EVENT_TYPES.slice(0, 2).join('\n')}
          onChange={(e) => setEvents(e.target.value)}
          aria-invalid={errors.filter_types ? true : undefined}
          aria-describedby={describedBy('filter_types')}
        />
        {error('filter_types')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-rate`}>Rate limit (deliveries per second; empty: none)</label>
        <input
          id={`${id}-rate`}
          inputMode="numeric"
          value={rateLimit}
          onChange={(e) => setRateLimit(e.target.value)}
          aria-invalid={errors.rate_limit ? true : undefined}
          aria-describedby={describedBy('rate_limit')}
        />
        {error('rate_limit')}
      </div>
      <div className="field field--checkbox">
        <input
          id={`${id}-disabled`}
          type="checkbox"
          checked={disabled}
          onChange={(e) => setDisabled(e.target.checked)}
        />
        <label htmlFor={`${id}-disabled`}>Disabled (nothing is delivered)</label>
      </div>
      {failure ? (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      ) : null}
      <p className="dialog__actions">
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Saving …' : endpoint ? 'Save endpoint' : 'Add endpoint'}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </p>
    </form>
  );
}
