import { jest } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { forgetOnceUnobserved, isUnder } from './forget-query';

describe('forgetOnceUnobserved', () => {
  it('drops an unobserved record and everything under it at once', () => {
    const client = new QueryClient();
    client.setQueryData(['records', 7], { id: 7 });
    client.setQueryData(['records', 7, 'images'], []);
    client.setQueryData(['records', 8], { id: 8 });
    forgetOnceUnobserved(client, ['records', 7]);
    expect(client.getQueryData(['records', 7])).toBeUndefined();
    expect(client.getQueryData(['records', 7, 'images'])).toBeUndefined();
    expect(client.getQueryData(['records', 8])).toEqual({ id: 8 });
  });

  it('keeps an observed record until the screen showing it lets go, and never fetches it again', () => {
    const client = new QueryClient();
    const queryFn = jest.fn(() => Promise.resolve({ id: 7 }));
    client.setQueryData(['records', 7], { id: 7 });
    const observer = new QueryObserver(client, { queryKey: ['records', 7], queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    forgetOnceUnobserved(client, ['records', 7]);
    expect(client.getQueryData(['records', 7])).toEqual({ id: 7 });
    unsubscribe();
    expect(client.getQueryData(['records', 7])).toBeUndefined();
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('isUnder', () => {
  it('matches a key and the keys below it', () => {
    expect(isUnder(['machines', 'detail', 3], ['machines', 'detail', 3])).toBe(true);
    expect(isUnder(['machines', 'detail', 3, 'gallery'], ['machines', 'detail', 3])).toBe(true);
    expect(isUnder(['machines', 'detail', 4], ['machines', 'detail', 3])).toBe(false);
    expect(isUnder(['machines', 'all'], ['machines', 'detail', 3])).toBe(false);
  });
});
