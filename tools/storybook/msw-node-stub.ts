// The browser build of the workbench imports the data-access `testing` entries, whose index
// also exports the jest-only MSW server (`setupApiServer`, from 'msw/node'). The stories never
// call it; this stub stands in for 'msw/node' so that Vite does not bundle Node's interceptors.
export function setupServer(): never {
  throw new Error('msw/node is not available in the browser: stories use parameters.msw.');
}
