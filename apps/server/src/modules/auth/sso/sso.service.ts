import type { Database, Executor } from '../../../db/client.ts';
import { badRequest, unauthorized } from '../../../lib/errors.ts';
import { signToken, type TokenKeys } from '../token.ts';
import type { SsoConfig } from '../../../config/sso-config.ts';
import { flowKey, openFlow, sealFlow } from './sso-flow-cookie.ts';
import { createSsoProvider, type SsoIdentity } from './sso-provider.ts';
import * as repository from './sso.repository.ts';
import { firstFreeUsername, proposedUsername } from './sso-username.ts';

export const noFlowMessage =
  'Connexion expirée ou commencée dans un autre navigateur : veuillez recommencer';
export const stateMismatchMessage = 'Réponse de connexion inattendue : veuillez recommencer';
export const replayMessage = 'Cette connexion a déjà été utilisée : veuillez recommencer';

/** Where the provider sends the browser back: the app's page, which then calls the API. */
export const callbackPath = '/auth/callback';

/** Enough for any clash: each attempt reads the names taken again. */
const CREATE_ATTEMPTS = 5;

/**
 * The account linked to the identity, or a new `user` without GDA access. An existing account
 * keeps its role and GDA access; a taken username gets a suffix, never the other account.
 */
const accountFor = async (tx: Executor, sso: SsoConfig, identity: SsoIdentity) => {
  const base = proposedUsername(identity.claims, sso.usernameClaim);
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const existing = await repository.signInByIdentity(tx, sso.issuer, identity.subject);
    if (existing) return existing;
    const username = firstFreeUsername(base, await repository.usernamesLike(tx, base));
    const created = await repository.insertSsoAccount(tx, {
      username,
      issuer: sso.issuer,
      subject: identity.subject,
    });
    if (created) return created;
  }
  throw new Error(`no free username for single sign-on after ${CREATE_ATTEMPTS} attempts`);
};

/** Single sign-on with the school's provider: start (`/api/login/vr`) and finish (callback). */
export const createSsoService = (
  db: Database,
  sso: SsoConfig,
  options: { publicUrl: string; keys: TokenKeys },
) => {
  const provider = createSsoProvider(sso, `${options.publicUrl}${callbackPath}`);
  const key = flowKey(options.keys.secret);
  return {
    /** The provider's URL to send the browser to, and the sealed flow for its cookie. */
    async start(): Promise<{ url: string; sealedFlow: string }> {
      const { flow, url } = await provider.start();
      return { url, sealedFlow: await sealFlow(key, flow) };
    },

    /**
     * Checks the provider's answer (`query`) against the flow the browser's cookie carries,
     * and answers a token as `POST /api/token` does. Nothing is written unless it all holds.
     */
    async finish(query: string, sealedFlow: string | undefined): Promise<string> {
      const flow = sealedFlow ? await openFlow(key, sealedFlow) : undefined;
      if (!flow) throw badRequest(noFlowMessage);
      if (new URLSearchParams(query).get('state') !== flow.state) {
        throw badRequest(stateMismatchMessage);
      }
      // Claimed before the provider sees the code: a replay (the back button, a double click,
      // even one still in flight) is told what it is instead of whatever the provider answers
      // a spent code, and a provider that took the same code twice signs nobody in twice. The
      // provider's code works once anyway, so a refused or failed exchange spends the flow too.
      if (!(await repository.recordUsedState(db, flow.state))) throw unauthorized(replayMessage);
      const identity = await provider.finish(query, flow);
      const account = await db.transaction((tx) => accountFor(tx, sso, identity));
      return signToken(options.keys, {
        userId: account.id,
        role: account.role,
        username: account.username,
        gdaAccess: account.gdaAccess,
        tokenVersion: account.tokenVersion,
      });
    },
  };
};
