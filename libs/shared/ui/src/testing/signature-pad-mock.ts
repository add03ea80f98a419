/**
 * jsdom has no canvas, so every jest test gets this stand-in for signature_pad: jest.preset.js
 * maps the package to this file (moduleNameMapper), no `jest.mock` needed. `padState.drawn`
 * says whether someone "drew" something; a spec sets it through `@loan/shared-ui/testing`,
 * which is this same module, so the spec and the mapped package share one state.
 */
export const padState = { drawn: false };

export default class FakeSignaturePad {
  isEmpty() {
    return !padState.drawn;
  }
  clear() {
    padState.drawn = false;
  }
  toData() {
    return [];
  }
  fromData() {
    padState.drawn = true;
  }
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  }
  addEventListener() {
    return undefined;
  }
  removeEventListener() {
    return undefined;
  }
  off() {
    return undefined;
  }
}
