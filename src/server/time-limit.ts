/**
 * `work`'s result, or what `late()` gives (or throws) if `work` hasn't settled within `ms`.
 * The timer is cleared as soon as the race is decided: a timer left to run keeps the race, and
 * with it the work's result (a rendered page, an answer), reachable until it fires, which is
 * long enough for V8 to promote all of it to the old generation, where only a full collection
 * (a pause every request then waits through) frees it.
 */
export function withinTimeLimit<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms).unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
