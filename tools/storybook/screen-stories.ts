// The one way a screen's stories are written (issue 19): a screen names its route, its calls'
// MSW variants (the data-access `testing` entry, the same the jest specs use) and what each
// state shows; `screenStories` makes the meta's parameters and the standard state stories
// (Loading, Empty, LoadError, Forbidden, Invalid, NotFound, ViewOnly) with their play checks,
// and `flow()` builds the screen's own stories on the same handlers (not `story()`:
// Storybook's indexer takes `x.story(...)` for a CSF factory). A story file is then
//
//   const users = screenStories({ workbench: { route: SCREENS.users.path }, handlers: usersHandlers,
//     calls: usersVariants.list, empty: { shows: 'No users' } });
//   export default { title: 'RBAC/Users list', component: UsersListPage, parameters: users.parameters } satisfies Meta<...>;
//   export const Populated = users.flow({ play: async ({ canvasElement }) => { ... } });
//   export const Loading = users.Loading, Empty = users.Empty, LoadError = users.LoadError, Forbidden = users.Forbidden;
//
// (One `export const` declarator per story: Storybook's indexer reads the names statically; it
// skips `export const { X } = users` and does not prettify the names of `export { X }`.)
// Stories import this file by a relative path: lint allows `tools/storybook` to every lib
// (eslint.config.mjs), as it does the `.storybook/main.ts` files.
import type { StoryContext, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { EndpointVariants, VariantName } from '@loan/shared-data-access-api/testing';
import type { WorkbenchParameters } from './parameters';

export type { WorkbenchParameters } from './parameters';

type Queries = ReturnType<typeof within>;

/** The whole page: dialogs, menus and toasts render in portals outside the story's root. */
export const page = (el: HTMLElement): Queries => within(el.ownerDocument.body);

/** Waits until no list is refetching (a dimmed, `aria-busy` table would fail axe's contrast check). */
export const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** An element found by its role (and accessible name). */
export interface ByRole {
  role: string;
  name?: string | RegExp;
}

/**
 * What a story looks for once its state is reached: a text (exact string or pattern), an
 * element by role (holding a text, holding another element, or at least `count` of them), or
 * a check of its own.
 */
export type Look =
  | string
  | RegExp
  | (ByRole & { text?: string | RegExp; has?: ByRole; count?: number })
  | ((el: HTMLElement) => Promise<unknown>);

/** The kit's failure of a list or a details screen (ErrorState "Could not load", role alert): the default check of LoadError and Forbidden. */
export const COULD_NOT_LOAD: Look = { role: 'alert', text: 'Could not load' };

const byRole = (q: Queries, { role, name }: ByRole) => q.findByRole(role, name === undefined ? undefined : { name });

/** Waits for `look` on the page and asserts it. */
export async function shows(el: HTMLElement, look: Look): Promise<void> {
  const body = page(el);
  if (typeof look === 'function') {
    await look(el);
  } else if (typeof look === 'string' || look instanceof RegExp) {
    await expect(await body.findByText(look)).toBeInTheDocument();
  } else if (look.count !== undefined) {
    const { role, name, count } = look;
    await waitFor(async () => expect((await body.findAllByRole(role, name === undefined ? undefined : { name })).length).toBeGreaterThanOrEqual(count));
  } else {
    // The element may show before what it holds (a dialog that loads its figures): its text
    // and inner element are waited for, the element found again each time.
    const { text, has } = look;
    if (text !== undefined) await waitFor(async () => expect(await byRole(body, look)).toHaveTextContent(text), { timeout: 5000 });
    if (has) await waitFor(async () => expect(await byRole(within(await byRole(body, look)), has)).toBeInTheDocument(), { timeout: 5000 });
    await expect(await byRole(body, look)).toBeInTheDocument();
  }
}

/** Asserts that nothing on the page has this role and name (a control the state must not offer). */
export async function lacks(el: HTMLElement, { role, name }: ByRole): Promise<void> {
  await expect(page(el).queryByRole(role, name === undefined ? undefined : { name })).not.toBeInTheDocument();
}

const list = <T>(x: T | readonly T[] | undefined): readonly T[] => (x === undefined ? [] : Array.isArray(x) ? (x as readonly T[]) : [x as T]);

type Play = (context: StoryContext) => Promise<void>;

/** One story of a screen: its answers, its URL and permissions, what it does and what it checks. */
export interface ScreenStory {
  /** Handlers ahead of the screen's own (the first that matches answers): `[usersVariants.create.invalid]`. */
  handlers?: readonly HttpHandler[];
  /** This story's route, path or permissions (merged over the screen's). */
  workbench?: WorkbenchParameters;
  /** Steps before the checks: fill and send a form, open a dialog, ... */
  act?: (el: HTMLElement) => Promise<unknown>;
  /** The story's own play steps (after `act`, before `shows` and `hides`). */
  play?: Play;
  /** What the page shows at the end. */
  shows?: Look | readonly Look[];
  /** Controls the page must not offer at the end: `{ role: 'button', name: 'New user' }`. */
  hides?: ByRole | readonly ByRole[];
  /** After `shows`: press this button in the alert (Retry), then the alert must show again. */
  retry?: string;
  /** Waits at the end until no list is refetching (before axe runs). */
  settle?: boolean;
  args?: StoryObj['args'];
  render?: StoryObj['render'];
  /** Other parameters of the story (a11y rules, ...). */
  parameters?: StoryObj['parameters'];
}

/** A screen: where it is, every call answering normally, and the calls whose variants make its states. */
export interface ScreenOptions {
  workbench: WorkbenchParameters;
  /** The screen's main calls: the state stories answer them in their variant (slow, empty, error, ...). */
  calls: EndpointVariants | readonly EndpointVariants[];
  /** Every call of the screen answering normally; by default the `ok` variants of `calls`. */
  handlers?: readonly HttpHandler[];
  /** How the screen renders when it is not the meta's component (a second screen in one file). */
  render?: StoryObj['render'];
  /** Loading: the calls answer slowly (`slow`). */
  loading?: ScreenStory;
  /** Empty: the calls answer with nothing in them (`empty`). */
  empty?: ScreenStory;
  /** Could not load: the calls answer 500 (`error`). Unless given, it shows COULD_NOT_LOAD. */
  error?: ScreenStory;
  /** No permission (default: none at all): the calls answer 403 (`forbidden`). Unless given, it shows COULD_NOT_LOAD. */
  forbidden?: ScreenStory;
  /** The server refuses the input (422, `invalid`): a list's search or filters in `workbench.route`. */
  invalid?: ScreenStory;
  /** A record that is not there: give its 404 `handlers`. */
  notFound?: ScreenStory;
  /** A role that may look but not change: give its `workbench.permissions` and what it `hides`. */
  viewOnly?: ScreenStory;
}

/** Builds the stories of one screen; see the top of this file. */
export function screenStories(screen: ScreenOptions) {
  const calls = list<EndpointVariants>(screen.calls);
  const base = screen.handlers ?? calls.map((c) => c.ok);

  function flow(s: ScreenStory = {}): StoryObj {
    const looks = list<Look>(s.shows);
    const absent = list<ByRole>(s.hides);
    const checks = s.act || s.play || looks.length || absent.length || s.retry || s.settle;
    const play: Play | undefined = checks
      ? async (context) => {
          const el = context.canvasElement;
          await s.act?.(el);
          await s.play?.(context);
          for (const look of looks) await shows(el, look);
          for (const control of absent) await lacks(el, control);
          if (s.retry) {
            await userEvent.click(within(await page(el).findByRole('alert')).getByRole('button', { name: s.retry }));
            await waitFor(() => expect(page(el).getByRole('alert')).toBeInTheDocument());
          }
          if (s.settle) await settled(el);
        }
      : undefined;
    // Each story carries the screen's workbench and handlers itself: a file may hold two
    // screens (the meta's and one with its own `render`).
    const parameters = {
      ...s.parameters,
      workbench: { ...screen.workbench, ...s.workbench },
      msw: { handlers: { api: [...(s.handlers ?? []), ...base] } },
    };
    const render = s.render ?? screen.render;
    return {
      parameters,
      ...(s.args && { args: s.args }),
      ...(render && { render }),
      ...(play && { play }),
    };
  }

  /** A state story: the calls answer in `variant` unless the state names its own handlers. */
  const state = (variant: VariantName | null, s: ScreenStory = {}, workbench?: WorkbenchParameters) =>
    flow({ ...s, handlers: s.handlers ?? (variant ? calls.map((c) => c[variant]) : []), workbench: { ...workbench, ...s.workbench } });

  return {
    /** The meta's parameters: the screen's route and every call answering normally. */
    parameters: { workbench: screen.workbench, msw: { handlers: { api: base } } },
    flow,
    Loading: state('slow', screen.loading),
    Empty: state('empty', screen.empty),
    LoadError: state('error', screen.error ?? { shows: COULD_NOT_LOAD }),
    Forbidden: state('forbidden', screen.forbidden ?? { shows: COULD_NOT_LOAD }, { permissions: [] }),
    Invalid: state('invalid', screen.invalid),
    NotFound: state(null, screen.notFound),
    ViewOnly: state(null, screen.viewOnly),
  };
}
