import { hash, verify } from '@node-rs/argon2';

/** argon2id with explicit parameters (OWASP minimum: 19 MiB, 2 passes). */
const parameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, parameters);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when the username is unknown, so timing does not reveal it. */
export const decoyHash = hash('plateau-decoy-password', parameters);
