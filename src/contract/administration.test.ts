import { describe, expect, it } from 'vitest';
import { newAccountSchema } from './administration';

const invite = (name: string, email = 'riley@clinic.test') =>
  newAccountSchema.safeParse({ email, name, role: 'coordinator' });
const messages = (result: ReturnType<typeof invite>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('a name on an invitation', () => {
  it('takes names in any script, joiners included', () => {
    expect(invite('Zoë Ångström-Núñez').success).toBe(true);
    expect(invite('مریم‌السادات').success).toBe(true);
    expect(invite('  Riley  ').data?.name).toBe('Riley');
  });

  it('refuses text-direction overrides and control characters, saying so', () => {
    for (const name of ['\u202Eevil', 'Riley\u2066 Admin', 'Riley\u0007', 'Ri\u200Fley']) {
      expect(messages(invite(name))).toEqual([
        'Remove the invisible control or text-direction characters from the name.',
      ]);
    }
  });

  it('words its limits for a person', () => {
    expect(messages(invite('x'.repeat(101)))).toEqual(['Use at most 100 characters.']);
    expect(messages(invite('   '))).toEqual(['Enter a name.']);
    expect(messages(invite('Riley', `${'a'.repeat(250)}@clinic.test`))).toEqual([
      'Use at most 254 characters.',
    ]);
  });
});
