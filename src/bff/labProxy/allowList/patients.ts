import { userSchema } from '../../../contract';
import type { AllowedCall } from './index';

/**
 * Patients found and named by people: the Lab API's users carry no names, their
 * demographics (UserInfo) do; a client user id from the team's own system resolves to
 * the user. Each read or write of a patient's demographics is audited as the patient's.
 */
export const PATIENT_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v2/user/{user_id}/info/latest',
    permission: 'patients.read',
    audit: { recordType: 'patient_demographics', idParam: 'user_id' },
  },
  {
    method: 'PATCH',
    path: '/v2/user/{user_id}/info',
    permission: 'patients.write',
    audit: { recordType: 'patient_demographics', idParam: 'user_id' },
  },
  {
    method: 'GET',
    path: '/v2/user/resolve/{client_user_id}',
    permission: 'patients.read',
    audit: {
      recordType: 'patient',
      idInAnswer: (answer: unknown) => userSchema.safeParse(answer).data?.user_id,
    },
  },
];
