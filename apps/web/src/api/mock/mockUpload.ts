/** Mock mode: upload progress in steps of 25 %, as a network would report it. */
export async function mockProgress(onProgress: (p: number) => void): Promise<void> {
  for (const p of [0, 25, 50, 75, 100]) {
    onProgress(p);
    await new Promise((r) => setTimeout(r, 120));
  }
}
