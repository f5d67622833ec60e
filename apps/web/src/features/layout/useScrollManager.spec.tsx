import { jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useScrollManager } from './useScrollManager';

function Page() {
  useScrollManager();
  return <div id="insurance">Insurance</div>;
}

function setup(url: string, width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
  const scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const target = document.getElementById('insurance')!;
  target.getBoundingClientRect = () => ({ top: 300 }) as DOMRect;
  return { scrollTo, router };
}

describe('useScrollManager', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('scrolls to the top on navigation', async () => {
    const { scrollTo, router } = setup('/machines', 1280);
    scrollTo.mockClear();
    await act(() => router.navigate('/dashboard'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('scrolls to an anchor after 100 ms with a 64 px offset', () => {
    const { scrollTo } = setup('/machines/1#insurance', 1280);
    act(() => jest.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 300 + 500 - 64, behavior: 'smooth' });
  });

  it('uses a 55 px offset below 768 px', () => {
    const { scrollTo } = setup('/machines/1#insurance', 390);
    act(() => jest.advanceTimersByTime(100));
    expect(scrollTo).toHaveBeenCalledWith({ top: 300 + 500 - 55, behavior: 'smooth' });
  });
});
