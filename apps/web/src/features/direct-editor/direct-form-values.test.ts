import { describe, expect, it } from 'vitest';
import type { Direct } from '@plateau/contract';
import { dayInParis } from '../../lib/dates.ts';
import { directBody, initialValues, isLiveUrlValid } from './direct-form-values.ts';

const direct: Direct = {
  id: 12,
  title: 'Gala des Arts 2026',
  description: 'Une soirée.',
  date: '2026-11-21T18:00:00Z',
  privacy: 2,
  promotion: 2026,
  gpaRestricted: true,
  liveUrl: 'https://live.example.org/gala',
  hasPoster: true,
  chat: false,
};

describe('the direct form values', () => {
  it('starts a new direct today (in Paris), CS, without promotion', () => {
    // 23:30 UTC on 21 November is already the 22nd in Paris.
    const values = initialValues(undefined, new Date('2026-11-21T23:30:00Z'));
    expect(values).toEqual({
      title: '',
      description: '',
      liveUrl: '',
      date: '2026-11-22',
      promotion: '',
      privacy: 1,
      gpaRestricted: false,
      chat: false,
    });
  });

  it('keeps the exact time of an edited direct whose day did not change', () => {
    const values = initialValues(direct);
    expect(values.date).toBe(dayInParis(direct.date));
    expect(directBody(values, { gdaAccess: true, original: direct })).toEqual({
      title: 'Gala des Arts 2026',
      description: 'Une soirée.',
      liveUrl: 'https://live.example.org/gala',
      privacy: 2,
      gpa_restricted: true,
      promotion: 2026,
      date: '2026-11-21T18:00:00Z',
      chat: false,
    });
    const moved = directBody(
      { ...values, date: '2026-11-28' },
      { gdaAccess: true, original: direct },
    );
    expect(moved.date).toBe('2026-11-28');
  });

  it('sends GDA-only off level 2 as false, and leaves it to the server for a geek without GDA', () => {
    const cs = { ...initialValues(direct), privacy: 1 as const };
    expect(directBody(cs, { gdaAccess: true }).gpa_restricted).toBe(false);
    expect(directBody(cs, { gdaAccess: false }).gpa_restricted).toBe(false);
    expect(directBody(initialValues(direct), { gdaAccess: false })).not.toHaveProperty(
      'gpa_restricted',
    );
  });

  it('sends no live link while the direct is broadcast on Plateau (the server keeps its own)', () => {
    const values = { ...initialValues(direct), liveUrl: 'https://ancien.example.org' };
    expect(directBody(values, { gdaAccess: true, broadcasting: true })).not.toHaveProperty(
      'liveUrl',
    );
    expect(directBody(values, { gdaAccess: true }).liveUrl).toBe('https://ancien.example.org');
  });

  it('sends « Chat du direct » as the direct holds it, or as the geek chose', () => {
    expect(directBody(initialValues(), { gdaAccess: true }).chat).toBe(false);
    expect(directBody({ ...initialValues(), chat: true }, { gdaAccess: true }).chat).toBe(true);
    expect(initialValues({ ...direct, chat: true }).chat).toBe(true);
  });

  it('takes only web addresses as live links', () => {
    expect(isLiveUrlValid('')).toBe(true);
    expect(isLiveUrlValid('https://www.twitch.tv/plateau')).toBe(true);
    expect(isLiveUrlValid('javascript:alert(1)')).toBe(false);
    expect(isLiveUrlValid('twitch.tv/plateau')).toBe(false);
  });
});
