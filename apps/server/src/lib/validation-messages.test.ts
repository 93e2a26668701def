import { NewUserBody, NewVideoBody } from '@plateau/contract';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { mainIssue, validationMessage } from './validation-messages.ts';

/** The French text the API gives for a body, as the error handler picks it from ajv's errors. */
const messageFor = (schema: object, body: unknown) => {
  const validate = new Ajv({ strict: false }).compile(schema);
  expect(validate(body)).toBe(false);
  const issue = mainIssue(validate.errors ?? []);
  return `${issue?.instancePath} ${validationMessage(issue!)}`;
};

const schemas = { video: NewVideoBody, user: NewUserBody };

describe('validation messages', () => {
  it.each([
    ['video', {}, ' champ obligatoire'],
    ['video', { title: 42 }, '/title un texte attendu'],
    ['video', { title: '' }, '/title trop court (au moins 1 caractère)'],
    ['video', { title: 'x'.repeat(201) }, '/title trop long (au plus 200 caractères)'],
    ['video', { title: ' \u0007' }, '/title texte non vide attendu, sans caractère de contrôle'],
    ['video', { title: 't', privacy: 4 }, '/privacy doit être inférieur ou égal à 3'],
    ['video', { title: 't', privacy: -1 }, '/privacy doit être supérieur ou égal à 0'],
    ['video', { title: 't', tagIds: Array(51).fill(1) }, '/tagIds au plus 50 éléments'],
    [
      'video',
      { title: 't', promotion: true },
      '/promotion valeur invalide (aucune des formes acceptées)',
    ],
    [
      'user',
      { username: 'a', password: 'motdepasse', role: 'admin' },
      '/role valeur invalide (aucune des formes acceptées)',
    ],
    [
      'user',
      { username: 'é', password: 'motdepasse', role: 'user' },
      '/username lettres sans accent, chiffres, « . », « _ », « @ » et « - » uniquement',
    ],
  ] as const)('%s %j -> %s', (schema, body, message) => {
    expect(messageFor(schemas[schema], body)).toBe(message);
  });
});
