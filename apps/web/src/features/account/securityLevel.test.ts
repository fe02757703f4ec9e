import { describe, expect, it } from 'vitest';
import { securityLevel } from './securityLevel';

const NONE = { phone: '', email: '', review_status: 0, totp_on: 0 };

describe('securityLevel', () => {
  it('starts at 20% (low) with nothing bound', () => {
    expect(securityLevel(NONE)).toEqual({ percent: 20, level: 'low' });
  });

  it('gains 20% for each of phone, e-mail, a verified identity and the authenticator app', () => {
    expect(securityLevel({ ...NONE, email: 'a@b.co', review_status: 1 })).toEqual({ percent: 40, level: 'medium' });
    expect(securityLevel({ ...NONE, email: 'a@b.co', totp_on: 1 })).toEqual({ percent: 60, level: 'high' });
    expect(securityLevel({ phone: '13812345678', email: 'a@b.co', review_status: 2, totp_on: 0 })).toEqual({ percent: 80, level: 'high' });
    expect(securityLevel({ phone: '13812345678', email: 'a@b.co', review_status: 2, totp_on: 1 })).toEqual({ percent: 100, level: 'strong' });
  });

  it('counts only a verified identity, not one in review or rejected', () => {
    expect(securityLevel({ ...NONE, review_status: 2 }).percent).toBe(40);
    expect(securityLevel({ ...NONE, review_status: 1 }).percent).toBe(20);
  });
});
