import type {
  NewUserBody,
  Role,
  UpdateUserBody,
  User,
  UserList,
  UserPagingQuery,
} from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repository from './users.repository.ts';

/** The operator at the server's console (`npm run user`): trusted like a geek. */
export const consoleOperator = Symbol('console operator');
/** Who manages accounts: a signed-in geek through the API, or the console operator. */
export type Actor = Viewer | typeof consoleOperator;

const authorize = (actor: Actor) => {
  if (actor !== consoleOperator) requireGeek(actor);
};

const roleRank: Record<Role, number> = { user: 0, plateau: 1, geek: 2 };

const userNotFound = () => notFound('Utilisateur introuvable');
const usernameTaken = (username: string) =>
  conflict(`Le nom d'utilisateur « ${username} » est déjà pris`);

export const ssoUnavailableMessage =
  "La connexion avec le compte de l'école n'est pas configurée sur ce site";
const identityTaken = (username: string) =>
  conflict(`Ce compte de l'école est déjà lié au compte « ${username} »`);

/**
 * Account management, shared by the geek-only API and the `npm run user` command. `ssoIssuer`
 * is the configured single sign-on provider, under which identities are linked.
 */
export const createUsersService = (db: Database, { ssoIssuer }: { ssoIssuer?: string } = {}) => ({
  async list(actor: Actor, paging: UserPagingQuery): Promise<UserList> {
    authorize(actor);
    const [users, nResults] = await Promise.all([
      repository.listUsers(db, paging.page_size, (paging.page - 1) * paging.page_size),
      repository.countUsers(db),
    ]);
    return { users, nResults };
  },

  async get(actor: Actor, id: number): Promise<User> {
    authorize(actor);
    const user = await repository.findUser(db, id);
    if (!user) throw userNotFound();
    return user;
  },

  async getByUsername(actor: Actor, username: string): Promise<User> {
    authorize(actor);
    const user = await repository.findUserByUsername(db, username);
    if (!user) throw userNotFound();
    return user;
  },

  async create(actor: Actor, body: NewUserBody): Promise<User> {
    authorize(actor);
    const user = await repository.insertUser(db, {
      username: body.username,
      passwordHash: await hashPassword(body.password),
      role: body.role,
      gdaAccess: body.gda_access ?? false,
    });
    if (!user) throw usernameTaken(body.username);
    return user;
  },

  async update(actor: Actor, id: number, body: UpdateUserBody): Promise<User> {
    authorize(actor);
    const changes = {
      ...(body.username !== undefined && { username: body.username }),
      ...(body.password !== undefined && { passwordHash: await hashPassword(body.password) }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.gda_access !== undefined && { gdaAccess: body.gda_access }),
    };
    const demotes = body.role !== undefined && body.role !== 'geek';
    try {
      return await db.transaction(async (tx) => {
        const geeks = demotes ? await repository.lockGeeks(tx) : [];
        const user = await repository.findUser(tx, id);
        if (!user) throw userNotFound();
        if (demotes && user.role === 'geek' && geeks.length <= 1) {
          throw conflict('Impossible de retirer son rôle au dernier geek');
        }
        if (Object.keys(changes).length === 0) return user;
        // Tokens signed before a password change or a demotion stop working; a promotion or a
        // GDA change needs none of that, as every request reads the account as it is now.
        const revokeTokens =
          body.password !== undefined ||
          (body.role !== undefined && roleRank[body.role] < roleRank[user.role]);
        return (await repository.updateUser(tx, id, changes, { revokeTokens }))!;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? usernameTaken(body.username ?? '') : error;
    }
  },

  /** Lets the account sign in with the school account whose `sub` is `subject`. */
  async linkIdentity(actor: Actor, id: number, typed: string): Promise<User> {
    authorize(actor);
    if (ssoIssuer === undefined) throw badRequest(ssoUnavailableMessage);
    // Pasted from a console, it may carry blanks no provider puts in a `sub`.
    const subject = typed.trim();
    try {
      return await db.transaction(async (tx) => {
        const user = await repository.findUser(tx, id);
        if (!user) throw userNotFound();
        const holder = await repository.findUserByIdentity(tx, ssoIssuer, subject);
        if (holder?.id === id) return holder;
        if (holder) throw identityTaken(holder.username);
        return (await repository.setIdentity(tx, id, { issuer: ssoIssuer, subject }))!;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const holder = await repository.findUserByIdentity(db, ssoIssuer, subject);
      throw identityTaken(holder?.username ?? '?');
    }
  },

  /**
   * Unlinks the school account; its earlier tokens stop working. Refused for an account with no
   * password, which could then never sign in again.
   */
  async unlinkIdentity(actor: Actor, id: number): Promise<User> {
    authorize(actor);
    return db.transaction(async (tx) => {
      const user = await repository.findUser(tx, id);
      if (!user) throw userNotFound();
      if (!user.sso) return user;
      if (!user.hasPassword) {
        throw conflict(
          `« ${user.username} » n'a pas de mot de passe : donnez-lui en un avant de retirer son compte de l'école`,
        );
      }
      return (await repository.setIdentity(tx, id, null))!;
    });
  },

  async remove(actor: Actor, id: number): Promise<void> {
    authorize(actor);
    await db.transaction(async (tx) => {
      const geeks = await repository.lockGeeks(tx);
      const user = await repository.findUser(tx, id);
      if (!user) throw userNotFound();
      if (user.role === 'geek' && geeks.length <= 1) {
        throw conflict('Impossible de supprimer le dernier geek');
      }
      await repository.deleteUser(tx, id);
    });
  },
});

export type UsersService = ReturnType<typeof createUsersService>;
