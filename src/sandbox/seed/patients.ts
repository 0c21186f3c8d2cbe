import { uuidFrom } from './random';

/*
 * Thirty fictional patients. Phone numbers use the 555-01xx range reserved for fiction,
 * e-mail the example.com / example.test domains. A few live in ZIP 85004 (Phoenix) and
 * 54650 (Onalaska, WI), the only ZIPs the sandbox serves for at-home phlebotomy.
 */

export interface SeedPatient {
  id: string;
  client_user_id: string;
  first_name: string;
  last_name: string;
  dob: string;
  gender: 'female' | 'male' | 'other' | 'unknown';
  phone_number: string;
  email: string;
  address: {
    first_line: string;
    second_line: string | null;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
  /** Set for the minor: orders for minors need a guarantor (description, medical_proxy). */
  medical_proxy?: {
    first_name: string;
    last_name: string;
    /** GuarantorDetails requires the guarantor's address: here, the patient's own. */
    address: SeedPatient['address'];
    phone_number: string;
    email: string;
  };
}

type Row = [
  first: string,
  last: string,
  dob: string,
  gender: SeedPatient['gender'],
  areaCode: string,
  line: string,
  city: string,
  state: string,
  zip: string,
];

// One patient per line reads better than prettier's nine.
// prettier-ignore
const ROWS: Row[] = [
  ['Avery', 'Brightwater', '1984-03-12', 'female', '602', '1420 W Larkspur Ln', 'Phoenix', 'AZ', '85004'],
  ['Jonah', 'Kettleby', '1976-11-02', 'male', '602', '88 N Juniper Ave', 'Phoenix', 'AZ', '85004'],
  ['Marisol', 'Quintero-Vale', '1991-07-24', 'female', '602', '310 E Saguaro Way', 'Phoenix', 'AZ', '85004'],
  ['Theo', "O'Halloran", '1968-01-30', 'male', '608', '27 Riverbend Ct', 'Onalaska', 'WI', '54650'],
  ['Ingrid', 'Sommerfeld', '1959-05-18', 'female', '608', '912 Bluff View Dr', 'Onalaska', 'WI', '54650'],
  ['Priya', 'Raman-Oakes', '1988-09-09', 'female', '512', '4501 Cedar Hollow Rd', 'Austin', 'TX', '78701'],
  ['Desmond', 'Achterberg', '1972-12-15', 'male', '303', '1777 Larimer Loop', 'Denver', 'CO', '80202'],
  ['Wren', 'Halvorsen', '1995-04-03', 'other', '206', '220 Pike Terrace', 'Seattle', 'WA', '98101'],
  ['Casimir', 'Deloach', '1981-06-27', 'male', '503', '1010 NW Fernwood St', 'Portland', 'OR', '97205'],
  ['Lucinda', 'Farthingale', '1964-08-14', 'female', '312', '55 Lakeshore Pl', 'Chicago', 'IL', '60601'],
  ['Rafael', 'Montclair', '1979-02-21', 'male', '617', '9 Beacon Mews', 'Boston', 'MA', '02108'],
  ['Odette', 'Nwankwo-Price', '1993-10-11', 'female', '404', '640 Peachtree Row', 'Atlanta', 'GA', '30303'],
  ['Silas', 'Underhill', '1956-03-05', 'male', '615', '18 Music Square Ln', 'Nashville', 'TN', '37203'],
  ['Greta', 'Lindqvist', '1987-12-29', 'female', '612', '301 Nicollet Commons', 'Minneapolis', 'MN', '55401'],
  ['Mateo', 'Ashbourne', '1999-05-16', 'male', '619', '77 Harbor Crest Dr', 'San Diego', 'CA', '92101'],
  ['Noor', 'Haddad-Finch', '1983-08-08', 'female', '718', '140 Cranberry Walk', 'Brooklyn', 'NY', '11201'],
  ['Everett', 'Tillinghast', '1970-09-19', 'male', '614', '402 High Street Alley', 'Columbus', 'OH', '43215'],
  ['Juniper', 'Calloway', '2012-06-01', 'female', '919', '12 Oakwood Bend', 'Raleigh', 'NC', '27601'],
  ['Bastian', 'Rourke', '1961-01-07', 'male', '813', '5 Bayshore Quay', 'Tampa', 'FL', '33602'],
  ['Yara', 'Pemberton', '1990-03-28', 'female', '801', '660 Temple Vista Ave', 'Salt Lake City', 'UT', '84101'],
  ['Arlo', 'Vasquez-Reid', '1985-11-23', 'male', '505', '43 Sandia Trail', 'Albuquerque', 'NM', '87102'],
  ['Clementine', 'Ostrowski', '1977-07-04', 'female', '608', '210 Isthmus Blvd', 'Madison', 'WI', '53703'],
  ['Idris', 'Blackwood', '1966-10-30', 'male', '520', '8 Mission Arroyo Rd', 'Tucson', 'AZ', '85701'],
  ['Pilar', 'Engstrom', '1997-02-14', 'unknown', '816', '1900 Union Station Ct', 'Kansas City', 'MO', '64105'],
  ['Otto', 'Faircloth', '1953-04-25', 'male', '804', '16 Canal Walk', 'Richmond', 'VA', '23219'],
  ['Saoirse', 'Mbeki-Lowell', '1989-01-19', 'female', '402', '725 Old Market Sq', 'Omaha', 'NE', '68102'],
  ['Gideon', 'Starling', '1982-05-09', 'male', '208', '33 Foothill Spur', 'Boise', 'ID', '83702'],
  ['Maren', 'Abernathy', '1974-09-02', 'female', '412', '101 Three Rivers Way', 'Pittsburgh', 'PA', '15222'],
  ['Dashiell', 'Okonkwo', '1992-12-06', 'male', '504', '614 Magnolia Court', 'New Orleans', 'LA', '70112'],
  ['Rosalind', 'Whitcombe', '1969-06-21', 'female', '502', '48 Derby Lane', 'Louisville', 'KY', '40202'],
];

export const PATIENTS: SeedPatient[] = ROWS.map(
  ([first, last, dob, gender, areaCode, line, city, state, zip], index) => {
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const patient: SeedPatient = {
      id: uuidFrom(`user:${index}`),
      client_user_id: `demo-patient-${String(index + 1).padStart(3, '0')}`,
      first_name: first,
      last_name: last,
      dob,
      gender,
      phone_number: `+1${areaCode}55501${String(index).padStart(2, '0')}`,
      email: `${handle}@${index % 2 === 0 ? 'example.com' : 'example.test'}`,
      address: {
        first_line: line,
        second_line: index % 5 === 0 ? `Apt ${index + 2}` : null,
        city,
        state,
        zip,
        country: 'United States',
      },
    };
    if (dob > '2008-01-01') {
      patient.medical_proxy = {
        first_name: 'Harriet',
        last_name: last,
        address: { ...patient.address },
        phone_number: `+1${areaCode}5550199`,
        email: `harriet.${last.toLowerCase()}@example.com`,
      };
    }
    return patient;
  },
);
