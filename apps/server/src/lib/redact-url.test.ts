import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the value of token however its name is spelled', () => {
    expect(redactUrl('/api/media/video/1/720?token=abc.def')).toBe(
      '/api/media/video/1/720?token=[REDACTED]',
    );
    expect(redactUrl('/a?%74oken=s1')).toBe('/a?%74oken=[REDACTED]');
    expect(redactUrl('/a?x=1&%74%6F%6B%65%6E=s2&y=2')).toBe(
      '/a?x=1&%74%6F%6B%65%6E=[REDACTED]&y=2',
    );
    expect(redactUrl('/a?TOKEN=s3')).toBe('/a?TOKEN=[REDACTED]');
    expect(redactUrl('/a?token=s4=still-s4')).toBe('/a?token=[REDACTED]');
    expect(redactUrl('/a?token=s5&token=s6')).toBe('/a?token=[REDACTED]&token=[REDACTED]');
  });

  it('hides what a single-sign-on provider sends back', () => {
    expect(redactUrl('/cb?code=c1&state=s1&session_state=kept')).toBe(
      '/cb?code=[REDACTED]&state=[REDACTED]&session_state=kept',
    );
    expect(redactUrl('/cb?%61ccess_token=a1&id%5Ftoken=i1')).toBe(
      '/cb?%61ccess_token=[REDACTED]&id%5Ftoken=[REDACTED]',
    );
  });

  it('tolerates malformed percent-encoding without letting a secret through', () => {
    expect(redactUrl('/a?%ZZ=1&%E0%A4%A=2&%74oken=s7')).toBe(
      '/a?%ZZ=1&%E0%A4%A=2&%74oken=[REDACTED]',
    );
    expect(redactUrl('/a?%74oken%ZZ=x&%74oken=s8')).toBe('/a?%74oken%ZZ=x&%74oken=[REDACTED]');
    expect(redactUrl('/a?token=%E0%A4%A')).toBe('/a?token=[REDACTED]');
  });

  it('cuts the query where the router does, and leaves other URLs alone', () => {
    expect(redactUrl('/a#token=s9')).toBe('/a#token=[REDACTED]');
    expect(redactUrl('/api/videos/latest')).toBe('/api/videos/latest');
    expect(redactUrl('/api/videos/latest?page=2&page_size=10')).toBe(
      '/api/videos/latest?page=2&page_size=10',
    );
    expect(redactUrl('/a?tokens=kept&mytoken=kept')).toBe('/a?tokens=kept&mytoken=kept');
  });
});
