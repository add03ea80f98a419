// Shared jest setup: DOM matchers and the browser APIs jsdom lacks
// (apexcharts needs getBBox and ResizeObserver; dark mode reads matchMedia).
import '@testing-library/jest-dom';

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    // jsdom has no layout, so nothing is ever observed.
    class ResizeObserverStub {
      observe(): void {
        return undefined;
      }
      unobserve(): void {
        return undefined;
      }
      disconnect(): void {
        return undefined;
      }
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  const svgProto = (window as unknown as { SVGElement: { prototype: Record<string, unknown> } }).SVGElement.prototype;
  if (!svgProto.getBBox) {
    svgProto.getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 });
  }
  window.scrollTo = () => undefined;
}
