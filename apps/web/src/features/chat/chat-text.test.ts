import { describe, expect, it } from 'vitest';
import { chatTextParts } from './chat-text.ts';

describe('chatTextParts', () => {
  it('keeps a message without address as one text', () => {
    expect(chatTextParts('Bravo 🎉 <b>!</b>')).toEqual([{ text: 'Bravo 🎉 <b>!</b>' }]);
  });

  it('finds http(s) and www addresses, leaving the closing punctuation out', () => {
    expect(chatTextParts('voir https://plateau.fr/a?b=1, et www.cs.fr.')).toEqual([
      { text: 'voir ' },
      { text: 'https://plateau.fr/a?b=1', href: 'https://plateau.fr/a?b=1' },
      { text: ', et ' },
      { text: 'www.cs.fr', href: 'https://www.cs.fr' },
      { text: '.' },
    ]);
  });

  it('never makes a link of another scheme', () => {
    expect(chatTextParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
