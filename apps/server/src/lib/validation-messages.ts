import { patternMessages } from '@plateau/contract';

/**
 * ajv's validation errors, said in French for the person reading the answer. Only the keywords
 * our schemas use; anything else falls back to a plain "valeur invalide".
 */

const typeNames: Record<string, string> = {
  string: 'un texte',
  integer: 'un entier',
  number: 'un nombre',
  boolean: 'un booléen',
  object: 'un objet',
  array: 'une liste',
  null: 'null',
};

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

type Params = Record<string, unknown>;

/** What the error handler sees of an ajv error (Fastify's FastifySchemaValidationError). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Params;
}

const messages: Record<string, (params: Params) => string> = {
  type: ({ type }) =>
    `${String(type)
      .split(',')
      .map((t) => typeNames[t] ?? t)
      .join(' ou ')} attendu`,
  required: () => 'champ obligatoire',
  minLength: ({ limit }) => `trop court (au moins ${plural(Number(limit), 'caractère')})`,
  maxLength: ({ limit }) => `trop long (au plus ${plural(Number(limit), 'caractère')})`,
  minimum: ({ limit }) => `doit être supérieur ou égal à ${String(limit)}`,
  maximum: ({ limit }) => `doit être inférieur ou égal à ${String(limit)}`,
  minItems: ({ limit }) => `au moins ${plural(Number(limit), 'élément')}`,
  maxItems: ({ limit }) => `au plus ${plural(Number(limit), 'élément')}`,
  pattern: ({ pattern }) => patternMessages[String(pattern)] ?? 'format invalide',
  format: ({ format }) => `format « ${String(format)} » attendu`,
  enum: ({ allowedValues }) =>
    `valeur attendue parmi : ${(allowedValues as unknown[]).map(String).join(', ')}`,
  const: ({ allowedValue }) => `valeur attendue : ${String(allowedValue)}`,
  anyOf: () => 'valeur invalide (aucune des formes acceptées)',
  additionalProperties: ({ additionalProperty }) =>
    `champ inconnu « ${String(additionalProperty)} »`,
};

/**
 * The issue worth telling: in a union (`anyOf`), ajv lists each branch's complaint first, and
 * "expected the constant -1" would mislead; the union's own error says what happened.
 */
export const mainIssue = <T extends ValidationIssue>(issues: T[]): T | undefined =>
  issues.find((issue) => issue.keyword === 'anyOf') ?? issues[0];

export const validationMessage = (issue: ValidationIssue): string =>
  messages[issue.keyword]?.(issue.params) ?? 'valeur invalide';
