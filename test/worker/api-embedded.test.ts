import { beforeAll, describe, expect, it } from 'vitest';
import { LiveMenusResponseSchema } from '../../src/contracts/menus';
import { ParametersResponseSchema, PARAMETER_KEYS } from '../../src/contracts/parameters';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();

describe('embedded /api', () => {
  beforeAll(() => seed());

  it('GET /api/parameters lists every spec key as {key, value}', async () => {
    const res = await request('/api/parameters');
    expect(res.status).toBe(200);
    const body = ParametersResponseSchema.parse(await res.json());
    const keys = body.map((p) => p.key);
    for (const key of PARAMETER_KEYS) expect(keys).toContain(key);
  });

  it('GET /api/live-menus returns the Menu-Topo tree with 958 and 1280 banner children', async () => {
    const res = await request('/api/live-menus');
    expect(res.status).toBe(200);
    const menu = LiveMenusResponseSchema.parse(await res.json());
    const praia = menu.find((m) => m.id === 958);
    const fitness = menu.find((m) => m.id === 1280);
    expect(praia?.items.some((i) => i.display_type === 'banner' && i.image && i.content_button)).toBe(true);
    expect(fitness?.items.some((i) => i.display_type === 'banner')).toBe(true);
    const moda = menu.find((m) => m.name === 'Moda');
    expect(moda?.items.map((i) => i.display_type)).toEqual(expect.arrayContaining(['column', 'modality', 'other']));
    expect(moda?.items.some((i) => i.name === 'Destaques')).toBe(true);
  });

  it('GET /api/whatsapp returns the mounted click-to-chat URL', async () => {
    const res = await request('/api/whatsapp');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mountedURL: string };
    const url = new URL(body.mountedURL);
    expect(url.searchParams.get('phone')).toBe('5511987654321');
  });
});
