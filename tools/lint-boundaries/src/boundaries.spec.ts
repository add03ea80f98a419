import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

const probes = {
  featureToFeature: {
    filePath: 'libs/dashboard/feature/src/lib/probe.ts',
    code: "import * as auth from '@loan/auth-feature';\nexport const x = auth;\n",
  },
  webToApi: {
    filePath: 'libs/shared/ui/src/lib/probe.ts',
    code: "import { buildApp } from '../../../../../apps/api/src/app';\nexport const x = buildApp;\n",
  },
  dataAccessToUi: {
    filePath: 'libs/dashboard/data-access/src/lib/probe.ts',
    code: "import * as ui from '@loan/shared-ui';\nexport const x = ui;\n",
  },
  domainToDomain: {
    filePath: 'libs/dashboard/data-access/src/lib/probe.ts',
    code: "import * as borrower from '@loan/public-borrower-data-access';\nexport const x = borrower;\n",
  },
  borrowerAppToStaff: {
    filePath: 'apps/public-borrower/src/probe.ts',
    code: "import * as dash from '@loan/dashboard-data-access';\nexport const x = dash;\n",
  },
  webToServer: {
    filePath: 'libs/dashboard/feature/src/lib/probe.ts',
    code: "import * as server from '@loan/dashboard-server';\nexport const x = server;\n",
  },
  serverBackwards: {
    // loans may use rbac, never the reverse.
    filePath: 'libs/rbac/server/src/lib/probe.ts',
    code: "import * as loans from '@loan/loans-server';\nexport const x = loans;\n",
  },
  serverToServerAllowed: {
    filePath: 'libs/loans/server/src/lib/probe.ts',
    code: "import * as rbac from '@loan/rbac-server';\nimport * as shared from '@loan/shared-server';\nexport const x = [rbac, shared];\n",
  },
  toolToApiInternals: {
    filePath: 'tools/seed/probe.ts',
    code: "import { buildApp } from '../../apps/api/src/app';\nexport const x = buildApp;\n",
  },
  toolToWeb: {
    filePath: 'tools/seed/probe.ts',
    code: "import * as ui from '@loan/shared-ui';\nexport const x = ui;\n",
  },
  allowed: {
    filePath: 'libs/dashboard/feature/src/lib/probe.ts',
    code: [
      "import * as data from '@loan/dashboard-data-access';",
      "import * as ui from '@loan/shared-ui';",
      "import * as contract from '@loan/shared-contract';",
      'export const x = [data, ui, contract];',
    ].join('\n'),
  },
};
type Key = keyof typeof probes;

let results: Record<Key, string>;

beforeAll(() => {
  const keys = Object.keys(probes) as Key[];
  const out = execFileSync(process.execPath, [join(__dirname, 'lint-probes.mjs'), root, JSON.stringify(keys.map((k) => probes[k]))], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
  });
  const messages = JSON.parse(out) as string[][];
  results = Object.fromEntries(keys.map((k, i) => [k, messages[i].join('\n')])) as Record<Key, string>;
});

describe('module boundaries (ARCHITECTURE.md) are enforced by lint', () => {
  it('refuses a feature importing another feature', () => {
    expect(results.featureToFeature).toMatch(/tagged with "type:feature" can only depend on libs tagged with/);
  });
  it('refuses web code importing the api server', () => {
    expect(results.webToApi).not.toBe('');
  });
  it('refuses a data-access lib importing ui', () => {
    expect(results.dataAccessToUi).toMatch(/"type:data-access" can only depend on/);
  });
  it('refuses one domain importing another domain', () => {
    expect(results.domainToDomain).toMatch(/"scope:dashboard" can only depend on/);
  });
  it('refuses the borrower app importing staff code', () => {
    expect(results.borrowerAppToStaff).toMatch(/"scope:public-borrower" can only depend on/);
  });
  it('refuses web code importing a server lib', () => {
    expect(results.webToServer).not.toBe('');
  });
  it('lets server libs use other domains one way only (loans -> rbac, never rbac -> loans)', () => {
    expect(results.serverBackwards).toMatch(/"scope:rbac" can only depend on/);
    expect(results.serverToServerAllowed).toBe('');
  });
  it('keeps workspace tools to the public entries of server and util libs', () => {
    expect(results.toolToApiInternals).not.toBe('');
    expect(results.toolToWeb).toMatch(/"type:tool" can only depend on/);
  });
  it('accepts allowed imports', () => {
    expect(results.allowed).toBe('');
  });
});
