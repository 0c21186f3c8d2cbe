/*
 * Examples in the document that its own schema rejects. The contract is held to every
 * valid example; these it may reject only where the document's schema does (the test
 * checks that), and each is named here with what breaks it, so none is passed over.
 */

const WITHOUT_TIMESTAMP = [
  'GroupedAFibBurdenResponse',
  'GroupedBodyTemperatureDeltaResponse',
  'GroupedBodyTemperatureResponse',
  'GroupedCaffeineResponse',
  'GroupedCaloriesActiveResponse',
  'GroupedCaloriesBasalResponse',
  'GroupedCarbohydratesResponse',
  'GroupedDistanceResponse',
  'GroupedFloorsClimbedResponse',
  'GroupedHeartRateAlertResponse',
  'GroupedHypnogramResponse',
  'GroupedInsulinInjectionResponse',
  'GroupedMindfulnessMinutesResponse',
  'GroupedNoteResponse',
  'GroupedStepsResponse',
  'GroupedVO2MaxResponse',
  'GroupedWaterResponse',
  'GroupedWorkoutDurationResponse',
];

export const BROKEN_EXAMPLES: readonly { schema: string; reason: string }[] = [
  {
    schema: 'ClientFacingOrder',
    reason:
      "lab_test has only description, method and name; health_insurance_id is misspelt (health_insurace_id) and shipping_details missing; patient_details.dob is a date, not a date-time; the second transaction member's id (e66321dd-4e0g-…) is no UUID.",
  },
  {
    schema: 'ClientFacingProviderDetailed',
    reason: 'The example lacks description, which the schema requires.',
  },
  {
    schema: 'ClientFacingLabTest',
    reason: 'The example wraps the test in a lab_test member, so every required member is missing.',
  },
  {
    schema: 'ClientFacingMarker',
    reason: 'Its AoE question lacks required, type and sequence.',
  },
  {
    schema: 'ClientFacingMarkerComplete',
    reason: 'Its expected result lacks required.',
  },
  {
    schema: 'ClientFacingUser',
    reason: 'Its connected source has the deprecated source but not the required provider.',
  },
  {
    schema: 'LabResultsRaw',
    reason: 'metadata.age is a number; LabResultsMetadata types it as text.',
  },
  {
    schema: 'LabResultsMetadata',
    reason: 'age is a number; the schema types it as text.',
  },
  {
    schema: 'GroupedStandHourResponse',
    reason: 'Its sample lacks the required type.',
  },
  ...WITHOUT_TIMESTAMP.map((schema) => ({
    schema,
    reason: 'Its sample has start and end but not the required timestamp.',
  })),
];
