import { describe, expect, it } from 'vitest';
import { securityLevel } from './securityLevel';

describe('securityLevel', () => {
  it('starts at 25% (low) with nothing bound', () => {
    expect(securityLevel({ phone: '', email: '', review_status: 0 })).toEqual({ percent: 25, level: 'low' });
  });

  it('gains 25% for each of phone, e-mail and a verified identity', () => {
    expect(securityLevel({ phone: '', email: 'a@b.co', review_status: 1 })).toEqual({ percent: 50, level: 'medium' });
    expect(securityLevel({ phone: '13812345678', email: 'a@b.co', review_status: 3 })).toEqual({ percent: 75, level: 'high' });
    expect(securityLevel({ phone: '13812345678', email: 'a@b.co', review_status: 2 })).toEqual({ percent: 100, level: 'strong' });
  });

  it('counts only a verified identity, not one in review or rejected', () => {
    expect(securityLevel({ phone: '', email: '', review_status: 2 }).percent).toBe(50);
    expect(securityLevel({ phone: '', email: '', review_status: 1 }).percent).toBe(25);
  });
});
