/*
 * Patient service centres of the local Lab API: around the ZIP code of every seeded
 * patient, three Quest centres (two book appointments through the Lab API, one takes
 * walk-ins only) and one Labcorp centre (appointments with the lab itself), at fixed
 * offsets, so each patient has centres at about 1, 4, 7 and 18 miles. Fixed data, not
 * stored: centres are the lab's, not the team's.
 */

export interface SeedCentre {
  siteCode: string;
  labId: number;
  lab: 'quest' | 'labcorp';
  name: string;
  first_line: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string;
  location: { lat: number; lng: number };
  capabilities: string[];
  /** Opening hours by weekday, `HH:MM-HH:MM` or `closed`, on the centre's own clock. */
  hours: Record<string, string>;
  /** The centre's IANA time zone: its hours and its slots are in it. */
  timeZone: string;
  supported_bill_types: string[];
}

/** ZIP code centroids of the seeded patients' addresses (and so of the centres' towns), with the town's time zone. */
// One ZIP per line reads better than prettier's six.
// prettier-ignore
export const ZIP_CENTROIDS: Record<string, { lat: number; lng: number; city: string; state: string; zone: string }> = {
  '85004': { lat: 33.4515, lng: -112.0715, city: 'Phoenix', state: 'AZ', zone: 'America/Phoenix' },
  '54650': { lat: 43.8847, lng: -91.2341, city: 'Onalaska', state: 'WI', zone: 'America/Chicago' },
  '78701': { lat: 30.2711, lng: -97.7437, city: 'Austin', state: 'TX', zone: 'America/Chicago' },
  '80202': { lat: 39.7525, lng: -104.9995, city: 'Denver', state: 'CO', zone: 'America/Denver' },
  '98101': { lat: 47.6114, lng: -122.3305, city: 'Seattle', state: 'WA', zone: 'America/Los_Angeles' },
  '97205': { lat: 45.5206, lng: -122.6894, city: 'Portland', state: 'OR', zone: 'America/Los_Angeles' },
  '60601': { lat: 41.8858, lng: -87.6181, city: 'Chicago', state: 'IL', zone: 'America/Chicago' },
  '02108': { lat: 42.3576, lng: -71.0641, city: 'Boston', state: 'MA', zone: 'America/New_York' },
  '30303': { lat: 33.7528, lng: -84.3915, city: 'Atlanta', state: 'GA', zone: 'America/New_York' },
  '37203': { lat: 36.149, lng: -86.7916, city: 'Nashville', state: 'TN', zone: 'America/Chicago' },
  '55401': { lat: 44.9836, lng: -93.2704, city: 'Minneapolis', state: 'MN', zone: 'America/Chicago' },
  '92101': { lat: 32.7194, lng: -117.1628, city: 'San Diego', state: 'CA', zone: 'America/Los_Angeles' },
  '11201': { lat: 40.694, lng: -73.9903, city: 'Brooklyn', state: 'NY', zone: 'America/New_York' },
  '43215': { lat: 39.967, lng: -83.0045, city: 'Columbus', state: 'OH', zone: 'America/New_York' },
  '27601': { lat: 35.7727, lng: -78.6324, city: 'Raleigh', state: 'NC', zone: 'America/New_York' },
  '33602': { lat: 27.9517, lng: -82.4588, city: 'Tampa', state: 'FL', zone: 'America/New_York' },
  '84101': { lat: 40.7564, lng: -111.8998, city: 'Salt Lake City', state: 'UT', zone: 'America/Denver' },
  '87102': { lat: 35.082, lng: -106.648, city: 'Albuquerque', state: 'NM', zone: 'America/Denver' },
  '53703': { lat: 43.0766, lng: -89.3797, city: 'Madison', state: 'WI', zone: 'America/Chicago' },
  '85701': { lat: 32.216, lng: -110.9698, city: 'Tucson', state: 'AZ', zone: 'America/Phoenix' },
  '64105': { lat: 39.1028, lng: -94.59, city: 'Kansas City', state: 'MO', zone: 'America/Chicago' },
  '23219': { lat: 37.5407, lng: -77.436, city: 'Richmond', state: 'VA', zone: 'America/New_York' },
  '68102': { lat: 41.2626, lng: -95.933, city: 'Omaha', state: 'NE', zone: 'America/Chicago' },
  '83702': { lat: 43.6323, lng: -116.2052, city: 'Boise', state: 'ID', zone: 'America/Boise' },
  '15222': { lat: 40.4473, lng: -79.993, city: 'Pittsburgh', state: 'PA', zone: 'America/New_York' },
  '70112': { lat: 29.9561, lng: -90.0772, city: 'New Orleans', state: 'LA', zone: 'America/Chicago' },
  '40202': { lat: 38.2542, lng: -85.7594, city: 'Louisville', state: 'KY', zone: 'America/Kentucky/Louisville' },
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const week = (weekdays: string, saturday: string | null) => ({
  ...Object.fromEntries(WEEKDAYS.map((d) => [d, weekdays])),
  saturday: saturday ?? 'closed',
  sunday: 'closed',
});

interface Template {
  suffix: string;
  lab: SeedCentre['lab'];
  street: string;
  /** Degrees from the ZIP centroid. */
  dLat: number;
  dLng: number;
  capabilities: string[];
  hours: Record<string, string>;
}

const TEMPLATES: Template[] = [
  {
    suffix: 'Downtown',
    lab: 'quest',
    street: '100 Main Street, Suite 110',
    dLat: 0.012,
    dLng: 0.01,
    capabilities: ['appointment_scheduling_via_junction', 'stat'],
    hours: week('07:00-17:00', '08:00-12:00'),
  },
  {
    suffix: 'North',
    lab: 'quest',
    street: '2450 North Avenue',
    dLat: 0.09,
    dLng: -0.04,
    capabilities: ['appointment_scheduling_via_junction'],
    hours: week('07:00-15:30', null),
  },
  {
    suffix: 'Westgate',
    lab: 'quest',
    street: '8800 Westgate Boulevard',
    dLat: -0.18,
    dLng: -0.2,
    capabilities: [],
    hours: week('08:00-14:00', null),
  },
  {
    suffix: 'Midtown',
    lab: 'labcorp',
    street: '41 Center Plaza',
    dLat: 0.04,
    dLng: 0.04,
    capabilities: ['appointment_scheduling_with_lab'],
    hours: week('07:30-16:00', '08:00-11:30'),
  },
];

const LAB_IDS = { quest: 1, labcorp: 2 } as const;
const LAB_NAMES = { quest: 'Quest Diagnostics', labcorp: 'Labcorp' } as const;

export const SERVICE_CENTRES: SeedCentre[] = Object.entries(ZIP_CENTROIDS).flatMap(([zip, town]) =>
  TEMPLATES.map((t, index) => ({
    siteCode: `${t.lab === 'quest' ? 'Q' : 'L'}${zip}${String.fromCharCode(65 + index)}`,
    labId: LAB_IDS[t.lab],
    lab: t.lab,
    name: `${LAB_NAMES[t.lab]} ${town.city} ${t.suffix}`,
    first_line: t.street,
    city: town.city,
    state: town.state,
    zip_code: zip,
    phone_number: `+1800555${String(index).padStart(4, '0')}`,
    location: {
      lat: Math.round((town.lat + t.dLat) * 1e4) / 1e4,
      lng: Math.round((town.lng + t.dLng) * 1e4) / 1e4,
    },
    capabilities: t.capabilities,
    hours: t.hours,
    timeZone: town.zone,
    supported_bill_types:
      t.lab === 'quest' ? ['client_bill', 'commercial_insurance'] : ['client_bill'],
  })),
);
