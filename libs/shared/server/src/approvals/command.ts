import type { ZodType } from 'zod';
import type { PermissionName, PendingSummary } from '@loan/shared-contract';
import type { Db } from '../db';
import type { BranchScope } from '../db/list';
import type { AuditActor } from '../http/audit';
import type { Config } from '../config';
import type { Ports } from '../ports';
import type { Jobs } from '../jobs';

/** The person a command runs as: the maker (at approval, as they are then, reloaded). */
export interface ActingUser {
  id: number;
  fullname: string;
  roleId: number;
  branchId: number | null;
  permissions: ReadonlySet<string>;
}

/** Who runs a command: the user, their branch scope, and the audit actor its records name. */
export interface CommandActor {
  user: ActingUser;
  scope: BranchScope;
  /** At approval: the maker, with `checkedBy` (the checker) so every audit record names both. */
  audit: AuditActor;
}

/** What a command's after-commit step may use: the api's database (not the transaction), ports, config. */
export interface CommandServices {
  db: Db;
  ports: Ports;
  config: Config;
  jobs: Jobs;
}

/** What people read of a request (title, before/after lines, link), and what it is about. */
export interface CommandSummary extends PendingSummary {
  entity?: string | null;
  entityId?: string | number | null;
  /** The record's branch: a checker outside it (without `can view all branches`) does not see it. */
  branchId?: number | null;
}

/**
 * An action that can be checked by a second person (maker-checker), declared once by its
 * domain and registered with `app.commands.register(...)` while the domain's plugin
 * registers. Its route calls `runChecked(ctx, command, input)`: the setting decides whether
 * it runs now or waits as a pending request; approving runs the same `run` (after `premise`,
 * again) in one transaction, as the maker, with the checker recorded.
 *
 * `I` is the validated input (what the route's body schema gives); it is stored as JSON and
 * read back through `input` at approval, so it must survive JSON and re-parse.
 */
export interface CheckedCommand<I = unknown, R = unknown, A = R> {
  /** Stable name, stored with requests and in the setting: 'disbursement.single'. */
  name: string;
  /** For people: 'Instant single disbursement'. */
  label: string;
  /**
   * The permission the maker needs (the route's; per input when one command covers several
   * routes: create, edit, delete); re-checked at approval against the maker's role then.
   */
  permission: PermissionName | ((input: I) => PermissionName);
  /** The input's schema (re-parses the stored input at approval). */
  input: ZodType<I>;
  /** Commands with an amount (a payment): the setting may ask for a checker only above a figure. */
  amount?: (db: Db, input: I) => Promise<string | null>;
  /** The before/after for people, read when the request is made (outside any change). */
  summary: (db: Db, actor: CommandActor, input: I) => Promise<CommandSummary>;
  /**
   * Whether the action may happen now (throws an HttpError saying why not): checked when the
   * request is made (the maker hears at once) and again at approval inside the transaction.
   * The checks inside `run` run then too; this is for what `run` would not check itself.
   */
  premise?: (tx: Db, actor: CommandActor, input: I) => Promise<void>;
  /**
   * A reason this checker may not approve this request beyond being its maker (e.g. a change
   * to the checker's own role), or null.
   */
  checkerConflict?: (checker: ActingUser, input: I) => string | null;
  /** What makes two requests "the same action" (default: the whole input). */
  dedupeKey?: (input: I) => string;
  /** The action, inside the caller's transaction; throws an HttpError to refuse (nothing is written). */
  run: (tx: Db, actor: CommandActor, input: I) => Promise<R>;
  /**
   * After the transaction committed: the outside world (a provider call). Its answer is the
   * route's (default: run's). Not undone if it fails: the action happened.
   */
  afterCommit?: (services: CommandServices, actor: CommandActor, result: R, input: I) => Promise<A>;
}

/** The permission a command's input needs of its maker. */
export function permissionOf<I>(command: Pick<CheckedCommand<I, unknown, unknown>, 'permission'>, input: I): PermissionName {
  return typeof command.permission === 'function' ? command.permission(input) : command.permission;
}

/** Types a command: `export const reverseRepayment = defineCommand({ ... })`. */
export function defineCommand<I, R, A = R>(def: CheckedCommand<I, R, A>): CheckedCommand<I, R, A> {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = CheckedCommand<any, any, any>;

/** The commands of the api, by name (`app.commands`): the checker's approval finds them here. */
export class CommandRegistry {
  private readonly byName = new Map<string, AnyCommand>();

  register(...commands: AnyCommand[]): void {
    for (const c of commands) {
      const known = this.byName.get(c.name);
      if (known && known !== c) throw new Error(`commands: '${c.name}' registered twice`);
      this.byName.set(c.name, c);
    }
  }

  get(name: string): AnyCommand | undefined {
    return this.byName.get(name);
  }

  list(): AnyCommand[] {
    return [...this.byName.values()].sort((a, b) => a.label.localeCompare(b.label));
  }
}
