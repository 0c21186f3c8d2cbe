import { flagText } from '../../../shared/lib/resultSeries';
import { Link } from '@tanstack/react-router';
import { describeError } from '../../../shared/api/client';
import type { LabOverlay } from '../lib/labOverlay';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * What the lab overlay draws, in words: which marker, the unit conversion, the key to the
 * shapes, and each value with its flag and a link to its result (the chart's text twin).
 */
export function LabOverlayNote({
  overlay,
  pending,
  error,
  label,
}: {
  overlay: LabOverlay | null;
  pending: boolean;
  error: unknown;
  label: string;
}) {
  if (pending) {
    return (
      <p role="status" className="pending">
        Loading the patient’s lab results …
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="form-alert">
        {describeError(error)}
      </p>
    );
  }
  if (!overlay) {
    return (
      <p role="status" className="empty">
        No lab result of this patient measures {label.toLowerCase()}.
      </p>
    );
  }
  // mmol/L with one decimal, as the consensus writes the range (3.9–10.0).
  const targetBound = (value: number | null, unit: string) =>
    value === null ? '' : /mmol/i.test(unit) ? value.toFixed(1) : String(value);
  const reference =
    overlay.referenceMin !== null && overlay.referenceMax !== null
      ? `${overlay.referenceMin}–${overlay.referenceMax} ${overlay.unit}`
      : null;
  const band =
    overlay.band === 'monitor-target'
      ? ` The shaded band is the target range for monitor data, ${targetBound(overlay.min, overlay.unit)}–${targetBound(overlay.max, overlay.unit)} ${overlay.unit}${reference ? `; the lab’s interval, ${reference}, is for fasting samples` : ''}.`
      : reference
        ? ` Its reference interval, ${reference}, is shaded.`
        : '';
  return (
    <div className="lab-overlay-note" role="status">
      <p>
        {overlay.points.length === 0
          ? `No lab ${overlay.name} value in this range`
          : `Lab ${overlay.name}: ${overlay.points.length} ${overlay.points.length === 1 ? 'value' : 'values'} in this range`}
        {overlay.outside > 0 ? ` (${overlay.outside} outside it)` : ''}.
        {overlay.converted
          ? ` Drawn in ${overlay.unit}, converted from the lab’s ${overlay.labUnit}.`
          : ''}
        {band}
      </p>
      <ul className="lab-overlay-key" aria-label="Lab value shapes">
        <li>
          <span className="lab-key lab-key--normal" aria-hidden="true">
            ■
          </span>{' '}
          Normal
        </li>
        <li>
          <span className="lab-key lab-key--high" aria-hidden="true">
            ▲
          </span>{' '}
          High
        </li>
        <li>
          <span className="lab-key lab-key--low" aria-hidden="true">
            ▼
          </span>{' '}
          Low
        </li>
        <li>
          <span className="lab-key lab-key--critical" aria-hidden="true">
            ◆
          </span>{' '}
          Critical
        </li>
      </ul>
      {overlay.points.length > 0 ? (
        <ul className="lab-overlay-values" aria-label={`Lab ${overlay.name} values`}>
          {overlay.points.map((p) => (
            <li key={`${p.orderId}-${p.t}`}>
              <Link to="/results/$orderId" params={{ orderId: p.orderId }}>
                {dayFormat.format(p.t)}
              </Link>
              : {p.text} {overlay.labUnit}
              {overlay.converted ? ` (${p.value} ${overlay.unit})` : ''} ·{' '}
              <span className={`lab-flag lab-flag--${p.flag}`}>
                {flagText(p.flag, p.direction)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
