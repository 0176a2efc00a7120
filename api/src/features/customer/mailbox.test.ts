import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('drops a +tag, and for Gmail the dots and the googlemail alias', () => {
    expect(mailboxKey('anna+shop@example.org')).toBe('anna@example.org');
    expect(mailboxKey('anna.muster+a+b@example.org')).toBe('anna.muster@example.org');
    expect(mailboxKey('a.n.n.a+x@googlemail.com')).toBe('anna@gmail.com');
  });

  it('trims and lower-cases first, as the contract does', () => {
    expect(mailboxKey('  Anna.Muster+Shop@Example.ORG ')).toBe('anna.muster@example.org');
    expect(mailboxKey('A.Nna@GMAIL.com')).toBe('anna@gmail.com');
  });

  it('leaves other addresses as they are', () => {
    expect(mailboxKey('anna.muster@example.org')).toBe('anna.muster@example.org');
    expect(mailboxKey('+anna@example.org')).toBe('+anna@example.org');
  });
});
