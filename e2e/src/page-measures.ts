import type { Locator, Page } from 'playwright-core';

/**
 * WCAG contrast ratio of an element's text against what is painted behind it, measured in the page:
 * colours go through a canvas (so oklch and friends become sRGB), backgrounds are stacked from the
 * element up to the root, and the opacity of every ancestor fades the text towards its background.
 */
export function contrastOf(el: Locator): Promise<number> {
  return el.first().evaluate((node) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    const rgba = (color: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], below: number[]) => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (below[i] ?? 0) * (1 - a)).concat(1);
    };
    const layers: number[][] = [];
    let opacity = 1;
    for (let e: Element | null = node; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      opacity *= Number(style.opacity);
      const bg = rgba(style.backgroundColor);
      if ((bg[3] ?? 0) > 0) layers.push(bg);
    }
    let background = [255, 255, 255, 1];
    for (const layer of layers.reverse()) background = over(layer, background);
    const text = rgba(getComputedStyle(node).color);
    const fg = over([text[0], text[1], text[2], text[3] * opacity], background);
    const lum = (c: number[]) => {
      const [r = 0, g = 0, b = 0] = c.map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(fg), lum(background)].sort((a, b) => b - a);
    return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
  });
}

/** True when the visible "Need help?" button covers part of the element. */
export async function overlapsHelpButton(page: Page, el: Locator): Promise<boolean> {
  const help = page.getByRole('button', { name: 'Need help?' });
  const visible = await help.evaluate((b) => {
    const s = getComputedStyle(b);
    return s.opacity !== '0' && s.visibility !== 'hidden' && s.pointerEvents !== 'none';
  });
  if (!visible) return false;
  const [a, b] = [await help.boundingBox(), await el.boundingBox()];
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
