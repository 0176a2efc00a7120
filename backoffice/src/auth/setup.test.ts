import { describe, expect, it } from 'vitest';
import { setupTokenOf } from './SetupPage.tsx';
import { groupedSecret, secretOf } from './TotpEnrolment.tsx';

describe('setup link and authenticator', () => {
  it("reads the token from the link's fragment", () => {
    expect(setupTokenOf('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(setupTokenOf('')).toBeNull();
    expect(setupTokenOf('#token=')).toBeNull();
    expect(setupTokenOf(`#token=${'x'.repeat(201)}`)).toBeNull();
  });
  it('shows the secret of the otpauth URI in groups of four', () => {
    const uri = 'otpauth://totp/Sprachschule:owner%40school.example?secret=JBSWY3DPEHPK3PXP&issuer=Sprachschule';
    expect(secretOf(uri)).toBe('JBSWY3DPEHPK3PXP');
    expect(groupedSecret(secretOf(uri))).toBe('JBSW Y3DP EHPK 3PXP');
    expect(secretOf('not a uri')).toBe('');
  });
});
