import type { SessionResponse } from '../../../contract';

export interface EnvironmentBadge {
  label: string;
  /** Said to screen readers and shown as the badge's title. */
  description: string;
  /** Test data is marked loudly so it is never mistaken for real patients. */
  testData: boolean;
}

/** What the header says about the Lab API the console talks to. */
export function environmentBadge(upstream: SessionResponse['upstream']): EnvironmentBadge {
  const region = upstream.region ? ` (${upstream.region.toUpperCase()})` : '';
  switch (upstream.environment) {
    case 'local':
      return {
        label: 'Local sandbox',
        description: 'Connected to the local Lab API: demo data, no real patients.',
        testData: true,
      };
    case 'sandbox':
      return {
        label: `Sandbox${region}`,
        description: `Connected to the Lab API sandbox${region}: test data, no real patients.`,
        testData: true,
      };
    case 'production':
      return {
        label: `Production${region}`,
        description: `Connected to the Lab API in production${region}: real patients and real orders.`,
        testData: false,
      };
    case 'custom':
      return {
        label: 'Custom Lab API',
        description:
          'Connected to a Lab API at a custom address: ask your administrator what data it holds.',
        testData: false,
      };
  }
}
