import './skeleton.css';

/**
 * Grey bars where content is about to appear, so the page does not jump when it arrives.
 * Hidden from assistive technology: the `label` is what a screen reader hears instead.
 */
export function Skeleton({
  lines = 3,
  label = 'Loading …',
  variant = 'text',
}: {
  lines?: number;
  label?: string;
  variant?: 'text' | 'table';
}) {
  return (
    <div role="status" className={`skeleton skeleton--${variant}`}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
