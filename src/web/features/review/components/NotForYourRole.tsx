import { usePageTitle } from '../../../shared/ui/usePageTitle';

/** What a role without access to the review queue sees instead of it. */
export function NotForYourRole() {
  usePageTitle('Unmatched results');
  return (
    <div className="state">
      <h1>Unmatched results</h1>
      <p role="alert">Only ops staff review unmatched results.</p>
    </div>
  );
}
