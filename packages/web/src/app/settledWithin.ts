/** Waits for `work` to settle (fulfilled or rejected), but at most `maxWaitMs`. */
export async function settledWithin(work: Promise<unknown>, maxWaitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    }),
  ]);
  clearTimeout(timer);
}
