import { describe, expect, it } from 'vitest';
import { TextPattern } from '@plateau/contract';
import { firstFreeUsername, proposedUsername, toUsername } from './sso-username.ts';

describe('the username of a first single sign-on', () => {
  it('is made valid for Plateau: accents dropped, other characters as "-", 60 at most', () => {
    expect(toUsername('Élodie Du Pré')).toBe('Elodie-Du-Pre');
    expect(toUsername('  jean.françois@ecole.fr ')).toBe('jean.francois@ecole.fr');
    expect(toUsername('..--Zoë--..')).toBe('Zoe');
    expect(toUsername('李雷')).toBe('');
    expect(toUsername('a'.repeat(100))).toHaveLength(60);
    for (const name of ['Élodie Du Pré', 'ça/va\\bien?', 'x'.repeat(80), "o'neil"]) {
      expect(toUsername(name)).toMatch(new RegExp(TextPattern.username));
    }
  });

  it('comes from the configured claim, else the email, else sub, else "eleve"', () => {
    const claims = { sub: 'f3a9-77', preferred_username: 'zoe.m', email: 'zoe.martin@ecole.fr' };
    expect(proposedUsername(claims, 'preferred_username')).toBe('zoe.m');
    expect(proposedUsername(claims, 'uid')).toBe('zoe.martin');
    expect(proposedUsername({ sub: 'f3a9-77' }, 'preferred_username')).toBe('f3a9-77');
    expect(proposedUsername({ sub: '李雷', preferred_username: 42 }, 'preferred_username')).toBe(
      'eleve',
    );
  });

  it('takes the first free suffix, ignoring case', () => {
    expect(firstFreeUsername('zoe', [])).toBe('zoe');
    expect(firstFreeUsername('zoe', ['ZOE', 'zoe-2', 'zoe-two'])).toBe('zoe-3');
  });
});
