import { describe, expect, it } from 'vitest';
import { captionLanguagePattern, commonCaptionLanguages } from '@plateau/contract/constants';
import { ApiError } from '../../lib/api.ts';
import {
  addableLanguages,
  captionFailureText,
  captionMessages,
  languageName,
} from './caption-languages.ts';

describe('caption languages', () => {
  it('names a language in French, capitalised, and an unknown code by itself', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('en')).toBe('Anglais');
    expect(languageName('qq')).toBe('QQ');
  });

  it('offers the common languages first, then every other ISO 639-1 code once, by name', () => {
    const { common, others } = addableLanguages(['fr', 'br']);
    expect(common).toEqual(commonCaptionLanguages.filter((code) => code !== 'fr'));
    expect(others).not.toContain('br');
    expect(others).not.toContain('en');
    // Old aliases (iw for Hebrew, in for Indonesian) would name a language twice.
    expect(others).toContain('he');
    expect(others).not.toContain('iw');
    expect(others).not.toContain('in');
    expect(others.length).toBeGreaterThan(150);
    for (const code of others) expect(code).toMatch(new RegExp(captionLanguagePattern));
    const names = others.map(languageName);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it("shows the server's words only for a file it refused", () => {
    const fallback = captionMessages.sendFailed;
    expect(captionFailureText(new ApiError(400, 'Fichier invalide'), fallback)).toBe(
      'Fichier invalide',
    );
    expect(captionFailureText(new ApiError(413, 'Trop gros'), fallback)).toBe('Trop gros');
    expect(captionFailureText(new ApiError(500, 'Internal Server Error'), fallback)).toBe(fallback);
    expect(captionFailureText(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
