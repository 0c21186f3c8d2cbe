/**
 * The words a care coordinator reads when a request is refused. The order form
 * (through zodResolver) and the local Lab API (422 `msg`) both take them from the
 * request schemas, so a refusal reads the same wherever it is caught.
 */

export const NAME_MAX_LENGTH = 50;
export const NOTES_MAX_LENGTH = 1000;
export const CLIENT_USER_ID_MAX_LENGTH = 255;
/** The description's upload limit (10 MB), applied to base64 image uploads too. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

function humanise(value: string): string {
  return value.replace(/[_-]+/g, ' ');
}

/** Collection methods as a sentence says them, and as the form's choices name them. */
const METHOD_PHRASES: Record<string, string> = {
  testkit: 'a test kit the patient collects',
  walk_in_test: 'a walk-in visit to a patient service centre',
  at_home_phlebotomy: 'a phlebotomist visiting the patient at home',
  on_site_collection: 'collection on site',
};
const METHOD_NAMES: Record<string, string> = {
  testkit: 'Test kit',
  walk_in_test: 'Walk-in test',
  at_home_phlebotomy: 'At-home phlebotomy',
  on_site_collection: 'On-site collection',
};

export const MESSAGES = {
  required: 'This field is required',
  text: 'Enter text',
  uuid: 'Enter a valid ID',
  integer: 'Enter a whole number',
  nonNegativeInteger: 'Enter a whole number, 0 or more',
  boolean: 'Choose yes or no',
  list: 'Enter a list',
  object: 'These details are not in the expected form',
  choice: 'Choose one of the listed options',
  // Date fields show the browser's own format, so the message names none.
  date: 'Enter a complete date: month, day and year',
  dateTime: 'Enter a date and time like 2024-01-31T09:30:00Z',

  nameLength: `Use 1 to ${NAME_MAX_LENGTH} characters`,
  namePattern: "Names start with a letter or digit and use letters, digits, spaces, - . , '",
  email: 'Enter an email address like name@example.com',
  phone: 'Enter a phone number like +1 555 123 4567',
  zip: 'Enter a ZIP code like 12345 or 12345-6789',
  stateCode: 'Use a 2-letter US state code like NY',
  dobInFuture: 'The date of birth cannot be in the future',
  medicalProxyRequired: 'A medical proxy is required for patients under 18',
  accessNotesTooLong: (over: number) =>
    `Access notes can be at most ${NOTES_MAX_LENGTH} characters (${over} too many)`,
  clinicalNotesTooLong: (over: number) =>
    `Clinical notes can be at most ${NOTES_MAX_LENGTH} characters (${over} too many)`,

  npi: 'Enter a valid 10-digit NPI',
  imageType: 'Use a JPEG or PNG image',
  imageContent: 'Attach the image as base64 content',
  imageTooLarge: 'The image can be at most 10 MB',
  icd10: 'Enter an ICD-10 code like E11.9',
  responsibleDetailsRequired:
    'Enter the responsible person when the patient is not the one responsible (Self)',
  aoeAnswer: 'Enter an answer',
  activateByPast: 'The activation date cannot be in the past',

  nothingToOrder: 'Choose at least one lab test or marker to order',
  labTestIdWithOrderSet: 'Choose the tests in the order set only, not also as a single lab test',
  testsAndAddOn: 'Order either lab tests or add-on markers, not both',
  addOnBothIdKinds: 'Choose markers by marker ID or by provider ID, not both',
  addOnEmpty: 'Choose at least one marker',
  addOnNeedsCollectionMethod: 'Choose a collection method for add-on markers',
  labAccountConflict: 'The order set names a different lab account than the order',

  physicianRequired:
    'This lab account requires a physician: enter their first name, last name and NPI',
  sameLab: 'All lab tests must come from the same lab',
  sameMethod: 'All lab tests must use the same collection method',
  collectionMethodMismatch: (method: string) =>
    `These lab tests are collected by ${METHOD_PHRASES[method] ?? humanise(method)}; choose “${METHOD_NAMES[method] ?? humanise(method)}” as the collection method`,
  labAccountLabMismatch: "These lab tests are not offered by the lab account's lab",
  labAccountNotFound: 'Lab account not found',
  labAccountNotActive: 'This lab account is not active',
  labAccountAmbiguous: 'Several lab accounts are active; choose one',
  labAccountNoneActive: "None of the team's lab accounts is active",

  labTestNotFound: 'This lab test does not exist for your team',
  markerNotFound: 'This marker does not exist',
  aoeRequired: (question: string) => `Answer the required question: ${question}`,
  aoeAnswerNotOffered: 'Choose one of the offered answers',
  testkitLabTest: 'Choose a lab test collected with a test kit',

  sampleId: 'Enter the sample ID printed on the kit',
  clientUserIdLength: `Use 1 to ${CLIENT_USER_ID_MAX_LENGTH} characters`,
  timeZone: 'Enter a time zone like America/New_York',
  undoDeleteTarget: 'Give either a user ID or a client user ID, not both',
} as const;
