/**
 * jsdom has no canvas, so tests replace signature_pad with this stand-in. `drawn` says
 * whether someone "drew" something. Feature libs keep
 * their own copy (a spec may not import another lib's internals).
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
